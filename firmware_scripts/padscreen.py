# Pad screen (MicroPython): finds an SSD1306 on I2C at boot and draws the rows padlogic decides.
#
# What the rows say is decided in padlogic.ScreenState (pure, tested on the host); this file only
# finds the display and draws text into its framebuf. Characters are 8x8 cells drawn with
# framebuf's built-in font; Czech letters are that font's base letter, squeezed by a row or two,
# under a mark drawn here, because the built-in font is ASCII only.
# Anything else is drawn as "?". See docs/pad-screen.md.

import framebuf

import padlogic

I2C_ID = 0
SDA_PIN = 16            # GP16, physical pin 21
SCL_PIN = 17            # GP17, physical pin 22
I2C_FREQ = 400000
ADDRESSES = (0x3C, 0x3D)  # the two addresses an SSD1306 module can be strapped to
SIZE_FILE = "screen.cfg"  # "128x64" for the taller display; written by deploy.sh --screen
DEFAULT_SIZE = (128, 32)
CELL = padlogic.CELL

# Two-row marks drawn above a letter (bit 7 = leftmost column)
ACUTE = (0x0C, 0x18)
CARON = (0x66, 0x3C)
RING = (0x3C, 0x24)
# letter -> (base letter, mark); built from three strings so the table stays readable
MARKS = {}
_ACCENTED = (
    ("áéíóúýÁÉÍÓÚÝ", "aeiouyAEIOUY", ACUTE),
    ("čěňřšžČĎĚŇŘŠŤŽ", "cenrszCDENRSTZ", CARON),
    ("ůŮ", "uU", RING),
)
for _chars, _bases, _mark in _ACCENTED:
    for _i in range(len(_chars)):
        MARKS[_chars[_i]] = (_bases[_i], _mark)
APOSTROPHE = {"ď": ("d", -1, 7), "ť": ("t", 0, 5)}  # base, shift of the base, mark column
UPPER_ROWS = (0, 2, 3, 4, 6)  # rows of a 7-row capital kept under a mark
LOWER_DROP = {"a": 3, "e": 3, "s": 4, "z": 4}  # the row these letters lose under a mark

# Letters drawn here instead of the built-in font's (one byte per row, bit 7 = leftmost): its J
# is a bare stem with a one-pixel hook, read as "|" at arm's length ("Jsi" looked like "| si").
GLYPHS = {
    "J": (0x1E, 0x0C, 0x0C, 0x0C, 0x0C, 0xCC, 0x78, 0x00),
}
ICONS = {
    padlogic.ICON_LOCK: (0x3C, 0x42, 0x42, 0xFF, 0xE7, 0xE7, 0xFF, 0x00),
    padlogic.ICON_WRONG: (0xC3, 0x66, 0x3C, 0x18, 0x3C, 0x66, 0xC3, 0x00),
}


def read_size(path=SIZE_FILE):
    """The display size from the pad's screen.cfg ("128x32" or "128x64"), else the default."""
    try:
        with open(path) as f:
            text = f.read().strip()
    except OSError:
        return DEFAULT_SIZE
    for size in padlogic.SCREEN_SIZES:
        if text == "%dx%d" % size:
            return size
    return DEFAULT_SIZE


def open_display(machine, size=None):
    """A PadScreen when an SSD1306 answers on the I2C bus, else None (the pad works without).

    Any failure (no module, no driver, a bus error) means "no screen": the keypad and the LED
    must never depend on the display.
    """
    try:
        i2c = machine.I2C(I2C_ID, sda=machine.Pin(SDA_PIN), scl=machine.Pin(SCL_PIN),
                          freq=I2C_FREQ)
        found = [a for a in i2c.scan() if a in ADDRESSES]
        if not found:
            return None
        import ssd1306
        if size is None:
            size = read_size()
        return PadScreen(ssd1306.SSD1306_I2C(size[0], size[1], i2c, found[0]), size)
    except Exception:
        return None


class PadScreen:
    """Draws whole screens of text rows; a screen equal to the last one shown is not resent."""

    def __init__(self, display, size):
        self.display = display
        self.size = size
        self.shown = None
        self.broken = False  # the bus failed (screen pulled off): the pad goes on without it
        self._scratch = framebuf.FrameBuffer(bytearray(CELL), CELL, CELL, framebuf.MONO_VLSB)

    def draw(self, rows):
        """Show ``rows`` (top to bottom); returns True when the display was written."""
        if rows == self.shown or self.broken:
            return False
        d = self.display
        d.fill(0)
        for r in range(len(rows)):
            self.draw_text(rows[r], 0, r * CELL)
        try:
            d.show()
        except OSError:
            self.broken = True
            return False
        self.shown = list(rows)
        return True

    def draw_text(self, text, x, y):
        for ch in text:
            if x + CELL > self.size[0]:
                break
            self.draw_char(ch, x, y)
            x += CELL

    def draw_char(self, ch, x, y):
        d = self.display
        if ch in GLYPHS:
            _bits(d, GLYPHS[ch], x, y)
        elif " " <= ch <= "~":
            d.text(ch, x, y, 1)
        elif ch in ICONS:
            _bits(d, ICONS[ch], x, y)
        elif ch in MARKS:
            base, mark = MARKS[ch]
            self._marked_base(base, x, y)
            _bits(d, mark, x, y)
        elif ch in APOSTROPHE:
            base, shift, col = APOSTROPHE[ch]
            d.text(base, x + shift, y, 1)
            d.fill_rect(x + col - 1, y, 1, 2, 0)
            d.fill_rect(x + col, y, 1, 2, 1)
        else:
            d.text("?", x, y, 1)

    def _marked_base(self, base, x, y):
        """The base letter fitted under a two-row mark.

        A capital keeps five of its seven rows (rows 2-6, the mark sits on it). A lowercase
        letter keeps four of its five (rows 3-6, its baseline unchanged, row 2 left blank so
        the mark stands apart, as the font's own i-dot does); y keeps its descender.
        """
        s = self._scratch
        s.fill(0)
        s.text(base, 0, 0, 1)
        if "A" <= base <= "Z":
            rows, top = UPPER_ROWS, 2
        else:
            rows, top = _lower_rows(s, base), 3
        for dst in range(len(rows)):
            for col in range(CELL):
                if s.pixel(col, rows[dst]):
                    self.display.pixel(x + col, y + top + dst, 1)


def _lower_rows(glyph, base):
    """Rows of a lowercase glyph to keep: all of 2-6 (2-7 for y) but one that repeats its
    neighbour, or the one named in LOWER_DROP for letters without such a row."""
    last = 7 if base in "gjpqy" else 6
    drop = LOWER_DROP.get(base)
    if drop is None:
        drop = 2
        for r in range(2, last):
            same = True
            for col in range(CELL):
                if glyph.pixel(col, r) != glyph.pixel(col, r + 1):
                    same = False
                    break
            if same:
                drop = r
                break
    return [r for r in range(2, last + 1) if r != drop]


def _bits(d, rows, x, y):
    """Set the pixels of a bitmap given as one byte per row (bit 7 = leftmost)."""
    for r in range(len(rows)):
        bits = rows[r]
        for c in range(CELL):
            if bits & (0x80 >> c):
                d.pixel(x + c, y + r, 1)
