"""History tools against the history's length: CPU time of ``companion history`` and
``companion stats``, peak RSS of ``companion export --format json`` and ``companion import``,
each in a fresh interpreter, at 1,000 and 10,000 finished sessions (real, replayable Vaaalbara
games with timed entries), with the cost per added session.

    python benchmarks/bench_history.py [--sizes 1000 10000] [--games all|vaaalbara] [--before COMMIT] [--quick]

The export holds the recorded corpus's finished games (``--games all``: every game of the six,
their real lengths; ``vaaalbara``: the short two-seat Vaaalbara games), each with its own
identity and times. ``--before COMMIT`` runs the same commands with that commit's ``companion``
(unpacked beside this tree, ``baseline.py``) at every size, in the same run: the ratios are the
figures. ``--quick``: 100 and 300 sessions, no baseline (a check that the benchmark runs).

CPU time is the command's own (the interpreter's start and the CLI module's import left out);
peak RSS is the process's high-water mark (``VmHWM``), and "over start-up" subtracts the RSS
after the CLI module was imported. A Pi Zero 2 W is about 9x slower per core.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from datetime import datetime, timedelta, timezone
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # this tree's companion, not an installed one

CHILD = r"""
import importlib, os, sys, time
package, argv = sys.argv[1], sys.argv[2:]
cli = importlib.import_module(package + ".cli")
startup = next(int(l.split()[1]) for l in open("/proc/self/status") if l.startswith("VmRSS:"))
sink = open(os.devnull, "w")
real, sys.stdout = sys.stdout, sink
start = time.process_time()
code = cli.main(argv)
took = time.process_time() - start
sys.stdout = real
peak = next(int(l.split()[1]) for l in open("/proc/self/status") if l.startswith("VmHWM:"))
print(code, took, startup, peak)
"""
PRAGUE = timezone(timedelta(hours=2))


def games_from_corpus(which: str = "vaaalbara") -> list[dict]:
    """Finished games from the recorded corpus as templates of session documents (replayed
    here for their scores): ``all``, every finished game of every game (the six games' real
    lengths, from Gheos's fifty entries to Dva bratři's five hundred), or ``vaaalbara``, the
    two-seat Vaaalbara games (short: what this benchmark measured before)."""
    from companion import games
    from companion.engine import Session
    from companion.known_games import KNOWN

    paths = sorted((ROOT / "tests/data/corpus").glob("*-*.json"))
    if which == "vaaalbara":
        paths = [ROOT / "tests/data/corpus/vaaalbara-2.json"]
    documents = []
    for path in paths:
        if path.name.startswith("docs-"):
            continue
        corpus = json.loads(path.read_text(encoding="utf-8"))
        if corpus["game"] not in games.available():  # the example game: nobody plays it at a table
            continue
        rules = games.load(corpus["game"])
        for game in corpus["games"]:
            session = Session(rules, game["options"], game["seed"], game["entries"])
            if not session.over:
                continue
            seats = [rules.seat_label(session.state, seat).cs for seat in range(rules.seat_count(session.state))]
            described = KNOWN.describe(corpus["game"], game["options"], game["seed"], seats)
            scores = session.score().to_json()
            documents.append(
                {
                    "game": corpus["game"],
                    "options": game["options"],
                    "seed": game["seed"],
                    "entries": game["entries"],
                    "scores": scores,
                    "seats": seats,
                    "described": {key: described[key] for key in ("names", "title") if key in described},
                }
            )
    return documents


def session_document(n: int, game: dict) -> dict:
    """The ``n``-th session of the export: ``game`` (a template) with its own identity and times
    (an hour apart, its entries 20 s apart)."""
    started = datetime(2024, 1, 1, 18, 0, tzinfo=PRAGUE) + timedelta(hours=n)
    entries = [
        {**entry, "at": (started + timedelta(seconds=20 * (k + 1))).isoformat(timespec="milliseconds")}
        for k, entry in enumerate(game["entries"])
    ]
    finished = started + timedelta(seconds=20 * (len(entries) + 1))
    return {
        "format": "companion-session",
        "version": 2,
        "game": game["game"],
        "options": game["options"],
        "seed": game["seed"],
        "entries": entries,
        "meta": {
            "id": n + 1,
            "uid": f"{n + 1:08x}-0000-4000-8000-000000000000",
            "started": started.isoformat(timespec="seconds"),
            "finished": finished.isoformat(timespec="seconds"),
            "abandoned": None,
            "seats": game["seats"],
            "names": game["described"].get("names", game["seats"]),
            "scores": game["scores"],
            "winner": game["scores"]["winner"],
            "duration_s": round((finished - started).total_seconds()),
            "actions": len(entries),
            **({"title": game["described"]["title"]} if "title" in game["described"] else {}),
            "teaching": False,
        },
    }


def write_export(path: Path, count: int, corpus: list[dict]) -> None:
    """An export of ``count`` sessions, as ``export --format json`` writes it (streamed)."""
    from companion.store.export import json_list, write_stream

    write_stream(path, json_list((session_document(n, corpus[n % len(corpus)]) for n in range(count)), indent=None))


def run(package: str, *argv: str, extra_path: str | None = None) -> tuple[float, float, float]:
    """(CPU s, start-up RSS MiB, peak RSS MiB) of one command in a fresh interpreter."""
    path = str(ROOT) + (os.pathsep + extra_path if extra_path else "")
    env = dict(os.environ, PYTHONPATH=path)
    out = subprocess.run(
        [sys.executable, "-c", CHILD, package, *argv], capture_output=True, text=True, env=env, check=True
    )
    code, took, startup, peak = out.stdout.split()
    if code != "0":
        raise SystemExit(f"{package} {' '.join(argv)} failed: {out.stderr.strip()}")
    return float(took), int(startup) / 1024, int(peak) / 1024


def measure(package: str, folder: Path, export: Path, extra_path: str | None = None, repeat: int = 3) -> dict:
    data = folder / f"data-{package}"
    data.mkdir()
    figures = {"import": run(package, "import", str(export), "--data-dir", str(data), extra_path=extra_path)}
    for name, argv in (
        ("history", ("history",)),
        ("stats", ("stats",)),
        ("export json", ("export", "--format", "json", "--out", str(folder / f"out-{package}.json"))),
        ("export bgstats", ("export", "--format", "bgstats", "--out", str(folder / f"out-{package}.txt"))),
    ):
        runs = [run(package, *argv, "--data-dir", str(data), extra_path=extra_path) for _ in range(repeat)]
        runs.sort()
        figures[name] = runs[len(runs) // 2]  # the median CPU time's run
    return figures


def reference_loop() -> float:
    """CPU seconds of ten million empty iterations of plain Python: how fast this machine is,
    so figures of different days can be told apart (only the ratios of one run compare)."""
    start = time.process_time()
    for _ in range(10_000_000):
        pass
    return time.process_time() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[1000, 10000])
    parser.add_argument("--games", choices=("all", "vaaalbara"), default="all", help="which recorded games to export")
    parser.add_argument("--before", help="a commit whose companion runs the same commands at every size")
    parser.add_argument("--repeat", type=int, default=3, help="runs of each reading command (the median is shown)")
    parser.add_argument("--dir", type=Path, default=None, help="where to put the files (default: a temp dir)")
    parser.add_argument("--quick", action="store_true", help="100 and 300 sessions, no baseline")
    args = parser.parse_args()
    sizes = [100, 300] if args.quick else sorted(args.sizes)
    corpus = games_from_corpus(args.games)
    results: dict[int, dict[str, tuple]] = {}
    before: dict[int, dict[str, tuple]] = {}
    with tempfile.TemporaryDirectory(dir=args.dir, prefix="bench-history-") as name:
        folder = Path(name)
        old = folder / "before"
        if args.before and not args.quick:
            from baseline import unpack_baseline

            old.mkdir()
            unpack_baseline(args.before, old)
        for size in sizes:
            here = folder / str(size)
            here.mkdir()
            export = here / "export.json"
            write_export(export, size, corpus)
            results[size] = measure("companion", here, export, repeat=args.repeat)
            if args.before and not args.quick:
                before[size] = measure("companion_before", here, export, extra_path=str(old), repeat=args.repeat)
            for path in here.iterdir():  # an export of 10,000 long sessions is large: one size at a time
                if path.is_file():
                    path.unlink()
    mix = "every recorded game of the six games" if args.games == "all" else "two-seat Vaaalbara games"
    print(f"history tools over {mix}, each command in a fresh interpreter (CPU s of the command; peak RSS)")
    print(f"this machine: 10,000,000 empty loop iterations take {reference_loop() * 1000:.0f} ms of CPU")
    print("Pi Zero 2 W estimate: CPU x9")
    header = f"{'command':<16}{'sessions':>9}{'CPU ms':>9}{'Pi ms':>8}{'peak MiB':>10}{'over start-up':>15}"
    print(header)
    for size, figures in results.items():
        for command, (took, startup, peak) in figures.items():
            print(f"{command:<16}{size:>9,}{took * 1000:>9.0f}{took * 9000:>8.0f}{peak:>10.1f}{peak - startup:>14.1f}M")
    small, large = sizes[0], sizes[-1]
    for label, figures in (("", results), (f" with {args.before}", before)):
        if large <= small or small not in figures or large not in figures:
            continue
        print(f"per added session{label}, {small:,} -> {large:,}:")
        for command in figures[small]:
            cpu = (figures[large][command][0] - figures[small][command][0]) / (large - small)
            rss = (figures[large][command][2] - figures[small][command][2]) / (large - small)
            print(f"  {command:<16}{cpu * 1e6:>8.1f} µs CPU (Pi {cpu * 9e6:.0f} µs){rss * 1024:>9.2f} KiB peak RSS")
    for size, figures in before.items():
        print(f"against {args.before} at {size:,} sessions (before / now):")
        for command, (took, _, peak) in figures.items():
            now_took, _, now_peak = results[size][command]
            print(
                f"  {command:<16}CPU {took * 1000:.0f} ms / {now_took * 1000:.0f} ms = {took / now_took:.2f}x;"
                f"  peak RSS {peak:.1f} / {now_peak:.1f} MiB = {peak / now_peak:.2f}x"
            )


if __name__ == "__main__":
    main()
