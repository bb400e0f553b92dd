"""Undo against one action, and resume of a whole game, for every game.

    python benchmarks/bench_undo.py [--runs 30] [--baseline COMMIT] [--games NAME ...]

For the longest recorded game of each game (tests/data/corpus; a game with no corpus yet plays
a few seeded random games and takes the longest): resume = rebuilding the session from its
whole log (what a restart does); one action = Session.evaluate of the next action at several
points of the game; undo = Session.plan_undo at the same points. Medians, timed in this process;
the ratio undo / action must stay near 1 at any log length (undo uses kept states and never
replays the log).

With ``--baseline`` the resume is also timed with the code of that commit (unpacked with
``git archive`` as the package ``companion_before``), interleaved run by run in this process,
and the ratio after/before is printed per game.
"""

from __future__ import annotations

import argparse
import importlib
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # this tree's companion, not an installed one

from benchmarks.baseline import unpack_baseline  # noqa: E402
from companion.engine import Session  # noqa: E402
from companion.games import REGISTRY, load  # noqa: E402

CORPUS = ROOT / "tests" / "data" / "corpus"
RANDOM_GAMES = 4  # seeded random games played for a game that has no recorded corpus yet


def longest(game_name: str) -> tuple:
    best = None
    for path in sorted(CORPUS.glob(f"{game_name}-*.json")):
        for played in json.loads(path.read_text(encoding="utf-8"))["games"]:
            if best is None or len(played["entries"]) > len(best["entries"]):
                best = played
    if best is None:
        best = longest_random(game_name)
    return best["options"], best["seed"], best["entries"]


def longest_random(game_name: str) -> dict:
    """The longest of a few seeded random games at the largest player count."""
    from tests.games.playout import play

    game = load(game_name)
    best = None
    for seed in range(RANDOM_GAMES):
        options = {"seats": game.max_seats}
        session = play(game, options, seed, 30000)
        if best is None or len(session.entries) > len(best["entries"]):
            best = {"options": options, "seed": seed, "entries": session.entries}
    return best


def timed(call, runs: int) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        call()
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def resume_both(name: str, options: dict, seed: int, entries: list, runs: int) -> tuple[float, float]:
    """Median ms of a resume with the baseline and with this tree, interleaved run by run."""
    engine = importlib.import_module("companion_before.engine")
    game_before = importlib.import_module(f"companion_before.games.{name}").GAME
    game_after = load(name)
    before, after = [], []
    for _ in range(runs):
        before.append(timed(lambda: engine.Session(game_before, options, seed, entries), 1))
        after.append(timed(lambda: Session(game_after, options, seed, entries), 1))
    return statistics.median(before), statistics.median(after)


def bench_resume_against(commit: str, names: list[str], runs: int) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        unpack_baseline(commit, Path(tmp))
        print(f"resume of the longest game, baseline {commit} against this tree (medians of {runs})")
        print(f"{'game':<12}{'actions':>8}{'before ms':>11}{'after ms':>10}{'after/before':>14}")
        for name in names:
            options, seed, entries = longest(name)
            before, after = resume_both(name, options, seed, entries, runs)
            print(f"{name:<12}{len(entries):>8}{before:>11.1f}{after:>10.1f}{after / before:>14.2f}")
        print()


def bench_undo(names: list[str], runs: int) -> None:
    print(f"{'game':<12}{'actions':>8}{'resume ms':>11}{'at':>6}{'action ms':>11}{'undo ms':>9}{'undo/action':>13}")
    for name in names:
        game = load(name)
        options, seed, entries = longest(name)
        resume = timed(
            lambda game=game, options=options, seed=seed, entries=entries: Session(game, options, seed, entries),
            max(3, runs // 5),
        )
        for fraction in (0.25, 0.5, 1.0):
            cut = max(1, int(len(entries) * fraction)) - 1
            while "action" not in entries[cut]:
                cut -= 1
            session = Session(game, options, seed, entries[:cut])
            action = timed(lambda session=session, logged=entries[cut]["action"]: session.evaluate(logged), runs)
            session.commit(session.evaluate(entries[cut]["action"]))
            undo = timed(lambda session=session: session.plan_undo(True), runs)
            label = f"{fraction:.0%}"
            first = resume if fraction == 0.25 else None
            print(
                f"{name if first else '':<12}{len(entries) if first else '':>8}"
                f"{f'{resume:.1f}' if first else '':>11}{label:>6}{action:>11.3f}{undo:>9.3f}{undo / action:>13.2f}"
            )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=30)
    parser.add_argument("--baseline", help="a commit whose resume times to compare against")
    parser.add_argument("--games", nargs="*", default=list(REGISTRY))
    parser.add_argument("--quick", action="store_true", help="2 runs, no baseline (a check that it runs)")
    args = parser.parse_args()
    if args.quick:
        args.runs, args.baseline = 2, None
    if args.baseline:
        bench_resume_against(args.baseline, args.games, max(5, args.runs // 3))
    bench_undo(args.games, args.runs)


if __name__ == "__main__":
    main()
