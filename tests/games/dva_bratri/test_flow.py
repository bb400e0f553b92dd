"""Game flow: the catalog, learning unknown facts, treasures, refusals, the end, whole games."""

import copy
import json
from pathlib import Path

import pytest

from companion.engine import PromptKind, RuleError, Session
from companion.games import load
from companion.games.dva_bratri import GAME, board, box, picture, scoring

from .driver import Table, made_up_box
from .helpers import N, S, act, blank, cell, put, tile

ROOT = Path(__file__).resolve().parents[3]


def test_catalog_has_54_tiles_in_6_sets_and_10_treasures_all_unknown_per_tile():
    assert len(box.tile_entries()) == 54
    assert {s: len(box.set_tiles(s)) for s in box.sets()} == dict.fromkeys(box.sets(), 9)
    assert all(sum(s.colours.values()) == 9 for s in box.sets().values())
    # the rulebook has no heading for Řemesla's buildings: that membership is an inference
    assert {k: s.verified for k, s in box.sets().items()} == {
        "putovani": True,
        "dominium": True,
        "obchod_cirkev": True,
        "valceni": True,
        "remesla": False,
        "straz": True,
    }
    assert {b for s in box.sets().values() for b in s.buildings} == set(box.buildings())
    assert len(box.treasure_entries()) == 10
    unknown = box.unknown_in_catalog()
    assert all(unknown[t] == list(box.TILE_FIELDS) for t in box.tile_entries())
    assert load("dva_bratri") is GAME


def test_unknown_facts_are_asked_once_and_offered_for_the_box_file():
    s = Session(GAME, {"seats": 1}, 0)
    assert s.prompt.step == "reveal_set"
    s.submit({"step": "reveal_set", "seat": None, "value": "putovani"})
    assert [o.value for o in s.prompt.options_for(None)] == ["new", "back"]
    s.submit({"step": "reveal_tile", "seat": None, "value": "new"})
    assert s.prompt.step == "learn_building"
    with pytest.raises(RuleError):
        s.submit({"step": "learn_colour", "seat": None, "value": "green"})
    s.submit({"step": "learn_building", "seat": None, "value": "inn"})
    s.submit({"step": "learn_colour", "seat": None, "value": "grey"})
    assert s.state["offer"]["slots"][1] == "PUT-1"
    assert GAME.learned_box(s.state) == {"tiles": {"PUT-1": {"building": "inn", "colour": "grey"}}, "treasures": {}}
    # the next game of this box knows it: the tile is offered by name
    s2 = Session(GAME, {"seats": 1, "box": GAME.learned_box(s.state)}, 0)
    s2.submit({"step": "reveal_set", "seat": None, "value": "putovani"})
    labels = [o.label.en for o in s2.prompt.options_for(None)]
    assert labels[0] == "Inn – grey" and "Another (not known yet)" in labels


def test_a_set_has_only_three_tiles_of_a_colour():
    box = {"tiles": {f"PUT-{i}": {"building": "inn", "colour": "grey"} for i in (1, 2, 3)}}
    s = Session(GAME, {"seats": 1, "box": box}, 0)
    s.submit({"step": "reveal_set", "seat": None, "value": "putovani"})
    s.submit({"step": "reveal_tile", "seat": None, "value": "new"})
    s.submit({"step": "learn_building", "seat": None, "value": "inn"})
    with pytest.raises(RuleError) as err:
        s.submit({"step": "learn_colour", "seat": None, "value": "grey"})
    assert err.value.rule == "dva_bratri.set_colour_count"


def test_building_asks_cost_roads_and_effect_then_builds():
    tiles = {"y": tile(colour="yellow"), "w": tile(colour="green"), "s": tile(colour="grey")}
    st = blank(tiles, offer=["y", "w", "s"])
    st["learned"]["tiles"]["PUT-1"] = {"building": "inn", "colour": "grey"}
    st["hands"][S] = ["PUT-1"]
    st = act(act(st, "turn", "build"), "build_tile", "PUT-1")
    for step, value in [
        ("learn_cost", 0),
        ("learn_cost", 1),
        ("learn_cost", 1),
        ("learn_roads", "E"),
        ("learn_roads", "W"),
        ("learn_roads", "E"),
        ("learn_roads", "done"),
    ]:
        assert GAME.prompt(st).step == step
        st = act(st, step, value)
    assert GAME.prompt(st).step == "learn_line"
    st = act(st, "learn_line", "column")
    assert GAME.prompt(st).kind is PromptKind.CELL  # the build goes on once all is known
    assert st["learned"]["tiles"]["PUT-1"] == {
        "building": "inn",
        "colour": "grey",
        "cost": {"wood": 0, "stone": 1, "grain": 1},
        "roads": ["W"],
        "params": {"line": "column"},
    }
    p = GAME.prompt(st)
    assert p.cells[tuple(cell(st, "0,0"))] == "~g*" and list(cell(st, "1,1")) in [o.value for o in p.options_for(0)]
    st = act(st, "build_at", cell(st, "1,1"))
    assert picture.label(st, "1,1") == "HO"


def test_refusals_name_the_rule_and_change_nothing():
    s = Session(GAME, {"seats": 1, "box": made_up_box()}, 5)
    t = Table({"seats": 1, "box": made_up_box()}, 5)
    t.assigned, t.plan, t.last_step = {}, {"done": set()}, None
    while t.session.prompt.step != "turn":
        t.step()
    s = t.session
    before = json.dumps(s.state, sort_keys=True)
    count = len(s.actions)
    cases = [
        ([("turn", "end")], "dva_bratri.must_take"),
        ([("turn", "withdraw"), ("withdraw_unit", "0e")], "dva_bratri.elite_stays"),
        ([("turn", "camp")], "dva_bratri.no_camp"),
        ([("turn", "build")], "dva_bratri.hand_empty"),
        ([("turn", "take"), ("take_tile", board.clockwise(s.state)[4])], "dva_bratri.out_of_reach"),
    ]
    for steps, rule in cases:
        with pytest.raises(RuleError) as err:
            for step, value in steps:
                s.submit({"step": step, "seat": 0, "value": value})
        assert err.value.rule == rule
        assert err.value.text("cs") and err.value.text("en")
        while len(s.actions) > count:  # menu choices before the refused step are taken back
            s.commit(s.plan_undo())
        assert json.dumps(s.state, sort_keys=True) == before
    # one take a turn; each unit moves once; two units never share a tile
    s.submit({"step": "turn", "seat": 0, "value": "take"})
    s.submit({"step": "take_tile", "seat": 0, "value": board.clockwise(s.state)[0]})
    while s.prompt.step != "turn":
        t.step()
    with pytest.raises(RuleError) as err:
        s.submit({"step": "turn", "seat": 0, "value": "take"})
    assert err.value.rule == "dva_bratri.one_take_per_turn"
    s.submit({"step": "turn", "seat": 0, "value": "call"})
    with pytest.raises(RuleError) as err:
        s.submit({"step": "call_to", "seat": 0, "value": cell(s.state, "0,0")})
    assert err.value.rule == "dva_bratri.one_unit_per_tile"


def test_unit_moves_once_and_steps_only_to_neighbours():
    tiles = {"f": tile(colour="grey")}
    st = blank(tiles)
    for k in ("1,0", "2,0", "3,0"):
        put(st, k, "f", up=False)
    st = act(act(st, "turn", "step"), "step_unit", "0e")
    with pytest.raises(RuleError) as err:
        act(st, "step_to", cell(st, "2,0"))
    assert err.value.rule == "dva_bratri.step_not_adjacent"
    st = act(st, "step_to", cell(st, "1,0"))
    with pytest.raises(RuleError) as err:
        act(act(st, "turn", "step"), "step_unit", "0e")
    assert err.value.rule == "dva_bratri.unit_moves_once"


def test_correction_puts_the_picture_right():
    tiles = {"f": tile(colour="grey")}
    st = blank(tiles)
    put(st, "1,0", "f", up=False)
    st = act(act(act(st, "turn", "correct"), "correct", "unit"), "fix_unit", "1green")
    st = act(st, "fix_unit_to", cell(st, "1,0"))
    assert st["units"]["1green"]["at"] == "1,0"
    st = act(act(st, "turn", "correct"), "correct", "remove")
    st = act(st, "fix_remove", cell(st, "1,0"))
    assert "1,0" not in st["board"] and st["units"]["1green"]["at"] == "out"
    assert "Correction" in st["recent"][-1]["en"]


def _treasure_board():
    tiles = {
        "j": tile("cathedral", "grey"),
        "g": tile(colour="green"),
        "y": tile(colour="yellow"),
        "hand": tile(colour="green"),
    }
    st = blank(tiles)
    st["box"]["treasures"] = {
        "T01": {"kind": "vertical", "need": [{"colour": "green"}, {"colour": "any"}]},
        "T02": {"kind": "positional", "need": [{"pos": [1, 0], "colour": "any"}, {"pos": [-1, 0], "colour": "any"}]},
    }
    put(st, "0,1", "j", N)
    return st


def test_treasure_met_when_placed_leaves_at_once():
    st = _treasure_board()
    put(st, "0,-1", "g", up=False)  # column of (0,1): start tile (green) + this
    st["queue"] = [{"t": "treasure", "at": "0,1"}]
    st = act(st, "treasure_id", "T01")
    assert st["board"]["0,1"]["treasure"] is None and st["treasures"]["cleared"] == 1
    assert st["queue"] == []


def test_treasure_met_later_leaves_when_the_player_completes_it():
    st = _treasure_board()
    st["queue"] = [{"t": "treasure", "at": "0,1"}]
    st = act(st, "treasure_id", "T02")
    assert st["board"]["0,1"]["treasure"] == "T02"
    put(st, "1,1", "y", up=False)
    st["hands"][S] = ["hand"]
    st = act(act(act(st, "turn", "terrain"), "terrain_tile", "hand"), "terrain_at", cell(st, "-1,1"))
    assert st["board"]["0,1"]["treasure"] is None
    assert st["recent"][-1]["en"] == "Treasure on [0,1]: its condition is met; remove it."


def test_unknown_treasure_is_asked_for():
    st = _treasure_board()
    st["queue"] = [{"t": "treasure", "at": "0,1"}]
    st = act(st, "treasure_id", "new")
    token = st["board"]["0,1"]["treasure"]
    assert token == "T03"
    st = act(st, "learn_kind", "horizontal")
    st = act(st, "learn_need", "yellow")
    st = act(st, "learn_need", "any")
    assert st["queue"] == [] and GAME.learned_box(st)["treasures"]["T03"]["kind"] == "horizontal"


def test_end_sequence_one_more_turn_each_without_refill():
    tiles = {c: tile(colour="grey", roads=[]) for c in "abcdef"}
    st = blank(tiles, offer=list("abcdef"), supply=1)
    st = act(act(st, "turn", "take"), "take_tile", 1)
    assert st["supply"] == 0 and st["final_trigger"]
    st["offer"]["slots"][0] = "a"  # the refill, as if revealed
    st["queue"] = []
    st = act(st, "turn", "end")  # trigger turn ends
    assert st["active"] == N and st["final_left"] == 2
    p = GAME.prompt(st)
    assert p.step == "jindrich_top" and p.kind is PromptKind.CONFIRM  # empty supply: rule b
    st = act(st, "jindrich_top")
    assert "reveal" not in [t["t"] for t in st["queue"]]  # no refill any more
    st["queue"] = st["queue"][:1]
    st = act(st, "jindrich_done")
    assert st["active"] == S and st["final_left"] == 1 and not st["over"]
    st = act(act(st, "turn", "take"), "take_tile", board.clockwise(st)[0])
    assert st["queue"] == []
    st = act(st, "turn", "end")
    assert st["over"] and GAME.prompt(st) is None and GAME.score(st).final


def test_hand_limit_sends_extra_tiles_to_the_box():
    tiles = {c: tile(colour="grey") for c in "abcdefghi"}
    st = blank(tiles, offer=list("abcdef"))
    st["hands"][S] = ["g", "h", "i"]
    st = act(act(st, "turn", "take"), "take_tile", 1)
    st["queue"] = []
    st = act(st, "turn", "end")
    assert GAME.prompt(st).step == "discard"
    st = act(st, "discard", "h")
    assert st["hands"][S] == ["g", "i", "a"] and st["active"] == N


def test_whole_solo_game_replays_to_the_same_scores():
    for options in ({"seats": 1, "level": 3, "box": made_up_box()}, {"seats": 1, "level": 1}):
        table = Table(options, 11)
        session = table.play_game()
        again = Session(GAME, options, 11, session.entries)
        assert again.state == session.state
        assert again.score().to_json() == session.score().to_json()
        assert again.score().final
        json.loads(json.dumps(session.state))  # JSON with string keys throughout
        assert all(isinstance(k, str) for k in session.state["board"])


def test_two_player_game_runs_on_the_same_engine():
    table = Table({"seats": 2, "box": made_up_box(), "sets": ["valceni", "straz", "remesla"]}, 4)
    session = table.play_game()
    seats_seen = {e["action"].get("seat") for e in session.entries}
    assert session.over and seats_seen == {None}
    assert "jindrich_top" not in {e["action"]["step"] for e in session.entries}
    assert set(session.score().totals) == {0, 1}
    assert not session.state["solo"] and GAME.seat_label(session.state, 1).en in ("White", "Blue")


def test_example_file_replays_through_session():
    data = json.loads((ROOT / "docs/games/dva_bratri-example.json").read_text())
    assert data["format"] == "companion-session" and data["version"] == 1 and data["game"] == "dva_bratri"
    session = Session(load(data["game"]), data["options"], data["seed"], data["entries"])
    assert session.over and session.score().final


# -- the camp, the end, treasures through Jindřich's turn, the levels --------------------------
def _camp_state(supply=10):
    tiles = {c: tile(colour="grey") for c in "abcdefg"}
    tiles["camp"] = tile("camp", "yellow")
    st = blank(tiles, offer=list("abcdef"), supply=supply)
    put(st, "1,0", "camp", S)
    return st


def test_the_players_camp_grants_a_second_take_and_scores_nothing_once_used():
    st = _camp_state()
    assert scoring.side_score(st, S)["buildings"] == 2  # unused: 2 points
    with pytest.raises(RuleError) as err:
        act(st, "turn", "camp")
    assert err.value.rule == "dva_bratri.camp_after_take"
    st = act(act(st, "turn", "take"), "take_tile", 1)
    st["queue"] = []  # the refill, as if revealed
    with pytest.raises(RuleError) as err:
        act(st, "turn", "take")
    assert err.value.rule == "dva_bratri.one_take_per_turn"
    st = act(act(st, "turn", "camp"), "camp_at", "1,0")
    assert st["board"]["1,0"]["up"] is False and st["board"]["1,0"]["owner"] is None
    assert not st["turn"]["taken"] and "another tile" in st["recent"][-1]["en"]
    st = act(act(st, "turn", "take"), "take_tile", board.clockwise(st)[0])
    assert st["hands"][S] == ["a", "b"]
    st["queue"] = []
    with pytest.raises(RuleError) as err:
        act(st, "turn", "camp")
    assert err.value.rule == "dva_bratri.no_camp"  # flipped: no camp any more
    assert scoring.side_score(st, S)["buildings"] == 0  # a used camp scores nothing


def test_a_camp_take_in_the_turn_that_empties_the_supply_refills_nothing():
    st = _camp_state(supply=1)
    st = act(act(st, "turn", "take"), "take_tile", 1)
    assert st["supply"] == 0 and st["final_trigger"] and st["queue"] == [{"t": "reveal", "slot": 0}]
    st["offer"]["slots"][0], st["queue"] = "g", []  # the last tile, as if revealed
    st = act(act(act(st, "turn", "camp"), "camp_at", "1,0"), "turn", "take")
    gap = st["offer"]["shield"]  # where a refill would go
    st = act(st, "take_tile", board.clockwise(st)[0])
    assert st["queue"] == [] and st["offer"]["slots"][gap] is None and st["supply"] == 0
    assert st["hands"][S] == ["a", "b"]
    assert st["final_left"] is None  # the trigger turn goes on
    st = act(st, "turn", "end")
    assert st["final_left"] == 2 and st["active"] == N


def _jindrich_turn_state(supply, stack):
    tiles = {
        "PUT-1": tile("inn", "grey", line="row"),
        "PUT-2": tile("marketplace", "yellow"),
        "PUT-3": tile("robbers_keep", "grey"),
        "y": tile(colour="yellow"),
        "g": tile(colour="green"),
    }
    tiles.update({f"PUT-{i}": {"building": "pilgrimage"} for i in range(4, 10)})  # no other keep
    st = blank(tiles, offer=["PUT-1", "PUT-2"], supply=supply)
    st["seen"] = ["PUT-1", "PUT-2"]
    st["box"]["treasures"] = {
        "T01": {"kind": "horizontal", "need": [{"colour": "yellow"}, {"colour": "any"}]},
        "T02": {"kind": "vertical", "need": [{"colour": "yellow"}, {"colour": "any"}]},
    }
    put(st, "1,1", "y", up=False)  # row 1 (not column 0): yellow terrain and a green one
    put(st, "-1,1", "g", up=False)
    st["treasures"]["stack"] = stack
    st["active"] = N
    st["queue"] = [{"t": "jindrich"}]
    return st


@pytest.mark.parametrize("token,met", [("T01", True), ("T02", False)])
def test_a_treasure_met_when_jindrich_places_it_leaves_at_once(token, met):
    st = act(_jindrich_turn_state(supply=5, stack=3), "jindrich_top", "grey")
    assert st["board"]["0,1"]["tile"] == "PUT-1"  # rule C: north of the start tile
    assert [t["t"] for t in st["queue"]] == ["jindrich_done", "reveal", "treasure"]
    st = act(st, "jindrich_done")
    st = act(act(st, "reveal_set", "putovani"), "reveal_tile", "PUT-3")  # the grey refill
    assert st["offer"]["slots"][0] == "PUT-3" and GAME.prompt(st).step == "treasure_id"
    st = act(st, "treasure_id", token)
    assert st["queue"] == [] and st["treasures"]["stack"] == 2
    if met:  # horizontal: yellow + any tile in its row, its own tile not counted
        assert st["board"]["0,1"]["treasure"] is None and st["treasures"]["cleared"] == 1
        assert st["recent"][-1]["cs"] == "Podmínka pokladu na [0,1] je splněna: odeber ho ze hry."
    else:  # vertical: column 0 holds only the green start tile besides it
        assert st["board"]["0,1"]["treasure"] == "T02" and st["treasures"]["cleared"] == 0
    assert GAME.score(st).breakdown[N]["treasures"] == 5 * (2 + (not met))


def test_when_jindrich_empties_the_supply_each_side_plays_one_more_turn():
    st = act(_jindrich_turn_state(supply=1, stack=0), "jindrich_top", "grey")
    assert st["supply"] == 0 and st["final_left"] == 2 and st["active"] == S and not st["over"]
    st = act(st, "jindrich_done")
    st = act(act(st, "reveal_set", "putovani"), "reveal_tile", "PUT-3")  # the last tile of the supply
    status = GAME.status(st)  # the header reads "Round 7/7": the last one
    assert status.rounds == status.round
    st = act(act(st, "turn", "take"), "take_tile", board.clockwise(st)[0])
    assert st["queue"] == []  # no refill in the final round
    st = act(st, "turn", "end")
    assert st["final_left"] == 1 and st["active"] == N and not st["over"]
    assert GAME.prompt(st).kind is PromptKind.CONFIRM  # his last turn: the supply is empty
    st = act(st, "jindrich_top")
    assert st["final_left"] == 0 and st["over"]
    st = act(st, "jindrich_done")  # the picture of his last placement
    assert GAME.prompt(st) is None and GAME.score(st).final


@pytest.mark.parametrize("level,tokens", [(1, 6), (2, 8), (3, 10)])
def test_the_level_leaves_six_eight_or_ten_treasures_in_play(level, tokens):
    s = Session(GAME, {"seats": 1, "level": level}, 0)
    assert s.state["treasures"]["stack"] == tokens
    assert s.score().breakdown[N]["treasures"] == 5 * tokens  # all of them still Jindřich's
    state = s.state
    state["queue"], state["treasures"]["seen"] = [], []
    path = [("turn", "correct"), ("correct", "treasure"), ("fix_treasures", "stack")]
    st = state
    for step, value in path:
        st = act(st, step, value)
    with pytest.raises(RuleError) as err:  # (level 3: not even offered; the rule still holds)
        GAME.apply(copy.deepcopy(st), {"step": "fix_stack", "seat": None, "value": tokens + 1})
    assert err.value.rule == "dva_bratri.stack_count"
    assert act(st, "fix_stack", tokens)["treasures"]["stack"] == tokens
