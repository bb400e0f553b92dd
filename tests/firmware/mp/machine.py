# Stand-in for MicroPython's `machine` on the unix port (which has none), for the firmware tests.
#
# A Pico as the tests see it: a keypad matrix whose pressed keys follow a script, PWM channels,
# a watchdog whose feed() drives the script and ends the run, and an I2C bus with an optional
# display that records every byte written to it. The scenario comes from the JSON file named by
# the environment variable PAD_SCENARIO; what happened goes to the JSON file PAD_REPORT.

import json
import os
import sys

ROWS = (2, 3, 4, 5)
COLS = (6, 7, 8)
LAYOUT = ("123", "456", "789", "*0#")

scenario = {}
_path = os.getenv("PAD_SCENARIO")
if _path:
    with open(_path) as f:
        scenario = json.load(f)

state = {"driven_row": None, "pressed": "", "feeds": 0, "pwm": {}, "wdt": None, "i2c_writes": [], "scans": 0}


class Pin:
    IN = 0
    OUT = 1
    PULL_UP = 2

    def __init__(self, n, mode=None, pull=None, value=None):
        self.n = n
        self.init(mode, value=value)

    def init(self, mode=None, value=None):
        if self.n in ROWS:
            r = ROWS.index(self.n)
            if mode == Pin.OUT and value == 0:
                state["driven_row"] = r
            elif state["driven_row"] == r:
                state["driven_row"] = None

    def value(self):
        r = state["driven_row"]
        if self.n not in COLS or r is None:
            return 1
        return 0 if LAYOUT[r][COLS.index(self.n)] in state["pressed"] else 1


class PWM:
    def __init__(self, pin):
        self.n = pin.n

    def freq(self, f):
        pass

    def duty_u16(self, d):
        state["pwm"][str(self.n)] = d


class I2C:
    """The display's bus: scan() answers with the scenario's addresses; writes are recorded."""

    def __init__(self, ident, sda=None, scl=None, freq=400000):
        self.fail_after = scenario.get("i2c_fail_after")  # writes before the bus breaks

    def scan(self):
        state["scans"] += 1
        return list(scenario.get("i2c_devices", []))

    def _record(self, addr, data):
        if self.fail_after is not None and len(state["i2c_writes"]) >= self.fail_after:
            raise OSError(5)  # EIO, as a display pulled off the bus gives
        state["i2c_writes"].append((addr, bytes(data).hex()))

    def writeto(self, addr, buf):
        self._record(addr, buf)

    def writevto(self, addr, bufs):
        data = bytearray()
        for b in bufs:
            data.extend(b)
        self._record(addr, data)


class WDT:
    """feed() is called once per loop turn: it applies the key script and ends the run."""

    def __init__(self, timeout):
        state["wdt"] = timeout

    def feed(self):
        state["feeds"] += 1
        n = state["feeds"]
        for start, stop, keys in scenario.get("keys", []):
            if n == start:
                state["pressed"] = keys
            elif n == stop:
                state["pressed"] = ""
        if n >= scenario.get("feeds", 500):
            report()
            raise SystemExit(0)  # not an Exception: main.py's error handler lets it through


def report():
    with open(os.getenv("PAD_REPORT", "report.json"), "w") as f:
        json.dump(
            {
                "feeds": state["feeds"],
                "wdt": state["wdt"],
                "pwm": state["pwm"],
                "scans": state["scans"],
                "i2c_writes": state["i2c_writes"],
            },
            f,
        )


def unique_id():
    return bytes.fromhex("e6614c311b7a7a37")


def reset():
    report()
    sys.stdout.write("\n<reset>\n")
    raise SystemExit(3)
