"""What the prompts carry for the table: the "*" way back, maps turned for the player across the
table, and Jindřich's placement as a picture."""

import copy

import pytest

from companion.engine import PromptKind, RuleError
from companion.games.dva_bratri import GAME, picture, texts

from .helpers import N, S, act, blank, cell, put, tile, unit


def back_codes(prompt):
    return [o.code for o in prompt.options_for(None) if o.value == "back"]


def test_every_started_move_has_a_way_back_that_changes_nothing():
    tiles = {"f": tile(colour="grey"), "h": tile(colour="yellow"), "o": tile(colour="green")}
    st = blank(tiles, offer=["o"])
    put(st, "1,0", "f", up=False)
    st["hands"][S] = ["h"]
    unit(st, "0a", "1,0")
    moves = {
        "step": ["step_unit", "0e"],
        "build": ["build_tile", "h"],
        "terrain": ["terrain_tile", "h"],
        "call": [],
        "withdraw": [],
        "take": [],
        "correct": ["correct", "unit", "fix_unit", "0e"],
    }
    for first, path in moves.items():
        before = copy.deepcopy(st)
        state = act(st, "turn", first)
        for step, value in zip(path[::2], path[1::2]):
            state = act(state, step, value)
        prompt = GAME.prompt(state)
        assert back_codes(prompt) == ["*"], prompt.step
        assert act(state, prompt.step, "back") == before, prompt.step


def test_every_cell_prompt_carries_the_back_option_after_its_places():
    tiles = {"f": tile(colour="grey"), "h": tile(colour="yellow")}
    st = blank(tiles)
    st["hands"][S] = ["h"]
    p = GAME.prompt(act(act(st, "turn", "terrain"), "terrain_tile", "h"))
    assert p.kind is PromptKind.CELL
    values = [o.value for o in p.options_for(None)]
    assert values[-1] == "back" and all(isinstance(v, list) for v in values[:-1])


def test_a_unit_with_nowhere_to_step_can_still_go_back():
    # the dead end random play found: the start tile is the only tile, the elite stands on it
    st = blank({})
    state = act(act(st, "turn", "step"), "step_unit", "0e")
    prompt = GAME.prompt(state)
    for option in prompt.options_for(None):
        if option.value != "back":
            with pytest.raises(RuleError):
                act(state, prompt.step, option.value)
    assert GAME.prompt(act(state, "step_to", "back")).step == "turn"


def test_learning_in_the_middle_of_a_build_can_drop_the_build_and_keeps_what_was_told():
    st = blank({}, offer=[])
    st["learned"]["tiles"]["PUT-1"] = {"building": "inn", "colour": "grey"}
    st["hands"][S] = ["PUT-1"]
    st = act(act(st, "turn", "build"), "build_tile", "PUT-1")
    assert GAME.prompt(st).kind is PromptKind.NUMBER  # a number has no options: answer or undo
    for value in (0, 1, 1):
        st = act(st, "learn_cost", value)
    assert back_codes(GAME.prompt(st)) == ["*"]
    st = act(st, "learn_roads", "back")
    assert st["queue"] == [] and st["pending"] is None and st["hands"][S] == ["PUT-1"]
    assert st["learned"]["tiles"]["PUT-1"]["cost"] == {"wood": 0, "stone": 1, "grain": 1}
    assert "roads" not in st["learned"]["tiles"]["PUT-1"]


def test_facts_asked_for_jindrich_cannot_be_dropped():
    st = blank({}, offer=[])
    st["queue"] = [
        {
            "t": "learn",
            "tile": "PUT-1",
            "fields": ["roads"],
            "partial": {},
            "resume": {"step": "jindrich_top", "seat": None, "value": "grey"},
        }
    ]
    st["learned"]["tiles"]["PUT-1"] = {"building": "inn", "colour": "grey"}
    assert back_codes(GAME.prompt(st)) == []


def test_ending_the_turn_over_the_hand_limit_can_be_taken_back():
    tiles = {c: tile(colour="grey") for c in "abcd"}
    st = blank(tiles, offer=[])
    st["hands"][S] = list("abcd")
    st["turn"]["taken"] = True
    before = copy.deepcopy(st)
    asked = act(st, "turn", "end")
    assert GAME.prompt(asked).step == "discard" and back_codes(GAME.prompt(asked)) == ["*"]
    assert act(asked, "discard", "back") == before


def test_the_second_player_sits_across_the_table_and_gets_turned_maps():
    tiles = {"h": tile(colour="yellow")}
    st = blank(tiles, seats=2)
    st["hands"] = [["h"], ["h"]]
    for side, turned in ((S, False), (N, True)):
        st["active"] = side
        p = GAME.prompt(act(act(st, "turn", "terrain"), "terrain_tile", "h"))
        assert p.kind is PromptKind.CELL and p.seats == (side,) and p.turned is turned
        p = GAME.prompt(act(act(st, "turn", "step"), "step_unit", "0e" if side == S else "1e"))
        assert p.turned is turned
    solo = blank(tiles)
    solo["hands"][S] = ["h"]
    assert GAME.prompt(act(act(solo, "turn", "terrain"), "terrain_tile", "h")).turned is False


def test_map_rows_start_on_the_far_side_and_keys_follow_the_compass():
    tiles = {"f": tile(colour="grey")}
    st = blank(tiles)
    put(st, "0,1", "f", up=False)  # north of the start tile: away from the South player
    p = GAME.prompt(act(act(st, "turn", "step"), "step_unit", "0e"))
    assert p.grid == (3, 4) and p.cursor == (1, 2)
    assert p.cells == {(1, 2): "~g*", (1, 1): "~s"}  # one row up on the map = one step north
    assert picture.from_grid(st, [1, 1]) == "0,1"


def _jindrich_turn(his_tile, around=()):
    tiles = {
        "pm": tile("pilgrimage", "grey", roads=["N", "E", "S", "W"]),
        "f": tile(colour="yellow"),
        "his": his_tile,
        "o": tile("cathedral", "grey"),
    }
    st = blank(tiles, offer=["his", "o"])
    st["box"]["tiles"]["his"]["set"] = "valceni"
    put(st, "5,5", "pm", S)
    st["last_building"] = "5,5"
    for k in around:
        put(st, k, "f", up=False)
    st["active"] = N
    st["queue"] = [{"t": "jindrich"}]
    st["treasures"]["stack"] = 2
    return act(st, "jindrich_top", his_tile["colour"])


def test_jindrichs_placement_is_shown_as_a_picture_with_words():
    st = _jindrich_turn(
        tile("siege_tower", "green", roads=["N", "S"]), around=("5,6", "6,6", "6,5", "6,4", "5,4", "4,5")
    )
    p = GAME.prompt(st)
    assert p.step == "jindrich_done" and p.kind is PromptKind.CONFIRM and not p.turned
    assert p.cursor == tuple(cell(st, "4,4")) and p.cells[p.cursor] == "ov+"  # his tile, his unit
    assert p.cells[tuple(cell(st, "5,5"))] == "PM"
    # what he does: the 1st tile from the shield to [4,4], his green unit onto it, a treasure on top
    assert st["board"]["4,4"]["tile"] == "his" and st["board"]["4,4"]["owner"] == 1
    assert "his" not in st["offer"]["slots"] and st["units"]["1green"]["at"] == "4,4"
    assert st["treasures"]["stack"] == 1 and {"t": "treasure", "at": "4,4"} in st["queue"]
    # the words the table reads (the place, the rule of the place, the set)
    assert p.title.cs == "Jindřich: Obléhací věž na [4,4]" and p.title.en == "Jindřich: Siege tower at [4,4]"
    assert p.detail.cs.startswith(
        "Jindřich bere 1. destičku od štítu: Obléhací věž – zelená, sada Válčení. "
        "Polož destičku nohama vzhůru na [4,4], jihozápadně od tvé poslední budovy (pravidlo C)"
    )
    assert "takes the 1st tile from the shield: Siege tower – green, Warfare set" in p.detail.en


def test_when_there_is_no_room_the_picture_shows_the_full_ring():
    ring = ("5,6", "6,6", "6,5", "6,4", "5,4", "4,4", "4,5", "4,6")
    st = _jindrich_turn(tile("fortress", "green"), around=ring)
    p = GAME.prompt(st)
    assert p.cursor == tuple(cell(st, "5,5")) and p.step == "jindrich_done"
    assert "his" not in st["offer"]["slots"] and all(place["tile"] != "his" for place in st["board"].values())
    assert st["units"]["1green"]["at"] == "out" and st["treasures"]["stack"] == 2
    assert p.title.en == "Jindřich: Fortress to the box" and "jde do krabice" in p.detail.cs


# -- the words on the screen ------------------------------------------------------------------
def _labels(state, lang="cs"):
    return [o.label.get(lang) for o in GAME.prompt(state).options_for(None)]


def test_unit_labels_agree_with_jednotka():
    tiles = {"f": tile(colour="grey")}
    st = blank(tiles)
    put(st, "1,0", "f", up=False)
    unit(st, "1green", "1,0")
    st = act(act(st, "turn", "correct"), "correct", "unit")
    assert _labels(st) == [
        "Bílá elitní jednotka na [0,0]",
        "Bílá řadová jednotka v nabídce",
        "Bílá řadová jednotka v nabídce",
        "Jindřichova jednotka se zeleným křížkem na [1,0]",
        "Jindřichova jednotka se šedým křížkem mimo plochu",
        "Jindřichova jednotka se žlutým křížkem mimo plochu",
        "Zpět",
    ]
    assert _labels(st, "en")[3] == "Jindřich's unit with the green cross at [1,0]"
    two = blank(tiles, seats=2)
    two["colours"] = ["blue", "white"]
    two = act(act(two, "turn", "correct"), "correct", "unit")
    assert _labels(two)[:4] == [
        "Modrá elitní jednotka na [0,0]",
        "Modrá řadová jednotka v nabídce",
        "Modrá řadová jednotka v nabídce",
        "Bílá elitní jednotka na [0,0]",
    ]


def test_siege_choice_names_the_place_then_the_building():
    tiles = {
        "cat": tile("cathedral", "grey"),
        "tower": tile("siege_tower", "green"),
        "t2": tile("siege_tower", "green"),
    }
    st = blank(tiles, seats=2)
    put(st, "5,5", "cat", N)
    put(st, "6,5", "tower", S)
    unit(st, "0e", "6,5")
    st["hands"][S] = ["t2"]
    st = act(act(act(st, "turn", "build"), "build_tile", "t2"), "build_at", cell(st, "5,6"))
    assert _labels(st) == ["Zničit budovu na [5,5]: Katedrála", "Nic neničit"]
    assert _labels(st, "en")[0] == "Destroy the building at [5,5]: Cathedral"


def test_messages_in_natural_czech():
    tiles = {"h": tile(colour="yellow"), "j": tile("cathedral", "grey")}
    st = blank(tiles)
    st["hands"][S] = ["h"]
    st = act(act(act(st, "turn", "terrain"), "terrain_tile", "h"), "terrain_at", cell(st, "1,0"))
    assert st["recent"][-1]["cs"] == "Bílý klade volný terén na [1,0] (sleva o 1 surovinu)."
    st = blank(tiles)
    st["box"]["treasures"] = {"T01": {"kind": "horizontal", "need": [{"colour": "green"}, {"colour": "any"}]}}
    put(st, "1,0", "j", N)
    put(st, "2,0", "h", up=False)
    st["queue"] = [{"t": "treasure", "at": "1,0"}]
    st = act(st, "treasure_id", "T01")
    assert st["recent"][-1] == {
        "cs": "Podmínka pokladu na [1,0] je splněna: odeber ho ze hry.",
        "en": "Treasure on [1,0]: its condition is met; remove it.",
    }
    with pytest.raises(RuleError) as err:
        GAME.validate_options({"seats": 3})
    assert err.value.text("cs") == "Hraje 1 hráč (proti Jindřichovi), nebo 2 hráči."
    roads = next(s for s in GAME.settings if s.key == "roads")
    assert roads.label.cs == "Bodovat silnice" and len(roads.label.cs) <= 18


def test_a_call_in_refusal_says_where_the_unit_must_stand():
    tiles = {"f": tile(colour="grey")}
    st = blank(tiles)
    for k in ("1,0", "2,0", "3,0"):
        put(st, k, "f", up=False)
    with pytest.raises(RuleError) as err:
        act(act(st, "turn", "call"), "call_to", cell(st, "3,0"))
    assert err.value.rule == "dva_bratri.call_not_next_to_own_unit"
    assert err.value.text("cs") == (
        "Jednotku z nabídky povoláš jen na destičku sousedící s destičkou, na které stojí tvá jednotka."
    )


# -- answers that are not offered name the seat, the answer and the rule -------------------------


def test_an_occupied_place_is_refused_naming_the_player_the_place_and_the_rule():
    st = blank({"h": tile(colour="yellow")})
    st["hands"][S] = ["h"]
    laying = act(act(st, "turn", "terrain"), "terrain_tile", "h")
    assert cell(laying, "0,0") not in [o.value for o in GAME.prompt(laying).options_for(None)]
    with pytest.raises(RuleError) as refused:
        act(laying, "terrain_at", cell(laying, "0,0"))
    assert refused.value.rule == "dva_bratri.place_taken"
    assert refused.value.text("cs") == "Bílý, [0,0]: Tady už destička leží."
    assert refused.value.text("en") == "White, [0,0]: There is a tile here already."


def test_an_unlisted_answer_is_explained_without_a_deep_copy_and_leaves_the_state_alone(monkeypatch):
    """The step's own checks are tried on the engine's cheap copy of the state and its task (a
    started move held by the state), never on ``copy.deepcopy``."""
    st = blank({"h": tile(colour="yellow")})
    st["hands"][S] = ["h"]
    laying = act(act(st, "turn", "terrain"), "terrain_tile", "h")
    kept = copy.deepcopy(laying)

    def no_deep_copy(*args, **kwargs):
        raise AssertionError("explaining a refusal deep-copies the state")

    monkeypatch.setattr(copy, "deepcopy", no_deep_copy)
    awaited = GAME.awaiting(laying)
    refused = GAME.steps[awaited.step].explain(laying, awaited.task, S, cell(laying, "0,0"))
    assert refused.rule == "dva_bratri.place_taken"
    assert refused.text("en") == "White, [0,0]: There is a tile here already."
    monkeypatch.undo()
    assert laying == kept and laying["pending"] is awaited.task


def test_a_tile_not_in_hand_is_refused_with_the_hand_rule():
    st = blank({"h": tile(colour="yellow"), "o": tile(colour="green")}, offer=["o"])
    st["hands"][S] = ["h"]
    choosing = act(st, "turn", "build")
    with pytest.raises(RuleError) as refused:
        act(choosing, "build_tile", "o")
    assert refused.value.rule == "dva_bratri.not_in_hand"
    assert refused.value.text("en").startswith("White: you do not hold the tile ")


def test_a_question_that_cannot_be_dropped_says_so():
    st = blank({"h": tile(colour="yellow")})
    with pytest.raises(RuleError) as refused:
        act(st, "turn", "back")
    assert refused.value.rule == "dva_bratri.answer_needed"


# -- questions that do not look alike ---------------------------------------------------------------


def prompts_of_a_random_game(seed: int, seats: int = 1):
    import random

    from companion.engine import Session
    from tests.games.playout import random_action

    session, rnd = Session(GAME, {"seats": seats}, seed), random.Random(seed)
    while not session.over:
        yield session.prompt
        session.commit(random_action(session, rnd))


def test_the_three_cost_questions_name_their_resource_first_and_compass_lines_their_direction():
    costs, compass = [], []
    for prompt in prompts_of_a_random_game(3):
        if prompt.step == "learn_cost":
            costs.append(prompt.title)
        if prompt.step in ("learn_pos", "learn_pair_pos"):
            compass += [o for o in prompt.options_for(None) if o.value != "back"]
    assert costs, "the game asked no cost"
    for title in costs:
        assert any(f"cena – kolik {r}?" in title.cs for r in ("dřeva", "kamene", "obilí")), title.cs
        assert any(f"cost – how much {r}?" in title.en for r in ("wood", "stone", "grain")), title.en
    assert {t.cs.split(": ")[-1] for t in costs} == {
        "cena – kolik dřeva?",
        "cena – kolik kamene?",
        "cena – kolik obilí?",
    }
    for option in compass:
        assert option.label.cs != option.code and option.label.en != option.code
        assert option.label.en in (
            "north-west",
            "north",
            "north-east",
            "west",
            "east",
            "south-west",
            "south",
            "south-east",
        )


def test_a_revealed_tile_question_starts_with_the_offer_place():
    titles = [p.title.cs for p in prompts_of_a_random_game(3) if p.step == "reveal_set"]
    assert any(t.startswith("Pozice ") for t in titles)  # the offer place, or a correction's hand
    assert all(t.startswith(("Pozice ", "Destička do ruky: ")) for t in titles)


def test_discarding_a_tile_not_in_hand_is_refused_as_building_it_is():
    st = blank({t: tile(colour="yellow") for t in ("a", "b", "c", "d", "o")}, offer=["o"])
    st["hands"][S] = ["a", "b", "c", "d"]
    building = act(st, "turn", "build")
    with pytest.raises(RuleError) as built:
        act(building, "build_tile", "o")
    st["queue"] = [{"t": "discard"}]
    with pytest.raises(RuleError) as discarded:
        act(st, "discard", "o")
    assert discarded.value.rule == built.value.rule == "dva_bratri.not_in_hand"
    for language in ("cs", "en"):
        assert discarded.value.text(language) == built.value.text(language)


def test_a_map_lists_its_places_by_what_lies_there_not_by_offsets_alone():
    """The list under a map (the phone shows it under the grid) names each place's tile, face
    up by its building and colour, face down by its colour, then where it is; a free place by
    where alone."""
    tiles = {"f": tile("inn", "grey"), "h": tile("market", "yellow"), "o": tile(colour="green")}
    st = blank(tiles)
    put(st, "1,0", "f")
    put(st, "0,1", "h", up=False)
    st["hands"][S] = ["o"]

    def labels(state):
        prompt = GAME.prompt(state)
        assert prompt.kind is PromptKind.CELL
        return {picture.from_grid(state, o.value): o.label for o in prompt.options_for(None) if o.value != "back"}

    onto = labels(act(st, "turn", "call"))
    assert (onto["1,0"].cs, onto["1,0"].en) == ("Hostinec – šedá [1,0]", "Inn – grey [1,0]")
    assert (onto["0,1"].cs, onto["0,1"].en) == ("žlutá, rubem nahoru [0,1]", "yellow, face down [0,1]")
    free = labels(act(act(st, "turn", "terrain"), "terrain_tile", "o"))
    assert free and all(k not in st["board"] for k in free)
    assert all(label.cs == label.en == texts.at(k) for k, label in free.items())
