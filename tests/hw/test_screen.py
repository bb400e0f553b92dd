"""The 128x64 frame renderer: golden frames, no clipped diacritics, truncation, scrolling."""

from __future__ import annotations

import unicodedata

import pytest
from PIL import Image, ImageChops, ImageDraw

from companion.hw import screen
from companion.hw.oled import OledDisplay
from companion.surface.frame import Frame

from .goldens import GOLDEN, compare

CZECH = "řěščžůúáíéýňťďŘŠŽČÁÉÍÚŮÝĚŇŤĎ"

SCREENS = {
    "secret_pick": Frame("KOLO 2 · POSTAVY", ("Vyberte postavu", "na svém ovladači", "Zamčeno: 2 ze 4"), "1■ 2■ 3□ 4□"),
    "turn_czech": Frame("KOLO 3 · ŘEZBÁŘ", ("ŘEZBÁŘ Žlutý:", "vezmi území", "ŠTĚŇ Ů ďábel ťuk"), "Čeká se na Žlutého"),
    "menu_selected": Frame(
        "NABÍDKA", ("Nová hra", "Pokračovat", "Historie", "Nastavení"), "▲▼ vyber · OK potvrď", selected=1
    ),
    "menu_capital_selected": Frame("NASTAVENÍ", ("Řeč: čeština", "Úroveň jasu", "Zpět"), selected=0),
    "long_lines": Frame(
        "Kolo 12 · Velmi dlouhý název fáze hry",
        ("Toto je opravdu velmi dlouhý řádek textu", "krátký"),
        "a footer that is much too long to fit on the panel",
    ),
    "english": Frame("ROUND 4 · VOTE", ("Vote yes or no", "on your pad", "Waiting for 2"), "1■ 2□ 3■ 4□"),
}


def shown(frame: Frame) -> Image.Image:
    """The image the panel receives, through the real display class on luma's dummy device."""
    display = OledDisplay({"driver": "dummy"})
    display.show(frame)
    return display.device.image


def ink(img: Image.Image) -> int:
    return img.convert("L").histogram()[255]


def assert_same_image(expected: Image.Image, actual: Image.Image) -> None:
    assert expected.size == actual.size
    box = ImageChops.difference(expected.convert("L"), actual.convert("L")).getbbox()
    assert box is None, f"images differ inside {box}"


@pytest.mark.parametrize("name", sorted(SCREENS))
def test_golden_frames(name):
    img = shown(SCREENS[name])
    assert img.mode == "1" and img.size == (128, 64)
    compare(img, GOLDEN / f"{name}.png")


def test_render_is_deterministic_and_matches_the_display():
    frame = SCREENS["turn_czech"]
    assert screen.render(frame).tobytes() == screen.render(frame).tobytes()
    assert_same_image(screen.render(frame), shown(frame))


def standalone(text: str, size: int, path=screen.REGULAR) -> Image.Image:
    """``text`` alone on a roomy canvas: nothing can be clipped there."""
    img = Image.new("1", (400, 80), 0)
    draw = ImageDraw.Draw(img)
    draw.fontmode = "1"
    draw.text((20, 50), text, font=screen.font(path, size), fill=1, anchor="ls")
    return img


def drawn_part(with_text: Frame, without_text: Frame) -> Image.Image:
    """The pixels a piece of text changed in a frame (lit or darkened)."""
    return ImageChops.difference(screen.render(with_text).convert("L"), screen.render(without_text).convert("L"))


TALL = "ŘŠŽÁÉÍÚŮ gjpqý"


@pytest.mark.parametrize("row", [0, 1, 2])
@pytest.mark.parametrize("selected", [False, True])
def test_body_lines_draw_accented_capitals_and_descenders_whole(row, selected):
    """Neighbouring lines are full too: a glyph must not spill into another line's slot."""
    lines = [TALL, TALL, TALL]
    lines[row] = ""
    blank = Frame("ŘŮ gj", tuple(lines), "ŘŮ gj", selected=row if selected else None)
    lines[row] = TALL
    frame = Frame("ŘŮ gj", tuple(lines), "ŘŮ gj", selected=row if selected else None)
    part = drawn_part(frame, blank)
    # every pixel of the glyphs made it onto the panel, none were cut at the top or bottom
    assert ink(part) == ink(standalone(TALL, screen.BODY_SIZE))


def test_header_and_footer_draw_diacritics_whole():
    plain = Frame("", ("body",), "")
    head = drawn_part(Frame(TALL, ("body",), ""), plain)
    assert ink(head) == ink(standalone(TALL, screen.HEADER_SIZE, screen.BOLD_CONDENSED))
    foot = drawn_part(Frame("", ("body",), TALL), plain)
    assert ink(foot) == ink(standalone(TALL, screen.FOOTER_SIZE))


def test_hacek_of_a_capital_sits_below_the_header_and_above_the_letter():
    lay = screen.SMALLEST.layout(True)
    hacek = drawn_part(Frame("H", ("Ř",)), Frame("H", ("",))).getbbox()
    plain = drawn_part(Frame("H", ("R",)), Frame("H", ("",))).getbbox()
    assert hacek[1] >= lay.header_h + 1  # not inside the header bar or its gap row
    assert hacek[1] < plain[1] - 1  # the háček really is drawn above the R
    assert hacek[3] == plain[3]  # and the letter itself is not shifted


@pytest.mark.parametrize("letter", CZECH)
def test_every_czech_letter_has_its_own_glyph(letter):
    """Not the notdef box, and not the bare letter: the diacritic is in the font and drawn."""
    for path, size in (
        (screen.REGULAR, screen.BODY_SIZE),
        (screen.BOLD_CONDENSED, screen.HEADER_SIZE),
        (screen.REGULAR, screen.FOOTER_SIZE),
    ):
        f = screen.font(path, size)
        glyph = bytes(f.getmask(letter))
        assert glyph != bytes(f.getmask("\ue000")), f"{letter!r} is tofu at {size} px"
        base = unicodedata.normalize("NFD", letter)[0]
        assert glyph != bytes(f.getmask(base))


def test_decomposed_text_renders_like_precomposed():
    nfd = unicodedata.normalize("NFD", "ŘEZBÁŘ Žlutý")
    assert nfd != "ŘEZBÁŘ Žlutý"
    assert_same_image(screen.render(Frame("KOLO", ("ŘEZBÁŘ Žlutý",))), screen.render(Frame("KOLO", (nfd,))))


def test_long_lines_end_in_an_ellipsis_inside_the_panel():
    f = screen.font(screen.REGULAR, screen.BODY_SIZE)
    text = "Toto je opravdu velmi dlouhý řádek textu"
    short = screen.fit(text, f, 124)
    assert short.endswith(screen.ELLIPSIS) and text.startswith(short[:-1])
    assert f.getlength(short) <= 124
    assert screen.fit("krátký", f, 124) == "krátký"
    part = drawn_part(Frame("H", (text,)), Frame("H", ("",))).getbbox()
    assert part[2] <= 128 - screen.MARGIN_X  # no ink in the right margin


def test_fit_never_splits_a_letter_from_its_combining_mark():
    f = screen.font(screen.REGULAR, screen.BODY_SIZE)
    text = "a" * 10 + "q\u0307" * 40  # q + combining dot: no precomposed form, stays two chars
    for width in range(10, 124, 3):
        short = screen.fit(text, f, width)
        body = short[:-1] if short.endswith(screen.ELLIPSIS) else short
        assert text.startswith(body)
        assert not body.endswith("q")  # a q is never shown without its dot


def test_more_lines_than_fit_shows_the_first_ones():
    many = tuple(f"řádek {i}" for i in range(6))
    assert_same_image(screen.render(Frame("H", many, "f")), screen.render(Frame("H", many[:3], "f")))


def test_a_selection_below_the_screen_scrolls_into_view():
    many = tuple(f"položka {i}" for i in range(6))
    assert_same_image(
        screen.render(Frame("H", many, "f", selected=4)), screen.render(Frame("H", many[2:5], "f", selected=2))
    )


def test_other_panel_sizes_and_control_characters_do_not_break_layout():
    img = screen.render(Frame("A\tB", ("line\none", "two"), "f\r"), 128, 32)
    assert img.size == (128, 32)
    assert screen.render(Frame("x", ("y",)), 64, 128).size == (64, 128)


def test_the_headers_digits_are_drawn_in_a_face_whose_5_and_6_differ():
    """In the bold condensed face at 10 px a 5 reads as a 6 ("Kolo 5/6"); the header draws its
    digits in DejaVu Sans Bold (cut to 0-9), the rest condensed, the same with or without the
    text cache; a header too wide for that falls back to the condensed face alone."""
    from companion.hw.screen import header_runs, render
    from companion.surface.panel import BOLD_CONDENSED, HEADER_DIGITS

    runs = header_runs("Kolo 5/6 · Vyhodnocení", 10)
    assert [text for text, _ in runs] == ["Kolo ", "5", "/", "6", " · Vyhodnocení"]
    faces = [face.path for _, face in runs]
    assert faces[1] == faces[3] == str(HEADER_DIGITS) and faces[0] == faces[2] == faces[4] == str(BOLD_CONDENSED)
    frame = Frame("Kolo 5/6 · Vyhodnocení", ("a",), "b")
    assert ImageChops.difference(render(frame), render(frame, cached=False)).getbbox() is None
    five, six = (render(Frame(f"Kolo {n}", (), "")).crop((0, 0, 60, 12)) for n in (5, 6))
    condensed = [render(Frame(f"Kolo {n}/" + "0" * 40, (), "")).crop((0, 0, 60, 12)) for n in (5, 6)]
    assert ImageChops.difference(five, six).getbbox() is not None
    assert condensed[0] != five  # a header too wide keeps the condensed face
