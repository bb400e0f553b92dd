"""The web table's costs, as ratios from one run against a baseline in the same run.

    python benchmarks/bench_web.py [--runs 5] [--keys 200] [--quick]

1. Start-up: a fresh interpreter imports the box (``companion.app``, the games) and builds a
   table, with the web table off and on (``companion.web`` imported, a WebTable listening, one
   publish). Import time and RSS, medians of alternating runs; the ratio on/off. With the web
   table off, ``websockets`` and ``segno`` must not be loaded at all.
2. Key paths, p50 and p99: a key pressed on a phone (a websockets client) until the board page
   receives the new view (key -> board), against the baseline of the same key put on the
   owner's queue until the panel's frame is built (key -> panel), both in this process.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import queue
import socket
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

CHILD = r"""
import sys, time
started = time.perf_counter()
from companion.app import App  # noqa: F401  the box as it starts
from companion.games import load
from companion.surface.events import KeyEvent
from companion.table.table import Table
sys.path.insert(0, {root!r})
from tests.table.helpers import MemoryRecorder
table = Table(MemoryRecorder(), {{"vaaalbara": load("vaaalbara")}}, "en", new_seed=lambda: 11)
for key in ("ok", "down", "ok"):
    table.handle(KeyEvent(None, key))
table.frame()
if {web}:
    import queue
    from companion.web.server import WebTable
    from companion.web.views import Tracker, all_views
    from companion.web import qr
    web = WebTable(queue.SimpleQueue(), "127.0.0.1", 0)
    web.start()
    web.publish(*all_views(table, Tracker()))
    qr.panel_image(qr.url_qr("192.168.4.1", web.port))
elapsed = time.perf_counter() - started
rss = next(int(l.split()[1]) for l in open("/proc/self/status") if l.startswith("VmRSS:"))
loaded = sorted(m for m in ("websockets", "segno") if m in sys.modules)
print(elapsed, rss, ",".join(loaded))
if {web}:
    web.close()
"""


def child(web: bool) -> tuple[float, int, str]:
    run = subprocess.run(
        [sys.executable, "-c", CHILD.format(root=str(ROOT), web=web)],
        # the machine's other work must not be counted: one child at a time, never in parallel
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    )
    elapsed, rss, loaded = (run.stdout.split() + [""])[:3]
    return float(elapsed), int(rss), loaded


def bench_start(runs: int) -> None:
    off, on = [], []
    for _ in range(runs):  # alternating, so a busy moment of the machine hits both
        off.append(child(False))
        on.append(child(True))
    assert all(loaded == "" for _, _, loaded in off), "the web table's libraries load with it off"
    time_off, time_on = statistics.median(t for t, _, _ in off), statistics.median(t for t, _, _ in on)
    rss_off, rss_on = statistics.median(r for _, r, _ in off), statistics.median(r for _, r, _ in on)
    print(f"start-up, median of {runs} alternating runs (web table off -> on):")
    print(
        f"  time to a built table: {time_off * 1000:.0f} ms -> {time_on * 1000:.0f} ms, ratio {time_on / time_off:.2f}"
    )
    print(f"  RSS: {rss_off / 1024:.1f} MiB -> {rss_on / 1024:.1f} MiB, ratio {rss_on / rss_off:.2f}")
    print(f"  with the web table off, websockets and segno are not loaded: {all(not x for *_, x in off)}")


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def bench_keys(keys: int) -> None:
    sys.path.insert(0, str(ROOT))
    from websockets.asyncio.client import connect

    from companion.surface.events import KeyEvent
    from companion.web import server as web_server
    from companion.web.server import WebTable
    from companion.web.views import Tracker
    from tests.web.helpers import HOST, Owner, vaaalbara_table

    # the bench types faster than any person: lift the per-phone rate cap (tests/web checks it)
    web_server.RATE, web_server.BURST = 1e6, 10**6
    web_server.KEY_RATE, web_server.KEY_BURST = 1e6, 10**6  # and the per-seat key cap
    owner = Owner(vaaalbara_table(3))
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    sock.listen(8)
    port = sock.getsockname()[1]
    web = WebTable(owner.events, allowed_hosts={f"{HOST}:{port}"}, sock=sock, max_connections=8)
    owner.web = web
    web.start()
    owner.publish()
    stop = threading.Event()

    def loop():  # the owner thread: events off the queue, the views published after each
        while not stop.is_set():
            try:
                event = owner.events.get(timeout=0.05)
            except queue.Empty:
                continue
            if event == "new table":
                owner.table, owner.tracker = vaaalbara_table(3), Tracker()
                owner.publish()
                continue
            owner.handle(event)

    threading.Thread(target=loop, daemon=True).start()

    def open_socket():
        return connect(f"ws://{HOST}:{port}/ws", host="127.0.0.1", port=port, origin=f"http://{HOST}:{port}")

    async def web_path() -> list[float]:
        times = []
        async with open_socket() as phone, open_socket() as board:
            await phone.send(json.dumps({"t": "hello", "role": "seat"}))
            await phone.recv()
            await phone.send(json.dumps({"t": "claim", "seat": 0, "name": "A"}))
            await phone.recv()
            await phone.recv()
            await board.send(json.dumps({"t": "hello", "role": "board"}))
            await board.recv()
            for n in range(keys):  # Blue locks 01 and 02 in turn: its own view changes every time
                await phone.send(json.dumps({"t": "key", "key": "0"}))
                await phone.recv()
                await phone.send(json.dumps({"t": "key", "key": "1" if n % 2 else "2"}))
                await phone.recv()
                started = time.perf_counter()
                await phone.send(json.dumps({"t": "key", "key": "#"}))
                await phone.recv()  # the seat's own view: locked
                times.append(time.perf_counter() - started)
        return times

    seat_times = asyncio.run(web_path())

    async def board_path() -> list[float]:
        times = []
        async with open_socket() as phone, open_socket() as board:
            await phone.send(json.dumps({"t": "hello", "role": "seat"}))
            await phone.recv()
            await phone.send(json.dumps({"t": "claim", "seat": 1, "name": "B"}))
            await phone.recv()
            await phone.recv()
            await board.send(json.dumps({"t": "hello", "role": "board"}))
            await board.recv()
            for n in range(keys):
                owner.events.put("new table")  # a fresh table: nobody has locked
                await board.recv()
                if n:  # Purple's view changes back from locked (not at the first: it never locked)
                    await phone.recv()
                for key in "03":
                    await phone.send(json.dumps({"t": "key", "key": key}))
                    await phone.recv()
                started = time.perf_counter()
                await phone.send(json.dumps({"t": "key", "key": "#"}))
                await board.recv()  # Purple locked: the board's whole view
                times.append(time.perf_counter() - started)
                await phone.recv()
        return times

    board_times = asyncio.run(board_path())
    stop.set()
    web.close()

    # baseline: the same key from the owner's queue to a built panel frame, in this process
    table = vaaalbara_table(3)
    panel_times = []
    for n in range(keys):
        for key in ("0", "1" if n % 2 else "2"):
            table.handle(KeyEvent(0, key))
        started = time.perf_counter()
        table.handle(KeyEvent(0, "#"))
        table.frame()
        panel_times.append(time.perf_counter() - started)

    print(f"key paths, {keys} keys each (p50 / p99):")
    for name, values in (("key -> panel frame", panel_times), ("key -> phone's view", seat_times)):
        print(f"  {name}: {percentile(values, 0.5) * 1000:.2f} / {percentile(values, 0.99) * 1000:.2f} ms")
    p50, p99 = percentile(board_times, 0.5), percentile(board_times, 0.99)
    print(f"  key -> board page: {p50 * 1000:.2f} / {p99 * 1000:.2f} ms")
    base = percentile(panel_times, 0.99)
    phone_ratio, board_ratio = percentile(seat_times, 0.99) / base, p99 / base
    print(f"  p99 ratio phone/panel {phone_ratio:.1f}, board/panel {board_ratio:.1f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--keys", type=int, default=200)
    parser.add_argument("--quick", action="store_true", help="1 run and 20 keys (a check that it runs)")
    args = parser.parse_args()
    if args.quick:
        args.runs, args.keys = min(args.runs, 1), min(args.keys, 20)
    if args.runs:
        bench_start(args.runs)
    bench_keys(args.keys)


if __name__ == "__main__":
    main()
