"""The modes before a game: the menu (game, player count, the game's settings) and pad pairing.

A menu is a title and a list of items, each with what OK on it does; the host buttons walk it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Callable

from ..engine import Msg, Setting
from ..engine.i18n import LANGUAGES
from . import texts
from .events import KeyEvent
from .pairing import Pairing
from .prompts import stepped

if TYPE_CHECKING:
    from .table import Table


@dataclass
class MenuItem:
    label: Msg
    act: Callable[[], None]


def main_menu(table: Table) -> None:
    """The first screen: a new game of each kind, pairing (with serial pads) and the language."""
    table.mode, table.cursor, table.menu_title = "menu", 0, texts.MENU_TITLE
    items = [MenuItem(texts.MENU_NEW.format(game=g.title), (lambda n=name: _seats_menu(table, n)))
             for name, g in table.games.items()]
    if table.seating is not None:
        items.append(MenuItem(texts.MENU_PAIR, lambda: _begin_pairing(table)))
    items.append(MenuItem(texts.MENU_LANGUAGE, lambda: _toggle_language(table)))
    table.menu = items


def on_menu_key(table: Table, event: KeyEvent) -> None:
    """Only the host buttons work the menu: up/down move, OK acts, back returns to the start."""
    if event.seat is not None:
        return
    if event.key in ("up", "down"):
        table.cursor = stepped(table.cursor, event.key, len(table.menu))
    elif event.key == "ok":
        table.menu[table.cursor].act()
    elif event.key == "back":
        main_menu(table)


def _toggle_language(table: Table) -> None:
    table.language = LANGUAGES[(LANGUAGES.index(table.language) + 1) % len(LANGUAGES)]


def _seats_menu(table: Table, name: str) -> None:
    game = table.games[name]
    table.menu_title = texts.SEATS_TITLE.format(game=game.title)
    table.cursor = 0
    table.menu = [MenuItem(_seat_count_label(n), (lambda n=n: _settings_menu(table, name, n)))
                  for n in range(game.min_seats, game.max_seats + 1)]
    table.menu.append(MenuItem(texts.BACK, lambda: main_menu(table)))


# -- settings: the game's own options, chosen before it starts -------------------------------------

def _settings_menu(table: Table, name: str, seats: int, chosen: dict | None = None) -> None:
    """List the game's settings for this player count; OK on one changes it. A game with
    none starts at once."""
    game = table.games[name]
    offered = [s for s in game.settings if s.in_menu(seats)]
    if chosen is None:
        chosen = {s.key: s.initial() for s in offered}
    if not offered:
        table.new_game(name, {"seats": seats})
        return
    table.menu_title = texts.SETTINGS_TITLE.format(game=game.title)
    table.cursor = 0
    table.menu = [MenuItem(texts.SETTINGS_START, lambda: table.new_game(name, {"seats": seats, **chosen}))]
    for setting in offered:
        table.menu.append(MenuItem(
            texts.SETTING_LINE.format(label=setting.label, value=_setting_value(setting, chosen[setting.key])),
            lambda s=setting: _change_setting(table, name, seats, chosen, s)))
    table.menu.append(MenuItem(texts.BACK, lambda: _seats_menu(table, name)))


def _change_setting(table: Table, name: str, seats: int, chosen: dict, setting: Setting) -> None:
    """OK on a one-value setting shows its next value (the cursor stays); a choose-N setting
    opens its own list."""
    keep = table.cursor
    if setting.pick == 1:
        values = [v for v, _ in setting.values]
        current = values.index(chosen[setting.key]) if chosen[setting.key] in values else -1
        chosen[setting.key] = values[(current + 1) % len(values)]
        _settings_menu(table, name, seats, chosen)
        table.cursor = keep
    else:
        _pick_menu(table, name, seats, chosen, setting, 0)


def _pick_menu(table: Table, name: str, seats: int, chosen: dict, setting: Setting, cursor: int) -> None:
    """Choose exactly ``setting.pick`` values: OK toggles one; done returns when the count is right."""
    picked = list(chosen[setting.key])
    table.menu_title = texts.SETTING_PICK_TITLE.format(label=setting.label, n=setting.pick)

    def toggle(value):
        now = list(chosen[setting.key])
        chosen[setting.key] = [v for v in now if v != value] if value in now else now + [value]
        _pick_menu(table, name, seats, chosen, setting, table.cursor)

    def done():
        if len(chosen[setting.key]) != setting.pick:
            table.notice = [texts.SETTING_PICK_COUNT.format(k=len(chosen[setting.key]), n=setting.pick)]
            return
        order = [v for v, _ in setting.values]
        chosen[setting.key] = sorted(chosen[setting.key], key=order.index)
        _settings_menu(table, name, seats, chosen)

    table.menu = [MenuItem(Msg("{m} {l}", "{m} {l}").format(m="☑" if v in picked else "☐", l=label),
                           (lambda v=v: toggle(v))) for v, label in setting.values]
    table.menu.append(MenuItem(texts.SETTING_PICK_DONE, done))
    table.cursor = cursor


def _setting_value(setting: Setting, value) -> Msg:
    labels = dict((repr(v), label) for v, label in setting.values)
    if setting.pick == 1:
        return labels.get(repr(value), Msg(str(value), str(value)))
    parts = [labels.get(repr(v), Msg(str(v), str(v))) for v in value]
    return Msg(", ".join(p.cs for p in parts), ", ".join(p.en for p in parts))


def _seat_count_label(n: int) -> Msg:
    if n == 1:
        return texts.SEATS_ITEM_ONE
    return (texts.SEATS_ITEM if 2 <= n <= 4 else texts.SEATS_ITEM_MANY).format(n=n)


# -- pairing: each player in seat order presses a key on their own pad ----------------------------

def _begin_pairing(table: Table) -> None:
    table.seating.begin()
    table.pairing, table.mode = Pairing(table.max_pad_seats), "pair"


def finish_pairing(table: Table, keep: bool) -> None:
    """Seat the pads as paired (``keep``) or as they were, and return to the menu."""
    mapping = table.pairing.mapping if keep else None
    table.seating.finish(mapping)
    table.pairing = None
    main_menu(table)
    if mapping is not None:
        table.notice = [texts.PAIR_SAVED.format(n=len(mapping))]


def on_pair_key(table: Table, event: KeyEvent) -> None:
    """OK ends pairing (keeping it if any pad was paired); back takes back the last pad, and
    leaves when there is none."""
    if event.seat is not None:
        return
    if event.key == "ok":
        finish_pairing(table, bool(table.pairing.mapping))
    elif event.key == "back":
        if table.pairing.undo() is None:
            finish_pairing(table, False)

