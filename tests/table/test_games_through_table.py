"""Whole games played key by key through the generic table reach the same end as the rules."""

import pytest

from companion.games import available, load
from companion.hw.emulated import parse_script
from companion.table.flow import Over
from companion.table.table import Table

from ..keyscript import play_script
from .helpers import MemoryRecorder


@pytest.mark.parametrize(
    "name, seats, seed", [("vaaalbara", 2, 1), ("vaaalbara", 5, 2), ("graenaland", 3, 5), ("graenaland", 4, 6)]
)
def test_game_through_the_table(name, seats, seed):
    games = {n: load(n) for n in available()}
    lines, expected = play_script(games[name], seats, seed, games_in_menu=list(games))
    recorder = MemoryRecorder()
    table = Table(recorder, games, "cs", new_seed=lambda: seed)
    for event in parse_script("\n".join(lines[:-1])):  # all but leaving the final screen
        table.handle(event)
        assert not (table.messages.notice and table.messages.notice[0].en.startswith("✗")), table.messages.notice
    assert isinstance(table.screen, Over)
    assert table.session.state == expected.state
    table.housekeeping()  # the main loop's work after the frame: the game goes to the history
    assert recorder.finished[0][1] == expected.score().to_json()
