"""The emulated table: the OLED drawn in a terminal, pads and host buttons on the keyboard.

Keyboard (see README): digits, * and # go to the *current pad*; Tab / Shift-Tab choose the pad
among the seats in play; arrow up/down, Enter and Backspace are the host buttons up, down, OK
and back; m is back held down (the in-game menu); q quits. The terminal shows the panel only,
as players see it; ``--text`` adds the frame's text lines under it (for debugging).
A script file can feed the same events, for tests and demos (see ``parse_script``).

Every seat's pad has a 128x32 screen here (docs/pad-screen.md): the terminal draws them beside
the panel; in script mode they never go to stdout (each is a seat's private view) but, with
``--frames DIR``, into ``DIR/pad<seat>.txt`` (every change, as text) and ``pad<seat>_<n>.png``.
"""

from __future__ import annotations

import json
import os
import select
import sys
import threading
from collections.abc import Callable
from pathlib import Path
from typing import ClassVar

from ..surface.events import HOST_KEYS, PAD_KEYS, HostKey, KeyEvent, PadPresence, Quit, Tick
from ..surface.frame import LED_OFF, Frame, LedState
from ..surface.pad_screen import ICON_LOCK, ICON_WRONG, PadEcho
from ..surface.panel import SMALLEST, Panel
from .screen import laid_out, render

BRAILLE_BASE = 0x2800
# braille dot bit for pixel (dx, dy) inside a 2x4 cell
BRAILLE_BITS = {
    (0, 0): 0x01,
    (0, 1): 0x02,
    (0, 2): 0x04,
    (1, 0): 0x08,
    (1, 1): 0x10,
    (1, 2): 0x20,
    (0, 3): 0x40,
    (1, 3): 0x80,
}
LED_GLYPH = {"off": "○", "steady": "●", "blink": "◎"}
ANSI_COLOUR = {
    "off": "",
    "white": "\x1b[97m",
    "red": "\x1b[91m",
    "green": "\x1b[92m",
    "blue": "\x1b[94m",
    "yellow": "\x1b[93m",
    "purple": "\x1b[95m",
    "cyan": "\x1b[96m",
}


def braille(image) -> list[str]:
    """A 1-bit image as braille characters: every 2x4 pixels become one character."""
    width, height = image.size
    pixels = image.load()
    rows = []
    for top in range(0, height, 4):
        row = []
        for left in range(0, width, 2):
            bits = 0
            for (dx, dy), bit in BRAILLE_BITS.items():
                x, y = left + dx, top + dy
                if x < width and y < height and pixels[x, y]:
                    bits |= bit
            row.append(chr(BRAILLE_BASE + bits))
        rows.append("".join(row))
    return rows


def _map_cell_text(cell) -> str:
    """Five characters per cell: [Lbl] a tile, <Lbl> the cursor, ' .  ' a place to choose."""
    inner = (cell.label or (" . " if cell.selectable else "   "))[:3].center(3)
    if cell.cursor:
        return f"<{inner}>"
    return f"[{inner}]" if cell.label else f" {inner} "


def frame_text(frame: Frame) -> list[str]:
    """The frame as plain text lines (script mode output, logs)."""
    lines = [f"[{frame.header}]"]
    for index, line in enumerate(frame.lines):
        lines.append(("> " if frame.is_selected(index) else "  ") + line)
    if frame.map is not None:
        for row in frame.map.rows:
            lines.append("  " + "".join(_map_cell_text(c) for c in row))
    if frame.footer:
        lines.append(f"  ({frame.footer})")
    return lines


def led_text(states: dict[int, LedState], colour: bool = False) -> str:
    parts = []
    for seat in sorted(states):
        state = states[seat]
        glyph = LED_GLYPH.get(state.mode, "?")
        if colour and state.mode != "off":
            glyph = f"{ANSI_COLOUR.get(state.colour, '')}{glyph}\x1b[0m"
        name = state.colour if state.mode != "off" else "off"
        parts.append(f"{seat + 1}:{glyph}{'' if colour else name}")
    return " ".join(parts)


# -- the pads' screens -------------------------------------------------------------------------------

PAD_ROWS = 4  # the emulator's pads have the small 128x32 screen (4 rows of 16)
PAD_CELL = 8
# 8x8 icons, one byte per pixel row (bit 7 = left): the pad's padlock and cross
PAD_ICONS = {
    ICON_LOCK: (0x18, 0x24, 0x24, 0x7E, 0x66, 0x66, 0x7E, 0x00),
    ICON_WRONG: (0x00, 0x42, 0x24, 0x18, 0x18, 0x24, 0x42, 0x00),
}


def render_pad(lines: list[str]):
    """A pad's screen as a 1-bit image, one character per 8x8 cell (the pad's grid)."""
    from PIL import Image, ImageDraw

    from ..surface.panel import REGULAR, font

    image = Image.new("1", (16 * PAD_CELL, len(lines) * PAD_CELL), 0)
    draw = ImageDraw.Draw(image)
    face = font(REGULAR, 8)
    for row, line in enumerate(lines):
        for col, char in enumerate(line[:16]):
            x, y = col * PAD_CELL, row * PAD_CELL
            icon = PAD_ICONS.get(char)
            if icon is not None:
                for dy, bits in enumerate(icon):
                    for dx in range(8):
                        if bits & (0x80 >> dx):
                            image.putpixel((x + dx, y + dy), 1)
            elif char != " ":
                draw.text((x + 1, y - 1), char, font=face, fill=1)
    return image


class PadScreens:
    """The emulator's pads with a screen, one per seat: the rows the box sends each seat and the
    pad's own echo of the keys typed on it (``PadEcho``, the pad firmware's rules)."""

    def __init__(self, rows: int = PAD_ROWS):
        self.rows = rows
        self.echoes: dict[int, PadEcho] = {}

    def show_all(self, screens: dict) -> None:
        for seat in sorted(set(self.echoes) | set(screens)):
            self.echoes.setdefault(seat, PadEcho(self.rows)).show(screens.get(seat))

    def press(self, seat: int, key: str) -> None:
        if seat in self.echoes:
            self.echoes[seat].press(key)

    def lines(self) -> dict[int, list[str]]:
        """Each seat's screen as drawn (icon characters included)."""
        return {seat: echo.lines() for seat, echo in sorted(self.echoes.items())}

    def text(self) -> dict[int, list[str]]:
        """Each seat's screen readable as text ([#] padlock, [x] cross)."""
        return {seat: echo.text() for seat, echo in sorted(self.echoes.items())}


def pad_boxes(screens: dict[int, list[str]], language: str) -> list[list[str]]:
    """Each pad's screen as a small text box for the terminal (padlock and cross as ■ and ×)."""
    name = "Pad hráče" if language == "cs" else "Pad of seat"
    boxes = []
    for seat, lines in screens.items():
        title = f" {name} {seat + 1} "
        top = "┌" + title + "─" * max(0, 16 - len(title)) + "┐"
        rows = [line.replace(ICON_LOCK, "■").replace(ICON_WRONG, "×") for line in lines]
        boxes.append([top] + [f"│{row:<16}│" for row in rows] + ["└" + "─" * 16 + "┘"])
    return boxes


class TextOutput:
    """Display + Leds for script mode: prints each *changed* frame and LED row as text, and
    optionally saves each changed frame as a PNG (``frames_dir``)."""

    def __init__(self, out=None, frames_dir: str | Path | None = None, panel: Panel = SMALLEST):
        self.out = out or sys.stdout
        self.panel = panel
        self.frames_dir = Path(frames_dir) if frames_dir else None
        self.frame: Frame | None = None
        self.states: dict[int, LedState] = {}
        self.count = 0
        self.pads = PadScreens()
        self.pad_shown: dict[int, list[str]] = {}
        self.pad_count = 0
        if self.frames_dir:
            self.frames_dir.mkdir(parents=True, exist_ok=True)

    def show_all(self, screens: dict) -> None:
        """The seats' pad screens: each change is written to the frames directory, never to
        stdout (a seat's screen is private)."""
        self.pads.show_all(screens)
        self._dump_pads()

    def press(self, seat: int, key: str) -> None:
        """A key on a seat's pad: its screen echoes it (written at the next ``show_all``)."""
        self.pads.press(seat, key)

    def _dump_pads(self) -> None:
        for seat, lines in self.pads.lines().items():
            if self.pad_shown.get(seat) == lines:
                continue
            self.pad_shown[seat] = lines
            if self.frames_dir is None:
                continue
            self.pad_count += 1
            text = [row.replace(ICON_LOCK, "[#]").replace(ICON_WRONG, "[x]") for row in lines]
            with open(self.frames_dir / f"pad{seat + 1}.txt", "a", encoding="utf-8") as dump:
                dump.write("\n".join(text) + "\n--\n")  # one screen per change
            render_pad(lines).save(self.frames_dir / f"pad{seat + 1}_{self.pad_count:05d}.png")

    def show(self, frame: Frame) -> None:
        if frame == self.frame:
            return
        self.frame = frame
        self.count += 1
        self.out.write("\n".join(frame_text(frame)) + "\n")
        if self.frames_dir:
            stem = self.frames_dir / f"frame_{self.count:05d}"
            render(frame, self.panel.width, self.panel.height).save(stem.with_suffix(".png"))
            rows = json.dumps(laid_out(frame, self.panel), ensure_ascii=False, indent=1)
            stem.with_suffix(".json").write_text(rows + "\n", encoding="utf-8")
        self.out.flush()

    def set(self, seat: int, state: LedState) -> None:
        if self.states.get(seat, LED_OFF) != state or seat not in self.states:
            self.states[seat] = state
            self.out.write(f"  LED {led_text({seat: state})}\n")

    def all_off(self) -> None:
        for seat in list(self.states):
            self.set(seat, LED_OFF)

    def clear(self) -> None:
        self.frame = None

    def close(self) -> None:
        self.out.flush()


class TerminalTable:
    """Display + Leds in an interactive terminal: the panel in braille as players see it, the
    LEDs and the keys under it; the frame's text lines only with ``text`` (debugging)."""

    def __init__(self, out=None, pad_seat=lambda: 0, language: str = "cs", panel: Panel = SMALLEST, text: bool = False):
        self.out = out or sys.stdout
        # the table's language once it runs (the help lines follow a switch in the menu)
        self.language_of: Callable[[], str] | None = None
        self.frame: Frame | None = None
        self.states: dict[int, LedState] = {}
        self.pad_seat = pad_seat
        self.language = language
        self.panel = panel
        self.text = text
        self.draws = 0
        self.pads = PadScreens()

    def show_all(self, screens: dict) -> None:
        """The seats' pad screens, drawn beside the panel when they change."""
        before = self.pads.lines()
        self.pads.show_all(screens)
        if self.pads.lines() != before:
            self._draw()

    def press(self, seat: int, key: str) -> None:
        self.pads.press(seat, key)

    def _draw(self) -> None:
        if self.frame is None:
            return
        self.draws += 1
        screen = braille(render(self.frame, self.panel.width, self.panel.height))
        border = "─" * len(screen[0])
        language = self.language_of() if self.language_of is not None else self.language
        rows = _beside(
            [f"┌{border}┐"] + [f"│{row}│" for row in screen] + [f"└{border}┘"],
            pad_boxes(self.pads.lines(), language),
        )
        leds = led_text(self.states, colour=True)
        seat = self.pad_seat() + 1
        help_cs = [
            f"LED {leds}",
            f"Pad hráče {seat} (Tab mění): 0-9 * #",
            "Host: ↑ ↓  Enter=OK  Backspace=zpět  m=nabídka  q=konec",
            "Kompas na padu: 2=S 8=J 4=Z 6=V, rohy šikmo, 5=stát",
        ]
        help_en = [
            f"LEDs {leds}",
            f"Pad of seat {seat} (Tab switches): 0-9 * #",
            "Host: ↑ ↓  Enter=OK  Backspace=back  m=menu  q=quit",
            "Compass on the pad: 2=N 8=S 4=W 6=E, corners diagonal, 5=stay",
        ]
        readable = [f"  {line}" for line in frame_text(self.frame)] + [""] if self.text else []
        help_lines = help_cs if language == "cs" else help_en
        text = "\x1b[H\x1b[2J" + "\n".join(rows + [""] + readable + help_lines) + "\n"
        self.out.write(text)
        self.out.flush()

    def show(self, frame: Frame) -> None:
        if frame != self.frame:
            self.frame = frame
            self._draw()

    def set(self, seat: int, state: LedState) -> None:
        if self.states.get(seat) != state:
            self.states[seat] = state
            self._draw()

    def redraw(self) -> None:
        self._draw()

    def all_off(self) -> None:
        self.states = dict.fromkeys(self.states, LED_OFF)
        self._draw()

    def clear(self) -> None:
        self.out.write("\x1b[H\x1b[2J")
        self.out.flush()

    def close(self) -> None:
        self.out.write("\n")
        self.out.flush()


class ScriptError(ValueError):
    """A line of a key script is malformed; the message names the line."""


def parse_script(text: str, source: str = "script") -> list:
    """Key-event script, one command per line:

    ``pad <seat> <key> [<key> ...]`` keys on a seat's pad (seat 1-based; keys 0-9 * #),
    ``host <up|down|ok|back|menu> [...]`` host buttons (menu: back held), ``unplug <seat>`` /
    ``plug <seat>``,
    ``quit``. Blank lines and lines starting with ``//`` are ignored. An unplugged pad sends no
    keys: its ``pad`` lines until ``plug`` are dropped, as on a real table.
    """
    events: list = []
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("//"):
            continue
        word, *args = line.split()
        where = f"{source}:{number}"
        command = _SCRIPT_COMMANDS.get(word)
        if command is None:
            raise ScriptError(f"{where}: unknown command {word!r} (pad, host, unplug, plug, quit)")
        events.extend(command(word, args, where))
    return _plugged_only(events)


def _plugged_only(events: list) -> list:
    """The events without the keys of pads that are unplugged at that point of the script."""
    unplugged: set[int] = set()
    kept = []
    for event in events:
        if isinstance(event, PadPresence):
            (unplugged.discard if event.connected else unplugged.add)(event.seat)
        elif isinstance(event, KeyEvent) and event.seat in unplugged:
            continue
        kept.append(event)
    return kept


def _script_pad(word: str, args: list[str], where: str) -> list:
    if len(args) < 2 or not (args[0].isascii() and args[0].isdigit()) or not 1 <= int(args[0]) <= 9:
        raise ScriptError(f"{where}: expected 'pad <seat 1-9> <keys...>'")
    events = []
    for char in "".join(args[1:]):  # "pad 1 12 #" and "pad 1 1 2 #" are the same keys
        if char not in PAD_KEYS:
            raise ScriptError(f"{where}: {char!r} is not a pad key (0-9 * #)")
        events.append(KeyEvent(int(args[0]) - 1, char, "script"))
    return events


def _script_host(word: str, args: list[str], where: str) -> list:
    events = []
    if not args:
        raise ScriptError(f"{where}: expected 'host <{'|'.join(HOST_KEYS)}> ...'")
    for key in args:
        if key not in HOST_KEYS:
            raise ScriptError(f"{where}: {key!r} is not a host button ({' '.join(HOST_KEYS)})")
        events.append(KeyEvent(None, key, "script"))
    return events


def _script_presence(word: str, args: list[str], where: str) -> list:
    if len(args) != 1 or not (args[0].isascii() and args[0].isdigit()) or not 1 <= int(args[0]) <= 9:
        raise ScriptError(f"{where}: expected '{word} <seat 1-9>'")
    return [PadPresence(int(args[0]) - 1, word == "plug")]


def _script_quit(word: str, args: list[str], where: str) -> list:
    return [Quit("script")]  # words after "quit" on its line are ignored


# script command -> (command, its arguments, "file:line") -> events; ScriptError names the line
_SCRIPT_COMMANDS = {
    "pad": _script_pad,
    "host": _script_host,
    "unplug": _script_presence,
    "plug": _script_presence,
    "quit": _script_quit,
}


class KeyboardReader(threading.Thread):
    """Reads the terminal in cbreak mode and turns keys into events on the queue.

    It sleeps in ``select`` until a key or ``stop()`` (a pipe wakes it): an idle terminal costs
    nothing. ``seats`` tells how many seats are in play, for Tab."""

    def __init__(self, events, seats=lambda: 1, stream=None):
        super().__init__(name="keyboard", daemon=True)
        self.events = events
        self.stream = stream or sys.stdin
        self.seat = 0
        self.seats = seats if callable(seats) else (lambda: seats)
        self._stopping = threading.Event()
        self._wake_read, self._wake_write = os.pipe()

    def run(self) -> None:
        fd = self.stream.fileno()
        buffer = b""
        try:
            while not self._stopping.is_set():
                ready, _, _ = select.select([fd, self._wake_read], [], [])
                if self._stopping.is_set() or fd not in ready:
                    continue
                chunk = os.read(fd, 32)
                if not chunk:
                    self.events.put(Quit("end of input"))
                    return
                buffer += chunk
                buffer = self._consume(buffer)
        finally:
            for end in (self._wake_read, self._wake_write):
                try:
                    os.close(end)
                except OSError:
                    pass

    # what a sequence does: a host key (its name), a step of the typing seat (+1/-1), or quit (None)
    _SEQUENCES: ClassVar[dict[bytes, HostKey | int | None]] = {
        b"\x1b[A": "up",
        b"\x1b[B": "down",
        b"\x1b[Z": -1,
        b"\t": 1,
        b"\r": "ok",
        b"\n": "ok",
        b"\x7f": "back",
        b"\x08": "back",
        b"m": "menu",
        b"q": None,
    }

    def _consume(self, buffer: bytes) -> bytes:
        while buffer:
            for seq, action in self._SEQUENCES.items():
                if buffer.startswith(seq):
                    buffer = buffer[len(seq) :]
                    if isinstance(action, str):
                        self.events.put(KeyEvent(None, action, "keyboard"))
                    elif isinstance(action, int):
                        self.seat = (self.seat + action) % max(1, self.seats())
                        self.events.put(Tick())  # the loop redraws the help line
                    else:
                        self.events.put(Quit("keyboard"))
                    break
            else:
                if buffer.startswith(b"\x1b") and len(buffer) < 3:
                    return buffer  # wait for the rest of an escape sequence
                char = chr(buffer[0])
                buffer = buffer[1:]
                if char in PAD_KEYS:
                    self.seat = min(self.seat, max(1, self.seats()) - 1)
                    self.events.put(KeyEvent(self.seat, char, "keyboard"))
        return buffer

    def stop(self) -> None:
        self._stopping.set()
        try:
            os.write(self._wake_write, b"x")
        except OSError:
            pass


def _beside(panel: list[str], boxes: list[list[str]]) -> list[str]:
    """The pads' boxes in columns of three to the right of the panel."""
    columns = [[row for box in boxes[i : i + 3] for row in box] for i in range(0, len(boxes), 3)]
    height = max([len(panel)] + [len(c) for c in columns])
    width = len(panel[0]) if panel else 0
    out = []
    for index in range(height):
        line = panel[index] if index < len(panel) else " " * width
        for column in columns:
            line += " " + (column[index] if index < len(column) else " " * 18)
        out.append(line)
    return out


def feed(events, items) -> None:
    for item in items:
        events.put(item)


__all__ = [
    "KeyboardReader",
    "PadScreens",
    "ScriptError",
    "TerminalTable",
    "TextOutput",
    "braille",
    "feed",
    "frame_text",
    "led_text",
    "pad_boxes",
    "parse_script",
    "render_pad",
]
