"""What fits the panel, measured in the panel's own fonts, for every panel size the box drives.

The table breaks every text the panel shows into rows that fit before it builds a frame, so
nothing players need is ever cut: a long question takes more rows and the body scrolls (lines a
text display alone prints, such as the words under a map, stay whole). The screen (hw/screen)
draws with the same fonts and the same ``Panel``, so "fits" here means "drawn whole" there.

A ``Panel`` is the budget the display gives the table: its size, the font sizes chosen for it
and what follows from them (pixels per line, body rows, map cells). A bigger panel shows more
and larger text: 128x128 gets larger fonts and twice the rows, 256x64 twice the line length.
The module-level functions are the 128x64 panel's, the smallest the box supports.
"""

from __future__ import annotations

import unicodedata
from functools import cache, lru_cache
from pathlib import Path
from typing import NamedTuple

from PIL import ImageFont

FONT_DIR = Path(__file__).resolve().parent.parent / "assets" / "fonts"
REGULAR = FONT_DIR / "DejaVuSans.ttf"
BOLD_CONDENSED = FONT_DIR / "DejaVuSansCondensed-Bold.ttf"
# The header's digits: DejaVu Sans Bold cut down to 0-9 (pyftsubset), whose 5 and 6 stay apart
# at 10 px where the condensed face's look alike ("Kolo 5/6" read as "Kolo 6/6").
HEADER_DIGITS = FONT_DIR / "DejaVuSans-Bold-digits.ttf"

# Sizes in pixels for the 64-row panels, chosen by looking at the panel scaled up: 11 px regular
# is the largest body that still fits three lines plus header and footer in 64 rows; the header
# is bold condensed so "KOLO 12 · STAVĚNÍ" fits with room to spare; the 9 px footer still draws
# every Czech diacritic distinctly (8 px smudges them).
HEADER_SIZE = 10
BODY_SIZE = 11
FOOTER_SIZE = 9
# Panels of 96 rows or more (128x128): a larger body (six rows of 13 px); header and footer keep
# their sizes, since the width, and so what fits a line of them, is the same.
TALL_SIZES = (10, 13, 9)

PANEL_WIDTH = 128
MARGIN_X = 2  # text never starts at the very edge: bezels hide a column on some modules
LINE_PX = PANEL_WIDTH - 2 * MARGIN_X
MAP_CELL_PX = 25  # a map cell holds a 3-letter tile label ("Mw+") in the 9 px label font

# Glyphs that reach highest (accented capitals, ascenders with a caron) and lowest (descenders,
# ogonek, comma): a line slot must hold both without clipping.
TALL_SAMPLE = "ŘŠŽČÁÉÍÚŮÝĚŇŤĎďťľbdfhklÅ"
DEEP_SAMPLE = "gjpqyýÿ,;()[]ąęQ"


@cache
def font(path: Path, size: int) -> ImageFont.FreeTypeFont:
    """Load a bundled font once. BASIC layout: it is always available (no libraqm needed on
    the Pi) and gives the same pixels everywhere; NFC input needs no complex shaping."""
    return ImageFont.truetype(str(path), size, layout_engine=ImageFont.Layout.BASIC)


class Metrics(NamedTuple):
    """Ink extent of a font around its baseline: drawn with anchor "ls" at row y, its glyphs
    cover rows ``y - above`` to ``y + below - 1``."""

    above: int
    below: int

    @property
    def height(self) -> int:
        return self.above + self.below


@cache
def metrics(path: Path, size: int) -> Metrics:
    f = font(path, size)
    tall = f.getbbox(TALL_SAMPLE, anchor="ls")
    deep = f.getbbox(DEEP_SAMPLE, anchor="ls")
    # FreeType boxes are whole pixels, though Pillow types them as floats
    return Metrics(above=-int(min(tall[1], deep[1])), below=int(max(tall[3], deep[3])))


class Layout(NamedTuple):
    """Where things go on the panel, top to bottom."""

    header_h: int  # height of the lit header bar (exactly the header font's ink extent)
    body_top: int  # first row of the first body slot (one dark row under the header)
    slot_h: int  # height of one body line slot, also of the selection bar
    rows: int  # body lines that fit
    footer_base: int  # footer baseline; the footer's lowest ink lands on the bottom row


PAIRS_KEPT = 1 << 16  # neighbouring pairs a face remembers (~10 MB at most; a game meets a few thousand)


class Advances:
    """Widths of texts in one face, exactly as ``FreeTypeFont.getlength`` gives them, without
    asking FreeType again for every text.

    Pillow's basic layout (the one the box uses) measures a text as the sum of each glyph's
    hinted advance plus, between two neighbours, the face's kerning rounded to whole pixels
    (``text_layout_fallback`` in Pillow's ``_imagingft.c``), all in 1/64 px. Each glyph is loaded
    and hinted on every call: most of what measuring costs. So each character's advance and each
    neighbouring pair's kerning are learnt once, through ``getlength`` itself (of the character
    alone and of the pair), and a text's width is their sum: the same number, for a fraction of
    the cost (tests/hw/test_text_widths.py compares the two over every game's texts)."""

    def __init__(self, face: ImageFont.FreeTypeFont, mode: str = ""):
        self.face = face
        self.mode = mode  # "1": the advances of one-bit drawing (hinted for it), as ``getmask2`` lays out
        self._advance: dict[str, int] = {}  # character -> advance, 1/64 px
        self._pair: dict[str, int] = {}  # two characters -> what they add side by side, 1/64 px
        self._ahead = 0  # how far ``learn_ahead`` went
        self._unkerned: frozenset[str] = frozenset()  # all pairs of these learnt: the rest add nothing

    def _learn(self, char: str) -> int:
        advance = self._advance[char] = round(self.face.getlength(char, mode=self.mode) * 64)
        return advance

    def _learn_pair(self, pair: str, keep_zero: bool = True) -> int:
        """What ``pair`` adds side by side, learnt (a pair that adds nothing is not kept when
        ``keep_zero`` is false: the pairs learnt ahead say so for all of theirs)."""
        if self._unkerned and pair[0] in self._unkerned and pair[1] in self._unkerned:
            return 0  # learnt ahead: a kerned one would be in ``_pair``
        first, second = (self._advance.get(char) for char in pair)
        first = self._learn(pair[0]) if first is None else first
        second = self._learn(pair[1]) if second is None else second
        if len(self._pair) >= PAIRS_KEPT:  # a bound, whatever players type: learnt again if met
            self._pair.clear()
            self._unkerned = frozenset()
        kern = round(self.face.getlength(pair, mode=self.mode) * 64) - first - second
        if kern or keep_zero:
            self._pair[pair] = kern
        return kern

    def length64(self, text: str) -> int:
        """``text``'s width in 1/64 px."""
        advance, pair = self._advance, self._pair
        total = 0
        for char in text:
            found = advance.get(char)
            total += found if found is not None else self._learn(char)
        for i in range(len(text) - 1):
            two = text[i : i + 2]
            found = pair.get(two)
            total += found if found is not None else self._learn_pair(two)
        return total

    def joined64(self, first: str, first64: int, second: str, second64: int) -> int:
        """The width of ``first + second`` (1/64 px) from the widths of both: what their meeting
        characters add is the only difference."""
        if not first or not second:
            return first64 + second64
        two = first[-1] + second[0]
        kern = self._pair.get(two)
        return first64 + second64 + (kern if kern is not None else self._learn_pair(two))

    def pens(self, text: str) -> list[int]:
        """Where each character of ``text`` starts, in 1/64 px from the first (its pairs learnt)."""
        advance, pair = self._advance, self._pair
        pens, position, last = [], 0, len(text) - 1
        for i, char in enumerate(text):
            pens.append(position)
            found = advance.get(char)
            position += found if found is not None else self._learn(char)
            if i < last:
                kern = pair.get(text[i : i + 2])
                position += kern if kern is not None else self._learn_pair(text[i : i + 2])
        return pens

    def learn_ahead(self, chars: str, most: int) -> int:
        """Learn up to ``most`` pairs of ``chars`` (always the same string) not learnt yet, in
        order from where the last call stopped; how many (0: all of them are known)."""
        count, learnt = len(chars), 0
        while self._ahead < count * count and learnt < most:
            first, second = divmod(self._ahead, count)
            self._ahead += 1
            if chars[first] + chars[second] not in self._pair:
                self._learn_pair(chars[first] + chars[second], keep_zero=False)  # most add nothing
                learnt += 1
        if self._ahead == count * count and not self._unkerned:
            self._unkerned = frozenset(chars)  # every kerned pair of them is in ``_pair``
            self._pair = {pair: kern for pair, kern in self._pair.items() if kern or not set(pair) <= self._unkerned}
        return learnt

    def learn(self, text: str) -> None:
        """Learn every neighbouring pair of ``text`` now (about 5 us each, a tenth of measuring
        a 30-character text whole)."""
        pair = self._pair
        for i in range(len(text) - 1):
            if text[i : i + 2] not in pair:
                self._learn_pair(text[i : i + 2])

    def length(self, text: str) -> float:
        """``text``'s width in pixels, the number ``getlength`` returns."""
        return self.length64(text) / 64


@cache
def advances(face: ImageFont.FreeTypeFont, mode: str = "") -> Advances:
    """The widths of one (cached) face, as measured (``mode`` "") or drawn in one bit ("1")."""
    return Advances(face, mode)


@lru_cache(maxsize=4096)
def _width64(text: str, size: int) -> int:
    """``text`` (NFC) in the body face of ``size``, in 1/64 px."""
    return advances(font(REGULAR, size)).length64(text)


def _width(text: str, size: int) -> float:
    return _width64(unicodedata.normalize("NFC", text), size) / 64


class Panel(NamedTuple):
    """A panel's budget: its size in pixels and the font sizes drawn on it."""

    width: int = 128
    height: int = 64

    @classmethod
    def of_size(cls, width: int, height: int) -> Panel:
        return cls(int(width), int(height))

    # -- fonts and layout ------------------------------------------------------------------------
    @property
    def sizes(self) -> tuple[int, int, int]:
        """(header, body, footer) font sizes: larger on tall panels."""
        return TALL_SIZES if self.height >= 96 else (HEADER_SIZE, BODY_SIZE, FOOTER_SIZE)

    @property
    def header_size(self) -> int:
        return self.sizes[0]

    @property
    def body_size(self) -> int:
        return self.sizes[1]

    @property
    def footer_size(self) -> int:
        return self.sizes[2]

    @property
    def line_px(self) -> int:
        return self.width - 2 * MARGIN_X

    def layout(self, has_footer: bool = True) -> Layout:
        return _layout(self.width, self.height, self.sizes, has_footer)

    @property
    def body_rows(self) -> int:
        """Body lines shown under the header, above the footer."""
        return self.layout(True).rows

    @property
    def map_size(self) -> tuple[int, int]:
        """Map cells across and down around the cursor (odd, so the cursor is in the middle):
        5 x 3 on 128x64, 9 x 3 on 256x64, 5 x 7 on 128x128."""
        lay = self.layout(False)
        across = max(3, self.width // MAP_CELL_PX)
        down = max(3, (self.height - lay.body_top - lay.slot_h) // 14)
        return across - (1 - across % 2), down - (1 - down % 2)

    # -- text ------------------------------------------------------------------------------------
    def text_width(self, text: str, size: int | None = None) -> float:
        """Pixels ``text`` takes in the body (or another) font size."""
        return _width(text, size or self.body_size)

    def fits(self, text: str, size: int | None = None) -> bool:
        return self.text_width(text, size) <= self.line_px

    def header_fits(self, text: str) -> bool:
        """Whether ``text`` is drawn whole in the header (its bold condensed face)."""
        face = font(BOLD_CONDENSED, self.header_size)
        return advances(face).length(unicodedata.normalize("NFC", text)) <= self.line_px

    def rows(self, text: str, size: int | None = None) -> list[str]:
        """``text`` broken at spaces into rows that fit the panel; a word longer than a row is
        broken between letters (never between a letter and its combining mark). A no-break
        space ("Hráč\u00a03") never breaks."""
        return list(_rows(text, size or self.body_size, self.line_px))

    def all_rows(self, texts, size: int | None = None) -> list[str]:
        """Every text of ``texts`` as rows, one after another."""
        return [row for text in texts for row in self.rows(text, size)]

    def items(self, text: str) -> list[str]:
        """A list written as one text ("a; b; c"): one item a row, long items broken into rows."""
        return self.all_rows(text.split("; "))

    def first_row(self, text: str, more: bool = False) -> str:
        """The first row of ``text``, ending in ▼ when there is more to read (a longer text, or
        ``more`` besides it) -- the ▼ key shows it whole."""
        broken = self.rows(text)
        if len(broken) <= 1 and not more:
            return text
        words = broken[0].split() if broken else []
        while words and not self.fits(" ".join(words) + MORE):
            words.pop()
        return " ".join(words) + MORE if words else MORE.strip()


@cache
def _layout(width: int, height: int, sizes: tuple[int, int, int], has_footer: bool) -> Layout:
    """Stack header, body slots and footer from the fonts' ink extents, top to bottom.

    Every slot holds the tallest accented capital and the deepest descender of its font, so no
    glyph is ever clipped; the slots are packed without spare rows because 64 rows are scarce.
    """
    head = metrics(BOLD_CONDENSED, sizes[0])
    body = metrics(REGULAR, sizes[1])
    foot = metrics(REGULAR, sizes[2])
    body_top = head.height + 1  # one dark row: a selected first line stays apart from the bar
    body_bottom = height - foot.height if has_footer else height
    rows = max(0, (body_bottom - body_top) // body.height)
    return Layout(head.height, body_top, body.height, rows, height - foot.below)


@cache
def _notdef() -> tuple[tuple[int, int], bytes]:
    """What the body face draws for a character it has no glyph for (its empty box)."""
    return _ink("\U0010fffd")


def _ink(char: str) -> tuple[tuple[int, int], bytes]:
    mask = font(REGULAR, BODY_SIZE).getmask(char, mode="1")
    return mask.size, bytes(mask)


@lru_cache(maxsize=4096)
def has_glyph(char: str) -> bool:
    """Whether the panel's face draws ``char`` (not the empty box of a glyph it lacks: most
    emoji). Spaces and combining marks are kept; format characters (a zero-width joiner, an
    emoji's variation selector) draw nothing and are not."""
    if char.isspace() or unicodedata.combining(char):
        return True
    if unicodedata.category(char) in ("Cf", "Cc", "Cs", "Co", "Cn"):
        return False
    return _ink(char) != _notdef()


def drawable(text: str) -> str:
    """``text`` without the characters the panel cannot draw ("Anna 🙂" -> "Anna "): a name
    typed on a phone is kept as typed, the panel shows what its font has."""
    if text.isascii():
        return text
    return "".join(char for char in text if has_glyph(char))


def shown_name(name: str) -> str:
    """A player's name as the panel draws it: what its font has, or "?" when that is nothing
    (a name of emoji alone); the name itself is kept as typed."""
    return drawable(name).strip() or "?"


@lru_cache(maxsize=4096)  # a frame is rebuilt on every key from mostly the same texts
def _rows(text: str, size: int, line_px: int) -> tuple[str, ...]:
    out: list[str] = []
    current, current64 = "", 0
    widths = advances(font(REGULAR, size))
    limit64 = line_px * 64
    # only plain spaces break a row: a no-break space (U+00A0) keeps a name and its number together
    shown = drawable(unicodedata.normalize("NFC", text))
    text = shown if shown.strip() or not text.strip() else "?"  # nothing drawable left: a mark, not nothing
    for word in text.replace("\n", " ").replace("\t", " ").split(" "):
        if not word:
            continue
        if current:  # the row so far, a space and the word: measured from the row's width
            spaced = " " + word
            joined64 = widths.joined64(current, current64, spaced, _width64(spaced, size))
        else:
            joined64 = _width64(word, size)
        if joined64 <= limit64:
            current, current64 = (f"{current} {word}" if current else word), joined64
            continue
        if current:
            out.append(current)
        pieces = _split_word(word, size, line_px)
        out += pieces[:-1]
        current = pieces[-1]
        current64 = _width64(current, size)
    return tuple(out + [current] if current else out)


def _split_word(word: str, size: int, line_px: int) -> list[str]:
    widths = advances(font(REGULAR, size))
    limit64 = line_px * 64
    pieces, current, current64 = [], "", 0
    for char in word:
        joined64 = widths.joined64(current, current64, char, widths.length64(char))
        if current and not unicodedata.combining(char) and joined64 > limit64:
            pieces.append(current)
            current, current64 = char, widths.length64(char)
        else:
            current, current64 = current + char, joined64
    return pieces + [current]


SMALLEST = Panel()
MORE = " ▼"


# The 128x64 panel's measures, for callers that know no other panel (games' own fit checks).
def width(text: str, size: int = BODY_SIZE) -> float:
    """Pixels ``text`` takes in the body (or footer) font of that size."""
    return _width(text, size)


def fits(text: str, size: int = BODY_SIZE) -> bool:
    return SMALLEST.fits(text, size)


def rows(text: str, size: int = BODY_SIZE) -> list[str]:
    return SMALLEST.rows(text, size)


def all_rows(texts, size: int = BODY_SIZE) -> list[str]:
    return SMALLEST.all_rows(texts, size)


def items(text: str, size: int = BODY_SIZE) -> list[str]:
    return SMALLEST.items(text)


def first_row(text: str, more: bool = False) -> str:
    return SMALLEST.first_row(text, more)
