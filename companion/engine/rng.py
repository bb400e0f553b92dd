"""Seeded randomness kept inside the state, so replaying a log gives the same draws.

The state holds ``{"seed": ..., "draws": n}``; every draw uses a generator derived from the seed
and the draw number, then increments ``draws``. The engine sees a changed ``draws`` and treats
the action as a chance event for the undo policy.
"""

from __future__ import annotations

import random

KEY = "rng"


def new(seed: int) -> dict:
    return {"seed": int(seed), "draws": 0}


def _next(state: dict) -> random.Random:
    rng = state[KEY]
    generator = random.Random(f"{rng['seed']}/{rng['draws']}")
    rng["draws"] += 1
    return generator


def shuffle(state: dict, items: list) -> list:
    """Return a shuffled copy of ``items`` (one chance event)."""
    out = list(items)
    _next(state).shuffle(out)
    return out


def randint(state: dict, low: int, high: int) -> int:
    return _next(state).randint(low, high)


def choice(state: dict, items):
    return _next(state).choice(list(items))


def draws(state: dict) -> int:
    rng = state.get(KEY) if isinstance(state, dict) else None
    return rng["draws"] if rng else 0
