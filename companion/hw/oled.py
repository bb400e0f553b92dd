"""The shared screen on a luma.oled panel: SH1106/SSD1306 (128x64), SH1107 or SSD1327
(128x128) over I2C, SSD1322 (256x64) over SPI.

Every panel is driven in luma's mode "1" (one bit per pixel), the greyscale SSD1327 and SSD1322
too: the frames are drawn in one bit (crisp text, the same pixels on every panel, and a quarter
of the bytes to push over the bus). The panel's size comes from the config and is the budget
the table breaks its texts for (``panel()``).

A missing, unplugged or unreadable screen must never stop a game: the LEDs and pads carry on,
so every failure is logged once and the display turns into a no-op.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping
from typing import Any

from luma.core.error import Error as LumaError
from PIL import Image

from ..table.frame import Frame
from ..table.panel import Panel
from .screen import render

log = logging.getLogger(__name__)

I2C_DRIVERS = ("ssd1306", "sh1106", "sh1107", "ssd1327")
SPI_DRIVERS = ("ssd1322",)
DRIVERS = (*I2C_DRIVERS, *SPI_DRIVERS, "dummy")
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
        return self._device

    def _push(self, device, image: Image.Image) -> None:
        data = image.tobytes()
        if data == self._last_bytes:
            return
        try:
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


def _hex(value: Any) -> str:
    try:
        return f"0x{_address(value):02X}"
    except (TypeError, ValueError):
        return repr(value)
