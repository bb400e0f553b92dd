"""Property: whatever the players answer, a game goes on and ends.

Seeded random players pick any option the rules accept (cancels, corrections and made-up facts
included). Every prompt must have at least one accepted option, every game must end, and its log
must replay to the same state and scores.
"""

import os
import random

import pytest

from companion.engine import PromptKind, RuleError, Session
from companion.games.dva_bratri import GAME

from .driver import made_up_box

GAMES = int(os.environ.get("DVA_BRATRI_RANDOM_GAMES", "12"))
MAX_ACTIONS = 20000


def candidate_values(prompt, seat):
    if prompt.kind is PromptKind.CONFIRM:
        return [None]
    if prompt.kind is PromptKind.NUMBER:
        return list(range(prompt.minimum, prompt.maximum + 1))
    return [o.value for o in prompt.options_for(seat)]


def random_action(session, rnd):
    """A random accepted action; fails the test when the prompt accepts nothing."""
    prompt = session.prompt
    seat = prompt.seats[0] if len(prompt.seats) == 1 else None
    values = candidate_values(prompt, seat)
    rnd.shuffle(values)
    refusals = []
    for value in values:
        action = {"step": prompt.step, "seat": seat, "value": value}
        try:
            return session.evaluate(action)
        except RuleError as error:
            refusals.append(error.rule)
    pytest.fail(
        f"no accepted option at {prompt.step} (refused: {sorted(set(refusals))}); "
        f"queue {session.state['queue'][:1]}, pending {session.state['pending']}"
    )


def play_randomly(options, seed):
    rnd = random.Random(seed)
    session = Session(GAME, options, seed)
    for _ in range(MAX_ACTIONS):
        if session.over:
            return session
        prompt = session.prompt
        if prompt.kind is PromptKind.CELL:  # no place prompt may leave the player without a way back
            assert "*" in [o.code for o in prompt.options_for(None)]
        session.commit(random_action(session, rnd))
    pytest.fail(f"game {options} seed {seed} did not end in {MAX_ACTIONS} actions")


@pytest.mark.parametrize("seed", range(GAMES))
def test_random_games_end_and_replay(seed):
    options = {"seats": 1 if seed % 3 else 2, "level": 1 + seed % 3}
    if seed % 4 == 1:
        options["box"] = made_up_box()
    session = play_randomly(options, seed)
    steps = {a["step"] for a in session.actions}
    assert "back" in {str(a.get("value")) for a in session.actions}  # cancels were taken
    assert steps & {"correct"}
    again = Session(GAME, options, seed, session.entries)
    assert again.state == session.state
    assert again.score().to_json() == session.score().to_json() and again.score().final
