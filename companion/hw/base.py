"""The seams between the table and any hardware, real or emulated."""

from __future__ import annotations

from typing import Protocol

from ..surface.frame import Frame, LedState

COLOURS = {
    "off": (0, 0, 0),
    "white": (255, 255, 255),
    "red": (255, 0, 0),
    "green": (0, 255, 0),
    "blue": (0, 0, 255),
    "yellow": (255, 180, 0),
    "purple": (160, 0, 255),
    "cyan": (0, 255, 255),
}


class Display(Protocol):
    def show(self, frame: Frame) -> None:
        """Draw the frame; a no-op when it equals the one on screen."""

    def clear(self) -> None: ...

    def close(self) -> None: ...


class Leds(Protocol):
    def set(self, seat: int, state: LedState) -> None:
        """Show a seat's LED state; a no-op when unchanged."""

    def all_off(self) -> None: ...

    def close(self) -> None: ...
