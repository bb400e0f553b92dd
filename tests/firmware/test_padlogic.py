"""padlogic.py under CPython: debouncing, keypad decoding, framing, commands, LED timing."""

import ast
import binascii
import random

import pytest

from companion.hw import protocol

from . import FIRMWARE, load_padlogic

pl = load_padlogic()
PERIOD = pl.TICKS_PERIOD


# ---- ticks -------------------------------------------------------------------------------


def test_ticks_diff_is_signed_and_wrap_safe():
    assert pl.ticks_diff(10, 3) == 7
    assert pl.ticks_diff(3, 10) == -7
    assert pl.ticks_diff(5, PERIOD - 5) == 10  # 5 ms after the wrap
    assert pl.ticks_diff(PERIOD - 5, 5) == -10
    assert pl.ticks_add(PERIOD - 5, 10) == 5
    assert pl.ticks_diff(3, 250, period=256) == 9  # any period, e.g. a short test one


# ---- debouncing --------------------------------------------------------------------------


def run(deb, samples):
    """samples: (time, raw level) pairs, each held until the next; events as (time, level)."""
    out = []
    for t, level in samples:
        e = deb.update(level, t % deb.period)
        if e is not None:
            out.append((t, e))
    return out


def hold(start, stop, level, step=1):
    return [(t, level) for t in range(start, stop, step)]


def test_bounce_on_press_and_release_gives_one_event_each():
    bouncy = [(0, 1), (1, 0), (2, 1), (4, 0), (5, 1)] + hold(6, 60, 1)
    release = [(60, 0), (61, 1), (63, 0)] + hold(64, 120, 0)
    events = run(pl.Debouncer(stable_ms=20), bouncy + release)
    assert [e for _, e in events] == [True, False]
    assert events[0][0] == 25 and events[1][0] == 83  # stable for 20 ms after the last bounce


def test_glitch_shorter_than_stable_time_is_rejected():
    samples = hold(0, 10, 0) + hold(10, 25, 1) + hold(25, 100, 0)
    assert run(pl.Debouncer(stable_ms=20), samples) == []


def test_debounce_across_ticks_wraparound():
    start = PERIOD - 10
    samples = hold(start, start + 50, 1) + hold(start + 50, start + 100, 0)
    events = run(pl.Debouncer(stable_ms=20), samples)
    assert [(t - start, e) for t, e in events] == [(20, True), (70, False)]


def test_keypad_debouncer_reports_downs_and_keeps_state_on_ambiguous_scans():
    kd = pl.KeypadDebouncer(stable_ms=10)
    downs = []
    for t in range(40):
        downs += kd.update({"5"} if t < 30 else None, t)
    assert downs == ["5"]
    for t in range(40, 80):  # released, then "5" and "#" together
        downs += kd.update(set() if t < 60 else {"5", "#"}, t)
    assert downs == ["5", "5", "#"]


# ---- keypad matrix -----------------------------------------------------------------------


def levels_for(keys):
    """Raw readings with pull-ups: bit c is 0 where row r / column c is pressed."""
    out = []
    for row in pl.LAYOUT:
        m = 0b111
        for c, k in enumerate(row):
            if k in keys:
                m &= ~(1 << c)
        out.append(m)
    return out


@pytest.mark.parametrize("key", list(pl.KEYS))
def test_each_key_decodes_alone(key):
    assert pl.decode_matrix(levels_for({key})) == {key}


def test_nothing_pressed_and_two_keys():
    assert pl.decode_matrix([0b111] * 4) == set()
    assert pl.decode_matrix(levels_for({"1", "#"})) == {"1", "#"}
    assert pl.decode_matrix([0b001, 0b100, 0, 0], active_low=False) == {"1", "6"}


def test_ghosting_rectangle_is_refused_not_guessed():
    # 1, 2 and 4 pressed: without diodes 5 reads as pressed too; the scan is ambiguous
    assert pl.decode_matrix(levels_for({"1", "2", "4", "5"})) is None


# ---- framing -----------------------------------------------------------------------------


def test_crc_matches_binascii_on_known_and_random_inputs():
    assert pl.crc16(b"123456789") == 0x29B1 == protocol.crc16(b"123456789")
    rnd = random.Random(1)
    for n in list(range(40)) + [rnd.randrange(1, 300) for _ in range(200)]:
        data = bytes(rnd.randrange(256) for _ in range(n))
        assert pl.crc16(data) == binascii.crc_hqx(data, 0xFFFF)


def test_pad_frames_decode_on_the_host_and_back():
    rnd = random.Random(2)
    dec = protocol.FrameDecoder(protocol.PAD_TO_HOST)
    for _ in range(300):
        seq = rnd.randrange(70000)
        key = rnd.choice(pl.KEYS)
        frames = dec.feed(pl.encode(seq, "KEY", (key,)).encode())
        assert frames == [protocol.WireFrame(seq % 65536, "KEY", (key,))]
    for _ in range(300):
        seq = rnd.randrange(65536)
        rgb = [rnd.randrange(256) for _ in range(3)]
        line = protocol.encode_frame(seq, "LED", "blink", *rgb)
        assert pl.decode(line[:-1]) == (seq, "LED", ["blink"] + [str(v) for v in rgb])
        assert pl.decode(line[:-1] + b"\r") is not None  # CRLF tolerated
    assert dec.dropped == {}


def test_decode_rejects_damage():
    good = protocol.encode_frame(7, "PING")[:-1]
    assert pl.decode(good) == (7, "PING", [])
    for bad in (
        good[:-1],
        good.replace(b"PING", b"PONG"),
        good[:3] + b"\xff" + good[4:],
        b"7 PING",
        b"",
        b"x" * 200,
        b"99999999 PING*0000",
    ):
        assert pl.decode(bad) is None


def test_line_buffer_drops_overlong_lines_and_resyncs():
    lb = pl.LineBuffer(max_len=16)
    assert lb.feed(b"a" * 40) == []
    assert lb.feed(b"bbb\nshort\nsp") == [b"short"]
    assert lb.feed(b"lit\n") == [b"split"]
    assert lb.dropped == 1


# ---- commands ----------------------------------------------------------------------------


def host(verb, *args, seq=1):
    return protocol.encode_frame(seq, verb, *args)


def replies(logic, data, now=0):
    dec = protocol.FrameDecoder(protocol.PAD_TO_HOST)
    out = dec.feed("".join(logic.feed(data, now)).encode())
    assert dec.dropped == {}
    return out


def test_ping_id_and_led_commands():
    logic = pl.PadLogic("E6614C311B7A7A37")
    (pong,) = replies(logic, host("PING", seq=5))
    assert pong.verb == "PONG"
    (hello,) = replies(logic, host("ID?"))
    h = protocol.parse_hello(hello)
    assert (h.board_id, h.compatible, h.fw) == ("E6614C311B7A7A37", True, pl.FW_VERSION)
    (ack,) = replies(logic, host("LED", "steady", 0, 255, 0, seq=42))
    assert (ack.verb, ack.args) == ("ACK", ("42",))
    assert logic.led_colour(1) == (0, 255, 0)
    assert [f.seq for f in (pong, hello, ack)] == [0, 1, 2]  # the pad numbers its frames


def test_bad_commands_are_ignored_without_reply():
    logic = pl.PadLogic("AB")
    for bad in (
        host("LED", "pulse", 1, 2, 3),
        host("LED", "steady", 1, 2, 300),
        host("LED", "steady", 1, 2),
        host("PING", "extra"),
        host("HELLO"),
        b"garbage\n",
        host("PING")[:-3] + b"0\n",
    ):
        assert replies(logic, bad) == []
    assert logic.bad_frames == 7
    assert logic.led_colour(0) == (0, 0, 0)


def test_led_blink_follows_time_and_survives_the_wrap():
    t0 = PERIOD - 700
    logic = pl.PadLogic("AB")
    replies(logic, host("LED", "blink", 255, 255, 255), now=t0)
    seen = {}
    for dt in range(0, 5000, 50):
        now = (t0 + dt) % PERIOD
        logic.feed(host("PING"), now)  # the host keeps pinging
        seen[dt] = logic.led_colour(now)
    on, off = (255, 255, 255), (0, 0, 0)
    assert all(seen[dt] == (on if dt % 1000 < 500 else off) for dt in seen)
    # the same state again keeps the phase; a new one restarts it
    replies(logic, host("LED", "blink", 255, 255, 255), now=(t0 + 5200) % PERIOD)
    assert logic.led_colour((t0 + 5700) % PERIOD) == off
    replies(logic, host("LED", "blink", 0, 0, 255), now=(t0 + 5700) % PERIOD)
    assert logic.led_colour((t0 + 5700) % PERIOD) == (0, 0, 255)
    replies(logic, host("LED", "off", 9, 9, 9), now=(t0 + 5800) % PERIOD)
    assert logic.led_colour((t0 + 5800) % PERIOD) == off


def test_led_goes_dark_when_the_host_falls_silent():
    logic = pl.PadLogic("AB", host_timeout_ms=10000)
    replies(logic, host("LED", "steady", 0, 0, 255), now=100)
    assert logic.led_colour(9000) == (0, 0, 255)
    assert logic.led_colour(10100) == (0, 0, 0)
    logic.feed(host("PING"), 10200)
    assert logic.led_colour(10300) == (0, 0, 255)


def test_ctrl_c_bytes_in_the_input_do_not_break_parsing():
    logic = pl.PadLogic("AB")
    stream = b"\x03\x03\n" + host("PING", seq=1) + b"\x03" + host("PING", seq=2) + b"\x03\r\n" + host("PING", seq=3)
    got = []
    for i in range(len(stream)):  # byte by byte, as main.py reads it
        got += replies(logic, stream[i : i + 1])
    # the frame glued to a 0x03 is lost; the ones after a newline come through
    assert [f.verb for f in got] == ["PONG", "PONG"]


def test_random_bytes_from_the_host_never_crash_or_act():
    logic = pl.PadLogic("AB")
    noise = random.Random(4).randbytes(1 << 16)
    out = []
    for i in range(0, len(noise), 61):
        out += logic.feed(noise[i : i + 61], i)
    assert out == [] and logic.mode == "off" and not logic.want_repl
    assert [f.verb for f in replies(logic, b"\n" + host("PING"))] == ["PONG"]


def test_repl_command_sets_the_flag_and_acks():
    logic = pl.PadLogic("AB")
    (ack,) = replies(logic, host("REPL", seq=9))
    assert ack.args == ("9",) and logic.want_repl


def test_duty_gamma_and_common_anode():
    assert pl.duty_u16(0) == 0 and pl.duty_u16(255) == 65535
    assert pl.duty_u16(128) < 65535 // 2
    assert pl.duty_u16(255, common_anode=True) == 0


# ---- MicroPython compatibility --------------------------------------------------------------


def test_padlogic_uses_only_what_micropython_has():
    tree = ast.parse((FIRMWARE / "padlogic.py").read_text())
    for node in ast.walk(tree):
        assert not isinstance(node, (ast.Import, ast.ImportFrom)), "padlogic imports nothing"
        assert not isinstance(node, ast.JoinedStr), "no f-strings on the pad"
        assert not isinstance(node, (ast.AnnAssign, ast.Match)), "no annotations or match"
        if isinstance(node, (ast.FunctionDef, ast.arg)):
            assert getattr(node, "returns", None) is None
            assert getattr(node, "annotation", None) is None


def test_main_imports_only_micropython_modules():
    tree = ast.parse((FIRMWARE / "main.py").read_text())
    names = set()
    for node in ast.walk(tree):
        assert not isinstance(node, ast.JoinedStr)
        if isinstance(node, ast.Import):
            names |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom):
            names.add(node.module)
    assert names <= {"sys", "time", "machine", "micropython", "select", "os", "padlogic", "padscreen"}
