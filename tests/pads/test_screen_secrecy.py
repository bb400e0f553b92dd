"""Secrecy on the pads' screens: two runs of the real table with real pad logic on pty pairs that
differ only in one seat's hidden pick are identical, up to the reveal, on every other pad (each
frame it was sent, what its screen shows), on the panel, the LEDs and in the files."""

import queue

from companion.games import load
from companion.hw.pads import READY, PadHub
from companion.hw.protocol import SCREEN_VERBS
from companion.hw.screen import render
from companion.store import Store
from companion.surface.events import KeyEvent
from companion.table.seat_screens import seat_screens
from companion.table.table import Table

from ..table.test_secrecy import FIXED, without_box_id
from .fakepad import WAIT, Bench, pl, wait_until


class ScreenPad(pl.PadLogic):
    def __init__(self, board_id, **kw):
        super().__init__(board_id, screen=(128, 32), **kw)


def run(tmp, pick):
    """Vaaalbara for 3 on three screen pads; seat 2 types ``pick``, then seats 1 and 3 lock.
    Returns what could be seen after every key (the last key is the reveal)."""
    tmp.mkdir()
    bench, events = Bench(), queue.Queue()
    hub = PadHub(
        events,
        {"PAD1": 0, "PAD2": 1, "PAD3": 2},
        port_lister=bench.ports,
        heartbeat_s=0.2,
        timeout_s=3.0,
        scan_s=0.05,
        backoff_s=(0.05, 0.5),
        ack_timeout_s=30.0,
    ).start()  # no resends: they would depend on timing
    store = Store(tmp / "companion.db", clock=lambda: FIXED)
    pads = [bench.plug(f"PAD{n}", ScreenPad) for n in (1, 2, 3)]
    table = Table(store, {"vaaalbara": load("vaaalbara")}, "cs", new_seed=lambda: 11)
    try:
        wait_until(lambda: len([p for p in hub.pads() if p.state == READY]) == 3, what="three pads")
        for key in ("ok", "down", "ok"):  # Vaaalbara, 3 players
            table.handle(KeyEvent(None, key))
        refresh(table, hub)
        wait_until(hub.settled, what="the first screens acknowledged")
        seen = []
        script = [(1, k) for k in pick + "#"] + [(0, k) for k in "05#"] + [(2, k) for k in "07#"]
        sent = {n: [] for n in (0, 2)}
        leds = {n: [] for n in (0, 2)}
        own = []  # the picker's own screen
        for seat, key in script:
            pads[seat].press(key)
            event = events.get(timeout=WAIT)
            while not isinstance(event, KeyEvent):
                event = events.get(timeout=WAIT)
            assert (event.seat, event.key) == (seat, key)
            table.handle(event)
            refresh(table, hub)
            wait_until(hub.settled, what="every frame acknowledged")
            for n in sent:  # every pad but the picker's
                while not pads[n].received.empty():
                    frame = pads[n].received.get()
                    if frame.verb in SCREEN_VERBS:
                        sent[n].append((frame.verb, frame.args))
                    elif frame.verb == "LED":  # its own order: LED and screen threads interleave
                        leds[n].append(frame.args)
            files = tuple(sorted((p.name, without_box_id(p.read_bytes())) for p in tmp.iterdir() if p.is_file()))
            seen.append(
                {
                    "panel": render(table.frame()).tobytes(),
                    "leds": sorted(table.leds().items()),
                    "files": files,
                    "pad1": (list(sent[0]), list(leds[0]), pads[0].logic.screen_lines(0)),
                    "pad3": (list(sent[2]), list(leds[2]), pads[2].logic.screen_lines(0)),
                }
            )
            own.append(pads[1].logic.screen_lines(0))
        return seen, own
    finally:
        hub.close()
        store.close()
        bench.close()


def refresh(table, hub):
    for seat, state in table.leds().items():
        hub.set(seat, state)
    hub.show_all(seat_screens(table))


def test_one_seats_hidden_pick_shows_on_no_other_pad_until_the_reveal(tmp_path):
    a, own_a = run(tmp_path / "a", "03")
    b, own_b = run(tmp_path / "b", "12")
    assert len(a) == len(b) == 9
    for index in range(len(a) - 1):
        for what in a[index]:
            assert a[index][what] == b[index][what], f"{what} differs after key {index + 1}, before the reveal"
    assert a[-1]["files"] != b[-1]["files"]  # the reveal: now the runs differ
    verbs = {verb for verb, _ in a[-2]["pad1"][0]}
    assert {"CLEAR", "TEXT", "ENTRY", "HINT"} <= verbs and a[-2]["pad1"][1]  # the other pads were driven all along
    # the picker's own pad drew its pick from its own keys (nothing about it came from the box)
    assert own_a[1][-2:] == ["03 Lovec?", "# = zamknout"] and own_b[1][-2:] == ["12 Zemědělec?", "# = zamknout"]
    assert own_a[2][-1] == pl.ICON_LOCK + " Lovec" and own_b[2][-1] == pl.ICON_LOCK + " Zemědělec"
