"""What the panel costs per key: bytes over the bus and the rasterised text lines, in one process.

    python benchmarks/bench_panel.py [--quick]

Every registered game is played whole through the table (the key scripts of tests/keyscript.py);
each frame goes to an SSD1306 and an SH1106 built by luma on a counting model of the controller
(tests/hw/test_partial_update.py), once sending only the changed spans and once whole frames
(what the display did before). Printed per game: bytes per key (median and mean over every key,
keys that change nothing included), as a ratio to a whole frame (1024 data bytes on 128x64), the
median of the keys that change one line or the footer, and the ratio of all bytes sent to
whole frames. Then the floor: the bytes each key changes, which no addressing can avoid
sending. Then the text cache: rendering with and without it (time ratio), its lines, hit
rate and memory (pixel bytes; and the process's resident memory growth when it is full of long
lines, the worst case).
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from companion.games import available  # noqa: E402
from companion.hw import screen  # noqa: E402
from companion.hw.screen import TextLines, render  # noqa: E402
from companion.surface.panel import REGULAR, font  # noqa: E402
from tests.hw.test_partial_update import (  # noqa: E402
    FRAME_BYTES,
    bytes_per_key,
    changed_bytes,
    frames_of_a_game,
    panel,
)

SEATS = {"dva_bratri": 1}


def seats_for(name: str) -> int:
    from companion.games import load

    game = load(name)
    return SEATS.get(name, max(game.min_seats, min(game.max_seats, 4)))


def bench_bytes(games: dict[str, list]) -> None:
    print(f"bytes per key to the panel, 128x64 (a whole frame: {FRAME_BYTES} data bytes)")
    for kind in ("ssd1306", "sh1106"):
        for name, frames in games.items():
            every, one_line = bytes_per_key(kind, frames, partial=True)
            whole, _ = bytes_per_key(kind, frames, partial=False)
            med, mean = statistics.median(every), statistics.mean(every)
            line_med = statistics.median(one_line) if one_line else float("nan")
            print(
                f"  {kind:7s} {name:11s} {len(every):4d} keys"
                f"   median {med:5.0f} B ({med / FRAME_BYTES:4.2f} of a frame)"
                f"   mean {mean:5.0f} B ({mean / FRAME_BYTES:4.2f})"
                f"   one-line keys ({len(one_line):3d}) median {line_med:4.0f} B ({line_med / FRAME_BYTES:4.2f})"
                f"   all bytes / whole frames {sum(every) / sum(whole):4.2f}"
            )


def bench_floor(games: dict[str, list]) -> None:
    """What the keys themselves change: the panel memory bytes that differ from the frame
    before, the least any addressing could send. A key that brings a new screen (a committed
    move, the next question, an announcement put away) redraws three body rows of 13 px, which
    touch six of the eight 8-row pages: no page addressing sends that in a third of a frame."""
    third = FRAME_BYTES / 3
    print("what the keys change (bytes that differ: the floor of any addressing)")
    for name, frames in games.items():
        floor = changed_bytes(frames)
        sent, _ = bytes_per_key("ssd1306", frames, partial=True)
        within = [s for s, f in zip(sent, floor, strict=True) if f <= third]
        print(
            f"  {name:11s} floor median {statistics.median(floor) / FRAME_BYTES:4.2f} of a frame;"
            f" keys that change more than a third {sum(f > third for f in floor) / len(floor):4.2f};"
            f" sent / floor {sum(sent) / max(1, sum(floor)):4.2f};"
            f" the other keys ({len(within)}) send median {statistics.median(within) / FRAME_BYTES:4.2f}"
        )


def time_shows(frames: list, partial: bool) -> float:
    display, _ = panel("ssd1306", partial=partial)
    start = time.perf_counter()
    for frame in frames:
        display.show(frame)
    return time.perf_counter() - start


def bench_cpu(games: dict[str, list]) -> None:
    frames = [f for fs in games.values() for f in fs]
    partial = statistics.median(time_shows(frames, True) for _ in range(3))
    whole = statistics.median(time_shows(frames, False) for _ in range(3))
    print(
        f"CPU of show() (render + bytes to the bus model), {len(frames)} frames: changed spans / whole frames "
        f"{partial / whole:4.2f}"
    )


def time_renders(frames: list, cached: bool) -> float:
    start = time.perf_counter()
    for frame in frames:
        render(frame, cached=cached)
    return time.perf_counter() - start


def rss_kib() -> int:
    with open("/proc/self/statm") as statm:
        return int(statm.read().split()[1]) * 4


def bench_text_cache(games: dict[str, list]) -> None:
    frames = [f for fs in games.values() for f in fs]
    screen.TEXT_LINES.clear()
    render_cached = statistics.median(time_renders(frames, True) for _ in range(5))
    render_plain = statistics.median(time_renders(frames, False) for _ in range(5))
    cache = screen.TEXT_LINES
    print(
        f"text cache over {len(frames)} frames of every game:"
        f" render cached / uncached {render_cached / render_plain:4.2f};"
        f" {len(cache)} lines kept (bound {cache.max_lines}), hit rate {cache.hits / (cache.hits + cache.misses):4.2f},"
        f" {cache.pixel_bytes() / 1024:5.0f} KiB of mask pixels"
    )
    rng = random.Random(5)
    face = font(REGULAR, 13)
    full = TextLines()
    before = rss_kib()
    for _ in range(full.max_lines):
        full.mask(face, "".join(rng.choice("ŘŠŽČÁÉÍÚŮÝĚabcdefghWM ") for _ in range(22)))
    print(
        f"  worst case, {len(full)} long lines: {full.pixel_bytes() / 1024:5.0f} KiB of mask pixels,"
        f" resident memory +{rss_kib() - before} KiB"
    )


def main() -> None:
    import argparse

    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="two games' first 40 frames (a check that it runs)")
    quick = parser.parse_args().quick
    names = available()[:2] if quick else available()
    games = {name: frames_of_a_game(name, seats_for(name))[: 40 if quick else None] for name in names}
    bench_bytes(games)
    bench_floor(games)
    bench_cpu(games)
    bench_text_cache(games)


if __name__ == "__main__":
    main()
