"""A text line's one-bit mask composed from each glyph's ink, pixel for pixel what Pillow draws.

Rasterising a line in FreeType (``FreeTypeFont.getmask2``) loads and hints every glyph four
times; it is the panel's largest cost on a key that brings new lines. The glyphs repeat, so
each glyph's ink is learnt once and a new line is stamped together from them. What makes this
exact is following how Pillow (``font_render`` in ``_imagingft.c``, basic layout) places glyphs:

* glyph i sits at pen position ``PIXEL(pos_i)``, where ``pos_i`` sums the one-bit advances and
  Pillow's kerning (``Advances(face, "1")``), and its bitmap at ``(bitmap_left, -bitmap_top)``;
* the whole line is then shifted by two line-wide amounts: across, by how far the glyphs' boxes
  (``FT_Glyph_Get_CBox``, which sizes the image) and bitmaps reach left of the pen's start;
  down, by how the tallest bitmap top and the tallest box top differ (a bitmap's top is its
  box's or one row lower).

Neither the bitmaps' tops nor their left edges are visible from Python, so each glyph is drawn
twice by Pillow when first met: after a taller reference glyph (three spaces between), where
the reference fixes the line-wide shifts, which gives the glyph's ink relative to its pen
position and baseline (up to one constant shared by every glyph of the face); and alone, where
its own box and bitmap decide the shifts, which gives how its bitmap top (and, for a glyph
reaching left of its pen, its bitmap's left edge) stands against its box. From those the shifts
of any line follow. A glyph that does not fit the method (as tall as the reference, too wide
to the left, a face with no taller glyph such as the header's digits) makes its lines go
through Pillow as before, and so does a line with more than ``LEARN_NOW`` glyphs not learnt
yet: learning them would cost more than drawing the line, so they wait until the table is idle
(``learn_pending``, called through the display's ``idle``). tests/hw/test_glyphs.py compares
the two over every game's lines and random text in every face and size the panels use.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from PIL import Image, ImageFont

from ..surface.panel import advances

# the tallest glyphs of DejaVu (stacked accents): one of them is the reference of each face
TALL = "ẲỖỔỄỂẪǛǙǗǺ"
GAP = "   "  # between the reference and the glyph: their boxes never meet
GLYPHS_KEPT = 4096  # glyphs remembered per face, whatever players type
# new glyphs a line may bring and still be composed at once: learning one costs about a quarter
# of rasterising a 30-character line, and a frame brings several lines: all wait for the idle table
LEARN_NOW = 0
# what panels show most, learnt ahead while the table is idle (a few at a time)
COMMON = (
    "aábcčdďeéěfghiíjklmnňoópqrřsštťuúůvwxyýzž"
    "AÁBCČDĎEÉĚFGHIÍJKLMNŇOÓPQRŘSŠTŤUÚŮVWXYÝZŽ"
    "0123456789 .,:;!?()[]+-–/%#·…→▲▼■□×"
)


def pixel(position: int) -> int:
    """A pen position in 1/64 px to whole pixels, rounded as FreeType's and Pillow's PIXEL."""
    return ((position + 32) & -64) >> 6


class Ink(NamedTuple):
    """A glyph's ink and what lines need of its boxes."""

    mask: Any  # the ink, cropped to it (a core "L" image, 255 inked); None: no ink (a space)
    dx: int  # the ink's left column from the pen position
    dy: int  # the ink's top row from the baseline (plus the face's shared constant)
    top: int | None  # the bitmap's top against the same constant (None: a low glyph)
    box_top: int  # the box's top above the baseline (0 when below it)
    box_left: int  # the box's left edge from the pen (0 when not left of it)
    left: int  # the bitmap's left edge from the pen, for a glyph whose box reaches left of it


def _image(core: Any) -> Image.Image:
    return Image.frombytes("L", core.size, bytes(core))


class FaceInks:
    """The inks of one face's glyphs, learnt as met; ``line`` composes a text from them."""

    def __init__(self, face: ImageFont.FreeTypeFont):
        self.face = face
        self.widths = advances(face, "1")
        tallest = max(TALL, key=lambda char: -face.getbbox(char, mode="1", anchor="ls")[1])
        box = face.getbbox(tallest, mode="1", anchor="ls")
        self.reference = tallest
        self.reference_top = -int(box[1])
        self.reference_right = int(box[2])
        self.usable = box[0] >= 0
        self._inks: dict[str, Ink | None] = {}

    def ink(self, char: str) -> Ink | None:
        found = self._inks.get(char, False)
        if found is not False:
            return found  # type: ignore[return-value]
        if len(self._inks) >= GLYPHS_KEPT:
            self._inks.clear()
        found = self._inks[char] = self._learn(char) if self.usable else None
        return found

    def unknown(self, text: str) -> set[str]:
        """The characters of ``text`` whose inks are not learnt yet."""
        inks = self._inks
        return {char for char in text if char not in inks}

    def _learn(self, char: str) -> Ink | None:
        face = self.face
        box = face.getbbox(char, mode="1", anchor="ls")
        box_left, box_top = int(box[0]), -int(box[1])  # min(0, left), max(0, top) of the box
        if box_top >= self.reference_top:  # the reference must be taller, by a row at least
            return None
        pair = self.reference + GAP + char
        pen = pixel(round(face.getlength(pair, mode="1") * 64) - self.widths.length64(char))
        if pen + box_left < self.reference_right:  # boxes apart: nothing reaches left of the start
            return None
        core, (ox, oy) = face.getmask2(pair, mode="1", anchor="ls")
        drawn = _image(core)
        split = max(0, pen + box_left - ox)  # the glyph's columns, right of the reference's
        part = drawn.crop((split, 0, drawn.size[0], drawn.size[1]))
        inked = part.getbbox()
        if inked is None:
            if box_left < 0:
                return None
            return Ink(None, 0, 0, None, box_top, 0, 0)
        mask = part.crop(inked).im  # the core image: stamped in C
        dx, dy = split + inked[0] + ox - pen, inked[1] + oy
        low = box_top <= 1  # at or under the baseline: never the line's tallest
        top, left = None, 0
        if not low or box_left < 0:
            alone_core, (ax, ay) = face.getmask2(char, mode="1", anchor="ls")
            alone = _image(alone_core).getbbox()
            if alone is None:
                return None
            if not low:  # alone, its bitmap top sits at its box top: the ink moved by their difference
                top = box_top + (ay + alone[1]) - dy
            if box_left < 0:  # alone, its bitmap's left edge sits at its box's
                left = box_left + dx - (ax + alone[0])
        return Ink(mask, dx, dy, top, box_top, box_left, left)

    def line(self, text: str) -> tuple[Any, tuple[int, int]] | None:
        """``text``'s mask and offset as ``getmask2(text, "1", anchor="ls")`` gives them (the
        mask cropped to the ink), or None: a glyph of it is not composed (Pillow draws it)."""
        if not self.usable:
            return None
        new = self.unknown(text)
        if len(new) > LEARN_NOW:  # learnt when the table is idle (``learn_pending``): Pillow draws it
            pending = _PENDING.setdefault(self, set())
            if len(pending) >= GLYPHS_KEPT:  # nobody idles: a bound all the same
                pending.clear()
            pending.update(new)
            return None
        placed = []
        tallest_top = tallest_box = None
        box_reach = bitmap_reach = 0  # how far left of the start the boxes and bitmaps reach
        inks = self._inks
        for char, position in zip(text, self.widths.pens(text)):
            ink = inks[char] if char in inks else self.ink(char)
            if ink is None:
                return None
            pen = ((position + 32) & -64) >> 6  # ``pixel``
            if ink.box_left < 0:
                box_reach = min(box_reach, pen + ink.box_left)
                bitmap_reach = min(bitmap_reach, pen + ink.left)
            if ink.top is not None:
                tallest_top = ink.top if tallest_top is None else max(tallest_top, ink.top)
                tallest_box = ink.box_top if tallest_box is None else max(tallest_box, ink.box_top)
            if ink.mask is not None:
                placed.append((pen + ink.dx, ink.dy, ink.mask))
        if not placed or tallest_top is None or tallest_box is None:
            return None  # no ink, or only glyphs under the baseline: Pillow knows
        across, down = box_reach - bitmap_reach, tallest_top - tallest_box
        left = min(x for x, _, _ in placed)
        top = min(y for _, y, _ in placed)
        right = max(x + mask.size[0] for x, _, mask in placed)
        bottom = max(y + mask.size[1] for _, y, mask in placed)
        out = Image.core.fill("L", (right - left, bottom - top), 0)
        stamp = Image.core.draw(out, 0).draw_bitmap  # each glyph's ink, in C
        for x, y, mask in placed:
            stamp((x - left, y - top), mask, 255)
        return out, (left + across, top + down)


_FACES: dict[ImageFont.FreeTypeFont, FaceInks] = {}
# glyphs met in lines Pillow drew, to learn when nobody waits: learning one costs two small
# rasterisations, more than the line it first appears in
_PENDING: dict[FaceInks, set[str]] = {}


def composed(face: ImageFont.FreeTypeFont, text: str) -> tuple[Any, tuple[int, int]] | None:
    """``text`` in ``face`` composed from its glyphs' inks (see the module), or None: a glyph
    is not learnt yet (it is, at the next ``learn_pending``) or does not fit the method."""
    inks = _FACES.get(face)
    if inks is None:
        inks = _FACES[face] = FaceInks(face)
    return inks.line(text)


def learn_ahead(faces, most: int) -> int:
    """Learn up to ``most`` glyphs of ``COMMON`` in ``faces`` not learnt yet; how many (0:
    nothing left to learn)."""
    learnt = 0
    for face in faces:
        inks = _FACES.get(face)
        if inks is None:
            inks = _FACES[face] = FaceInks(face)
        for char in inks.unknown(COMMON):
            if learnt >= most:
                return learnt
            inks.ink(char)
            learnt += 1
    return learnt


def learn_pending(most: int | None = None) -> int:
    """Learn the inks of glyphs met since the last call (at most ``most``); how many were
    learnt. For when the table is idle (the display's ``idle``)."""
    learnt = 0
    while _PENDING and (most is None or learnt < most):
        inks, chars = next(iter(_PENDING.items()))
        while chars and (most is None or learnt < most):
            inks.ink(chars.pop())
            learnt += 1
        if not chars:
            del _PENDING[inks]
    return learnt
