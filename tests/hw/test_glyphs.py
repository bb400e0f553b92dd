"""Lines composed from the glyphs' inks are pixel for pixel what Pillow draws: every game's
panel lines and random text with the glyphs that reach left, above and below, in every face and
size the panels use; a face without a taller glyph (the header's digits) is left to Pillow."""

from __future__ import annotations

import random
import tempfile
from pathlib import Path

import pytest
from PIL import Image, ImageChops, ImageDraw

from companion.hw import glyphs
from companion.hw.screen import render
from companion.surface.panel import BOLD_CONDENSED, HEADER_DIGITS, REGULAR, font
from companion.table.flow import Over

LETTERS = (
    "aábcčdďeéěfghiíjklmnňoópqrřsštťuúůvwxyýzžAÁBCČDĎEÉĚFGHIÍJKLMNŇOÓPQRŘSŠTŤUÚŮVWXYÝZŽ"
    "0123456789 ·■□…,.:;()[]-–!?/+→▲▼#%_\u00a0jJfTVWYAvwy"
)
FACES = [(REGULAR, 9), (REGULAR, 11), (REGULAR, 13), (BOLD_CONDENSED, 9), (BOLD_CONDENSED, 10)]


def drawn(mask_and_offset) -> Image.Image:
    core, (x, y) = mask_and_offset
    image = Image.new("1", (420, 60), 0)
    ImageDraw.Draw(image).draw.draw_bitmap((20 + x, 40 + y), core, 1)
    return image


def same_as_pillow(face, text: str) -> bool | None:
    """True: composed (once its glyphs are learnt) and equal to Pillow's; None: left to Pillow."""
    if glyphs.composed(face, text) is None:
        glyphs.learn_pending()  # what the idle table does
    mine = glyphs.composed(face, text)
    if mine is None:
        return None
    return ImageChops.difference(drawn(mine), drawn(face.getmask2(text, mode="1", anchor="ls"))).getbbox() is None


@pytest.mark.parametrize(("path", "size"), FACES)
def test_random_lines_compose_to_pillows_pixels(path, size):
    rng = random.Random(size * 7 + len(path.name))
    face = font(path, size)
    results = [
        same_as_pillow(face, "".join(rng.choice(LETTERS) for _ in range(rng.randint(1, 25)))) for _ in range(600)
    ]
    assert False not in results
    assert results.count(True) > 0.95 * len(results)  # composed, not left to Pillow


def test_the_header_digits_face_is_left_to_pillow():
    face = font(HEADER_DIGITS, 10)
    assert glyphs.composed(face, "12") is None


def panel_lines(name: str) -> set[tuple[Path, int, str]]:
    """The lines of every frame of a game's scripted opening, with the face each is drawn in."""
    from benchmarks.bench_key_path import script_text
    from companion.games import load
    from companion.hw.emulated import parse_script
    from companion.store import Store
    from companion.table.table import Table

    lines = set()
    with tempfile.TemporaryDirectory() as folder, Store(Path(folder) / "companion.db") as store:
        table = Table(store, {name: load(name)}, "cs", new_seed=lambda: 1)
        for event in parse_script(script_text(name, quick=True)):
            if isinstance(table.screen, Over):
                break
            table.handle(event)
            frame = table.frame()
            lines.add((BOLD_CONDENSED, 10, frame.header))
            lines.update((REGULAR, 11, line) for line in frame.lines)
            lines.add((REGULAR, 9, frame.footer))
            table.housekeeping()
    return {(path, size, text) for path, size, text in lines if text.strip()}


def test_every_games_panel_lines_compose_to_pillows_pixels():
    from companion.games import available

    composed = 0
    for name in available():
        for path, size, text in sorted(panel_lines(name)):
            result = same_as_pillow(font(path, size), text.strip())
            assert result is not False, (name, text)
            composed += bool(result)
    assert composed > 300


def test_a_frame_drawn_from_composed_lines_is_the_frame_pillow_draws():
    from companion.surface.frame import Frame

    frame = Frame("KOLO 3 · STAVĚNÍ", ("Jindřich: Vůz ▼", "Žlutá: +4 (Les 3)", "Tvůj tah: co uděláš?"), "OK → dál", 1)
    assert render(frame).tobytes() == render(frame, cached=False).tobytes()


def test_a_line_with_glyphs_not_learnt_yet_is_drawn_by_pillow_and_they_are_learnt_when_idle():
    face = font(REGULAR, 12)  # a size no other test uses
    glyphs.learn_pending()  # what other tests left
    assert glyphs.composed(face, "Řeka") is None  # four new glyphs: Pillow draws it
    assert glyphs.learn_pending() == 4
    assert glyphs.learn_pending() == 0
    assert glyphs.composed(face, "Řeka") is not None
    assert glyphs.composed(face, "kaŘe") is not None  # the same glyphs, another line
    assert glyphs.composed(face, "Řeklo dům") is None  # six new: "l", "o", " ", "d", "ů", "m"
    assert glyphs.learn_pending(most=1) == 1 and glyphs.learn_pending() == 5
    assert glyphs.composed(face, "Řeklo dům") is not None


def test_the_idle_display_learns_what_panels_show_most_a_few_glyphs_at_a_time():
    from companion.hw.oled import IDLE_GLYPHS, OledDisplay

    display = OledDisplay({"driver": "dummy", "width": 256, "height": 64})
    rounds = 0
    while display.idle():
        rounds += 1
        assert rounds < 1000
    assert rounds >= len(glyphs.COMMON) // IDLE_GLYPHS  # a few at a time, never all at once
    face = font(REGULAR, 11)
    assert glyphs.composed(face, "Žluťoučký kůň úpěl ďábelské ódy: 1/2 → 3 ▲▼") is not None
