"""The whole key path, as the main loop runs it, in CPU time: before and after, in one process.

    python benchmarks/bench_key_path.py [--quick] [BASELINE_COMMIT]

For every registered game a whole scripted game (tests/keyscript.py) goes key by key through:
the table (``handle``: the rules, the durable append to a real store on disk with its fsync), the
frame, the panel (``OledDisplay.show``: rasterising and the changed-spans writer, on luma's real
ssd1306 device over a counting model of the controller's bus), the LEDs and every seat's pad
screen (``seat_screens``). Each version runs under its own main loop (``App``): its start-up
(``App.start``: the first frame, then the garbage collector settled), and after each key's frame,
untimed, what the loop does while no key waits (``App.after_frame``: the archive, the journal
tidied, a snapshot, the idle garbage collection, the display's idle work). Figures are CPU time
of this thread per key (``time.thread_time``, so the fsync's wait is not counted, its system call
is), median and 99th percentile, and the interpreter's garbage collections that fell inside keys,
for today's code and for BASELINE_COMMIT (default 72e1dd9, unpacked as ``companion_before``),
then the share of each part. Goal: p99 under 2 ms here (a Pi Zero 2 W is about 9x slower per
core).
"""

from __future__ import annotations

import gc
import importlib
import queue
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
# (label, package, the main loop's garbage collector on): today's loop also without it, so the
# figures tell what managing the collector buys
VERSIONS = (("before", "companion_before", True), ("after", "companion", True), ("after, gc as is", "companion", False))


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


class NoLeds:
    """The LEDs (their states are computed by the table, timed as ``leds``; setting a GPIO
    pin is not the box's work)."""

    def __getattr__(self, name):
        return lambda *args, **kwargs: None


class GcPauses:
    """The interpreter's garbage collections during the keys (CPU time each): inside a key,
    and between keys (where the main loop may make them itself)."""

    def __init__(self):
        self.inside, self.started, self._began = False, False, 0.0
        self.pauses: list[float] = []
        self.between: list[float] = []

    def __call__(self, phase: str, info: dict) -> None:
        if phase == "start":
            self._began = time.thread_time()
        elif self.inside:
            self.pauses.append(time.thread_time() - self._began)
        elif self.started:
            self.between.append(time.thread_time() - self._began)


def key_path(
    package: str, name: str, script: str, folder: Path, pauses: GcPauses, collect: bool = True
) -> dict[str, list[float]]:
    """CPU seconds per key of each part of the key path, for one version of the code, run by
    that version's main loop (``App``: its start-up, and what it does after each frame while
    no key waits, untimed) with the garbage collector it runs with (``collect``: False leaves
    the collection to the interpreter)."""
    game = importlib.import_module(f"{package}.games.{name}").GAME
    table = importlib.import_module(f"{package}.table.table").Table(
        importlib.import_module(f"{package}.store").Store(folder / "bench.db"), {name: game}, "cs", new_seed=lambda: 1
    )
    oled = importlib.import_module(f"{package}.hw.oled")
    bus = CountingBus()
    display = oled.OledDisplay({"driver": "ssd1306"}, factory=lambda cfg: oled.make_device(cfg, serial=bus))
    seat_screens = importlib.import_module(f"{package}.table.seat_screens").seat_screens
    events = importlib.import_module(f"{package}.hw.emulated").parse_script(script)
    app_module = importlib.import_module(f"{package}.app")
    try:
        collector = {"collector": importlib.import_module(f"{package}.collector").IdleCollector()} if collect else {}
    except ImportError:  # a version whose loop leaves the collection to the interpreter
        collector = {}
    app = app_module.App(table, display, NoLeds(), queue.SimpleQueue(), [table.recorder.close], **collector)
    parts: dict[str, list[float]] = {part: [] for part in PARTS}
    clock = time.thread_time
    # the first frame, before any key, as the main loop shows it when it starts (App.run): opening
    # the panel, loading the fonts and settling the start-up's objects are the start-up's, not a key's
    getattr(app, "start", app.refresh)()
    seat_screens(table)
    idle(display)
    pauses.started = True
    after_frame = getattr(app, "after_frame", None) or (lambda: older_after_frame(table))
    try:
        for event in events:
            if table.screen.name == "over":
                break
            pauses.inside = True
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
            pauses.inside = False
            for part, spent in zip(PARTS, (t1 - t0, t2 - t1, t3 - t2, t4 - t3, t5 - t4)):
                parts[part].append(spent)
            after_frame()  # what the main loop does after the frame when no key waits,
            idle(display)  # and the display's idle work it goes on with while no key comes
    finally:
        pauses.inside = pauses.started = False
        app.shutdown()  # the store closed, the interpreter's collector as it was
    return parts


def older_after_frame(table) -> None:
    """After the frame, when no key waits, as the main loop of a version without
    ``App.after_frame`` did it: the archive, the live journal tidied."""
    table.housekeeping()
    tidy = getattr(table.recorder, "tidy", None)
    if tidy is not None:
        tidy()


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
            for _label, package, collect in VERSIONS:  # warm: every version's caches as after a first game
                try:
                    key_path(package, name, script_of(name, True), Path(tempfile.mkdtemp(dir=tmp)), GcPauses(), collect)
                except Exception:  # told below
                    pass
            rows = {}
            for label, package, collect in VERSIONS:
                pauses = GcPauses()
                gc.callbacks.append(pauses)
                try:
                    parts = key_path(package, name, script, Path(tempfile.mkdtemp(dir=tmp)), pauses, collect)
                except Exception as exc:  # an older table may not play today's keys
                    print(f"  {name:11s} {label}: cannot play the script ({type(exc).__name__}: {exc})"[:120])
                    continue
                finally:
                    gc.callbacks.remove(pauses)
                total = [sum(values) for values in zip(*parts.values())]
                share = {part: sum(parts[part]) / sum(total) for part in PARTS}
                rows[label] = (statistics.median(total), p99(total), share, len(total), pauses)
            for label, row in rows.items():
                median, high, share, keys, gcs = row
                shares = " ".join(f"{part} {share[part]:4.0%}" for part in PARTS)
                figures = f"p50 {median * 1e3:5.2f} ms  p99 {high * 1e3:5.2f} ms"
                collected = (
                    f"gc in keys {len(gcs.pauses):2d} (longest {max(gcs.pauses, default=0) * 1e3:5.2f} ms),"
                    f" between {len(gcs.between):2d} ({max(gcs.between, default=0) * 1e3:5.2f})"
                )
                print(f"  {name:11s} {label:15s} {keys:4d} keys  {figures}  {collected}  ({shares})")
            for against in ("before", "after, gc as is"):
                if rows.get(against) and rows.get("after"):
                    other, after = rows[against], rows["after"]
                    print(
                        f"  {name:11s} ratio after/{against}: p50 {after[0] / other[0]:4.2f}"
                        f"  p99 {after[1] / other[1]:4.2f}"
                    )


if __name__ == "__main__":
    main()
