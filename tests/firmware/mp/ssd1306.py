# Stand-in for micropython-lib's ssd1306 driver, for the firmware tests: the same constructor,
# framebuf base class and show(), which sends the whole buffer to the bus as the real driver does
# (one write: the 0x40 data prefix, then the pages), so the tests can rebuild the image from the
# bytes that crossed the bus.

import framebuf


class SSD1306_I2C(framebuf.FrameBuffer):
    def __init__(self, width, height, i2c, addr=0x3C, external_vcc=False):
        self.width = width
        self.height = height
        self.i2c = i2c
        self.addr = addr
        self.buffer = bytearray(width * height // 8)
        super().__init__(self.buffer, width, height, framebuf.MONO_VLSB)
        self.i2c.writeto(self.addr, b"\x80\xaf")  # "display on", so tests see the init
        self.fill(0)
        self.show()

    def show(self):
        self.i2c.writevto(self.addr, [b"\x40", self.buffer])
