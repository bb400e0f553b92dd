"""What a seat's pad screen is made of, and the pad's own echo of its keys, mirrored on the box.

The records the table builds (``table.seat_screens``) and the pad hub sends (``hw.pads``): a
screen's rows (``SeatScreen``), how the pad echoes keys and what each code means (``Entry``),
and the limits of the pad's screen and font (16 columns, the Czech letters). Both layers import
them from here, so neither imports the other. ``PadEcho`` mirrors the pad firmware's
``ScreenState`` (``firmware_scripts/padlogic.py``) for the emulator and the tests.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass, field

# The pad's screen (version 2): 8x8 text cells, 16 columns; 4 rows on 128x32, 8 on 128x64.
SCREEN_COLS = 16
MAX_CODE = 14  # widest typed code or number: padlock + space + code fit one row
MAX_HINTS = 32  # code meanings per entry; the pad refuses more
# What the pad's font draws: printable ASCII and the Czech letters; anything else comes out "?"
PAD_CHARS = frozenset(chr(c) for c in range(0x20, 0x7F)) | frozenset("áčďéěíňóřšťúůýžÁČĎÉĚÍŇÓŘŠŤÚŮÝŽ")

COLS = SCREEN_COLS
ICON_LOCK = "\x01"  # the pad draws these two as a padlock and a cross (padlogic ICON_*)
ICON_WRONG = "\x02"

# Characters the pad's font lacks, as the nearest it has (anything else: its base letter, or ?)
_PLAIN = {
    "–": "-",
    "—": "-",
    "…": "...",
    "„": '"',
    "“": '"',
    "”": '"',
    "‚": "'",
    "‘": "'",
    "’": "'",
    "×": "x",
    "·": ".",
    "\u00a0": " ",
    "→": ">",
    "←": "<",
    "≤": "<=",
    "≥": ">=",
}


def pad_text(text: str) -> str:
    """``text`` in the pad's characters: Czech letters stay, typographic marks become ASCII,
    other accented letters lose their accent (ö -> o), and anything else becomes ``?``."""
    out = []
    for char in unicodedata.normalize("NFC", text):
        if char in PAD_CHARS:
            out.append(char)
        elif char in _PLAIN:
            out.append(_PLAIN[char])
        else:
            base = unicodedata.normalize("NFKD", char).encode("ascii", "ignore").decode("ascii")
            out.append(base if base and all(c in PAD_CHARS for c in base) else "?")
    return "".join(out)


def wrap(text: str, cols: int = COLS) -> tuple[str, ...]:
    """Word-wrapped rows of at most ``cols`` characters; a word longer than a row is split."""
    rows: list[str] = []
    line = ""
    for word in pad_text(text).split():
        while len(word) > cols:
            if line:
                rows.append(line)
                line = ""
            rows.append(word[:cols])
            word = word[cols:]
        if not line:
            line = word
        elif len(line) + 1 + len(word) <= cols:
            line += " " + word
        else:
            rows.append(line)
            line = word
    if line:
        rows.append(line)
    return tuple(rows)


def short(text: str, room: int) -> str:
    """A label in ``room`` characters: whole if it fits, else without its bracketed tail, else
    its first words, else abbreviated with a dot (the pad's typing row is only 16 wide)."""
    text = " ".join(pad_text(text).split())
    if len(text) <= room:
        return text
    bare = text.split(" (")[0].strip()
    if bare and len(bare) <= room:
        return bare
    words = ""
    for word in bare.split():
        longer = f"{words} {word}" if words else word
        if len(longer) > room:
            break
        words = longer
    if words:
        return words
    return bare[: max(room - 1, 0)] + "." if room > 1 else bare[:room]


@dataclass(frozen=True)
class Entry:
    """How the pad echoes keys for the current prompt (the ENTRY frame) and what each code means
    (its HINT frames): ``mode`` none / echo / key / type, ``width`` the typed keys kept."""

    mode: str = "none"
    width: int = 0
    help: str = ""
    hints: tuple[tuple[str, str], ...] = ()

    @property
    def label_room(self) -> int:
        """Characters a hint's label may have: the typing row is '<typed> <label>?'."""
        return COLS - 2 - max(self.width, 1)


NO_ENTRY = Entry()


@dataclass(frozen=True)
class SeatScreen:
    """One seat's screen, whatever its height.

    ``ask`` is the question wrapped in rows, ``ask_short`` the same in one row (used when the
    whole does not fit with the private view), ``private`` the seat's own view, ``status`` the
    bottom row (locked, your turn, the key to press). ``rows(n)`` lays them out for n rows.
    """

    ask: tuple[str, ...] = ()
    ask_short: str = ""
    private: tuple[str, ...] = ()
    status: str = ""
    entry: Entry = field(default=NO_ENTRY)

    def rows(self, count: int) -> tuple[str, ...]:
        """The ``count`` rows top to bottom: the question, the private view, the status last.

        While a seat types, the pad draws over the two bottom rows (one when a key locks), so
        the private view goes above them: the question shrinks to one row, or goes, to make
        room. The private view never gives way; on a screen too small for it the status goes.
        """
        status = (self.status,) if self.status else ()
        if len(self.private) > count - len(status):
            status = ()
        private = self.private[:count]
        body_rows = count - len(status)
        drawn_over = {"type": 2, "key": 1}.get(self.entry.mode, 0)
        keep = count - max(drawn_over, len(status))  # rows the pad never draws over
        if len(self.ask) + len(private) <= keep:
            ask = self.ask
        elif self.ask_short and 1 + len(private) <= body_rows:  # keep <= body_rows: one test covers both
            ask = (self.ask_short,)
        else:
            ask = ()
        body = list(ask + private)
        body += [""] * (body_rows - len(body))
        return tuple(body) + status


BLANK = SeatScreen()


def padded(code: str, width: int) -> str:
    """Digit codes get leading zeros ("3" -> "03") so every pick costs the same keys."""
    return code.rjust(width, "0") if code.isascii() and code.isdigit() else code


# -- the pad's own echo, mirrored on the box --------------------------------------------------------


class PadEcho:
    """What a screen pad draws for one seat: the box's rows plus its own echo of the keys.

    The same rules as the pad firmware's ``ScreenState`` (a test feeds both the same frames and
    keys), for the emulator, which has no pad: the pad, not the box, decides what typing shows.
    """

    def __init__(self, rows: int = 4):
        self.nrows = rows
        self.screen: SeatScreen | None = None
        self.entry = Entry("echo", 16)
        self.typed = ""
        self.locked: str | None = None
        self.wrong: str | None = None

    def show(self, screen: SeatScreen | None) -> None:
        """A new screen from the box; a new entry forgets the typing and the lock (as ENTRY)."""
        entry = screen.entry if screen is not None else NO_ENTRY
        if screen is None or self.screen is None or entry != self.entry:
            self.entry, self.typed, self.locked, self.wrong = entry, "", None, None
        self.screen = screen

    def press(self, key: str) -> None:
        self.wrong = None
        hints = dict(self.entry.hints)
        mode = self.entry.mode
        if mode == "echo":
            self.typed = (self.typed + key)[-16:]
        elif mode == "key":
            if key in hints:
                self.locked = hints[key]
        elif mode == "type":
            self._type(key, hints)

    def _type(self, key: str, hints: dict[str, str]) -> None:
        if key in ("#", "*") and key in hints and not self.typed:
            self.locked = hints[key]
        elif key == "*":
            self.typed = ""
        elif key == "#":
            if self.typed:
                code = padded(self.typed, self.entry.width)
                if code in hints:
                    self.locked = hints[code]
                elif not hints:
                    self.locked = self.typed
                else:
                    self.wrong = self.typed
                self.typed = ""
        else:
            self.typed = (self.typed + key)[-self.entry.width :]

    def lines(self) -> list[str]:
        """The rows as drawn (ICON_LOCK / ICON_WRONG stand for the padlock and the cross)."""
        rows = list(self.screen.rows(self.nrows)) if self.screen is not None else [""] * self.nrows
        last = self.nrows - 1
        if self.typed and self.entry.mode == "echo":
            rows[last] = self.typed
        elif self.typed:
            code = padded(self.typed, self.entry.width)
            hints = dict(self.entry.hints)
            rows[last - 1] = (
                f"{self.typed} {hints[code]}?"
                if code in hints
                else self.typed + "_" * (self.entry.width - len(self.typed))
            )
            rows[last] = self.entry.help
        elif self.wrong is not None:
            rows[last] = ICON_WRONG + " " + self.wrong
        elif self.locked is not None:
            rows[last] = ICON_LOCK + " " + self.locked
        return rows

    def text(self) -> list[str]:
        """The rows readable in a terminal or a test ([zámek]/[x] for the icons)."""
        return [row.replace(ICON_LOCK, "[#]").replace(ICON_WRONG, "[x]") for row in self.lines()]
