"""What fits one line of the panel, measured in the panel's own fonts.

The table breaks every text the panel shows into rows that fit before it builds a frame, so
nothing players need is ever cut: a long question takes more rows and the body scrolls (lines a
text display alone prints, such as the words under a map, stay whole). The screen (hw/screen)
draws with the same fonts, so "fits" here means "drawn whole" there.
"""

from __future__ import annotations

import unicodedata
from functools import lru_cache
from pathlib import Path

from PIL import ImageFont

FONT_DIR = Path(__file__).resolve().parent.parent / "assets" / "fonts"
REGULAR = FONT_DIR / "DejaVuSans.ttf"
BOLD_CONDENSED = FONT_DIR / "DejaVuSansCondensed-Bold.ttf"

# Sizes in pixels, chosen by looking at the panel scaled up: 11 px regular is the largest body
# that still fits three lines plus header and footer in 64 rows; the header is bold condensed so
# "KOLO 12 · STAVĚNÍ" fits with room to spare; the 9 px footer still draws every Czech
# diacritic distinctly (8 px smudges them).
HEADER_SIZE = 10
BODY_SIZE = 11
FOOTER_SIZE = 9

PANEL_WIDTH = 128
MARGIN_X = 2  # text never starts at the very edge: bezels hide a column on some modules
LINE_PX = PANEL_WIDTH - 2 * MARGIN_X


@lru_cache(maxsize=None)
def font(path: Path, size: int) -> ImageFont.FreeTypeFont:
    """Load a bundled font once. BASIC layout: it is always available (no libraqm needed on
    the Pi) and gives the same pixels everywhere; NFC input needs no complex shaping."""
    return ImageFont.truetype(str(path), size, layout_engine=ImageFont.Layout.BASIC)


@lru_cache(maxsize=4096)
def width(text: str, size: int = BODY_SIZE) -> float:
    """Pixels ``text`` takes in the body (or footer) font of that size."""
    return font(REGULAR, size).getlength(unicodedata.normalize("NFC", text))


def fits(text: str, size: int = BODY_SIZE) -> bool:
    return width(text, size) <= LINE_PX


def rows(text: str, size: int = BODY_SIZE) -> list[str]:
    """``text`` broken at spaces into rows that fit the panel; a word longer than a row is
    broken between letters (never between a letter and its combining mark)."""
    return list(_rows(text, size))


@lru_cache(maxsize=2048)  # a frame is rebuilt on every key from mostly the same texts
def _rows(text: str, size: int) -> tuple[str, ...]:
    out: list[str] = []
    current = ""
    for word in unicodedata.normalize("NFC", text).split():
        joined = f"{current} {word}" if current else word
        if fits(joined, size):
            current = joined
            continue
        if current:
            out.append(current)
        pieces = _split_word(word, size)
        out += pieces[:-1]
        current = pieces[-1]
    return tuple(out + [current] if current else out)


def _split_word(word: str, size: int) -> list[str]:
    pieces, current = [], ""
    for char in word:
        if current and not unicodedata.combining(char) and not fits(current + char, size):
            pieces.append(current)
            current = char
        else:
            current += char
    return pieces + [current]


def all_rows(texts, size: int = BODY_SIZE) -> list[str]:
    """Every text of ``texts`` as rows, one after another."""
    return [row for text in texts for row in rows(text, size)]


def items(text: str, size: int = BODY_SIZE) -> list[str]:
    """A list written as one text ("a; b; c"): one item a row, long items broken into rows."""
    return all_rows(text.split("; "), size)


MORE = " ▼"


def first_row(text: str, more: bool = False) -> str:
    """The first row of ``text``, ending in ▼ when there is more to read (a longer text, or
    ``more`` besides it) -- the ▼ key shows it whole."""
    broken = rows(text)
    if len(broken) <= 1 and not more:
        return text
    words = broken[0].split() if broken else []
    while words and not fits(" ".join(words) + MORE):
        words.pop()
    return " ".join(words) + MORE if words else MORE.strip()
