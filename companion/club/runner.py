"""The club started beside an owner of the store: the table (``companion.app``) or ``companion
club sync`` (a box whose table is not running, a club's always-on member)."""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from pathlib import Path

from .box import Club
from .settings import ClubSettings

log = logging.getLogger("companion.club")


class ClubLink:
    """The club and its MQTT sync. ``work(store)`` is for the owner's thread only; ``notify``
    (called from paho's thread) only calls ``wake`` once until ``work`` runs."""

    def __init__(self, settings: ClubSettings, data_dir: Path, wake: Callable[[], None]):
        from .sync import Sync

        self.club = Club(settings, data_dir)
        self._wake = wake
        self._due = threading.Event()
        self.sync = Sync(self.club, self.notify)

    def notify(self) -> None:
        if not self._due.is_set():
            self._due.set()
            self._wake()

    def start(self) -> None:
        self.sync.start()

    def collect(self, store) -> int:
        """A game archived: this box's new plays into the outbox (cheap when none is new);
        how many were new."""
        return self.club.collect(store)

    def board_lines(self, store, session_id: int) -> list:
        """The league's change for the finished session ``session_id`` of ``store``
        ("Anna: 1,512 → 1,530", ``Msg``s), for the board after the game; none when the play is
        not in the history or the league does not rate it (fewer than two named players)."""
        uid = next((r.get("uid") for r in store.history() if r.get("session") == session_id), None)
        return self.club.board_lines(store, uid) if isinstance(uid, str) else []

    def work(self, store, limit: int | None = None) -> int:
        """This box's new plays into the outbox, then what arrived merged (``limit`` messages at
        most); returns how many messages still wait (the caller comes back for them)."""
        self._due.clear()
        try:
            self.club.collect(store)
            _, left = self.club.merge(store, limit)
        except Exception as error:  # the table must go on: the inbox keeps what was not merged
            log.error("club: %s: %s", type(error).__name__, error)
            return 0
        return left

    def close(self) -> None:
        try:
            self.sync.stop()
        finally:
            self.club.close()


def serve(settings: ClubSettings, data_dir: Path, stop: threading.Event, store) -> None:
    """``companion club sync``: the club's work on this thread until ``stop`` is set."""
    woken = threading.Event()
    link = ClubLink(settings, data_dir, woken.set)
    link.club.collect(store, force=True)
    link.start()
    try:
        while not stop.is_set():
            left = link.work(store, limit=500)
            if left:
                continue
            woken.wait(1.0)
            woken.clear()
    finally:
        link.close()
