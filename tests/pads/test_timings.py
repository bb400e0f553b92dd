"""Every time and rate of the pads in one frozen record, and the key rate limit on its own."""

from __future__ import annotations

import dataclasses
import queue

import pytest

from companion.hw.pad_link import KeyGate, PadTimings
from companion.hw.pads import PadHub


def test_the_timings_are_one_frozen_record_and_a_keyword_changes_one_field():
    hub = PadHub(queue.Queue(), {}, port_lister=list, heartbeat_s=0.5)
    assert hub.timings == dataclasses.replace(PadTimings(), heartbeat_s=0.5)
    with pytest.raises(dataclasses.FrozenInstanceError):
        hub.timings.heartbeat_s = 1.0  # type: ignore[misc]
    whole = PadTimings(scan_s=0.05, key_rate=5.0)
    assert PadHub(queue.Queue(), {}, port_lister=list, timings=whole).timings == whole
    with pytest.raises(TypeError):
        PadHub(queue.Queue(), {}, port_lister=list, heartbeat=1.0)  # not a knob: said at once


def test_the_scanner_wakes_often_enough_for_the_heartbeat_and_the_scan():
    assert PadTimings().tick_s == 0.25
    assert PadTimings(heartbeat_s=0.1).tick_s == pytest.approx(0.05)
    assert PadTimings(scan_s=0.001).tick_s == 0.01


def test_the_key_gate_lets_a_burst_through_then_the_rate_and_says_when_a_flood_begins_and_ends():
    timings = PadTimings(key_rate=10.0, key_burst=3, max_queued=100, flood_quiet_s=2.0)
    gate = KeyGate(0.0, timings)
    assert [gate.admit(0.0, 0) for _ in range(3)] == [(True, False)] * 3
    assert gate.admit(0.0, 0) == (False, True)  # the flood begins: said once
    assert gate.admit(0.01, 0) == (False, False)
    assert gate.admit(0.2, 0) == (True, False)  # refilled, but not quiet for long enough yet
    assert gate.admit(2.3, 0) == (True, True)  # quiet for 2 s within the rate: the flood is over
    assert gate.admit(2.4, 100) == (False, True)  # a full queue drops keys too
