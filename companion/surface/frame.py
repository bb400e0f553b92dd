"""What the shared screen shows, as text; hw/ rasterises it for the OLED or the terminal.

The table decides *what* to show; the screen module decides *how* to draw it on 128x64.
Two frames that compare equal draw the same pixels, so the main loop redraws only on change.
The records are named tuples (immutable, compared by value, cheap to define at start-up).
"""

from __future__ import annotations

from typing import Literal, NamedTuple, get_args

# An LED's colour (its RGB: ``hw.base.COLOURS``) and how it is lit.
Colour = Literal["off", "white", "red", "green", "blue", "yellow", "purple", "cyan"]
LedMode = Literal["off", "steady", "blink"]
LED_MODES: tuple[LedMode, ...] = get_args(LedMode)


class MapCell(NamedTuple):
    """One drawn place of a map window: a tile's 1-3 letter label ("" = nothing lies there),
    whether it may be selected now, and whether the cursor (or the shown place) is on it."""

    label: str = ""
    selectable: bool = False
    cursor: bool = False


class MapView(NamedTuple):
    """A window of a game's grid around the cursor, rows top down as the viewer sees them (the
    table has already turned it for a player sitting across)."""

    rows: tuple[tuple[MapCell, ...], ...]


class Bitmap(NamedTuple):
    """A one-bit picture (a QR code to join the web table): ``bits`` holds the rows top down,
    each ``(width + 7) // 8`` bytes, the leftmost pixel in the highest bit, 1 for a lit pixel
    (Pillow's packing of a mode "1" image)."""

    width: int
    height: int
    bits: bytes


class Frame(NamedTuple):
    """``header``: round and phase, drawn inverted on top. ``lines``: the body, top down, each
    one row that fits the panel (the screen shows as many as fit; the table puts the most
    important first). ``selected``: index of a body line drawn inverted (a menu cursor), and
    ``selected_rows`` lines from there. ``footer``: a status strip at the bottom (who has
    locked in, key hints). ``map``: a picture of the place being chosen or shown; the OLED then
    draws the first ``map_lines`` body lines above it (a text display prints every line).
    ``bitmap``: a picture drawn at the panel's left, top to bottom; the header, the lines and
    the footer then take the columns to its right (a text display prints only the text)."""

    header: str
    lines: tuple[str, ...] = ()
    footer: str = ""
    selected: int | None = None
    map: MapView | None = None
    selected_rows: int = 1  # a selected item broken over several lines is lit whole
    map_lines: int = 1  # body lines drawn above a map
    # what each body line is, for programs that read a frame (``--frames``) and the tests:
    # question, answer (the one a confirming key takes), option, news, notice, detail, text
    roles: tuple[str, ...] = ()
    bitmap: Bitmap | None = None

    def role(self, line: int) -> str:
        """The role of body line ``line`` ("text" where the frame names none)."""
        return self.roles[line] if line < len(self.roles) else "text"

    def is_selected(self, line: int) -> bool:
        return self.selected is not None and self.selected <= line < self.selected + self.selected_rows


class LedState(NamedTuple):
    """One seat's LED. Colours are names (see hw.COLOURS); mode is off, steady or blink.

    Secret prompts use exactly two states per seat: WAITING and LOCKED, the same for every pick.
    """

    colour: Colour = "off"
    mode: LedMode = "off"


LED_OFF = LedState()
LED_WAITING = LedState("white", "blink")  # your input is awaited
LED_LOCKED = LedState("green", "steady")  # your hidden pick is locked in (never what it is)
LED_TURN = LedState("blue", "steady")  # your public turn
LED_ERROR = LedState("red", "blink")  # a key made no sense; shown briefly
LED_PAUSED = LedState("yellow", "blink")  # waiting for someone else's pad to come back
LED_WINNER = LedState("green", "blink")  # the game is over: the winner
