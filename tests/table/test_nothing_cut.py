"""Nothing players need is cut, on every panel size, in both languages, in every game.

Random playouts of every game in ``companion.games.REGISTRY`` (a game registered later is
checked the same way) are played key by key through the real table; every frame they reach --
each prompt, and each announcement screen before it -- is drawn in Czech and in English and
must not cut a line (``hw.screen.cut_lines``: measured in the panel's own fonts). A question's
first row must be on screen when the prompt appears, and a text longer than the panel must
say how to read on.
"""

from __future__ import annotations

import pytest

from companion.games import REGISTRY, load
from companion.hw.emulated import parse_script
from companion.hw.screen import cut_lines, visible_lines
from companion.surface.panel import Panel
from companion.table.flow import Play
from companion.table.table import Table

from ..games.playout import play
from ..keyscript import keys_for_action
from .helpers import MemoryRecorder

MAX_ACTIONS = 1500
PANELS = {"128x64": Panel(128, 64), "128x128": Panel(128, 128), "256x64": Panel(256, 64)}


def cases():
    for name in REGISTRY:
        game = load(name)
        for seats in sorted({game.min_seats, game.max_seats}):
            yield pytest.param(name, seats, "128x64", id=f"{name}-{seats}-128x64")
        for size in ("128x128", "256x64"):
            yield pytest.param(name, game.max_seats, size, id=f"{name}-{game.max_seats}-{size}")


def problems(table: Table) -> list[str]:
    """What the current frame cuts or hides, in both languages."""
    found, language = [], table.language
    try:
        for table.language in ("cs", "en"):
            frame = table.frame()
            found += [f"{table.language} cut: {line!r}" for line in cut_lines(frame, table.panel)]
            rows = table.panel.body_rows
            hidden = len(frame.lines) > rows and frame.map is None and frame.selected is None
            if hidden and not ("▼" in frame.footer or "▲▼" in frame.footer or table.session.prompt.kind.hidden):
                found.append(f"{table.language} hidden rows without a way to read them: {frame.lines[rows:]!r}")
            if (
                isinstance(table.screen, Play)
                and frame.selected is not None
                and visible_lines(frame, rows)[0] > 0
                and table.answer.browsed is False
                and not table.news_blocks()
            ):
                found.append(f"{table.language} the question's start is off the screen: {frame.lines[0]!r}")
    finally:
        table.language = language
    return found


@pytest.mark.slow
@pytest.mark.parametrize("name, seats, size", list(cases()))
def test_every_prompt_and_announcement_a_random_game_reaches_is_shown_whole(name, seats, size):
    game = load(name)
    seed = 400 + seats
    options = {"seats": seats}
    session = play(game, options, seed, MAX_ACTIONS)
    recorder = MemoryRecorder()
    table = Table(recorder, {name: game}, "cs", new_seed=lambda: seed, panel=PANELS[size])
    session_id = recorder.create_session(name, session.options, seed, [])
    assert table.resume(session_id, name, session.options, seed, [])
    table.messages.notice = []
    found, announcements = set(), 0
    replay = type(session)(game, session.options, seed)
    for index, entry in enumerate(session.entries):
        found.update(problems(table))
        if table.news_blocks():
            announcements += 1
            press(table, ["host ok"])
            found.update(problems(table))
        press(table, keys_for_action(replay.prompt, entry["action"]))
        replay.submit(entry["action"])
        assert table.session.state == replay.state, f"action {index}: {entry['action']}"
    found.update(problems(table))
    assert not found, "\n".join(sorted(found))
    assert announcements > 0 or not any(replay.state.get("recent", ()))


def press(table: Table, lines: list[str]) -> None:
    for event in parse_script("\n".join(lines)):
        table.handle(event)


def test_a_count_is_listed_once_not_after_its_own_code():
    """A count's label is its number ("3", "22 → +5"): the list shows "3", not "3 3"."""
    from companion.table.screens import option_line

    assert option_line("3", "3") == "3"
    assert option_line("22", "22 → +5") == "22 → +5"
    assert option_line("2", "Les 3") == "2 Les 3"
    assert option_line("1", "12 hráčů") == "1 12 hráčů"
