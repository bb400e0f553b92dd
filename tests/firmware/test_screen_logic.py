"""The screen side of padlogic (protocol revision 2) under CPython: frames, entry echo, bounds,
and how version-1 and version-2 pads and boxes get along."""

import random

import pytest

from companion.hw import protocol

from . import FIRMWARE, load_padlogic

pl = load_padlogic()
LOCK, WRONG = pl.ICON_LOCK, pl.ICON_WRONG


def host(seq, verb, *args):
    return protocol.encode_frame(seq, verb, *args)


def text(seq, row, line):
    return host(seq, "TEXT", row, *pl.text_tokens(line))


def entry(seq, mode, width, help_text=""):
    return host(seq, "ENTRY", mode, width, *pl.text_tokens(help_text))


def hint(seq, code, label):
    return host(seq, "HINT", code, *pl.text_tokens(label))


def replies(logic, data, now=0):
    dec = protocol.FrameDecoder(protocol.PAD_TO_HOST)
    out = dec.feed("".join(logic.feed(data, now)).encode())
    assert dec.dropped == {}
    return out


def pad(size=(128, 32)):
    return pl.PadLogic("E6614C311B7A7A37", screen=size)


def press(logic, typed):
    for k in typed:
        logic.key(k)


def secret_pad(size=(128, 32)):
    logic = pad(size)
    for f in (
        text(1, 0, "Zvol tajně"),
        entry(2, "type", 2, "# = zamknout"),
        hint(3, "03", "Lovec (3)"),
        hint(4, "5", "Kněz (5)"),
    ):
        (ack,) = replies(logic, f)
        assert ack.verb == "ACK"
    return logic


# ---- text on the wire -------------------------------------------------------------------------


@pytest.mark.parametrize(
    "line",
    ["Lovec (3)? # = zamknout", "Tvůj součet: 37", "", " lead", "trail ", "two  spaces", "100 % * ~", "ŘEKA", "€ → ß"],
)
def test_text_round_trips_through_the_box_encoder(line):
    tokens = pl.text_tokens(line)
    frame = protocol.encode_frame(7, "TEXT", 0, *tokens)  # the box's encoder accepts them
    _seq, verb, args = pl.decode(frame[:-1])
    assert verb == "TEXT"
    assert pl.text_from(args[1:]) == line


def test_broken_text_is_refused():
    for args in (["%C5"], ["%ZZ"], ["50%"], ["%0A"], ["%7F"], ["%C2%85"]):
        assert pl.text_from(args) is None, args


def test_longest_czech_row_fits_in_a_frame():
    worst = "ř" * 16  # every character two UTF-8 bytes, every byte escaped
    frame = protocol.encode_frame(65535, "TEXT", 7, *pl.text_tokens(worst))
    assert len(frame) - 1 <= protocol.MAX_LINE


# ---- frames -------------------------------------------------------------------------------------


def test_text_rows_and_clear():
    logic = pad((128, 64))
    assert logic.screen_lines(0) == ["E6614C311B7A7A37"] + [""] * 7  # no box yet: its id
    replies(logic, text(1, 7, "dole"))
    replies(logic, text(2, 0, "nahoře"))
    assert logic.screen_lines(0) == ["nahoře"] + [""] * 6 + ["dole"]
    (ack,) = replies(logic, host(3, "CLEAR"))
    assert ack.args == ("3",)
    assert logic.screen_lines(0) == [""] * 8


def test_bad_screen_frames_are_refused_and_change_nothing():
    logic = secret_pad()
    before = logic.screen_lines(0)
    hints = dict(logic.screen.hints)
    bad = [
        text(9, 4, "row 4 of 4"),  # rows are 0-3 on 128x32
        text(9, 0, "x" * 17),  # 16 characters per row
        host(9, "TEXT", "0", "%C5"),  # broken UTF-8
        host(9, "TEXT"),  # no row
        entry(9, "type", 15),  # wider than MAX_CODE
        entry(9, "type", 0),
        entry(9, "key", 2),  # key mode takes one key
        entry(9, "slide", 2),
        hint(9, "123", "Tři"),  # wider than the entry
        hint(9, "A", "x"),
        hint(9, "04", "x" * 13),  # the row is '<code> <label>?'
        host(9, "CLEAR", "now"),
    ]
    for f in bad:
        assert replies(logic, f) == [], f
    assert logic.bad_frames == len(bad)
    assert logic.screen_lines(0) == before and logic.screen.hints == hints


def test_hints_are_bounded():
    logic = pad()
    replies(logic, entry(1, "type", 2))
    for code in range(pl.MAX_HINTS):
        assert replies(logic, hint(2, f"{code:02d}", f"k{code}"))
    assert replies(logic, hint(3, "99", "one too many")) == []


def test_a_pad_without_screen_refuses_screen_frames_and_says_so():
    logic = pl.PadLogic("AB")
    assert replies(logic, text(1, 0, "hello")) == []
    assert logic.bad_frames == 1 and logic.screen_lines(0) is None
    (hello,) = replies(logic, host(2, "ID?"))
    assert protocol.parse_hello(hello).extra == {"rev": "2", "screen": "none"}


# ---- what the pad shows on its own ------------------------------------------------------------


def test_typing_shows_the_meaning_then_the_lock():
    logic = secret_pad()
    press(logic, "3")
    assert logic.screen_lines(0)[2:] == ["3 Lovec (3)?", "# = zamknout"]
    press(logic, "#")
    assert logic.screen_lines(0) == ["Zvol tajně", "", "", LOCK + " Lovec (3)"]
    press(logic, "05")  # changing the pick: the typing rows cover the lock
    assert logic.screen_lines(0)[2:] == ["05 Kněz (5)?", "# = zamknout"]
    press(logic, "*")  # cleared: the old lock shows again
    assert logic.screen_lines(0)[3] == LOCK + " Lovec (3)"
    press(logic, "5#")
    assert logic.screen_lines(0)[3] == LOCK + " Kněz (5)"


def test_rolling_window_and_codes_that_mean_nothing():
    logic = secret_pad()
    press(logic, "1")
    assert logic.screen_lines(0)[2] == "1_"
    press(logic, "203")  # the window keeps the last two keys, as the box does
    assert logic.screen_lines(0)[2] == "03 Lovec (3)?"
    press(logic, "9")
    assert logic.screen_lines(0)[2] == "39"
    press(logic, "#")
    assert logic.screen_lines(0)[3] == WRONG + " 39"
    press(logic, "0")  # the next key forgets the mistake
    assert logic.screen_lines(0)[2:] == ["0_", "# = zamknout"]


def test_numbers_without_hints_lock_as_typed_and_more_than_four_keys_are_kept():
    logic = pad((128, 64))
    replies(logic, entry(1, "type", 6, "# = potvrdit"))
    press(logic, "123456")
    assert logic.screen_lines(0)[6:] == ["123456", "# = potvrdit"]
    press(logic, "#")
    assert logic.screen_lines(0)[7] == LOCK + " 123456"
    replies(logic, entry(2, "type", pl.MAX_CODE))
    press(logic, "98765432109876#")
    assert logic.screen_lines(0)[7] == LOCK + " 98765432109876"  # fourteen keys and the lock
    replies(logic, entry(3, "echo", 0))
    press(logic, "9876543210987654")
    assert logic.screen_lines(0)[7] == "9876543210987654"  # all sixteen, a whole row
    for row in logic.screen_lines(0):
        assert len(row) <= logic.screen.cols


def test_a_hinted_digit_still_waits_for_hash_in_type_mode():
    logic = pad()
    replies(logic, entry(1, "type", 1, "# = ok"))
    replies(logic, hint(2, "3", "Tři"))
    press(logic, "3")
    assert logic.screen_lines(0)[2:] == ["3 Tři?", "# = ok"]
    press(logic, "#")
    assert logic.screen_lines(0)[3] == LOCK + " Tři"


def test_key_mode_locks_at_once_and_yes_no_in_type_mode():
    logic = pad()
    replies(logic, entry(1, "key", 1))
    replies(logic, hint(2, "2", "Les"))
    press(logic, "7")
    assert logic.screen_lines(0)[3] == ""
    press(logic, "2")
    assert logic.screen_lines(0)[3] == LOCK + " Les"
    replies(logic, entry(3, "type", 2, "# = ano"))  # a new prompt forgets the lock
    replies(logic, hint(4, "#", "Ano"))
    replies(logic, hint(5, "*", "Ne"))
    assert logic.screen_lines(0)[3] == ""
    press(logic, "*")
    assert logic.screen_lines(0)[3] == LOCK + " Ne"


def test_echo_before_any_entry_and_none_mode():
    logic = pad()
    press(logic, "1234567890*#1234567")  # a version-1 box sends no ENTRY
    assert logic.screen_lines(0)[3] == "4567890*#1234567"[-pl.MAX_TYPED :]
    replies(logic, entry(1, "none", 0))
    press(logic, "2486")
    assert logic.screen_lines(0)[3] == ""


def test_box_silence_hides_the_box_rows_but_not_the_pads_own_echo():
    logic = secret_pad()
    press(logic, "3#")
    assert logic.screen_lines(5000)[0] == "Zvol tajně"
    assert logic.screen_lines(10500) == ["E6614C311B7A7A37", "", "", LOCK + " Lovec (3)"]
    logic.feed(host(9, "PING"), 11000)
    assert logic.screen_lines(11000)[0] == "Zvol tajně"


# ---- versions ----------------------------------------------------------------------------------


def test_hello_of_a_screen_pad_is_accepted_by_a_version_1_box():
    """A v1 box checks proto= only and keeps other fields: the v2 pad works with it."""
    logic = pad((128, 64))
    (hello,) = protocol.FrameDecoder(protocol.PAD_TO_HOST).feed(logic.hello().encode())
    h = protocol.parse_hello(hello)
    assert h.compatible and h.proto == 1
    assert h.extra == {"rev": "2", "screen": "128x64"}
    assert len(logic.hello()) - 1 <= protocol.MAX_LINE


def test_version_1_frames_are_unchanged():
    logic = pad()
    (ack,) = replies(logic, host(4, "LED", "blink", 1, 2, 3))
    assert ack.args == ("4",)
    assert replies(logic, host(5, "PING"))[0].verb == "PONG"
    assert [f.verb for f in protocol.FrameDecoder(protocol.PAD_TO_HOST).feed(logic.key("#").encode())] == ["KEY"]


# ---- strict CRC field --------------------------------------------------------------------------


def test_crc_field_must_be_four_hex_digits():
    payload = b"12 PING"
    crc = pl.crc16(payload)
    assert pl.decode(payload + b"*%04X" % crc) == (12, "PING", [])
    assert pl.decode(payload + b"*%04x" % crc) == (12, "PING", [])
    spelled = b"%04X" % crc
    assert pl.decode(payload + b"*" + spelled[:2] + b"_" + spelled[3:]) is None


def test_loose_crc_fields_with_a_matching_value_are_refused():
    """Find payloads whose CRC int() would accept in a loose spelling, and check they fail."""
    rnd = random.Random(5)
    found = 0
    for _ in range(20000):
        payload = b"%d PING" % rnd.randrange(65536)
        crc = pl.crc16(payload)
        if crc < 0x100:  # "0x1A" spells 0x001A for int()
            assert pl.decode(payload + b"*0x%02X" % crc) is None
            found += 1
        if crc < 0x1000:  # "+1AB", " 1AB" spell 0x01AB
            assert pl.decode(payload + b"*+%03X" % crc) is None
            assert pl.decode(payload + b"* %03X" % crc) is None
            assert pl.decode(payload + b"*%03X" % crc) is None  # too short
    assert found > 0


def test_double_spaces_and_bad_verbs_are_refused():
    for payload in (b"1  PING", b"1 PING ", b"1 ping", b"1 LED steady  1 2 3", b"1 TOOLONGVERB"):
        assert pl.decode(payload + b"*%04X" % pl.crc16(payload)) is None, payload


def test_the_examples_in_the_protocol_document():
    """Every frame written out in docs/pad-protocol.md is valid, and means what the page says."""
    import re

    doc = (FIRMWARE.parent / "docs" / "pad-protocol.md").read_text()
    lines = re.findall(r"^(\d+ [A-Z?]+(?: \S+)*\*[0-9A-F]{4})$", doc, re.M)
    lines += re.findall(r"`(\d+ [A-Z?]+[^`]*\*[0-9A-F]{4})`", doc)
    decoded = {}
    for line in lines:
        frame = pl.decode(line.encode())
        assert frame is not None, line
        decoded[frame[1]] = frame
    assert pl.text_from(decoded["TEXT"][2][1:]) == "Tvůj součet: 37"
    assert pl.text_from(decoded["HINT"][2][1:]) == "Lovec (3)"
    assert decoded["ENTRY"][2][:2] == ["type", "2"]
    assert pl.text_from(decoded["ENTRY"][2][2:]) == "# = zamknout"
    hello = protocol.parse_hello(protocol.WireFrame(*decoded["HELLO"][:2], tuple(decoded["HELLO"][2])))
    assert hello.extra == {"rev": "2", "screen": "128x32"}
    logic = pad()
    for verb in ("ENTRY", "HINT", "TEXT"):
        seq, v, args = decoded[verb]
        assert replies(logic, protocol.encode_frame(seq, v, *args))[0].verb == "ACK"
    press(logic, "3")
    assert logic.screen_lines(0)[1:] == ["Tvůj součet: 37", "3 Lovec (3)?", "# = zamknout"]
