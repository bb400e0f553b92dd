"""Whole games of Troy through the generic table, on the keys players press: 4 and 6 players,
the box keeping the row (started from the main menu) and the cards on the table (resumed from
a session start); every frame fits the panel in Czech and English; the stored log replays."""

from __future__ import annotations

import random

import pytest

from companion.engine import Session
from companion.games.troy import GAME
from companion.hw.emulated import parse_script
from companion.table.table import Table

from ...keyscript import legal_keys, play_script, submit_and_ack
from ...table.helpers import MemoryRecorder
from ..panel import frame_lines_that_do_not_fit

SEED = 31


def run(table: Table, lines: list[str]) -> set[str]:
    unfit = set()
    for event in parse_script("\n".join(lines)):
        table.handle(event)
        unfit.update(frame_lines_that_do_not_fit(table))
    return unfit


@pytest.mark.parametrize("seats", [4, 6])
def test_a_whole_game_with_the_box_as_the_row_from_the_main_menu(seats):
    lines, played = play_script(GAME, seats, SEED)
    recorder = MemoryRecorder()
    table = Table(recorder, {"troy": GAME}, "cs", new_seed=lambda: SEED)
    unfit = run(table, lines[:-1])
    assert not unfit, "\n".join(sorted(unfit))
    assert table.session.over and table.session.state == played.state
    table.housekeeping()  # the main loop's work after the frame: the game goes to the history
    stored = next(iter(recorder.sessions.values()))
    again = Session(GAME, stored["options"], stored["seed"], stored["entries"])
    assert again.state == played.state and recorder.finished[0][1] == played.score().to_json()
    steps = {e["action"]["step"] for e in stored["entries"]}
    assert {"allegiance", "roll", "build", "donate_count", "donate_cards"} <= steps


@pytest.mark.parametrize("seats", [4, 6])
def test_a_whole_game_with_the_cards_on_the_table(seats):
    options = GAME.validate_options({"seats": seats, "row": "table"})
    recorder = MemoryRecorder()
    table = Table(recorder, {"troy": GAME}, "en", new_seed=lambda: SEED)
    session_id = recorder.create_session("troy", options, SEED, [])
    assert table.resume(session_id, "troy", options, SEED, [])
    played, rnd, lines = Session(GAME, options, SEED), random.Random(SEED), []
    while not played.over:
        more, action = legal_keys(played, rnd)
        lines += more + submit_and_ack(played, action)
    unfit = run(table, lines)
    assert not unfit, "\n".join(sorted(unfit))
    assert table.session.over and table.session.state == played.state
    assert played.score().final and played.state["troy"]["row"] is None
