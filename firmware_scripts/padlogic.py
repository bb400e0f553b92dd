# Pad firmware logic: pure, hardware-free, time passed in as a parameter.
#
# Runs unchanged under MicroPython (rp2) and CPython, so the host's test suite can exercise
# exactly the code that ships on the pad. Keep it that way: no f-strings, no typing, no
# dataclasses, no imports. main.py holds the pins and the loop; see docs/pad-protocol.md.

PROTO_VERSION = 1   # HELLO proto=: the compatibility level; version 2 only adds frames
PROTO_REVISION = 2  # HELLO rev=: the newest protocol version this firmware speaks
FW_VERSION = "2.0.0"
MAX_LINE = 128
SEQ_MOD = 65536
TICKS_PERIOD = 1 << 30  # MicroPython rp2: ticks_ms() wraps at 2**30
BLINK_ON_MS = 500
BLINK_OFF_MS = 500
HOST_TIMEOUT_MS = 10000  # no frame from the host for this long: LED off (host stopped)

KEYS = "0123456789*#"
HEX_DIGITS = "0123456789abcdefABCDEF"

# The screen (protocol version 2). Text cells are 8x8 pixels: 16 columns on every 128-wide
# screen, 4 rows on 128x32, 8 rows on 128x64.
SCREEN_SIZES = ((128, 32), (128, 64))
CELL = 8
MAX_TYPED = 16     # keys the pad keeps of one entry: a whole screen row (v1 boxes kept only 4)
MAX_CODE = 14      # widest typed code or number: its lock row, padlock + space + code, fits
MAX_HINTS = 32     # code meanings per prompt; more are refused
ENTRY_MODES = ("none", "echo", "key", "type")
SCREEN_VERBS = ("TEXT", "ENTRY", "HINT", "CLEAR")
ICON_LOCK = "\x01"   # drawn as a padlock: the pick is locked
ICON_WRONG = "\x02"  # drawn as a cross: "#" entered a code that means nothing here

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
    """One line (bytes, without LF) -> (seq, verb, args) or None if it is not a valid frame.

    Strict on purpose: the CRC field is exactly four hex digits (no sign, space, ``0x`` or
    ``_`` that int() would accept), the sequence number is 1-5 digits, the verb is upper-case
    letters and ``?``, and tokens are separated by single spaces.
    """
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
    field = line[star + 1:].decode()
    for c in field:
        if c not in HEX_DIGITS:
            return None
    payload = line[:star]
    if crc16(payload) != int(field, 16):
        return None
    parts = payload.decode().split(" ")
    if len(parts) < 2 or not _is_seq(parts[0]) or not _is_verb(parts[1]):
        return None
    for p in parts:
        if not p:  # doubled, leading or trailing space
            return None
    return int(parts[0]), parts[1], parts[2:]


def _is_seq(s):
    if not s or len(s) > 5:
        return False
    for c in s:
        if c < "0" or c > "9":
            return False
    return int(s) < SEQ_MOD


def _is_verb(s):
    if not s or len(s) > 8 or not ("A" <= s[0] <= "Z"):
        return False
    for c in s:
        if not ("A" <= c <= "Z" or c == "?"):
            return False
    return True


def _is_digits(s, most):
    if not s or len(s) > most:
        return False
    for c in s:
        if c < "0" or c > "9":
            return False
    return True


# ---- screen text on the wire ---------------------------------------------------------------

def text_tokens(text):
    """A text -> the frame arguments that carry it (what the box sends; used by the tests).

    UTF-8, with ``%`` and every byte outside 0x21-0x7E written ``%XX``; single spaces between
    words separate the arguments, any other space (leading, trailing, doubled) is ``%20``.
    """
    if not text:
        return []
    words = text.split(" ")
    for w in words:
        if not w:
            return [_escape(text)]
    return [_escape(w) for w in words]


def _escape(text):
    out = []
    for b in text.encode():
        if b < 0x21 or b > 0x7E or b == 0x25:
            out.append("%%%02X" % b)
        else:
            out.append(chr(b))
    return "".join(out)


def text_from(args):
    """Frame arguments -> the text, or None when the escapes or the UTF-8 are broken or the
    text holds a control character."""
    s = " ".join(args)
    raw = bytearray()
    i = 0
    while i < len(s):
        c = s[i]
        if c == "%":
            h = s[i + 1:i + 3]
            if len(h) != 2 or h[0] not in HEX_DIGITS or h[1] not in HEX_DIGITS:
                return None
            raw.append(int(h, 16))
            i += 3
        else:
            raw.append(ord(c))
            i += 1
    try:
        text = bytes(raw).decode("utf-8")
    except UnicodeError:
        return None
    for c in text:
        if c < " " or "\x7f" <= c <= "\x9f":
            return None
    return text


def padded(code, width):
    """Digit codes get leading zeros ("3" -> "03"), as the box compares them."""
    if not _is_digits(code, MAX_TYPED):
        return code
    return "0" * (width - len(code)) + code


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


# ---- the screen ------------------------------------------------------------------------------

class ScreenState:
    """What a pad with a screen shows: the box's rows, plus its own echo of the keys typed.

    The box owns ``rows`` (TEXT frames). While an entry is under way the pad draws over the
    bottom rows on its own, without waiting for the box: the keys typed so far, what they mean
    (from the box's HINT frames) and whether the pick is locked. The rules mirror the box's key
    handling, so the echo shows what the box makes of the same keys:

    - ``type``: digits fill a rolling window of ``width`` (at most MAX_CODE) keys, ``*`` clears,
      ``#`` locks the code (zero-padded to ``width``) if a HINT names it, or the number typed
      when the prompt has no hints; ``#``/``*`` alone lock when a HINT names them.
    - ``key``: a key that a HINT names locks at once (lands 1-9, yes/no).
    - ``echo``: the last ``MAX_TYPED`` keys, nothing locks (the state before any ENTRY, so a
      screen pad on a version-1 box still shows what was typed).
    - ``none``: no echo (maps moved with 2/4/6/8, confirmations).
    """

    def __init__(self, width_px, height_px):
        self.size = (width_px, height_px)
        self.cols = width_px // CELL
        self.nrows = height_px // CELL
        self.rows = [""] * self.nrows
        self.heard = False          # a screen frame has arrived since boot
        self.mode = "echo"
        self.width = MAX_TYPED
        self.help = ""
        self.hints = {}
        self.typed = ""
        self.locked = None          # what the lock row says, or None
        self.wrong = None           # the code "#" could not lock, until the next key

    # -- frames from the box (each returns False when the frame is refused) --

    def text(self, args):
        if not args or not _is_digits(args[0], 2) or int(args[0]) >= self.nrows:
            return False
        text = text_from(args[1:])
        if text is None or len(text) > self.cols:
            return False
        self.rows[int(args[0])] = text
        return True

    def entry(self, args):
        if len(args) < 2 or args[0] not in ENTRY_MODES or not _is_digits(args[1], 2):
            return False
        width = int(args[1])
        help_text = text_from(args[2:])
        if width > MAX_TYPED or help_text is None or len(help_text) > self.cols:
            return False
        if (args[0] == "key" and width != 1) or (args[0] == "type" and not 1 <= width <= MAX_CODE):
            return False
        self.mode, self.width, self.help = args[0], width, help_text
        self.hints, self.typed, self.locked, self.wrong = {}, "", None, None
        return True

    def hint(self, args):
        if not args or len(self.hints) >= MAX_HINTS or self.mode not in ("key", "type"):
            return False
        code = args[0]
        if code not in ("*", "#") and not _is_digits(code, self.width):
            return False
        label = text_from(args[1:])
        if label is None or len(label) > self.label_room():
            return False
        self.hints[padded(code, self.width)] = label
        return True

    def clear(self):
        self.rows = [""] * self.nrows
        self.mode, self.width, self.help = "none", 0, ""
        self.hints, self.typed, self.locked, self.wrong = {}, "", None, None

    def label_room(self):
        """Characters a HINT label may have: the entry row is '<typed> <label>?'."""
        return self.cols - 2 - max(self.width, 1)

    # -- keys pressed on this pad --

    def press(self, k):
        self.wrong = None
        if self.mode == "echo":
            self.typed = (self.typed + k)[-MAX_TYPED:]
        elif self.mode == "key":
            if k in self.hints:
                self.locked = self.hints[k]
        elif self.mode == "type":
            self._type(k)

    def _type(self, k):
        if k in ("#", "*") and k in self.hints and not self.typed:  # "done", "none" when offered
            self.locked = self.hints[k]
        elif k == "*":
            self.typed = ""
        elif k == "#":
            if self.typed:
                self._enter()
        else:
            self.typed = (self.typed + k)[-self.width:]

    def _enter(self):
        code = padded(self.typed, self.width)
        if code in self.hints:
            self.locked = self.hints[code]
        elif not self.hints:
            self.locked = self.typed
        else:
            self.wrong = self.typed
        self.typed = ""

    # -- what to draw --

    def lines(self, host_alive=True, board_id=""):
        """The rows to draw, top to bottom (str; ICON_* characters are drawn as icons)."""
        rows = list(self.rows)
        if not host_alive or not self.heard:
            rows = [""] * self.nrows
            rows[0] = board_id[:self.cols]  # language-free: "this pad, waiting for the box"
        last = self.nrows - 1
        if self.typed and self.mode == "echo":
            rows[last] = self.typed
        elif self.typed:
            rows[last - 1] = self._typing_row()
            rows[last] = self.help
        elif self.wrong is not None:
            rows[last] = ICON_WRONG + " " + self.wrong
        elif self.locked is not None:
            rows[last] = ICON_LOCK + " " + self.locked
        return rows

    def _typing_row(self):
        code = padded(self.typed, self.width)
        if code in self.hints:
            return self.typed + " " + self.hints[code] + "?"
        return self.typed + "_" * (self.width - len(self.typed))


# ---- the pad ---------------------------------------------------------------------------------

class PadLogic:
    """Command handling and LED state: everything the pad decides, minus the pins."""

    def __init__(self, board_id, fw=FW_VERSION, blink_on_ms=BLINK_ON_MS,
                 blink_off_ms=BLINK_OFF_MS, host_timeout_ms=HOST_TIMEOUT_MS,
                 period=TICKS_PERIOD, screen=None):
        """``screen``: (width, height) in pixels of the pad's display, or None without one."""
        self.board_id = board_id
        self.screen = None
        if screen is not None:
            self.screen = ScreenState(screen[0], screen[1])
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
        if self.screen is None:
            screen = "none"
        else:
            screen = "%dx%d" % self.screen.size
        return self._frame("HELLO", ("proto=%d" % PROTO_VERSION, "rev=%d" % PROTO_REVISION,
                                     "fw=" + self.fw, "id=" + self.board_id,
                                     "screen=" + screen))

    def key(self, k):
        """A debounced key press -> the KEY frame; the screen echoes it at once."""
        if self.screen is not None:
            self.screen.press(k)
        return self._frame("KEY", (k,))

    def screen_lines(self, now):
        """The rows the screen shows at ``now`` (None without a screen)."""
        if self.screen is None:
            return None
        return self.screen.lines(self.host_alive(now), self.board_id)

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
        if verb in SCREEN_VERBS:
            if self.screen is None or not self._screen_frame(verb, args):
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

    def _screen_frame(self, verb, args):
        if verb == "TEXT":
            done = self.screen.text(args)
        elif verb == "ENTRY":
            done = self.screen.entry(args)
        elif verb == "HINT":
            done = self.screen.hint(args)
        else:
            done = not args
            if done:
                self.screen.clear()
        if done:
            self.screen.heard = True  # the box drives the screen now: stop showing the id
        return done

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
