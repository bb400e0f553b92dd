"""``building.is_candidate`` (what the build menu's gate asks) says of every value what
``building.candidates`` lists, at every state of random playouts, for every mode and seat."""

from __future__ import annotations

import random

from companion.engine import Session
from companion.games import load
from companion.games.graenaland import building
from tests.games.playout import random_action

NEAR = ("army:x", "supply", "supply:1", "grant:9", "grant:01", "coop:road", "coop:church:{t}", "church:{t}:stay")


def test_is_candidate_agrees_with_the_listed_candidates():
    rules = load("graenaland")
    rnd = random.Random(7)
    for seats in (3, 5):
        session = Session(rules, {"seats": seats}, rnd.randrange(1 << 30))
        for _ in range(120):
            if session.over:
                break
            state = session.state
            first = state["board"]["order"][0]
            for seat in range(seats):
                for mode in ("main", "grant", "free"):
                    listed = building.candidates(state, seat, mode)
                    others = [v.format(t=first) for v in NEAR] + [f"{v}:x" for v in listed[:40:7]]
                    for value in [*listed, *others]:
                        assert building.is_candidate(state, seat, value, mode) == (value in listed), (value, mode)
            session.commit(random_action(session, rnd))
