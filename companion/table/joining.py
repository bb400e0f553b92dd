"""Joining the web table by phone: the panel shows QR codes (``Table.joining``, made by
``companion.web.qr.join_codes`` when the web table is on) -- on a box that is its own Wi-Fi
hotspot first the network's code, then the table's address with the address written beside it.

Opened from the main menu and the in-game menu ("Připojit telefon"), and at start when the web
table is on (``Join``, a screen of ``flow``'s kind). The host's OK shows the next code, then
returns; back returns at once, to the menu it was opened from. Nothing here needs the web
libraries.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING, NamedTuple

from ..engine import Msg
from ..surface.frame import Bitmap, Frame
from ..surface.panel import Panel
from .flow import Screen

if TYPE_CHECKING:
    from ..surface.events import KeyEvent
    from .base import Host as Table

MENU_JOIN = Msg("Připojit telefon", "Join by phone")
WIFI_TITLE = Msg("Wi-Fi", "Wi-Fi")
URL_TITLE = Msg("Telefon", "Phone")
HOST_TITLE = Msg("Hostitel", "Host")
HOST_NOTE = Msg("Načti jen ty: tlačítka krabice na telefonu", "For you only: the box's buttons on a phone")
NEXT_KEY = Msg("OK dál", "OK next")
BACK_KEY = Msg("OK zpět", "OK back")


class JoinCode(NamedTuple):
    """One code on the panel: ``kind`` "wifi" or "url", its picture, and the text beside it
    (the network's name, the address to type)."""

    kind: str
    bitmap: Bitmap
    text: str


class Joining(NamedTuple):
    codes: tuple[JoinCode, ...]


class Join(Screen):
    """The codes on the panel, one at a time: OK on the host shows the next one, or returns
    after the last; back returns at once (``back``: the menu it was opened from)."""

    name = "join"

    def __init__(self, back: Callable[[Table], object]):
        self.back = back
        self.cursor = 0  # the code shown

    def on_key(self, table: Table, event: KeyEvent) -> None:
        if event.seat is not None or table.joining is None:
            return
        if event.key == "ok" and self.cursor + 1 < len(table.joining.codes):
            self.cursor += 1
        elif event.key in ("ok", "back"):
            self.back(table)

    def frame(self, table: Table) -> Frame:
        return join_frame(table, self.cursor)


def show_join(table: Table, back: Callable[[Table], object]) -> None:
    """Open the codes at the first one (a menu's item, the start screen); ``back`` reopens the
    menu it came from (over a game: the in-game menu, which keeps the question as it was)."""
    if table.joining is None or not table.joining.codes:
        return
    table.screen = Join(back)


def join_frame(table: Table, cursor: int) -> Frame:
    """The code at the panel's left; its title, what to do and the key beside it."""
    assert table.joining is not None
    codes = table.joining.codes
    index = min(cursor, len(codes) - 1)
    code = codes[index]
    language = table.language
    column = Panel(max(table.panel.width - code.bitmap.width, 1), table.panel.height)
    title = {"wifi": WIFI_TITLE, "host": HOST_TITLE}.get(code.kind, URL_TITLE).get(language)
    lines = column.rows(HOST_NOTE.get(language)) if code.kind == "host" else broken(column, code.text)
    footer = (NEXT_KEY if index + 1 < len(codes) else BACK_KEY).get(language)
    return Frame(title, tuple(lines), footer, bitmap=code.bitmap)


def broken(column: Panel, text: str) -> list[str]:
    """An address or a network's name in rows of the column, broken after a dot or a dash and
    before a colon ("192.168." / "100.100" / ":8080"); a piece longer than a row is broken
    between characters."""
    rows: list[str] = []
    for piece in re.findall(r"[^.:-]*[.-]|:?[^.:-]+|:", text):
        if rows and column.fits(rows[-1] + piece):
            rows[-1] += piece
        else:
            rows += column.rows(piece)
    return rows
