"""The key path as the box runs it, in CPU time of the main loop: before and after, in one process.

    python benchmarks/bench_key_path.py [--quick] [--games N] [BASELINE_COMMIT]

For every registered game a whole scripted game (tests/keyscript.py) is fed to the product's
own main loop (``App.run``), one key at a time: each key arrives when the loop asks for its next
event, and between keys the queue is empty, as between a person's keys, so the loop does its
idle work (the archive, the live journal tidied, a snapshot, the idle garbage collection, the
panel's glyph learning). What the loop drives is what the box drives: a real store on disk
(every acknowledged action synced), luma's ssd1306 device with the panel's changed-pages writer
over a bus that counts bytes, the LEDs' states, every seat's pad screen (the emulator's pads
with a screen, which echo their keys as the firmware does) and, in the second column, the web
table with a board and a phone on each seat (up to 4) connected over real WebSockets.

Per key: CPU time of the main loop's thread (``time.thread_time``: the sync's wait is not
counted, its system call is) from the key's arrival to the end of its first draw (panel, LEDs,
pad screens, the web views handed to the web thread); p50 and p99 over every key of the game,
for today's code and for BASELINE_COMMIT (default 52ec09f, unpacked as ``companion_before``),
alternating, and the ratio. Goal: p99 <= 2 ms here with the web table off, <= 3 ms with it on
(a Pi Zero 2 W is about 9x slower per core).
"""

from __future__ import annotations

import asyncio
import gc
import importlib
import json
import queue
import socket
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks.baseline import baseline_module, unpack_baseline  # noqa: E402

BASELINE = "52ec09f"
SEATS = {"dva_bratri": 1}
PHONES = 4  # at most: one phone on each seat up to this many, and a board
IDLE_ROUNDS = 50  # the loop's idle work allowed between two keys (a person is slower than this)
HOST = "companion.bench"


def scripter(package: str, commit: str | None = None):
    """The key-script generator of ``package``'s own version: this tree's tests/keyscript.py,
    or ``commit``'s, made to import ``package`` (each version's table acknowledges its
    announcements and places its cursor in its own way; today's script desyncs an older one)."""
    if package == "companion" or commit is None:
        return importlib.import_module("tests.keyscript")
    return baseline_module(commit, "tests/keyscript.py", package)


def script_text(name: str, quick: bool, package: str = "companion", commit: str | None = None) -> str:
    """The game's whole key script (its first 120 lines when ``quick``), played by ``package``'s
    own game with its own script generator (``commit``'s tests/keyscript.py: its codes and its
    table's ways are that version's)."""
    play_script = scripter(package, commit).play_script
    game = importlib.import_module(f"{package}.games").load(name)
    seats = SEATS.get(name, max(game.min_seats, min(game.max_seats, 4)))
    lines, _ = play_script(game, seats, seed=3, games_in_menu=[name])
    return "\n".join(lines[: 120 if quick else None])


def script_of(name: str, quick: bool, package: str, commit: str | None = None) -> list:
    """The game's key script as ``package``'s own events (each version's table knows only its own)."""
    return importlib.import_module(f"{package}.hw.emulated").parse_script(script_text(name, quick, package, commit))


class CountingBus:
    """luma's serial interface, counting the bytes a real I2C bus would carry."""

    def __init__(self):
        self.command_bytes = self.data_bytes = 0

    def command(self, *cmd: int) -> None:
        self.command_bytes += len(cmd)

    def data(self, data) -> None:
        self.data_bytes += len(data)

    def cleanup(self) -> None:
        pass


class NoLeds:
    """The LEDs: their states are computed by the table (timed); setting a pin is not the box's work."""

    def __getattr__(self, name):
        return lambda *args, **kwargs: None


class OneKeyAtATime:
    """The main loop's queue, fed by a person: the next key arrives when the loop asks for one,
    and it is empty between keys (the loop's idle work goes first, up to ``IDLE_ROUNDS``)."""

    def __init__(self, events: list, quit_event, arrived):
        self.events, self.quit, self.arrived = list(events), quit_event, arrived
        self.idle_asks = 0
        self.extra: queue.SimpleQueue = queue.SimpleQueue()  # what the web thread puts (none here)

    def get(self, timeout=None):
        if timeout == 0.0 and self.idle_asks < IDLE_ROUNDS:  # the display has idle work: no key yet
            self.idle_asks += 1
            raise queue.Empty
        self.idle_asks = 0
        if not self.events:
            return self.quit
        self.arrived()
        return self.events.pop(0)

    def empty(self) -> bool:
        return True

    def put(self, event) -> None:
        self.extra.put(event)


class Phones:
    """A board and a phone on each seat, connected to the web table over real WebSockets in a
    thread of their own, reading every message (as browsers do)."""

    def __init__(self, port: int, seats: int):
        self.port, self.seats = port, seats
        self.ready = threading.Event()
        self.received = 0
        self._stop = threading.Event()
        self._thread = threading.Thread(target=lambda: asyncio.run(self._run()), daemon=True)
        self._thread.start()
        if not self.ready.wait(20):
            raise RuntimeError("the phones could not take their seats")

    async def _run(self) -> None:
        from websockets.asyncio.client import connect

        def opened():
            url = f"ws://{HOST}:{self.port}/ws"
            return connect(url, host="127.0.0.1", port=self.port, origin=f"http://{HOST}:{self.port}")

        sockets = []
        board = await opened().__aenter__()
        await board.send(json.dumps({"t": "hello", "role": "board"}))
        sockets.append(board)
        for seat in range(self.seats):
            phone = await opened().__aenter__()
            await phone.send(json.dumps({"t": "hello", "role": "seat"}))
            await phone.send(json.dumps({"t": "claim", "seat": seat, "name": f"P{seat + 1}"}))
            sockets.append(phone)
        for phone in sockets[1:]:  # seated: the phone's own view has come
            while json.loads(await phone.recv()).get("t") != "seat":
                pass
        self.ready.set()
        readers = [asyncio.create_task(self._read(s)) for s in sockets]
        while not self._stop.is_set():
            await asyncio.sleep(0.05)
        for task in readers:
            task.cancel()
        for s in sockets:
            await s.close()

    async def _read(self, connection) -> None:
        async for _ in connection:
            self.received += 1

    def close(self) -> None:
        self._stop.set()
        self._thread.join(5)


def key_path(package: str, name: str, events: list, folder: Path, web: bool) -> list[float]:
    """CPU seconds of the main loop per key, from its arrival to the end of its first draw, for
    one version of the code run by that version's ``App.run``."""
    mod = lambda path: importlib.import_module(f"{package}.{path}")  # noqa: E731
    game = mod(f"games.{name}").GAME
    store = mod("store").Store(folder / "companion.db")
    table = mod("table.table").Table(store, {name: game}, "cs", new_seed=lambda: 1)
    oled = mod("hw.oled")
    display = oled.OledDisplay({"driver": "ssd1306"}, factory=lambda cfg: oled.make_device(cfg, serial=CountingBus()))
    screens = mod("hw.emulated").PadScreens()
    quit_event = mod("surface.events").Quit("bench")
    clock = time.thread_time
    arrival: list[float] = []
    spent: list[float] = []
    events_queue = OneKeyAtATime(events, quit_event, lambda: arrival.append(clock()))
    web_table, phones = None, None
    if web:
        server = mod("web.server")
        server.RATE, server.BURST = 1e6, 10**6  # the phones send nothing; no cap is met
        sock = socket.socket()
        sock.bind(("127.0.0.1", 0))
        sock.listen(16)
        port = sock.getsockname()[1]
        web_table = server.WebTable(events_queue, allowed_hosts={f"{HOST}:{port}"}, sock=sock)
    collector = mod("collector").IdleCollector()
    app = mod("app").App(table, display, NoLeds(), events_queue, [store.close], screens=screens, collector=collector)
    app.web = web_table
    draw = app._draw

    def timed_draw() -> None:
        draw()
        if len(spent) < len(arrival):  # the first draw after a key arrived
            spent.append(clock() - arrival[len(spent)])

    app._draw = timed_draw
    if web_table is not None:
        web_table.start()
        # the host's menu keys start the game before the phones take their seats (the lobby of a
        # game), untimed: nobody plays yet
        while table.session is None and events_queue.events:
            table.handle(events_queue.events.pop(0))
        app.refresh()
        phones = Phones(port, min(PHONES, table.seat_count()))
    try:
        app.run()
    finally:
        if phones is not None:
            phones.close()
        if web_table is not None:
            web_table.close()
    return spent


def p99(samples: list[float]) -> float:
    return statistics.quantiles(samples, n=100)[98] if len(samples) > 1 else samples[0]


def main() -> None:
    quick = "--quick" in sys.argv
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    baseline = args[0] if args else BASELINE
    from companion.games import available

    with tempfile.TemporaryDirectory() as tmp:
        unpack_baseline(baseline, Path(tmp) / "before")
        print(f"CPU per key of the main loop (App.run), key to first draw; before = {baseline}")
        print("goal p99 <= 2 ms with the web table off, <= 3 ms with a board and 4 phones on")
        only = list(args[1:])
        for name in [n for n in available() if not only or n in only]:
            figures: dict[tuple[str, bool], list[float]] = {}
            for web in (False, True):
                for label, package in (("before", "companion_before"), ("after", "companion")):
                    folder = Path(tempfile.mkdtemp(dir=tmp))
                    try:
                        warm = script_of(name, True, package, baseline)
                        key_path(package, name, warm, folder, web)  # warm: caches as after a first game
                        gc.collect()
                        folder = Path(tempfile.mkdtemp(dir=tmp))
                        spent = key_path(package, name, script_of(name, quick, package, baseline), folder, web)
                        finished = importlib.import_module(f"{package}.store").Store(folder / "companion.db")
                        played = finished.finished_count() == 1
                        finished.close()
                        if not quick and not played:  # the script is today's game: an older one asks otherwise
                            raise RuntimeError("today's key script does not play this version's game to its end")
                        figures[label, web] = spent
                    except Exception as exc:  # an older loop may not play today's keys
                        print(f"  {name:11s} {label} web={web}: cannot run ({type(exc).__name__}: {exc})"[:140])
            for web in (False, True):
                column = "web on " if web else "web off"
                row = [f"  {name:11s} {column}"]
                for label in ("before", "after"):
                    samples = figures.get((label, web))
                    if samples:
                        row.append(
                            f"{label} {len(samples):4d} keys p50 {statistics.median(samples) * 1e3:5.2f}"
                            f" p99 {p99(samples) * 1e3:5.2f} ms"
                        )
                before, after = figures.get(("before", web)), figures.get(("after", web))
                if before and after:
                    row.append(
                        f"ratio p50 {statistics.median(after) / statistics.median(before):4.2f}"
                        f" p99 {p99(after) / p99(before):4.2f}"
                    )
                print("  ".join(row))


if __name__ == "__main__":
    main()
