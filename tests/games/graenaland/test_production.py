import pytest

from companion.engine import PromptKind, RuleError
from companion.games.graenaland import GAME, production

from .helpers import CONFIRM, apply, empty_board, session, state, to_step


@pytest.mark.parametrize(
    "lying, expected",
    [
        (0, {"regular": 1, "road": 1, "check": 1}),
        (1, {"regular": 1, "road": 1, "check": 0}),
        (2, {"regular": 1, "road": 0, "check": 0}),
        (3, {"regular": 0, "road": 0, "check": 0}),
    ],
)
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
        # the two outcomes are the answers, so what the dealer picks is the result everyone sees
        assert prompt.kind is PromptKind.CHOICE and prompt.step == "improvement" and prompt.seats == ()
        options = prompt.options_for(None)
        assert [(o.value, o.code) for o in options] == [(3, "#"), (2, "*")]
        assert [o.label.cs for o in options] == ["Shoda: přidat (3)", "Jiná: odložit (2)"]
        assert prompt.title.cs == "Kontrola Pobřeží 1" and "(symbol na dílu)" in prompt.detail.cs
        matched = apply(st, {"step": "improvement", "seat": None, "value": 3})
        missed = apply(st, {"step": "improvement", "seat": None, "value": 2})
        assert matched["cards"]["C1"] == 3 and missed["cards"]["C1"] == 2
        assert matched["step"] == "move"
        with pytest.raises(RuleError) as err:
            apply(st, {"step": "improvement", "seat": None, "value": 1})
        assert err.value.rule == "graenaland.improvement_count" and st["cards"]["C1"] == after_sure
    else:
        assert st["step"] == "move"


def test_unsettled_territories_produce_nothing_and_the_plan_is_in_board_order():
    st = state()
    plan = production.plan(st)
    # the 4-player start spots settle every coastal and inland territory (data/box.toml)
    assert [e["territory"] for e in plan] == ["C1", "C2", "C3", "C4", "I1", "I2", "I3"]
    assert all(e["regular"] == 1 for e in plan)


def test_production_prompt_lists_every_draw():
    s = session()
    lines = s.prompt.detail.en.split("; ")
    assert lines[:2] == ["Coast 1: 0/2 lie", "+1 face up"]
    s.submit(CONFIRM)
    assert s.state["cards"]["C1"] == 1


def test_production_shows_what_lies_against_the_cap_and_each_draw():
    st = _example_state(1)
    prompt = GAME.prompt(st)
    assert prompt.detail.cs.split("; ") == ["Pobřeží 1: leží 1/3", "+1 lícem nahoru", "+1 lícem dolů (cesta)"]
    st["cards"]["C1"] = 3
    assert GAME.prompt(st).detail.cs.split("; ") == ["Pobřeží 1: leží 3/3", "nic, je plno"]
    st["cards"]["C1"] = 0
    assert GAME.prompt(st).detail.en.split("; ")[1:] == ["+1 face up", "+1 face down (road)", "+1 check card"]


def test_a_known_improvement_symbol_is_named_in_the_answers():
    st = _example_state(0)
    st["board"]["territories"]["C1"]["improvement_resource"] = "grain"
    st = apply(st, CONFIRM)
    assert [o.label.cs for o in GAME.prompt(st).options_for(None)] == ["Obilí: přidat (3)", "Jiná: odložit (2)"]
    assert "(obilí)" in GAME.prompt(st).detail.cs


def test_a_wrong_count_of_lying_cards_is_fixed_from_the_proposal_screen():
    s = session()
    to_step(s, "propose")
    seat = s.prompt.seats[0]
    fix = [o for o in s.prompt.options[seat] if o.value == "fix"]
    assert fix and fix[0].code == "*" and fix[0].label.cs == "Opravit počet karet"
    s.submit({"step": "propose", "seat": seat, "value": "fix"})
    p = s.prompt
    assert p.kind is PromptKind.CHOICE and p.step == "fix_cards" and p.seats == ()
    labels = {o.value: o.label.cs for o in p.options_for(None)}
    assert labels["C2"] == "Pobřeží 2: leží 1" and labels["back"] == "Zpět"
    s.submit({"step": "fix_cards", "seat": None, "value": "C2"})
    p = s.prompt
    assert p.kind is PromptKind.NUMBER and p.step == "fix_count" and (p.minimum, p.maximum) == (0, 2)
    assert s.state["fixing"] == "C2" and p.title.cs == "Pobřeží 2: karet?"
    with pytest.raises(RuleError) as err:  # refused when applied too, not only on the screen
        apply(s.state, {"step": "fix_count", "seat": None, "value": 3})
    assert err.value.rule == "session.number_out_of_range"
    s.submit({"step": "fix_count", "seat": None, "value": 2})
    assert s.state["cards"]["C2"] == 2 and s.prompt.step == "propose" and s.prompt.seats == (seat,)
    assert s.state["recent"][-1]["cs"] == "Opraveno: Pobřeží 2 – leží 2 (bylo 1)."
    assert [o.label.cs for o in s.prompt.options[seat] if o.value == "C2"] == ["2× Pobřeží 2"]
    s.submit({"step": "propose", "seat": seat, "value": "fix"})
    s.submit({"step": "fix_cards", "seat": None, "value": "back"})  # nothing changed
    assert s.state["cards"]["C2"] == 2 and s.prompt.step == "propose"
