"""The appliance: wires hardware (real or emulated), the table and the store, and runs the one
thread that owns the state.

Every input source only puts events on ``events`` (a SimpleQueue, safe to fill from signal
handlers and callback threads). The main loop blocks on it: idle means idle. After each event it
redraws only what changed, and pings the systemd watchdog from this same loop. It wakes up by
itself only when the watchdog is due or the table said something changes then (a red blink
ends); with neither it sleeps until the next event.
"""

from __future__ import annotations

import logging
import os
import queue
import signal
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

from . import games as game_registry
from .engine.i18n import Msg
from .store.journal import atomic_write, read_regular
from .store.journal import loads as strict_loads
from .surface.events import KeyEvent, Quit, Tick
from .table.table import Table

if TYPE_CHECKING:
    from .hw.base import Display, Leds

log = logging.getLogger(__name__)

# Keys handled back to back (each with another already waiting) before the loop does the work that
# waits for an idle moment anyway: a table fed without a pause still archives, tidies its live
# journal and keeps snapshots, so its journal and memory stay bounded whatever the pace.
OVERDUE_AFTER = 256
CLUB_BATCH = 20  # plays of other boxes verified and merged per event: a key waits behind one batch at most


class ClubNews:
    """The club's thread received something: the main loop merges it (``App._club_work``)."""


def start_club(cfg: dict, events, data_dir: Path):
    """The club's sync when ``[club] name`` is set (docs/club.md), started; else None, and
    nothing of the club (nor paho-mqtt, nor openskill) is imported. A club that cannot start
    (its libraries missing, a password file unreadable) is one log line: the table runs."""
    club = cfg.get("club") or {}
    if not club.get("name"):
        return None
    try:
        from .club.runner import ClubLink
        from .club.settings import ClubConfigError, settings_of
        from .club.sync import Sync  # noqa: F401 (paho-mqtt: a missing library is said here, once)
    except ImportError as error:
        log.error(
            "club: needs its libraries: pip install '.[club]' (%s is missing); the table runs without it", error.name
        )
        return None
    try:
        settings = settings_of(club)
        assert settings is not None
        link = ClubLink(settings, data_dir, lambda: events.put(ClubNews()))
        link.start()
    except (ClubConfigError, OSError, ValueError) as error:
        log.error("club: cannot start: %s; the table runs without it", error)
        return None
    events.put(ClubNews())  # what an earlier run received and did not merge yet
    return link


class App:
    def __init__(
        self,
        table: Table,
        display: Display,
        leds: Leds,
        events: queue.SimpleQueue,
        closers=(),
        notifier=None,
        watchdog=None,
        screens=None,
        web=None,
        collector=None,
        club=None,
    ):
        """``screens``: where each seat's pad screen goes (the pad hub, the emulator's pads);
        ``web``: the web table (companion.web.server.WebTable), given the whole views after
        every frame, computed here in the thread that owns the table; ``collector``: the
        interpreter's garbage collection kept off the key path (companion.collector, settled
        after start-up, collecting when idle), None to leave it to the interpreter; ``club``: the
        club's sync (``start_club``), None without a club: its thread only posts ``ClubNews``,
        the work on the store is done here, in the thread that owns it."""
        self.table, self.display, self.leds, self.events = table, display, leds, events
        self.screens = screens
        self.web = web
        self.collector = collector
        self.club = club
        self._tracker: Any = None  # the web table's log of announcements and decision times (web.views.Tracker)
        self.closers = list(closers)
        self.notifier = notifier or (lambda *lines: False)
        self.watchdog = watchdog
        self.handled = 0
        self.wakeups = 0  # times the loop woke up without an event (timers)
        self.deferred = 0  # times the housekeeping waited for a key already on the queue
        self._brightness: int | None = None  # the level last sent to the display
        self._idle_work = False  # the display has more to do while nobody waits
        self._busy = 0  # frames drawn in a row with a key waiting behind each (see OVERDUE_AFTER)

    def refresh(self) -> None:
        """Show the table as it is; then what could wait for the frame (archiving an ended
        game), and the frame again if that changed it (a failure notice). A key already
        waiting on the queue goes first: the archive waits until the loop has nothing to do
        (the loop comes back here after that key, or wakes up for it, see ``_timeout``)."""
        self._draw()
        if self._waiting() and self._busy < OVERDUE_AFTER:
            self.deferred += 1
            self._busy += 1
            return
        self.after_frame(overdue=self._waiting())

    def after_frame(self, overdue: bool = False) -> None:
        """What waits until the frame is out and no key waits, each step only while none
        does: the archive of an ended game (and the frame again if it changed it), the live
        journal tidied, a snapshot kept, the garbage collected, the display's idle work.
        ``overdue``: keys have come back to back for long (``OVERDUE_AFTER``): the archive,
        the tidy and the snapshot are done now though a key waits (a few milliseconds, once)."""
        self._busy = 0
        if overdue:
            self.table.housekeeping()
            self._tidy()
            self._keep_snapshot()
            return
        if self.table.housekeeping():
            self._draw()
        if not self._waiting():  # idle: the live journal drops what was archived (2 syncs)
            self._tidy()
        if not self._waiting():
            self._keep_snapshot()
        if self.collector is not None and not self._waiting():  # the collection a key would meet
            self.collector.idle()
        if self.club is not None and not self._waiting():  # a game just archived: into the club's outbox
            self._club_collect()
        if not self._waiting():  # the display's own idle work (the panel learns new glyphs)
            self._idle_work = self._display_idle()

    def _club_collect(self) -> None:
        try:
            added = self.club.collect(self.table.recorder)
        except Exception as error:  # the next archive tries again; the game is safe in the history
            log.error("club: could not put the finished play in the outbox: %s", error)
            return
        if added and self._tracker is not None and self.table.session_id is not None:
            self._rate_on_board()

    def _rate_on_board(self) -> None:
        """The game just archived, rated in the club's league and shown on the board under
        its ranking (idle work: the league is computed over the whole history, some 40 ms at
        1,000 plays here, docs/club.md)."""
        from .table.flow import Over

        if not isinstance(self.table.screen, Over):
            return
        try:
            lines = self.club.board_lines(self.table.recorder, self.table.session_id)
        except Exception as error:  # the board goes without them; the play is shared all the same
            log.error("club: could not rate the game for the board: %s", error)
            return
        if lines:
            self._tracker.ratings = lines
            self._publish()

    def _club_work(self) -> None:
        """What the club received, merged into the history a batch at a time (this thread owns
        the store); a key that comes meanwhile goes first, the rest waits for the next event."""
        left = self.club.work(self.table.recorder, limit=CLUB_BATCH)
        if left:
            self.events.put(ClubNews())

    def _tidy(self) -> None:
        """The live journal drops what was archived (2 syncs)."""
        tidy = getattr(getattr(self.table, "recorder", None), "tidy", None)
        if tidy is not None:
            try:
                tidy()
            except Exception as error:  # the next start does it; the game is safe
                log.warning("could not tidy the store: %s", error)

    def _display_idle(self) -> bool:
        """The display's idle work, a little at a time; True while it has more."""
        idle = getattr(self.display, "idle", None)
        if idle is None:
            return False
        try:
            return bool(idle())
        except Exception as error:  # never a reason to stop the table
            log.warning("the display's idle work failed: %s", error)
            return False

    def _keep_snapshot(self) -> None:
        """Idle: a snapshot of the running game beside its log every few entries, so a restart
        replays only what came after it (engine/snapshot.py). Never on a key's way."""
        keep = getattr(getattr(self.table, "recorder", None), "keep_snapshot", None)
        session, session_id = getattr(self.table, "session", None), getattr(self.table, "session_id", None)
        if keep is None or session is None or session_id is None:
            return
        try:
            keep(session_id, session)
        except Exception as error:  # only a resume gets slower
            log.warning("could not keep a snapshot: %s", error)

    def _waiting(self) -> bool:
        """An event is already on the queue (a queue that cannot tell: none)."""
        empty = getattr(self.events, "empty", None)
        return empty is not None and not empty()

    def _draw(self) -> None:
        if self.table.brightness != self._brightness:
            self._brightness = self.table.brightness
            getattr(self.display, "brightness", lambda level: None)(self._brightness)
        frame = self.table.frame()
        self.display.show(frame)
        for seat, state in self.table.leds().items():
            self.leds.set(seat, state)
        if self.screens is not None:
            from .table.seat_screens import seat_screens  # pads' screens: not loaded without pads

            self.screens.show_all(seat_screens(self.table))
        if self.web is not None:
            self._publish(frame)

    def _publish(self, frame=None) -> None:
        """The web table's views of the table as it is now (board and every seat), from the
        panel's frame just drawn."""
        from .web.views import Tracker, all_views  # loaded only with the web table on

        if self._tracker is None:
            self._tracker = Tracker()
        try:
            self.web.publish(*all_views(self.table, self._tracker, frame))
        except Exception as error:  # a view that fails must not stop the table
            log.error("could not publish the web table's views: %s", error)

    def echo(self, event) -> None:
        """An emulated pad echoes its own keys on its screen, as a real pad does by itself."""
        press = getattr(self.screens, "press", None)
        if press is not None and isinstance(event, KeyEvent) and event.seat is not None:
            press(event.seat, event.key)

    def _deadline_passed(self) -> bool:
        deadline = self.table.deadline()
        return deadline is not None and self.table.fittings.clock() >= deadline

    def _timeout(self) -> float | None:
        """How long the loop may sleep: until the watchdog or the table's next change."""
        waits = []
        if self.watchdog and self.watchdog.interval() is not None:
            waits.append(self.watchdog.interval())
        deadline = self.table.deadline()
        if deadline is not None:
            waits.append(max(0.0, deadline - self.table.fittings.clock()) + 0.01)
        return min(waits) if waits else None

    def start(self) -> None:
        """The first frame; then start-up's objects settle out of the garbage collector's way
        (companion.collector): the loop is ready for keys."""
        self.refresh()
        if self.collector is not None:
            self.collector.settle()
        self.notifier("READY=1", "STATUS=table ready")

    def run(self) -> None:
        try:
            self.start()
            while True:
                idle = self._idle_work  # the display has idle work: it goes on while no key comes
                try:
                    event = self.events.get(timeout=0.0 if idle else self._timeout())
                except queue.Empty:
                    event = None
                if self.watchdog and self.watchdog.due(time.monotonic()):
                    self.watchdog.ping()
                if event is None and idle and not self._deadline_passed():
                    self._idle_work = self._display_idle()
                    continue
                if event is None:  # a timer: the table may have changed by itself
                    self.wakeups += 1
                    self.table.handle(Tick())
                    self.refresh()
                    continue
                if isinstance(event, Quit):
                    log.info("stopping: %s", event.reason or "quit")
                    self.table.housekeeping()  # an archive that waited for keys is done before stopping
                    break
                if isinstance(event, ClubNews):
                    if self.club is not None:
                        self._club_work()
                    continue
                if isinstance(event, Tick):
                    getattr(self.display, "redraw", lambda: None)()
                self.echo(event)
                self.table.handle(event)
                self.handled += 1
                self.refresh()
        finally:
            self.shutdown()

    def shutdown(self) -> None:
        """LEDs off, screen cleared, storage closed: also on SIGTERM and Ctrl-C."""
        self.notifier("STOPPING=1")
        club = [self.club.close] if self.club is not None else []
        for step in (self.leds.all_off, self.display.clear, self.display.close, self.leds.close, *club, *self.closers):
            try:
                step()
            except Exception as error:  # one failing device must not keep the others on
                log.warning("shutdown step failed: %s", error)
        if self.collector is not None:  # the interpreter's own collection back (a run inside a test)
            self.collector.release()


def install_signal_handlers(events: queue.SimpleQueue) -> None:
    def stop(signum, _frame):
        events.put(Quit(signal.Signals(signum).name))

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)


def running_on_pi() -> bool:
    try:
        return "Raspberry Pi" in Path("/proc/device-tree/model").read_text(errors="replace")
    except OSError:
        return False


def new_seed() -> int:
    return int.from_bytes(os.urandom(4), "big")


class SavedPadSeating:
    """Pads' seats kept in ``pads.json`` in the data directory, applied to the pad hub."""

    def __init__(self, hub, path: Path):
        from .table.pairing import Pairing

        self.hub, self.path = hub, path
        self.mapping: dict[str, int] = {}
        if path.exists():
            try:
                text = read_regular(path, 1 << 20).decode("utf-8")  # a FIFO or a device: refused, unread
                strict_loads(text)  # NaN, Infinity: not JSON, whatever Python's parser accepts
                self.mapping = Pairing.from_json(text).mapping
            except (OSError, ValueError, RecursionError) as error:
                log.error("ignoring %s: %s; pair the pads again from the menu", path, error)
        hub.set_seating(self.mapping)

    def begin(self) -> None:
        self.hub.set_seating({})

    def finish(self, mapping: dict[str, int] | None) -> None:
        from .table.pairing import Pairing

        if mapping is not None:
            pairing = Pairing(max(len(mapping), 1))
            for pad in sorted(mapping, key=lambda pad: mapping[pad]):
                pairing.press(pad)
            atomic_write(self.path, pairing.to_json().encode("utf-8"))
            self.mapping = dict(mapping)
        self.hub.set_seating(self.mapping)


def preference(store, name: str, default):
    """A saved preference, when the store keeps them (else the default)."""
    read = getattr(store, "preference", None)
    if read is None:
        return default
    try:
        return read(name, default)
    except Exception as error:  # an unreadable preference must not stop the box
        log.error("could not read the saved %s: %s", name, error)
        return default


def make_table(
    store,
    language: str,
    seed: int | None = None,
    yes_no_seats: frozenset[int] = frozenset(),
    seating=None,
    box_memory=None,
    panel=None,
) -> Table:
    """The table over ``store``; after a restart with an unfinished game it first asks whether
    to continue it or end it. The games are imported when first needed (``table.catalog``):
    the menu shows their titles without them."""
    from .surface.panel import SMALLEST
    from .table.catalog import LazyGames

    games = LazyGames(game_registry.available(), game_registry.load, game_registry.TITLES)  # imported when first chosen
    table = Table(
        store,
        games,
        language,
        new_seed=(lambda: seed) if seed is not None else new_seed,
        yes_no_seats=yes_no_seats,
        seating=seating,
        box_memory=box_memory,
        panel=panel or SMALLEST,
        brightness=preference(store, "brightness", 5),
    )
    unfinished = store.unfinished()
    if unfinished:
        table.offer_resume(
            unfinished["id"],
            unfinished["game"],
            unfinished["options"],
            unfinished["seed"],
            # with the snapshots kept beside it, when the store keeps them: not replayed whole
            getattr(store, "log", store.entries)(unfinished["id"]),
        )
    table.messages.notice = [*table.messages.notice, *store_problems(store)]
    return table


STORE_PROBLEM = Msg("Úložiště: {why}", "Storage: {why}")


def store_problems(store) -> list[Msg]:
    """What the store found damaged or cut off when it opened (file and line named), for the
    panel; the same lines are in the log. Nothing in them stops the table."""
    try:
        found = list(getattr(store, "problems", []))
    except Exception as error:  # only a notice: never a reason not to start
        log.error("could not tell the store's problems: %s", error)
        return []
    return [STORE_PROBLEM.format(why=Msg(line, line)) for line in found]
