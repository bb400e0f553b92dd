"""Announcements read in at most two pages of the 128x64 panel, a sentence never broken by a page.

Random playouts of every registered game (both languages): what each action announces is paged as
the table pages it (``screens.news_page_rows``: whole messages, else whole sentences, on pages of
the panel's three body rows). Every sentence fits one page, and one action's announcements take at
most two pages (the whole text is for the pad screen and the history). Above a result screen
the table leaves out what the screen lists itself (``screens.unrepeated_news``), so the bound
holds for what is left. After the last action the ranking has the panel and the announcements
follow under it (no key can answer a question there), so the game-ending action is not bounded.
A name and its number joined by a no-break space are never split between rows.
"""

from __future__ import annotations

import random

import pytest

from companion.engine import Session, added
from companion.games import REGISTRY, load
from companion.surface.panel import SMALLEST
from companion.table.screens import sentences

from ..games.announcements import left_above
from ..games.playout import random_action

PAGES = 2
ACTIONS = 700


def problems(game, session: Session, news) -> list[str]:
    rows = SMALLEST.body_rows
    found = []
    prompt = session.prompt
    for language in ("cs", "en"):
        texts = left_above(prompt, [m.get(language) for m in news], language)
        pieces = []
        for text in texts:
            broken = SMALLEST.rows(text)
            if len(broken) <= rows:
                pieces.append(len(broken))
                continue
            for sentence in sentences(text):
                height = len(SMALLEST.rows(sentence))
                if height > rows:
                    found.append(f"{language}: a sentence longer than a page ({height} rows): {sentence!r}")
                pieces.append(height)
        pages, used = 0, rows
        for height in pieces:
            if used + height > rows:
                pages, used = pages + 1, 0
            used += height
        if pages > PAGES:
            found.append(f"{language}: {pages} pages after {session.prompt and session.prompt.step}: {texts!r}")
    return found


@pytest.mark.parametrize("name", list(REGISTRY))
def test_what_an_action_announces_reads_in_two_pages_of_whole_sentences(name):
    game = load(name)
    found: set[str] = set()
    for seats in sorted({game.min_seats, game.max_seats}):
        session = Session(game, {"seats": seats}, 40 + seats)
        rnd = random.Random(seats)
        for _ in range(ACTIONS):
            if session.over:
                break
            before = session.state
            session.commit(random_action(session, rnd))
            if session.over:
                break
            found.update(problems(game, session, list(added(before, session.state))))
    assert not found, "\n".join(sorted(found))
