# Pad firmware entry point (MicroPython, Raspberry Pi Pico): pins and the loop only.
#
# All decisions live in padlogic.py, which is tested on the host. This file wires a 4x3 keypad,
# an RGB LED and, when one answers on I2C at boot, an SSD1306 screen (padscreen.py) to it and
# talks to the table box over the USB serial port, which is also the REPL port: hence
# kbd_intr(-1), and the boot-time escape back to the REPL described below.
#
# Back to the REPL (for deploy.sh / mpremote):
#   - hold "*" while plugging the pad in, or
#   - send the REPL frame (deploy.sh does): the pad writes repl.flag and resets; on the next
#     boot it sees the flag, deletes it and stops before the watchdog starts.

import sys
import time

import machine
import micropython
import select

import padlogic

try:
    import padscreen  # absent on pads deployed before the screen existed: no screen
except ImportError:
    padscreen = None

ROW_PINS = (2, 3, 4, 5)     # keypad rows, top to bottom (driven low one at a time)
COL_PINS = (6, 7, 8)        # keypad columns, left to right (inputs with pull-ups)
LED_PINS = (13, 14, 15)     # R, G, B through resistors
LED_COMMON_ANODE = False    # True if the LED's common leg goes to 3V3
PWM_FREQ = 1000
SCAN_MS = 2
WDT_MS = 5000               # rp2 allows up to ~8.3 s
REPL_FLAG = "repl.flag"
MAX_READ = 64               # bytes taken from the host per loop turn, so scanning keeps pace
DRAW_MS = 50                # the screen is redrawn at most this often (a frame takes 12-25 ms)


def board_id():
    return "".join("%02X" % b for b in machine.unique_id())


def make_rows():
    return [machine.Pin(n, machine.Pin.IN) for n in ROW_PINS]


def make_cols():
    return [machine.Pin(n, machine.Pin.IN, machine.Pin.PULL_UP) for n in COL_PINS]


def scan(rows, cols):
    """Drive one row low at a time (the others float, so two keys never short two outputs)."""
    levels = []
    for row in rows:
        row.init(machine.Pin.OUT, value=0)
        time.sleep_us(10)
        m = 0
        for c in range(len(cols)):
            if cols[c].value():
                m |= 1 << c
        levels.append(m)
        row.init(machine.Pin.IN)
    return levels


def want_repl(rows, cols):
    try:
        import os
        os.remove(REPL_FLAG)
        return True
    except OSError:
        pass
    pressed = padlogic.decode_matrix(scan(rows, cols))
    return pressed is not None and "*" in pressed


class Led:
    def __init__(self):
        self.pwm = []
        for n in LED_PINS:
            p = machine.PWM(machine.Pin(n))
            p.freq(PWM_FREQ)
            self.pwm.append(p)
        self.rgb = None
        self.show((0, 0, 0))

    def show(self, rgb):
        if rgb == self.rgb:
            return
        self.rgb = rgb
        for p, v in zip(self.pwm, rgb):
            p.duty_u16(padlogic.duty_u16(v, LED_COMMON_ANODE))


def write(s):
    sys.stdout.write(s)


def open_screen():
    if padscreen is None:
        return None
    return padscreen.open_display(machine)


def run(rows, cols, led, wdt, screen):
    logic = padlogic.PadLogic(board_id(), screen=screen.size if screen else None)
    keys = padlogic.KeypadDebouncer()
    poll = select.poll()
    poll.register(sys.stdin, select.POLLIN)
    stdin = getattr(sys.stdin, "buffer", sys.stdin)
    write(logic.hello())
    next_scan = next_draw = time.ticks_ms()
    while True:
        wdt.feed()
        now = time.ticks_ms()
        n = 0
        while n < MAX_READ and poll.poll(0):
            data = stdin.read(1)
            if not data:
                break
            if isinstance(data, str):
                data = data.encode()
            for frame in logic.feed(data, now):
                write(frame)
            n += 1
        if logic.want_repl:
            with open(REPL_FLAG, "w") as f:
                f.write("1")
            time.sleep_ms(50)  # let the ACK leave
            machine.reset()
        if time.ticks_diff(now, next_scan) >= 0:
            next_scan = time.ticks_add(now, SCAN_MS)
            for k in keys.update(padlogic.decode_matrix(scan(rows, cols)), now):
                write(logic.key(k))
        led.show(logic.led_colour(now))
        if screen is not None and time.ticks_diff(now, next_draw) >= 0:
            next_draw = time.ticks_add(now, DRAW_MS)
            screen.draw(logic.screen_lines(now))
        time.sleep_ms(1)


def main():
    rows, cols = make_rows(), make_cols()
    led = Led()
    if want_repl(rows, cols):
        led.show((0, 0, 40))  # dim blue: development mode, REPL active
        return  # main.py ends: MicroPython starts the REPL; no watchdog was armed
    screen = open_screen()  # before the watchdog: a slow bus cannot trip it
    micropython.kbd_intr(-1)  # a 0x03 byte from the host is data, not KeyboardInterrupt
    wdt = machine.WDT(timeout=WDT_MS)
    try:
        run(rows, cols, led, wdt, screen)
    except Exception as e:  # anything unexpected: say so on the line, then start clean
        try:
            write(padlogic.encode(0, "ERR", (type(e).__name__,)))
        finally:
            time.sleep_ms(50)
            machine.reset()


main()
