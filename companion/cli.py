"""`companion`: run the appliance, replay a session file, show and export history."""

from __future__ import annotations

import argparse
import json
import logging
import os
import queue
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from . import __version__
from . import config as config_module

log = logging.getLogger("companion")


def default_data_dir() -> Path:
    if os.environ.get("STATE_DIRECTORY"):  # set by systemd's StateDirectory=
        return Path(os.environ["STATE_DIRECTORY"].split(":")[0])
    base = os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share"
    return Path(base) / "companion"


def open_store(data_dir: Path, read_only: bool = False):
    """The store in ``data_dir``; read-only for history/export so they work while the table runs."""
    from .store import Store
    if not read_only:
        data_dir.mkdir(parents=True, exist_ok=True)
    return Store(data_dir / "companion.db", read_only=read_only)


def fail(message: str, code: int = 2) -> int:
    print(f"companion: {message}", file=sys.stderr)
    return code


def data_dir_of(args) -> Path:
    """``--data-dir`` if given, else the default data directory."""
    return Path(args.data_dir) if args.data_dir else default_data_dir()


# -- run --------------------------------------------------------------------------------------
class _CannotRun(Exception):
    """The table cannot start; the message is printed after ``companion:``, exit code 2."""


@dataclass
class _RunIo:
    """What the run mode puts around the table: where frames and LED states go, what to close
    before the store, and the mode's extras."""

    display: Any
    leds: Any
    closers: list
    notifier: Any = None
    watchdog: Any = None
    seating: Any = None
    yes_no_seats: frozenset = frozenset()
    reader: Any = None  # the keyboard reader of the interactive emulator


def cmd_run(args) -> int:
    """Check everything that can refuse to start before the store is opened, then run the loop."""
    from .app import App, install_signal_handlers, make_table
    from .store.boxes import BoxFiles

    cfg = config_module.load(args.config)
    language = args.language or cfg["language"]
    mode = _run_mode(args, cfg)
    data_dir = data_dir_of(args)
    interactive = mode == "emulated" and not args.script
    try:
        script_events = _prepare_run(args, data_dir, interactive)
    except _CannotRun as error:
        return fail(str(error))
    _configure_logging(args.verbose, mode, data_dir / "companion.log" if interactive else None)

    store = open_store(data_dir)
    events: queue.SimpleQueue = queue.SimpleQueue()
    io = _run_io(mode, interactive, cfg, events, data_dir, language, args.frames)
    table = make_table(store, language, seed=args.seed, yes_no_seats=io.yes_no_seats,
                       seating=io.seating, box_memory=BoxFiles(data_dir / "box"))
    app = App(table, io.display, io.leds, events, io.closers + [store.close], io.notifier, io.watchdog)
    install_signal_handlers(events)
    if interactive:
        return _run_in_terminal(app, io.reader)
    for event in script_events:
        events.put(event)
    app.run()
    return 0


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


def _read_script(path: str) -> list:
    from .hw.emulated import ScriptError, parse_script
    from .table.events import Quit

    try:
        events = parse_script(Path(path).read_text(encoding="utf-8"), path)
    except OSError as error:
        raise _CannotRun(f"cannot read script: {error}") from None
    except ScriptError as error:
        raise _CannotRun(str(error)) from None
    return events + [Quit("end of script")]


def _configure_logging(verbose: bool, mode: str, log_file: Path | None) -> None:
    """The interactive emulator logs to a file so that log lines do not tear the terminal table."""
    if verbose:
        level = logging.DEBUG
    else:
        level = logging.INFO if mode == "hardware" else logging.WARNING
    logging.basicConfig(level=level, filename=str(log_file) if log_file else None,
                        format="%(asctime)s %(levelname)s %(name)s: %(message)s")


def _run_io(mode: str, interactive: bool, cfg: dict, events, data_dir: Path, language: str,
            frames_dir: str | None) -> _RunIo:
    if mode == "hardware":
        return _hardware_io(cfg, events, data_dir)
    if interactive:
        return _keyboard_io(events, language)
    from .hw.emulated import TextOutput

    output = TextOutput(frames_dir=frames_dir)
    return _RunIo(output, output, [])


def _hardware_io(cfg: dict, events, data_dir: Path) -> _RunIo:
    """The real box; with pads, their pairing is kept in pads.json."""
    display, leds, closers, notifier, watchdog, hub = build_hardware(cfg, events)
    seating = None
    if hub is not None:
        from .app import SavedPadSeating
        seating = SavedPadSeating(hub, data_dir / "pads.json")
    yes_no = frozenset(int(k) - 1 for k in cfg["seat_buttons"]["pins"])
    return _RunIo(display, leds, closers, notifier, watchdog, seating, yes_no)


def _keyboard_io(events, language: str) -> _RunIo:
    """The terminal table; the keyboard reader is stopped first on shutdown."""
    from .hw.emulated import KeyboardReader, TerminalTable

    reader = KeyboardReader(events)
    terminal = TerminalTable(pad_seat=lambda: reader.seat, language=language)
    return _RunIo(terminal, terminal, [reader.stop], reader=reader)


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
    """The real box: luma OLED, gpiozero buttons and LEDs, serial pads, systemd notify."""
    from .hw.gpio import GpioLeds, HostButtons, SeatButtons
    from .hw.notify import Watchdog, sd_notify
    from .hw.oled import OledDisplay

    display = OledDisplay(cfg["display"]) if cfg["display"]["driver"] != "none" else _NoScreen()
    buttons = cfg["buttons"]
    host = HostButtons({k: buttons[k] for k in ("up", "down", "ok", "back")}, events,
                       debounce_ms=buttons["debounce_ms"])
    closers = [host.close]
    seat_pins = {int(k) - 1: v for k, v in cfg["seat_buttons"]["pins"].items()}
    if seat_pins:
        seat_buttons = SeatButtons(seat_pins, events)
        closers.append(seat_buttons.close)
    led_pins = {int(k) - 1: v for k, v in cfg["leds"]["pins"].items()}
    leds = GpioLeds(led_pins)
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
    return display, leds, closers, sd_notify, Watchdog(), hub


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

    def __init__(self, *targets):
        self.targets = targets

    def set(self, seat, state):
        for target in self.targets:
            target.set(seat, state)

    def all_off(self):
        for target in self.targets:
            target.all_off()

    def close(self):
        for target in self.targets:
            target.close()


# -- replay -----------------------------------------------------------------------------------
def cmd_replay(args) -> int:
    from . import games
    from .engine import Session
    from .engine.session import ReplayError
    from .store.export import SessionFileError, load_session_file

    try:
        document = load_session_file(args.file, args.session)
    except SessionFileError as error:
        return fail(str(error))
    try:
        game = games.load(document["game"])
    except KeyError:
        return fail(f"{args.file}: unknown game {document['game']!r}; known: {', '.join(games.available())}")
    try:
        session = Session(game, document.get("options", {}), document.get("seed", 0), document["entries"])
    except ReplayError as error:
        return fail(f"{args.file}: action {error.index} is illegal: {error.rule}: {error.msg.en} / {error.msg.cs}", 1)
    except Exception as error:  # bad options and the like
        message = getattr(error, "msg", None)
        return fail(f"{args.file}: cannot set the game up: {message.en if message else error}", 1)
    scores = session.score()
    result = {"game": document["game"], "actions": len(session.actions), "over": session.over,
              "scores": scores.to_json(), "state": session.state}
    if args.json:
        print(json.dumps(result, ensure_ascii=False, indent=2, sort_keys=True))
    else:
        print(f"{document['game']}: {len(session.actions)} actions, {'finished' if session.over else 'unfinished'}")
        for seat, total in scores.totals.items():
            print(f"  {game.seat_label(session.state, seat).en}: {total}")
    return 0


# -- history / export -------------------------------------------------------------------------
def cmd_history(args) -> int:
    store = open_store(data_dir_of(args), read_only=True)
    try:
        records = store.history()
    finally:
        store.close()
    if not records:
        print("no finished games yet")
    for record in records:
        seats = record.get("seats", [])
        winner = record.get("winner")
        name = seats[winner] if isinstance(winner, int) and winner < len(seats) else "-"
        print(f"{record.get('finished', '?')[:16]}  {record.get('game')}  {', '.join(seats)}  "
              f"winner: {name}  ({record.get('duration_s', 0) // 60} min)")
    return 0


def cmd_export(args) -> int:
    from .store.export import write_history_csv, write_history_json
    store = open_store(data_dir_of(args), read_only=True)
    try:
        write = write_history_csv if args.format == "csv" else write_history_json
        write(store, args.out or sys.stdout)
    finally:
        store.close()
    return 0


def cmd_box(args) -> int:
    """Show or forget what the table learned about a game's box (see docs/configuration.md)."""
    from . import games as registry
    from .store.boxes import BoxFiles
    if args.game not in registry.available():
        return fail(f"no game {args.game!r}; games: {', '.join(registry.available())}")
    memory = BoxFiles(data_dir_of(args) / "box")
    path = memory.path(args.game)
    if args.forget:
        print(f"forgot {path}" if memory.forget(args.game) else f"nothing learned yet ({path} does not exist)")
        return 0
    if not path.exists():
        print(f"nothing learned yet for {args.game} ({path} does not exist)")
        return 0
    print(f"# {path}")
    print(json.dumps(memory.load(args.game), ensure_ascii=False, indent=1, sort_keys=True))
    return 0


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="companion", description="The table companion for board games.")
    p.add_argument("--version", action="version", version=f"companion {__version__}")
    sub = p.add_subparsers(dest="command")
    run = sub.add_parser("run", help="run the table (real hardware on a Pi, else the emulated table)")
    run.add_argument("--config", help="TOML config file (see docs/configuration.md)")
    run.add_argument("--data-dir", help="where sessions and history are stored")
    group = run.add_mutually_exclusive_group()
    group.add_argument("--emulated", action="store_true", help="terminal table even on a Pi")
    group.add_argument("--hardware", action="store_true", help="OLED, GPIO and pads")
    run.add_argument("--script", help="feed key events from a file instead of the keyboard")
    run.add_argument("--frames", help="with --script: save every changed frame as PNG here")
    run.add_argument("--seed", type=int, help="seed for new games (reproducible runs)")
    run.add_argument("--language", choices=("cs", "en"))
    run.add_argument("-v", "--verbose", action="store_true")
    rep = sub.add_parser("replay", help="replay a session file and print the result")
    rep.add_argument("file")
    rep.add_argument("--json", action="store_true", help="final state and scores as JSON")
    rep.add_argument("--session", type=int, help="which session of an export holding several")
    hist = sub.add_parser("history", help="list finished games")
    hist.add_argument("--data-dir")
    exp = sub.add_parser("export", help="export history as CSV or JSON")
    exp.add_argument("--format", choices=("csv", "json"), default="csv")
    exp.add_argument("--out", help="file to write (default: standard output)")
    exp.add_argument("--data-dir")
    box = sub.add_parser("box", help="show (or --forget) box facts the table learned for a game")
    box.add_argument("game")
    box.add_argument("--forget", action="store_true", help="delete them; the shipped data is used again")
    box.add_argument("--data-dir")
    return p


HANDLERS = {"run": cmd_run, "replay": cmd_replay, "history": cmd_history, "export": cmd_export,
            "box": cmd_box}


def main(argv=None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if not argv or (argv[0] not in HANDLERS and argv[0] not in ("-h", "--help", "--version")):
        argv.insert(0, "run")  # `companion` and `companion --emulated` mean `companion run ...`
    args = parser().parse_args(argv)
    try:
        return HANDLERS[args.command](args)
    except BrokenPipeError:  # output piped into a reader that stopped (`| head`): not an error
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    except config_module.ConfigError as error:
        return fail(f"configuration: {error}")
    except Exception as error:
        from .store import StoreError
        if isinstance(error, StoreError):
            return fail(f"storage: {error}")
        raise


if __name__ == "__main__":
    sys.exit(main())
