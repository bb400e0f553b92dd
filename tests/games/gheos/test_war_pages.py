"""Issue 35: a war's announcements read in two pages of the 128x64 panel. The war's result (three
rows when two civilisations fall) comes first, then the follower paid and the followers back.
The playout is the one of tests/table/test_announcements_fit.py that once read in 3 pages."""

from __future__ import annotations

import random

from companion.engine import Session, added
from companion.games.gheos import GAME

from ...table.test_announcements_fit import problems
from ..playout import random_action


def test_a_war_where_two_civilisations_fall_reads_in_two_pages_result_first():
    session, rnd = Session(GAME, {"seats": 4}, 44), random.Random(4)
    wars = []
    for _ in range(700):
        if session.over:
            break
        before = session.state
        session.commit(random_action(session, rnd))
        news = list(added(before, session.state))
        if any(m.en.startswith("War: ") and m.en.count(" and ") for m in news):
            wars.append(news)
            assert problems(GAME, session, news) == []
    assert wars, "the playout has a war two civilisations lose"
    for news in wars:
        texts = [m.cs for m in news]
        war = next(i for i, t in enumerate(texts) if t.startswith("Válka: "))
        assert " platí " in texts[war + 1]
        assert texts[war + 2].startswith("Zpět do zásoby: ")
