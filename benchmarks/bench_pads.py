"""Pad link costs: the host's decoder per received frame, and key -> LED round trip over a pty.

    python benchmarks/bench_pads.py [--frames 50000] [--chunk 64] [--trips 300]

1. Decoder: FrameDecoder.feed over KEY frames in serial-sized chunks, against a baseline that
   only splits the same chunks into lines (bytearray + bytes.split), timed alternately in this
   process; the ratio says what checking CRC, verb and arguments costs on top of line splitting.
2. Round trip: a pad on a pty pair (the real firmware logic) sends KEY; the main loop takes the
   KeyEvent off the queue and sets the seat's LED; the time until the LED frame arrives back at
   the pad. This is the latency a player sees from a key to the LED, minus USB and the pad loop.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import queue
import select
import statistics
import sys
import threading
import time
import tty
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # this tree's companion, not an installed one

from companion.hw.pads import PadHub  # noqa: E402
from companion.hw.protocol import FrameDecoder, encode_frame  # noqa: E402
from companion.surface.events import KeyEvent, PadPresence  # noqa: E402
from companion.surface.frame import LED_LOCKED, LED_WAITING  # noqa: E402

FIRMWARE = Path(__file__).resolve().parents[1] / "firmware_scripts" / "padlogic.py"


def load_padlogic():
    spec = importlib.util.spec_from_file_location("padlogic", FIRMWARE)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def baseline(chunks: list[bytes]) -> int:
    buf, n = bytearray(), 0
    for c in chunks:
        buf += c
        lines = buf.split(b"\n")
        buf = bytearray(lines.pop())
        n += len(lines)
    return n


def decode(chunks: list[bytes]) -> int:
    dec, n = FrameDecoder(), 0
    for c in chunks:
        n += len(dec.feed(c))
    return n


def bench_decoder(frames: int, chunk: int, rounds: int = 7) -> None:
    keys = "0123456789*#"
    stream = b"".join(encode_frame(i, "KEY", keys[i % 12]) for i in range(frames))
    chunks = [stream[i : i + chunk] for i in range(0, len(stream), chunk)]
    assert baseline(chunks) == decode(chunks) == frames
    t_base, t_dec = [], []
    for _ in range(rounds):
        for fn, out in ((baseline, t_base), (decode, t_dec)):
            t0 = time.perf_counter()
            fn(chunks)
            out.append(time.perf_counter() - t0)
    b, d = statistics.median(t_base), statistics.median(t_dec)
    print(
        f"decoder: {d / frames * 1e6:.2f} µs/frame, baseline split {b / frames * 1e6:.2f} "
        f"µs/frame, ratio {d / b:.1f}x  ({frames} frames, {chunk}-byte chunks, "
        f"median of {rounds})"
    )


class PtyPad:
    """The firmware logic on a pty master; records when each LED frame arrives."""

    def __init__(self, pl, board_id: str):
        self.logic = pl.PadLogic(board_id, host_timeout_ms=None)
        self.master, self.slave = os.openpty()
        tty.setraw(self.master)
        self.port = os.ttyname(self.slave)
        self.led_times: queue.Queue = queue.Queue()
        self.stop = False
        self.pl = pl
        threading.Thread(target=self.run, daemon=True).start()

    def run(self) -> None:
        while not self.stop:
            if not select.select([self.master], [], [], 0.05)[0]:
                continue
            try:
                data = os.read(self.master, 4096)
            except OSError:
                return
            t = time.perf_counter()
            for out in self.logic.feed(data, int(time.monotonic() * 1000) % self.pl.TICKS_PERIOD):
                if " ACK " in out:
                    self.led_times.put(t)
                os.write(self.master, out.encode())

    def close(self) -> None:
        self.stop = True
        os.close(self.master)
        os.close(self.slave)


def bench_round_trip(trips: int) -> None:
    pl = load_padlogic()
    pad = PtyPad(pl, "BENCH")
    events: queue.Queue = queue.Queue()
    # a key every few ms is far over a person's rate: the limit (tested in tests/pads) is lifted
    # here, so every key of the run makes a round trip
    hub = PadHub(events, {"BENCH": 0}, port_lister=lambda: [pad.port], scan_s=0.05, key_rate=1e4, key_burst=10**4)
    hub.start()
    try:
        while not isinstance(events.get(timeout=10), PadPresence):
            pass
        pad.led_times.get(timeout=10)  # the LED state sent after HELLO
        samples = []
        for i in range(trips):
            t0 = time.perf_counter()
            os.write(pad.master, pad.logic.key("5").encode())
            e = events.get(timeout=10)  # what the table's main loop does
            assert isinstance(e, KeyEvent)
            hub.set(0, LED_LOCKED if i % 2 else LED_WAITING)
            samples.append(pad.led_times.get(timeout=10) - t0)
            time.sleep(0.005)
        samples.sort()
        med = statistics.median(samples) * 1e3
        p95 = samples[int(len(samples) * 0.95) - 1] * 1e3
        print(f"key -> LED round trip over a pty: median {med:.2f} ms, p95 {p95:.2f} ms ({trips} trips)")
    finally:
        hub.close()
        pad.close()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--frames", type=int, default=50000)
    ap.add_argument("--chunk", type=int, default=64)
    ap.add_argument("--trips", type=int, default=300)
    ap.add_argument("--quick", action="store_true", help="2,000 frames and 20 trips (a check that it runs)")
    a = ap.parse_args()
    if a.quick:
        a.frames, a.trips = min(a.frames, 2000), min(a.trips, 20)
    bench_decoder(a.frames, a.chunk)
    bench_round_trip(a.trips)


if __name__ == "__main__":
    main()
