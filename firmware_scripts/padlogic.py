# Pad firmware logic: pure, hardware-free, time passed in as a parameter.
#
# Runs unchanged under MicroPython (rp2) and CPython, so the host's test suite can exercise
# exactly the code that ships on the pad. Keep it that way: no f-strings, no typing, no
# dataclasses, no imports. main.py holds the pins and the loop; see docs/pad-protocol.md.

PROTO_VERSION = 1
FW_VERSION = "1.0.0"
MAX_LINE = 128
SEQ_MOD = 65536
TICKS_PERIOD = 1 << 30  # MicroPython rp2: ticks_ms() wraps at 2**30
BLINK_ON_MS = 500
BLINK_OFF_MS = 500
HOST_TIMEOUT_MS = 10000  # no frame from the host for this long: LED off (host stopped)

KEYS = "0123456789*#"

# The 4x3 matrix as wired: rows top to bottom, columns left to right.
LAYOUT = (
    ("1", "2", "3"),
    ("4", "5", "6"),
    ("7", "8", "9"),
    ("*", "0", "#"),
)


# ---- wrap-safe ticks -----------------------------------------------------------------------

def ticks_diff(a, b, period=TICKS_PERIOD):
    """Signed a - b on a clock that wraps at ``period`` (same as MicroPython time.ticks_diff)."""
    half = period // 2
    return ((a - b + half) % period) - half


def ticks_add(t, delta, period=TICKS_PERIOD):
    return (t + delta) % period


# ---- debouncing ----------------------------------------------------------------------------

class Debouncer:
    """Stable-time filter: a new level counts once it has held for ``stable_ms``.

    A bounce resets the wait, and a glitch shorter than ``stable_ms`` never gets through.
    """

    def __init__(self, stable_ms=20, period=TICKS_PERIOD):
        self.stable_ms = stable_ms
        self.period = period
        self.level = False      # debounced state
        self._candidate = False
        self._since = 0

    def update(self, raw, now):
        """Feed the raw level; returns True on a debounced press, False on release, else None."""
        raw = bool(raw)
        if raw != self._candidate:
            self._candidate = raw
            self._since = now
            return None
        if raw != self.level and ticks_diff(now, self._since, self.period) >= self.stable_ms:
            self.level = raw
            return raw
        return None


class KeypadDebouncer:
    """One debouncer per key; turns successive scans into key-down events."""

    def __init__(self, stable_ms=20, period=TICKS_PERIOD):
        self.keys = {}
        for k in KEYS:
            self.keys[k] = Debouncer(stable_ms, period)

    def update(self, pressed, now):
        """``pressed``: keys down in this scan, or None for an ambiguous scan (kept as before)."""
        downs = []
        if pressed is None:
            return downs
        for k in KEYS:
            if self.keys[k].update(k in pressed, now) is True:
                downs.append(k)
        return downs


def decode_matrix(col_levels, active_low=True):
    """Scan readings -> set of pressed keys, or None when ghosting makes the scan ambiguous.

    ``col_levels[r]`` is a bit mask of the column inputs read while row r was driven
    (bit c = column c). With pull-ups a pressed key reads 0, hence ``active_low``.
    Without diodes, three keys on the corners of a rectangle make the fourth look pressed;
    such a scan is refused rather than guessed.
    """
    masks = []
    for r in range(len(LAYOUT)):
        m = col_levels[r] & 0b111
        if active_low:
            m = ~m & 0b111
        masks.append(m)
    for i in range(len(masks)):
        for j in range(i + 1, len(masks)):
            common = masks[i] & masks[j]
            if common & (common - 1):  # two or more shared columns
                return None
    pressed = set()
    for r in range(len(LAYOUT)):
        for c in range(3):
            if masks[r] & (1 << c):
                pressed.add(LAYOUT[r][c])
    return pressed


# ---- framing -------------------------------------------------------------------------------

def crc16(data, crc=0xFFFF):
    """CRC-16/CCITT-FALSE, bit by bit; equals binascii.crc_hqx(data, 0xFFFF)."""
    for byte in data:
        crc ^= byte << 8
        for _ in range(8):
            if crc & 0x8000:
                crc = ((crc << 1) ^ 0x1021) & 0xFFFF
            else:
                crc = (crc << 1) & 0xFFFF
    return crc


def encode(seq, verb, args=()):
    """Frame as a str ending in LF: '<seq> <VERB> <args...>*<CRC16 hex4>'."""
    parts = [str(seq % SEQ_MOD), verb]
    for a in args:
        parts.append(str(a))
    payload = " ".join(parts)
    return "%s*%04X\n" % (payload, crc16(payload.encode()))


def decode(line):
    """One line (bytes, without LF) -> (seq, verb, args) or None if it is not a valid frame."""
    if line[-1:] == b"\r":
        line = line[:-1]
    if len(line) < 8 or len(line) > MAX_LINE:
        return None
    for b in line:
        if b < 32 or b > 126:
            return None
    star = line.rfind(b"*")
    if star < 0 or len(line) - star != 5:
        return None
    try:
        want = int(line[star + 1:].decode(), 16)
    except ValueError:
        return None
    payload = line[:star]
    if crc16(payload) != want:
        return None
    parts = payload.decode().split(" ")
    if len(parts) < 2 or not parts[0].isdigit() or len(parts[0]) > 5:
        return None
    seq = int(parts[0])
    if seq >= SEQ_MOD:
        return None
    return seq, parts[1], parts[2:]


class LineBuffer:
    """Bytes in any chunks -> whole lines; a line over ``max_len`` is dropped to its newline."""

    def __init__(self, max_len=MAX_LINE):
        self.max_len = max_len
        self.buf = bytearray()
        self.skipping = False
        self.dropped = 0

    def feed(self, data):
        lines = []
        for b in data:
            if b == 10:
                if self.skipping:
                    self.skipping = False
                else:
                    lines.append(bytes(self.buf))
                self.buf = bytearray()
            elif not self.skipping:
                if len(self.buf) >= self.max_len + 1:  # +1: a trailing CR
                    self.skipping = True
                    self.dropped += 1
                    self.buf = bytearray()
                else:
                    self.buf.append(b)
        return lines


# ---- the pad ---------------------------------------------------------------------------------

class PadLogic:
    """Command handling and LED state: everything the pad decides, minus the pins."""

    def __init__(self, board_id, fw=FW_VERSION, blink_on_ms=BLINK_ON_MS,
                 blink_off_ms=BLINK_OFF_MS, host_timeout_ms=HOST_TIMEOUT_MS,
                 period=TICKS_PERIOD):
        self.board_id = board_id
        self.fw = fw
        self.blink_on_ms = blink_on_ms
        self.blink_off_ms = blink_off_ms
        self.host_timeout_ms = host_timeout_ms
        self.period = period
        self.seq = 0
        self.mode = "off"
        self.rgb = (0, 0, 0)
        self.led_since = 0
        self.last_host = None  # tick of the last valid host frame
        self.want_repl = False
        self.bad_frames = 0
        self.lines = LineBuffer()

    def _frame(self, verb, args=()):
        s = encode(self.seq, verb, args)
        self.seq = (self.seq + 1) % SEQ_MOD
        return s

    def hello(self):
        return self._frame("HELLO", ("proto=%d" % PROTO_VERSION, "fw=" + self.fw,
                                     "id=" + self.board_id))

    def key(self, k):
        return self._frame("KEY", (k,))

    def feed(self, data, now):
        """Bytes from the host -> frames to send back (list of str)."""
        out = []
        for line in self.lines.feed(data):
            out.extend(self.handle_line(line, now))
        return out

    def handle_line(self, line, now):
        f = decode(line)
        if f is None:
            if line.strip():
                self.bad_frames += 1
            return []
        seq, verb, args = f
        if verb == "LED":
            if not self._set_led(args, now):
                self.bad_frames += 1
                return []
            self.last_host = now
            return [self._frame("ACK", (seq,))]
        if args:
            self.bad_frames += 1
            return []
        if verb == "PING":
            self.last_host = now
            return [self._frame("PONG")]
        if verb == "ID?":
            self.last_host = now
            return [self.hello()]
        if verb == "REPL":
            self.want_repl = True
            return [self._frame("ACK", (seq,))]
        self.bad_frames += 1
        return []

    def _set_led(self, args, now):
        if len(args) != 4 or args[0] not in ("off", "steady", "blink"):
            return False
        rgb = []
        for a in args[1:]:
            if not a.isdigit() or len(a) > 3 or int(a) > 255:
                return False
            rgb.append(int(a))
        rgb = tuple(rgb)
        if args[0] == "off":
            rgb = (0, 0, 0)
        if (args[0], rgb) != (self.mode, self.rgb):  # a repeat keeps the blink phase
            self.mode = args[0]
            self.rgb = rgb
            self.led_since = now
        return True

    def host_alive(self, now):
        if self.last_host is None or self.host_timeout_ms is None:
            return self.host_timeout_ms is None
        return ticks_diff(now, self.last_host, self.period) < self.host_timeout_ms

    def led_colour(self, now):
        """The (r, g, b) the LED shows at ``now``; dark when the host has gone quiet."""
        if self.mode == "off" or not self.host_alive(now):
            return (0, 0, 0)
        if self.mode == "steady":
            return self.rgb
        cycle = self.blink_on_ms + self.blink_off_ms
        phase = ticks_diff(now, self.led_since, self.period)
        if phase >= cycle:  # re-anchor so the phase never runs into the wrap
            self.led_since = ticks_add(self.led_since, (phase // cycle) * cycle, self.period)
            phase = phase % cycle
        if 0 <= phase < self.blink_on_ms:
            return self.rgb
        return (0, 0, 0)


def duty_u16(level, common_anode=False):
    """0..255 -> PWM duty 0..65535 with a square gamma, so low levels look low."""
    d = (level * level * 65535) // (255 * 255)
    return 65535 - d if common_anode else d
