"""History tools against the history's length: CPU time of ``companion history`` and
``companion stats``, peak RSS of ``companion export --format json`` and ``companion import``,
each in a fresh interpreter, at 1,000 and 10,000 finished sessions (real, replayable Vaaalbara
games with timed entries), with the cost per added session.

    python benchmarks/bench_history.py [--sizes 1000 10000] [--before COMMIT] [--quick]

``--before COMMIT`` runs the same commands with that commit's ``companion`` (unpacked beside
this tree, ``baseline.py``) at the smallest size, in the same run: the ratios are the figures.
``--quick``: 100 and 300 sessions, no baseline (a check that the benchmark runs).

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


def games_from_corpus() -> list[dict]:
    """The corpus's two-seat Vaaalbara games as finished session documents (replayed here for
    their scores), their entries timed 20 s apart."""
    from companion import games
    from companion.engine import Session

    corpus = json.loads((ROOT / "tests/data/corpus/vaaalbara-2.json").read_text(encoding="utf-8"))
    rules = games.load("vaaalbara")
    documents = []
    for game in corpus["games"]:
        session = Session(rules, game["options"], game["seed"], game["entries"])
        scores = session.score().to_json()
        documents.append(
            {"options": game["options"], "seed": game["seed"], "entries": game["entries"], "scores": scores}
        )
    return documents


def session_document(n: int, game: dict) -> dict:
    started = datetime(2024, 1, 1, 18, 0, tzinfo=PRAGUE) + timedelta(hours=n)
    entries = [
        {**entry, "at": (started + timedelta(seconds=20 * (k + 1))).isoformat(timespec="milliseconds")}
        for k, entry in enumerate(game["entries"])
    ]
    finished = started + timedelta(seconds=20 * (len(entries) + 1))
    seats = ["Modrá", "Fialová"]
    return {
        "format": "companion-session",
        "version": 2,
        "game": "vaaalbara",
        "options": game["options"],
        "seed": game["seed"],
        "entries": entries,
        "meta": {
            "id": n + 1,
            "uid": f"{n + 1:08x}-0000-4000-8000-000000000000",
            "started": started.isoformat(timespec="seconds"),
            "finished": finished.isoformat(timespec="seconds"),
            "abandoned": None,
            "seats": seats,
            "names": seats,
            "scores": game["scores"],
            "winner": game["scores"]["winner"],
            "duration_s": round((finished - started).total_seconds()),
            "actions": len(entries),
        },
    }


def write_export(path: Path, count: int, corpus: list[dict]) -> None:
    """An export of ``count`` sessions, as ``export --format json`` writes it (streamed)."""
    from companion.store.export import json_list, write_stream

    write_stream(path, json_list(session_document(n, corpus[n % len(corpus)]) for n in range(count)))


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


def measure(package: str, folder: Path, export: Path, extra_path: str | None = None) -> dict[str, tuple]:
    data = folder / f"data-{package}"
    data.mkdir()
    figures = {"import": run(package, "import", str(export), "--data-dir", str(data), extra_path=extra_path)}
    for name, argv in (
        ("history", ("history",)),
        ("stats", ("stats",)),
        ("export json", ("export", "--format", "json", "--out", str(folder / f"out-{package}.json"))),
        ("export bgstats", ("export", "--format", "bgstats", "--out", str(folder / f"out-{package}.txt"))),
    ):
        runs = [run(package, *argv, "--data-dir", str(data), extra_path=extra_path) for _ in range(3)]
        runs.sort()
        figures[name] = runs[1]  # the median CPU time's run
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[1000, 10000])
    parser.add_argument("--before", help="a commit whose companion runs the same commands at the smallest size")
    parser.add_argument("--dir", type=Path, default=None, help="where to put the files (default: a temp dir)")
    parser.add_argument("--quick", action="store_true", help="100 and 300 sessions, no baseline")
    args = parser.parse_args()
    sizes = [100, 300] if args.quick else sorted(args.sizes)
    corpus = games_from_corpus()
    results: dict[int, dict[str, tuple]] = {}
    before: dict[str, tuple] | None = None
    with tempfile.TemporaryDirectory(dir=args.dir, prefix="bench-history-") as name:
        folder = Path(name)
        for size in sizes:
            here = folder / str(size)
            here.mkdir()
            export = here / "export.json"
            write_export(export, size, corpus)
            results[size] = measure("companion", here, export)
            if args.before and not args.quick and size == sizes[0]:
                from baseline import unpack_baseline

                old = folder / "before"
                old.mkdir()
                unpack_baseline(args.before, old)
                before = measure("companion_before", here, export, extra_path=str(old))
    print("history tools, each command in a fresh interpreter (CPU s of the command; peak RSS)")
    print("Pi Zero 2 W estimate: CPU x9")
    header = f"{'command':<16}{'sessions':>9}{'CPU ms':>9}{'Pi ms':>8}{'peak MiB':>10}{'over start-up':>15}"
    print(header)
    for size, figures in results.items():
        for command, (took, startup, peak) in figures.items():
            print(f"{command:<16}{size:>9,}{took * 1000:>9.0f}{took * 9000:>8.0f}{peak:>10.1f}{peak - startup:>14.1f}M")
    small, large = sizes[0], sizes[-1]
    if large > small:
        print(f"per added session, {small:,} -> {large:,}:")
        for command in results[small]:
            cpu = (results[large][command][0] - results[small][command][0]) / (large - small)
            rss = (results[large][command][2] - results[small][command][2]) / (large - small)
            print(f"  {command:<16}{cpu * 1e6:>8.1f} µs CPU (Pi {cpu * 9e6:.0f} µs){rss * 1024:>9.2f} KiB peak RSS")
    if before is not None:
        print(f"against {args.before} at {small:,} sessions (before / now):")
        for command, (took, _, peak) in before.items():
            now_took, _, now_peak = results[small][command]
            print(
                f"  {command:<16}CPU {took * 1000:.0f} ms / {now_took * 1000:.0f} ms = {took / now_took:.1f}x;"
                f"  peak RSS {peak:.0f} / {now_peak:.0f} MiB = {peak / now_peak:.1f}x"
            )


if __name__ == "__main__":
    main()
