"""The pad line protocol, host side: framing, CRC, validation, versioning. Pure: no I/O.

A frame is one ASCII line ``<seq> <VERB> <args...>*<CRC16 hex4>\\n``. The CRC is
CRC-16/CCITT-FALSE over everything before the ``*``. The pad shares its USB serial port with
the MicroPython REPL, so the decoder must survive banners, tracebacks, echoes, line noise and
lines cut by a reset, and never act on any of them. See docs/pad-protocol.md.

Version 2 adds a pad's screen: ``screen=`` and ``rev=`` in HELLO and the box-to-pad verbs TEXT,
ENTRY, HINT and CLEAR. ``proto=`` stays 1 (version 2 only adds), so either side of any version
works with the other; screen frames go only to pads that announced a screen.
"""

from __future__ import annotations

import binascii
import re
from collections import Counter
from dataclasses import dataclass, field

from ..surface.events import PAD_KEYS
from ..surface.frame import LED_MODES, LedState
from ..surface.pad_screen import MAX_CODE, MAX_HINTS, PAD_CHARS, SCREEN_COLS  # noqa: F401  (the protocol's limits)
from .base import COLOURS

PROTO_VERSION = 1  # HELLO proto=: the compatibility level (version 2 only adds frames)
PROTO_REVISION = 2  # the newest protocol version this box speaks (a pad's rev=)
MAX_LINE = 128  # bytes per line, without the line ending
SEQ_MOD = 65536  # sequence numbers run 0..65535 and wrap
BLINK_ON_MS = 500  # the pad's blink phases (fixed by the protocol, so all pads agree)
BLINK_OFF_MS = 500

# Drop reasons, the keys of FrameDecoder.dropped
CRC = "crc"  # CRC field present, checksum wrong
TRUNCATED = "truncated"  # looks like a frame but has no complete *CRC field (cut by a reset)
OVERLONG = "overlong"  # more than MAX_LINE bytes before a newline
UNKNOWN_VERB = "unknown_verb"  # valid frame, verb not spoken in this direction
BAD_ARGS = "bad_args"  # known verb, arguments do not fit it
NON_ASCII = "non_ascii"  # bytes outside printable ASCII (line noise, 0x03 from Ctrl-C)
REPL_NOISE = "repl_noise"  # REPL prompt, banner, traceback, stray print output
MALFORMED = "malformed"  # checksum fine but no valid sequence number or verb


# The pad's screen (version 2): 8x8 text cells, 16 columns; 4 rows on 128x32, 8 on 128x64.
SCREEN_SIZES = ((128, 32), (128, 64))
CELL_PX = 8
ENTRY_MODES = ("none", "echo", "key", "type")

_TOKEN = re.compile(r"[!-~]+")  # one printable, non-space ASCII run
_BOARD_ID = re.compile(r"[0-9A-Za-z_-]{1,32}")
_FW = re.compile(r"[0-9A-Za-z._+-]{1,16}")
_SEQ = re.compile(r"[0-9]{1,5}")
_VERB = re.compile(r"[A-Z][A-Z?]{0,7}")
_BAD_BYTE = re.compile(rb"[^\x20-\x7e]")
_FRAMELIKE = re.compile(rb"[0-9]{1,5} [A-Z]")
_REPL_PREFIXES = (
    b">>>",
    b"...",
    b"Traceback",
    b"  File ",
    b"MicroPython",
    b"MPY:",
    b"Type \"help",
    b"raw REPL",
    b"soft reboot",
)
_EXC_LINE = re.compile(rb"[A-Za-z_.]*(Error|Exception|Interrupt|Exit)\b")


_CRC_FIELD = re.compile(rb"[0-9A-Fa-f]{4}")


def crc16(data: bytes) -> int:
    """CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF); crc16(b"123456789") == 0x29B1."""
    return binascii.crc_hqx(data, 0xFFFF)


def _is_uint(s: str, limit: int) -> bool:
    """ASCII digits only: str.isdigit() also takes "²", which int() refuses."""
    return s.isascii() and s.isdigit() and len(s) <= 5 and int(s) < limit


def _hello_ok(args: tuple[str, ...]) -> bool:
    # Only proto= is frozen across versions; fw= and id= are checked after the version check
    # so that an older or newer pad still gets a readable "update" message.
    kv = _kv(args)
    return kv is not None and _is_uint(kv.get("proto", ""), SEQ_MOD)


def _kv(args: tuple[str, ...]) -> dict[str, str] | None:
    out = {}
    for a in args:
        k, sep, v = a.partition("=")
        if not sep or not k:
            return None
        out[k] = v
    return out


# verb -> argument check; the direction is part of the protocol (a pad never sends PING, so the
# host's own PING echoed by a crashed pad's REPL is an unknown verb, not a reply).
PAD_TO_HOST = {
    "HELLO": _hello_ok,
    "KEY": lambda a: len(a) == 1 and a[0] in PAD_KEYS,
    "PONG": lambda a: not a,
    "ACK": lambda a: len(a) == 1 and _is_uint(a[0], SEQ_MOD),
    "ERR": lambda a: len(a) >= 1,
}
HOST_TO_PAD = {
    "LED": lambda a: len(a) == 4 and a[0] in LED_MODES and all(_is_uint(x, 256) for x in a[1:]),
    "PING": lambda a: not a,
    "ID?": lambda a: not a,
    "REPL": lambda a: not a,
    "TEXT": lambda a: _text_frame_ok(a),
    "ENTRY": lambda a: _entry_frame_ok(a),
    "HINT": lambda a: _hint_frame_ok(a),
    "CLEAR": lambda a: not a,
}
SCREEN_VERBS = ("TEXT", "ENTRY", "HINT", "CLEAR")


def _text_frame_ok(args: tuple[str, ...]) -> bool:
    """TEXT <row> <text>: the frame's own bounds (the row count depends on the pad's size)."""
    return len(args) >= 1 and _is_uint(args[0], 8) and len(args[0]) <= 2 and screen_text_fits(text_from_args(args[1:]))


def _entry_frame_ok(args: tuple[str, ...]) -> bool:
    if len(args) < 2 or args[0] not in ENTRY_MODES or not _is_uint(args[1], 17) or len(args[1]) > 2:
        return False
    mode, width = args[0], int(args[1])
    if (mode == "key" and width != 1) or (mode == "type" and not 1 <= width <= MAX_CODE):
        return False
    return screen_text_fits(text_from_args(args[2:]))


def _hint_frame_ok(args: tuple[str, ...]) -> bool:
    if not args:
        return False
    code = args[0]
    if code not in ("#", "*") and not (code.isascii() and code.isdigit() and len(code) <= MAX_CODE):
        return False
    return screen_text_fits(text_from_args(args[1:]), SCREEN_COLS - 2 - max(1, len(code)))


def text_args(text: str) -> tuple[str, ...]:
    """A screen text -> the frame arguments that carry it (docs/pad-protocol.md, *Text on the
    wire*): UTF-8 with ``%`` and every byte outside 0x21-0x7E written ``%XX``; single spaces
    between words are the separators, any other space is ``%20``; an empty text is no args."""
    if not text:
        return ()
    words = text.split(" ")
    if "" in words:  # a leading, trailing or doubled space cannot be a separator
        return (_escaped(text),)
    return tuple(_escaped(word) for word in words)


def _escaped(text: str) -> str:
    return "".join(chr(b) if 0x21 <= b <= 0x7E and b != 0x25 else f"%{b:02X}" for b in text.encode("utf-8"))


_ESCAPE = re.compile(r"%([0-9A-Fa-f]{2})")


def text_from_args(args: tuple[str, ...]) -> str | None:
    """A frame's arguments -> the text; None when an escape or the UTF-8 is broken."""
    joined = " ".join(args)
    if "%" in _ESCAPE.sub("", joined):
        return None
    raw = _ESCAPE.sub(lambda m: "\x00" + m.group(1), joined)
    out = bytearray()
    parts = raw.split("\x00")
    out += parts[0].encode("ascii")
    for part in parts[1:]:
        out.append(int(part[:2], 16))
        out += part[2:].encode("ascii")
    try:
        return out.decode("utf-8")
    except UnicodeDecodeError:
        return None


def screen_text_fits(text: str | None, room: int = SCREEN_COLS) -> bool:
    """True when the pad draws ``text`` whole: at most ``room`` characters, all in its font."""
    return text is not None and len(text) <= room and all(c in PAD_CHARS for c in text)


@dataclass(frozen=True)
class WireFrame:
    """One line of the pad protocol, decoded: its sequence number, verb and arguments (the
    panel's picture is another thing, ``surface.frame.Frame``)."""

    seq: int
    verb: str
    args: tuple[str, ...] = ()


@dataclass(frozen=True)
class Hello:
    """What a pad says about itself. ``board_id`` comes from the RP2040's flash unique id."""

    proto: int
    fw: str
    board_id: str
    extra: dict = field(default_factory=dict, compare=False)

    @property
    def compatible(self) -> bool:
        return self.proto == PROTO_VERSION

    @property
    def rev(self) -> int:
        """The newest protocol version the pad speaks (1 when it does not say)."""
        rev = self.extra.get("rev", "")
        return int(rev) if _is_uint(rev, SEQ_MOD) and int(rev) > 0 else 1

    @property
    def screen(self) -> tuple[int, int] | None:
        """The pad's screen (width, height) in pixels, or None: no ``screen=``, ``none``, a
        size this box cannot fill, or a pad of version 1 (which has no screen frames)."""
        if self.rev < 2:
            return None
        text = self.extra.get("screen", "none")
        width, sep, height = text.partition("x")
        if not (sep and _is_uint(width, 10000) and _is_uint(height, 10000)):
            return None
        size = (int(width), int(height))
        return size if size in SCREEN_SIZES else None

    @property
    def screen_rows(self) -> int:
        """Text rows of the pad's screen, 0 without one."""
        return self.screen[1] // CELL_PX if self.screen else 0


def encode_frame(seq: int, verb: str, *args: object) -> bytes:
    """One frame with its CRC and a bare LF; arguments are printable tokens (``*`` is fine: the
    CRC field is found from the right)."""
    parts = [str(seq % SEQ_MOD), verb]
    for a in args:
        s = str(a)
        if not _TOKEN.fullmatch(s):
            raise ValueError(f"frame argument {s!r} is not a printable token")
        parts.append(s)
    payload = " ".join(parts).encode("ascii")
    if len(payload) + 5 > MAX_LINE:
        raise ValueError("frame longer than MAX_LINE")
    return b"%s*%04X\n" % (payload, crc16(payload))


def led_args(state: LedState) -> tuple[str, int, int, int]:
    """LedState -> LED frame arguments; mode off (or colour off) sends black."""
    if state.mode not in LED_MODES:
        raise ValueError(f"unknown LED mode {state.mode!r}")
    if state.colour not in COLOURS:
        raise ValueError(f"unknown LED colour {state.colour!r}")
    r, g, b = COLOURS[state.colour]
    if state.mode == "off" or (r, g, b) == (0, 0, 0):
        return ("off", 0, 0, 0)
    return (state.mode, r, g, b)


def parse_hello(frame: WireFrame) -> Hello:
    """HELLO proto=<n> fw=<version> id=<board id> [more=...]; raises ValueError if unusable."""
    kv = _kv(frame.args)
    if frame.verb != "HELLO" or kv is None or not _is_uint(kv.get("proto", ""), SEQ_MOD):
        raise ValueError("not a HELLO frame")
    proto = int(kv.pop("proto"))
    fw = kv.pop("fw", "?")
    board = kv.pop("id", "")
    if proto == PROTO_VERSION and not (_FW.fullmatch(fw) and _BOARD_ID.fullmatch(board)):
        raise ValueError("HELLO without a valid fw= and id=")
    return Hello(proto, fw, board, kv)


def version_problem(hello: Hello, port: str = "") -> str | None:
    """A sentence for the log and the screen when a pad speaks another protocol version."""
    if hello.compatible:
        return None
    where = f" on {port}" if port else ""
    who = f"Pad {hello.board_id or '?'}{where} (firmware {hello.fw})"
    if hello.proto < PROTO_VERSION:
        return (
            f"{who} speaks pad protocol {hello.proto}, this box needs {PROTO_VERSION}: "
            "update the pad firmware (firmware_scripts/deploy.sh)."
        )
    return (
        f"{who} speaks pad protocol {hello.proto}, newer than this box's {PROTO_VERSION}: "
        "update companion, or flash the matching pad firmware."
    )


class FrameDecoder:
    """Bytes in arbitrary chunks -> valid frames; everything else is dropped and counted.

    Bounded: at most ``max_line`` bytes are held; a longer line is discarded up to its newline.
    Only whole lines are ever parsed, so a frame split across reads is never half-yielded.
    """

    def __init__(self, verbs: dict = PAD_TO_HOST, max_line: int = MAX_LINE):
        self.verbs = verbs
        self.max_line = max_line
        self.dropped: Counter[str] = Counter()
        self.accepted = 0
        self._buf = bytearray()
        self._skipping = False  # inside an overlong line, waiting for its newline

    def feed(self, data: bytes) -> list[WireFrame]:
        out: list[WireFrame] = []
        if self._skipping:
            nl = data.find(b"\n")
            if nl < 0:
                return out
            data = data[nl + 1 :]
            self._skipping = False
        buf = self._buf
        buf += data
        start = 0
        limit = self.max_line + 1  # room for a trailing \r
        while True:
            nl = buf.find(b"\n", start)
            if nl < 0:
                break
            if nl - start > limit:
                self.dropped[OVERLONG] += 1
            else:
                frame = self._line(bytes(buf[start:nl]))
                if frame is not None:
                    out.append(frame)
            start = nl + 1
        del buf[:start]
        if len(buf) > limit:
            self.dropped[OVERLONG] += 1
            buf.clear()
            self._skipping = True
        return out

    def flush(self) -> None:
        """The link went away: a pending partial line can never complete."""
        if self._buf:
            self.dropped[TRUNCATED] += 1
        self._buf.clear()
        self._skipping = False

    @property
    def pending(self) -> int:
        return len(self._buf)

    def _line(self, line: bytes) -> WireFrame | None:
        if line.endswith(b"\r"):
            line = line[:-1]
        if not line:
            return None
        reason = self._reason(line)
        if isinstance(reason, WireFrame):
            self.accepted += 1
            return reason
        self.dropped[reason] += 1
        return None

    def _reason(self, line: bytes) -> WireFrame | str:
        """The frame on ``line``, or why it is dropped: noise first, then the CRC, then grammar."""
        noise = _noise_reason(line)
        if noise is not None:
            return noise
        payload = _checked_payload(line)
        if isinstance(payload, str):
            return payload
        return self._parse(payload.decode("ascii"))

    def _parse(self, payload: str) -> WireFrame | str:
        """A payload whose CRC matched: sequence number, a verb of this direction, its arguments."""
        parts = payload.split(" ")
        if not _well_formed(parts):
            return MALFORMED
        check = self.verbs.get(parts[1])
        if check is None:
            return UNKNOWN_VERB
        args = tuple(parts[2:])
        if not check(args):
            return BAD_ARGS
        return WireFrame(int(parts[0]), parts[1], args)


def _noise_reason(line: bytes) -> str | None:
    """REPL output and line noise are recognised before any frame parsing."""
    if line.startswith(_REPL_PREFIXES) or _EXC_LINE.match(line):
        return REPL_NOISE
    if _BAD_BYTE.search(line):
        return NON_ASCII
    return None


def _checked_payload(line: bytes) -> bytes | str:
    """The bytes before ``*CRC`` when the checksum matches, else the drop reason."""
    star = line.rfind(b"*")
    want = _crc_field(line[star + 1 :]) if star >= 0 else None
    if want is None:  # a frame cut by a reset has no whole CRC field; anything else is chatter
        return TRUNCATED if _FRAMELIKE.match(line) else REPL_NOISE
    payload = line[:star]
    return payload if crc16(payload) == want else CRC


def _crc_field(tail: bytes) -> int | None:
    """The CRC written after ``*``: exactly four hex digits, or None. Strict: ``int(x, 16)``
    alone would also take " 1AB", "+1AB", "0x1A" and "1_AB"."""
    if _CRC_FIELD.fullmatch(tail) is None:
        return None
    return int(tail, 16)


def _well_formed(parts: list[str]) -> bool:
    """``<seq> <VERB> <args...>`` with single spaces and a sequence number below SEQ_MOD."""
    return (
        len(parts) >= 2
        and _SEQ.fullmatch(parts[0]) is not None
        and int(parts[0]) < SEQ_MOD
        and _VERB.fullmatch(parts[1]) is not None
        and "" not in parts
    )
