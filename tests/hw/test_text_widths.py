"""Text widths from learnt advances and kerning pairs are exactly Pillow's ``getlength``, so
rows break where they broke when every width was asked of FreeType."""

from __future__ import annotations

import random
import unicodedata

import pytest

from companion.surface import panel
from companion.surface.panel import BOLD_CONDENSED, HEADER_DIGITS, REGULAR, Advances, advances, font

# Czech and English letters, the panel's symbols, pairs the faces kern ("AV", "To", "Ty", "LT",
# "Ya"), a no-break space, a combining mark NFC cannot compose and a character the faces lack
LETTERS = (
    "aábcčdďeéěfghiíjklmnňoópqrřsštťuúůvwxyýzžAÁBCČDĎEÉĚFGHIÍJKLMNŇOÓPQRŘSŠTŤUÚŮVWXYÝZŽ"
    "0123456789 ·■□…,.:;()[]-–!?/+→▲▼#%\u00a0\u0301\u4e00"
)
KERNED = ("AV", "To", "Ty", "LT", "Ya", "P.", "F,", "Wa", "r.", "T:")
FACES = [(REGULAR, size) for size in (9, 11, 13)] + [(BOLD_CONDENSED, 9), (BOLD_CONDENSED, 10), (HEADER_DIGITS, 10)]


def random_text(rng: random.Random) -> str:
    parts = [rng.choice(LETTERS) if rng.random() < 0.8 else rng.choice(KERNED) for _ in range(rng.randint(0, 30))]
    return "".join(parts)


@pytest.mark.parametrize(("path", "size"), FACES)
def test_widths_are_getlength_to_the_64th_of_a_pixel(path, size):
    rng = random.Random(size)
    face = font(path, size)
    widths = Advances(face)
    kerned = 0
    for _ in range(600):
        text = random_text(rng)
        assert widths.length(text) == face.getlength(text), text
        kerned += widths.length(text) != sum(face.getlength(c) for c in text)
    if path != HEADER_DIGITS:  # the digits' face has no kerning
        assert kerned > 0  # the pairs were needed: kerning changed some widths (by Pillow's 1/64)


def test_joined_width_is_the_width_of_the_joined_text():
    rng = random.Random(4)
    face = font(REGULAR, 11)
    widths = advances(face)
    for _ in range(400):
        first, second = random_text(rng), random_text(rng)
        joined = widths.joined64(first, widths.length64(first), second, widths.length64(second))
        assert joined / 64 == face.getlength(first + second), (first, second)


def reference_rows(text: str, size: int, line_px: int) -> tuple[str, ...]:
    """Rows as they were broken when every width was asked of FreeType (the former code)."""

    def width(t: str) -> float:
        return font(REGULAR, size).getlength(unicodedata.normalize("NFC", t))

    out: list[str] = []
    current = ""
    shown = panel.drawable(unicodedata.normalize("NFC", text))  # what the panel's font draws
    text = shown if shown.strip() or not text.strip() else "?"
    for word in text.replace("\n", " ").replace("\t", " ").split(" "):
        if not word:
            continue
        joined = f"{current} {word}" if current else word
        if width(joined) <= line_px:
            current = joined
            continue
        if current:
            out.append(current)
        pieces, piece = [], ""
        for char in word:
            if piece and not unicodedata.combining(char) and width(piece + char) > line_px:
                pieces.append(piece)
                piece = char
            else:
                piece += char
        pieces.append(piece)
        out += pieces[:-1]
        current = pieces[-1]
    return tuple(out + [current] if current else out)


def test_rows_break_where_getlength_breaks_them():
    rng = random.Random(9)
    words = ["Hráč\u00a01", "Modrá:", "+4", "(Les 3)", "Zemědělec", "VÝSTAVBA", "AVATAR", "To", "Ty", "Přečti"]
    for _ in range(500):
        text = " ".join(rng.choice(words) if rng.random() < 0.6 else random_text(rng) for _ in range(rng.randint(1, 9)))
        for size, line_px in ((11, 124), (13, 124), (11, 252), (9, 40)):
            assert panel._rows(text, size, line_px) == reference_rows(text, size, line_px), text


def test_a_face_keeps_a_bounded_number_of_pairs(monkeypatch):
    monkeypatch.setattr(panel, "PAIRS_KEPT", 50)
    face = font(REGULAR, 11)
    widths = Advances(face)
    rng = random.Random(2)
    for _ in range(100):
        text = random_text(rng)
        assert widths.length(text) == face.getlength(text)
        assert len(widths._pair) <= 50


def test_pairs_learnt_ahead_a_few_at_a_time_give_getlengths_widths():
    face = font(REGULAR, 11)
    widths = Advances(face, "1")
    rounds = 0
    while widths.learn_ahead("AVTo y.", 10):
        rounds += 1
    assert rounds == 5  # 7 x 7 pairs, 10 at a time
    assert widths._pair and all(widths._pair.values())  # only the kerned ones are kept
    chars = "AVTo y."
    for text in ("AV To", "y.To", "oy AV.", *(a + b for a in chars for b in chars)):
        assert widths.length(text) == face.getlength(text, mode="1"), text
