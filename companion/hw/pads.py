"""Player pads over USB serial: discovery, handshake, keys in, LED states and screens out.

Threads only *put* events (KeyEvent, RawPadKey, PadPresence, PadTrouble) on the table's queue;
the table never waits on a pad. ``PadHub`` puts three parts together, each in its own module:

- ``pad_link``: the link layer (``Links``): ports found, opened with a back-off, read by one
  thread each, pinged, let go when silent or unplugged; every time and rate in one
  ``PadTimings`` record; a pad's key rate limit (``KeyGate``).
- ``pad_seating``: which pad sits at which seat (``Seating``): the HELLO handshake, the
  pairing's seats, the pads that come and go and the ones that cannot be used.
- ``pad_push``: what goes out to each pad (``Push``): its seat's LED state and, to a pad that
  announced a screen (protocol version 2), its seat's screen, re-sent until acknowledged.

Here the frames a pad sends are routed: HELLO to the seating (then the pad is sent its LED and
screen whole), KEY through the rate limit to the table as its seat's key (or, unseated, as a
key for pairing), ACK to the push.
"""

from __future__ import annotations

import logging
import queue
import threading
import time
from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, replace
from typing import ClassVar

import serial

from ..surface.events import PAD_KEYS, KeyEvent, PadTrouble, RawPadKey
from ..surface.frame import LedState
from ..surface.pad_screen import SeatScreen
from .pad_link import (
    BAUDRATE,
    FLOOD_QUIET_S,
    HANDSHAKE,
    INCOMPATIBLE,
    KEY_BURST,
    KEY_RATE,
    MAX_QUEUED,
    READY,
    REFUSED,
    Link,
    Links,
    PadTimings,
)
from .pad_push import Push
from .pad_seating import Seating
from .protocol import BAD_ARGS, WireFrame, parse_hello

__all__ = [
    "BAUDRATE",
    "FLOOD_QUIET_S",
    "HANDSHAKE",
    "INCOMPATIBLE",
    "KEY_BURST",
    "KEY_RATE",
    "MAX_QUEUED",
    "READY",
    "REFUSED",
    "PadHub",
    "PadInfo",
    "PadTimings",
    "pico_ports",
]

log = logging.getLogger("companion.pads")

PICO_VID, PICO_PID = 0x2E8A, 0x0005


def pico_ports() -> list[str]:
    """Serial ports of MicroPython Picos (all pads look alike here; HELLO tells them apart)."""
    from serial.tools import list_ports

    return sorted(p.device for p in list_ports.comports() if p.vid == PICO_VID and p.pid == PICO_PID)


@dataclass(frozen=True)
class PadInfo:
    """A snapshot of one open port, for menus, logs and the pairing screen."""

    port: str
    state: str
    board_id: str | None
    fw: str | None
    proto: int | None
    seat: int | None
    problem: str | None
    screen: tuple[int, int] | None = None  # the pad's screen (width, height), None without one


class PadHub:
    """All serial pads of the table; also the Leds implementation for seats with pads.

    ``seat_of`` maps board id -> seat (from a saved Pairing). ``transport_factory(port, **kw)``
    opens a port (serial.Serial, or serial.serial_for_url for loop:// in tests);
    ``port_lister()`` returns the candidate port names. ``timings`` holds every time and rate
    (``PadTimings``); a keyword of the same name (``heartbeat_s=0.2``) changes one of them.
    """

    def __init__(
        self,
        events: queue.Queue,
        seat_of: Mapping[str, int],
        transport_factory: Callable = serial.Serial,
        port_lister: Callable[[], Iterable[str]] = pico_ports,
        *,
        timings: PadTimings | None = None,
        clock: Callable[[], float] = time.monotonic,
        **changes,
    ):
        self.timings = replace(timings or PadTimings(), **changes)
        self._events = events
        self._clock = clock
        self._lock = threading.RLock()
        self._counts: Counter[str] = Counter()
        self._links = Links(
            transport_factory,
            port_lister,
            self.timings,
            clock,
            self._lock,
            on_frame=self._on_frame,
            on_lost=self._on_lost,
            on_idle=self._on_idle,
        )
        self._seating = Seating(events, seat_of, self._links, self._lock)
        self._push = Push(self._links, self._seating, self.timings, clock, self._lock, self._count)
        self._closed = False

    # ---- lifecycle ------------------------------------------------------------------------

    def start(self) -> PadHub:
        self._links.start()
        return self

    def __enter__(self) -> PadHub:
        return self.start()

    def __exit__(self, *exc) -> None:
        self.close()

    def close(self) -> None:
        """LEDs off, screens cleared, threads stopped, ports closed. Safe to call twice."""
        if self._closed:
            return
        self._closed = True
        try:
            self.all_off()
            self.show_all({})
        finally:
            self._links.close()

    # ---- Leds protocol and screens ------------------------------------------------------------

    def set(self, seat: int, state: LedState) -> None:
        """Show a seat's LED state on its pad; remembered and re-sent after a reconnect."""
        self._push.set_led(seat, state)

    def all_off(self) -> None:
        self._push.all_off()

    def show(self, seat: int, screen: SeatScreen | None) -> None:
        """Show ``screen`` on ``seat``'s pad if it has a screen; remembered and sent again after a
        reconnect. None blanks it. Only what changed is sent."""
        self._push.show(seat, screen)

    def show_all(self, screens: Mapping[int, SeatScreen]) -> None:
        """Every seat's screen at once; seats not in ``screens`` are blanked (no game running)."""
        for seat in sorted(self._push.seats_shown() | set(screens)):
            self.show(seat, screens.get(seat))

    # ---- seating and introspection ---------------------------------------------------------

    def set_seating(self, seat_of: Mapping[str, int]) -> None:
        """A new pairing: announce moved pads and give each its seat's LED state and screen."""
        for link in self._seating.reseat(seat_of):
            self._push.send_led(link)
            self._push.sync(link, whole=True)  # nothing of the old seat's screen stays

    def pads(self) -> list[PadInfo]:
        with self._lock:
            return [
                PadInfo(
                    lnk.port,
                    lnk.state,
                    lnk.board_id,
                    lnk.hello.fw if lnk.hello else None,
                    lnk.hello.proto if lnk.hello else None,
                    self._seating.seat(lnk) if lnk.state == READY else None,
                    lnk.problem,
                    lnk.hello.screen if lnk.hello else None,
                )
                for lnk in sorted(self._links.by_port.values(), key=lambda lnk: lnk.port)
            ]

    def settled(self) -> bool:
        """True when every LED and screen frame sent has been acknowledged (tests, status)."""
        return self._push.settled()

    def problems(self) -> list[str]:
        """Sentences for the screen: pads needing a firmware update, duplicate board ids."""
        with self._lock:
            return sorted({lnk.problem for lnk in self._links.by_port.values() if lnk.problem})

    def stats(self) -> dict:
        """Frames accepted and dropped (by reason) over all links, past and present."""
        accepted, dropped = self._links.frame_counts()
        with self._lock:
            return {"accepted": accepted, "dropped": dropped, **self._counts}

    def _count(self, what: str) -> None:
        with self._lock:
            self._counts[what] += 1

    # the link layer's steps, by their old names (tests drive them without threads)
    def _on_bytes(self, link: Link, data: bytes) -> None:
        self._links.feed(link, data)

    def _scan(self, now: float) -> None:
        self._links.scan(now)

    # ---- frames from a pad -------------------------------------------------------------------

    def _on_frame(self, link: Link, f: WireFrame) -> None:
        if f.verb == "HELLO":
            self._on_hello(link, f)
            return
        if link.state != READY:  # keys before the handshake (or from a refused pad) never count
            if f.verb == "KEY":
                self._count("ignored_keys")
            return
        handler = self._READY_HANDLERS.get(f.verb)
        if handler is not None:
            handler(self, link, f)

    def _on_hello(self, link: Link, f: WireFrame) -> None:
        try:
            hello = parse_hello(f)
        except ValueError:
            link.decoder.dropped[BAD_ARGS] += 1
            return
        if self._seating.hello(link, hello):
            self._push.hello(link, hello.screen_rows)

    def _on_key(self, link: Link, f: WireFrame) -> None:
        """A paired pad's key is its seat's; an unpaired pad's key goes to the pairing screen."""
        if not self._admit(link):
            return
        pad = link.board_id
        if pad is None:  # only a READY link, one that said HELLO, gets here
            return
        seat = self._seating.seat_of.get(pad)
        if seat is None:
            self._events.put(RawPadKey(pad, f.args[0]))
        elif (key := f.args[0]) in PAD_KEYS:  # always (the decoder checked it): a key, for the type checker
            self._events.put(KeyEvent(seat, key, source=f"pad:{pad}"))

    def _admit(self, link: Link) -> bool:
        """The pad's rate limit and the bound on the main loop's queue; a flood is named once."""
        queued = self._events.qsize() if hasattr(self._events, "qsize") else 0
        with self._lock:  # the scanner clears a quiet flood (``_on_idle``)
            admitted, changed = link.gate.admit(self._clock(), queued)
        if admitted:
            if changed:  # calm again
                self._events.put(PadTrouble(link.board_id or "?", ""))
            return True
        self._count("flood_dropped")
        if changed:
            rate = self.timings.key_rate
            detail = (
                f"Pad {link.board_id} on {link.port} sends more keys than anyone can press "
                f"(over {rate:g} a second): its keys are ignored until it calms down; "
                "check it for a stuck key or unplug it."
            )
            log.warning("%s", detail)
            self._events.put(PadTrouble(link.board_id or "?", "flooding", detail))
        return False

    def _on_idle(self, link: Link, now: float) -> None:
        """Each scanner round of a READY link: what was not acknowledged resent, and a flood
        that has been quiet long enough cleared (a stuck key released, then nothing pressed)."""
        self._push.resend_late(link, now)
        with self._lock:
            calmed = link.gate.calmed(now)
        if calmed:
            self._events.put(PadTrouble(link.board_id or "?", ""))

    def _on_ack(self, link: Link, f: WireFrame) -> None:
        self._push.acked(link, int(f.args[0]))

    def _on_err(self, link: Link, f: WireFrame) -> None:
        log.warning("pad %s on %s reports: %s", link.board_id, link.port, " ".join(f.args))

    # verb -> handler for a READY link; PONG needs none (receiving it already refreshed last_rx)
    _READY_HANDLERS: ClassVar[dict[str, Callable[[PadHub, Link, WireFrame], None]]] = {
        "KEY": _on_key,
        "ACK": _on_ack,
        "ERR": _on_err,
    }

    def _on_lost(self, link: Link, reason: str) -> None:
        """A link let go (the lock held): its seat told, its trouble and its flood notice gone."""
        self._seating.lost(link, reason)
        if link.gate.flooding:  # a flooding pad unplugged: its notice goes with it
            link.gate.flooding = False
            self._events.put(PadTrouble(link.board_id or "?", ""))
