"""The board's result after a game: drawn from what the game already knew, and for every seat.

The plot of points by round comes from the totals the board's tracker kept as each round ended,
not from a replay of the log at the game's last key: for every recorded game (and with an undo
back over a round's end) they are the points the replay finds. A solo Dva bratři game ranks
Jindřich, the seat the box plays, beside the player.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.games import load
from companion.table.flow import Over
from companion.table.table import Table
from companion.web.views import Tracker, board_view, score_rounds

from ..table.helpers import MemoryRecorder

CORPUS = Path(__file__).resolve().parents[1] / "data" / "corpus"
FILES = sorted(path.name for path in CORPUS.glob("*-*.json") if path.stem != "docs-examples")


def followed(name: str, recorded: dict, undo_at: int | None = None) -> tuple[Table, Tracker]:
    """The recorded game played action by action on a table the tracker watches from its start;
    ``undo_at``: after that action, the last action is taken back (the tracker must then have
    taken back the round it ended) and played again."""
    table = Table(MemoryRecorder(), {name: load(name)}, "en", new_seed=lambda: recorded["seed"])
    session_id = table.recorder.create_session(name, recorded["options"], recorded["seed"], [])
    assert table.resume(session_id, name, recorded["options"], recorded["seed"], [])
    tracker = Tracker(clock=lambda: 0.0)
    tracker.observe(table)
    for index, entry in enumerate(recorded["entries"]):
        table.commit(entry["action"], None)
        tracker.observe(table)
        if index == undo_at:
            ended = len(tracker.rounds)
            table.do_undo(True)
            tracker.observe(table)
            assert len(tracker.rounds) == ended - 1  # the round this action ended is open again
            table.commit(entry["action"], None)
            tracker.observe(table)
    assert table.session is not None and table.session.over
    return table, tracker


@pytest.mark.parametrize("file", FILES)
def test_the_rounds_the_tracker_kept_are_the_rounds_the_log_replays(file):
    data = json.loads((CORPUS / file).read_text())
    table, tracker = followed(data["game"], data["games"][0])
    assert tracker.score_rounds(table) == score_rounds(table)


def test_an_undo_over_the_end_of_a_round_takes_that_round_back():
    data = json.loads((CORPUS / "vaaalbara-2.json").read_text())
    recorded = data["games"][0]
    replay = followed("vaaalbara", recorded)[0]
    rounds = [replay.running.game.status(state).round for state in _states(replay, recorded)]
    first_of_round_2 = rounds.index(2)  # the action that ended round 1
    table, tracker = followed("vaaalbara", recorded, undo_at=first_of_round_2)
    assert tracker.score_rounds(table) == score_rounds(table) == score_rounds(replay)


def _states(table: Table, recorded: dict) -> list[dict]:
    from companion.engine import Session

    session = Session(table.running.game, recorded["options"], recorded["seed"])
    states = []
    for entry in recorded["entries"]:
        session.submit(entry["action"])
        states.append(session.state)
    return states


def test_a_solo_game_ranks_jindrich_on_the_board_and_in_its_plot():
    data = json.loads((CORPUS / "dva_bratri-1.json").read_text())
    table, tracker = followed("dva_bratri", data["games"][0])
    assert isinstance(table.screen, Over) and table.seat_count() == 1
    view = board_view(table, tracker)
    ranked = {row["seat"]: row["label"] for row in view["ranking"]}
    assert set(ranked) == {0, 1} and ranked[1] == table.seat_label(1)
    assert table.seat_label(1) in view["plots"]["scores"]  # the legend names him
