"""Engine cost per action before and after the games moved onto step objects, in one process.

    python benchmarks/bench_steps.py [BASELINE_COMMIT [KEYS_BASELINE_COMMIT]] [--keys] [--quick]

The baseline is the code of BASELINE_COMMIT (default: the last commit before the move), unpacked
with ``git archive`` into a temporary folder as the package ``companion_before``. Both versions
replay the same recorded corpus logs (tests/data/corpus) through ``Session`` -- the generic checks,
the game's prompt and apply, the undo bookkeeping -- interleaved run by run, and the figures are
medians per action with the ratio after/before. A ratio at or below 1.00 means not slower.

Then, in a process of its own with KEYS_BASELINE_COMMIT as the baseline (default: the table before
frames kept their rasterised text lines), the cost per key through the whole table for every
registered game: median and 99th percentile (the goal is 2 ms p99 here), and the ratio to the
baseline for the games the baseline can play with the same keys. ``--keys`` runs only that part.
"""

from __future__ import annotations

import importlib
import json
import statistics
import subprocess
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
        options = log["options"]
        if package != "companion":  # "asking": 1 says what its absence said to a version before it
            options = {k: v for k, v in options.items() if not (k == "asking" and v == 1)}
        session = engine.Session(game, options, log["seed"])
        for entry in log["entries"]:
            session.commit(session.evaluate(entry["action"]))
    return time.perf_counter() - start


# seats for the per-key game of each registered game (a full table; the brothers' solo game)
KEY_SEATS = {"dva_bratri": 1}
KEYS_BASELINE = "9aa3307"  # the table before frames kept their rasterised text lines
KEY_RUNS = 3


def keys_of_a_game(name: str, seats: int, seed: int) -> str:
    """The key script of one whole game played through the table (pads and host buttons)."""
    from companion.games import available, load
    from tests.keyscript import play_script

    lines, _ = play_script(load(name), seats, seed=seed, games_in_menu=available())
    return "\n".join(lines)


def seats_for(name: str) -> int:
    from companion.games import load

    game = load(name)
    return KEY_SEATS.get(name, max(game.min_seats, min(game.max_seats, 4)))


class CannotPlay(Exception):
    """This version's table does not end the scripted game (it lacks the game, or a key of the
    script means something else to it): no figure for it."""


def per_key(package: str, script: str, folder: Path, names: list[str]) -> tuple[list[float], float]:
    """Seconds per key through one version's table: the key, the action checked and applied,
    appended durably to the store, the frame built and rasterised, the LEDs; and apart from
    them the longest after-frame work (the archive of the ended game), in seconds.

    ``names`` are the games in the main menu, in the order the script walks it; each version
    plays its own game code (a registry may name the newest package, so modules are imported
    under ``package`` directly)."""
    try:
        games = {name: importlib.import_module(f"{package}.games.{name}").GAME for name in names}
    except ImportError as exc:
        raise CannotPlay(f"no such game: {exc}") from exc
    table_module = importlib.import_module(f"{package}.table.table")
    store_module = importlib.import_module(f"{package}.store")
    screen = importlib.import_module(f"{package}.hw.screen")
    events = importlib.import_module(f"{package}.hw.emulated").parse_script(script)  # its own event class
    store = store_module.Store(folder / "bench.db")
    table = table_module.Table(store, games, "cs", new_seed=lambda: 1)
    samples, after_frame = [], 0.0
    try:
        for event in events:
            if table.screen.name == "over":
                break
            start = time.perf_counter()
            table.handle(event)
            screen.render(table.frame())
            table.leds()
            samples.append(time.perf_counter() - start)
            # what the main loop does after the frame is on the panel (archiving an ended game:
            # tables that have it); timed apart, it holds up no key's screen
            start = time.perf_counter()
            getattr(table, "housekeeping", lambda: None)()
            after_frame = max(after_frame, time.perf_counter() - start)
    except Exception as exc:  # an older table may refuse a key it does not know
        raise CannotPlay(f"{type(exc).__name__}: {exc}") from exc
    finally:
        store.close()
    if table.screen.name != "over":
        raise CannotPlay("the scripted game did not end")
    return samples, after_frame


def p99(samples: list[float]) -> float:
    return statistics.quantiles(samples, n=100)[98]


def bench_keys(tmp: Path, baseline: str) -> None:
    """Every registered game, today's table; the baseline's too where it plays the same keys."""
    from companion.games import available

    menu = available()
    print(f"per key through the table, a whole game each, {KEY_RUNS} runs (median and 99th percentile; goal p99 2 ms)")
    for name in menu:
        script = keys_of_a_game(name, seats_for(name), seed=3)
        names = menu[: menu.index(name) + 1]
        before: list[float] | None = []
        after: list[float] = []
        playing: list[float] = []  # today's, without the key that ends the game
        archive: list[float] = []  # the archive of the ended game, after its frame (once a run)
        why = ""
        for _ in range(KEY_RUNS):
            if before is not None:
                try:
                    before += per_key("companion_before", script, Path(tempfile.mkdtemp(dir=tmp)), names)[0]
                except CannotPlay as exc:
                    before, why = None, str(exc)
            samples, after_frame = per_key("companion", script, Path(tempfile.mkdtemp(dir=tmp)), names)
            after += samples
            playing += samples[:-1]
            archive.append(after_frame)
        a50, a99 = statistics.median(after) * 1e6, p99(after) * 1e6
        line = (
            f"  {name:11s} {len(after) // KEY_RUNS:5d} keys   now: median {a50:6.0f} us  p99 {a99:6.0f} us"
            f" (without the last key {p99(playing) * 1e6:5.0f} us; archive after the frame"
            f" {statistics.median(archive) * 1e3:4.1f} ms)"
        )
        if before:
            b50, b99 = statistics.median(before) * 1e6, p99(before) * 1e6
            line += (
                f"   {baseline}: median {b50:6.0f} us  p99 {b99:6.0f} us"
                f"   ratio now/then median {a50 / b50:4.2f}  p99 {a99 / b99:4.2f}"
            )
        else:
            line += f"   ({baseline} cannot play these keys: {why[:60]})"
        print(line)


def main() -> None:
    global RUNS, KEY_RUNS
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    quick = "--quick" in sys.argv  # one run of each, one log per game: a check that it runs
    if quick:
        RUNS = KEY_RUNS = 1
    commit = args[0] if args else BEFORE_MOVE
    keys_commit = args[1] if len(args) > 1 else KEYS_BASELINE
    with tempfile.TemporaryDirectory() as tmp:
        if "--keys" in sys.argv:  # only the per-key part (each baseline in a process of its own)
            unpack_baseline(keys_commit, Path(tmp))
            bench_keys(Path(tmp), keys_commit)
            return
        unpack_baseline(commit, Path(tmp))
        print(f"engine cost per action, replaying the recorded corpus (baseline {commit})")
        for name in ("vaaalbara", "graenaland", "dva_bratri"):
            logs = corpus_logs(name)[: 1 if quick else None]
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
    sys.stdout.flush()
    subprocess.run(
        [sys.executable, __file__, "--keys", *(["--quick"] if quick else []), commit, keys_commit], check=True
    )


if __name__ == "__main__":
    main()
