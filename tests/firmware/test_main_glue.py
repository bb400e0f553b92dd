"""main.py on fake MicroPython modules: the glue wires pins, stdin and the watchdog correctly."""

import runpy
import sys
import types

import pytest

from companion.hw import protocol

from . import FIRMWARE, load_padlogic

pl = load_padlogic()


class Stop(BaseException):
    """Ends the endless main loop from the watchdog hook (not caught by `except Exception`)."""


class Reset(BaseException):
    pass


class Board:
    """A simulated Pico: a keypad matrix, PWM channels, a host on the other end of USB."""

    def __init__(self, script=None, held=()):
        self.ms = 0
        self.pressed = set(held)
        self.driven_row = None
        self.pwm = {}
        self.host_in = bytearray()
        self.out = []
        self.kbd_intr = []
        self.feeds = 0
        self.wdt = None
        self.script = script or {}

    def install(self, monkeypatch):
        board = self
        rows = (2, 3, 4, 5)
        cols = (6, 7, 8)

        class Pin:
            IN, OUT, PULL_UP = "in", "out", "pull_up"

            def __init__(self, n, mode=None, pull=None, value=None):
                self.n = n
                self.init(mode, value)

            def init(self, mode, value=None):
                self.mode = mode
                if self.n in rows:
                    r = rows.index(self.n)
                    if mode == Pin.OUT and value == 0:
                        board.driven_row = r
                    elif board.driven_row == r:
                        board.driven_row = None

            def value(self):
                c = cols.index(self.n)
                r = board.driven_row
                return 0 if r is not None and pl.LAYOUT[r][c] in board.pressed else 1

        class PWM:
            def __init__(self, pin):
                self.n = pin.n

            def freq(self, f):
                pass

            def duty_u16(self, d):
                board.pwm[self.n] = d

        class WDT:
            def __init__(self, timeout):
                assert timeout <= 8300
                board.wdt = timeout

            def feed(self):
                board.feeds += 1
                action = board.script.get(board.feeds)
                if action is not None:
                    action(board)
                if board.feeds > 100000:  # a loop that should have ended: fail, do not hang
                    raise Stop()

        def reset():
            raise Reset()

        machine = types.ModuleType("machine")
        machine.Pin, machine.PWM, machine.WDT, machine.reset = Pin, PWM, WDT, reset
        machine.unique_id = lambda: bytes.fromhex("e6614c311b7a7a37")

        micropython = types.ModuleType("micropython")
        micropython.kbd_intr = board.kbd_intr.append

        class Poll:
            def register(self, obj, mask):
                pass

            def poll(self, timeout):
                return [(sys.stdin, 1)] if board.host_in else []

        select = types.ModuleType("select")
        select.poll, select.POLLIN = Poll, 1

        time = types.ModuleType("time")
        time.ticks_ms = lambda: board.ms % pl.TICKS_PERIOD
        time.ticks_diff = pl.ticks_diff
        time.ticks_add = pl.ticks_add
        time.sleep_us = lambda us: None

        def sleep_ms(ms):
            board.ms += ms

        time.sleep_ms = sleep_ms

        class Stdin:
            class buffer:
                @staticmethod
                def read(n):
                    data = bytes(board.host_in[:n])
                    del board.host_in[:n]
                    return data

        class Stdout:
            @staticmethod
            def write(s):
                board.out.append(s)

        # padscreen needs framebuf (MicroPython only): here the pad has no screen module at all,
        # as one deployed before the screen existed; the screen paths run in
        # test_main_micropython under the real interpreter
        for name, mod in (
            ("machine", machine),
            ("micropython", micropython),
            ("select", select),
            ("time", time),
            ("padlogic", pl),
            ("padscreen", None),
        ):
            monkeypatch.setitem(sys.modules, name, mod)
        monkeypatch.setattr(sys, "stdin", Stdin())
        monkeypatch.setattr(sys, "stdout", Stdout())

    def frames(self):
        dec = protocol.FrameDecoder(protocol.PAD_TO_HOST)
        frames = dec.feed("".join(self.out).encode())
        assert dec.dropped == {}
        return frames


def boot(board, expect=Stop):
    """Run main.py as the pad does at power-up, on this board's fake modules."""
    with pytest.MonkeyPatch.context() as mp:
        board.install(mp)
        if expect is None:
            runpy.run_path(str(FIRMWARE / "main.py"), run_name="__main__")
        else:
            with pytest.raises(expect):
                runpy.run_path(str(FIRMWARE / "main.py"), run_name="__main__")


def test_keys_commands_and_led(monkeypatch, tmp_path):
    monkeypatch.chdir(tmp_path)

    def press(b):
        b.pressed = {"5"}

    def release(b):
        b.pressed = set()

    def host(frame):
        return lambda b: b.host_in.extend(frame)

    def stop(b):
        raise Stop()

    script = {
        10: press,
        60: release,
        100: host(b"\x03" + protocol.encode_frame(3, "PING")),
        150: host(protocol.encode_frame(4, "LED", "steady", 255, 0, 0)),
        300: stop,
    }
    board = Board(script)
    boot(board)
    frames = board.frames()
    assert frames[0].verb == "HELLO" and "id=E6614C311B7A7A37" in frames[0].args
    assert "screen=none" in frames[0].args
    assert [(f.verb, f.args) for f in frames[1:]] == [("KEY", ("5",)), ("ACK", ("4",))]
    assert board.kbd_intr == [-1] and board.wdt
    assert board.pwm[13] == 65535 and board.pwm[14] == board.pwm[15] == 0


def test_repl_frame_reboots_into_the_repl_without_watchdog(monkeypatch, tmp_path):
    monkeypatch.chdir(tmp_path)
    board = Board({5: lambda b: b.host_in.extend(protocol.encode_frame(1, "REPL"))})
    boot(board, expect=Reset)
    assert (tmp_path / "repl.flag").exists()
    again = Board()
    boot(again, expect=None)  # main.py returns: MicroPython shows the REPL
    assert not (tmp_path / "repl.flag").exists()
    assert again.wdt is None and again.kbd_intr == []


def test_star_held_at_boot_leaves_the_repl(monkeypatch, tmp_path):
    monkeypatch.chdir(tmp_path)
    board = Board(held={"*"})
    boot(board, expect=None)
    assert board.wdt is None and board.kbd_intr == []
