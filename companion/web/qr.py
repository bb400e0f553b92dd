"""QR codes for joining the web table, drawn for the 128x64 panel.

- ``table_url``: the address phones open, with the IP address (``.local`` names do not resolve
  on many Android phones) and in upper case: ``HTTP://192.168.4.1:8080/`` is all QR
  "alphanumeric" characters, so it fits a version-2 code (25x25 modules).
- ``wifi_qr``: the ``WIFI:T:WPA;S:…;P:…;;`` code of a box that is its own hotspot (segno escapes
  the special characters of the name and the password).
- ``panel_image``: a code as a 1-bit image of the panel's size, 2 pixels a module when it fits
  (1 otherwise), light modules lit and a lit quiet zone around it (at least 3 px), so a phone
  camera reads the panel as it reads a printed code.
- ``panel_bitmap``: the same code in a lit square as tall as the panel, for a ``Frame.bitmap``
  (the panel's text then beside it); ``join_codes`` makes the table's joining screens.

``segno`` is imported only here, and this module only when the web table is on.
"""

from __future__ import annotations

import ipaddress

import segno
from segno import helpers

from ..surface.frame import Bitmap
from ..table.joining import JoinCode, Joining

PANEL = (128, 64)
# Pixels of lit margin around a code at least. The standard asks 4 modules; the panel has 64 rows
# and a version-3 code (a hotspot's Wi-Fi code) takes 58 of them at 2 px a module: phone readers
# (and the decoder the tests use) manage with 1.5 modules when the dark bezel lies beyond.
QUIET_PX = 3


class QrError(ValueError):
    """A code that cannot be made or shown (not an IP address, too long for the panel)."""


def table_url(ip: str, port: int = 80) -> str:
    """The web table's address for a QR code: ``HTTP://<ip>[:port]/`` in upper case."""
    try:
        address = ipaddress.ip_address(ip)
    except ValueError:
        raise QrError(f"not an IP address: {ip!r}") from None
    host = f"[{address}]" if address.version == 6 else str(address)
    return f"HTTP://{host}{'' if port == 80 else f':{port}'}/".upper()


def url_qr(ip: str, port: int = 80) -> segno.QRCode:
    """The table's address as a QR code (version 2 for an IPv4 address and a port)."""
    return segno.make(table_url(ip, port), error="m", micro=False, boost_error=False)


def wifi_qr(ssid: str, password: str) -> segno.QRCode:
    """The code a phone's camera offers to join the hotspot with."""
    if not ssid or not password:
        raise QrError("a hotspot needs a name and a password")
    data = helpers.make_wifi_data(ssid=ssid, password=password, security="WPA")
    return segno.make(data, error="l", micro=False, boost_error=False)


def modules(code: segno.QRCode) -> list[list[bool]]:
    """The code's modules without a border, True for dark."""
    return [[bool(cell) for cell in row] for row in code.matrix]


def panel_scale(code: segno.QRCode, size: tuple[int, int] = PANEL) -> int:
    """Pixels a module on the panel: 2 when the code and its quiet zone fit, else 1."""
    for scale in (2, 1):
        if len(code.matrix) * scale + 2 * QUIET_PX <= min(size):
            return scale
    raise QrError(f"a {len(code.matrix)}-module code does not fit a {size[0]}x{size[1]} panel")


def panel_image(code: segno.QRCode, size: tuple[int, int] = PANEL):
    """A Pillow 1-bit image of ``size``: lit (1) everywhere but the dark modules, the code
    centred vertically and at the left (the rest of the panel may carry a line of text)."""
    from PIL import Image

    scale = panel_scale(code, size)
    matrix = modules(code)
    side = len(matrix) * scale
    image = Image.new("1", size, 1)
    left = top = (size[1] - side) // 2
    pixels = image.load()
    assert pixels is not None  # a new image in memory always has its pixels
    for row, cells in enumerate(matrix):
        for column, dark in enumerate(cells):
            if dark:
                for dy in range(scale):
                    for dx in range(scale):
                        pixels[left + column * scale + dx, top + row * scale + dy] = 0
    return image


def panel_bitmap(code: segno.QRCode, height: int = PANEL[1]) -> Bitmap:
    """The code centred in a lit square ``height`` pixels a side (the panel's left part)."""
    image = panel_image(code, (height, height))
    return Bitmap(height, height, image.tobytes())


def join_codes(
    ip: str, port: int, wifi: tuple[str, str] | None = None, height: int = PANEL[1], host_key: str = ""
) -> Joining:
    """What the panel shows to let phones in: the hotspot's Wi-Fi code first (``wifi``: its
    name and password), then the table's address, with the address written beside it to type;
    last, with ``host_key``, the code that opens the host's buttons on the phone that reads it
    (only the panel shows it: reading it is being at the box, as pressing its buttons is)."""
    codes = []
    if wifi is not None:
        codes.append(JoinCode("wifi", panel_bitmap(wifi_qr(*wifi), height), wifi[0]))
    shown = table_url(ip, port)[len("HTTP://") : -1].lower()
    codes.append(JoinCode("url", panel_bitmap(url_qr(ip, port), height), shown))
    if host_key:
        code = segno.make(host_url(ip, port, host_key), error="m", micro=False, boost_error=False)
        codes.append(JoinCode("host", panel_bitmap(code, height), HOST_TEXT))
    return Joining(tuple(codes))


HOST_TEXT = "host"


def host_url(ip: str, port: int, host_key: str) -> str:
    """The table's address with the host's key after "#" (a fragment: it never reaches a
    server's log), in the QR code's compact upper-case alphabet."""
    return f"{table_url(ip, port)}#HOST-{host_key}"


def read_modules(image, modules_per_side: int, scale: int) -> list[list[bool]]:
    """The modules back from a panel image (the centre pixel of each), for checking a frame."""
    top = (image.size[1] - modules_per_side * scale) // 2
    pixels = image.load()
    assert pixels is not None
    return [
        [
            pixels[top + column * scale + scale // 2, top + row * scale + scale // 2] == 0
            for column in range(modules_per_side)
        ]
        for row in range(modules_per_side)
    ]
