"""main.py booted under the real MicroPython interpreter on a stand-in Pico: the screen is found
(or not) at boot, frames come in on stdin, keys are scanned, and the screen ends up as the golden
image of the same scenario in test_screen_golden."""

import json

import pytest
from PIL import ImageChops

from companion.hw import protocol

from . import MP_STANDINS, load_padlogic, run_micropython
from .test_screen_golden import CASES, GOLDEN, image

pl = load_padlogic()

SECRET_STEPS = [s for s in CASES["secret_typing_128x32"][1] if s[0] == "host"]
HOST_BYTES = "".join(s[1] for s in SECRET_STEPS).encode()
KEYS = [[150, 260, "3"], [330, 440, "#"]]  # feed numbers: ~1 ms per loop turn, held ~100 ms


def boot(tmp_path, devices, feeds=600, keys=KEYS, stdin=HOST_BYTES, **extra):
    scenario = dict(i2c_devices=devices, feeds=feeds, keys=keys, **extra)
    (tmp_path / "scenario.json").write_text(json.dumps(scenario))
    done = run_micropython(
        MP_STANDINS / "boot.py",
        cwd=tmp_path,
        input=stdin,
        env={"PAD_SCENARIO": str(tmp_path / "scenario.json"), "PAD_REPORT": str(tmp_path / "report.json")},
    )
    assert done.returncode == 0, done.stderr.decode()
    dec = protocol.FrameDecoder(protocol.PAD_TO_HOST)
    frames = dec.feed(done.stdout)
    assert dec.dropped == {}, done.stdout
    return frames, json.loads((tmp_path / "report.json").read_text())


def shown_images(report):
    return [w[1][2:] for w in report["i2c_writes"] if w[1].startswith("40")]


def test_screen_pad_boots_announces_and_echoes(tmp_path):
    frames, report = boot(tmp_path, devices=[0x3C])
    hello = protocol.parse_hello(frames[0])
    assert hello.compatible and hello.extra == {"rev": "2", "screen": "128x32"}
    acks = [f.args[0] for f in frames if f.verb == "ACK"]
    assert acks == [str(n) for n in range(1, len(SECRET_STEPS) + 1)]
    assert [f.args[0] for f in frames if f.verb == "KEY"] == ["3", "#"]
    assert report["wdt"] and report["feeds"] == 600
    final = image(shown_images(report)[-1], (128, 32))
    golden = GOLDEN / "secret_locked_128x32.png"
    from PIL import Image

    with Image.open(golden) as want:
        assert ImageChops.difference(want.convert("L"), final.convert("L")).getbbox() is None


def test_pad_without_screen_is_a_version_1_pad_with_rev_2(tmp_path):
    frames, report = boot(tmp_path, devices=[])
    hello = protocol.parse_hello(frames[0])
    assert hello.extra == {"rev": "2", "screen": "none"}
    assert [f.verb for f in frames[1:]] == ["KEY", "KEY"]  # screen frames: no ACK, no harm
    assert report["scans"] == 1 and report["i2c_writes"] == []


def test_other_devices_on_the_bus_are_not_a_screen(tmp_path):
    frames, report = boot(tmp_path, devices=[0x50, 0x68], keys=[], stdin=b"")
    assert protocol.parse_hello(frames[0]).extra["screen"] == "none"
    assert report["i2c_writes"] == []  # nothing is sent to a device that did not answer as a screen


def test_a_screen_that_fails_mid_game_leaves_the_keys_working(tmp_path):
    # the bus breaks after the driver's start-up and the first screen
    frames, report = boot(tmp_path, devices=[0x3D], i2c_fail_after=3)
    assert [f.args[0] for f in frames if f.verb == "KEY"] == ["3", "#"]
    assert len(report["i2c_writes"]) == 3


def test_taller_screen_from_screen_cfg(tmp_path):
    (tmp_path / "screen.cfg").write_text("128x64\n")
    frames, report = boot(tmp_path, devices=[0x3C], keys=[], stdin=b"")
    assert protocol.parse_hello(frames[0]).extra["screen"] == "128x64"
    assert len(bytes.fromhex(shown_images(report)[-1])) == 128 * 64 // 8


@pytest.mark.parametrize("content", ["", "64x48", "128x64 please"])
def test_unknown_screen_cfg_falls_back_to_128x32(tmp_path, content):
    (tmp_path / "screen.cfg").write_text(content)
    frames, _ = boot(tmp_path, devices=[0x3C], keys=[], stdin=b"", feeds=50)
    assert protocol.parse_hello(frames[0]).extra["screen"] == "128x32"
