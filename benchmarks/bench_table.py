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
"""

from __future__ import annotations

import copy
import os
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

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
        elif prompt.step == "star":   # a bonus of 5 asks first whether the die shows a star
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
            state = TOY.apply(state, entry["action"])   # checks the action, works on its own copy
        bare.append(time.perf_counter() - start)
    return statistics.median(runs) * 1e3, statistics.median(bare) * 1e3


def child_max_rss_kib(args: list[str]) -> int:
    """Max RSS of one child, measured by a fresh parent so no earlier child counts."""
    probe = ("import resource, subprocess, sys; "
             "subprocess.run(sys.argv[1:], check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL); "
             "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)")
    out = subprocess.run([sys.executable, "-c", probe, *args], cwd=ROOT, check=True,
                         capture_output=True, text=True)
    return int(out.stdout.strip())


def bench_memory(tmp: Path) -> tuple[int, int]:
    baseline = child_max_rss_kib([sys.executable, "-c", "pass"])
    lines, _ = play_script(load("vaaalbara"), 4, seed=2, games_in_menu=available())
    script = tmp / "game.txt"
    script.write_text("\n".join(lines) + "\n", encoding="utf-8")
    run = child_max_rss_kib([sys.executable, "-m", "companion", "run", "--script", str(script),
                             "--data-dir", str(tmp / "mem")])
    return run, baseline


def bench_map_render(repeat: int = 400) -> tuple[float, float]:
    from companion.table.frame import Frame, MapCell, MapView
    labels = ["Hs*", "~g", "", "Mw+", "Ka"]
    rows = tuple(tuple(MapCell(labels[(r + c) % 5], c % 2 == 0, (r, c) == (1, 2)) for c in range(5))
                 for r in range(3))
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


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        action, key, floor = bench_input_to_frame(tmp)
        print("input -> accepted action -> frame (Vaaalbara, 4 players)")
        print(f"  key that commits an action: {action:8.0f} us   key that does not: {key:6.0f} us")
        print(f"  floor (one fsynced line):   {floor:8.0f} us   ratio action/floor: {action / floor:5.2f}")
        replay, bare = bench_replay()
        print("replay of a 2,000-action session")
        print(f"  engine replay: {replay:7.1f} ms   bare rules: {bare:7.1f} ms   ratio: {replay / bare:5.2f}")
        drawn_map, drawn_text = bench_map_render()
        print("rasterising a frame for the 128x64 panel")
        print(f"  with a 5x3 map: {drawn_map:6.0f} us   text only: {drawn_text:6.0f} us   "
              f"ratio: {drawn_map / drawn_text:5.2f}")
        run, baseline = bench_memory(tmp)
        print("memory of `companion run` (emulated table, one whole game, max RSS)")
        print(f"  companion: {run / 1024:6.1f} MiB   bare python: {baseline / 1024:6.1f} MiB   "
              f"ratio: {run / baseline:5.2f}")


if __name__ == "__main__":
    main()
