"""Only what changed goes to an SSD1306 or SH1106: a counting stand-in for luma's I2C interface
plays every byte into a model of the controller's memory, so the tests see both what went over
the bus and what the panel shows."""

from __future__ import annotations

import itertools
import statistics

import pytest
from PIL import Image

from companion.games import available, load
from companion.hw.emulated import parse_script
from companion.hw.oled import OledDisplay, PageWriter, make_device, page_bytes
from companion.hw.screen import render
from companion.surface.frame import Frame
from companion.table.table import Table
from tests.keyscript import play_script
from tests.table.helpers import MemoryRecorder

# command bytes that take arguments, and how many (the rest are one byte)
SSD1306_ARGS = {0x81: 1, 0x20: 1, 0x21: 2, 0x22: 2, 0xA8: 1, 0xD3: 1, 0xD5: 1, 0xD9: 1, 0xDA: 1, 0xDB: 1, 0x8D: 1}
SH1106_ARGS = {0x81: 1, 0xA8: 1, 0xD3: 1, 0xD5: 1, 0xD9: 1, 0xDA: 1, 0xDB: 1, 0x8D: 1, 0xAD: 1}
SH1106_COLUMNS = 132  # the SH1106 holds 132 columns; a 128-column glass shows 2..129


class PanelBus:
    """A stand-in for luma's serial interface (``command``, ``data``, ``cleanup``) in front of a
    model of the controller's display memory: counts the command and data bytes, and writes the
    data where the controller would (SSD1306 in horizontal addressing, SH1106 page addressing).
    ``fail_after`` data bytes, it raises the OSError a loose wire gives."""

    def __init__(self, kind: str, width: int = 128, height: int = 64):
        assert kind in ("ssd1306", "sh1106")
        self.kind = kind
        self.width, self.pages = width, height // 8
        self.columns = SH1106_COLUMNS if kind == "sh1106" else width
        self.ram = bytearray(self.columns * self.pages)
        self.command_bytes = 0
        self.data_bytes = 0
        self.fail_after: int | None = None
        # SSD1306 window and position; SH1106 page and column
        self.col_lo, self.col_hi, self.page_lo, self.page_hi = 0, self.columns - 1, 0, self.pages - 1
        self.col, self.page = 0, 0

    def command(self, *cmd: int) -> None:
        self.command_bytes += len(cmd)
        args = SSD1306_ARGS if self.kind == "ssd1306" else SH1106_ARGS
        i = 0
        while i < len(cmd):
            code, rest = cmd[i], cmd[i + 1 : i + 1 + args.get(cmd[i], 0)]
            i += 1 + len(rest)
            if self.kind == "ssd1306":
                self._ssd1306(code, rest)
            else:
                self._sh1106(code)

    def _ssd1306(self, code: int, rest: tuple[int, ...]) -> None:
        if code == 0x20:
            assert rest == (0x00,), "the model knows horizontal addressing only"
        elif code == 0x21:
            self.col_lo, self.col_hi = rest
            self.col = self.col_lo
        elif code == 0x22:
            self.page_lo, self.page_hi = rest
            self.page = self.page_lo

    def _sh1106(self, code: int) -> None:
        if 0xB0 <= code <= 0xBF:
            self.page = code - 0xB0
        elif code <= 0x0F:
            self.col = (self.col & 0xF0) | code
        elif code <= 0x1F:
            self.col = (self.col & 0x0F) | ((code - 0x10) << 4)

    def data(self, data) -> None:
        for byte in data:
            if self.fail_after is not None and self.data_bytes >= self.fail_after:
                self.fail_after = None
                raise OSError(121, "Remote I/O error")
            self.data_bytes += 1
            self.ram[self.page * self.columns + self.col] = byte
            if self.kind == "sh1106":
                self.col = min(self.col + 1, self.columns - 1)
            elif self.col < self.col_hi:
                self.col += 1
            else:  # end of the window's row: next page, wrapping to the window's first
                self.col = self.col_lo
                self.page = self.page + 1 if self.page < self.page_hi else self.page_lo

    def cleanup(self) -> None:
        pass

    @property
    def sent(self) -> int:
        return self.command_bytes + self.data_bytes

    def picture(self) -> Image.Image:
        """What the glass shows (no rotation): lit pixels from the memory's bits."""
        first = 2 if self.kind == "sh1106" else 0
        img = Image.new("1", (self.width, self.pages * 8), 0)
        for page in range(self.pages):
            for x in range(self.width):
                byte = self.ram[page * self.columns + first + x]
                for bit in range(8):
                    if byte >> bit & 1:
                        img.putpixel((x, page * 8 + bit), 1)
        return img


def panel(kind: str, rotate: int = 0, partial: bool = True) -> tuple[OledDisplay, PanelBus]:
    """An OledDisplay on a real luma device of that kind, over a PanelBus; ``partial=False``
    sends every frame whole (luma's own ``display``), for comparison."""
    bus = PanelBus(kind)
    config = {"driver": kind, "rotate": rotate}
    display = OledDisplay(config, factory=lambda cfg: make_device(cfg, serial=bus))
    assert display.available
    if not partial:
        display._writer = None
    return display, bus


def frames_of_a_game(name: str, seats: int, seed: int = 3) -> list[Frame]:
    """The frame after every key of one whole game played through the table."""
    menu = available()
    lines, _ = play_script(load(name), seats, seed=seed, games_in_menu=menu)
    table = Table(MemoryRecorder(), {n: load(n) for n in menu}, "cs", new_seed=lambda: 1)
    frames = [table.frame()]
    for event in parse_script("\n".join(lines)):
        table.handle(event)
        frames.append(table.frame())
    return frames


FRAME_BYTES = 128 * 64 // 8


def test_page_bytes_are_what_luma_sends_for_a_whole_frame():
    bus = PanelBus("ssd1306")
    device = make_device({"driver": "ssd1306"}, serial=bus)
    image = render(Frame("KOLO 3 · STAVĚNÍ", ("Žlutý hraje", "Řezbář"), "1■ 2□", selected=1))
    before = bus.data_bytes
    device.display(image)
    assert bus.data_bytes - before == FRAME_BYTES
    assert bytes(bus.ram) == page_bytes(image)
    assert bus.picture().tobytes() == image.tobytes()


@pytest.mark.slow
@pytest.mark.parametrize("kind", ["ssd1306", "sh1106"])
@pytest.mark.parametrize("rotate", [0, 2])
def test_a_whole_game_sent_in_changed_spans_shows_what_whole_frames_show(kind, rotate):
    frames = frames_of_a_game("graenaland", 4)
    partial, partial_bus = panel(kind, rotate)
    whole, whole_bus = panel(kind, rotate, partial=False)
    assert isinstance(partial._writer, PageWriter)
    for frame in frames:
        partial.show(frame)
        whole.show(frame)
        assert partial_bus.ram == whole_bus.ram, frame
    if rotate == 0:
        assert partial_bus.picture().tobytes() == render(frames[-1]).tobytes()
    assert partial.displays == whole.displays > 1
    assert partial_bus.data_bytes < whole_bus.data_bytes * 0.75


def changed_bytes(frames: list[Frame]) -> list[int]:
    """For each key, the panel memory bytes (page x column) whose pixels differ from the frame
    before: the least any addressing can send for that key (also in benchmarks/bench_panel.py)."""
    memory = [page_bytes(render(frame)) for frame in frames]
    return [sum(was != now for was, now in zip(a, b, strict=True)) for a, b in itertools.pairwise(memory)]


@pytest.mark.parametrize("kind", ["ssd1306", "sh1106"])
def test_a_whole_game_sends_little_more_than_the_bytes_that_changed(kind):
    """The changed spans stay close to the floor (the bytes that differ), commands included;
    whole frames send more than twice the floor."""
    frames = frames_of_a_game("vaaalbara", 4)
    floor = sum(changed_bytes(frames))
    partial, partial_bus = panel(kind)
    whole, whole_bus = panel(kind, partial=False)
    partial.show(frames[0])
    whole.show(frames[0])
    start, whole_start = partial_bus.sent, whole_bus.sent
    for frame in frames[1:]:
        partial.show(frame)
        whole.show(frame)
    assert floor <= partial_bus.data_bytes - FRAME_BYTES
    assert partial_bus.sent - start <= 1.5 * floor
    assert whole_bus.sent - whole_start > 2 * floor


def one_line_changed(before: Frame, after: Frame) -> bool:
    """The same screen with one line or the footer changed and the cursor where it was: a pad
    locking in, a typed digit, a vote, a number going up."""
    if (before.header, before.selected, before.map, len(before.lines)) != (
        after.header,
        after.selected,
        after.map,
        len(after.lines),
    ):
        return False
    rows = [*zip(before.lines, after.lines, strict=True), (before.footer, after.footer)]
    return sum(was != now for was, now in rows) == 1


def bytes_per_key(kind: str, frames: list[Frame], partial: bool = True) -> tuple[list[int], list[int]]:
    """Bytes (commands and data) each key sent to the panel, and those of the keys that changed
    one line (also measured by benchmarks/bench_panel.py)."""
    display, bus = panel(kind, partial=partial)
    display.show(frames[0])
    every, one_line = [], []
    for before, after in itertools.pairwise(frames):
        sent = bus.sent
        display.show(after)
        every.append(bus.sent - sent)
        if one_line_changed(before, after) and bus.sent > sent:
            one_line.append(bus.sent - sent)
    return every, one_line


@pytest.mark.parametrize("kind", ["ssd1306", "sh1106"])
@pytest.mark.parametrize("name,seats", [("vaaalbara", 4), ("graenaland", 4), ("dva_bratri", 1), ("troy", 4)])
def test_a_key_that_changes_a_line_sends_at_most_a_third_of_a_frame(kind, name, seats):
    every_key, line_keys = bytes_per_key(kind, frames_of_a_game(name, seats))
    assert line_keys, "the game has keys that change one line"
    assert statistics.median(line_keys) <= FRAME_BYTES / 3
    # whatever the key, never more than a whole frame with each page addressed on its own
    assert max(every_key) <= FRAME_BYTES + 8 * 6


def test_a_frame_that_changes_one_line_sends_only_that_lines_pages():
    display, bus = panel("ssd1306")
    display.show(Frame("KOLO 1 · TAH", ("Žlutý hraje", "Modrý čeká"), "1■ 2□"))
    before = bus.data_bytes
    display.show(Frame("KOLO 1 · TAH", ("Žlutý hraje", "Modrý hraje"), "1■ 2□"))
    assert 0 < bus.data_bytes - before <= 2 * 128  # the second body line spans at most two pages
    assert bus.picture().tobytes() == render(Frame("KOLO 1 · TAH", ("Žlutý hraje", "Modrý hraje"), "1■ 2□")).tobytes()


def test_the_first_frame_goes_whole_through_luma():
    display, bus = panel("sh1106")
    before = bus.data_bytes
    display.show(Frame("A", ("b",)))
    assert bus.data_bytes - before == FRAME_BYTES


def test_after_a_bus_error_the_next_frame_goes_whole():
    bus = PanelBus("ssd1306")
    device = make_device({"driver": "ssd1306"}, serial=bus)
    writer = PageWriter(device)
    first = render(Frame("KOLO 1", ("jedna",)))
    second = render(Frame("KOLO 1", ("dva",)))
    writer.write(first)
    bus.fail_after = bus.data_bytes + 3  # the wire comes loose in the middle of a span
    with pytest.raises(OSError):
        writer.write(second)
    assert writer.sent is None
    before = bus.data_bytes
    writer.write(second)
    assert bus.data_bytes - before == FRAME_BYTES
    assert bus.picture().tobytes() == second.tobytes()


def test_a_bus_error_in_the_display_forgets_what_the_panel_holds(caplog):
    display, bus = panel("ssd1306")
    display.show(Frame("A", ("b",)))
    writer = display._writer
    assert writer is not None and writer.sent is not None
    bus.fail_after = bus.data_bytes
    display.show(Frame("A", ("c",)))  # logged once, no exception: the game goes on
    assert writer.sent is None and display._writer is None and not display.available


@pytest.mark.parametrize("driver,width,height", [("sh1107", 128, 128), ("ssd1327", 128, 128), ("ssd1322", 256, 64)])
def test_other_drivers_go_through_lumas_display(driver, width, height):
    class Counting:
        def __init__(self):
            self.data_bytes = 0

        def command(self, *cmd):
            pass

        def data(self, data):
            self.data_bytes += len(data)

        def cleanup(self):
            pass

    bus = Counting()
    config = {"driver": driver, "width": width, "height": height}
    display = OledDisplay(config, factory=lambda cfg: make_device(cfg, serial=bus))
    assert display.available and display._writer is None
    display.show(Frame("A", ("b",)))
    first = bus.data_bytes
    display.show(Frame("A", ("c",)))  # luma's own display(): whatever it sends for the frame
    assert bus.data_bytes > first
    assert display.displays == 2


def test_the_same_pixels_send_nothing():
    display, bus = panel("ssd1306")
    display.show(Frame("A", ("b",)))
    before = bus.sent
    display.show(Frame("A", ("b",)))
    display.show(Frame("A", ("b", "", "", "", "", "", "", "beyond the screen")))
    assert bus.sent == before
