"""Engine cost per action before and after the games moved onto step objects, in one process.

    python benchmarks/bench_steps.py [BASELINE_COMMIT]

The baseline is the code of BASELINE_COMMIT (default: the last commit before the move), unpacked
with ``git archive`` into a temporary folder as the package ``companion_before``. Both versions
replay the same recorded corpus logs (tests/data/corpus) through ``Session`` -- the generic checks,
the game's prompt and apply, the undo bookkeeping -- interleaved run by run, and the figures are
medians per action with the ratio after/before. A ratio at or below 1.00 means not slower.
"""

from __future__ import annotations

import importlib
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks.baseline import unpack_baseline  # noqa: E402

BEFORE_MOVE = "e8a631a"  # the corpus recorded, the games not yet on steps
RUNS = 7


def corpus_logs(name: str) -> list[dict]:
    logs = []
    for path in sorted((ROOT / "tests/data/corpus").glob(f"{name}-*.json")):
        logs += json.loads(path.read_text(encoding="utf-8"))["games"]
    return logs


def replay_all(package: str, name: str, logs: list[dict]) -> float:
    """Seconds to replay every log of one game with one version of the code."""
    engine = importlib.import_module(f"{package}.engine")
    game = importlib.import_module(f"{package}.games.{name}").GAME
    start = time.perf_counter()
    for log in logs:
        session = engine.Session(game, log["options"], log["seed"])
        for entry in log["entries"]:
            session.commit(session.evaluate(entry["action"]))
    return time.perf_counter() - start


def keys_of_a_game(name: str, seats: int, seed: int) -> str:
    """The key script of one whole game played through the table (pads and host buttons)."""
    from companion.games import available, load
    from tests.keyscript import play_script

    lines, _ = play_script(load(name), seats, seed=seed, games_in_menu=available())
    return "\n".join(lines)


def per_key(package: str, script: str, folder: Path) -> list[float]:
    """Seconds per key through one version's table: the key, the action checked and applied,
    appended durably to the store, the frame built and rasterised, the LEDs."""
    names = ("vaaalbara", "graenaland", "dva_bratri")  # each version's own game code
    games = {name: importlib.import_module(f"{package}.games.{name}").GAME for name in names}
    table_module = importlib.import_module(f"{package}.table.table")
    store_module = importlib.import_module(f"{package}.store")
    screen = importlib.import_module(f"{package}.hw.screen")
    events = importlib.import_module(f"{package}.hw.emulated").parse_script(script)  # its own event class
    store = store_module.Store(folder / "bench.db")
    table = table_module.Table(store, games, "cs", new_seed=lambda: 1)
    samples = []
    for event in events:
        if table.mode == "over":
            break
        start = time.perf_counter()
        table.handle(event)
        screen.render(table.frame())
        table.leds()
        samples.append(time.perf_counter() - start)
    assert table.mode == "over", f"{package}: the scripted game did not end"
    store.close()
    return samples


def bench_keys(tmp: Path) -> None:
    print("per key through the table, a whole game each (median and 99th percentile)")
    for name, seats in (("vaaalbara", 4), ("graenaland", 4), ("dva_bratri", 1)):
        script = keys_of_a_game(name, seats, seed=3)
        before, after = [], []
        for _ in range(3):
            before += per_key("companion_before", script, Path(tempfile.mkdtemp(dir=tmp)))
            after += per_key("companion", script, Path(tempfile.mkdtemp(dir=tmp)))
        b50, a50 = statistics.median(before) * 1e6, statistics.median(after) * 1e6
        b99 = statistics.quantiles(before, n=100)[98] * 1e6
        a99 = statistics.quantiles(after, n=100)[98] * 1e6
        print(
            f"  {name:11s} {len(before) // 3:5d} keys   median before {b50:6.0f} us after {a50:6.0f} us "
            f"(ratio {a50 / b50:4.2f})   p99 before {b99:6.0f} us after {a99:6.0f} us (ratio {a99 / b99:4.2f})"
        )


def main() -> None:
    commit = sys.argv[1] if len(sys.argv) > 1 else BEFORE_MOVE
    with tempfile.TemporaryDirectory() as tmp:
        unpack_baseline(commit, Path(tmp))
        print(f"engine cost per action, replaying the recorded corpus (baseline {commit})")
        for name in ("vaaalbara", "graenaland", "dva_bratri"):
            logs = corpus_logs(name)
            actions = sum(len(log["entries"]) for log in logs)
            before, after = [], []
            for _ in range(RUNS):
                before.append(replay_all("companion_before", name, logs))
                after.append(replay_all("companion", name, logs))
            b, a = statistics.median(before) / actions * 1e6, statistics.median(after) / actions * 1e6
            print(
                f"  {name:11s} {actions:6d} actions   before {b:7.1f} us   after {a:7.1f} us   "
                f"ratio after/before {a / b:5.2f}"
            )
        bench_keys(Path(tmp))


if __name__ == "__main__":
    main()
