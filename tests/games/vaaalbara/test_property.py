"""Random legal play always ends after 9 rounds, and the log replays to the same state."""

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.engine import PromptKind, Session
from companion.games.vaaalbara import GAME
from companion.games.vaaalbara.box import SETTINGS

MAX_STEPS = 2000  # far above a 5-player game (about 130 steps): a loop would show here


def random_action(data, prompt) -> dict:
    if prompt.kind is PromptKind.SECRET_CHOICE:
        return {
            "step": prompt.step,
            "picks": {
                str(seat): data.draw(st.sampled_from([o.value for o in prompt.options_for(seat)]))
                for seat in prompt.seats
            },
        }
    seat = data.draw(st.sampled_from([None, *prompt.seats]))
    if prompt.kind is PromptKind.CONFIRM:
        return {"step": prompt.step, "seat": seat, "value": None}
    return {
        "step": prompt.step,
        "seat": seat,
        "value": data.draw(st.sampled_from([o.value for o in prompt.options_for(seat)])),
    }


@pytest.mark.slow
@settings(max_examples=60, deadline=None)
@given(seats=st.integers(2, 5), rules=st.fixed_dictionaries({name: st.booleans() for name in SETTINGS}), data=st.data())
def test_random_legal_play_ends_after_nine_rounds_and_replays(seats, rules, data):
    options = {"seats": seats, **rules}
    s = Session(GAME, options, seed=0)
    for _ in range(MAX_STEPS):
        if s.prompt is None:
            break
        assert s.state["round"] <= 9
        s.submit(random_action(data, s.prompt))
        assert json.loads(json.dumps(s.state)) == s.state  # JSON-safe: no int keys, no tuples
        if s.state["phase"] != "over":
            assert "totals" not in GAME.view(s.state)
    assert s.prompt is None, "the game did not end"
    assert s.state["round"] == 9
    assert all(len(domain) == 9 for domain in s.state["domains"])
    scores = s.score()
    assert scores.final and sorted(scores.ranking) == list(range(seats))
    assert all(scores.totals[seat] >= 0 for seat in range(seats))
    assert all(sum(scores.breakdown[seat].values()) == scores.totals[seat] for seat in range(seats))
    ranked_totals = [scores.totals[seat] for seat in scores.ranking]
    assert ranked_totals == sorted(ranked_totals, reverse=True)
    assert Session(GAME, options, 0, s.entries).state == s.state
