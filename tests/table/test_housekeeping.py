"""What waits for the frame (``companion.table.housekeeping``): an ended game's archive, retried
while the history cannot take it, and the box memory, saved only when a session changed it."""

from __future__ import annotations

from types import SimpleNamespace

from companion.engine import Scores
from companion.table.housekeeping import ARCHIVE_RETRY_S, Archive, BoxKeeper


class History:
    def __init__(self):
        self.fail, self.finished = False, []

    def finish(self, session_id, scores, winner):
        if self.fail:
            raise OSError("disk full")
        self.finished.append((session_id, scores, winner))


def test_an_archive_that_fails_says_why_and_is_tried_again_after_a_while():
    history, now = History(), [100.0]
    archive = Archive(history, lambda: now[0])
    assert archive.run() is None and archive.deadline() is None  # nothing ended: nothing to do
    scores = Scores({0: 3, 1: 7}, ranking=(1, 0), final=True)
    archive.hold("s1", scores)
    history.fail = True
    failed = archive.run()
    assert failed is not None and "disk full" in failed.en and archive.waiting is not None
    assert archive.deadline() == 100.0 + ARCHIVE_RETRY_S
    history.fail = False
    assert archive.run() is None and archive.waiting is None and archive.deadline() is None
    assert history.finished == [("s1", scores.to_json(), 1)]


def test_the_box_memory_is_saved_only_when_the_session_changed_it():
    saved = []
    memory = SimpleNamespace(load=lambda name: {"a": 1}, save=lambda name, box: saved.append((name, box)))
    learned = {"a": 1}
    session = SimpleNamespace(game=SimpleNamespace(name="g", learned_box=lambda state: dict(learned)), state={})
    keeper = BoxKeeper(memory)
    assert keeper.load("g") == ({"a": 1}, None)  # a memory that cannot say what it set aside
    keeper.started(session)
    keeper.remember(session)
    assert saved == []
    learned["a"] = 2
    keeper.remember(session)
    keeper.remember(session)
    assert saved == [("g", {"a": 2})]
    assert BoxKeeper(None).load("g") == ({}, None)
