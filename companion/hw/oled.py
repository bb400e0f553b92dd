"""The shared screen on a luma.oled panel: SH1106/SSD1306 (128x64), SH1107 or SSD1327
(128x128) over I2C, SSD1322 (256x64) over SPI.

Every panel is driven in luma's mode "1" (one bit per pixel), the greyscale SSD1327 and SSD1322
too: the frames are drawn in one bit (crisp text, the same pixels on every panel, and a quarter
of the bytes to push over the bus). The panel's size comes from the config and is the budget
the table breaks its texts for (``panel()``).

A missing, unplugged or unreadable screen must never stop a game: the LEDs and pads carry on,
so every failure is logged once and the display turns into a no-op.

Only what changed goes over the bus on the SSD1306 and SH1106: their memory is pages of 8 pixel
rows, one byte per column, and a key usually changes a line or two, so ``PageWriter`` keeps the
page bytes last sent and addresses only the changed column spans of the changed pages (a whole
frame is 1 KiB, ~23 ms on I2C at 400 kHz). The first frame, every frame on other drivers, and
the next frame after any bus error go whole through luma's own ``display``.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Callable, Mapping
from typing import Any

from luma.core.error import Error as LumaError
from PIL import Image

from ..surface.frame import Frame
from ..surface.panel import BOLD_CONDENSED, REGULAR, Panel, advances, font
from .glyphs import COMMON, learn_ahead, learn_pending
from .screen import LABEL_SIZE, render

log = logging.getLogger(__name__)

I2C_DRIVERS = ("ssd1306", "sh1106", "sh1107", "ssd1327")
SPI_DRIVERS = ("ssd1322",)
DRIVERS = (*I2C_DRIVERS, *SPI_DRIVERS, "dummy")
IDLE_GLYPHS = 8  # glyphs learnt per idle moment (about 1 ms): a key arriving meanwhile waits no longer
IDLE_PAIRS = 200  # kerning pairs learnt per idle moment (about 1 ms)
# the panel's contrast for each brightness level of the table (1..5): a dim room to daylight
CONTRAST_BY_LEVEL = (24, 64, 128, 192, 255)
DEFAULTS: dict[str, Any] = {
    "driver": "ssd1306",
    "port": 1,
    "address": 0x3C,
    "rotate": 0,
    "contrast": None,
    "width": 128,
    "height": 64,
}

# What a screen that is absent, unpowered, on the wrong address or not permitted raises:
# luma's own errors (DeviceNotFoundError, DevicePermissionError, DeviceAddressError...) from the
# constructor, and plain OSError (EIO, EREMOTEIO) from smbus2 once it is running.
SCREEN_ERRORS = (LumaError, OSError)


def _address(value: Any) -> int:
    """Config files say 0x3C, "0x3C" or 60; all mean the same address."""
    return int(value, 0) if isinstance(value, str) else int(value)


def make_device(config: Mapping[str, Any], serial=None):
    """Open the luma device the config names; raises the luma error when there is no panel.
    ``serial`` replaces the bus (I2C for most panels, SPI 0.0 with DC on GPIO 24 and reset on
    GPIO 25 for the SSD1322), for tests."""
    cfg = {**DEFAULTS, **config}
    driver, width, height = cfg["driver"], int(cfg["width"]), int(cfg["height"])
    rotate = int(cfg["rotate"])
    if driver == "dummy":
        from luma.core.device import dummy

        device = dummy(width=width, height=height, rotate=rotate, mode="1")
    elif driver in I2C_DRIVERS or driver in SPI_DRIVERS:
        from luma.oled import device as oled_devices

        if serial is None:
            serial = _bus(driver, cfg)
        extra = {"mode": "1"} if driver in ("ssd1327", "ssd1322") else {}  # greyscale panels in 1 bit
        device = getattr(oled_devices, driver)(serial, width=width, height=height, rotate=rotate, **extra)
    else:
        raise ValueError(f"unknown OLED driver {driver!r}; expected one of {', '.join(DRIVERS)}")
    if cfg["contrast"] is not None:
        device.contrast(int(cfg["contrast"]))
    return device


def _bus(driver: str, cfg: Mapping[str, Any]):
    if driver in SPI_DRIVERS:
        from luma.core.interface.serial import spi

        return spi(port=0, device=0)
    from luma.core.interface.serial import i2c

    return i2c(port=int(cfg["port"]), address=_address(cfg["address"]))


# Page addressing commands of the two controllers (from their datasheets, as luma sends them)
SSD1306_COLUMN_RANGE = 0x21  # start and end column follow
SSD1306_PAGE_RANGE = 0x22  # start and end page follow
SH1106_PAGE = 0xB0  # + page number
SH1106_COLUMN_LOW = 0x00  # + low nibble of the column
SH1106_COLUMN_HIGH = 0x10  # + high nibble of the column
# bits reversed in a byte: PIL packs the top pixel of a column into the high bit, the panels
# want it in the low bit
_BIT_REVERSED = bytes(int(f"{i:08b}"[::-1], 2) for i in range(256))


_MARK = bytes([0] + [1] * 255)  # a byte that differs (non-zero XOR) becomes 1
_RUNS = re.compile(rb"\x01+")


def page_bytes(image: Image.Image) -> bytes:
    """A one-bit image as the panel's memory holds it: page after page (8 rows each), in each
    page one byte per column with the top row in the low bit. ``image`` is as the panel is
    mounted (luma's ``preprocess`` has turned it) and its height is a multiple of 8."""
    pages = image.size[1] // 8
    columns = image.transpose(Image.Transpose.TRANSPOSE).tobytes().translate(_BIT_REVERSED)
    # ``columns`` holds, column by column, its bytes page by page: regroup page by page
    return b"".join(columns[page::pages] for page in range(pages))


class PageWriter:
    """Sends frames to an SSD1306 or SH1106 page by page, only the column spans that changed
    since the last frame sent. ``sent`` holds that frame's page bytes (None: unknown, the next
    frame goes whole); counters say how many frames, spans and data bytes went out."""

    def __init__(self, device: Any):
        self.device = device
        self.kind = type(device).__name__  # "ssd1306" or "sh1106": see ``supports``
        self.width: int = device._w  # as mounted: luma's physical size before rotation
        self.pages: int = device._h // 8
        # where column 0 of the image is in the controller's memory
        self.first_column: int = getattr(device, "_colstart", 0) if self.kind == "ssd1306" else 0
        if self.kind == "sh1106":
            self.first_column = getattr(device, "_page_address_offset", 2)
        self.span_cost = 6 if self.kind == "ssd1306" else 3  # command bytes to address one span
        self.sent: bytes | None = None
        self.data_bytes = 0
        self.spans = 0

    @staticmethod
    def supports(device: Any) -> bool:
        """The drivers whose page addressing this writer speaks, exactly as luma builds them
        (a subclass may lay out its memory otherwise)."""
        try:
            from luma.oled.device import sh1106, ssd1306
        except ImportError:  # pragma: no cover - luma.oled is a dependency
            return False
        return type(device) in (ssd1306, sh1106) and device._h % 8 == 0

    def forget(self) -> None:
        """The panel's memory is unknown (a bus error, a clear by luma): send whole next time."""
        self.sent = None

    def write(self, image: Image.Image) -> None:
        """Bring the panel to ``image`` (the frame as drawn, before luma's rotation)."""
        mounted = self.device.preprocess(image)
        new = page_bytes(mounted)
        old, self.sent = self.sent, None  # unknown until every span went out
        if old is None or len(old) != len(new):
            self.device.display(image)
            self.data_bytes += len(new)
            self.spans += self.pages
        else:
            for page in range(self.pages):
                start = page * self.width
                for first, last in self.changed_spans(old[start : start + self.width], new[start : start + self.width]):
                    self._send_span(page, first, new[start + first : start + last + 1])
        self.sent = new

    def changed_spans(self, old: bytes, new: bytes) -> list[tuple[int, int]]:
        """(first, last) columns of the runs that differ; runs closer than what addressing a
        new span costs are sent as one. The bytes are compared in C (an XOR of the two pages as
        integers, each differing byte marked 1), not column by column in Python."""
        if old == new:
            return []
        size = len(new)
        differs = (int.from_bytes(old, "big") ^ int.from_bytes(new, "big")).to_bytes(size, "big").translate(_MARK)
        spans: list[tuple[int, int]] = []
        for run in _RUNS.finditer(differs):
            first, last = run.start(), run.end() - 1
            if spans and first - spans[-1][1] - 1 <= self.span_cost:
                spans[-1] = (spans[-1][0], last)
            else:
                spans.append((first, last))
        return spans

    def _send_span(self, page: int, first: int, data: bytes) -> None:
        column = self.first_column + first
        if self.kind == "ssd1306":  # horizontal addressing (luma sets it): a one-page window
            last = column + len(data) - 1
            self.device.command(SSD1306_COLUMN_RANGE, column, last, SSD1306_PAGE_RANGE, page, page)
        else:  # the SH1106 writes from a page and column onwards
            self.device.command(
                SH1106_PAGE + page, SH1106_COLUMN_LOW | (column & 0x0F), SH1106_COLUMN_HIGH | (column >> 4)
            )
        self.device.data(list(data))
        self.data_bytes += len(data)
        self.spans += 1


def contrast_of(level: int) -> int:
    """The panel contrast of a brightness level 1..5."""
    return CONTRAST_BY_LEVEL[min(max(int(level), 1), len(CONTRAST_BY_LEVEL)) - 1]


class OledDisplay:
    """Display protocol over luma.oled; redraws only when the pixels change.

    ``displays`` counts frames actually pushed to the panel (a full I2C frame costs ~23 ms at
    400 kHz and ~92 ms at 100 kHz, so an idle table must push none). ``last_image`` is the last
    frame rendered, for tests and screenshots.
    """

    def __init__(
        self, config: Mapping[str, Any] | None = None, factory: Callable[[Mapping[str, Any]], Any] | None = None
    ):
        self.config: dict[str, Any] = {**DEFAULTS, **(config or {})}
        if self.config["driver"] not in DRIVERS:
            raise ValueError(f"unknown OLED driver {self.config['driver']!r}; expected one of {', '.join(DRIVERS)}")
        self._factory = factory  # None: this module's make_device, looked up when first used
        self._device: Any = None
        self._dead = False  # no panel, or it failed: every call is a no-op from then on
        self._closed = False
        self._last_frame: Frame | None = None
        self._last_bytes: bytes | None = None
        self._writer: PageWriter | None = None  # only what changed, on the panels that allow it
        self.last_image: Image.Image | None = None
        self.displays = 0

    @property
    def device(self):
        """The luma device (None before first use, without a panel, or after close)."""
        return self._device

    @property
    def available(self) -> bool:
        """Whether a panel is driven (opens it on first use); False once it was found missing
        or failed, for a status line or the logs."""
        return self._connect() is not None

    def panel(self) -> Panel:
        """The budget the table breaks its texts for: the configured panel's size."""
        return Panel.of_size(self.config["width"], self.config["height"])

    def brightness(self, level: int) -> None:
        """Set the panel's contrast for a brightness level 1..5 (the in-game menu's)."""
        device = self._connect()
        if device is None:
            return
        try:
            device.contrast(contrast_of(level))
        except SCREEN_ERRORS as exc:
            self._fail(exc)

    def show(self, frame: Frame) -> None:
        if frame == self._last_frame and self._last_bytes is not None:
            return
        device = self._connect()
        if device is None:
            return
        image = render(frame, device.width, device.height)
        self._last_frame = frame
        self.last_image = image
        self._push(device, image)

    def idle(self) -> bool:
        """What the display does while nobody waits: learn the glyphs of lines drawn since
        (hw/glyphs.py), so the next lines that hold them are composed, not rasterised, then a
        few of those panels show most, then a few of their kerning pairs in the body's, the
        header's and the footer's faces. True while there is more to learn (the main loop
        comes back at once unless a key waits; all of it takes about half a second here, once
        after a start)."""
        if learn_pending(IDLE_GLYPHS):
            return True
        panel = self.panel()
        head, body, foot = panel.sizes
        faces = (font(REGULAR, body), font(BOLD_CONDENSED, head), font(REGULAR, foot), font(BOLD_CONDENSED, LABEL_SIZE))
        if learn_ahead(faces, IDLE_GLYPHS):
            return True
        # then the kerning pairs of the body, header and footer, as measured and as drawn
        return any(advances(face, mode).learn_ahead(COMMON, IDLE_PAIRS) for face in faces[:3] for mode in ("", "1"))

    def clear(self) -> None:
        device = self._connect()
        if device is None:
            return
        self._last_frame = None
        self._push(device, Image.new("1", (device.width, device.height), 0))

    def close(self) -> None:
        """Blank and switch off the panel, then release the I2C bus; safe to call twice."""
        if self._closed:
            return
        self._closed = True
        device, self._device = self._device, None
        self._writer = None  # luma's cleanup blanks the panel behind the writer's back
        if device is None:
            return
        try:
            device.cleanup()
        except SCREEN_ERRORS as exc:
            self._fail(exc)

    def _connect(self):
        """The luma device, built on first use; None when there is none (logged once)."""
        if self._dead or self._closed:
            return None
        if self._device is None:
            try:
                self._device = (self._factory or make_device)(self.config)
            except SCREEN_ERRORS as exc:
                self._fail(exc)
                return None
            self._writer = PageWriter(self._device) if PageWriter.supports(self._device) else None
        return self._device

    def _push(self, device, image: Image.Image) -> None:
        data = image.tobytes()
        if data == self._last_bytes:
            return
        try:
            if self._writer is not None and self._writer.device is device:
                self._writer.write(image)
            else:
                device.display(image)
        except SCREEN_ERRORS as exc:
            self._fail(exc)
            return
        self._last_bytes = data
        self.displays += 1

    def _fail(self, exc: BaseException) -> None:
        if not self._dead:
            cfg = self.config
            log.warning(
                "OLED screen unavailable (%s on I2C port %s, address %s): %s: %s. "
                "Continuing without a screen; LEDs and pads keep working.",
                cfg["driver"],
                cfg["port"],
                _hex(cfg["address"]),
                type(exc).__name__,
                exc,
            )
        self._dead = True
        self._device = None
        if self._writer is not None:
            self._writer.forget()  # a frame may have been cut halfway: what the panel holds is unknown
        self._writer = None


def _hex(value: Any) -> str:
    try:
        return f"0x{_address(value):02X}"
    except (TypeError, ValueError):
        return repr(value)
