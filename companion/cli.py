"""`companion`: run the appliance, replay a session file, show and export history."""

from __future__ import annotations

import argparse
import json
import logging
import os
import queue
import sys
from pathlib import Path

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


# -- run --------------------------------------------------------------------------------------
def cmd_run(args) -> int:
    from .app import App, install_signal_handlers, make_table, running_on_pi
    from .hw.emulated import ScriptError, TerminalTable, TextOutput, parse_script
    from .table.events import Quit

    cfg = config_module.load(args.config)
    language = args.language or cfg["language"]
    mode = "emulated" if args.emulated or args.script else ("hardware" if args.hardware else cfg["mode"])
    if mode == "auto":
        mode = "hardware" if running_on_pi() else "emulated"
    data_dir = Path(args.data_dir) if args.data_dir else default_data_dir()
    interactive = mode == "emulated" and not args.script
    if interactive and not sys.stdin.isatty():
        return fail("the emulated table needs a terminal; pass --script FILE to feed keys from a file")
    script_events = []
    if args.script:
        try:
            script_events = parse_script(Path(args.script).read_text(encoding="utf-8"), args.script)
        except OSError as error:
            return fail(f"cannot read script: {error}")
        except ScriptError as error:
            return fail(str(error))
    try:
        data_dir.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        return fail(f"cannot create the data directory {data_dir}: {error}")
    logging.basicConfig(
        level=logging.DEBUG if args.verbose else (logging.INFO if mode == "hardware" else logging.WARNING),
        filename=str(data_dir / "companion.log") if interactive else None,
        format="%(asctime)s %(levelname)s %(name)s: %(message)s")

    store = open_store(data_dir)
    events: queue.SimpleQueue = queue.SimpleQueue()
    closers = [store.close]
    notifier = watchdog = seating = None
    if mode == "hardware":
        display, leds, more_closers, notifier, watchdog, hub = build_hardware(cfg, events)
        closers = more_closers + closers
        if hub is not None:
            from .app import SavedPadSeating
            seating = SavedPadSeating(hub, data_dir / "pads.json")
    elif interactive:
        from .hw.emulated import KeyboardReader
        reader = KeyboardReader(events)
        display = leds = TerminalTable(pad_seat=lambda: reader.seat, language=language)
        closers.insert(0, reader.stop)
    else:
        display = leds = TextOutput(frames_dir=args.frames)
    yes_no = frozenset(int(k) - 1 for k in cfg["seat_buttons"]["pins"]) if mode == "hardware" else frozenset()
    from .store.boxes import BoxFiles
    table = make_table(store, language, seed=args.seed, yes_no_seats=yes_no, seating=seating,
                       box_memory=BoxFiles(data_dir / "box"))
    app = App(table, display, leds, events, closers, notifier, watchdog)
    install_signal_handlers(events)
    if interactive:
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
    for event in script_events:
        events.put(event)
    if args.script:
        events.put(Quit("end of script"))
    app.run()
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
    store = open_store(Path(args.data_dir) if args.data_dir else default_data_dir(), read_only=True)
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
    store = open_store(Path(args.data_dir) if args.data_dir else default_data_dir(), read_only=True)
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
    memory = BoxFiles((Path(args.data_dir) if args.data_dir else default_data_dir()) / "box")
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
    except config_module.ConfigError as error:
        return fail(f"configuration: {error}")
    except Exception as error:
        from .store import StoreError
        if isinstance(error, StoreError):
            return fail(f"storage: {error}")
        raise


if __name__ == "__main__":
    sys.exit(main())
