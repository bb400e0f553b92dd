"""The host's frame decoder: only whole, checked, known frames get through; the rest is counted."""

import random

import pytest

from companion.hw import protocol as p
from companion.surface.frame import LedState


def key(seq, k):
    return p.encode_frame(seq, "KEY", k)


def test_encode_matches_documented_example():
    assert p.encode_frame(0, "PING") == b"0 PING*%04X\n" % p.crc16(b"0 PING")
    assert p.crc16(b"123456789") == 0x29B1
    with pytest.raises(ValueError):
        p.encode_frame(1, "KEY", "a b")
    with pytest.raises(ValueError):
        p.encode_frame(1, "KEY", "x" * 200)


def test_frames_split_anywhere_are_never_half_yielded():
    stream = b"".join(key(i, k) for i, k in enumerate("123456789*0#"))
    for cut in range(1, len(stream)):
        dec = p.FrameDecoder()
        first = dec.feed(stream[:cut])
        assert all(f.verb == "KEY" for f in first)
        got = first + dec.feed(stream[cut:])
        assert [f.args[0] for f in got] == list("123456789*0#")
    byte_by_byte = p.FrameDecoder()
    got = [f for i in range(len(stream)) for f in byte_by_byte.feed(stream[i : i + 1])]
    assert len(got) == 12 and byte_by_byte.dropped == {}


def test_crlf_and_lowercase_crc_are_accepted():
    line = key(3, "5")
    assert p.FrameDecoder().feed(line[:-1] + b"\r\n") == [p.WireFrame(3, "KEY", ("5",))]
    assert p.FrameDecoder().feed(line[:-5] + line[-5:-1].lower() + b"\n")[0].args == ("5",)


@pytest.mark.parametrize(
    "line, reason",
    [
        (key(1, "5")[:-3] + b"\n", p.TRUNCATED),  # cut inside the CRC
        (b"12 KEY 5\n", p.TRUNCATED),  # no CRC at all
        (key(1, "5").replace(b"KEY 5", b"KEY 6"), p.CRC),  # a flipped bit
        (b"\x03" + key(1, "5"), p.NON_ASCII),  # Ctrl-C glued to a frame
        (b"caf\xc3\xa9\n", p.NON_ASCII),
        (b">>> \n", p.REPL_NOISE),
        (b"Traceback (most recent call last):\n", p.REPL_NOISE),
        (b'  File "main.py", line 3, in <module>\n', p.REPL_NOISE),
        (b"KeyboardInterrupt: \n", p.REPL_NOISE),
        (b"MicroPython v1.22.2 on 2024-02-22; Raspberry Pi Pico with RP2040\n", p.REPL_NOISE),
        (b"hello from print()\n", p.REPL_NOISE),
        (p.encode_frame(1, "PING"), p.UNKNOWN_VERB),  # the host's own verb echoed
        (p.encode_frame(1, "KEY", "A"), p.BAD_ARGS),
        (p.encode_frame(1, "KEY", "1", "2"), p.BAD_ARGS),
        (p.encode_frame(1, "ACK", "x"), p.BAD_ARGS),
        (p.encode_frame(1, "PONG", "1"), p.BAD_ARGS),
        (p.encode_frame(1, "HELLO", "fw=1", "id=AB"), p.BAD_ARGS),  # no proto=
        (b"x KEY 5*%04X\n" % p.crc16(b"x KEY 5"), p.MALFORMED),
        (b"1  KEY 5*%04X\n" % p.crc16(b"1  KEY 5"), p.MALFORMED),
    ],
)
def test_damaged_lines_are_dropped_with_a_reason(line, reason):
    dec = p.FrameDecoder()
    assert dec.feed(line + key(2, "7")) == [p.WireFrame(2, "KEY", ("7",))]  # resynced at once
    assert dec.dropped == {reason: 1}


def test_overlong_line_is_dropped_and_the_buffer_stays_bounded():
    dec = p.FrameDecoder(max_line=128)
    assert dec.feed(b"9" * 100) == []
    for _ in range(100):
        assert dec.feed(b"9" * 1000) == []
        assert dec.pending <= 129
    assert dec.feed(b"tail\n" + key(1, "1")) == [p.WireFrame(1, "KEY", ("1",))]
    assert dec.dropped == {p.OVERLONG: 1}
    assert dec.feed(b"x" * 300 + b"\n" + key(2, "2")) == [p.WireFrame(2, "KEY", ("2",))]
    assert dec.dropped == {p.OVERLONG: 2}


def test_flush_counts_a_line_cut_by_an_unplug():
    dec = p.FrameDecoder()
    dec.feed(key(1, "1")[:6])
    dec.flush()
    assert dec.dropped == {p.TRUNCATED: 1} and dec.pending == 0


def test_a_megabyte_of_noise_yields_nothing():
    rnd = random.Random(7)
    dec = p.FrameDecoder()
    noise = rnd.randbytes(1 << 20)
    frames = [f for i in range(0, len(noise), 777) for f in dec.feed(noise[i : i + 777])]
    assert frames == []
    assert sum(dec.dropped.values()) > 0
    assert dec.feed(b"\n" + key(5, "#")) == [p.WireFrame(5, "KEY", ("#",))]


def test_host_direction_decoder_for_pads_and_tests():
    dec = p.FrameDecoder(p.HOST_TO_PAD)
    data = (
        p.encode_frame(1, "LED", "blink", 255, 0, 0)
        + p.encode_frame(2, "PING")
        + p.encode_frame(3, "ID?")
        + p.encode_frame(4, "LED", "steady", 1, 2, 256)
        + key(5, "1")
    )
    assert [f.verb for f in dec.feed(data)] == ["LED", "PING", "ID?"]
    assert dec.dropped == {p.BAD_ARGS: 1, p.UNKNOWN_VERB: 1}


def test_hello_and_version_messages():
    f = p.FrameDecoder().feed(p.encode_frame(0, "HELLO", "proto=1", "fw=1.0.0", "id=E661", "extra=yes"))[0]
    h = p.parse_hello(f)
    assert (h.proto, h.fw, h.board_id, h.extra, h.compatible) == (1, "1.0.0", "E661", {"extra": "yes"}, True)
    assert p.version_problem(h) is None
    old = p.Hello(0, "0.3", "E661")
    assert "update the pad firmware" in p.version_problem(old, "/dev/ttyACM0")
    assert "/dev/ttyACM0" in p.version_problem(old, "/dev/ttyACM0")
    assert "update companion" in p.version_problem(p.Hello(2, "2.0", "E661"))
    # a future pad may change everything but proto=: still parsed, so the message can be shown
    future = p.FrameDecoder().feed(p.encode_frame(0, "HELLO", "proto=2", "uid=xyz"))[0]
    assert p.parse_hello(future).proto == 2
    with pytest.raises(ValueError):
        p.parse_hello(p.WireFrame(0, "HELLO", ("proto=1", "fw=1.0", "id=bad id!")))


def test_led_args_from_states():
    assert p.led_args(LedState("white", "blink")) == ("blink", 255, 255, 255)
    assert p.led_args(LedState("green", "steady")) == ("steady", 0, 255, 0)
    assert p.led_args(LedState("green", "off")) == ("off", 0, 0, 0)
    assert p.led_args(LedState()) == ("off", 0, 0, 0)
    with pytest.raises(ValueError):
        p.led_args(LedState("mauve", "steady"))
    with pytest.raises(ValueError):
        p.led_args(LedState("red", "pulse"))


def test_frame_examples_in_the_docs_are_valid():
    import pathlib
    import re

    doc = (pathlib.Path(__file__).resolve().parents[2] / "docs" / "pad-protocol.md").read_text()
    examples = re.findall(r"`([0-9]+ [A-Z?]+[^`]*\*[0-9A-F]{4})`", doc)
    assert len(examples) >= 3
    for ex in examples:
        frames = p.FrameDecoder(p.PAD_TO_HOST).feed(ex.encode() + b"\n") + p.FrameDecoder(p.HOST_TO_PAD).feed(
            ex.encode() + b"\n"
        )
        assert len(frames) == 1, ex


def test_the_crc_field_is_exactly_four_hex_digits():
    """int(x, 16) alone takes a sign, spaces, 0x and underscores: none of them is a CRC."""
    payload = b"3 KEY 5"
    decoder = p.FrameDecoder()
    assert len(decoder.feed(payload + b"*%04X\n" % p.crc16(payload))) == 1
    assert len(decoder.feed(payload + b"*%04x\n" % p.crc16(payload))) == 1
    # a frame whose CRC is below 0x100, so that each odd spelling still means the right number
    small = next(b"%d KEY 5" % n for n in range(1000) if p.crc16(b"%d KEY 5" % n) < 0x100)
    crc = p.crc16(small)
    for field in (b" %03X" % crc, b"+%03X" % crc, b"0x%02X" % crc, b"0_%02X" % crc, b"%03X " % crc):
        assert int(field, 16) == crc  # what a lenient parser would have accepted
        assert decoder.feed(small + b"*" + field + b"\n") == []
    assert decoder.feed(small + b"*%04X\n" % crc) != []


def test_unicode_digits_are_not_numbers():
    assert not p._is_uint("²", 10) and not p._is_uint("١", 10) and p._is_uint("7", 10)
