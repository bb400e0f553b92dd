"""Issue 35, the first game on the panel: Graenaland's start spots read in at most three pages
of the 128×64 panel, a player's row never parted from his pieces."""

from __future__ import annotations

import pytest

from .test_panel_issue35 import _pages, resumed


@pytest.mark.parametrize("seats", [3, 4])
@pytest.mark.parametrize("language", ["cs", "en"])
def test_the_start_spots_read_in_three_pages_a_player_a_row(language, seats):
    table = resumed("graenaland", language, seats)
    table.messages.notice = []  # as a game started from the menu (no "Game resumed" above it)
    prompt = table.session.prompt
    assert prompt.step == "start_spots" and (table.panel.width, table.panel.height) == (128, 64)
    pages = _pages(table)
    assert len(pages) <= 3, pages
    player = "Hráč" if language == "cs" else "Player"
    rows = [row for body, _ in pages for row in body if row.startswith(player)]
    assert len(rows) == seats  # each player's pieces on his own row, whole
    items = prompt.detail.get(language).split("; ")
    assert all(row in items for row in rows)
