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


# -- a refusal longer than the panel on a map ------------------------------------------------------

LONG = (
    "Bílý, [1,2]: Tady stavět nelze – místo nesousedí s žádnou tvou jednotkou ani s tvou poslední budovou, zkus jiné.",
    "White, [1,2]: You cannot build here – the place touches none of your units nor your last building; try another.",
)


def _dva_bratri_at(step: str, language: str):
    """A table resumed at the first ``step`` of the benchmark's first solo game, a refusal
    longer than the panel on it."""
    from benchmarks import bench_first_game as bench
    from benchmarks.keycount import resumed_table
    from companion.engine import Msg
    from companion.games.dva_bratri import GAME
    from tests.games.dva_bratri.driver import made_up_box

    script = bench.builder_table()(bench.GAMES["first solo game"], 4, made_up_box())
    script.assigned, script.plan, script.last_step, owner = {}, {"done": set()}, None, None
    while script.session.prompt.step != step:
        state = script.session.state
        if (state["active"], state["round"]) != owner:
            owner, script.plan = (state["active"], state["round"]), {"done": set()}
        script.step()
    session = script.session
    table = resumed_table(GAME, session.options, session.seed, list(session.entries))
    table.language = language
    table.messages.notice = [Msg(*LONG)]
    return table


def _read(table, key: str, presses: int, rows: list[str] | None = None) -> list[str]:
    """The rows the panel shows as ``key`` is pressed, each once, in order."""
    from .helpers import host, press

    rows = list(rows or [])
    for _ in range(presses):
        press(table, host(key))
        frame = table.frame()
        rows += [line for line in frame.lines[: table.panel.body_rows] if line not in rows]
    return rows


@pytest.mark.parametrize("language", ["cs", "en"])
def test_a_long_refusal_on_a_place_map_keeps_the_map_and_reads_whole_on_up(language):
    table = _dva_bratri_at("build_at", language)
    text = LONG[language == "en"]
    frame = table.frame()
    assert frame.map is not None and any(c.cursor for row in frame.map.rows for c in row)  # the lit place
    assert frame.lines[0].endswith("▼") and text.startswith(frame.lines[0].removesuffix("▼").strip())
    cursor = table.screen.answer.cell
    from .helpers import host, press

    press(table, host("up"))  # reads the refusal whole, the cursor where it was
    rows = _read(table, "down", 6, list(table.frame().lines[: table.panel.body_rows]))
    assert " ".join(rows).find(text) >= 0 and table.screen.answer.cell == cursor


@pytest.mark.parametrize("language", ["cs", "en"])
def test_a_long_refusal_on_his_placement_keeps_the_map_and_reads_whole_in_words(language):
    table = _dva_bratri_at("jindrich_done", language)
    text = LONG[language == "en"]
    frame = table.frame()
    assert frame.map is not None and frame.lines[0].endswith("▼")
    rows = _read(table, "down", 8)
    assert " ".join(rows).find(text) >= 0
