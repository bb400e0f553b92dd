"""The pads' link layer: ports found, opened, read and pinged; silent or unplugged pads let go.

One reader thread owns each port and is the only one that closes it; a scanner thread finds
ports, opens new ones (backing off after a failed open), pings pads and lets silent ones go.
Every frame read goes to ``on_frame``; a link let go to ``on_lost`` (the lock held). What the
frames mean (a HELLO, a key, an ACK) is the hub's business (``pads.PadHub``).
"""

from __future__ import annotations

import logging
import threading
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

import serial

from ..surface.pad_screen import Entry
from .protocol import SEQ_MOD, FrameDecoder, Hello, WireFrame, encode_frame

log = logging.getLogger("companion.pads")

BAUDRATE = 115200  # ignored by USB CDC, but pyserial wants one

# A person presses a few keys a second; a pad that sends more is broken or stuck. Keys over the
# rate are dropped (counted), the pad is named to the table once (PadTrouble "flooding"), and
# the main loop's queue never holds more than MAX_QUEUED events from the pads: memory stays flat.
KEY_RATE = 20.0  # keys per second a pad may keep sending
KEY_BURST = 20  # keys it may send at once
MAX_QUEUED = 256  # events waiting in the main loop's queue beyond which pad keys are dropped
FLOOD_QUIET_S = 2.0  # a flooding pad is fine again after this long within its rate

# Link states
HANDSHAKE = "handshake"  # port open, no HELLO yet
READY = "ready"  # HELLO accepted: keys count
INCOMPATIBLE = "incompatible"  # another protocol version: kept open, ignored, reported
REFUSED = "refused"  # its board id is already connected on another port


@dataclass(frozen=True)
class PadTimings:
    """Every time and rate of the pads' link, in one place (seconds unless named otherwise)."""

    heartbeat_s: float = 2.0  # a PING (or ID? before the HELLO) this often
    timeout_s: float = 6.5  # a pad silent this long is let go (and opened afresh)
    scan_s: float = 1.0  # new ports are looked for this often
    ack_timeout_s: float = 1.0  # an LED or screen frame not acknowledged by then is sent again
    backoff_s: tuple[float, float] = (0.2, 5.0)  # a failed open waits the first, doubling up to the second
    read_timeout_s: float = 0.1  # a reader wakes this often to see whether it should stop
    write_timeout_s: float = 0.5  # a write to a stuck port gives up after this long
    key_rate: float = KEY_RATE  # keys per second a pad may keep sending
    key_burst: int = KEY_BURST  # keys it may send at once
    max_queued: int = MAX_QUEUED  # the main loop's queue length beyond which pad keys are dropped
    flood_quiet_s: float = FLOOD_QUIET_S  # a flooding pad is fine again after this long within its rate
    join_s: float = 2.0  # closing waits this long for each thread

    @property
    def tick_s(self) -> float:
        """How often the scanner thread wakes."""
        return max(0.01, min(0.25, self.heartbeat_s / 2, self.scan_s))


@dataclass
class Pushed:
    """What the box sent a pad and awaits its ACK for (``pad_push``); guarded by ``lock``, so a
    sender notes its frame before the reader can take the ACK."""

    lock: threading.Lock = field(default_factory=threading.Lock)
    led: tuple[int, float] | None = None  # (seq, sent at) of the LED frame awaiting an ACK
    rows: int = 0  # text rows of the pad's screen, 0 without one
    # None: send the whole screen next time; a row None: its frame was lost, send it again
    sent_rows: list[str | None] | None = None
    sent_entry: Entry | None = None
    pending: dict[int, tuple[int | str, float]] = field(default_factory=dict)  # seq -> (row or "entry", sent at)


class KeyGate:
    """One pad's key rate limit (a token bucket), and whether it is flooding now."""

    def __init__(self, now: float, timings: PadTimings):
        self.timings = timings
        self.tokens = float(timings.key_burst)
        self.refilled = now
        self.flooding = False
        self.flood_since = now

    def admit(self, now: float, queued: int) -> tuple[bool, bool]:
        """Whether a key arriving ``now`` passes, with ``queued`` events waiting, and whether the
        pad's flooding just began or ended (a change to tell the table)."""
        t = self.timings
        self.tokens = min(float(t.key_burst), self.tokens + (now - self.refilled) * t.key_rate)
        self.refilled = now
        if self.tokens >= 1.0 and queued < t.max_queued:
            self.tokens -= 1.0
            calmed = self.flooding and now - self.flood_since >= t.flood_quiet_s
            self.flooding = self.flooding and not calmed
            return True, calmed
        self.flood_since = now
        began = not self.flooding
        self.flooding = True
        return False, began

    def calmed(self, now: float) -> bool:
        """Whether a flooding pad has sent nothing over its rate for the quiet time by ``now``
        (then it is flooding no more): its notice goes without waiting for its next key."""
        if self.flooding and now - self.flood_since >= self.timings.flood_quiet_s:
            self.flooding = False
            return True
        return False


class Link:
    """One open port. Only its reader thread closes the transport (no fd reuse races)."""

    def __init__(self, port: str, transport, now: float, timings: PadTimings | None = None):
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
        self.pushed = Pushed()
        self.gate = KeyGate(now, timings or PadTimings())
        self.seq = 0
        self.stop = threading.Event()
        self.closed = False
        self.wlock = threading.Lock()
        self.thread: threading.Thread | None = None

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

    def let_go(self) -> None:
        """Stop the reader (which closes the port), now rather than at its read timeout."""
        self.stop.set()
        try:
            self.t.cancel_read()
        except Exception:
            pass


class Links:
    """Every open port: found by ``lister``, opened by ``factory``, read by one thread each,
    pinged by the scanner. ``on_frame(link, frame)`` gets every frame read; ``on_lost(link,
    reason)`` a link let go (the lock held); ``on_idle(link, now)`` each scanner round of a
    READY link (resending what was not acknowledged)."""

    def __init__(
        self,
        factory: Callable,
        lister: Callable[[], Iterable[str]],
        timings: PadTimings,
        clock: Callable[[], float],
        lock: threading.RLock,
        on_frame: Callable[[Link, WireFrame], None],
        on_lost: Callable[[Link, str], None],
        on_idle: Callable[[Link, float], None],
    ):
        self.factory, self.lister, self.timings, self.clock, self.lock = factory, lister, timings, clock, lock
        self.on_frame, self.on_lost, self.on_idle = on_frame, on_lost, on_idle
        self.by_port: dict[str, Link] = {}
        self.backoff: dict[str, tuple[float, float]] = {}  # port -> (delay, next try)
        self.retired: Counter[str] = Counter()  # frames dropped by links let go, by reason
        self.retired_accepted = 0
        self.stopped = threading.Event()
        self.scanner: threading.Thread | None = None

    def start(self) -> None:
        if self.scanner is None:
            self.scanner = threading.Thread(target=self._run, name="pad-scan", daemon=True)
            self.scanner.start()

    def close(self) -> None:
        """Threads stopped, ports closed."""
        self.stopped.set()
        if self.scanner is not None:
            self.scanner.join(timeout=self.timings.join_s)
        with self.lock:
            links = list(self.by_port.values())
            self.by_port.clear()
        for link in links:
            link.let_go()
        for link in links:
            if link.thread is not None:
                link.thread.join(timeout=self.timings.join_s)

    def ready(self) -> list[Link]:
        with self.lock:
            return [link for link in self.by_port.values() if link.state == READY]

    def is_open(self, link: Link) -> bool:
        """Whether ``link`` is still the port's link (the lock held)."""
        return self.by_port.get(link.port) is link

    # -- the scanner thread ------------------------------------------------------------------------

    def _run(self) -> None:
        next_scan = 0.0
        while not self.stopped.is_set():
            now = self.clock()
            try:
                if now >= next_scan:
                    next_scan = now + self.timings.scan_s
                    self.scan(now)
                self._heartbeat(now)
            except Exception:  # never let one bad port stop discovery for all
                log.exception("pad scanner")
            self.stopped.wait(self.timings.tick_s)

    def scan(self, now: float) -> None:
        """Open the ports listed now that are not open and not backing off."""
        try:
            ports = set(self.lister())
        except Exception as e:
            log.warning("listing serial ports failed: %s", e)
            return
        with self.lock:
            for gone in set(self.backoff) - ports:  # unplugged: a replug gets a fresh start
                del self.backoff[gone]
            todo = [p for p in sorted(ports) if p not in self.by_port and self.backoff.get(p, (0.0, 0.0))[1] <= now]
        for port in todo:
            if not self.stopped.is_set():
                self._open(port, now)

    def _open(self, port: str, now: float) -> None:
        t = self.timings
        try:
            transport = self.factory(
                port, baudrate=BAUDRATE, timeout=t.read_timeout_s, write_timeout=t.write_timeout_s, exclusive=True
            )
        except (serial.SerialException, OSError, ValueError) as e:
            log.info("cannot open %s: %s", port, e)
            self.back_off(port, now)
            return
        try:
            transport.reset_input_buffer()  # drop boot banners and stale bytes
        except (serial.SerialException, OSError):
            pass
        link = Link(port, transport, now, t)
        link.thread = threading.Thread(target=self._read_loop, args=(link,), name=f"pad-read {port}", daemon=True)
        with self.lock:
            self.by_port[port] = link
        link.thread.start()
        link.send("ID?")
        log.debug("opened %s", port)

    def back_off(self, port: str, now: float) -> None:
        with self.lock:
            delay = self.backoff.get(port, (0.0, 0.0))[0]
            delay = min(self.timings.backoff_s[1], delay * 2) if delay else self.timings.backoff_s[0]
            self.backoff[port] = (delay, now + delay)

    def _heartbeat(self, now: float) -> None:
        with self.lock:
            links = list(self.by_port.values())
        for link in links:
            if link.state == INCOMPATIBLE:
                continue  # it may not understand PING; the reader still sees an unplug
            if now - link.last_rx > self.timings.timeout_s:
                self.lose(link, f"silent for {now - link.last_rx:.1f} s")
                continue
            if now - link.last_ping >= self.timings.heartbeat_s:
                link.last_ping = now
                link.send("PING" if link.state == READY else "ID?")
            if link.state == READY:
                self.on_idle(link, now)

    # -- a reader thread per port ------------------------------------------------------------------

    def _read_loop(self, link: Link) -> None:
        t = link.t
        try:
            while not link.stop.is_set():
                try:
                    data = t.read(t.in_waiting or 1)
                except (serial.SerialException, OSError, TypeError) as e:
                    # TypeError: pyserial on a port closed under it; all mean "gone"
                    if not link.stop.is_set():
                        self.lose(link, f"unplugged ({e})")
                    return
                if data:
                    try:
                        self.feed(link, data)
                    except Exception:
                        log.exception("handling bytes from %s", link.port)
        finally:
            link.close_transport()

    def feed(self, link: Link, data: bytes) -> None:
        """Bytes read from ``link``: every whole frame in them, in order."""
        for frame in link.decoder.feed(data):
            link.last_rx = self.clock()
            self.on_frame(link, frame)

    def lose(self, link: Link, reason: str) -> None:
        """Let ``link`` go (unplugged, silent): its counts kept, its port backing off."""
        with self.lock:
            if not self.is_open(link):
                return
            del self.by_port[link.port]
            link.decoder.flush()
            self.retired.update(link.decoder.dropped)
            self.retired_accepted += link.decoder.accepted
            self.on_lost(link, reason)
            self.back_off(link.port, self.clock())
        log.warning("pad %s on %s gone: %s", link.board_id or "?", link.port, reason)
        link.let_go()

    def frame_counts(self) -> tuple[int, Counter[str]]:
        """Frames accepted and dropped (by reason), over all links, past and present."""
        with self.lock:
            dropped = Counter(self.retired)
            accepted = self.retired_accepted
            for link in self.by_port.values():
                dropped.update(link.decoder.dropped)
                accepted += link.decoder.accepted
        return accepted, dropped
