"""Store costs: append per action (empty store vs 10,000 actions stored, journal vs TinyDB's
JSONStorage), and what history costs (start-up, peak RSS, ``companion history`` with 1,000
finished sessions against an empty store).

    python benchmarks/bench_store.py [--stored 10000] [--runs 300] [--dir DIR]
    python benchmarks/bench_store.py --only history [--finished 1000]
    python benchmarks/bench_store.py --only edges [--finished 1000]

``edges``: what checking every field of the running game costs at start-up (ratio against the
same open without the check, in this process), and the peak memory of a JSON export streamed one
session at a time against the same export built whole in memory (ratio, tracemalloc).

Figures are medians of single appends timed in this process. The empty and the full store are
timed in alternating blocks of ten appends, so both see the same disk and cache conditions; their
ratio (full / empty) says only whether appending slows down as history grows. Each append
includes its fsync: run it on the card the table will use (``--dir``) for absolute numbers.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from contextlib import ExitStack
from pathlib import Path
from unittest import mock

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # this tree's companion, not an installed one

from tinydb import TinyDB
from tinydb.table import Document

from companion.store import JournalDB, Store
from companion.store.records import log_table


def action(n: int) -> dict:
    """A typical log entry: a seat's move with a little Czech text."""
    return {"action": {"step": "move", "seat": n % 4, "value": "N", "note": f"tah {n}: Řehoř"}}


def journal_appender(stack: ExitStack, path: Path, stored: int) -> Callable[[int], object]:
    with Store(path) as store:
        session = store.create_session("bench", {}, 1, ["A", "B", "C", "D"])
    with JournalDB(path) as db:  # pre-fill the session's log in one journal line: quick set-up
        db.table(log_table(session)).insert_multiple(Document(action(n), doc_id=n + 1) for n in range(stored))
    store = stack.enter_context(Store(path))
    store.append(session, action(stored))  # the first append after a restart looks up the log's end
    return lambda i: store.append(session, action(stored + 1 + i))


def jsonstorage_appender(stack: ExitStack, path: Path, stored: int) -> Callable[[int], object]:
    db = stack.enter_context(TinyDB(path, ensure_ascii=False, encoding="utf-8"))
    log = db.table("log")
    if stored:
        log.insert_multiple(action(n) for n in range(stored))
    return lambda i: log.insert(action(stored + i))


def alternate(
    empty: Callable[[int], object], full: Callable[[int], object], runs: int, block: int = 10
) -> tuple[float, float]:
    """Median µs per append for each of two appenders, timed in alternating blocks.

    Blocks rather than single turns: a big fsync leaves the file system busy for a moment, and
    that should not be charged to the small store's next append.
    """
    samples: tuple[list[int], list[int]] = ([], [])
    i = 0
    while i < runs:
        for call, times in ((empty, samples[0]), (full, samples[1])):
            for j in range(i, min(i + block, runs)):
                start = time.perf_counter_ns()
                call(j)
                times.append(time.perf_counter_ns() - start)
        i += block
    return statistics.median(samples[0]) / 1000, statistics.median(samples[1]) / 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--stored", type=int, default=10_000, help="actions already stored (default 10000)")
    parser.add_argument("--runs", type=int, default=300, help="timed appends per journal case (default 300)")
    parser.add_argument(
        "--json-runs", type=int, default=40, help="timed inserts per JSONStorage case (slow when full; default 40)"
    )
    parser.add_argument("--dir", type=Path, default=None, help="where to put the files (default: a temp dir)")
    parser.add_argument("--only", choices=("append", "history", "edges"), help="run one part only")
    parser.add_argument("--finished", type=int, default=1000, help="finished sessions for the history part")
    parser.add_argument("--quick", action="store_true", help="small sizes and few runs (a check that it runs)")
    args = parser.parse_args()
    if args.quick:
        args.stored, args.runs, args.json_runs, args.finished = 300, 20, 4, 30
    if args.only == "edges":
        edge_costs(args)
        return
    if args.only != "append":
        history_costs(args)
    if args.only == "history":
        return

    rows = []
    for fsync in (True, False):
        rows += measure(args, fsync)

    full_label = f"{args.stored:,} stored µs"
    where = args.dir or tempfile.gettempdir()
    print(f"append cost per action (median of single appends), files in {where}")
    print(f"{'storage':<40}{'empty µs':>10}{full_label:>20}{'full/empty':>12}")
    for label, empty_us, full_us in rows:
        print(f"{label:<40}{empty_us:>10.0f}{full_us:>20.0f}{full_us / empty_us:>12.2f}")
    print(
        f"with {args.stored:,} stored and fsync on, JSONStorage costs "
        f"{rows[1][2] / rows[0][2]:.0f}x the journal per append"
    )


def measure(args: argparse.Namespace, fsync: bool) -> list[tuple[str, float, float]]:
    """Both storages, empty vs full; with ``fsync=False`` the disk's latency (and its noise) is
    taken out, leaving what each append costs in CPU and page cache."""
    rows = []
    suffix = "" if fsync else ", fsync off"
    with ExitStack() as stack:
        directory = Path(stack.enter_context(tempfile.TemporaryDirectory(dir=args.dir, prefix="bench-store-")))
        if not fsync:
            stack.enter_context(mock.patch("os.fsync", lambda fd: None))
        for label, make, runs in (
            ("journal (Store.append)", journal_appender, args.runs),
            ("TinyDB JSONStorage insert", jsonstorage_appender, args.json_runs),
        ):
            kind = make.__name__.split("_")[0]
            empty = make(stack, directory / f"{kind}-empty", 0)
            full = make(stack, directory / f"{kind}-full", args.stored)
            rows.append((label + suffix, *alternate(empty, full, runs)))
    return rows


# -- history: start-up, memory and `companion history` against the number of finished games ----
ROOT = Path(__file__).resolve().parents[1]
STARTUP_CHILD = """
import sys, time
start = time.perf_counter()
from companion.store import Store
store = Store(sys.argv[1])
running = store.unfinished()
entries = store.entries(running["id"])
count = store.finished_count()
store.close()
took = time.perf_counter() - start
# VmHWM, not ru_maxrss: on Linux ru_maxrss keeps the forking parent's high-water mark across exec
peak = next(int(line.split()[1]) for line in open("/proc/self/status") if line.startswith("VmHWM:"))
print(took, peak, len(entries), count)
"""


def finished_document(n: int, actions: int = 120) -> dict:
    """A finished session document like a real one: 4 seats, ``actions`` timed entries."""
    import uuid

    entries = [
        {"action": {"step": "move", "seat": k % 4, "value": k % 7}, "at": "2025-06-01T18:00:00.000+02:00"}
        for k in range(actions)
    ]
    return {
        "format": "companion-session",
        "version": 2,
        "game": "vaaalbara",
        "options": {"seats": 4},
        "seed": n,
        "entries": entries,
        "meta": {
            "id": n,
            "uid": str(uuid.UUID(int=n + 1)),
            "started": "2025-06-01T18:00:00+02:00",
            "finished": "2025-06-01T18:40:00+02:00",
            "abandoned": None,
            "seats": ["Modrá", "Fialová", "Žlutá", "Červená"],
            "names": ["Modrá", "Fialová", "Žlutá", "Červená"],
            "scores": {
                "final": True,
                "totals": {"0": 50, "1": 40, "2": 30, "3": 20},
                "ranking": [0, 1, 2, 3],
                "winner": 0,
            },
            "winner": 0,
            "duration_s": 2400,
            "actions": actions,
        },
    }


def make_store(directory: Path, finished: int) -> Path:
    """A store with ``finished`` finished games and one running game of 200 entries."""
    from companion.store.sessions import Store

    directory.mkdir(parents=True)
    path = directory / "companion.db"
    with Store(path) as store:
        if finished:
            store.import_documents([finished_document(n) for n in range(finished)])
        session = store.create_session("vaaalbara", {"seats": 4}, 1, ["A", "B", "C", "D"])
        for k in range(200):
            store.append(session, action(k))
    return path


def child_startup(path: Path) -> tuple[float, int]:
    """Start-up in a fresh interpreter (imports included): seconds and peak RSS in KiB."""
    import subprocess
    import sys

    env = dict(__import__("os").environ, PYTHONPATH=str(ROOT))
    out = subprocess.run(
        [sys.executable, "-c", STARTUP_CHILD, str(path)], capture_output=True, text=True, env=env, check=True
    ).stdout.split()
    return float(out[0]), int(out[1])


def history_costs(args: argparse.Namespace) -> None:
    from companion.store.sessions import Store

    with tempfile.TemporaryDirectory(dir=args.dir, prefix="bench-history-") as folder:
        empty = make_store(Path(folder) / "empty", 0)
        full = make_store(Path(folder) / "full", args.finished)
        opened: tuple[list[float], list[float]] = ([], [])
        for _ in range(30):  # in-process start-up: open, find the running game, read its log
            for path, times in ((empty, opened[0]), (full, opened[1])):
                start = time.perf_counter()
                with Store(path) as store:
                    store.entries(store.unfinished()["id"])
                    store.finished_count()
                times.append(time.perf_counter() - start)
        children: tuple[list[tuple[float, int]], list[tuple[float, int]]] = ([], [])
        for _ in range(7):
            children[0].append(child_startup(empty))
            children[1].append(child_startup(full))
        listing = []
        for _ in range(10):
            start = time.perf_counter()
            with Store(full, read_only=True) as store:
                records = store.history()
            listing.append(time.perf_counter() - start)
        cli, floor = [], []
        import subprocess
        import sys

        env = dict(__import__("os").environ, PYTHONPATH=str(ROOT))
        for _ in range(11):  # alternated, so both see the same load on the machine
            start = time.perf_counter()
            subprocess.run(
                [sys.executable, "-m", "companion", "history", "--data-dir", str(full.parent)],
                env=env,
                check=True,
                capture_output=True,
            )
            cli.append(time.perf_counter() - start)
            start = time.perf_counter()
            subprocess.run([sys.executable, "-c", "pass"], env=env, check=True)
            floor.append(time.perf_counter() - start)
    med = statistics.median
    e_open, f_open = med(opened[0]) * 1000, med(opened[1]) * 1000
    e_child = med(t for t, _ in children[0]) * 1000
    f_child = med(t for t, _ in children[1]) * 1000
    e_rss = max(r for _, r in children[0]) / 1024
    f_rss = max(r for _, r in children[1]) / 1024
    print(f"history costs: {args.finished:,} finished sessions vs none (one running game of 200 entries each)")
    print(
        f"  start-up in process (open, running game, its log): {e_open:.2f} ms vs {f_open:.2f} ms "
        f"= {f_open / e_open:.2f}x"
    )
    print(
        f"  start-up in a fresh interpreter (imports included): {e_child:.1f} ms vs {f_child:.1f} ms "
        f"= {f_child / e_child:.2f}x"
    )
    print(f"  peak RSS of that interpreter: {e_rss:.1f} MiB vs {f_rss:.1f} MiB = +{f_rss - e_rss:.2f} MiB")
    print(f"  Store.history() of {len(records):,} records: {med(listing) * 1000:.1f} ms")
    print(
        f"  `companion history` whole command: {med(cli) * 1000:.1f} ms "
        f"(an empty interpreter: {med(floor) * 1000:.1f} ms, so {(med(cli) - med(floor)) * 1000:.1f} ms of work)"
    )


def edge_costs(args: argparse.Namespace) -> None:
    import io
    import tracemalloc

    from companion.store.export import json_list, json_text

    with tempfile.TemporaryDirectory(dir=args.dir, prefix="bench-edges-") as folder:
        path = make_store(Path(folder) / "store", args.finished)
        checked, unchecked = [], []
        for _ in range(40):  # alternated, so both see the same conditions
            for times, patch in ((checked, None), (unchecked, lambda self, tables: None)):
                with ExitStack() as stack:
                    if patch is not None:
                        stack.enter_context(mock.patch.object(Store, "_check_live", patch))
                    start = time.perf_counter()
                    with Store(path) as store:
                        store.entries(store.unfinished()["id"])
                    times.append(time.perf_counter() - start)
        peaks = []
        for build in (lambda docs: [json_text(list(docs), indent=2)], json_list):
            with Store(path, read_only=True) as store:
                tracemalloc.start()
                sink = io.StringIO()
                for chunk in build(store.history_documents()):
                    sink.write(chunk)
                    sink.seek(0)
                    sink.truncate()
                peaks.append(tracemalloc.get_traced_memory()[1])
                tracemalloc.stop()
    med = statistics.median
    print(f"edges: one running game of 200 entries, {args.finished:,} finished sessions")
    print(
        f"  start-up with every running record checked vs unchecked: {med(checked) * 1000:.2f} ms vs "
        f"{med(unchecked) * 1000:.2f} ms = {med(checked) / med(unchecked):.2f}x"
    )
    print(
        f"  JSON export peak memory, streamed vs built whole: {peaks[1] / 2**20:.1f} MiB vs "
        f"{peaks[0] / 2**20:.1f} MiB = {peaks[1] / peaks[0]:.3f}x"
    )


if __name__ == "__main__":
    main()
