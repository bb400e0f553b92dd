"""Issue 35, ``asking`` 5: a box fact is asked only when it decides something now, so Jindřich's
turn stays short. His tile's roads are not asked when one place lies across a road of your last
building (rules A and B put it there alike); a treasure drawn onto his tile is identified at
once, its condition asked once it could be met (two other tiles in its row, column or around),
about the treasure on that place. Sessions recorded with ``asking`` 4 keep their questions."""

from __future__ import annotations

from companion.games.dva_bratri import GAME, turns

from .helpers import N, S, act, blank, put, tile


def deciding(state: dict, asking: int = 5) -> dict:
    state["asking"] = asking
    return state


def jindrich_to_move(asking: int, anchor_roads=("N",)) -> dict:
    """Your last building on [0,1] with roads ``anchor_roads``, his tile PUT-1 first in the offer,
    its roads not told."""
    st = deciding(
        blank(
            {"PUT-1": {"building": "inn", "colour": "grey"}, "M": tile("marketplace", "green", roads=anchor_roads)},
            offer=["PUT-1"],
            supply=5,
        ),
        asking,
    )
    put(st, "0,1", "M")
    st["last_building"], st["seen"] = "0,1", ["PUT-1"]
    st["active"], st["queue"] = N, [{"t": "jindrich"}]
    return st


def test_one_place_across_a_road_places_his_tile_without_asking_its_roads():
    st = act(jindrich_to_move(5), "jindrich_top", "grey")
    prompt = GAME.prompt(st)
    assert prompt.step == "jindrich_done"
    assert st["board"]["0,2"]["tile"] == "PUT-1"  # across the north road of [0,1]
    assert "(pravidlo A/B)" in prompt.detail.cs and "(rule A/B)" in prompt.detail.en
    assert "roads" not in st["learned"].get("tiles", {}).get("PUT-1", {})


def test_recorded_asking_4_still_asks_his_roads_there():
    st = act(jindrich_to_move(4), "jindrich_top", "grey")
    assert GAME.prompt(st).step == "learn_road_set"


def test_two_places_across_roads_ask_his_roads_they_decide_between():
    st = act(jindrich_to_move(5, anchor_roads=("N", "E")), "jindrich_top", "grey")
    assert GAME.prompt(st).step == "learn_road_set"


def _treasure_drawn(asking: int) -> dict:
    """A treasure token turned up on Jindřich's tile on [0,1]: only the start tile beside it."""
    st = deciding(blank({"J": tile("inn", "grey"), "A": tile("mill", "green"), "B": tile("bakery", "green")}), asking)
    put(st, "0,1", "J", owner=N, up=False)
    st["queue"] = [{"t": "treasure", "at": "0,1"}]
    return act(st, "treasure_id", "new")


def test_a_condition_that_cannot_be_met_yet_is_not_asked_when_the_token_turns_up():
    st = _treasure_drawn(5)
    token = st["board"]["0,1"]["treasure"]
    assert token and st["queue"] == [] and token in st["treasures"]["seen"]
    assert "treasures" not in st["learned"] or token not in st["learned"]["treasures"]
    assert GAME.prompt(_treasure_drawn(4)).step == "learn_condition"  # recorded sessions: at once


def test_the_condition_is_asked_about_its_place_once_a_placement_makes_it_possible():
    st = _treasure_drawn(5)
    token = st["board"]["0,1"]["treasure"]
    put(st, "1,1", "A")  # two tiles around it now: a positional condition could be met
    assert turns.condition_possible(st, "0,1")
    turns.clear_met_treasures(st)
    assert st["queue"][0] == {"t": "treasure", "at": "0,1", "token": token, "partial": {}, "later": S}
    prompt = GAME.prompt(st)
    assert prompt.step == "learn_condition"
    assert prompt.title.cs.startswith("Poklad na ") and prompt.title.en.startswith("Treasure on ")
    st = act(st, "learn_condition", 36141)  # positional: east green, west any (west is free: not met)
    assert st["queue"] == [] and token in st["learned"]["treasures"] and st["board"]["0,1"]["treasure"] == token


def test_the_final_scoring_is_announced_part_by_part_for_the_final_screen():
    """The final screen lists the last action's announcements under the ranking: each side's
    total with its buildings, roads and treasures (the parts the score breaks down)."""
    from .driver import Table, made_up_box

    options = {"seats": 1, "level": 1, "sets": ["putovani", "dominium", "obchod_cirkev"], "roads": True}
    session = Table({**options, "mode": "play"}, 4, made_up_box()).play_game()
    assert session.over and session.state["asking"] == 6
    score = session.score()
    said = {m["en"] for m in session.state["recent"][-2:]} | {m["cs"] for m in session.state["recent"][-2:]}
    names = {S: "White", N: "Jindřich"}
    for side, parts in score.breakdown.items():
        en = ", ".join(f"{part} {points}" for part, points in parts.items() if points)
        assert f"{names[side]}: {score.totals[side]} pts" + (f" ({en})" if en else "") in said
    assert any(" poklady " in line for line in said) or not any(p.get("treasures") for p in score.breakdown.values())


def test_his_placement_title_names_the_building_first_so_the_row_above_the_map_shows_it():
    """The map leaves the title one row: 'Lapkovská tvrz → [0,2]' (the header names Jindřich);
    recorded sessions keep 'Jindřich: … na …'."""
    from companion.surface.panel import SMALLEST

    st = jindrich_to_move(5)
    st["box"]["tiles"]["PUT-1"]["building"] = "robbers_keep"
    prompt = GAME.prompt(act(st, "jindrich_top", "grey"))
    assert (prompt.title.cs, prompt.title.en) == ("Lapkovská tvrz → [0,2]", "Robbers' keep → [0,2]")
    assert SMALLEST.rows(prompt.title.en)[0].startswith("Robbers' keep →")
    assert (prompt.short.cs, prompt.short.en) == ("Lapkovská tvrz", "Robbers' keep")
    old = GAME.prompt(act(jindrich_to_move(4), "jindrich_top", "grey"))
    assert old.step == "learn_road_set"


def test_a_treasures_marked_place_is_never_called_like_an_offer_place():
    """'Pozice 1 od štítu' is an offer place; a positional condition's place has its own word."""
    st = deciding(blank({}), 4)
    st["board"]["0,0"]["treasure"] = "T03"
    st["queue"] = [{"t": "treasure", "at": "0,0", "token": "T03", "partial": {"kind": "positional", "done": ["kind"]}}]
    prompt = GAME.prompt(st)
    assert prompt.step == "learn_pos"
    assert not prompt.short.cs.startswith("Pozice") and prompt.short.cs == "Vyznačené místo 1?"


def test_a_condition_your_placement_makes_possible_is_asked_in_your_round():
    """The header's round stays his only for his turn's own questions: a treasure's condition
    your placement made possible is asked under your round's number."""
    st = _treasure_drawn(5)
    st["round"], st["active"] = 3, S
    put(st, "1,1", "A")
    turns.clear_met_treasures(st)
    assert st["queue"][0]["later"] == S and GAME.prompt(st).step == "learn_condition"
    assert GAME.status(st).round == 3
    st["queue"][0]["later"] = N  # his placement made it possible: his round, one before
    assert GAME.status(st).round == 2
