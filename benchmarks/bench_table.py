"""Table benchmarks, as ratios against baselines measured in the same process.

    python benchmarks/bench_table.py

1. input -> accepted action -> frame: one pad key that completes an action, through the table
   (engine checks, durable append with fsync, frame, rasterised image), against the floor of
   durability: one fsynced line written with os.write.
2. replay of a 2,000-action session through the engine (generic checks, deep copies, undo
   bookkeeping) against applying the same actions with the game's bare rules.
3. memory (max RSS) of `companion run` on the emulated table playing a whole game, against a bare
   Python interpreter that imports nothing of ours.
4. rasterising a frame with a map (a CELL prompt's 5x3 cells) against a text frame of the same
   header and four body lines.
5. keys per round of whole scripted games of every game (the most players), before (the table
   of commit 72e1dd9, unpacked with ``git archive`` as ``companion_before``) and after: a player
   who reads every page of every announcement (news) and of every long text, answers, and puts
   announcements away only where a key must (before: always; after: when the host answers next).
7. cold start: a fresh interpreter that opens an empty store, builds the table and draws its
   first frame (the games imported when first chosen), against the bare interpreter (the floor),
   against the same start with no game at all, and against importing every game at start-up
   (as before the table imported them lazily).
6. idle CPU of the emulated loop (terminal panel, keyboard reader on a silent pipe) and of the
   hardware loop (gpiozero MockFactory buttons and LEDs, luma's dummy device) while nothing
   happens, against the seconds of wall time (goal: no redraw and under 0.5 % of a core).

    python benchmarks/bench_table.py [--idle SECONDS] [--only presses|idle|cold]
"""

from __future__ import annotations

import argparse
import importlib
import io
import os
import queue
import random
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks.baseline import unpack_baseline  # noqa: E402
from companion.engine import Session  # noqa: E402
from companion.games import available, load  # noqa: E402
from companion.hw.emulated import parse_script  # noqa: E402
from companion.hw.screen import render  # noqa: E402
from companion.store import Store  # noqa: E402
from companion.table.table import Table  # noqa: E402
from tests.engine.toy import GAME as TOY  # noqa: E402
from tests.keyscript import play_script  # noqa: E402


def median_us(samples):
    return statistics.median(samples) * 1e6


def bench_input_to_frame(tmp: Path) -> tuple[float, float, float]:
    game = load("vaaalbara")
    games = {name: load(name) for name in available()}
    lines, _ = play_script(game, 4, seed=1, games_in_menu=list(games))
    events = parse_script("\n".join(lines))
    store = Store(tmp / "bench.db")
    table = Table(store, games, "cs", new_seed=lambda: 1)
    per_action, per_key = [], []
    for event in events:
        before = len(table.session.entries) if table.session else 0
        start = time.perf_counter()
        table.handle(event)
        render(table.frame())
        table.leds()
        elapsed = time.perf_counter() - start
        after = len(table.session.entries) if table.session else 0
        (per_action if after > before else per_key).append(elapsed)
    store.close()
    fd = os.open(tmp / "floor.log", os.O_WRONLY | os.O_CREAT | os.O_APPEND)
    floor = []
    for index in range(300):
        start = time.perf_counter()
        os.write(fd, b'{"action": {"step": "take_land", "seat": 1, "value": %d}}\n' % index)
        os.fsync(fd)
        floor.append(time.perf_counter() - start)
    os.close(fd)
    return median_us(per_action), median_us(per_key), median_us(floor)


def long_toy_log(actions: int) -> list[dict]:
    session = Session(TOY, {"seats": 3, "rounds": actions}, 4)
    rng = random.Random(2)
    while len(session.entries) < actions:
        prompt = session.prompt
        if prompt.kind.hidden:
            session.submit({"step": prompt.step, "picks": {str(s): rng.randint(1, 3) for s in prompt.seats}})
        elif prompt.step == "roll":
            session.submit({"step": "roll", "seat": None, "value": None})
        elif prompt.step == "star":  # a bonus of 5 asks first whether the die shows a star
            session.submit({"step": "star", "seat": 0, "value": rng.randint(0, 1)})
        else:
            session.submit({"step": "bonus", "seat": 0, "value": rng.choice([0, 1, 2, 3, 5])})
    return session.entries


def bench_replay(actions: int = 2000) -> tuple[float, float]:
    entries = long_toy_log(actions)
    options = {"seats": 3, "rounds": actions}
    runs, bare = [], []
    for _ in range(5):
        start = time.perf_counter()
        Session(TOY, options, 4, entries)
        runs.append(time.perf_counter() - start)
        start = time.perf_counter()
        state = TOY.setup(options, 4)
        for entry in entries:
            state = TOY.apply(state, entry["action"])  # checks the action, works on its own copy
        bare.append(time.perf_counter() - start)
    return statistics.median(runs) * 1e3, statistics.median(bare) * 1e3


def child_max_rss_kib(args: list[str]) -> int:
    """Max RSS of one child, measured by a fresh parent so no earlier child counts."""
    probe = (
        "import resource, subprocess, sys; "
        "subprocess.run(sys.argv[1:], check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL); "
        "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)"
    )
    out = subprocess.run([sys.executable, "-c", probe, *args], cwd=ROOT, check=True, capture_output=True, text=True)
    return int(out.stdout.strip())


def bench_memory(tmp: Path) -> tuple[int, int]:
    baseline = child_max_rss_kib([sys.executable, "-c", "pass"])
    lines, _ = play_script(load("vaaalbara"), 4, seed=2, games_in_menu=available())
    script = tmp / "game.txt"
    script.write_text("\n".join(lines) + "\n", encoding="utf-8")
    run = child_max_rss_kib(
        [sys.executable, "-m", "companion", "run", "--script", str(script), "--data-dir", str(tmp / "mem")]
    )
    return run, baseline


def bench_map_render(repeat: int = 400) -> tuple[float, float]:
    from companion.surface.frame import Frame, MapCell, MapView

    labels = ["Hs*", "~g", "", "Mw+", "Ka"]
    rows = tuple(tuple(MapCell(labels[(r + c) % 5], c % 2 == 0, (r, c) == (1, 2)) for c in range(5)) for r in range(3))
    with_map = Frame("Kolo 4 · Tah", ("Bílý: Kam ji položíš?",), "", None, MapView(rows))
    text = Frame("Kolo 4 · Tah", ("Bílý: Kam ji položíš?", "1 Mlýn", "2 Pila", "3 Hostinec"), "▲▼ OK nebo kód", 1)
    timings = {}
    for name, frame in (("map", with_map), ("text", text)):
        samples = []
        for _ in range(repeat):
            start = time.perf_counter()
            render(frame)
            samples.append(time.perf_counter() - start)
        timings[name] = median_us(samples)
    return timings["map"], timings["text"]


BEFORE = "72e1dd9"  # the table before the answer screen: announcements took a key of their own


class _Recorder:
    def create_session(self, game, options, seed, seats):
        return 1

    def append(self, sid, entry):
        return 0

    def finish(self, sid, scores, winner):
        pass

    def finished_count(self):
        return 0

    def abandon(self, sid):
        pass


def _keys(engine, prompt, action: dict, start: int) -> list[str]:
    """What a player presses for ``action``: every hidden pick on its pad, a public answer on the
    answering seat's pad, else the host's down (from where the cursor starts) and OK."""
    from companion.table.secret import code_width, padded

    if prompt.kind.hidden:
        width = code_width({s: prompt.options_for(s) for s in prompt.seats})
        lines = []
        for seat_key, value in action["picks"].items():
            option = next(o for o in prompt.options_for(int(seat_key)) if o.value == value)
            lock = "" if option.code in ("#", "*") else " #"
            lines.append(f"pad {int(seat_key) + 1} {' '.join(padded(option.code, width))}{lock}")
        return lines
    from tests.keyscript import keys_for_value

    seat = prompt.seats[0] if len(prompt.seats) == 1 else None
    if seat is not None or prompt.kind is engine.PromptKind.CONFIRM:
        return keys_for_value(prompt, seat, action["value"])
    if prompt.kind is engine.PromptKind.NUMBER:
        return ["host " + " ".join(["up"] * (action["value"] - (prompt.minimum or 0)) + ["ok"])]
    options = prompt.options_for(None)
    index = [o.value for o in options].index(action["value"])
    from tests.keyscript import host_moves

    return ["host " + " ".join(host_moves(start, index, len(options)) + ["ok"])]


def game_presses(package: str, name: str, seats: int, seed: int, max_actions: int = 400) -> dict:
    """Keys of one scripted game through one version's table, by a reader who reads every page of
    every announcement and of every text, then answers: answers, reads (down on a text or on
    announcements) and put-aways (the key that only takes announcements off the panel) apart."""
    engine = importlib.import_module(f"{package}.engine")
    game = importlib.import_module(f"{package}.games.{name}").GAME
    tables = importlib.import_module(f"{package}.table.table")
    table = tables.Table(_Recorder(), {name: game}, "cs", new_seed=lambda: seed)
    screens = importlib.import_module(f"{package}.table.screens")
    cursor_of = getattr(importlib.import_module(f"{package}.table.prompts"), "start_cursor", lambda prompt: 0)
    parse = importlib.import_module(f"{package}.hw.emulated").parse_script
    settings = {s.key: s.initial() for s in game.settings if s.in_menu(seats)}
    table.new_game(name, {"seats": seats, **settings})
    rng, counts = random.Random(seed), {"answer": 0, "read news": 0, "put away": 0, "read text": 0}
    rounds = set()

    def press(lines, what):
        events = parse("\n".join(lines))
        counts[what] += len(events)
        for event in events:
            table.handle(event)

    def read():
        """Down while the screen still changes (a text, a hidden pick's screen)."""
        for _ in range(40):
            before = table.frame()
            table.handle(parse("host down")[0])
            if table.frame() == before:
                return
            counts["read text"] += 1

    for _ in range(max_actions):
        prompt = table.session.prompt
        if prompt is None:
            break
        rounds.add(table.session.status().round)
        if table.news_blocks():  # announcements: every page; away only when the host must answer
            press(["host down"] * (screens.news_pages(table) - 1), "read news")
            host_answers = not prompt.kind.hidden and len(prompt.seats) != 1
            if package == "companion_before" or host_answers:
                press(["host ok"], "put away")
        if prompt.kind.hidden or prompt.kind is engine.PromptKind.CONFIRM:
            read()
        session = table.session
        for _ in range(200):
            action = _random_action(engine, prompt, rng)
            try:
                session.evaluate(action)
                break
            except engine.RuleError:
                continue
        entries = len(session.entries)
        press(_keys(engine, prompt, action, cursor_of(prompt)), "answer")
        assert len(table.session.entries) == entries + 1, (
            package,
            prompt.step,
            [m.en for m in getattr(table, "messages", table).notice],
        )
    counts["rounds"] = len(rounds - {None}) or 1
    return counts


def _random_action(engine, prompt, rng: random.Random) -> dict:
    if prompt.kind.hidden:
        return {"step": prompt.step, "picks": {str(s): rng.choice(prompt.options_for(s)).value for s in prompt.seats}}
    seat = prompt.seats[0] if len(prompt.seats) == 1 else None
    if prompt.kind is engine.PromptKind.CONFIRM:
        return {"step": prompt.step, "seat": seat, "value": None}
    if prompt.kind is engine.PromptKind.NUMBER:
        low = prompt.minimum or 0
        return {"step": prompt.step, "seat": seat, "value": rng.randint(low, min(prompt.maximum or low + 5, low + 5))}
    return {"step": prompt.step, "seat": seat, "value": rng.choice(prompt.options_for(seat)).value}


def bench_presses(tmp: Path, quick: bool = False) -> None:
    """Keys per round of scripted games of every game, before and after (one seed each in quick
    mode, else the median of three): answers, reads and put-aways apart."""
    unpack_baseline(BEFORE, tmp / "before")
    seeds = range(1, 2 if quick else 4)
    print(f"keys per round, whole scripted games (max players), before = {BEFORE}")
    print(f"  {'game':10s} {'':6s} {'answer':>7s} {'news':>6s} {'away':>6s} {'text':>6s}   (news+away) after/before")
    kinds = ("answer", "read news", "put away", "read text")
    for name in available():
        seats = load(name).max_seats
        rows = {}
        for package in ("companion_before", "companion"):
            runs = [game_presses(package, name, seats, seed, 120 if quick else 400) for seed in seeds]
            rows[package] = {k: statistics.median(r[k] / r["rounds"] for r in runs) for k in kinds}
        b, a = rows["companion_before"], rows["companion"]
        for label, row in (("before", b), ("after", a)):
            print(
                f"  {name:10s} {label:6s} " + " ".join(f"{row[k]:{7 if k == 'answer' else 6}.1f}" for k in kinds),
                end="",
            )
            news_before = b["read news"] + b["put away"]
            ratio = (a["read news"] + a["put away"]) / news_before if news_before else 0.0
            print("" if label == "before" else f"   {ratio:4.2f}")


# -- idle ------------------------------------------------------------------------------------------


class _Null(io.TextIOBase):
    def write(self, text):
        return len(text)


def _idle(app, seconds: float, redraws) -> tuple[float, int, int]:
    """CPU seconds of this process while ``app`` runs idle for ``seconds``, the loop's wake-ups
    without an event, and the redraws (``redraws()`` counts them) in that time."""
    worker = threading.Thread(target=app.run)
    worker.start()
    time.sleep(1.0)  # the first frame drawn, threads settled
    cpu, wakeups, drawn = time.process_time(), app.wakeups, redraws()
    time.sleep(seconds)
    used = time.process_time() - cpu
    woke, drawn = app.wakeups - wakeups, redraws() - drawn
    from companion.surface.events import Quit

    app.events.put(Quit("bench"))
    worker.join(10)
    return used, woke, drawn


def bench_idle(tmp: Path, seconds: float) -> None:
    from companion.app import App, make_table
    from companion.hw.emulated import KeyboardReader, TerminalTable
    from companion.hw.gpio import GpioLeds, HostButtons
    from companion.hw.oled import OledDisplay
    from companion.store import Store

    print(f"idle for {seconds:.0f} s, nothing pressed (CPU of the whole process / wall time)")
    events = queue.SimpleQueue()
    read_end, write_end = os.pipe()
    reader = KeyboardReader(events, stream=os.fdopen(read_end, "rb", buffering=0))
    terminal = TerminalTable(out=_Null())
    store = Store(tmp / "idle-emulated.db")
    app = App(make_table(store, "cs", seed=1), terminal, terminal, events, [reader.stop, store.close])
    reader.start()
    used, woke, drawn = _idle(app, seconds, lambda: terminal.draws)
    os.close(write_end)
    print(
        f"  emulated loop: {used:6.3f} s CPU = {100 * used / seconds:5.3f} % of a core; "
        f"panel redraws {drawn}, timer wake-ups {woke}"
    )

    from gpiozero import Device
    from gpiozero.pins.mock import MockFactory, MockPWMPin

    Device.pin_factory = MockFactory(pin_class=MockPWMPin)
    for label, keys in (("menu", ()), ("a secret pick, LEDs blinking", ("ok", "ok"))):
        events = queue.SimpleQueue()
        buttons = HostButtons({"up": 5, "down": 6, "ok": 13, "back": 19}, events, debounce_ms=0)
        leds = GpioLeds({0: 17, 1: 27})
        display = OledDisplay({"driver": "dummy"})
        store = Store(tmp / f"idle-hw-{len(keys)}.db")
        table = make_table(store, "cs", seed=1)
        from companion.surface.events import KeyEvent

        for key in keys:
            table.handle(KeyEvent(None, key))
        app = App(table, display, leds, events, [buttons.close, store.close])
        used, woke, drawn = _idle(app, seconds, lambda display=display: display.displays)
        print(
            f"  hardware loop ({label}): {used:6.3f} s CPU = {100 * used / seconds:5.3f} % of a core; "
            f"frames pushed {drawn}, timer wake-ups {woke}"
        )
        Device.pin_factory.reset()


COLD_START = """
import sys, tempfile
from companion.app import make_table
from companion.store import Store
store = Store(tempfile.mkdtemp(dir=sys.argv[1]) + "/companion.db")
if sys.argv[2] == "none":
    from companion.table.table import Table
    table = Table(store, {}, "cs")
else:
    table = make_table(store, "cs")
    if sys.argv[2] == "eager":
        for name in list(table.games):
            table.games[name]
from companion.hw.screen import render
render(table.frame())
"""


# the import floor: what any table needs before it can draw (Pillow and its fonts, luma's
# canvas, TinyDB, pyserial), with none of the companion's own code
LIBRARIES = "import PIL.Image, PIL.ImageDraw, PIL.ImageFont, luma.core.render, luma.core.device, tinydb, serial"


def bench_cold_start(tmp: Path, runs: int = 15) -> dict[str, float]:
    """Median wall time (ms) of each kind of fresh start, run in turns so load spreads evenly.

    Our modules start compiled, as the libraries do and as on an installed box (pip compiles at
    install time): bytecode is written to a folder of its own, filled by one warm-up round."""
    env = dict(os.environ, PYTHONPATH=str(ROOT), PYTHONPYCACHEPREFIX=str(tmp / "pycache"))
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    kinds = {"bare": [sys.executable, "-c", "pass"], "libraries": [sys.executable, "-c", LIBRARIES]}
    for kind in ("none", "lazy", "eager"):
        kinds[kind] = [sys.executable, "-c", COLD_START, str(tmp), kind]
    for command in kinds.values():
        subprocess.run(command, env=env, check=True, cwd=ROOT)
    times: dict[str, list[float]] = {kind: [] for kind in kinds}
    for _ in range(runs):
        for kind, command in kinds.items():
            start = time.perf_counter()
            subprocess.run(command, env=env, check=True, cwd=ROOT)
            times[kind].append((time.perf_counter() - start) * 1000)
    return {kind: statistics.median(values) for kind, values in times.items()}


def print_cold_start(tmp: Path) -> None:
    cold = bench_cold_start(tmp)
    print("cold start (fresh interpreter to the first frame, empty store; medians)")
    print(f"  bare interpreter: {cold['bare']:6.1f} ms   the libraries' import floor: {cold['libraries']:6.1f} ms")
    print(f"  table without games: {cold['none']:6.1f} ms")
    print(f"  table, games lazy: {cold['lazy']:6.1f} ms   every game imported: {cold['eager']:6.1f} ms")
    print(
        f"  ratios: lazy/import floor {cold['lazy'] / cold['libraries']:5.2f}"
        f"   eager/import floor {cold['eager'] / cold['libraries']:5.2f}   lazy/bare {cold['lazy'] / cold['bare']:5.2f}"
        f"   lazy/no games {cold['lazy'] / cold['none']:5.2f}   eager/lazy {cold['eager'] / cold['lazy']:5.2f}"
    )


def main() -> None:
    args = argparse.ArgumentParser()
    args.add_argument("--idle", type=float, default=60.0, help="seconds of each idle measurement")
    args.add_argument("--only", choices=("presses", "idle", "cold"))
    args.add_argument("--quick", action="store_true", help="one seed, short games, 1 s idle (a check that it runs)")
    options = args.parse_args()
    if options.quick:
        options.idle = min(options.idle, 1.0)
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        if options.only == "presses":
            bench_presses(tmp, options.quick)
            return
        if options.only == "idle":
            bench_idle(tmp, options.idle)
            return
        if options.only == "cold":
            print_cold_start(tmp)
            return
        print_cold_start(tmp)
        bench_presses(tmp, options.quick)
        bench_idle(tmp, options.idle)
        action, key, floor = bench_input_to_frame(tmp)
        print("input -> accepted action -> frame (Vaaalbara, 4 players)")
        print(f"  key that commits an action: {action:8.0f} us   key that does not: {key:6.0f} us")
        print(f"  floor (one fsynced line):   {floor:8.0f} us   ratio action/floor: {action / floor:5.2f}")
        replay, bare = bench_replay()
        print("replay of a 2,000-action session")
        print(f"  engine replay: {replay:7.1f} ms   bare rules: {bare:7.1f} ms   ratio: {replay / bare:5.2f}")
        drawn_map, drawn_text = bench_map_render()
        print("rasterising a frame for the 128x64 panel")
        print(
            f"  with a 5x3 map: {drawn_map:6.0f} us   text only: {drawn_text:6.0f} us   "
            f"ratio: {drawn_map / drawn_text:5.2f}"
        )
        run, baseline = bench_memory(tmp)
        print("memory of `companion run` (emulated table, one whole game, max RSS)")
        print(
            f"  companion: {run / 1024:6.1f} MiB   bare python: {baseline / 1024:6.1f} MiB   "
            f"ratio: {run / baseline:5.2f}"
        )


if __name__ == "__main__":
    main()
