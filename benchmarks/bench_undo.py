"""Undo against one action, and resume of a whole game, for every game.

    python benchmarks/bench_undo.py [--runs 30]

For the longest recorded game of each game (tests/data/corpus): resume = rebuilding the session
from its whole log (what a restart does); one action = Session.evaluate of the next action at
several points of the game; undo = Session.plan_undo at the same points. Medians, timed in this
process; the ratio undo / action must stay near 1 at any log length (undo uses kept states and
never replays the log).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # this tree's companion, not an installed one

from companion.engine import Session  # noqa: E402
from companion.games import load  # noqa: E402

CORPUS = ROOT / "tests" / "data" / "corpus"


def longest(game: str) -> tuple:
    best = None
    for path in sorted(CORPUS.glob(f"{game}-*.json")):
        for played in json.loads(path.read_text(encoding="utf-8"))["games"]:
            if best is None or len(played["entries"]) > len(best["entries"]):
                best = played
    return best["options"], best["seed"], best["entries"]


def timed(call, runs: int) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        call()
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=30)
    args = parser.parse_args()
    print(f"{'game':<12}{'actions':>8}{'resume ms':>11}{'at':>6}{'action ms':>11}{'undo ms':>9}{'undo/action':>13}")
    for name in ("vaaalbara", "graenaland", "dva_bratri"):
        game = load(name)
        options, seed, entries = longest(name)
        resume = timed(lambda: Session(game, options, seed, entries), max(3, args.runs // 5))
        for fraction in (0.25, 0.5, 1.0):
            cut = max(1, int(len(entries) * fraction)) - 1
            while "action" not in entries[cut]:
                cut -= 1
            session = Session(game, options, seed, entries[:cut])
            action = timed(lambda: session.evaluate(entries[cut]["action"]), args.runs)
            session.commit(session.evaluate(entries[cut]["action"]))
            undo = timed(lambda: session.plan_undo(True), args.runs)
            label = f"{fraction:.0%}"
            first = resume if fraction == 0.25 else None
            print(f"{name if first else '':<12}{len(entries) if first else '':>8}"
                  f"{f'{resume:.1f}' if first else '':>11}{label:>6}{action:>11.3f}{undo:>9.3f}{undo / action:>13.2f}")


if __name__ == "__main__":
    main()
