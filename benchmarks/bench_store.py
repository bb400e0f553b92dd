"""Append cost per action: empty store vs 10,000 actions stored, journal vs TinyDB's JSONStorage.

    python benchmarks/bench_store.py [--stored 10000] [--runs 300] [--dir DIR]

Figures are medians of single appends timed in this process. The empty and the full store are
timed in alternating blocks of ten appends, so both see the same disk and cache conditions; their
ratio (full / empty) says only whether appending slows down as history grows. Each append
includes its fsync: run it on the card the table will use (``--dir``) for absolute numbers.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from collections.abc import Callable
from contextlib import ExitStack
from pathlib import Path
from unittest import mock

from tinydb import TinyDB
from tinydb.table import Document

from companion.store import JournalDB, Store
from companion.store.sessions import log_table


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


def alternate(empty: Callable[[int], object], full: Callable[[int], object], runs: int,
              block: int = 10) -> tuple[float, float]:
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
    parser.add_argument("--json-runs", type=int, default=40,
                        help="timed inserts per JSONStorage case (slow when full; default 40)")
    parser.add_argument("--dir", type=Path, default=None, help="where to put the files (default: a temp dir)")
    args = parser.parse_args()

    rows = []
    for fsync in (True, False):
        rows += measure(args, fsync)

    full_label = f"{args.stored:,} stored µs"
    where = args.dir or tempfile.gettempdir()
    print(f"append cost per action (median of single appends), files in {where}")
    print(f"{'storage':<40}{'empty µs':>10}{full_label:>20}{'full/empty':>12}")
    for label, empty_us, full_us in rows:
        print(f"{label:<40}{empty_us:>10.0f}{full_us:>20.0f}{full_us / empty_us:>12.2f}")
    print(f"with {args.stored:,} stored and fsync on, JSONStorage costs "
          f"{rows[1][2] / rows[0][2]:.0f}x the journal per append")


def measure(args: argparse.Namespace, fsync: bool) -> list[tuple[str, float, float]]:
    """Both storages, empty vs full; with ``fsync=False`` the disk's latency (and its noise) is
    taken out, leaving what each append costs in CPU and page cache."""
    rows = []
    suffix = "" if fsync else ", fsync off"
    with ExitStack() as stack:
        directory = Path(stack.enter_context(tempfile.TemporaryDirectory(dir=args.dir, prefix="bench-store-")))
        if not fsync:
            stack.enter_context(mock.patch("os.fsync", lambda fd: None))
        for label, make, runs in (("journal (Store.append)", journal_appender, args.runs),
                                  ("TinyDB JSONStorage insert", jsonstorage_appender, args.json_runs)):
            kind = make.__name__.split("_")[0]
            empty = make(stack, directory / f"{kind}-empty", 0)
            full = make(stack, directory / f"{kind}-full", args.stored)
            rows.append((label + suffix, *alternate(empty, full, runs)))
    return rows


if __name__ == "__main__":
    main()
