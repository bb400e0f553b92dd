"""Which pad sits at which seat: the HELLO handshake, the pairing's seats, and what the table is
told about it (a seat's pad present or gone, a pad that cannot be used).

A pad is known by the board id in its HELLO, never by its port name or USB id (every
MicroPython Pico is 2E8A:0005). A pad of another protocol version, or a second pad with a board
id already connected, is kept open but ignored, and named to the table once.
"""

from __future__ import annotations

import logging
import queue
import threading
from collections.abc import Mapping

from ..surface.events import PadPresence, PadTrouble
from .pad_link import INCOMPATIBLE, READY, REFUSED, Link, Links
from .protocol import PROTO_VERSION, Hello, version_problem

log = logging.getLogger("companion.pads")


class Seating:
    """The board id -> seat mapping (from a saved pairing) and the handshake of every link."""

    def __init__(self, events: queue.Queue, seat_of: Mapping[str, int], links: Links, lock: threading.RLock):
        self.events = events
        self.seat_of = dict(seat_of)
        self.links = links
        self.lock = lock
        self.warned: set[str] = set()
        # port -> (board id, kind) of the trouble last reported to the table for that port: keyed
        # by port, so the good pad with the same id saying HELLO again does not clear the notice
        # of the refused one, and the notice goes with the port that has it
        self.troubled: dict[str, tuple[str, str]] = {}

    def seat(self, link: Link) -> int | None:
        """The seat of the pad on ``link``; None while it is unseated or has not said HELLO."""
        return self.seat_of.get(link.board_id) if link.board_id is not None else None

    def reseat(self, seat_of: Mapping[str, int]) -> list[Link]:
        """A new pairing: announce moved pads; the links whose seat changed."""
        with self.lock:
            self.seat_of = dict(seat_of)
            moved = []
            for link in self.links.ready():
                seat = self.seat(link)
                if seat != link.seat:
                    if link.seat is not None:
                        self.events.put(PadPresence(link.seat, False, "pad moved to another seat"))
                    if seat is not None:
                        self.events.put(PadPresence(seat, True, f"pad {link.board_id}"))
                    link.seat = seat
                    moved.append(link)
        return moved

    # -- the handshake -----------------------------------------------------------------------------

    def hello(self, link: Link, hello: Hello) -> bool:
        """A HELLO on ``link``: READY, or kept open but refused. True when it is READY."""
        with self.lock:
            if not self.links.is_open(link):
                return False  # the link was lost while its HELLO was being read
            old_seat = link.seat if link.state == READY else None
            was = (link.state, link.board_id)
            link.hello = hello
            problem = self._problem(link, hello)
            if problem is not None:
                self._refuse(link, hello, problem, old_seat)
                return False
            self._accept(link, hello, old_seat, was)
            return True

    def _problem(self, link: Link, hello: Hello) -> str | None:
        """Why this HELLO cannot make the link READY: another protocol version, or its board id
        already READY on another port. Called with the lock held."""
        problem = version_problem(hello, link.port)
        if problem is not None:
            return problem
        other = next(
            (o for o in self.links.ready() if o is not link and o.board_id == hello.board_id),
            None,
        )
        if other is None:
            return None
        return (
            f"Two pads claim board id {hello.board_id} ({other.port} and "
            f"{link.port}): the one on {link.port} is ignored."
        )

    def _refuse(self, link: Link, hello: Hello, problem: str, old_seat: int | None) -> None:
        """Keep the link open but ignored; tell the table (once per kind) and the log (once)."""
        self._report_trouble(link, hello, problem)
        link.state = INCOMPATIBLE if not hello.compatible else REFUSED
        link.problem = problem
        link.seat = None
        if old_seat is not None:
            self.events.put(PadPresence(old_seat, False, problem))
        else:
            seat = self.seat_of.get(hello.board_id)
            if seat is not None and not hello.compatible:
                self.events.put(PadPresence(seat, False, problem))
        if problem not in self.warned:
            self.warned.add(problem)
            log.error("%s", problem)

    def _report_trouble(self, link: Link, hello: Hello, problem: str) -> None:
        """A PadTrouble for the table when this port's kind of trouble changes."""
        kind = (
            "duplicate_id" if hello.compatible else ("old_firmware" if hello.proto < PROTO_VERSION else "new_firmware")
        )
        if self.troubled.get(link.port) != (hello.board_id, kind):
            self.clear_trouble(link.port)
            self.troubled[link.port] = (hello.board_id, kind)
            self.events.put(PadTrouble(hello.board_id, kind, problem))

    def clear_trouble(self, port: str) -> None:
        """The port's trouble is over (its pad is fine or gone): the table's notice goes too,
        unless another port still has a trouble under the same board id. Lock held."""
        trouble = self.troubled.pop(port, None)
        if trouble is not None and all(other[0] != trouble[0] for other in self.troubled.values()):
            self.events.put(PadTrouble(trouble[0], ""))

    def _accept(self, link: Link, hello: Hello, old_seat: int | None, was: tuple) -> None:
        """The link is READY; clear a reported trouble and announce the seat if it changed."""
        link.state = READY
        link.problem = None
        self.clear_trouble(link.port)
        self.links.backoff.pop(link.port, None)
        seat = self.seat_of.get(hello.board_id)
        if was == (READY, hello.board_id):
            return  # the same pad said HELLO again: its seat is already announced
        log.info("pad %s (firmware %s) ready on %s, seat %s", hello.board_id, hello.fw, link.port, seat)
        if old_seat is not None and old_seat != seat:
            self.events.put(PadPresence(old_seat, False, "another pad on this port"))
        if seat is not None and seat != old_seat:
            self.events.put(PadPresence(seat, True, f"pad {hello.board_id}"))
        link.seat = seat

    def lost(self, link: Link, reason: str) -> None:
        """``link`` was let go (lock held): its seat's pad is gone, its trouble over."""
        if link.state == READY and link.seat is not None:
            self.events.put(PadPresence(link.seat, False, reason))
        self.clear_trouble(link.port)  # a refused or incompatible pad unplugged
