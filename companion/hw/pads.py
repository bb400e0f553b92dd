"""Player pads over USB serial: discovery, handshake, keys in, LED states and screens out.

Threads only *put* events (KeyEvent, RawPadKey, PadPresence) on the table's queue; the table
never waits on a pad. One reader thread owns each port and is the only one that closes it; a
scanner thread discovers ports, pings pads and declares silent ones gone. A pad is known by the
board id in its HELLO, never by its port name or USB id (every MicroPython Pico is 2E8A:0005).

A pad that announces a screen in its HELLO (protocol version 2) is also sent its seat's screen
(``show``): the rows that changed, and the entry (how the pad echoes keys) when it changed;
the whole screen after every HELLO or change of seat. Nothing of one seat's screen is sent to
another seat's pad, and nothing of it is logged.
"""

from __future__ import annotations

import logging
import queue
import threading
import time
from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import ClassVar

import serial

from ..surface.events import KeyEvent, PadPresence, PadTrouble, RawPadKey
from ..surface.frame import LED_OFF, LedState
from ..surface.pad_screen import BLANK, NO_ENTRY, Entry, SeatScreen
from .protocol import (
    BAD_ARGS,
    ENTRY_MODES,
    MAX_HINTS,
    PROTO_VERSION,
    SEQ_MOD,
    Frame,
    FrameDecoder,
    Hello,
    encode_frame,
    led_args,
    parse_hello,
    screen_text_fits,
    text_args,
    version_problem,
)

log = logging.getLogger("companion.pads")

PICO_VID, PICO_PID = 0x2E8A, 0x0005
BAUDRATE = 115200  # ignored by USB CDC, but pyserial wants one

# Link states
HANDSHAKE = "handshake"  # port open, no HELLO yet
READY = "ready"  # HELLO accepted: keys count
INCOMPATIBLE = "incompatible"  # another protocol version: kept open, ignored, reported
REFUSED = "refused"  # its board id is already connected on another port


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


# A person presses a few keys a second; a pad that sends more is broken or stuck. Keys over the
# rate are dropped (counted), the pad is named to the table once (PadTrouble "flooding"), and
# the main loop's queue never holds more than MAX_QUEUED events from the pads: memory stays flat.
KEY_RATE = 20.0  # keys per second a pad may keep sending
KEY_BURST = 20  # keys it may send at once
MAX_QUEUED = 256  # events waiting in the main loop's queue beyond which pad keys are dropped
FLOOD_QUIET_S = 2.0  # a flooding pad is fine again after this long within its rate


class _Link:
    """One open port. Only its reader thread closes the transport (no fd reuse races)."""

    def __init__(self, port: str, transport, now: float):
        self.port = port
        self.t = transport
        self.decoder = FrameDecoder()
        self.state = HANDSHAKE
        self.hello: Hello | None = None
        self.problem: str | None = None
        self.seat: int | None = None  # the seat announced present for this pad
        self.opened = now
        self.last_rx = now
        self.last_ping = now
        self.led_pending: tuple[int, float] | None = None  # (seq, sent at) awaiting ACK
        # The screen (version 2): what the pad was sent, and the screen frames awaiting an ACK
        # (seq -> (what it carried: a row number or "entry", sent at)); guarded by screen_lock,
        # as led_pending is: a sender notes its frame before the reader can take the ACK.
        self.screen_lock = threading.Lock()
        self.screen_rows = 0  # text rows of its screen, 0 without one
        # None: send the whole screen next time; a row None: its frame was lost, send it again
        self.sent_rows: list[str | None] | None = None
        self.sent_entry: Entry | None = None
        self.screen_pending: dict[int, tuple[int | str, float]] = {}
        self.seq = 0
        self.stop = threading.Event()
        self.closed = False
        self.wlock = threading.Lock()
        self.thread: threading.Thread | None = None
        self.tokens = float(KEY_BURST)  # the key rate limit's bucket (see PadHub._admit)
        self.refilled = now
        self.flooding = False
        self.flood_since = now

    @property
    def board_id(self) -> str | None:
        return self.hello.board_id if self.hello else None

    def send(self, verb: str, *args: object) -> int | None:
        """Write one frame; returns its seq, or None when the port is gone (the reader notices)."""
        with self.wlock:
            if self.closed:
                return None
            seq = self.seq
            self.seq = (seq + 1) % SEQ_MOD
            try:
                self.t.write(encode_frame(seq, verb, *args))
            except (serial.SerialException, OSError) as e:
                log.debug("write to %s failed: %s", self.port, e)
                return None
            return seq

    def close_transport(self) -> None:
        with self.wlock:
            self.closed = True
            try:
                self.t.close()
            except Exception as e:  # already gone; nothing else to release
                log.debug("closing %s: %s", self.port, e)


class PadHub:
    """All serial pads of the table; also the Leds implementation for seats with pads.

    ``seat_of`` maps board id -> seat (from a saved Pairing). ``transport_factory(port, **kw)``
    opens a port (serial.Serial, or serial.serial_for_url for loop:// in tests);
    ``port_lister()`` returns the candidate port names.
    """

    def __init__(
        self,
        events: queue.Queue,
        seat_of: Mapping[str, int],
        transport_factory: Callable = serial.Serial,
        port_lister: Callable[[], Iterable[str]] = pico_ports,
        *,
        heartbeat_s: float = 2.0,
        timeout_s: float = 6.5,
        scan_s: float = 1.0,
        ack_timeout_s: float = 1.0,
        backoff_s: tuple[float, float] = (0.2, 5.0),
        read_timeout_s: float = 0.1,
        write_timeout_s: float = 0.5,
        clock: Callable[[], float] = time.monotonic,
    ):
        self._events = events
        self._seat_of = dict(seat_of)
        self._factory = transport_factory
        self._lister = port_lister
        self.heartbeat_s = heartbeat_s
        self.timeout_s = timeout_s
        self.scan_s = scan_s
        self.ack_timeout_s = ack_timeout_s
        self.backoff_s = backoff_s
        self.read_timeout_s = read_timeout_s
        self.write_timeout_s = write_timeout_s
        self._clock = clock
        self._lock = threading.RLock()
        self._links: dict[str, _Link] = {}
        self._backoff: dict[str, tuple[float, float]] = {}  # port -> (delay, next try)
        self._leds: dict[int, LedState] = {}
        self._screens: dict[int, SeatScreen] = {}
        self._warned: set[str] = set()
        # port -> (board id, kind) of the trouble last reported to the table for that port: keyed
        # by port, so the good pad with the same id saying HELLO again does not clear the notice
        # of the refused one, and the notice goes with the port that has it
        self._troubled: dict[str, tuple[str, str]] = {}
        self._retired: Counter[str] = Counter()
        self._counts: Counter[str] = Counter()
        self._stop = threading.Event()
        self._scanner: threading.Thread | None = None

    # ---- lifecycle ------------------------------------------------------------------------

    def start(self) -> PadHub:
        if self._scanner is None:
            self._scanner = threading.Thread(target=self._run, name="pad-scan", daemon=True)
            self._scanner.start()
        return self

    def __enter__(self) -> PadHub:
        return self.start()

    def __exit__(self, *exc) -> None:
        self.close()

    def close(self) -> None:
        """LEDs off, screens cleared, threads stopped, ports closed. Safe to call twice."""
        if self._stop.is_set():
            return
        try:
            self.all_off()
            self.show_all({})
        finally:
            self._stop.set()
            if self._scanner is not None:
                self._scanner.join(timeout=2.0)
            with self._lock:
                links = list(self._links.values())
                self._links.clear()
            for link in links:
                self._stop_link(link)
            for link in links:
                if link.thread is not None:
                    link.thread.join(timeout=2.0)

    # ---- Leds protocol ---------------------------------------------------------------------

    def set(self, seat: int, state: LedState) -> None:
        """Show a seat's LED state on its pad; remembered and re-sent after a reconnect."""
        led_args(state)  # unknown colour or mode is a programming error: fail here, not later
        with self._lock:
            if self._leds.get(seat) == state:
                return
            self._leds[seat] = state
            targets = [lnk for lnk in self._links.values() if lnk.state == READY and self._seat_of_link(lnk) == seat]
        for link in targets:
            self._send_led(link)

    def all_off(self) -> None:
        with self._lock:
            for seat in self._leds:
                self._leds[seat] = LED_OFF
            targets = [lnk for lnk in self._links.values() if lnk.state == READY]
        for link in targets:
            self._send_led(link)

    # ---- screens (protocol version 2) --------------------------------------------------------

    def show(self, seat: int, screen: SeatScreen | None) -> None:
        """Show ``screen`` on ``seat``'s pad if it has a screen; remembered and sent again after a
        reconnect. None blanks it. Only what changed is sent."""
        _check_screen(screen or BLANK)
        with self._lock:
            if self._screens.get(seat, BLANK) == (screen or BLANK):
                return
            self._screens[seat] = screen or BLANK
            targets = [
                lnk
                for lnk in self._links.values()
                if lnk.state == READY and lnk.screen_rows and self._seat_of_link(lnk) == seat
            ]
        for link in targets:
            self._sync_screen(link)

    def show_all(self, screens: Mapping[int, SeatScreen]) -> None:
        """Every seat's screen at once; seats not in ``screens`` are blanked (no game running)."""
        with self._lock:
            seats = set(self._screens) | set(self._seat_of.values())
        for seat in sorted(seats | set(screens)):
            self.show(seat, screens.get(seat))

    def _seat_of_link(self, link: _Link) -> int | None:
        """The seat of the pad on ``link``; None while it is unseated or has not said HELLO."""
        return self._seat_of.get(link.board_id) if link.board_id is not None else None

    def _screen_for(self, link: _Link) -> SeatScreen:
        """The seat's screen; an unseated pad shows its board id, which pairing asks for."""
        with self._lock:
            seat = self._seat_of_link(link)
            if seat is not None:
                return self._screens.get(seat, BLANK)
        return SeatScreen(private=((link.board_id or "")[:16],))

    def _sync_screen(self, link: _Link, whole: bool = False) -> None:
        """Bring the pad's screen to its seat's: the rows that differ and a changed entry, or
        everything after a HELLO, a new seat or a lost CLEAR (``whole``)."""
        if not link.screen_rows:
            return
        screen = self._screen_for(link)
        rows = list(screen.rows(link.screen_rows))
        with link.screen_lock:
            if whole or link.sent_rows is None:
                link.screen_pending.clear()
                self._send_screen_frame(link, "clear", "CLEAR")
                link.sent_rows, link.sent_entry = [""] * link.screen_rows, NO_ENTRY
            for row, text in enumerate(rows):
                if text != link.sent_rows[row]:
                    self._send_screen_frame(link, row, "TEXT", row, *text_args(text))
                    link.sent_rows[row] = text
            if screen.entry != link.sent_entry:
                self._send_entry(link, screen.entry)

    def _send_entry(self, link: _Link, entry: Entry) -> None:
        """ENTRY then its HINTs: a new prompt for the pad's own echo."""
        self._send_screen_frame(link, "entry", "ENTRY", entry.mode, entry.width, *text_args(entry.help))
        for code, label in entry.hints:
            self._send_screen_frame(link, "entry", "HINT", code, *text_args(label))
        link.sent_entry = entry

    def _send_screen_frame(self, link: _Link, what: int | str, verb: str, *args: object) -> None:
        """One screen frame, remembered until the pad acknowledges it (link.screen_lock held)."""
        seq = link.send(verb, *args)
        if seq is not None:
            link.screen_pending[seq] = (what, self._clock())
            self._count("screen_frames")

    def _resend_screen(self, link: _Link, now: float) -> None:
        """Frames not acknowledged in time: the rows they carried are sent again as they are now;
        a lost ENTRY or HINT sends the entry again, a lost CLEAR the whole screen."""
        with link.screen_lock:
            late = {what for what, sent in link.screen_pending.values() if now - sent > self.ack_timeout_s}
            if not late:
                return
            self._count("screen_resends")
            if "clear" in late:
                link.sent_rows = None
            else:
                link.screen_pending = {
                    seq: (what, sent)
                    for seq, (what, sent) in link.screen_pending.items()
                    if what not in late and not (what == "entry" and "entry" in late)
                }
                for what in late:
                    if what == "entry":
                        link.sent_entry = None
                    elif isinstance(what, int) and link.sent_rows is not None:
                        link.sent_rows[what] = None
        self._sync_screen(link)

    # ---- seating and introspection ---------------------------------------------------------

    def set_seating(self, seat_of: Mapping[str, int]) -> None:
        """A new pairing: announce moved pads and give each its seat's LED state."""
        with self._lock:
            self._seat_of = dict(seat_of)
            moved = []
            for link in self._links.values():
                if link.state != READY:
                    continue
                seat = self._seat_of_link(link)
                if seat != link.seat:
                    if link.seat is not None:
                        self._events.put(PadPresence(link.seat, False, "pad moved to another seat"))
                    if seat is not None:
                        self._events.put(PadPresence(seat, True, f"pad {link.board_id}"))
                    link.seat = seat
                    moved.append(link)
        for link in moved:
            self._send_led(link)
            self._sync_screen(link, whole=True)  # nothing of the old seat's screen stays

    def pads(self) -> list[PadInfo]:
        with self._lock:
            return [
                PadInfo(
                    lnk.port,
                    lnk.state,
                    lnk.board_id,
                    lnk.hello.fw if lnk.hello else None,
                    lnk.hello.proto if lnk.hello else None,
                    self._seat_of_link(lnk) if lnk.state == READY else None,
                    lnk.problem,
                    lnk.hello.screen if lnk.hello else None,
                )
                for lnk in sorted(self._links.values(), key=lambda lnk: lnk.port)
            ]

    def settled(self) -> bool:
        """True when every LED and screen frame sent has been acknowledged (tests, status)."""
        with self._lock:
            links = [lnk for lnk in self._links.values() if lnk.state == READY]
        return all(lnk.led_pending is None and not lnk.screen_pending for lnk in links)

    def problems(self) -> list[str]:
        """Sentences for the screen: pads needing a firmware update, duplicate board ids."""
        with self._lock:
            return sorted({lnk.problem for lnk in self._links.values() if lnk.problem})

    def stats(self) -> dict:
        """Frames accepted and dropped (by reason) over all links, past and present."""
        with self._lock:
            dropped = Counter(self._retired)
            accepted = self._counts["accepted_retired"]
            for lnk in self._links.values():
                dropped.update(lnk.decoder.dropped)
                accepted += lnk.decoder.accepted
            return {
                "accepted": accepted,
                "dropped": dropped,
                **{k: v for k, v in self._counts.items() if k != "accepted_retired"},
            }

    def _count(self, what: str) -> None:
        with self._lock:
            self._counts[what] += 1

    # ---- scanner thread --------------------------------------------------------------------

    def _run(self) -> None:
        tick = max(0.01, min(0.25, self.heartbeat_s / 2, self.scan_s))
        next_scan = 0.0
        while not self._stop.is_set():
            now = self._clock()
            try:
                if now >= next_scan:
                    next_scan = now + self.scan_s
                    self._scan(now)
                self._heartbeat(now)
            except Exception:  # never let one bad port stop discovery for all
                log.exception("pad scanner")
            self._stop.wait(tick)

    def _scan(self, now: float) -> None:
        try:
            ports = set(self._lister())
        except Exception as e:
            log.warning("listing serial ports failed: %s", e)
            return
        with self._lock:
            for gone in set(self._backoff) - ports:  # unplugged: a replug gets a fresh start
                del self._backoff[gone]
            todo = [p for p in sorted(ports) if p not in self._links and self._backoff.get(p, (0.0, 0.0))[1] <= now]
        for port in todo:
            if not self._stop.is_set():
                self._open(port, now)

    def _open(self, port: str, now: float) -> None:
        try:
            t = self._factory(
                port, baudrate=BAUDRATE, timeout=self.read_timeout_s, write_timeout=self.write_timeout_s, exclusive=True
            )
        except (serial.SerialException, OSError, ValueError) as e:
            log.info("cannot open %s: %s", port, e)
            self._back_off(port, now)
            return
        try:
            t.reset_input_buffer()  # drop boot banners and stale bytes
        except (serial.SerialException, OSError):
            pass
        link = _Link(port, t, now)
        link.thread = threading.Thread(target=self._read_loop, args=(link,), name=f"pad-read {port}", daemon=True)
        with self._lock:
            self._links[port] = link
        link.thread.start()
        link.send("ID?")
        log.debug("opened %s", port)

    def _back_off(self, port: str, now: float) -> None:
        with self._lock:
            delay = self._backoff.get(port, (0.0, 0.0))[0]
            delay = min(self.backoff_s[1], delay * 2) if delay else self.backoff_s[0]
            self._backoff[port] = (delay, now + delay)

    def _heartbeat(self, now: float) -> None:
        with self._lock:
            links = list(self._links.values())
        for link in links:
            if link.state == INCOMPATIBLE:
                continue  # it may not understand PING; the reader still sees an unplug
            if now - link.last_rx > self.timeout_s:
                self._lost(link, f"silent for {now - link.last_rx:.1f} s")
                continue
            if now - link.last_ping >= self.heartbeat_s:
                link.last_ping = now
                link.send("PING" if link.state == READY else "ID?")
            pending = link.led_pending
            if link.state == READY and pending and now - pending[1] > self.ack_timeout_s:
                self._count("led_resends")
                self._send_led(link)
            if link.state == READY and link.screen_pending:
                self._resend_screen(link, now)

    # ---- reader threads --------------------------------------------------------------------

    def _read_loop(self, link: _Link) -> None:
        t = link.t
        try:
            while not link.stop.is_set():
                try:
                    data = t.read(t.in_waiting or 1)
                except (serial.SerialException, OSError, TypeError) as e:
                    # TypeError: pyserial on a port closed under it; all mean "gone"
                    if not link.stop.is_set():
                        self._lost(link, f"unplugged ({e})")
                    return
                if data:
                    try:
                        self._on_bytes(link, data)
                    except Exception:
                        log.exception("handling bytes from %s", link.port)
        finally:
            link.close_transport()

    def _on_bytes(self, link: _Link, data: bytes) -> None:
        for frame in link.decoder.feed(data):
            link.last_rx = self._clock()
            self._dispatch(link, frame)

    def _dispatch(self, link: _Link, f: Frame) -> None:
        if f.verb == "HELLO":
            self._on_hello_frame(link, f)
            return
        if link.state != READY:  # keys before the handshake (or from a refused pad) never count
            if f.verb == "KEY":
                self._count("ignored_keys")
            return
        handler = self._READY_HANDLERS.get(f.verb)
        if handler is not None:
            handler(self, link, f)

    def _on_hello_frame(self, link: _Link, f: Frame) -> None:
        try:
            hello = parse_hello(f)
        except ValueError:
            link.decoder.dropped[BAD_ARGS] += 1
            return
        self._on_hello(link, hello)

    def _admit(self, link: _Link) -> bool:
        """The per-pad rate limit (a token bucket) and the bound on the main loop's queue."""
        now = self._clock()
        link.tokens = min(float(KEY_BURST), link.tokens + (now - link.refilled) * KEY_RATE)
        link.refilled = now
        queued = self._events.qsize() if hasattr(self._events, "qsize") else 0
        if link.tokens >= 1.0 and queued < MAX_QUEUED:
            link.tokens -= 1.0
            if link.flooding and now - link.flood_since >= FLOOD_QUIET_S:
                link.flooding = False
                self._events.put(PadTrouble(link.board_id or "?", ""))
            return True
        self._count("flood_dropped")
        link.flood_since = now
        if not link.flooding:
            link.flooding = True
            detail = (
                f"Pad {link.board_id} on {link.port} sends more keys than anyone can press "
                f"(over {KEY_RATE:g} a second): its keys are ignored until it calms down; "
                "check it for a stuck key or unplug it."
            )
            log.warning("%s", detail)
            self._events.put(PadTrouble(link.board_id or "?", "flooding", detail))
        return False

    def _on_key(self, link: _Link, f: Frame) -> None:
        """A paired pad's key is its seat's; an unpaired pad's key goes to the pairing screen."""
        if not self._admit(link):
            return
        pad = link.board_id
        if pad is None:  # only a READY link, one that said HELLO, gets here
            return
        seat = self._seat_of.get(pad)
        if seat is None:
            self._events.put(RawPadKey(pad, f.args[0]))
        else:
            self._events.put(KeyEvent(seat, f.args[0], source=f"pad:{pad}"))

    def _on_ack(self, link: _Link, f: Frame) -> None:
        seq = int(f.args[0])
        with link.screen_lock:  # the senders note what they sent under it: no ACK overtakes that
            pending = link.led_pending
            if pending and seq == pending[0]:
                link.led_pending = None
            link.screen_pending.pop(seq, None)

    def _on_err(self, link: _Link, f: Frame) -> None:
        log.warning("pad %s on %s reports: %s", link.board_id, link.port, " ".join(f.args))

    # verb -> handler for a READY link; PONG needs none (receiving it already refreshed last_rx)
    _READY_HANDLERS: ClassVar[dict[str, Callable[[PadHub, _Link, Frame], None]]] = {
        "KEY": _on_key,
        "ACK": _on_ack,
        "ERR": _on_err,
    }

    def _on_hello(self, link: _Link, hello: Hello) -> None:
        with self._lock:
            if self._links.get(link.port) is not link:
                return  # the link was lost while its HELLO was being read
            old_seat = link.seat if link.state == READY else None
            was = (link.state, link.board_id)
            link.hello = hello
            problem = self._hello_problem(link, hello)
            if problem is not None:
                self._refuse(link, hello, problem, old_seat)
                return
            self._accept(link, hello, old_seat, was)
        self._send_led(link)  # the pad may have rebooted: it shows what the table expects
        with link.screen_lock:
            link.screen_rows = hello.screen_rows
            link.screen_pending.clear()
            link.sent_rows = link.sent_entry = None
        self._sync_screen(link, whole=True)

    def _hello_problem(self, link: _Link, hello: Hello) -> str | None:
        """Why this HELLO cannot make the link READY: another protocol version, or its board id
        already READY on another port. Called with the lock held."""
        problem = version_problem(hello, link.port)
        if problem is not None:
            return problem
        other = next(
            (
                other
                for other in self._links.values()
                if other is not link and other.state == READY and other.board_id == hello.board_id
            ),
            None,
        )
        if other is None:
            return None
        return (
            f"Two pads claim board id {hello.board_id} ({other.port} and "
            f"{link.port}): the one on {link.port} is ignored."
        )

    def _refuse(self, link: _Link, hello: Hello, problem: str, old_seat: int | None) -> None:
        """Keep the link open but ignored; tell the table (once per kind) and the log (once)."""
        self._report_trouble(link, hello, problem)
        link.state = INCOMPATIBLE if not hello.compatible else REFUSED
        link.problem = problem
        link.seat = None
        if old_seat is not None:
            self._events.put(PadPresence(old_seat, False, problem))
        else:
            seat = self._seat_of.get(hello.board_id)
            if seat is not None and not hello.compatible:
                self._events.put(PadPresence(seat, False, problem))
        if problem not in self._warned:
            self._warned.add(problem)
            log.error("%s", problem)

    def _report_trouble(self, link: _Link, hello: Hello, problem: str) -> None:
        """A PadTrouble for the table when this port's kind of trouble changes."""
        kind = (
            "duplicate_id" if hello.compatible else ("old_firmware" if hello.proto < PROTO_VERSION else "new_firmware")
        )
        if self._troubled.get(link.port) != (hello.board_id, kind):
            self._clear_trouble(link.port)
            self._troubled[link.port] = (hello.board_id, kind)
            self._events.put(PadTrouble(hello.board_id, kind, problem))

    def _clear_trouble(self, port: str) -> None:
        """The port's trouble is over (its pad is fine or gone): the table's notice goes too,
        unless another port still has a trouble under the same board id. Lock held."""
        trouble = self._troubled.pop(port, None)
        if trouble is not None and all(other[0] != trouble[0] for other in self._troubled.values()):
            self._events.put(PadTrouble(trouble[0], ""))

    def _accept(self, link: _Link, hello: Hello, old_seat: int | None, was: tuple) -> None:
        """The link is READY; clear a reported trouble and announce the seat if it changed."""
        link.state = READY
        link.problem = None
        self._clear_trouble(link.port)
        self._backoff.pop(link.port, None)
        seat = self._seat_of.get(hello.board_id)
        if was == (READY, hello.board_id):
            return  # the same pad said HELLO again: its seat is already announced
        log.info("pad %s (firmware %s) ready on %s, seat %s", hello.board_id, hello.fw, link.port, seat)
        if old_seat is not None and old_seat != seat:
            self._events.put(PadPresence(old_seat, False, "another pad on this port"))
        if seat is not None and seat != old_seat:
            self._events.put(PadPresence(seat, True, f"pad {hello.board_id}"))
        link.seat = seat

    def _send_led(self, link: _Link) -> None:
        with self._lock:
            seat = self._seat_of_link(link)
            state = self._leds.get(seat, LED_OFF) if seat is not None else LED_OFF
        with link.screen_lock:  # noted before its ACK can be read (two threads may send LEDs)
            seq = link.send("LED", *led_args(state))
            link.led_pending = None if seq is None else (seq, self._clock())

    def _lost(self, link: _Link, reason: str) -> None:
        with self._lock:
            if self._links.get(link.port) is not link:
                return
            del self._links[link.port]
            link.decoder.flush()
            self._retired.update(link.decoder.dropped)
            self._counts["accepted_retired"] += link.decoder.accepted
            if link.state == READY and link.seat is not None:
                self._events.put(PadPresence(link.seat, False, reason))
            self._clear_trouble(link.port)  # a refused or incompatible pad unplugged
            if link.flooding:  # a flooding pad unplugged: its notice goes with it
                link.flooding = False
                self._events.put(PadTrouble(link.board_id or "?", ""))
            self._back_off(link.port, self._clock())
        log.warning("pad %s on %s gone: %s", link.board_id or "?", link.port, reason)
        self._stop_link(link)

    @staticmethod
    def _stop_link(link: _Link) -> None:
        link.stop.set()
        try:
            link.t.cancel_read()  # wake the reader now rather than at its read timeout
        except Exception:
            pass


def _check_screen(screen: SeatScreen) -> None:
    """A screen the pad cannot draw whole is a programming error: fail here, not on the pad."""
    texts = list(screen.ask) + [screen.ask_short, screen.status, *screen.private, screen.entry.help]
    bad = next((t for t in texts if not screen_text_fits(t)), None)
    if bad is not None:
        raise ValueError(f"screen row {bad!r} does not fit the pad (16 characters of its font)")
    entry = screen.entry
    if entry.mode not in ENTRY_MODES or len(entry.hints) > MAX_HINTS:
        raise ValueError(f"unusable pad entry {entry.mode!r} with {len(entry.hints)} hints")
    for _code, label in entry.hints:
        if not screen_text_fits(label, entry.label_room):
            raise ValueError(f"hint {label!r} does not fit beside a code of {entry.width} keys")
