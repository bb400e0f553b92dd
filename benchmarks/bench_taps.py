"""Taps per player per round on phones (issue 32), before → after, in one run.

Whole games of every game, at its smallest and largest player count (seed 3), played on
phones alone by random players (tests/web/phones.py: each taps what its touch form offers). For
every answer the same run counts:

- **after**: the taps of the touch form: a public answer one tap (a list's option, yes or no, a
  map's place, a direction, a confirmation, a number of a dozen values or fewer: its button), a
  hidden pick choose + lock (2), a number of more values its digits + send;
- **before**: the keys the same answer costs on the phone's keypad as it was (the pad's 12 keys
  on glass): a list of one-key codes one key, longer codes their digits and "#" (a Vaaalbara
  pick "03#"), a number its digits and "#", a map the cursor's steps and "5".

Reported per game: answers, taps per player per round before → after and their ratio, and the
typical (median) answer. Goals: a typical answer at most 2 taps, a Vaaalbara pick 2, a Troy
donation at most the cards given plus one.

Run: python3 benchmarks/bench_taps.py [--quick]
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from companion.games import available, load
from tests.web.phones import PhoneTable


def per_player_round(counts, seats: int) -> float:
    rounds = {r for _, r in counts} or {0}
    return sum(counts.values()) / (seats * len(rounds))


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="one seed, the smallest player count")
    args = parser.parse_args(argv)
    seeds = (3,)
    print(f"{'game':<12} {'seats':>5} {'answers':>8} {'keys/p/r':>9} {'taps/p/r':>9} {'ratio':>6} {'median':>7}")
    for name in available():
        game = load(name)
        counts = [game.min_seats] if args.quick else sorted({game.min_seats, game.max_seats})
        for seats in counts:
            before, after, answers, each = [], [], 0, []
            for seed in seeds:
                phones = PhoneTable(name, seats, seed)
                tally = phones.play()
                before.append(per_player_round(tally.keys, seats))
                after.append(per_player_round(tally.taps, seats))
                answers += tally.answers
                each += tally.each
            b, a = statistics.mean(before), statistics.mean(after)
            print(f"{name:<12} {seats:>5} {answers:>8} {b:>9.1f} {a:>9.1f} {a / b:>6.2f} {statistics.median(each):>7}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
