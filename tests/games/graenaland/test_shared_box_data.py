"""The shipped box data is read, not copied, for a session that corrects nothing (the import
sets up thousands): no session may change it, and a box-check walk keeps a copy of its own."""

from __future__ import annotations

import marshal
import random

from companion.engine import Session
from companion.games.graenaland import GAME, game
from tests.games.playout import random_action


def test_sessions_never_change_the_shipped_data_and_the_walk_has_its_own_copy():
    shipped = game._file_data()
    before = marshal.dumps(shipped, 2)
    rnd = random.Random(5)
    walks = []
    for seats in (3, 4, 5):
        session = Session(GAME, {"seats": seats, "check_box": True}, rnd.randrange(1 << 30))
        walk = session.state["boxcheck"]["data"]
        assert walk == shipped and walk is not shipped
        assert all(walk[key] is not shipped[key] for key in walk if isinstance(walk[key], (dict, list)))
        walks.append(walk)
        for _ in range(150):  # the walk's answers correct its data, then the game is played
            if session.over:
                break
            session.commit(random_action(session, rnd))
    assert marshal.dumps(game._file_data(), 2) == before
    assert walks[0] is not walks[1]
