"""OledDisplay: redraws only on change, and a missing or failing screen never stops the game."""

from __future__ import annotations

import logging

import pytest
from luma.core.device import dummy
from luma.core.error import DeviceNotFoundError, DevicePermissionError
from PIL import ImageChops

from companion.hw.oled import OledDisplay, make_device
from companion.hw.screen import render
from companion.surface.frame import Frame

A = Frame("KOLO 1 · TAH", ("Žlutý hraje",), "1■ 2□")
B = Frame("KOLO 1 · TAH", ("Modrý hraje",), "1□ 2■")


class CountingDummy(dummy):
    """luma's dummy device that also remembers what was asked of it."""

    def __init__(self, **kwargs):
        super().__init__(mode="1", **kwargs)
        self.calls: list[str] = []

    def display(self, image):
        self.calls.append("display")
        super().display(image)

    def cleanup(self):
        self.calls.append("cleanup")
        super().cleanup()


def same(a, b) -> bool:
    return ImageChops.difference(a.convert("L"), b.convert("L")).getbbox() is None


def test_same_frame_twice_is_one_display_call():
    device = CountingDummy()
    display = OledDisplay({"driver": "dummy"}, factory=lambda cfg: device)
    display.show(A)
    display.show(A)
    display.show(Frame("KOLO 1 · TAH", ("Žlutý hraje",), "1■ 2□"))  # equal, not identical
    assert display.displays == 1 and device.calls == ["display"]
    assert same(device.image, render(A)) and same(display.last_image, render(A))
    display.show(B)
    display.show(B)
    assert display.displays == 2
    assert same(device.image, render(B))


def test_frames_that_differ_only_beyond_the_screen_are_not_redrawn():
    display = OledDisplay({"driver": "dummy"})
    display.show(Frame("H", ("a", "b", "c", "d")))
    display.show(Frame("H", ("a", "b", "c", "something else")))  # line 4 is not on screen
    assert display.displays == 1


def test_clear_blanks_once_and_the_next_show_redraws():
    display = OledDisplay({"driver": "dummy"})
    display.show(A)
    display.clear()
    display.clear()
    assert display.displays == 2
    assert display.device.image.getbbox() is None
    display.show(A)
    assert display.displays == 3 and same(display.device.image, render(A))


def test_close_blanks_the_panel_and_cleans_up_once():
    device = CountingDummy()
    display = OledDisplay({"driver": "dummy"}, factory=lambda cfg: device)
    display.show(A)
    display.close()
    display.close()
    display.show(B)
    assert device.calls.count("cleanup") == 1
    assert device.image.getbbox() is None  # cleanup cleared the panel
    assert display.displays == 1 and display.device is None


def test_the_device_is_built_lazily_with_the_config():
    seen = []

    def factory(cfg):
        seen.append(dict(cfg))
        return CountingDummy()

    display = OledDisplay({"driver": "sh1106", "address": "0x3D", "rotate": 2}, factory=factory)
    assert seen == []
    display.show(A)
    display.show(B)
    assert len(seen) == 1
    assert (seen[0]["driver"], seen[0]["address"], seen[0]["rotate"], seen[0]["port"]) == ("sh1106", "0x3D", 2, 1)


def test_rotation_is_done_by_luma():
    display = OledDisplay({"driver": "dummy", "rotate": 2})
    display.show(A)
    assert same(display.device.image, render(A).rotate(180))


@pytest.mark.parametrize(
    "error",
    [
        DeviceNotFoundError("I2C device not found: /dev/i2c-1"),
        DevicePermissionError("I2C device permission denied"),
        OSError(121, "Remote I/O error"),
    ],
)
def test_a_missing_screen_is_logged_once_and_ignored(error, caplog):
    calls = []

    def factory(cfg):
        calls.append(cfg)
        raise error

    display = OledDisplay({"driver": "ssd1306"}, factory=factory)
    with caplog.at_level(logging.WARNING, logger="companion.hw.oled"):
        for _ in range(3):
            display.show(A)
            display.show(B)
            display.clear()
        display.close()
    assert len(calls) == 1  # not retried on every frame
    records = [r for r in caplog.records if r.name == "companion.hw.oled"]
    assert len(records) == 1
    assert "OLED screen unavailable" in records[0].getMessage()
    assert "0x3C" in records[0].getMessage()
    assert display.displays == 0 and not display.available


def test_a_screen_that_fails_while_running_is_logged_once_and_ignored(caplog):
    class Flaky(CountingDummy):
        def display(self, image):
            if self.calls:
                raise OSError(121, "Remote I/O error")
            super().display(image)

    display = OledDisplay({"driver": "dummy"}, factory=lambda cfg: Flaky())
    with caplog.at_level(logging.WARNING, logger="companion.hw.oled"):
        display.show(A)
        display.show(B)
        display.show(A)
        display.clear()
        display.close()
    assert display.displays == 1
    assert len([r for r in caplog.records if r.name == "companion.hw.oled"]) == 1


def test_no_i2c_bus_degrades_through_the_real_factory(caplog):
    display = OledDisplay({"driver": "ssd1306", "port": 97})  # no /dev/i2c-97 here
    with caplog.at_level(logging.WARNING, logger="companion.hw.oled"):
        display.show(A)
        display.close()
    assert display.displays == 0
    assert len([r for r in caplog.records if r.name == "companion.hw.oled"]) == 1


def test_make_device_dummy_and_contrast():
    device = make_device({"driver": "dummy", "contrast": 40, "rotate": 1})
    assert device.mode == "1" and device.size == (64, 128)


def test_unknown_driver_is_a_config_error():
    with pytest.raises(ValueError, match="ssd1306"):
        OledDisplay({"driver": "ssd1351"})
