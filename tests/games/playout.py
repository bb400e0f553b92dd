"""Random legal play for any registered game, the way OpenSpiel's random simulation tests do it.

A seeded random player answers every prompt with an option the rules accept: it shuffles the
legal answers the prompt lists and keeps the first the session does not refuse. Used by the
conformance suite and to record the corpus of whole games in ``tests/data/corpus``.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from companion.engine import Prompt, PromptKind, RuleError, Session

NUMBER_SPREAD = 12  # a NUMBER prompt is answered within its first values (counts are small)
HIDDEN_TRIES = 40  # random pick combinations tried before a hidden prompt is declared stuck


class Stuck(AssertionError):
    """A prompt accepted none of its listed answers: the game left a seat without a legal move."""


def _values(prompt: Prompt, seat: int | None) -> list[Any]:
    if prompt.kind is PromptKind.CONFIRM:
        return [None]
    if prompt.kind is PromptKind.NUMBER:
        low = prompt.minimum if prompt.minimum is not None else 0
        high = prompt.maximum if prompt.maximum is not None else low + NUMBER_SPREAD
        return list(range(low, min(high, low + NUMBER_SPREAD) + 1))
    return [o.value for o in prompt.options_for(seat)]


def answering_seat(prompt: Prompt) -> int | None:
    """The seat that answers a public prompt (None: the host buttons, for anyone's prompt)."""
    return prompt.seats[0] if len(prompt.seats) == 1 else None


def candidates(prompt: Prompt, rnd: random.Random) -> Iterator[dict]:
    """Actions that fit ``prompt``, in random order (the rules may still refuse some)."""
    if prompt.kind.hidden:
        for _ in range(HIDDEN_TRIES):
            yield {"step": prompt.step, "picks": {str(s): rnd.choice(_values(prompt, s)) for s in prompt.seats}}
        return
    seat = answering_seat(prompt)
    values = _values(prompt, seat)
    rnd.shuffle(values)
    for value in values:
        yield {"step": prompt.step, "seat": seat, "value": value}


def random_action(session: Session, rnd: random.Random):
    """An evaluated (not yet committed) random action the session accepts."""
    refused = []
    for action in candidates(session.prompt, rnd):
        try:
            return session.evaluate(action)
        except RuleError as error:
            refused.append(error.rule)
    raise Stuck(f"no accepted answer at {session.prompt.step!r} (refused: {sorted(set(refused))})")


def play(game, options: dict, seed: int, max_actions: int, rnd_seed: int | None = None) -> Session:
    """A whole game (or ``max_actions`` of it) played by seeded random players."""
    rnd = random.Random(seed if rnd_seed is None else rnd_seed)
    session = Session(game, options, seed)
    for _ in range(max_actions):
        if session.over:
            break
        session.commit(random_action(session, rnd))
    return session
