"""`companion run`: put the table between the store, the panel, the buttons and the pads.

What can refuse to start without a screen (the config, the terminal, the key script) is checked
first; then the display is opened, so that anything failing after it (the store cannot open,
the box memory is unreadable, ...) is shown on the panel with what to do, and the process ends
non-zero with the same one line on stderr.
"""

from __future__ import annotations

import logging
import os
import queue
import sys
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

from . import __version__
from . import config as config_module
from .datadir import data_dir_of, fail, open_store

if TYPE_CHECKING:
    from .hw.base import Leds
    from .surface.frame import LedState

log = logging.getLogger("companion")


class _CannotRun(Exception):
    """The table cannot start; the message is printed after ``companion:``, exit code 2."""


@dataclass
class _RunIo:
    """What the run mode puts around the table: where frames and LED states go, what to close
    before the store, and the mode's extras."""

    display: Any
    leds: Any
    closers: list
    panel: Any = None  # the display's budget (table.panel.Panel)
    notifier: Any = None
    watchdog: Any = None
    seating: Any = None
    yes_no_seats: frozenset = frozenset()
    reader: Any = None  # the keyboard reader of the interactive emulator
    screens: Any = None  # where the seats' pad screens go: the pad hub, the emulator's pads


def cmd_run(args) -> int:
    """Check what can refuse to start before anything is opened, open the display, then the
    store and the table, and run the loop."""
    from .app import App, install_signal_handlers
    from .collector import IdleCollector

    cfg = config_module.load(config_module.default_path(args.config))
    mode = _run_mode(args, cfg)
    data_dir = data_dir_of(args)
    interactive = mode == "emulated" and not args.script
    try:
        script_events = _prepare_run(args, data_dir, interactive)
    except _CannotRun as error:
        return fail(str(error))
    _configure_logging(args.verbose, mode, data_dir / "companion.log" if interactive else None)
    log.info("companion %s starting (%s)", __version__, mode)

    events: queue.SimpleQueue = queue.SimpleQueue()
    install_signal_handlers(events)  # a stop while the devices, the store or the web table open waits its turn
    try:
        io = _run_io(mode, interactive, cfg, events, data_dir, args)
    except _CannotRun as error:
        return fail(str(error))
    try:
        store, table = _open_table(args, cfg, io, data_dir)
    except _CannotRun as error:
        return _refuse_on_panel(io, args.language or cfg["language"], str(error))
    if hasattr(io.display, "language_of"):  # the emulator's help lines follow the table's language
        io.display.language_of = lambda: table.language
    if not script_events:  # people press the keys: hold back one pressed before a question could be read
        from .table.table import GUARD_S

        table.fittings.guard = GUARD_S
    web = None
    if getattr(args, "web", None) or os.environ.get("LISTEN_FDS"):  # --web, or companion.socket
        try:
            web = _start_web(args.web, events, cfg["web"], table, partial(name_seat, table))
        except _CannotRun as error:
            store.close()
            return _refuse_on_panel(io, args.language or cfg["language"], str(error))
        from .table.flow import MainMenu

        if web is not None and isinstance(table.screen, MainMenu):  # the start screen (not a restart's question)
            from .table.joining import show_join
            from .table.menu import main_menu

            main_menu(table)  # now with its entry to join by phone
            if not script_events:
                show_join(table, main_menu)  # people at the table: the codes to join by first
    from .app import start_club

    club = start_club(cfg, events, data_dir)  # None without [club]: nothing of the club imported
    closers = io.closers + [store.close] + ([web.close] if web is not None else [])
    app = App(
        table,
        io.display,
        io.leds,
        events,
        closers,
        io.notifier,
        io.watchdog,
        screens=io.screens,
        web=web,
        club=club,
        collector=IdleCollector(),  # the garbage collected while no key waits, not during one
    )
    if interactive:
        return _run_in_terminal(app, io.reader)
    for event in script_events:
        events.put(event)
    app.run()
    return 0


def name_seat(table, seat: int, name: str) -> None:
    """In the owner thread: the host confirmed a phone's claim of ``seat``; its player's name
    joins the running session through the table (``Table.name_player``: durable in the store,
    then shown by the panel, the board and the seats' list; history, stats and the exports name
    that person). A name the store refuses, a failing disk, or a game already put in the history
    leaves the claim as it is: logged."""
    from .store import StoreError

    if getattr(table, "session_id", None) is None:
        return
    try:
        table.name_player(seat, name)
    except (ValueError, StoreError, OSError) as error:
        log.warning("seat %d's name is not kept: %s", seat + 1, error)


def claim_answer(
    answer: Callable[[int, bool], None], named: Callable[[int, str], None], seat: int, name: str, ok: bool
) -> None:
    """In the owner thread, the host's answer to a phone's claim: a yes first names the seat's
    player (``name_seat``), then the phone hears the answer (``WebTable.answer_claim``)."""
    if ok and seat >= 0:  # a seat's player is named; the host's phone (HOST_SEAT) names nobody
        named(seat, name)
    answer(seat, ok)


def ask_the_host(web, events, named: Callable[[int, str], None]) -> None:
    """A phone's claim of a seat goes to the table (the owner's queue) as a ``SeatClaim``, and
    waits for the host's answer on the panel, which names this claim (``Ask.number``); a claim
    the phone stops waiting for goes to the table as a withdrawal (the host is not asked)."""

    def claim(ask) -> None:
        """In the web thread: the host answers on the box (the owner thread), so wait."""
        answer = partial(web.answer_claim, number=ask.number)
        events.put(ask.event(partial(claim_answer, answer, named, ask.seat, ask.name)))

    def withdrawn(ask) -> None:
        events.put(ask.event(lambda ok: None, withdrawn=True))

    web.claim, web.withdrawn = claim, withdrawn


def _start_web(
    where: str | None, events, settings: dict, table, named: Callable[[int, str], None] = lambda seat, name: None
):
    """The web table (companion.web, imported only now), started: on the listening socket
    systemd passed in (companion.socket), else on ``where`` (HOST:PORT); None when neither is
    there. The panel gets the codes to join by (``table.joining``). A one-line reason when it
    cannot start (the libraries missing, the address taken or malformed, a bad hotspot file).
    ``named``: what the owner thread does with a claim the host confirmed (``name_seat``)."""
    sock = None
    if os.environ.get("LISTEN_FDS"):
        from .web.activation import passed_socket

        sock = passed_socket("web")
    if sock is None and not where:
        return None
    if sock is not None:
        host, port = sock.getsockname()[:2]
    else:
        assert where is not None
        host, _, port_text = where.rpartition(":")
        if not host or not port_text.isdigit():
            raise _CannotRun(f"--web needs HOST:PORT (for example 127.0.0.1:8080), not {where!r}")
        host, port = host.strip("[]"), int(port_text)
    try:
        from .web import qr
        from .web.server import WebTable, WebTableError
    except ImportError as error:
        raise _CannotRun(f"the web table needs its libraries: pip install '.[web]' ({error.name} is missing)") from None
    wifi, hotspot_address = _hotspot(settings["hotspot"]) if settings["hotspot"] else (None, "")
    address = settings["address"] or hotspot_address or _reached_address(host)
    web = WebTable(events, host=host, port=port, sock=sock, addresses=[address] if address else [])
    ask_the_host(web, events, named)
    try:
        web.start()
    except WebTableError as error:
        raise _CannotRun(f"web table: {error}") from None
    if address:
        try:
            side = min(table.panel.height, table.panel.width // 2)
            table.joining = qr.join_codes(address, web.port, wifi, side, web.host_key)
        except qr.QrError as error:
            log.warning("no QR code on the panel: %s", error)
    else:
        log.warning("no QR code on the panel: the box's address is unknown; set [web] address in the config")
    shown = f"[{host}]" if ":" in host else host
    log.info("web table at http://%s:%s/ (the board at /board)", shown, web.port)
    return web


def _reached_address(host: str) -> str:
    """The address phones reach the table at: the one listened on, or, listening on every
    address, the one the box's route out leaves from (no packet is sent); "" when there is
    none (a service without a network of its own: then [web] address says it)."""
    if host not in ("", "0.0.0.0", "::"):
        return host
    import socket

    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(("192.0.2.1", 9))  # TEST-NET-1: only the routing table is asked
            found = probe.getsockname()[0]
    except OSError:
        return ""
    return "" if found.startswith(("0.", "127.")) else found


def _hotspot(path: str) -> tuple[tuple[str, str], str]:
    """The hotspot's name and password, and the box's address on it, from the file
    ``setup-pi.sh --hotspot`` writes (TOML: ssid, password, address)."""
    import tomllib

    try:
        data = tomllib.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as error:
        raise _CannotRun(f"the hotspot file {path} cannot be read: {error}") from None
    ssid, password, address = data.get("ssid"), data.get("password"), data.get("address", "")
    if not all(isinstance(value, str) for value in (ssid, password, address)) or not ssid or not password:
        raise _CannotRun(f"the hotspot file {path} needs ssid, password (and address) as text")
    return (str(ssid), str(password)), str(address)


def _open_table(args, cfg: dict, io: _RunIo, data_dir: Path):
    """The store and the table over it, with the saved language and brightness; whatever goes
    wrong becomes one sentence that says what to do."""
    from .app import make_table, preference
    from .hw.oled import CONTRAST_BY_LEVEL
    from .known_games import KNOWN
    from .store import StoreError
    from .store.boxes import BoxFiles

    try:
        store = open_store(data_dir)
    except (StoreError, OSError) as error:
        raise _CannotRun(f"storage: {error}; check or move {data_dir / 'companion.db'}") from None
    try:
        language = args.language or preference(store, "language", cfg["language"])
        level = 1 + min(
            range(len(CONTRAST_BY_LEVEL)), key=lambda i: abs(CONTRAST_BY_LEVEL[i] - cfg["display"]["contrast"])
        )
        table = make_table(
            store,
            language,
            seed=args.seed,
            yes_no_seats=io.yes_no_seats,
            seating=io.seating,
            box_memory=BoxFiles(data_dir / "box", rebuild=store.learned_box, check=KNOWN.memory_problem),
            panel=io.panel,
        )
        if preference(store, "brightness", None) is None:
            table.brightness = level
        if io.reader is not None:
            io.reader.seats = lambda: table.seat_count() or 1  # Tab cycles the seats in play
    except Exception as error:
        store.close()
        log.exception("cannot start the table")
        raise _CannotRun(f"cannot start the table: {error}") from None
    return store, table


def _refuse_on_panel(io: _RunIo, language: str, why: str) -> int:
    """Show why the box cannot start on the panel (it stays there), close the rest, one line
    on stderr, non-zero exit."""
    from .table.screens import startup_failure_frame

    try:
        io.display.show(startup_failure_frame(io.panel, language, why))
        for close in (*io.closers, io.leds.close):
            close()
    except Exception as error:  # the failure itself is what matters; the screen is a bonus
        log.warning("could not show the start-up failure: %s", error)
    return fail(why)


def _run_mode(args, cfg: dict) -> str:
    """hardware or emulated: a script or --emulated forces the emulator; auto asks the board."""
    from .app import running_on_pi

    if args.emulated or args.script:
        return "emulated"
    mode = "hardware" if args.hardware else cfg["mode"]
    if mode == "auto":
        mode = "hardware" if running_on_pi() else "emulated"
    return mode


def _prepare_run(args, data_dir: Path, interactive: bool) -> list:
    """Everything that can refuse to start, checked before anything is opened: the terminal,
    the key script (its events, ending with Quit), the data directory."""
    if interactive and not sys.stdin.isatty():
        raise _CannotRun("the emulated table needs a terminal; pass --script FILE to feed keys from a file")
    script_events = _read_script(args.script) if args.script else []
    try:
        data_dir.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise _CannotRun(f"cannot create the data directory {data_dir}: {error}") from None
    return script_events


MAX_SCRIPT = 16 << 20  # a key script: one line a key


def _read_script(path: str) -> list:
    from .hw.emulated import ScriptError, parse_script
    from .store.journal import read_regular
    from .surface.events import Quit

    try:
        text = read_regular(path, MAX_SCRIPT).decode("utf-8")  # a FIFO or /dev/zero: refused, unread
    except FileNotFoundError:
        raise _CannotRun(f"cannot read script: {path}: no such file") from None
    except OSError as error:
        raise _CannotRun(f"cannot read script: {path} {error.strerror or error}") from None
    except UnicodeDecodeError as error:
        raise _CannotRun(f"cannot read script: {path} is not UTF-8 text (bad byte at offset {error.start})") from None
    try:
        events = parse_script(text, path)
    except ScriptError as error:
        raise _CannotRun(str(error)) from None
    return events + [Quit("end of script")]


def _configure_logging(verbose: bool, mode: str, log_file: Path | None) -> None:
    """The interactive emulator logs to a file so that log lines do not tear the terminal table.
    Under journald (stderr is the stream ``JOURNAL_STREAM`` names) each line carries its syslog
    priority, ``<3>`` to ``<7>``, and no time: the journal keeps both."""
    if verbose:
        level = logging.DEBUG
    else:
        level = logging.INFO if mode == "hardware" else logging.WARNING
    if log_file is None and under_journald():
        handler = logging.StreamHandler()
        handler.setFormatter(JournalFormatter())
        logging.basicConfig(level=level, handlers=[handler])
        return
    logging.basicConfig(
        level=level,
        filename=str(log_file) if log_file else None,
        format="%(asctime)s %(levelname)s %(name)s: %(message)s",
    )


def under_journald() -> bool:
    """True when stderr is connected to the journal: ``JOURNAL_STREAM`` ("device:inode", set by
    systemd) names the stream stderr is (sd-daemon(3)); a child whose stderr was redirected
    elsewhere keeps the variable but not the stream."""
    import os

    stream = os.environ.get("JOURNAL_STREAM", "")
    device, _, inode = stream.partition(":")
    if not (device.isascii() and device.isdigit() and inode.isascii() and inode.isdigit()):
        return False
    try:
        stat = os.fstat(sys.stderr.fileno())
    except (OSError, ValueError, AttributeError):
        return False
    return (stat.st_dev, stat.st_ino) == (int(device), int(inode))


class JournalFormatter(logging.Formatter):
    """``<priority>name: message`` on every line (a traceback's lines too), no timestamp."""

    PRIORITIES = ((logging.CRITICAL, 2), (logging.ERROR, 3), (logging.WARNING, 4), (logging.INFO, 6))

    def __init__(self):
        super().__init__("%(name)s: %(message)s")

    def format(self, record: logging.LogRecord) -> str:
        priority = next((p for level, p in self.PRIORITIES if record.levelno >= level), 7)
        return "\n".join(f"<{priority}>{line}" for line in super().format(record).splitlines() or [""])


def _run_io(mode: str, interactive: bool, cfg: dict, events, data_dir: Path, args) -> _RunIo:
    """Where frames go: the real panel, the terminal, or text (and PNGs) for a script; the
    emulator draws the configured panel size."""
    from .surface.panel import Panel

    panel = Panel.of_size(cfg["display"]["width"], cfg["display"]["height"])
    if mode == "hardware":
        io = _hardware_io(cfg, events, data_dir)
    elif interactive:
        io = _keyboard_io(events, args.language or cfg["language"], panel, args.text)
    else:
        from .hw.emulated import TextOutput

        output = TextOutput(frames_dir=args.frames, panel=panel)
        io = _RunIo(output, output, [], screens=output)
    io.panel = panel
    return io


def _hardware_io(cfg: dict, events, data_dir: Path) -> _RunIo:
    """The real box; with pads, their pairing is kept in pads.json."""
    display, leds, closers, notifier, watchdog, hub = build_hardware(cfg, events)
    seating = None
    if hub is not None:
        from .app import SavedPadSeating

        seating = SavedPadSeating(hub, data_dir / "pads.json")
    yes_no = frozenset(int(k) - 1 for k in cfg["seat_buttons"]["pins"])
    return _RunIo(
        display, leds, closers, notifier=notifier, watchdog=watchdog, seating=seating, screens=hub, yes_no_seats=yes_no
    )


def _keyboard_io(events, language: str, panel, text: bool) -> _RunIo:
    """The terminal table (the panel alone; its text lines too with --text); the keyboard
    reader is stopped first on shutdown."""
    from .hw.emulated import KeyboardReader, TerminalTable

    reader = KeyboardReader(events)
    terminal = TerminalTable(pad_seat=lambda: reader.seat, language=language, panel=panel, text=text)
    return _RunIo(terminal, terminal, [reader.stop], reader=reader, screens=terminal)


def _run_in_terminal(app, reader) -> int:
    """Run with the terminal in cbreak mode (keys arrive unbuffered) and restore it afterwards."""
    import termios
    import tty

    saved = termios.tcgetattr(sys.stdin.fileno())
    tty.setcbreak(sys.stdin.fileno())
    reader.start()
    try:
        app.run()
    finally:
        termios.tcsetattr(sys.stdin.fileno(), termios.TCSADRAIN, saved)
    return 0


def build_hardware(cfg: dict, events):
    """The real box: luma OLED, gpiozero buttons and LEDs, serial pads, systemd notify. The
    display comes first: buttons or LEDs that cannot be opened (a pin in use, no GPIO access)
    are named on it, and the start stops in one line."""
    from .hw.notify import Watchdog, sd_notify
    from .hw.oled import OledDisplay

    display = OledDisplay(cfg["display"]) if cfg["display"]["driver"] != "none" else _NoScreen()
    opened: list = []
    try:
        leds, hub, closers = _gpio_and_pads(cfg, events, opened)
    except Exception as error:
        for close in reversed(opened):
            close()
        why = f"GPIO: {error}; check the GPIO access and the pins in the config"
        from .surface.panel import Panel
        from .table.screens import startup_failure_frame

        display.show(
            startup_failure_frame(
                Panel.of_size(cfg["display"]["width"], cfg["display"]["height"]), cfg["language"], why
            )
        )
        raise _CannotRun(why) from None
    return display, leds, closers, sd_notify, Watchdog(), hub


def _gpio_and_pads(cfg: dict, events, opened: list):
    """Host buttons, seat buttons, LEDs and the pad hub, and what to close before the store
    (the LEDs are closed by the main loop). Each part is added to ``opened`` as it opens, so
    a failure half-way can close what was opened."""
    from .hw.gpio import GpioLeds, HostButtons, SeatButtons

    buttons = cfg["buttons"]
    host = HostButtons(
        {k: buttons[k] for k in ("up", "down", "ok", "back")}, events, debounce_ms=buttons["debounce_ms"]
    )
    opened.append(host.close)
    closers = [host.close]
    seat_pins = {int(k) - 1: v for k, v in cfg["seat_buttons"]["pins"].items()}
    if seat_pins:
        seat_buttons = SeatButtons(seat_pins, events)
        opened.append(seat_buttons.close)
        closers.append(seat_buttons.close)
    led_pins = {int(k) - 1: v for k, v in cfg["leds"]["pins"].items()}
    leds: Leds = GpioLeds(led_pins)
    opened.append(leds.close)
    hub = None
    if cfg["pads"]["enabled"]:
        try:
            from .hw.pads import PadHub

            hub = PadHub(events, {}, heartbeat_s=cfg["pads"]["heartbeat_s"]).start()
            leds = _Both(leds, hub)
            closers.append(hub.close)
        except Exception as error:  # pads are optional; the host buttons still work
            log.warning("serial pads unavailable: %s", error)
            hub = None
    return leds, hub, closers


class _NoScreen:
    """A box built without a screen: LEDs and pads only."""

    def show(self, frame):
        pass

    def clear(self):
        pass

    def close(self):
        pass


class _Both:
    """Send LED states both to GPIO LEDs and to the pads."""

    def __init__(self, *targets: Leds):
        self.targets = targets

    def set(self, seat: int, state: LedState) -> None:
        for target in self.targets:
            target.set(seat, state)

    def all_off(self) -> None:
        for target in self.targets:
            target.all_off()

    def close(self) -> None:
        for target in self.targets:
            target.close()
