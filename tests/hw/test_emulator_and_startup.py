"""The emulator (the panel only, Tab over the seats in play, m for the menu, scripts refused
with their line number), a start-up failure shown on the panel, and an idle loop that sleeps."""

from __future__ import annotations

import io
import os
import queue

import pytest

from companion.app import App
from companion.hw.emulated import KeyboardReader, ScriptError, TerminalTable, parse_script
from companion.surface.events import KeyEvent, Quit, Tick
from companion.surface.frame import Frame
from companion.table.flow import Over
from companion.table.table import Table

from ..companion_process import run_companion
from ..engine.toy import GAME as TOY
from ..table.helpers import MemoryRecorder


def drain(events) -> list:
    out = []
    while not events.empty():
        out.append(events.get_nowait())
    return out


def test_the_terminal_shows_the_panel_only_unless_asked_for_the_text():
    frame = Frame("Kolo 1", ("Vyberte tajně postavu",), "1□ 2□")
    plain, debug = io.StringIO(), io.StringIO()
    TerminalTable(out=plain).show(frame)
    TerminalTable(out=debug, text=True).show(frame)
    assert "Vyberte tajně postavu" not in plain.getvalue()  # only the braille panel
    assert "⠀" in plain.getvalue() or "⣿" in plain.getvalue()
    assert "Vyberte tajně postavu" in debug.getvalue()


def test_tab_cycles_only_the_seats_in_play_and_m_is_the_menu():
    events = queue.SimpleQueue()
    reader = KeyboardReader(events, seats=lambda: 3)
    reader._consume(b"\t\t\t")
    assert reader.seat == 0  # 1 -> 2 -> 3 -> 1
    reader._consume(b"\t5m\x1b[Z\x1b[Z")
    got = drain(events)
    assert KeyEvent(1, "5", "keyboard") in got and KeyEvent(None, "menu", "keyboard") in got
    assert reader.seat == 2  # shift-tab from seat 2 wraps to 3


def test_the_keyboard_reader_sleeps_until_a_key_or_stop():
    read_end, write_end = os.pipe()
    events = queue.SimpleQueue()
    stream = os.fdopen(read_end, "rb", buffering=0)
    reader = KeyboardReader(events, seats=lambda: 2, stream=stream)
    reader.start()
    os.write(write_end, b"3")
    assert events.get(timeout=5) == KeyEvent(0, "3", "keyboard")
    reader.stop()
    reader.join(timeout=5)
    assert not reader.is_alive()
    os.close(write_end)
    stream.close()


@pytest.mark.parametrize(
    "line, message",
    [
        ("host menu ok", None),
        ("host left", "script:2: 'left' is not a host button (up down ok back menu)"),
        ("pad 0 1", "script:2: expected 'pad <seat 1-9> <keys...>'"),
        ("pad 1 A", "script:2: 'A' is not a pad key (0-9 * #)"),
        ("pad ² 1", "script:2: expected 'pad <seat 1-9> <keys...>'"),  # a digit to isdigit, not to int
        ("unplug ³", "script:2: expected 'unplug <seat 1-9>'"),
        ("pad ١ 1", "script:2: expected 'pad <seat 1-9> <keys...>'"),  # an Arabic-Indic one
        ("dance", "script:2: unknown command 'dance' (pad, host, unplug, plug, quit)"),
        ("host", "script:2: expected 'host <up|down|ok|back|menu> ...'"),
    ],
)
def test_a_bad_script_line_is_refused_with_its_line_number(line, message):
    text = f"// a comment\n{line}\n"
    if message is None:
        assert parse_script(text) == [KeyEvent(None, "menu", "script"), KeyEvent(None, "ok", "script")]
        return
    with pytest.raises(ScriptError) as error:
        parse_script(text)
    assert str(error.value) == message


def test_a_bad_script_stops_companion_run_in_one_line(tmp_path):
    script = tmp_path / "keys.txt"
    script.write_text("host ok\nhost sideways\n", encoding="utf-8")
    run = run_companion("run", "--script", script, "--data-dir", tmp_path / "d")
    assert run.returncode == 2
    assert run.stderr.strip().splitlines() == [
        f"companion: {script}:2: 'sideways' is not a host button (up down ok back menu)"
    ]


def test_a_store_that_cannot_open_is_shown_on_the_panel_and_exits_non_zero(tmp_path):
    data = tmp_path / "d"
    data.mkdir()
    (data / "companion.db").write_bytes(b"\x00 not a store at all \xff")
    script = tmp_path / "keys.txt"
    script.write_text("host ok\n", encoding="utf-8")
    run = run_companion(
        "run", "--script", script, "--data-dir", data, "--language", "en", "--frames", tmp_path / "frames"
    )
    assert run.returncode == 2 and "Traceback" not in run.stderr
    lines = run.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("companion: storage: ")
    assert "[Cannot start]" in run.stdout and "Fix it and restart" in run.stdout
    assert list((tmp_path / "frames").glob("*.png"))  # the panel showed it


class CountingDisplay:
    def __init__(self):
        self.shown = []

    def show(self, frame):
        if not self.shown or self.shown[-1] != frame:
            self.shown.append(frame)

    def clear(self):
        pass

    def close(self):
        pass


class NoLeds:
    def set(self, seat, state):
        pass

    def all_off(self):
        pass

    def close(self):
        pass


def test_an_idle_loop_sleeps_without_a_timeout_and_wakes_only_for_a_red_blink():
    now = [10.0]
    table = Table(MemoryRecorder(), {"toy": TOY}, "en", new_seed=lambda: 5, clock=lambda: now[0])
    app = App(table, CountingDisplay(), NoLeds(), queue.SimpleQueue())
    assert app._timeout() is None  # nothing will change by itself
    table.handle(KeyEvent(None, "ok"))
    table.handle(KeyEvent(None, "ok"))
    table.handle(KeyEvent(0, "9"))
    table.handle(KeyEvent(0, "#"))  # mistyped: red for a moment
    assert 0 < app._timeout() <= 2.1


def test_a_tick_after_the_blink_redraws_once_then_the_loop_quits():
    events = queue.SimpleQueue()
    table = Table(MemoryRecorder(), {"toy": TOY}, "en", new_seed=lambda: 5)
    display = CountingDisplay()
    app = App(table, display, NoLeds(), events)
    for event in (KeyEvent(None, "ok"), KeyEvent(None, "ok"), Tick(), Tick(), Quit("test")):
        events.put(event)
    app.run()
    assert app.handled == 4 and len(display.shown) == 3  # menu, seats, the game: ticks draw nothing new


def test_gpio_that_cannot_open_is_named_on_the_panel_and_stops_in_one_line(tmp_path):
    """No GPIO to open (here: a pin factory gpiozero cannot find): the start stops cleanly."""
    config = tmp_path / "config.toml"
    config.write_text('[display]\ndriver = "none"\n[pads]\nenabled = false\n')
    env = dict(os.environ, GPIOZERO_PIN_FACTORY="nosuchfactory")
    run = run_companion("run", "--hardware", "--config", config, "--data-dir", tmp_path / "d", env=env, timeout=60)
    assert run.returncode == 2 and "Traceback" not in run.stderr
    lines = [
        line for line in run.stderr.strip().splitlines() if " INFO companion: companion " not in line
    ]  # the version the start logs (hardware: info)
    assert len(lines) == 1 and lines[0].startswith("companion: GPIO: ") and "GPIO access" in lines[0]


class ThenTheTimer:
    """The events, then the loop's wait: the timer must be due within a retry (it then wakes
    the loop once: None), and after that the loop is told to quit."""

    def __init__(self, events):
        self.events, self.waited = list(events), False

    def get(self, timeout=None):
        if self.events:
            return self.events.pop(0)
        if self.waited:
            return Quit("test")
        assert timeout is not None and 0 < timeout <= 5.1
        self.waited = True
        raise queue.Empty


def test_the_loop_archives_an_ended_game_after_its_frame_and_shows_a_failure():
    """The last key's frame first, the history after it; a failing archive is drawn at once."""
    recorder = MemoryRecorder()
    table = Table(recorder, {"toy": TOY}, "en", new_seed=lambda: 5)
    display = CountingDisplay()
    archived_when = []
    real_finish = recorder.finish

    def finish(sid, scores, winner):
        archived_when.append(len(display.shown))
        if len(archived_when) == 1:
            raise OSError("disk full")
        real_finish(sid, scores, winner)

    recorder.finish = finish
    game = [KeyEvent(0, "3"), KeyEvent(0, "#"), KeyEvent(1, "1"), KeyEvent(1, "#"), KeyEvent(None, "ok")]
    game += [KeyEvent(0, "1"), KeyEvent(0, "#")]
    events = ThenTheTimer([KeyEvent(None, "ok"), KeyEvent(None, "ok"), *game, *game])
    app = App(table, display, NoLeds(), events)
    app.run()
    assert isinstance(table.screen, Over) and recorder.finished  # retried when the timer woke the loop
    first_try, retry = archived_when
    assert "Game over" in display.shown[first_try - 1].header  # the ranking was on the panel first
    assert "disk full" in " ".join(display.shown[first_try].lines)  # the failure drawn at once
    assert retry > first_try
