"""The main loop keeps the interpreter's garbage collection off the key path
(companion/collector.py): start-up's objects frozen after the first frame, the collection made
while no key waits. Behaviour only; what it buys is measured by benchmarks/bench_key_path.py."""

from __future__ import annotations

import gc
import queue

import pytest

from companion.app import App
from companion.collector import IdleCollector
from companion.surface.events import KeyEvent, Quit
from tests.test_appliance import _Nothing, _RecordingTable


class _Collector:
    def __init__(self, calls: list):
        self.calls = calls

    def settle(self):
        self.calls.append(("settle",))

    def idle(self):
        self.calls.append(("collect",))

    def release(self):
        self.calls.append(("release",))


def test_the_loop_settles_the_collector_after_the_first_frame_collects_after_each_key_and_releases_it():
    calls: list = []
    events = queue.SimpleQueue()
    app = App(_RecordingTable(calls), _Nothing(), _Nothing(), events, collector=_Collector(calls))
    events.put(KeyEvent(key="ok", seat=None))
    events.put(Quit("test"))
    app.run()
    # the first frame (no key waited for its collection: the queue held two), then settled; the
    # key's frame, then the collection when nothing waited (only Quit: it waits), released at the end
    assert calls[0] == ("frame",) and calls[1] == ("settle",)
    assert calls[-1] == ("release",)
    assert ("collect",) not in calls  # a key or Quit always waited behind each frame


def test_the_collection_waits_while_a_key_is_on_the_queue():
    calls: list = []
    events = queue.SimpleQueue()
    app = App(_RecordingTable(calls), _Nothing(), _Nothing(), events, collector=_Collector(calls))
    events.put(KeyEvent(key="down", seat=None))
    app.refresh()  # a key waits: the frame only
    assert calls == [("frame",)]
    events.get()
    app.refresh()  # nobody waits: the frame, then the collection
    assert calls == [("frame",), ("frame",), ("collect",)]


def test_without_a_collector_the_loop_leaves_the_interpreter_alone():
    calls: list = []
    events = queue.SimpleQueue()
    threshold = gc.get_threshold()
    events.put(Quit("test"))
    App(_RecordingTable(calls), _Nothing(), _Nothing(), events).run()
    assert gc.get_threshold() == threshold and gc.get_freeze_count() == 0


@pytest.fixture
def quiet_gc():
    """No automatic collection during the test (explicit ones still run), everything as it was after."""
    was_enabled, threshold = gc.isenabled(), gc.get_threshold()
    gc.disable()
    try:
        yield
    finally:
        gc.unfreeze()
        gc.set_threshold(*threshold)
        if was_enabled:
            gc.enable()


def test_settling_freezes_what_start_up_built_and_moves_the_interpreters_threshold_late(quiet_gc):
    collector = IdleCollector(due=100, late=50_000)
    threshold = gc.get_threshold()
    start_up = [[i] for i in range(1000)]  # noqa: F841 (alive through the start-up)
    collector.settle()
    assert gc.get_freeze_count() >= 1000
    assert gc.get_threshold() == (50_000, *threshold[1:])
    collector.release()
    assert gc.get_freeze_count() == 0 and gc.get_threshold() == threshold


def test_an_idle_collection_is_made_only_when_due_and_picks_the_older_generations_every_tenth_time(quiet_gc):
    collector = IdleCollector(due=100, late=50_000)
    collector.settle()
    assert collector.idle() is None  # nothing new since settling
    kept = []
    generations = []
    for _ in range(20):
        kept.append([[i] for i in range(150)])  # more new objects than ``due``
        generations.append(collector.idle())
        assert gc.get_count()[0] < 100  # collected: the young generation is empty again
    assert None not in generations
    assert sum(1 for generation in generations if generation >= 1) == 2  # gc.get_threshold()[1] == 10
    assert sum(collector.collections) == 20
    collector.release()


def test_an_idle_collection_frees_cycles_made_after_start_up(quiet_gc):
    import weakref

    class Node:
        pass

    collector = IdleCollector(due=10, late=50_000)
    collector.settle()
    node = Node()
    node.me = node  # a cycle: only the collector frees it
    alive = weakref.ref(node)
    del node
    for _ in range(20):
        Node()
    _padding = [[i] for i in range(50)]
    assert alive() is not None
    assert collector.idle() is not None
    assert alive() is None
    collector.release()
