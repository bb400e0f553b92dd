"""Every panel the box drives: the layout follows the panel's size (a bigger panel shows more
and larger text), the table breaks its texts for that size, each luma.oled driver is built in
one-bit mode and takes the frames, and the new screens match golden PNGs for 128x64, 128x128
and 256x64."""

from __future__ import annotations

import pytest
from luma.oled import device as oled_devices

from companion.engine import Msg
from companion.hw.oled import OledDisplay, contrast_of, make_device
from companion.hw.screen import cut_lines, render
from companion.surface.panel import Panel
from companion.table.screens import startup_failure_frame
from companion.table.table import Table

from ..engine.toy import GAME as TOY
from ..table.helpers import MemoryRecorder, host, pad, press
from ..table.test_map import PlaceToy
from .goldens import GOLDEN, compare

SIZES = {"128x64": (128, 64), "128x128": (128, 128), "256x64": (256, 64)}
DRIVERS = {"sh1106": (128, 64), "ssd1306": (128, 64), "sh1107": (128, 128), "ssd1327": (128, 128), "ssd1322": (256, 64)}


class FakeBus:
    """A luma serial interface that takes commands and data and sends them nowhere."""

    def __init__(self):
        self.commands, self.data_bytes = 0, 0

    def command(self, *cmd):
        self.commands += 1

    def data(self, data):
        self.data_bytes += len(data)

    def cleanup(self):
        pass


def test_a_bigger_panel_shows_more_and_larger_text():
    small, tall, wide = Panel(128, 64), Panel(128, 128), Panel(256, 64)
    assert small.body_rows == 3 and tall.body_rows == 6 and wide.body_rows == 3
    assert tall.body_size > small.body_size
    text = "Žlutá – Bardka: který jiný hráč získá 2 body?"
    assert len(wide.rows(text)) < len(small.rows(text))
    assert small.map_size == (5, 3) and wide.map_size[0] > 5 and tall.map_size[1] > 3


@pytest.mark.parametrize("driver", sorted(DRIVERS))
def test_every_driver_is_built_in_one_bit_and_draws_a_frame(driver):
    width, height = DRIVERS[driver]
    bus = FakeBus()
    device = make_device({"driver": driver, "width": width, "height": height, "contrast": 128}, serial=bus)
    assert isinstance(device, getattr(oled_devices, driver))
    assert (device.width, device.height, device.mode) == (width, height, "1")
    before = bus.data_bytes
    device.display(render(startup_failure_frame(Panel(width, height), "en", "storage: full"), width, height))
    assert bus.data_bytes > before


def test_the_display_tells_the_table_its_budget_and_sets_the_brightness():
    calls = []

    class Device:
        width, height = 256, 64

        def contrast(self, value):
            calls.append(value)

        def display(self, image):
            calls.append(image.size)

    display = OledDisplay({"driver": "ssd1322", "width": 256, "height": 64}, factory=lambda cfg: Device())
    assert display.panel() == Panel(256, 64)
    display.brightness(1)
    display.brightness(5)
    assert calls == [contrast_of(1), 255] and contrast_of(1) < contrast_of(3) < 255


def toy_on(panel: Panel, language: str = "cs") -> Table:
    table = Table(MemoryRecorder(), {"toy": TOY}, language, new_seed=lambda: 5, panel=panel)
    press(table, host("ok", "ok"))
    return table


def screens(panel: Panel) -> dict:
    """The new screens, built by the real table on this panel."""
    out = {}
    table = toy_on(panel)
    out["secret_pick"] = table.frame()
    press(table, pad(1, "3#") + pad(2, "1#") + host("ok"))
    table.messages.news = [
        Msg("Odhalení: Hráč 1 zvolil 3, Hráč 2 zvolil 1", ""),
        Msg("Hráč 1: +5 (nejvyšší volba a kostka)", ""),
    ]
    out["announcement"] = table.frame()
    press(table, host("ok"))
    out["number"] = table.frame()
    press(table, host("menu"))
    out["game_menu"] = table.frame()
    resume = Table(MemoryRecorder(), {"toy": TOY}, "cs", panel=panel)
    resume.offer_resume(1, "toy", {"seats": 2}, 5, [{"action": {"step": "pick", "picks": {"0": 1, "1": 2}}}])
    out["resume"] = resume.frame()
    place = Table(MemoryRecorder(), {"place": PlaceToy()}, "en", new_seed=lambda: 1, panel=panel)
    press(place, host("ok", "ok"))
    out["map"] = place.frame()
    out["startup_failure"] = startup_failure_frame(panel, "cs", "Úložiště nejde otevřít: disk je plný")
    return out


CASES = [
    (size, name)
    for size in SIZES
    for name in ("secret_pick", "announcement", "number", "game_menu", "resume", "map", "startup_failure")
]


@pytest.mark.parametrize("size, name", CASES)
def test_new_screens_match_their_golden_png_on_every_panel(size, name):
    panel = Panel(*SIZES[size])
    frame = screens(panel)[name]
    assert not cut_lines(frame, panel)
    compare(render(frame, panel.width, panel.height), GOLDEN / size / f"{name}.png")
