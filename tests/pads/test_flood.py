"""A pad that sends valid frames too fast: keys over the rate are dropped, the pad is named to
the table once, the main loop's queue stays bounded, and the pad works again once it calms."""

from __future__ import annotations

import queue
import tracemalloc
from unittest.mock import ANY

from companion.hw import pads as pads_module
from companion.hw.pad_link import Link
from companion.hw.pads import READY, PadHub
from companion.hw.protocol import PROTO_VERSION, Hello, encode_frame
from companion.surface.events import KeyEvent, PadTrouble


class Clock:
    def __init__(self):
        self.now = 100.0

    def __call__(self):
        return self.now


def ready_link(hub: PadHub, clock: Clock, board: str = "PADA") -> Link:
    link = Link("/dev/ttyACM0", transport=None, now=clock.now)
    link.state, link.hello = READY, Hello(PROTO_VERSION, "1.0", board)
    return link


def keys(count: int, start: int = 0) -> bytes:
    return b"".join(encode_frame((start + n) % 1000, "KEY", "5") for n in range(count))


def test_a_flooding_pad_is_named_once_and_its_keys_are_capped():
    clock, events = Clock(), queue.Queue()
    hub = PadHub(events, {"PADA": 0}, clock=clock)
    link = ready_link(hub, clock)
    hub._on_bytes(link, keys(500))  # 500 keys in no time at all
    got = []
    while not events.empty():
        got.append(events.get_nowait())
    presses = [e for e in got if isinstance(e, KeyEvent)]
    troubles = [e for e in got if isinstance(e, PadTrouble)]
    assert len(presses) == pads_module.KEY_BURST
    assert [(t.pad, t.kind) for t in troubles] == [("PADA", "flooding")]
    assert "PADA" in troubles[0].detail and "/dev/ttyACM0" in troubles[0].detail
    assert hub.stats()["flood_dropped"] == 500 - pads_module.KEY_BURST
    clock.now += 1.0  # a second later: the bucket refilled, keys within the rate pass
    hub._on_bytes(link, keys(5))
    assert [type(e) for e in _drain(events)] == [KeyEvent] * 5
    clock.now += pads_module.FLOOD_QUIET_S + 1
    hub._on_bytes(link, keys(1))
    assert _drain(events) == [PadTrouble("PADA", ""), KeyEvent(0, "5", source="pad:PADA")]


def test_the_main_loops_queue_never_grows_past_its_bound_and_memory_stays_flat():
    """Many pads within their rates, a main loop that does not read: the queue stops growing."""
    clock, events = Clock(), queue.Queue()
    hub = PadHub(events, {f"PAD{n}": n for n in range(5)}, clock=clock)
    links = [ready_link(hub, clock, f"PAD{n}") for n in range(5)]
    tracemalloc.start()
    for second in range(200):
        clock.now += 1.0
        for link in links:
            hub._on_bytes(link, keys(20, second))
        if second == 20:
            baseline = tracemalloc.get_traced_memory()[0]
    grown = tracemalloc.get_traced_memory()[0] - baseline
    tracemalloc.stop()
    assert events.qsize() <= pads_module.MAX_QUEUED + 10  # a few trouble notices on top
    assert grown < 200_000, grown


def _drain(events):
    out = []
    while not events.empty():
        out.append(events.get_nowait())
    return out


def test_a_flood_that_stops_is_cleared_without_waiting_for_the_pads_next_key():
    """A stuck key released, then nothing pressed: the notice goes once the pad has been quiet
    for the quiet time (the scanner's round), not at its next key, and only once."""
    clock, events = Clock(), queue.Queue()
    hub = PadHub(events, {"PADA": 0}, clock=clock)
    link = ready_link(hub, clock)
    hub._on_bytes(link, keys(100))
    assert [e for e in _drain(events) if isinstance(e, PadTrouble)] == [PadTrouble("PADA", "flooding", ANY)]
    clock.now += pads_module.FLOOD_QUIET_S / 2
    hub._on_idle(link, clock.now)  # still within the quiet time: nothing said
    assert _drain(events) == []
    clock.now += pads_module.FLOOD_QUIET_S
    hub._on_idle(link, clock.now)
    hub._on_idle(link, clock.now + 1)
    assert _drain(events) == [PadTrouble("PADA", "")]
    hub._on_bytes(link, keys(1))  # its next key is an ordinary key
    assert _drain(events) == [KeyEvent(0, "5", source="pad:PADA")]
