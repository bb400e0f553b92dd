"""Pads over pty pairs driving the real table: pairing, a Vaaalbara round with a secret pick,
an unplug and replug in the middle of it, and the round's result."""

import queue
import time

import pytest

from companion.app import SavedPadSeating, make_table
from companion.engine import Session
from companion.games import load
from companion.hw.pads import READY, PadHub
from companion.store import Store
from companion.table.flow import MainMenu, Pair

from .fakepad import WAIT, Bench


@pytest.fixture
def rig(tmp_path):
    bench = Bench()
    events = queue.Queue()
    hub = PadHub(
        events, {}, port_lister=bench.ports, heartbeat_s=0.2, timeout_s=3.0, scan_s=0.05, backoff_s=(0.05, 0.5)
    ).start()
    store = Store(tmp_path / "companion.db")
    seating = SavedPadSeating(hub, tmp_path / "pads.json")
    table = make_table(store, "en", seed=1, seating=seating)
    yield bench, events, hub, store, table, tmp_path
    hub.close()
    store.close()
    bench.close()


def pump(events, table, hub, until, timeout=WAIT):
    """The main loop in miniature: hand events to the table until ``until()`` holds."""
    deadline = time.monotonic() + timeout
    while not until():
        left = deadline - time.monotonic()
        assert left > 0, f"table never reached the expected state; frame: {table.frame()}"
        try:
            table.handle(events.get(timeout=min(left, 0.1)))
        except queue.Empty:
            continue
        for seat, state in table.leds().items():
            hub.set(seat, state)


def ready(hub, *board_ids):
    return lambda: {p.board_id for p in hub.pads() if p.state == READY} >= set(board_ids)


def host(table, *keys):
    from companion.surface.events import KeyEvent

    for key in keys:
        table.handle(KeyEvent(None, key))


def test_pads_pair_play_a_secret_round_survive_unplug_and_score(rig):
    bench, events, hub, store, table, tmp = rig
    pad_a, pad_b = bench.plug("PADA"), bench.plug("PADB")
    pump(events, table, hub, ready(hub, "PADA", "PADB"))
    pair_index = [item.label.en for item in table.screen.items].index("Pair pads")
    host(table, *["down"] * pair_index, "ok")
    assert isinstance(table.screen, Pair)
    pad_b.press("5")  # seat 1 is the pad pressed first
    pump(events, table, hub, lambda: len(table.screen.pairing.mapping) == 1)
    pad_a.press("5")
    pump(events, table, hub, lambda: len(table.screen.pairing.mapping) == 2)
    host(table, "ok")
    assert '"PADB"' in (tmp / "pads.json").read_text() and isinstance(table.screen, MainMenu)
    host(table, "ok", "ok")  # Vaaalbara, 2 players
    assert table.session.prompt.step == "pick_character"

    for key in "03#":  # seat 1 (pad B): Hunter
        pad_b.press(key)
    pump(events, table, hub, lambda: table.answer.secret.locked_seats() == (0,))
    pad_b.wait_for("LED", ("steady",) + tuple(str(c) for c in (0, 255, 0)))
    bench.unplug(pad_b)  # unplugged while locked in
    pump(events, table, hub, lambda: 0 in table.signals.absent)
    assert "Waiting for pad: 1" in " ".join(table.frame().lines)
    for key in "12#":  # seat 2 (pad A): Farmer, the last lock
        pad_a.press(key)
    pump(events, table, hub, lambda: table.answer.secret.locked_seats() == (0, 1))
    assert table.session.prompt.step == "pick_character"  # paused: no reveal without seat 1
    assert store.entries(table.session_id) == []
    pad_b = bench.plug("PADB")  # replugged: the locked pick is still there
    pump(events, table, hub, lambda: table.session.prompt.step != "pick_character")
    assert store.entries(table.session_id)[0]["action"]["picks"] == {"0": 3, "1": 12}

    # the rest of the round on the pads: each takes a land with one key
    expected = Session(load("vaaalbara"), {"seats": 2}, 1, store.entries(table.session_id))
    while table.session.prompt.step != "end_round":
        if table.news_blocks():  # the last action's news: a key puts them away
            host(table, "ok")
            continue
        prompt = table.session.prompt
        seat = prompt.seats[0] if prompt.seats else None
        option = prompt.options_for(seat)[-1]  # river, or the last choice offered
        pad = pad_b if seat == 0 else pad_a
        if seat is None:
            host(table, *["down"] * (len(prompt.options_for(None)) - 1), "ok")
        else:
            count = len(store.entries(table.session_id))
            for key in option.code:
                pad.press(key)
            pump(events, table, hub, lambda count=count: len(store.entries(table.session_id)) > count)
        expected.submit(store.entries(table.session_id)[-1]["action"])
    assert table.session.state == expected.state
    dropped = hub.stats()["dropped"]
    assert dropped.get("truncated", 0) <= 1  # at most the line the unplug cut in half
    assert sum(n for why, n in dropped.items() if why != "truncated") == 0
