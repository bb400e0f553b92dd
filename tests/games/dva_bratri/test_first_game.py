"""A first game that the box does not slow down (issue 35, ``asking`` 4): a fact is asked only when
a decision needs it now, about the tile just named; a treasure's condition is one answer; codes
and defaults that mean one thing all game; the final round, Jindřich's last turn and the round
number as the table lives them. Sessions recorded with ``asking`` 3 keep their questions."""

from __future__ import annotations

import pytest

from companion.engine import RuleError, Session
from companion.games.dva_bratri import GAME, board
from companion.games.dva_bratri.steps.treasures import condition_of

from .helpers import N, S, act, blank, put, tile, unit

NOW = {"seats": 1, "mode": "play"}


def when_needed(state: dict) -> dict:
    state["asking"] = 4
    return state


def test_a_new_session_asks_as_level_4_and_a_recorded_level_3_keeps_its_questions():
    assert Session(GAME, NOW, 0).options["asking"] == 6
    tiles = {"PUT-1": {"building": "inn", "colour": "grey", "cost": {"wood": 0, "stone": 0, "grain": 0}}}
    for asking, then in ((4, "build_at"), (3, "learn_road_set")):
        st = blank(tiles)
        st["asking"], st["hands"][S] = asking, ["PUT-1"]
        st = act(act(st, "turn", "build"), "build_tile", "PUT-1")
        assert GAME.prompt(st).step == then


def test_a_whole_first_solo_game_asks_at_most_30_box_answers():
    from benchmarks.bench_first_game import GAMES, measure

    solo = measure(GAMES["first solo game"])
    assert solo["over"] and solo["box answers"] <= 30
    assert "learn_kind" not in solo["by step"] and "learn_need" not in solo["by step"]


def test_the_place_question_names_the_tile_so_undo_names_it_too():
    st = when_needed(blank({"PUT-1": tile("inn", "grey")}))
    st["hands"][S] = ["PUT-1"]
    st = act(act(st, "turn", "build"), "build_tile", "PUT-1")
    assert GAME.prompt(st).title.cs == "Hostinec – šedá: kam ji položíš?"


def _jindrich_reads_roads(anchor_roads_known: bool):
    """Jindřich to move: your last building on [0,1] has a road to the north (or its roads are
    not told), his tile PUT-1 (an inn) lies first in the offer, roads unknown."""
    last = tile("marketplace", "green", roads=("N",))
    if not anchor_roads_known:
        del last["roads"]
    st = when_needed(blank({"PUT-1": {"building": "inn", "colour": "grey"}, "M": last}, offer=["PUT-1"], supply=5))
    put(st, "0,1", "M")
    st["last_building"], st["seen"] = "0,1", ["PUT-1"]
    st["active"], st["queue"] = N, [{"t": "jindrich"}]
    return st


def test_jindrichs_tile_is_named_before_its_roads_are_asked():
    st = act(_jindrich_reads_roads(True), "jindrich_top", "grey")
    p = GAME.prompt(st)
    assert p.step == "learn_road_set"
    assert p.title.cs.startswith("Jindřich bere 1. od štítu: Hostinec – šedá: ")
    assert p.title.en.startswith("Jindřich takes the 1st from the shield: Inn – grey: ")


def test_your_last_buildings_roads_are_asked_by_its_look_and_place():
    st = act(_jindrich_reads_roads(False), "jindrich_top", "grey")
    p = GAME.prompt(st)
    assert p.title.cs.startswith("Tvá poslední budova (Tržiště – zelená, [0,1]): ")


def test_a_treasure_condition_is_one_typed_answer():
    assert condition_of(112) == ("vertical", [{"colour": "green"}, {"colour": "grey"}])
    assert condition_of(224) == ("horizontal", [{"colour": "grey"}, {"colour": "any"}])
    assert condition_of(32184) == (
        "positional",
        [{"pos": [0, 1], "colour": "green"}, {"pos": [0, -1], "colour": "any"}],
    )
    for wrong in (12, 1125, 152, 32222, 35184, 412):
        assert condition_of(wrong) is None, wrong
    st = when_needed(blank({}))
    st["board"]["0,0"]["treasure"] = "T03"
    st["queue"] = [{"t": "treasure", "at": "0,0", "token": "T03", "partial": {}}]
    assert GAME.prompt(st).step == "learn_condition"
    with pytest.raises(RuleError) as refused:
        act(st, "learn_condition", 152)
    assert refused.value.rule == "dva_bratri.condition_digits"
    st = act(st, "learn_condition", 221)
    assert st["learned"]["treasures"]["T03"] == {
        "kind": "horizontal",
        "need": [{"colour": "grey"}, {"colour": "green"}],
    }
    assert st["queue"] == []


def test_the_first_turn_does_not_start_on_ending_it():
    st = when_needed(blank({}))
    codes = {o.value: o.code for o in GAME.prompt(st).options_for(None)}
    assert "#" not in codes.values() and codes["end"] == "0" and codes["take"] == "1"


def test_a_set_keeps_its_code_when_another_set_can_no_longer_show():
    s = Session(GAME, {**NOW, "sets": ["putovani", "dominium", "obchod_cirkev"]}, 0)
    st = s.state
    st["seen"] = list(board.box.set_tiles("putovani"))  # every Travel tile has turned up
    p = GAME.prompt(st)
    assert p.step == "reveal_set"
    assert [(o.value, o.code) for o in p.options_for(None)] == [("dominium", "2"), ("obchod_cirkev", "3")]
    assert [(o.value, o.code) for o in p.unoffered_for(None)] == [("putovani", "1")]


def test_the_elite_is_not_listed_to_withdraw_and_is_refused_by_its_rule():
    st = when_needed(blank({"G": tile(colour="green")}))
    put(st, "0,1", "G")
    unit(st, "0a", "0,1")
    st = act(st, "turn", "withdraw")
    p = GAME.prompt(st)
    assert [o.value for o in p.options_for(None)] == ["0a", "back"]
    with pytest.raises(RuleError) as refused:
        act(st, "withdraw_unit", "0e")
    assert refused.value.rule == "dva_bratri.elite_stays"


def test_the_round_number_does_not_change_in_the_middle_of_jindrichs_turn():
    st = act(_jindrich_reads_roads(True), "jindrich_top", "grey")
    st = act(st, "learn_road_set", ["S"])
    assert GAME.prompt(st).step == "jindrich_done" and st["round"] == 2
    assert GAME.status(st).round == 1
    while st["queue"]:
        step = GAME.prompt(st).step
        if step != "jindrich_done":
            break
        st = act(st, step)
    assert GAME.status(st).round in (1, 2)  # the refill still belongs to his turn: 1 until it is told


def test_the_final_round_is_announced_when_the_supply_runs_out():
    st = _jindrich_reads_roads(True)
    st["supply"] = 1
    st = act(act(st, "jindrich_top", "grey"), "learn_road_set", ["S"])
    done = GAME.prompt(st)
    assert "poslední kolo" in done.detail.cs and "final round" in done.detail.en
    assert st["final_trigger"] and st["queue"][0]["t"] == "jindrich_done"


def test_jindrichs_last_turn_says_so_and_the_game_ends_after_its_questions():
    """His last turn: its title says so; a treasure drawn onto his last tile is asked and, met,
    announced before the final scoring, which comes after the facts it reads."""
    st = _jindrich_reads_roads(True)
    st["supply"], st["final_left"], st["treasures"]["stack"] = 0, 1, 1
    st["offer"]["slots"][1] = "PUT-1"
    st = act(act(st, "jindrich_top"), "learn_road_set", ["S"])
    assert GAME.prompt(st).title.cs.startswith("Poslední tah – Jindřich")
    assert not st["over"]
    st = act(st, "jindrich_done")
    assert GAME.prompt(st).step == "treasure_id" and not st["over"]
    st = act(act(st, "treasure_id", "new"), "learn_condition", 144)  # column: two tiles of any colour
    steps = []
    while not st["over"]:
        p = GAME.prompt(st)
        steps.append(p.step)
        st = act(st, p.step, {"learn_road_set": [], "learn_line": "row"}[p.step])
    assert steps == ["learn_line"]  # his inn's row or column, which only the final scoring reads
    assert any("závěrečné bodování" in e["cs"] for e in st["recent"])


def test_a_score_asked_in_play_never_asks():
    st = when_needed(blank({"I": {"building": "inn", "colour": "grey", "cost": {"wood": 0, "stone": 0, "grain": 0}}}))
    put(st, "0,1", "I")
    assert GAME.score(st).totals == {S: 0, N: 0}
