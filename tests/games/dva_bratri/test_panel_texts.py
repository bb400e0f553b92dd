"""Dva bratři on the smallest panel and at the keys: a build nobody can pay for is refused once
its cost is known, a revealed tile is typed as its building's and colour's numbers, the long
questions have short forms, announcements fit."""

from __future__ import annotations

import copy

from companion.games.dva_bratri import GAME
from companion.games.dva_bratri.board import SOUTH as S

from ..announcements import question_faults, too_long
from .helpers import act, tile


def test_every_long_question_has_a_short_form_and_every_option_fits():
    assert question_faults("dva_bratri") == []


def test_announcements_fit_three_rows_a_sentence_and_two_pages_an_action():
    assert too_long("dva_bratri") == []


def building_state(asking: int) -> dict:
    """Seat South holds an inn whose cost, roads and row are not known; only the green start
    tile gives a resource (1 wood)."""
    tiles = {"y": tile(colour="yellow"), "w": tile(colour="green"), "s": tile(colour="grey")}
    options = {"seats": 1, "mode": "play", "asking": asking, "box": {"tiles": copy.deepcopy(tiles)}}
    st = GAME.setup(options, 0)
    st["queue"], st["active"] = [], S
    st["board"]["0,0"]["colour"] = "green"
    st["offer"] = {"slots": [None] * 7, "shield": 0, "crown": S}
    st["learned"]["tiles"]["PUT-1"] = {"building": "inn", "colour": "grey"}
    st["hands"][S] = ["PUT-1"]
    return act(act(st, "turn", "build"), "build_tile", "PUT-1")


def test_a_build_nobody_can_pay_for_is_refused_as_soon_as_its_cost_is_entered():
    st = building_state(3)
    assert GAME.prompt(st).step == "learn_cost_digits"
    st = act(st, "learn_cost_digits", 55)  # 0 wood, 5 stone, 5 grain: far out of reach
    assert st["learned"]["tiles"]["PUT-1"]["cost"] == {"wood": 0, "stone": 5, "grain": 5}
    assert "roads" not in st["learned"]["tiles"]["PUT-1"]  # nothing more was asked
    # the refusal is announced and the player picks another tile (or goes back)
    assert GAME.prompt(st).step == "build_tile" and st["hands"][S] == ["PUT-1"]
    assert st["recent"][-1]["en"] == "You lack resources: it needs 0W 5S 5G, you have 1W 0S 0G."


def test_an_affordable_build_then_asks_its_roads_and_row():
    st = act(building_state(3), "learn_cost_digits", 100)  # 1 wood: the start tile gives it
    assert GAME.prompt(st).step == "learn_road_set"


def test_sessions_recorded_with_the_earlier_questions_still_ask_the_roads_before_refusing():
    st = act(building_state(2), "learn_cost_digits", 55)
    assert GAME.prompt(st).step == "learn_road_set"  # as recorded: every fact first


def test_a_new_tile_is_typed_as_its_buildings_number_then_its_colours():
    st = act(GAME.setup({"seats": 1, "mode": "play"}, 0), "reveal_set", "putovani")
    prompt = GAME.prompt(st)
    codes = {o.value: o.code for o in prompt.options_for(None)}
    # Putování: inn 1, marketplace 2, pilgrimage 3, robbers' keep 4; 1 green, 2 grey, 3 yellow
    assert codes["new:inn:green"] == "11" and codes["new:marketplace:grey"] == "22"
    assert codes["new:robbers_keep:yellow"] == "43" and codes["back"] == "*"
    assert "1 zelená, 2 šedá, 3 žlutá" in prompt.detail.cs


def test_jindrichs_colour_question_keeps_each_colours_key_and_names_the_one_no_tile_can_show():
    from companion.engine import PromptKind
    from companion.games.dva_bratri import reveal

    st = GAME.setup({"seats": 1, "mode": "play"}, 0)
    step = GAME.steps["jindrich_top"]
    prompt = step.prompt(st, {})
    assert [(o.value, o.code) for o in prompt.options_for(None)] == [("green", "1"), ("grey", "2"), ("yellow", "3")]
    # no green tile left in the supply: green keeps its key and is refused by its rule
    real = reveal.supply_may_show
    try:
        reveal.supply_may_show = lambda state, colour: colour != "green"
        prompt = step.prompt(st, {})
    finally:
        reveal.supply_may_show = real
    assert prompt.kind is PromptKind.CHOICE
    assert [(o.value, o.code) for o in prompt.options_for(None)] == [("grey", "2"), ("yellow", "3")]
    assert [(o.value, o.code) for o in prompt.unoffered_for(None)] == [("green", "1")]
    error = step.explain(st, {}, None, "green")
    assert error.rule == "dva_bratri.supply_colour"
    assert error.msg.cs.endswith("zelená – takový rub už nemůže mít žádná destička v zásobě.")
