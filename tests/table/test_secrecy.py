"""Indistinguishability: runs that differ only in hidden picks look the same until the reveal.

Everything observable is captured after every event: the rasterised OLED frame, the LED states,
the bytes of every file in the data directory and the text output. Before the event that
completes the picks, the two runs must be byte-identical; the reveal itself may differ.
"""

import io
import logging
import queue
import re
from datetime import datetime
from pathlib import Path

import pytest

from companion.app import App
from companion.hw.emulated import TextOutput
from companion.hw.screen import render
from companion.store import Store
from companion.surface.events import KeyEvent
from companion.table.flow import Play
from companion.table.table import Table

from ..engine.toy import GAME as TOY

FIXED = datetime(2026, 1, 1, 12, 0, 0).astimezone()


def without_box_id(data: bytes) -> bytes:
    """The store names each box and each session with a random id when it creates them:
    different between two fresh stores, and unrelated to any pick."""
    data = re.sub(rb'"box": ?"[0-9a-f]{32}"', b'"box": "<id>"', data)
    return re.sub(rb'"uid": ?"[0-9a-f-]{32,36}"', b'"uid": "<id>"', data)


def observe(tmp: Path, games: dict, menu_keys: list, pick_keys: list, caplog, wall_clock=None) -> list[tuple]:
    store = Store(tmp / "companion.db", clock=lambda: FIXED)
    out = io.StringIO()
    output = TextOutput(out=out)
    table = Table(store, games, "cs", new_seed=lambda: 11, wall_clock=wall_clock)
    app = App(table, output, output, queue.SimpleQueue())
    trace = []
    caplog.clear()
    with caplog.at_level(logging.DEBUG):
        for event in menu_keys + pick_keys:
            table.handle(event)
            app.refresh()
            files = tuple(sorted((p.name, without_box_id(p.read_bytes())) for p in tmp.iterdir() if p.is_file()))
            trace.append(
                (
                    render(table.frame()).tobytes(),
                    repr(sorted(table.leds().items())),
                    files,
                    out.getvalue(),
                    caplog.text,
                )
            )
    store.close()
    return trace


def keys(seat, text):
    return [KeyEvent(seat, k, "pad") for k in text]


@pytest.mark.parametrize("picks_a, picks_b", [((1, 2), (3, 1)), ((2, 2), (1, 3))])
def test_toy_runs_differing_only_in_picks_are_identical_until_reveal(tmp_path, caplog, picks_a, picks_b):
    menu = [KeyEvent(None, "ok"), KeyEvent(None, "ok")]

    def script(picks):  # seat 1 locks, changes its mind, seat 2 locks last (the reveal)
        first, second = picks
        return keys(0, f"{3 - first + 1 if first != 2 else 1}#") + keys(0, f"{first}#") + keys(1, f"{second}#")

    a = observe(tmp_path / "a", {"toy": TOY}, menu, script(picks_a), caplog)
    b = observe(tmp_path / "b", {"toy": TOY}, menu, script(picks_b), caplog)
    assert len(a) == len(b)
    reveal = len(a) - 1
    for index in range(reveal):
        for what, left, right in zip(("frame", "leds", "files", "stdout", "log"), a[index], b[index]):
            assert left == right, f"{what} differs after event {index} (before the reveal)"
    # the reveal differs in the log on disk: the test can tell the runs apart after it
    assert a[reveal][2] != b[reveal][2]


@pytest.mark.parametrize("picks_a, picks_b", [((1, 12, 3), (12, 1, 3)), ((5, 5, 5), (11, 2, 9))])
def test_vaaalbara_character_picks_cost_the_same_keys_and_show_nothing(tmp_path, caplog, picks_a, picks_b):
    """Initiatives 1 and 12 are typed as 0 1 # and 1 2 #: same keys, same screens, same files."""
    from companion.games import load

    games = {"vaaalbara": load("vaaalbara")}
    menu = [KeyEvent(None, "ok"), KeyEvent(None, "down"), KeyEvent(None, "ok")]  # 3 players

    def script(picks):
        events = []
        for seat, initiative in enumerate(picks):
            events += keys(seat, f"{initiative:02d}#")
        return events

    a = observe(tmp_path / "a", games, menu, script(picks_a), caplog)
    b = observe(tmp_path / "b", games, menu, script(picks_b), caplog)
    assert len(a) == len(b)
    for index in range(len(a) - 1):
        for what, left, right in zip(("frame", "leds", "files", "stdout", "log"), a[index], b[index]):
            assert left == right, f"{what} differs after event {index} (before the reveal)"
    assert a[-1][0] != b[-1][0] or a[-1][2] != b[-1][2]


def ticking(step_s: float):
    """A wall clock that moves ``step_s`` seconds at every reading, and what it returned."""
    from datetime import timedelta

    read = []

    def clock():
        read.append(FIXED + timedelta(seconds=step_s * (len(read) + 1)))
        return read[-1]

    return clock, read


def test_lock_times_are_written_only_with_the_reveal_and_never_show_before_it(tmp_path, caplog):
    """Runs that differ only in when the seats locked look the same until the reveal (frame,
    LEDs, every file, output, log); the revealed entry then records each seat's lock time, the
    time of the pick it kept (seat 1 changed its mind), and the replay ignores the times."""
    from companion.engine import Session

    menu = [KeyEvent(None, "ok"), KeyEvent(None, "ok")]
    picks = keys(0, "3#") + keys(0, "1#") + keys(1, "2#")
    slow_clock, slow_read = ticking(7.0)
    fast_clock, fast_read = ticking(0.5)
    a = observe(tmp_path / "a", {"toy": TOY}, menu, picks, caplog, wall_clock=slow_clock)
    b = observe(tmp_path / "b", {"toy": TOY}, menu, picks, caplog, wall_clock=fast_clock)
    for index in range(len(a) - 1):
        for what, left, right in zip(("frame", "leds", "files", "stdout", "log"), a[index], b[index]):
            assert left == right, f"{what} differs after event {index} (before the reveal)"
    assert len(slow_read) == len(fast_read) == 3  # one reading per lock: seat 1 twice, seat 2 once
    with Store(tmp_path / "a" / "companion.db") as store:
        session = store.unfinished()
        entries = store.entries(session["id"])
    revealed = entries[-1]
    assert revealed["action"]["picks"] == {"0": 1, "1": 2}
    assert revealed["locked"] == {
        "0": slow_read[1].isoformat(timespec="milliseconds"),
        "1": slow_read[2].isoformat(timespec="milliseconds"),
    }
    assert all("locked" not in entry for entry in entries[:-1])
    bare = [{"action": entry["action"]} for entry in entries]
    assert (
        Session(TOY, session["options"], session["seed"], entries).state
        == Session(TOY, session["options"], session["seed"], bare).state
    )


def test_a_session_with_lock_times_resumes_after_a_restart(tmp_path):
    """The stored log with ``at`` and ``locked`` replays on the next start; the game goes on."""
    clock, _ = ticking(2.0)
    store = Store(tmp_path / "companion.db")
    table = Table(store, {"toy": TOY}, "en", new_seed=lambda: 11, wall_clock=clock)
    for event in [KeyEvent(None, "ok"), KeyEvent(None, "ok")] + keys(0, "1#") + keys(1, "2#"):
        table.handle(event)
    before = table.session.state
    store.close()
    with Store(tmp_path / "companion.db") as store:
        unfinished = store.unfinished()
        entries = store.entries(unfinished["id"])
        assert set(entries[-1]["locked"]) == {"0", "1"}
        again = Table(store, {"toy": TOY}, "en")
        again.offer_resume(unfinished["id"], "toy", unfinished["options"], unfinished["seed"], entries)
        assert again.pending_resume["broken"] is None
        again.handle(KeyEvent(None, "ok"))  # continue it
        assert isinstance(again.screen, Play) and again.session.state == before


def test_lock_times_come_from_the_store_clock_like_the_entries_times(tmp_path):
    with Store(tmp_path / "companion.db", clock=lambda: FIXED) as store:
        table = Table(store, {"toy": TOY}, "en", new_seed=lambda: 11)
        for event in [KeyEvent(None, "ok"), KeyEvent(None, "ok")] + keys(0, "1#") + keys(1, "2#"):
            table.handle(event)
        (revealed,) = store.entries(store.unfinished()["id"])
    stamp = FIXED.isoformat(timespec="milliseconds")
    assert revealed["at"] == stamp and revealed["locked"] == {"0": stamp, "1": stamp}
