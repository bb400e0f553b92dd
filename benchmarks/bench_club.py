"""The club's costs: openskill's import (time, RSS), the club code on an ordinary start (none is
the goal: the ratio to the baseline commit is 1.00 and no module of it is loaded), and the sync
of 1,000 and 10,000 plays to a fresh box over a real Mosquitto (CPU, peak RSS).

    python benchmarks/bench_club.py [--sizes 1000 10000] [--before COMMIT] [--quick]

Start-up is measured in fresh interpreters, this tree's and ``--before``'s (``baseline.py``)
alternated, median of ``--runs``; the figures are ratios. The sync: a broker holding N retained
plays (real example games, each with its own identity), then a box with an empty data dir
subscribes and merges them all (verified, imported); its process's CPU time (user + system)
and peak RSS (VmHWM) are printed per play. The league over N plays: its CPU time.
``--quick``: 50 and 200 plays, 3 start-up runs.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

START = r"""
import sys, time, queue
from pathlib import Path
t = time.perf_counter()
package = __import__(sys.argv[1] + ".run", fromlist=["x"])
config = __import__(sys.argv[1] + ".config", fromlist=["x"])
app = __import__(sys.argv[1] + ".app", fromlist=["x"])
start_club = getattr(app, "start_club", lambda cfg, events, data_dir: None)
start_club(config.load(None), queue.SimpleQueue(), Path(sys.argv[2]))
took = time.perf_counter() - t
rss = next(int(l.split()[1]) for l in open("/proc/self/status") if l.startswith("VmRSS:"))
club = sorted(m for m in sys.modules if m.split(".")[0] in ("paho", "openskill") or ".club" in m)
print(took, rss, len(club))
"""

OPENSKILL = r"""
import time
rss = lambda: next(int(l.split()[1]) for l in open("/proc/self/status") if l.startswith("VmRSS:"))
before = rss(); t = time.perf_counter()
from openskill.models import PlackettLuce
model = PlackettLuce()
took = time.perf_counter() - t
print(took, rss() - before)
"""

FRESH_BOX = r"""
import resource, sys, threading, time
from pathlib import Path
from companion import config as config_module
from companion.club.runner import ClubLink
from companion.club.settings import settings_of
from companion.known_games import KNOWN
from companion.store import Store
data, conf, expected = Path(sys.argv[1]), sys.argv[2], int(sys.argv[3])
data.mkdir(parents=True, exist_ok=True)
settings = settings_of(config_module.load(conf)["club"])
woken = threading.Event()
start = time.monotonic()
store = Store(data / "companion.db", rules=KNOWN)
link = ClubLink(settings, data, woken.set)
link.start()
while store.finished_count() < expected:
    if not link.work(store, limit=500):
        woken.wait(0.5); woken.clear()
wall = time.monotonic() - start
link.close(); store.close()
usage = resource.getrusage(resource.RUSAGE_SELF)
peak = next(int(l.split()[1]) for l in open("/proc/self/status") if l.startswith("VmHWM:"))
print(usage.ru_utime + usage.ru_stime, peak, wall)
"""


def child(code: str, *args: str, path: Path = ROOT) -> list[float]:
    env = dict(os.environ, PYTHONPATH=str(path))
    env.pop("PYTHONDONTWRITEBYTECODE", None)  # both trees run from compiled modules, as a box does
    done = subprocess.run(
        [sys.executable, "-c", code, *args], cwd=path, env=env, capture_output=True, text=True, check=True
    )
    return [float(x) for x in done.stdout.split()]


def startup(before: str | None, runs: int, work: Path) -> None:
    trees = [("this tree", "companion", ROOT)]
    if before:
        from benchmarks.baseline import unpack_baseline

        base = work / "baseline"
        base.mkdir()
        unpack_baseline(before, base)
        trees.append((before[:10], "companion_before", base))
    figures: dict[str, list[list[float]]] = {name: [] for name, _, _ in trees}
    for _, package, path in trees:  # a first run compiles each tree's modules: not measured
        child(START, package, str(work / "data"), path=path)
    for _ in range(runs):
        for name, package, path in trees:
            figures[name].append(child(START, package, str(work / "data"), path=path))
    here = figures["this tree"]
    took, rss = statistics.median(r[0] for r in here), statistics.median(r[1] for r in here)
    print(f"ordinary start (no [club]): club modules loaded: {int(max(r[2] for r in here))}")
    if before:
        old = figures[before[:10]]
        took0, rss0 = statistics.median(r[0] for r in old), statistics.median(r[1] for r in old)
        print(f"  start-up time vs {before[:10]}: {took / took0:.2f}x; RSS: {rss / rss0:.3f}x ({rss - rss0:+.0f} KiB)")
    else:
        print(f"  start-up import {took * 1000:.0f} ms, RSS {rss / 1024:.1f} MiB (no baseline given)")
    taken = [child(OPENSKILL) for _ in range(runs)]
    ms, kib = statistics.median(t[0] for t in taken) * 1000, statistics.median(t[1] for t in taken)
    print(
        f"openskill import (PlackettLuce): {ms:.0f} ms ({ms / (took * 1000):.2f}x the ordinary start), "
        f"+{kib / 1024:.1f} MiB RSS"
    )


def plays(count: int) -> list[tuple[str, bytes]]:
    """``count`` finished example games as the club publishes them: twenty real games played
    through the store, each copied with its own uid (the replay does not read the uid)."""
    from companion.known_games import KNOWN
    from companion.store import Store
    from companion.store.export import json_text
    from tests.club.plays import Clock, play_example

    names = ["Anna", "Petr", "Eva", "Jan", "Věra"]
    with tempfile.TemporaryDirectory() as folder, Store(Path(folder) / "companion.db", rules=KNOWN, clock=Clock()) as s:
        for n in range(20):
            play_example(s, n, names[n % 5 : n % 5 + 2 + n % 3] if n % 5 + 2 + n % 3 <= 5 else names[:3])
        templates = [s.session_document(r["session"]) for r in s.history()]
    made = []
    for n in range(count):
        document = json.loads(json.dumps(templates[n % len(templates)]))
        uid = str(uuid.UUID(int=n + 1, version=4))
        document["meta"]["uid"] = uid
        made.append((uid, json_text(document).encode()))
    return made


def sync(sizes: list[int], work: Path) -> None:
    import paho.mqtt.client as mqtt
    from paho.mqtt.enums import CallbackAPIVersion
    from paho.mqtt.packettypes import PacketTypes
    from paho.mqtt.properties import Properties

    from tests.club.conftest import Broker

    for size in sizes:
        folder = work / f"sync{size}"
        broker = Broker(folder / "broker")
        broker.start()
        try:
            publisher = mqtt.Client(CallbackAPIVersion.VERSION2, client_id="bench", protocol=mqtt.MQTTv5)
            publisher.max_inflight_messages_set(100)
            publisher.connect("127.0.0.1", broker.port)
            publisher.loop_start()
            props = Properties(PacketTypes.PUBLISH)
            props.UserProperty = [("box", "bench")]
            infos = [
                publisher.publish(f"companion/bench/plays/{uid}", payload, qos=1, retain=True, properties=props)
                for uid, payload in plays(size)
            ]
            for info in infos:
                info.wait_for_publish(60)
            publisher.disconnect()
            publisher.loop_stop()
            conf = folder / "box.toml"
            conf.write_text(f'[club]\nname = "bench"\nbox = "fresh"\nbroker = "127.0.0.1"\nport = {broker.port}\n')
            cpu, peak, wall = child(FRESH_BOX, str(folder / "fresh"), str(conf), str(size))
            print(
                f"sync of {size:,} plays to a fresh box: CPU {cpu:.1f} s ({cpu / size * 1000:.2f} ms a play), "
                f"peak RSS {peak / 1024:.1f} MiB, {wall:.1f} s on the clock"
            )
        finally:
            broker.stop()


def league_cost(sizes: list[int]) -> None:
    """``companion league``'s work over N plays (2-4 named players of six, two games): CPU."""
    import random

    from companion.club.league import league

    draw = random.Random(1)
    people = ["Anna", "Petr", "Eva", "Jan", "Věra", "Ota"]
    for size in sizes:
        records = []
        for n in range(size):
            seats = draw.sample(people, draw.randint(2, 4))
            places = draw.sample(range(1, len(seats) + 1), len(seats))
            ranking = sorted(range(len(seats)), key=lambda seat: places[seat])
            records.append(
                {
                    "uid": f"{n:08d}",
                    "game": draw.choice(("example", "catan")),
                    "finished": f"2026-{1 + n % 12:02d}-01T20:00:00+01:00",
                    "players": {str(seat): name for seat, name in enumerate(seats)},
                    "scores": {"ranking": ranking, "places": [places[seat] for seat in ranking]},
                }
            )
        start = time.process_time()
        league(records, {})
        took = time.process_time() - start
        print(f"league over {size:,} plays: CPU {took:.2f} s ({took / size * 1e6:.0f} µs a play)")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--sizes", type=int, nargs="+", default=[1000, 10000])
    parser.add_argument("--before", help="the baseline commit for the start-up ratio")
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--quick", action="store_true")
    args = parser.parse_args()
    if args.quick:
        args.sizes, args.runs = [50, 200], 3
    with tempfile.TemporaryDirectory() as folder:
        work = Path(folder)
        (work / "data").mkdir()
        startup(args.before, args.runs, work)
        league_cost(args.sizes)
        sync(args.sizes, work)


if __name__ == "__main__":
    main()
