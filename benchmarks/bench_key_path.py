"""The whole key path, as the main loop runs it, in CPU time: before and after, in one process.

    python benchmarks/bench_key_path.py [--quick] [BASELINE_COMMIT]

For every registered game a whole scripted game (tests/keyscript.py) goes key by key through:
the table (``handle``: the rules, the durable append to a real store on disk with its fsync), the
frame, the panel (``OledDisplay.show``: rasterising and the changed-spans writer, on luma's real
ssd1306 device over a counting model of the controller's bus), the LEDs and every seat's pad
screen (``seat_screens``). Figures are CPU time of this thread per key (``time.thread_time``, so
the fsync's wait is not counted, its system call is), median and 99th percentile, for today's
code and for BASELINE_COMMIT (default 72e1dd9, unpacked as ``companion_before``), then the share
of each part. Goal: p99 under 2 ms here (a Pi Zero 2 W is about 9x slower per core).
"""

from __future__ import annotations

import importlib
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks.baseline import unpack_baseline  # noqa: E402

BASELINE = "72e1dd9"
SEATS = {"dva_bratri": 1}
PARTS = ("handle", "frame", "panel", "leds", "pads")


def script_of(name: str, quick: bool) -> str:
    from companion.games import load
    from tests.keyscript import play_script

    game = load(name)
    seats = SEATS.get(name, max(game.min_seats, min(game.max_seats, 4)))
    lines, _ = play_script(game, seats, seed=3, games_in_menu=[name])
    return "\n".join(lines[: 120 if quick else None])


class CountingBus:
    """luma's serial interface, counting the bytes a real I2C bus would carry (nothing else, so
    the figure is the box's own work)."""

    def __init__(self):
        self.command_bytes = self.data_bytes = 0

    def command(self, *cmd: int) -> None:
        self.command_bytes += len(cmd)

    def data(self, data) -> None:
        self.data_bytes += len(data)

    def cleanup(self) -> None:
        pass


def key_path(package: str, name: str, script: str, folder: Path) -> dict[str, list[float]]:
    """CPU seconds per key of each part of the key path, for one version of the code."""
    game = importlib.import_module(f"{package}.games.{name}").GAME
    table = importlib.import_module(f"{package}.table.table").Table(
        importlib.import_module(f"{package}.store").Store(folder / "bench.db"), {name: game}, "cs", new_seed=lambda: 1
    )
    oled = importlib.import_module(f"{package}.hw.oled")
    bus = CountingBus()
    display = oled.OledDisplay({"driver": "ssd1306"}, factory=lambda cfg: oled.make_device(cfg, serial=bus))
    seat_screens = importlib.import_module(f"{package}.table.seat_screens").seat_screens
    events = importlib.import_module(f"{package}.hw.emulated").parse_script(script)
    parts: dict[str, list[float]] = {part: [] for part in PARTS}
    clock = time.thread_time
    # the first frame, before any key, as the main loop shows it when it starts (App.run): opening
    # the panel and loading the fonts are the start-up's, not a key's
    display.show(table.frame())
    seat_screens(table)
    idle(display)
    try:
        for event in events:
            if table.mode == "over":
                break
            t0 = clock()
            table.handle(event)
            t1 = clock()
            frame = table.frame()
            t2 = clock()
            display.show(frame)
            t3 = clock()
            table.leds()
            t4 = clock()
            seat_screens(table)
            t5 = clock()
            for part, spent in zip(PARTS, (t1 - t0, t2 - t1, t3 - t2, t4 - t3, t5 - t4)):
                parts[part].append(spent)
            table.housekeeping()  # after the frame, as the main loop does when no key waits,
            idle(display)  # and the display's idle work (new glyphs learnt)
    finally:
        table.recorder.close()
    return parts


def idle(display) -> None:
    """The display's idle work, done as the main loop does it while no key comes (a player
    takes far longer to press the next key than this takes); untimed, as it is no key's."""
    work = getattr(display, "idle", None)
    for _ in range(10_000):
        if work is None or not work():
            return


def p99(samples: list[float]) -> float:
    return statistics.quantiles(samples, n=100)[98] if len(samples) > 1 else samples[0]


def main() -> None:
    quick = "--quick" in sys.argv
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    baseline = args[0] if args else BASELINE
    from companion.games import available

    with tempfile.TemporaryDirectory() as tmp:
        unpack_baseline(baseline, Path(tmp) / "before")
        print(f"CPU per key, whole key path (thread time); before = {baseline}; goal p99 <= 2 ms")
        for name in available():
            script = script_of(name, quick)
            rows = {}
            for package in ("companion_before", "companion"):
                try:
                    parts = key_path(package, name, script, Path(tempfile.mkdtemp(dir=tmp)))
                except Exception as exc:  # an older table may not play today's keys
                    rows[package] = None
                    print(f"  {name:11s} {package}: cannot play the script ({type(exc).__name__}: {exc})"[:120])
                    continue
                total = [sum(values) for values in zip(*parts.values())]
                share = {part: sum(parts[part]) / sum(total) for part in PARTS}
                rows[package] = (statistics.median(total), p99(total), share, len(total))
            for package, label in (("companion_before", "before"), ("companion", "after")):
                row = rows.get(package)
                if row is None:
                    continue
                median, high, share, keys = row
                shares = " ".join(f"{part} {share[part]:4.0%}" for part in PARTS)
                figures = f"p50 {median * 1e3:5.2f} ms  p99 {high * 1e3:5.2f} ms"
                print(f"  {name:11s} {label:6s} {keys:5d} keys  {figures}  ({shares})")
            if rows.get("companion_before") and rows.get("companion"):
                before, after = rows["companion_before"], rows["companion"]
                print(
                    f"  {name:11s} ratio after/before: p50 {after[0] / before[0]:4.2f}  p99 {after[1] / before[1]:4.2f}"
                )


if __name__ == "__main__":
    main()
