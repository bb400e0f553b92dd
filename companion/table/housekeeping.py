"""Work that may wait until the frame is shown: an ended game put in the history, and the
table's preferences kept in the store."""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

from ..engine import Msg, Scores
from . import texts

ARCHIVE_RETRY_S = 5.0  # how soon an ended game the history could not take is tried again

log = logging.getLogger(__name__)


class Archive:
    """An ended game on its way into the history. Its last action is durable already (a restart
    completes the rest), so the several writes and syncs of archiving wait for the main loop's
    idle moment instead of holding up the last key's screen; a failure is retried."""

    def __init__(self, recorder: Any, clock: Callable[[], float]):
        self.recorder = recorder
        self.clock = clock
        self.waiting: tuple[int, Scores] | None = None  # the ended game (its id, its scores)
        self.retry_at: float | None = None

    def hold(self, session_id: int, scores: Scores) -> None:
        """The game ``session_id`` has ended with ``scores``: archive it at the next chance."""
        self.waiting, self.retry_at = (session_id, scores), None

    def deadline(self) -> float | None:
        """When a failed archive is tried again, else None."""
        return self.retry_at if self.waiting is not None else None

    def run(self) -> Msg | None:
        """Archive the waiting game; the notice to show when the history cannot take it."""
        if self.waiting is None:
            return None
        session_id, scores = self.waiting
        try:
            self.recorder.finish(session_id, scores.to_json(), scores.winner)
        except Exception as error:  # a full or failing disk: the log holds the game, retry later
            log.error("could not archive session %s: %s", session_id, error)
            self.retry_at = self.clock() + ARCHIVE_RETRY_S
            return texts.ARCHIVE_FAILED.format(why=str(error))
        self.waiting, self.retry_at = None, None
        return None


def save_preference(recorder: Any, name: str, value: object) -> None:
    """Kept in the store when it keeps preferences; else for this run only."""
    save = getattr(recorder, "set_preference", None)
    if save is None:
        return
    try:
        save(name, value)
    except Exception as error:
        log.error("could not save the %s: %s", name, error)


class BoxKeeper:
    """What sessions learned about the box (``Game.learned_box``), kept per game between them
    (``box_memory``: store.boxes.BoxFiles, or None to keep nothing). The session log stays the
    truth; this only spares the players the same questions in the next game."""

    def __init__(self, box_memory: Any):
        self.box_memory = box_memory
        self.saved: dict = {}  # what the running session's game has saved (or started with)

    def load(self, name: str) -> tuple[dict, Msg | None]:
        """The corrections kept for game ``name``, and why a kept file was set aside (moved to
        ``.bad-N``) if it was: only a notice, never a reason not to play."""
        if self.box_memory is None:
            return {}, None
        saved = self.box_memory.load(name)
        problem = getattr(self.box_memory, "problem", None)
        try:
            return saved, problem(name) if problem is not None else None
        except Exception as error:
            log.error("could not tell the box memory's problem: %s", error)
            return saved, None

    def started(self, session: Any) -> None:
        """A new session starts from what its game knows now."""
        self.saved = session.game.learned_box(session.state)

    def remember(self, session: Any) -> None:
        """Save what ``session`` learned or corrected about the box, when it changed."""
        if self.box_memory is None:
            return
        learned = session.game.learned_box(session.state)
        if learned == self.saved:
            return
        try:
            self.box_memory.save(session.game.name, learned)
            self.saved = learned
        except Exception as error:  # the game goes on; the facts are in the session log anyway
            log.error("could not save the box corrections: %s", error)
