"""Fixtures shared by the PadHub tests: a bench of fake pads on pty pairs, and hubs that scan it."""

import queue

import pytest

from companion.hw.pads import PadHub

from .fakepad import Bench


@pytest.fixture
def bench():
    b = Bench()
    yield b
    b.close()


@pytest.fixture
def make_hub(bench):
    """Start a PadHub on the bench with short timings (overridable); every hub made is closed after the test."""
    hubs = []

    def make(seat_of, **kw):
        events = queue.Queue()
        opts = {"heartbeat_s": 0.2, "timeout_s": 3.0, "scan_s": 0.05, "backoff_s": (0.05, 0.5)}
        opts.update(kw)
        hub = PadHub(events, seat_of, port_lister=bench.ports, **opts)
        hubs.append(hub)
        return hub.start(), events

    yield make
    for hub in hubs:
        hub.close()
