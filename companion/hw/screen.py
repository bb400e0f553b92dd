"""Rasterise a Frame for a small monochrome panel (128x64 up to 256x64 or 128x128), read from
across a table; the fonts and rows come from the panel's ``table.panel.Panel``.

Pure and deterministic: the same frame gives the same pixels, so the display driver can skip
identical redraws and tests can compare against golden PNGs.

Layout (128x64):

    +--------------------------------+
    | KOLO 3 · STAVĚNÍ               |  header: bold condensed, dark text on a lit bar
    | Body line 1                    |  body: regular, one slot per line; the selected
    |#Body line 2 (selected)#########|        line is a lit bar with dark text
    | Body line 3                    |
    | 1■ 2■ 3□ 4□                    |  footer: a smaller regular line at the bottom
    +--------------------------------+

A frame with a map keeps the header and its first body line; the rest of the panel is the map:
a window of cells (5 x 3 on 128x64), each a box with the tile's label, dotted where a place may
be chosen, drawn lit where the cursor is.

Vertical sizes come from each font's real ink box: accented capitals (Ř, Š, Ů...) rise above the
font's ascent at some sizes, so line slots are measured from those glyphs, never from the ascent
alone. Nothing is drawn past an edge: long lines end in an ellipsis.

Speed: most lines repeat frame after frame (the header, the footer, a menu's options), and
rasterising a line in FreeType costs far more than everything else in a frame. So each line's
glyph mask is kept in ``TEXT_LINES``, a bounded least-recently-used cache per (font, text), and
stamped into the frame exactly as Pillow's ``ImageDraw.text`` stamps it: the same pixels, with
or without the cache (``render(..., cached=False)`` draws through Pillow for the tests). A line
not in the cache is composed from its glyphs' inks (``hw/glyphs.py``), learnt once per glyph,
not rasterised by FreeType again.
"""

from __future__ import annotations

import re
import unicodedata
from collections import OrderedDict
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw, ImageFont

from ..surface.frame import Frame, MapCell, MapView

# the sizes are re-exported: callers that rasterise text of their own take them from here
from ..surface.panel import (
    BODY_SIZE,  # noqa: F401
    BOLD_CONDENSED,
    FOOTER_SIZE,  # noqa: F401
    HEADER_DIGITS,
    HEADER_SIZE,  # noqa: F401
    MARGIN_X,
    REGULAR,
    SMALLEST,
    Layout,
    Panel,
    advances,
    font,
    metrics,
)
from .glyphs import composed

ELLIPSIS = "\u2026"
# Lines kept rasterised: a game shows a few hundred distinct lines; each mask holds one byte per
# pixel of its ink box (a full 124 px body line: about 2.5 KB), so a cache full of the longest
# lines holds about 3 MB (benchmarks/bench_panel.py), little next to a Pi Zero 2 W's 512 MB.
TEXT_CACHE_LINES = 1024


class TextLines:
    """Glyph masks of text lines, least recently used dropped first: (font, text) -> (mask,
    offset) as ``FreeTypeFont.getmask2`` returns them for a one-bit line anchored "ls"."""

    def __init__(self, max_lines: int = TEXT_CACHE_LINES):
        self.max_lines = max_lines
        self._masks: OrderedDict[tuple[ImageFont.FreeTypeFont, str], tuple[Any, tuple[int, int]]] = OrderedDict()
        self.hits = 0
        self.misses = 0

    def mask(self, face: ImageFont.FreeTypeFont, text: str) -> tuple[Any, tuple[int, int]]:
        key = (face, text)
        found = self._masks.get(key)
        if found is not None:
            self._masks.move_to_end(key)
            self.hits += 1
            return found
        self.misses += 1
        found = composed(face, text)  # from the glyphs' inks (hw/glyphs.py): the same pixels
        if found is None:
            mask, offset = face.getmask2(text, mode="1", anchor="ls")
            found = (mask, (int(offset[0]), int(offset[1])))
        self._masks[key] = found
        if len(self._masks) > self.max_lines:
            self._masks.popitem(last=False)
        return found

    def __len__(self) -> int:
        return len(self._masks)

    def pixel_bytes(self) -> int:
        """Bytes the kept masks hold (one per pixel), for the memory figure of the benchmark."""
        return sum(mask.size[0] * mask.size[1] for mask, _ in self._masks.values())

    def clear(self) -> None:
        self._masks.clear()
        self.hits = self.misses = 0


TEXT_LINES = TextLines()


def _layout(panel: Panel, has_footer: bool) -> Layout:
    return panel.layout(has_footer)


def _clean(text: str) -> str:
    """NFC (precomposed letters lay out correctly) and no control characters on one line."""
    text = unicodedata.normalize("NFC", text)
    return "".join(" " if unicodedata.category(c)[0] == "C" else c for c in text).strip()


def fit(text: str, f: ImageFont.FreeTypeFont, max_width: float) -> str:
    """Return ``text`` or its longest prefix plus an ellipsis that fits ``max_width`` pixels.

    The cut never separates a letter from a combining mark that NFC left decomposed.
    """
    text = _clean(text)
    length = advances(f).length  # the widths getlength gives (surface/panel.Advances)
    if length(text) <= max_width:
        return text
    lo, hi = 0, len(text)  # invariant: text[:lo] + ELLIPSIS fits (or lo == 0)
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if length(text[:mid].rstrip() + ELLIPSIS) <= max_width:
            lo = mid
        else:
            hi = mid - 1
    while lo > 0 and lo < len(text) and unicodedata.combining(text[lo]):
        lo -= 1
    short = text[:lo].rstrip()
    return short + ELLIPSIS if length(short + ELLIPSIS) <= max_width else ""


@lru_cache(maxsize=4 * TEXT_CACHE_LINES)
def _fit_kept(text: str, face: ImageFont.FreeTypeFont, max_width: float) -> str:
    """``fit`` remembered: measuring a line's width again and again is most of its cost."""
    return fit(text, face, max_width)


class _Writer:
    """Draws the lines of one frame, through the text cache or through Pillow."""

    def __init__(self, draw: ImageDraw.ImageDraw, cached: bool):
        self.draw = draw
        self.cached = cached

    def fitted(self, text: str, face: ImageFont.FreeTypeFont, max_width: float) -> str:
        return _fit_kept(text, face, max_width) if self.cached else fit(text, face, max_width)

    def exact(self, xy: tuple[int, int], text: str, face: ImageFont.FreeTypeFont, ink: int) -> None:
        """``text`` as it is (spaces at its ends kept: a run of a longer line), not fitted."""
        if not self.cached:
            self.draw.text(xy, text, font=face, fill=ink, anchor="ls")
            return
        mask, (dx, dy) = TEXT_LINES.mask(face, text)
        self.draw.draw.draw_bitmap((xy[0] + dx, xy[1] + dy), mask, ink)

    def line(self, xy: tuple[int, int], text: str, face: ImageFont.FreeTypeFont, ink: int, max_width: float) -> None:
        """``text`` fitted into ``max_width`` with its baseline's left end at ``xy``."""
        if not self.cached:
            self.draw.text(xy, fit(text, face, max_width), font=face, fill=ink, anchor="ls")
            return
        shown = self.fitted(text, face, max_width)
        if not shown:
            return
        mask, (dx, dy) = TEXT_LINES.mask(face, shown)
        # as ImageDraw.text does for one line at whole-pixel coordinates
        self.draw.draw.draw_bitmap((xy[0] + dx, xy[1] + dy), mask, ink)


_NUMBERS = re.compile(r"[0-9]+|[^0-9]+")


def header_runs(text: str, size: int) -> list[tuple[str, ImageFont.FreeTypeFont]]:
    """The header in runs: its digits in the digit face, the rest bold condensed."""
    return [(run, font(HEADER_DIGITS if run[0].isdigit() else BOLD_CONDENSED, size)) for run in _NUMBERS.findall(text)]


def _draw_header(write: _Writer, xy: tuple[int, int], text: str, size: int, max_width: float) -> None:
    """The header, its digits in a face whose 5 and 6 differ, each run at a whole pixel; a
    header that would not fit so is drawn in the condensed face alone (and shortened if even
    that does not fit)."""
    text = _clean(text)
    runs = header_runs(text, size)
    if sum(round(_length(face, run)) for run, face in runs) > max_width:
        write.line(xy, text, font(BOLD_CONDENSED, size), 0, max_width)
        return
    x = xy[0]
    for run, face in runs:
        write.exact((x, xy[1]), run, face, 0)
        x += round(_length(face, run))


def visible_lines(frame: Frame, rows: int) -> tuple[int, tuple[str, ...]]:
    """Which body lines are on screen: the first ones; moved down only as far as needed to keep
    the selected item's rows visible, up to a screenful (a menu longer than the screen still
    shows its cursor)."""
    first = 0
    if frame.selected is not None and rows > 0:
        last = frame.selected + min(frame.selected_rows, rows) - 1
        first = max(0, last - rows + 1)
    return first, tuple(frame.lines[first : first + rows])


def laid_out(frame: Frame, panel: Panel = SMALLEST) -> dict:
    """The frame's rows as the panel draws them, for a program to check (``--frames`` writes it
    beside each PNG): top down, each row's text, role (header, question, answer, option, news,
    notice, detail, text, footer), top pixel and whether it is lit; then the body lines the
    panel does not show (below the last row, or under a map); and a picture's size."""
    lay = _layout(panel, bool(_clean(frame.footer)))
    rows: list[dict[str, Any]] = [{"text": frame.header, "role": "header", "y": 0, "lit": True}]
    if frame.map is not None:
        lay = _layout(panel, False)
        first, shown = 0, frame.lines[: max(1, frame.map_lines)]
    else:
        first, shown = visible_lines(frame, lay.rows)
    for i, line in enumerate(shown):
        index = first + i
        rows.append(
            {
                "text": line,
                "role": frame.role(index),
                "y": lay.body_top + i * lay.slot_h,
                "lit": frame.is_selected(index),
            }
        )
    if frame.map is not None:
        rows.append({"text": "", "role": "map", "y": lay.body_top + len(shown) * lay.slot_h, "lit": False})
    if _clean(frame.footer):
        rows.append({"text": frame.footer, "role": "footer", "y": lay.footer_base, "lit": False})
    off = [
        {"text": line, "role": frame.role(i)}
        for i, line in enumerate(frame.lines)
        if not first <= i < first + len(shown)
    ]
    out = {"size": [panel.width, panel.height], "rows": rows, "off_panel": off}
    if frame.bitmap is not None:  # a picture at the left (a QR code); the rows are beside it
        out["bitmap"] = {"size": [frame.bitmap.width, frame.bitmap.height], "x": 0}
    return out


def render(frame: Frame, width: int = 128, height: int = 64, cached: bool = True) -> Image.Image:
    """Draw ``frame`` on a new mode-"1" image (1 = lit pixel) for a panel of that size, in the
    fonts and layout of ``Panel.of_size(width, height)`` (the table broke its rows for it).
    ``cached=False`` rasterises every line through Pillow again (the same pixels, slower)."""
    if frame.bitmap is not None:  # the picture at the left, the text in the columns beside it
        img = Image.new("1", (width, height), 0)
        picture = frame.bitmap
        img.paste(
            Image.frombytes("1", (picture.width, picture.height), picture.bits), (0, (height - picture.height) // 2)
        )
        if width - picture.width > 2 * MARGIN_X:
            img.paste(render(frame._replace(bitmap=None), width - picture.width, height, cached), (picture.width, 0))
        return img
    panel = Panel.of_size(width, height)
    head_size, body_size, foot_size = panel.sizes
    img = Image.new("1", (width, height), 0)
    draw = ImageDraw.Draw(img)
    draw.fontmode = "1"  # no antialiasing: the panel has one bit per pixel
    write = _Writer(draw, cached)
    text_w = width - 2 * MARGIN_X
    footer = _clean(frame.footer)
    lay = _layout(panel, bool(footer))

    draw.rectangle((0, 0, width - 1, lay.header_h - 1), fill=1)
    header_base = metrics(BOLD_CONDENSED, head_size).above
    _draw_header(write, (MARGIN_X, header_base), frame.header, head_size, text_w)

    body_font = font(REGULAR, body_size)
    body_above = metrics(REGULAR, body_size).above
    if frame.map is not None:
        lay = _layout(panel, False)
        above = frame.lines[: max(1, frame.map_lines)]
        for i, line in enumerate(above):
            write.line((MARGIN_X, lay.body_top + i * lay.slot_h + body_above), line, body_font, 1, text_w)
        _draw_map(write, frame.map, lay.body_top + max(1, len(above)) * lay.slot_h, width, height)
        return img
    first, shown = visible_lines(frame, lay.rows)
    for i, line in enumerate(shown):
        top = lay.body_top + i * lay.slot_h
        ink = 1
        if frame.is_selected(first + i):
            draw.rectangle((0, top, width - 1, top + lay.slot_h - 1), fill=1)
            ink = 0
        write.line((MARGIN_X, top + body_above), line, body_font, ink, text_w)

    if footer:
        write.line((MARGIN_X, lay.footer_base), footer, font(REGULAR, foot_size), 1, text_w)
    return img


def cut_lines(frame: Frame, panel: Panel = SMALLEST) -> list[str]:
    """The lines of ``frame`` the panel would have to shorten: the header, the body lines it
    can show (all of them as they scroll into view; only the first one above a map) and the
    footer. The table breaks texts into rows, so this should always be empty."""
    head_size, body_size, foot_size = panel.sizes
    faces = ((frame.header, font(BOLD_CONDENSED, head_size)), (frame.footer, font(REGULAR, foot_size)))
    body = frame.lines[: max(1, frame.map_lines)] if frame.map is not None else frame.lines
    lines = list(faces) + [(line, font(REGULAR, body_size)) for line in body]
    return [text for text, face in lines if fit(text, face, panel.line_px) != _clean(text)]


@lru_cache(maxsize=TEXT_CACHE_LINES)
def _length(face: ImageFont.FreeTypeFont, text: str) -> float:
    return advances(face).length(text)


LABEL_SIZE = 9  # bold condensed: a 3-letter tile label ("Mw+") fits a 25 px cell


def _draw_map(write: _Writer, view: MapView, top: int, width: int, height: int) -> None:
    """Draw ``view`` into rows ``top``..``height - 1``: one box per cell, centred labels."""
    rows = len(view.rows)
    cols = max((len(r) for r in view.rows), default=0)
    if not rows or not cols:
        return
    cell_w = width // cols
    cell_h = (height - top) // rows
    left = (width - cell_w * cols) // 2
    for r, row in enumerate(view.rows):
        for c, cell in enumerate(row):
            x0, y0 = left + c * cell_w, top + r * cell_h
            _draw_cell(write, cell, x0, y0, cell_w, cell_h)


def _draw_cell(write: _Writer, cell: MapCell, x0: int, y0: int, cell_w: int, cell_h: int) -> None:
    """One map cell at (x0, y0): its box, then its label in the ink that shows on that box."""
    x1, y1 = x0 + cell_w - 2, y0 + cell_h - 2  # one dark pixel between neighbours
    ink = _draw_cell_box(write.draw, cell, (x0, y0, x1, y1))
    if cell.label:
        label_font = font(BOLD_CONDENSED, LABEL_SIZE)
        lab = metrics(BOLD_CONDENSED, LABEL_SIZE)
        text = write.fitted(cell.label, label_font, cell_w - 3)
        tx = x0 + (cell_w - 1 - _length(label_font, text)) / 2
        ty = y0 + (cell_h - 1 - lab.height) // 2 + lab.above
        write.line((round(tx), ty), text, label_font, ink, cell_w - 3)


def _draw_cell_box(draw: ImageDraw.ImageDraw, cell: MapCell, box: tuple[int, int, int, int]) -> int:
    """Filled for the cursor, outlined when labelled, dotted corners for a free selectable
    place; returns the label ink (0 on the filled cursor box, else 1)."""
    x0, y0, x1, y1 = box
    if cell.cursor:
        draw.rectangle(box, fill=1)
        return 0
    if cell.label:
        draw.rectangle(box, outline=1)
    elif cell.selectable:
        for x, y in ((x0, y0), (x1, y0), (x0, y1), (x1, y1)):
            draw.point((x, y), fill=1)
        draw.point(((x0 + x1) // 2, (y0 + y1) // 2), fill=1)
    return 1
