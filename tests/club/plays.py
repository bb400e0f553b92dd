"""Finished plays made as the table makes them: a real game of the example through the engine,
each accepted action appended to the store, the players named, the game finished."""

from __future__ import annotations

import random
from datetime import datetime, timedelta, timezone

from companion import games
from companion.engine import Session

PRAGUE = timezone(timedelta(hours=1))


class Clock:
    def __init__(self, start: datetime | None = None):
        self.now = start or datetime(2026, 3, 1, 18, 0, tzinfo=PRAGUE)

    def __call__(self) -> datetime:
        self.now += timedelta(seconds=7)
        return self.now


def play_example(store, seed: int, names: list[str], order: list[int] | None = None) -> str:
    """One finished game of the example (2-4 seats); ``order``: the seats from first to last
    (the leader of each round takes bonus 3 when it is that seat): returns the session's uid."""
    game = games.load("example")
    seats = len(names)
    options = game.validate_options({"seats": seats, "rounds": 2})
    draw = random.Random(seed)
    session = Session(game, options, seed, [])
    session_id = store.create_session("example", options, seed, [f"seat {n + 1}" for n in range(seats)])
    for seat, name in enumerate(names):
        store.name_player(session_id, seat, name)
    while not session.over:
        prompt = session.prompt
        if prompt.step == "pick":
            picks = {str(s): draw.choice((1, 2, 3)) for s in range(seats)}
            if order:
                picks = {str(s): 3 if s == order[0] else 1 for s in range(seats)}
            action = {"step": "pick", "picks": picks}
        elif prompt.step == "roll":
            action = {"step": "roll", "seat": None, "value": None}
        else:
            action = {"step": "bonus", "seat": prompt.seats[0], "value": draw.choice((0, 1, 2, 3))}
        outcome = session.evaluate(action)
        store.append(session_id, outcome.entry)
        session.commit(outcome)
    scores = session.score()
    store.finish(session_id, scores.to_json(), scores.winner)
    return next(r["uid"] for r in store.history() if r["session"] == session_id)
