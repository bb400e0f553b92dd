"""Players by name on the host buttons: the in-game menu's list of seats, each with its player's
name, and for one seat the names seen at this table before (most recent first) or no name.

Names are typed on phones (the web table, ``claims``); the host buttons choose among the names
already seen, which is what a pad seat needs for a player who has played here before (there is
no typing of letters on the host buttons). A name chosen is durable in the recorder before the
panel says so. A recorder that keeps no names offers no entry. Like the in-game menu these
screens are modal: back returns to the question as it was (``flow.interrupt``).
"""

from __future__ import annotations

import logging
from functools import partial

from ..engine import Msg
from ..surface.panel import shown_name
from . import texts
from .base import Host
from .flow import GameMenu, MenuItem, NameChoice, interrupt

log = logging.getLogger(__name__)


def names_item(table: Host) -> list[MenuItem]:
    """The in-game menu's entry, when the recorder keeps names."""
    return [MenuItem(texts.GAME_MENU_NAMES, partial(_open, table))] if table.keeps_names else []


def _open(table: Host) -> None:
    """The seats' list, with the names as the recorder has them now."""
    table.reload_names()
    seats_list(table)


def seat_line(table: Host, seat: int) -> Msg:
    """ "Modrá: Anna", or "Žlutá: —" for a seat whose player has no name."""
    name = table.names.get(seat)
    shown = shown_name(name) if name else None
    return texts.SEAT_NAMED.format(seat=table.seat_msg(seat), name=Msg(shown, shown) if shown else texts.NO_NAME_MARK)


def seats_list(table: Host, cursor: int = 0) -> None:
    """Every seat with its player's name; OK on one chooses its name, back returns to the game."""
    seats = range(table.seat_count())
    items = [MenuItem(seat_line(table, seat), partial(_names_for, table, seat)) for seat in seats]
    items.append(MenuItem(texts.NAMES_DONE, table.back_to_play))
    menu = GameMenu(texts.NAMES_TITLE, items)
    menu.cursor = min(cursor, len(items) - 1)
    interrupt(table, menu)


def _names_for(table: Host, seat: int) -> None:
    """The names seen before (not those of the other seats: one person, one seat), no name, and
    back to the seats; the cursor starts on the seat's own name."""
    current = table.names.get(seat)
    others = {name.casefold() for other, name in table.names.items() if other != seat}
    known = [name for name in table.known_names() if name.casefold() not in others]
    if current is not None and current.casefold() not in {name.casefold() for name in known}:
        known.insert(0, current)
    menu = NameChoice(up=partial(seats_list, table, seat), title=texts.NAME_FOR.format(seat=table.seat_msg(seat)))
    menu.note = [] if known else [texts.NAMES_ON_PHONES]
    menu.items = [MenuItem(_as_shown(name), partial(_choose, table, seat, name)) for name in known]
    menu.items.append(MenuItem(texts.NO_NAME, partial(_choose, table, seat, None)))
    menu.items.append(MenuItem(texts.BACK, partial(seats_list, table, seat)))
    folded = [name.casefold() for name in known]
    menu.cursor = folded.index(current.casefold()) if current is not None else 0
    interrupt(table, menu)


def _as_shown(name: str) -> Msg:
    """A name as the panel draws it, in both languages."""
    shown = shown_name(name)
    return Msg(shown, shown)


def _choose(table: Host, seat: int, name: str | None) -> None:
    """Record the choice, then show it in the seats' list; a refusal (a failing disk, a name the
    recorder will not keep) is said and changes nothing."""
    try:
        table.name_player(seat, name)
    except Exception as error:  # nothing may crash the table: the panel says why
        log.error("seat %d's name is not kept: %s", seat + 1, error)
        table.messages.notice = [texts.NAME_FAILED.format(why=str(error))]
        return
    seats_list(table, seat)
    table.messages.notice = [texts.NAMED if name else texts.UNNAMED]  # the seat's line shows the name
