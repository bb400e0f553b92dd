"""The appliance in hardware mode on mock pins: readiness, watchdog, keys, clean SIGTERM."""

import os
import queue
import signal
import socket
import subprocess
from pathlib import Path

import pytest
from gpiozero import Device
from gpiozero.pins.mock import MockFactory

from companion.app import App, make_table
from companion.hw.gpio import GpioLeds, HostButtons
from companion.hw.oled import OledDisplay
from companion.store import Store
from companion.surface.events import Quit
from companion.table.flow import MainMenu, Over, Play

from .companion_process import ROOT, start_companion


@pytest.fixture
def mock_pins():
    saved = Device.pin_factory
    Device.pin_factory = MockFactory()
    try:
        yield Device.pin_factory
    finally:
        Device.pin_factory.reset()
        Device.pin_factory = saved


def test_buttons_drive_the_table_and_shutdown_darkens_everything(tmp_path, mock_pins):
    events = queue.SimpleQueue()
    buttons = HostButtons({"up": 5, "down": 6, "ok": 13, "back": 19}, events, debounce_ms=0)
    leds = GpioLeds({0: 17, 1: 27})
    display = OledDisplay({"driver": "dummy"})
    store = Store(tmp_path / "companion.db")
    table = make_table(store, "en", seed=1)
    app = App(table, display, leds, events, closers=[buttons.close, store.close])
    for pin in (13, 13):  # OK on "new game", OK on "2 players"
        mock_pins.pin(pin).drive_low()
        mock_pins.pin(pin).drive_high()
    events.put(Quit("test"))
    app.refresh()
    panel = display.device  # luma's dummy device keeps the last image pushed to it
    app.run()
    assert isinstance(table.screen, Play) and table.session.state["seats"] == 2
    assert mock_pins.pin(17).state == 0 and mock_pins.pin(27).state == 0  # LEDs off at the end
    assert display.last_image.getbbox()  # something was shown
    assert not panel.image.getbbox()  # and cleared at the end


def test_sigterm_stops_cleanly_with_readiness_and_stopping_sent(tmp_path):
    sock_path = tmp_path / "notify.sock"
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    sock.bind(str(sock_path))
    sock.settimeout(30)
    config = tmp_path / "config.toml"
    config.write_text('[display]\ndriver = "none"\n[pads]\nenabled = false\n[leds]\npins = {"1" = 17}\n')
    env = dict(
        os.environ, GPIOZERO_PIN_FACTORY="mock", NOTIFY_SOCKET=str(sock_path), WATCHDOG_USEC="400000", WATCHDOG_PID=""
    )
    proc = start_companion(
        "run",
        "--hardware",
        "--config",
        config,
        "--data-dir",
        tmp_path / "data",
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        messages = [sock.recv(4096).decode()]
        assert "READY=1" in messages[0]
        messages.append(sock.recv(4096).decode())  # the watchdog ping comes from the idle loop
        assert "WATCHDOG=1" in messages[-1]
        proc.send_signal(signal.SIGTERM)
        _out, err = proc.communicate(timeout=30)
        while "STOPPING=1" not in messages[-1]:
            messages.append(sock.recv(4096).decode())
    finally:
        proc.kill()
        sock.close()
    assert proc.returncode == 0, err
    assert "stopping: SIGTERM" in err and "Traceback" not in err


def _abandoned_dva_bratri_session(data_dir: Path, actions: int = 300) -> dict:
    """A store holding a Dva bratři session ended early; what its log taught about the box."""
    import json

    from companion.engine import Session
    from companion.games import load

    played = json.loads((ROOT / "tests/data/corpus/dva_bratri-2.json").read_text(encoding="utf-8"))["games"][0]
    rules = load("dva_bratri")
    with Store(data_dir / "companion.db") as store:
        session = Session(rules, played["options"], played["seed"])
        sid = store.create_session("dva_bratri", session.options, played["seed"], ["Modrý", "Bílý"])
        for entry in played["entries"][:actions]:
            store.append(sid, entry)
        store.abandon(sid)
    return rules.learned_box(Session(rules, played["options"], played["seed"], played["entries"][:actions]).state)


def test_the_run_mode_rebuilds_a_torn_box_memory_from_the_latest_session(tmp_path):
    """``companion run`` gives its box memory the store's rebuild: a file a power cut left
    unreadable is set aside and rebuilt from the latest session of that game."""
    import argparse

    from companion import config as config_module
    from companion.run import _open_table, _RunIo
    from companion.surface.panel import SMALLEST

    data_dir = tmp_path / "d"
    data_dir.mkdir()
    learned = _abandoned_dva_bratri_session(data_dir)
    assert learned["tiles"]
    (data_dir / "box").mkdir()
    (data_dir / "box" / "dva_bratri.json").write_text('{"tiles": {"PUT-1": {"col', encoding="utf-8")
    args = argparse.Namespace(language=None, seed=1)
    io = _RunIo(display=None, leds=None, closers=[], panel=SMALLEST)
    store, table = _open_table(args, config_module.defaults(), io, data_dir)
    try:
        assert table.fittings.box_memory.load("dva_bratri") == learned
    finally:
        store.close()
    assert (data_dir / "box" / "dva_bratri.json.bad-1").exists()
    assert __import__("json").loads((data_dir / "box" / "dva_bratri.json").read_text(encoding="utf-8")) == learned


def test_a_pads_file_with_a_non_finite_number_is_ignored_not_trusted(tmp_path, caplog):
    from companion.app import SavedPadSeating

    class Hub:
        seating = None

        def set_seating(self, mapping):
            self.seating = dict(mapping)

    path = tmp_path / "pads.json"
    path.write_text('{"version": 1, "seats": 2, "pads": ["AB12"], "at": NaN}', encoding="utf-8")
    hub = Hub()
    seating = SavedPadSeating(hub, path)
    assert seating.mapping == {} and hub.seating == {}
    assert "pair the pads again" in caplog.text and "NaN" in caplog.text


class _RecordingTable:
    """A table that records what the main loop asks of it, in order."""

    brightness = 5

    def __init__(self, calls: list):
        self.calls = calls
        self.unarchived = False

    def handle(self, event):
        self.calls.append(("key", event.key))
        if event.key == "ok" and not self.calls.count(("archive",)):
            self.unarchived = True  # this key ended the game

    def housekeeping(self) -> bool:
        if self.unarchived:
            self.calls.append(("archive",))
            self.unarchived = False
        return False

    def frame(self):
        self.calls.append(("frame",))
        return None

    def leds(self):
        return {}

    def deadline(self):
        return None

    def clock(self):
        return 0.0


class _Nothing:
    def __getattr__(self, name):
        return lambda *args, **kwargs: None


def test_a_key_waiting_after_the_game_ending_key_goes_before_the_archive():
    from companion.surface.events import KeyEvent

    calls: list = []
    events = queue.SimpleQueue()
    events.put(KeyEvent(key="ok", seat=None))  # ends the game
    events.put(KeyEvent(key="down", seat=None))  # pressed while the ranking was being drawn
    events.put(Quit("test"))
    app = App(_RecordingTable(calls), _Nothing(), _Nothing(), events)
    app.run()
    assert calls == [("frame",), ("key", "ok"), ("frame",), ("key", "down"), ("frame",), ("archive",)]
    assert app.deferred == 3  # the first frame, "ok" and "down" each had a key waiting behind them


def test_the_archive_runs_right_after_the_frame_when_no_key_waits():
    from companion.surface.events import KeyEvent

    calls: list = []
    events = queue.SimpleQueue()
    table = _RecordingTable(calls)
    app = App(table, _Nothing(), _Nothing(), events)
    events.put(KeyEvent(key="ok", seat=None))
    table.handle(events.get())
    app.refresh()
    assert calls == [("key", "ok"), ("frame",), ("archive",)] and app.deferred == 0


def test_a_key_waiting_when_the_game_ends_is_handled_before_the_archive():
    """The game-ending key's archive (three syncs) never holds up the key after it: the table
    handles a key without archiving first; leaving the final screen archives if the loop has
    not yet."""
    from companion.table.table import Table
    from tests.engine.toy import GAME as TOY
    from tests.table.helpers import MemoryRecorder, host, pad, press

    recorder = MemoryRecorder()
    table = Table(recorder, {"toy": TOY}, "en", new_seed=lambda: 5)
    press(table, host("ok", "ok"))
    for _ in range(2):
        press(table, pad(1, "3#") + pad(2, "1#") + host("ok") + pad(1, "1#"))
    assert isinstance(table.screen, Over) and table.unarchived
    press(table, host("down"))  # a key on the ranking: handled, nothing archived yet
    assert not recorder.finished and table.unarchived
    press(table, host("ok"))  # leaving the final screen: archived first, then the menu
    assert recorder.finished and not table.unarchived and isinstance(table.screen, MainMenu)


def test_the_displays_idle_work_goes_on_while_no_key_comes_and_waits_for_keys():
    """The panel learns glyphs a few at a time when nobody waits: the loop comes back for more
    at once while there is more, and a key on the queue goes first."""
    import threading

    from companion.surface.events import KeyEvent

    class LearningDisplay(_Nothing):
        def __init__(self):
            self.calls = 0

        def idle(self):
            self.calls += 1
            return self.calls < 5  # four more rounds after the first

    calls: list = []
    events = queue.SimpleQueue()
    display = LearningDisplay()
    app = App(_RecordingTable(calls), display, _Nothing(), events)
    events.put(KeyEvent(key="ok", seat=None))  # waiting at the start: the key before any idle work
    timer = threading.Timer(0.3, lambda: events.put(Quit("test")))
    timer.start()
    app.run()
    timer.join()
    assert calls[:2] == [("frame",), ("key", "ok")]
    assert display.calls == 5  # all of it done while the loop waited for the next key


def test_a_table_fed_keys_back_to_back_still_tidies_its_live_journal(tmp_path):
    """Keys that never leave the loop an idle moment (a script, a flooding phone, a busy evening)
    must not keep the live journal growing game after game: after ``OVERDUE_AFTER`` keys in a
    row the loop archives, tidies and keeps its snapshot anyway."""
    import companion.app as appliance
    from companion.store import Store
    from companion.table.table import Table
    from tests.engine.toy import GAME as TOY
    from tests.table.helpers import host, pad

    store = Store(tmp_path / "companion.db")
    table = Table(store, {"toy": TOY}, "en", new_seed=lambda: 5)
    events = queue.SimpleQueue()
    one_game = host("ok", "ok") + (pad(1, "3#") + pad(2, "1#") + host("ok") + pad(1, "1#")) * 2 + host("ok")
    games = 3 * getattr(appliance, "OVERDUE_AFTER", 256) // len(one_game) + 1
    for event in one_game * games:
        events.put(event)
    events.put(Quit("test"))
    app = App(table, _Nothing(), _Nothing(), events, [store.close])
    tidied_while_playing = []
    tidy = store.tidy

    def counted_tidy():
        done = tidy()
        if done and app.handled < len(one_game) * games:
            tidied_while_playing.append(app.handled)
        return done

    store.tidy = counted_tidy  # type: ignore[method-assign]
    app.run()
    assert len(tidied_while_playing) >= 2
    assert Store(tmp_path / "companion.db").finished_count() == games
