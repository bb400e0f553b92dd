"""A long evening fed back to back: memory and the live journal over 200 whole games, before and
after, each version in a fresh interpreter.

    python benchmarks/bench_long_evening.py [--games 200] [--game vaaalbara] [--seats 2] [--quick] [BASELINE]

One game's whole key script (tests/keyscript.py, from the main menu to the ranking and back to
the menu) is fed ``--games`` times to the product's own main loop (``App.run``) over a real
store on disk (every acknowledged action synced, the games archived into the history), with
the queue never empty: every key is already waiting when the loop finishes the one before, so
the loop never idles and does its deferred work (the archive, the live journal tidied, a
snapshot) only when keys have come back to back for long (``app.OVERDUE_AFTER``). The panel
is drawn (``Table.frame``) and dropped; the LEDs and pads are left out (what grows is the
table's and the store's).

After every tenth game: the process's RSS (``VmRSS``), the live journal's size
(``companion.db``) and the games in the history. Printed per version: RSS after game 20 and
after the last, the growth per game between them (KiB; a least-squares slope over the samples),
the largest live journal seen, and that every game reached the history. Goal: RSS flat (no
growth per game beyond noise), the live journal bounded by one game's log whatever the pace.
BASELINE_COMMIT (default 52ec09f, the commit the issue measured) is unpacked as
``companion_before`` (``baseline.py``).

``--allocator`` tells growing data from the allocator's keeping (this tree only): at every
sample it also counts the objects the cycle collector tracks (what a growing cache or list
adds) and asks the C library to give back its free memory (``malloc_trim``), and prints the
growth per game over each part of the evening, before and after the trim. RSS that grows
less and less, that no trim brings back, with a flat count of objects is the interpreter's
own arenas settling, not something the table keeps.
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

BASELINE = "52ec09f"

CHILD = r"""
import importlib, json, os, sys
package, name, games, folder, script = sys.argv[1], sys.argv[2], int(sys.argv[4]), sys.argv[5], sys.argv[6]
ALLOCATOR = len(sys.argv) > 7
mod = lambda path: importlib.import_module(package + "." + path)
events = mod("hw.emulated").parse_script(open(script, encoding="utf-8").read())
game = mod("games." + name).GAME
store = mod("store").Store(os.path.join(folder, "companion.db"))
table = mod("table.table").Table(store, {name: game}, "cs", new_seed=lambda: 3)
journal = os.path.join(folder, "companion.db")

def rss():
    return next(int(l.split()[1]) for l in open("/proc/self/status") if l.startswith("VmRSS:"))

class Nothing:
    '''The panel (its frame is built by the loop, then dropped) and the LEDs.'''
    def __getattr__(self, name):
        return lambda *args, **kwargs: None

class BackToBack:
    '''The queue of a table fed without a pause: the next key is always there already.'''
    def __init__(self, quit_event):
        self.quit, self.game, self.queue = quit_event, 0, []
        self.samples = []
    def get(self, timeout=None):
        if not self.queue:
            if self.game and self.game % 10 == 0:
                played = store.finished_count()
                if ALLOCATOR:
                    import ctypes, gc
                    held, objects = rss(), len(gc.get_objects())
                    ctypes.CDLL("libc.so.6").malloc_trim(0)
                    self.samples.append((self.game, held, os.path.getsize(journal), played, rss(), objects))
                else:
                    self.samples.append((self.game, rss(), os.path.getsize(journal), played))
            if self.game == games:
                return self.quit
            self.game += 1
            self.queue = list(events)
        return self.queue.pop(0)
    def empty(self):
        return False
    def put(self, event):
        pass

feed = BackToBack(mod("surface.events").Quit("bench"))
collector = mod("collector").IdleCollector()
app = mod("app").App(table, Nothing(), Nothing(), feed, [store.close], collector=collector)
app.run()
print(json.dumps(feed.samples))
"""


def script_file(name: str, seats: int, folder: Path) -> Path:
    """The game's whole key script (today's: from the menu to the ranking and back)."""
    from companion.games import load
    from tests.keyscript import play_script

    lines, _ = play_script(load(name), seats, seed=3, games_in_menu=[name])
    path = folder / f"{name}.keys"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def evening(
    package: str, name: str, seats: int, games: int, script: Path, extra_path: str | None, allocator: bool = False
) -> list:
    """[(game, RSS KiB, journal bytes, games in the history)] every tenth game, in a fresh
    interpreter; with ``allocator`` each also with the RSS after ``malloc_trim`` and the count
    of objects the cycle collector tracks."""
    folder = tempfile.mkdtemp(dir=script.parent)
    path = str(ROOT) + (os.pathsep + extra_path if extra_path else "")
    env = dict(os.environ, PYTHONPATH=path)
    argv = [sys.executable, "-c", CHILD, package, name, str(seats), str(games), folder, str(script)]
    argv += ["allocator"] if allocator else []
    out = subprocess.run(argv, capture_output=True, text=True, env=env, check=False)
    if out.returncode != 0:
        raise SystemExit(f"{package}: {out.stderr.strip()[-400:]}")
    return json.loads(out.stdout.strip().splitlines()[-1])


def slope(points: list[tuple[float, float]]) -> float:
    """Least-squares slope of y over x."""
    n = len(points)
    mean_x = sum(x for x, _ in points) / n
    mean_y = sum(y for _, y in points) / n
    var = sum((x - mean_x) ** 2 for x, _ in points)
    return sum((x - mean_x) * (y - mean_y) for x, y in points) / var if var else 0.0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("baseline", nargs="?", default=BASELINE)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--game", default="vaaalbara")
    parser.add_argument("--seats", type=int, default=2)
    parser.add_argument("--quick", action="store_true", help="30 games, no baseline")
    parser.add_argument("--allocator", action="store_true", help="this tree only: objects kept, RSS after a trim")
    args = parser.parse_args()
    games = 30 if args.quick else args.games
    from benchmarks.baseline import unpack_baseline

    with tempfile.TemporaryDirectory(prefix="bench-evening-") as tmp:
        folder = Path(tmp)
        script = script_file(args.game, args.seats, folder)
        if args.allocator:
            allocator(evening("companion", args.game, args.seats, games, script, None, allocator=True))
            return
        versions = [("after", "companion", None)]
        if not args.quick:
            unpack_baseline(args.baseline, folder / "before")
            versions.insert(0, ("before", "companion_before", str(folder / "before")))
        print(
            f"{games} {args.game} games ({args.seats} seats) fed back to back to App.run over a real store;"
            f" before = {args.baseline}"
        )
        for label, package, extra in versions:
            samples = evening(package, args.game, args.seats, games, script, extra)
            later = [(game, kib) for game, kib, _, _ in samples if game >= 20]
            growth = slope(later) if len(later) > 1 else 0.0
            first = next(kib for game, kib, _, _ in samples if game >= 20) / 1024
            last_game, last_kib, _, played = samples[-1]
            journal = max(size for _, _, size, _ in samples) / 1024
            print(
                f"  {label:6s} RSS after game 20 {first:5.1f} MiB, after game {last_game} {last_kib / 1024:5.1f} MiB"
                f" ({growth:+6.1f} KiB a game);  live journal at most {journal:6.1f} KiB;"
                f"  {played} of {last_game} games in the history"
            )


def allocator(samples: list) -> None:
    """The growth per game over each part of the evening: RSS, RSS after a trim, tracked objects."""
    print(f"{samples[-1][0]} games fed back to back (this tree): growth a game over each part of the evening")
    last = samples[-1][0]
    marks = [10, *(20 + (last - 20) * k // 4 for k in range(5))] if last > 60 else [samples[0][0], last]
    for start, end in itertools.pairwise(marks):
        part = [sample for sample in samples if start <= sample[0] <= end]
        if len(part) < 2:
            continue
        grow = [slope([(sample[0], sample[column]) for sample in part]) for column in (1, 4, 5)]
        print(
            f"  games {start:4d}-{end:4d}: RSS {part[-1][1] / 1024:5.1f} MiB, {grow[0]:+5.1f} KiB a game;"
            f" after malloc_trim {grow[1]:+5.1f} KiB; tracked objects {part[-1][5]:6d} ({grow[2]:+.1f} a game)"
        )


if __name__ == "__main__":
    main()
