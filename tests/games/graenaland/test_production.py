import pytest

from companion.engine import PromptKind, RuleError
from companion.games.graenaland import GAME, production

from .helpers import CONFIRM, apply, empty_board, session, state


@pytest.mark.parametrize("lying, expected", [
    (0, {"regular": 1, "road": 1, "check": 1}),
    (1, {"regular": 1, "road": 1, "check": 0}),
    (2, {"regular": 1, "road": 0, "check": 0}),
    (3, {"regular": 0, "road": 0, "check": 0}),
])
def test_rulebook_example_two_houses_road_and_improvement(lying, expected):
    """p.8: two houses, a road and an improvement, with 0-3 cards already lying there."""
    assert production.draws(lying, houses=2, road=True, improvement=True) == expected


def test_cap_is_houses_plus_one():
    """p.3: two houses and three cards already: nothing is added."""
    assert production.cap(2) == 3
    assert production.draws(3, houses=2, road=False, improvement=False) == {"regular": 0, "road": 0, "check": 0}
    assert production.draws(0, houses=1, road=True, improvement=True) == {"regular": 1, "road": 1, "check": 0}


def _example_state(lying):
    st = empty_board(state())
    st["settlements"]["C1"] = {"0": 1, "1": 1}
    st["public"]["C1"] = ["road", "improvement"]
    st["cards"]["C1"] = lying
    st["heroes"][0]["warrior"] = "C1"
    for seat in (1, 2, 3):
        st["heroes"][seat]["warrior"] = "C2"
    return st


@pytest.mark.parametrize("lying, after_sure, asks", [(0, 2, True), (1, 3, False), (2, 3, False), (3, 3, False)])
def test_production_on_the_device_asks_only_about_the_check_card(lying, after_sure, asks):
    st = apply(_example_state(lying), CONFIRM)
    assert st["cards"]["C1"] == after_sure
    if asks:
        prompt = GAME.prompt(st)
        assert prompt.kind is PromptKind.NUMBER and (prompt.minimum, prompt.maximum) == (2, 3)
        matched = apply(st, {"step": "improvement", "seat": None, "value": 3})
        missed = apply(st, {"step": "improvement", "seat": None, "value": 2})
        assert matched["cards"]["C1"] == 3 and missed["cards"]["C1"] == 2
        assert matched["step"] == "move"
        with pytest.raises(RuleError) as err:
            apply(st, {"step": "improvement", "seat": None, "value": 1})
        assert err.value.rule == "graenaland.improvement_count"
    else:
        assert st["step"] == "move"


def test_unsettled_territories_produce_nothing_and_the_plan_is_in_board_order():
    st = state()
    plan = production.plan(st)
    settled = [t for t in st["board"]["order"] if production.total_houses(st, t)]
    assert [e["territory"] for e in plan] == settled
    assert all(e["regular"] == 1 for e in plan)


def test_production_prompt_lists_every_draw():
    s = session()
    detail = s.prompt.detail.en
    assert "Coast 1 (plains): 1 face up" in detail
    s.submit(CONFIRM)
    assert s.state["cards"]["C1"] == 1
