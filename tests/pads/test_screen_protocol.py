"""Protocol version 2 on the box: HELLO's screen= and rev=, the screen frames and their text."""

import pytest

from companion.hw import protocol as p

from .fakepad import pl


def hello(*fields):
    return p.parse_hello(p.WireFrame(0, "HELLO", ("proto=1",) + fields))


@pytest.mark.parametrize(
    "text",
    [
        "",
        "Tvůj součet: 37",
        "# = zamknout",
        "100%",
        " leading",
        "trailing ",
        "two  spaces",
        "ŽŽŽŽŽŽŽŽŽŽŽŽŽŽŽŽ",
        "a*b",
        "%41",
        "Porodní bába",
    ],
)
def test_text_on_the_wire_is_what_the_pad_reads(text):
    args = p.text_args(text)
    assert list(args) == pl.text_tokens(text)  # the box encodes as the reference does
    assert all(p._TOKEN.fullmatch(a) for a in args)  # printable tokens, frame-safe
    assert p.text_from_args(args) == text == pl.text_from(list(args))


@pytest.mark.parametrize("args", [("%G0",), ("%C5",), ("50%",), ("%",)])
def test_broken_escapes_and_utf8_are_refused(args):
    assert p.text_from_args(args) is None
    assert pl.text_from(list(args)) is None


def test_the_longest_row_fits_one_frame_and_the_pad_takes_it():
    row = "Ř" * 16
    frame = p.encode_frame(65535, "TEXT", 7, *p.text_args(row))
    assert len(frame) - 1 <= p.MAX_LINE
    pad = pl.PadLogic("AB", screen=(128, 64), host_timeout_ms=None)
    assert pad.feed(frame, 0) and pad.screen.rows[7] == row
    assert p.FrameDecoder(p.HOST_TO_PAD).feed(frame)[0].verb == "TEXT"


@pytest.mark.parametrize(
    "verb, args, ok",
    [
        ("TEXT", (0, "ahoj"), True),
        ("TEXT", (7,), True),  # an empty row
        ("TEXT", (8, "x"), False),  # no pad has a ninth row
        ("TEXT", (0, "x" * 17), False),  # never cut by the pad: refused
        ("TEXT", (0, "%E2%80%A6"), "box"),  # "…": the pad would draw "?"; never sent
        ("ENTRY", ("type", 2, "#", "=", "zamknout"), True),
        ("ENTRY", ("type", 15), False),  # a code row holds at most 14 keys
        ("ENTRY", ("key", 2), False),  # a key locks by itself: width 1
        ("ENTRY", ("none", 0), True),
        ("ENTRY", ("scroll", 0), False),
        ("HINT", ("03", "Lovec"), True),
        ("HINT", ("03", "x" * 12), True),  # '03 ' + 12 + '?' is the 16 of a row
        ("HINT", ("03", "x" * 13), False),
        ("HINT", ("#", "ano"), True),
        ("HINT", ("a", "x"), False),
        ("CLEAR", (), True),
        ("CLEAR", ("1",), False),
    ],
)
def test_screen_frames_are_checked_as_the_pad_checks_them(verb, args, ok):
    """``ok``: both take it; "box": only the pad takes it (the box's check is the stricter)."""
    frame = p.encode_frame(4, verb, *args)
    got = p.FrameDecoder(p.HOST_TO_PAD).feed(frame)
    assert bool(got) == (ok is True)
    pad = pl.PadLogic("AB", screen=(128, 64), host_timeout_ms=None)
    if verb == "HINT":  # a hint belongs to an entry of two-key codes
        pad.feed(p.encode_frame(3, "ENTRY", "type", 2), 0)
    assert bool(pad.feed(frame, 0)) == bool(ok)


def test_hello_of_every_pad_generation():
    v2_screen = hello("rev=2", "fw=2.0.0", "id=E661", "screen=128x32")
    assert (v2_screen.compatible, v2_screen.rev, v2_screen.screen, v2_screen.screen_rows) == (True, 2, (128, 32), 4)
    assert hello("rev=2", "fw=2.0.0", "id=E661", "screen=128x64").screen_rows == 8
    v2_bare = hello("rev=2", "fw=2.0.0", "id=E661", "screen=none")
    assert (v2_bare.compatible, v2_bare.screen, v2_bare.screen_rows) == (True, None, 0)
    v1 = hello("fw=1.0.0", "id=E661")
    assert (v1.compatible, v1.rev, v1.screen) == (True, 1, None)
    # a screen the box cannot fill, or one claimed without rev=2, gets no screen frames
    assert hello("rev=2", "fw=2.0.0", "id=E661", "screen=96x16").screen is None
    assert hello("rev=2", "fw=2.0.0", "id=E661", "screen=128X32").screen is None
    assert hello("fw=2.0.0", "id=E661", "screen=128x32").screen is None
    assert hello("rev=x", "fw=2.0.0", "id=E661", "screen=128x32").rev == 1


def test_the_real_firmware_hello_parses():
    for size, rows in ((None, 0), ((128, 32), 4), ((128, 64), 8)):
        line = pl.PadLogic("E6614C311B7A7A37", screen=size).hello().encode()
        (frame,) = p.FrameDecoder().feed(line)
        got = p.parse_hello(frame)
        assert (got.board_id, got.fw, got.rev, got.screen_rows) == ("E6614C311B7A7A37", pl.FW_VERSION, 2, rows)
        assert p.version_problem(got) is None
