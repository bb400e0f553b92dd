"""What the box pushes to each pad: its seat's LED state and, to a pad with a screen (protocol
version 2), its seat's screen.

Each seat's last LED state and screen are kept and sent again after a reconnect. A screen goes
as the rows that changed and the entry (how the pad echoes keys) when it changed; the whole of
it after every HELLO or change of seat. A frame not acknowledged in time is sent again as the
screen is now. Nothing of one seat's screen is sent to another seat's pad, and nothing of it is
logged.
"""

from __future__ import annotations

import threading
from collections.abc import Callable

from ..surface.frame import LED_OFF, LedState
from ..surface.pad_screen import BLANK, NO_ENTRY, Entry, SeatScreen
from .pad_link import Link, Links, PadTimings
from .pad_seating import Seating
from .protocol import ENTRY_MODES, MAX_HINTS, led_args, screen_text_fits, text_args


class Push:
    """The seats' LED states and screens, and their delivery to the READY links."""

    def __init__(
        self,
        links: Links,
        seating: Seating,
        timings: PadTimings,
        clock: Callable[[], float],
        lock: threading.RLock,
        count: Callable[[str], None],
    ):
        self.links, self.seating, self.timings = links, seating, timings
        self.clock, self.lock, self.count = clock, lock, count
        self.leds: dict[int, LedState] = {}
        self.screens: dict[int, SeatScreen] = {}

    def _links_of(self, seat: int) -> list[Link]:
        return [link for link in self.links.ready() if self.seating.seat(link) == seat]

    # -- LEDs ----------------------------------------------------------------------------------------

    def set_led(self, seat: int, state: LedState) -> None:
        led_args(state)  # unknown colour or mode is a programming error: fail here, not later
        with self.lock:
            if self.leds.get(seat) == state:
                return
            self.leds[seat] = state
            targets = self._links_of(seat)
        for link in targets:
            self.send_led(link)

    def all_off(self) -> None:
        with self.lock:
            for seat in self.leds:
                self.leds[seat] = LED_OFF
        for link in self.links.ready():
            self.send_led(link)

    def send_led(self, link: Link) -> None:
        with self.lock:
            seat = self.seating.seat(link)
            state = self.leds.get(seat, LED_OFF) if seat is not None else LED_OFF
        with link.pushed.lock:  # noted before its ACK can be read (two threads may send LEDs)
            seq = link.send("LED", *led_args(state))
            link.pushed.led = None if seq is None else (seq, self.clock())

    # -- screens -------------------------------------------------------------------------------------

    def show(self, seat: int, screen: SeatScreen | None) -> None:
        check_screen(screen or BLANK)
        with self.lock:
            if self.screens.get(seat, BLANK) == (screen or BLANK):
                return
            self.screens[seat] = screen or BLANK
            targets = [link for link in self._links_of(seat) if link.pushed.rows]
        for link in targets:
            self.sync(link)

    def seats_shown(self) -> set[int]:
        """Seats that have a screen or a pad."""
        with self.lock:
            return set(self.screens) | set(self.seating.seat_of.values())

    def _screen_for(self, link: Link) -> SeatScreen:
        """The seat's screen; an unseated pad shows its board id, which pairing asks for."""
        with self.lock:
            seat = self.seating.seat(link)
            if seat is not None:
                return self.screens.get(seat, BLANK)
        return SeatScreen(private=((link.board_id or "")[:16],))

    def sync(self, link: Link, whole: bool = False) -> None:
        """Bring the pad's screen to its seat's: the rows that differ and a changed entry, or
        everything after a HELLO, a new seat or a lost CLEAR (``whole``)."""
        pushed = link.pushed
        if not pushed.rows:
            return
        screen = self._screen_for(link)
        rows = list(screen.rows(pushed.rows))
        with pushed.lock:
            if whole or pushed.sent_rows is None:
                pushed.pending.clear()
                self._send(link, "clear", "CLEAR")
                pushed.sent_rows, pushed.sent_entry = [""] * pushed.rows, NO_ENTRY
            sent = pushed.sent_rows
            for row, text in enumerate(rows):
                if text != sent[row]:
                    self._send(link, row, "TEXT", row, *text_args(text))
                    sent[row] = text
            if screen.entry != pushed.sent_entry:
                self._send_entry(link, screen.entry)

    def _send_entry(self, link: Link, entry: Entry) -> None:
        """ENTRY then its HINTs: a new prompt for the pad's own echo."""
        self._send(link, "entry", "ENTRY", entry.mode, entry.width, *text_args(entry.help))
        for code, label in entry.hints:
            self._send(link, "entry", "HINT", code, *text_args(label))
        link.pushed.sent_entry = entry

    def _send(self, link: Link, what: int | str, verb: str, *args: object) -> None:
        """One screen frame, remembered until the pad acknowledges it (its lock held)."""
        seq = link.send(verb, *args)
        if seq is not None:
            link.pushed.pending[seq] = (what, self.clock())
            self.count("screen_frames")

    # -- after a HELLO, an ACK, and what was not acknowledged ----------------------------------------

    def hello(self, link: Link, rows: int) -> None:
        """A pad (re)started: it shows what the table expects, its screen sent whole."""
        self.send_led(link)
        with link.pushed.lock:
            link.pushed.rows = rows
            link.pushed.pending.clear()
            link.pushed.sent_rows = link.pushed.sent_entry = None
        self.sync(link, whole=True)

    def acked(self, link: Link, seq: int) -> None:
        with link.pushed.lock:  # the senders note what they sent under it: no ACK overtakes that
            led = link.pushed.led
            if led and seq == led[0]:
                link.pushed.led = None
            link.pushed.pending.pop(seq, None)

    def resend_late(self, link: Link, now: float) -> None:
        """The LED frame and the screen frames not acknowledged in time, sent again."""
        led = link.pushed.led
        if led and now - led[1] > self.timings.ack_timeout_s:
            self.count("led_resends")
            self.send_led(link)
        if link.pushed.pending:
            self._resend_screen(link, now)

    def _resend_screen(self, link: Link, now: float) -> None:
        """The rows the late frames carried are sent again as they are now; a lost ENTRY or HINT
        sends the entry again, a lost CLEAR the whole screen."""
        pushed = link.pushed
        with pushed.lock:
            late = {what for what, sent in pushed.pending.values() if now - sent > self.timings.ack_timeout_s}
            if not late:
                return
            self.count("screen_resends")
            if "clear" in late:
                pushed.sent_rows = None
            else:
                pushed.pending = {
                    seq: (what, sent)
                    for seq, (what, sent) in pushed.pending.items()
                    if what not in late and not (what == "entry" and "entry" in late)
                }
                for what in late:
                    if what == "entry":
                        pushed.sent_entry = None
                    elif isinstance(what, int) and pushed.sent_rows is not None:
                        pushed.sent_rows[what] = None
        self.sync(link)

    def settled(self) -> bool:
        """True when every LED and screen frame sent has been acknowledged."""
        return all(link.pushed.led is None and not link.pushed.pending for link in self.links.ready())


def check_screen(screen: SeatScreen) -> None:
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
