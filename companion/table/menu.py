"""The menus: the main one (game, player count, the game's settings), the in-game one, the question
after a restart, the game's follow-up, and pad pairing.

A menu is a title and a list of items, each with what OK on it does; the host buttons walk it
(the keys: ``flow.Menu``, ``flow.Pair``).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from ..engine import FollowUp, Msg, Setting
from ..engine.i18n import LANGUAGES
from . import texts
from .base import Host
from .catalog import title_of
from .flow import GameMenu, MainMenu, Menu, MenuItem, Pair, RestartQuestion, interrupt
from .joining import MENU_JOIN, show_join
from .names import names_item
from .pairing import Pairing
from .parts import PadSeating
from .screens import titled

BRIGHTNESS_LEVELS = 5  # the table's brightness runs 1..this (the panel's contrast in steps)


def main_menu(table: Host) -> Menu:
    """The first screen: a new game of each kind, pairing (with serial pads) and the language."""
    items = [
        MenuItem(texts.MENU_NEW.format(game=title_of(table.games, name)), partial(_seats_menu, table, name))
        for name in list(table.games)
    ]
    seating = table.fittings.seating
    if seating is not None:
        items.append(MenuItem(texts.MENU_PAIR, partial(_begin_pairing, table, seating)))
    items += _join_item(table, main_menu) + _display_items(table, main_menu)
    return _open(table, MainMenu(texts.MENU_TITLE, items))


def _open(table: Host, menu: Menu) -> Menu:
    table.screen = menu
    return menu


def _menu(table: Host) -> Menu:
    """The menu that has the keys (whose item is being carried out)."""
    assert isinstance(table.screen, Menu), table.screen
    return table.screen


def _display_items(table: Host, again: Callable[[Host], Menu]) -> list[MenuItem]:
    """Language and brightness: OK shows the next value, saved, the cursor stays on it."""

    def changed(change):
        def act():
            keep = _menu(table).cursor
            change()
            again(table).cursor = keep

        return act

    return [
        MenuItem(texts.MENU_LANGUAGE, changed(lambda: _toggle_language(table))),
        MenuItem(
            texts.MENU_BRIGHTNESS.format(n=table.brightness, total=BRIGHTNESS_LEVELS),
            changed(lambda: table.set_brightness(table.brightness % BRIGHTNESS_LEVELS + 1)),
        ),
    ]


def _join_item(table: Host, back: Callable[[Host], Menu]) -> list[MenuItem]:
    """With the web table on: the QR codes phones join by (see joining); back returns here."""
    return [MenuItem(MENU_JOIN, partial(show_join, table, back))] if table.joining is not None else []


def _toggle_language(table: Host) -> None:
    table.set_language(LANGUAGES[(LANGUAGES.index(table.language) + 1) % len(LANGUAGES)])


# -- the in-game menu: back held for a second, whatever the game awaits ----------------------------


def game_menu(table: Host) -> Menu:
    """Continue, undo, the players' names (a recorder that keeps names), end this game, joining
    by phone (the web table), language, brightness. Modal: the question underneath keeps its
    cursor and typing until the menu closes."""
    menu = GameMenu(texts.GAME_MENU_TITLE)
    interrupt(table, menu)
    menu.items = [
        MenuItem(texts.GAME_MENU_CONTINUE, table.back_to_play),
        MenuItem(texts.GAME_MENU_UNDO, _undo_from_menu(table)),
        *names_item(table),
        MenuItem(texts.GAME_MENU_END, lambda: _ask_end(table)),
        *_join_item(table, game_menu),
        *_display_items(table, game_menu),
    ]
    return menu


def _undo_from_menu(table: Host) -> Callable[[], None]:
    def undo():
        table.back_to_play()
        table.ask_undo()

    return undo


def _ask_end(table: Host) -> None:
    """Ending a game is asked once more: it cannot be taken back."""
    menu = _menu(table)
    menu.title = texts.END_ASK_TITLE
    menu.items = [MenuItem(texts.END_NO, lambda: game_menu(table)), MenuItem(texts.END_YES, table.end_game)]
    menu.cursor = 0
    menu.note = [texts.END_ASK_KEEP]


# -- after a restart with an unfinished game -------------------------------------------------------


def resume_menu(table: Host, pending: dict) -> None:
    """Continue the unfinished game ``pending`` (``table.pending_resume``) or end it; one that
    no longer replays can only be ended, and the panel says why."""
    game = table.games.get(pending["game"])
    title = game.title if game is not None else Msg(pending["game"], pending["game"])
    menu = RestartQuestion(texts.RESUME_TITLE_OF.format(game=title), note=[_where_stopped(table, pending)])
    if pending["broken"] is not None:
        menu.note.append(texts.RESUME_BROKEN.format(why=pending["broken"]))
    else:
        menu.items.append(MenuItem(texts.RESUME_CONTINUE, partial(_continue_pending, table, pending)))
    menu.items.append(MenuItem(texts.RESUME_END, partial(_end_pending, table, pending)))
    _open(table, menu)


def _where_stopped(table: Host, pending: dict) -> Msg:
    """Where the game stopped and when, as much of it as leaves the first answer on the panel:
    the round and the time of the last action, then the phase; else the actions logged."""
    stopped = _stopped_at(pending.get("last_at"))
    logged = texts.RESUME_ACTIONS.format(n=pending["actions"])
    where = pending.get("where")
    if where is None:
        return texts.RESUME_AT.format(at=stopped) if stopped else logged
    round_, phase = where
    when = (
        round_
        if stopped is None
        else (
            texts.RESUME_ROUND_AT.format(round=round_, at=stopped)
            if round_ is not None
            else texts.RESUME_AT.format(at=stopped)
        )
    )
    tries = [texts.RESUME_WHERE.format(when=when, phase=phase)] if when is not None else []
    tries += [phase, logged]
    game = table.games.get(pending["game"])
    title = texts.RESUME_TITLE_OF.format(game=game.title if game is not None else Msg(pending["game"], pending["game"]))
    for text in tries:
        # the note and the first answer on the panel, under what of the title the header leaves
        if all(
            len(titled(table, title.get(language))[1]) + len(table.panel.rows(text.get(language)))
            <= max(1, table.panel.body_rows - 1)
            for language in ("cs", "en")
        ):
            return text
    return logged


def _stopped_at(at: str | None) -> str | None:
    """When the last action was logged, as a clock time ("14:05", or "24. 11. 14:05" another
    day); None when unknown or unreadable."""
    if not at:
        return None
    from datetime import datetime

    try:
        moment = datetime.fromisoformat(at)
    except ValueError:
        return None
    now = datetime.now(moment.tzinfo)
    if moment.date() == now.date():
        return moment.strftime("%H:%M")
    return f"{moment.day}. {moment.month}. {moment.strftime('%H:%M')}"


def _continue_pending(table: Host, pending: dict) -> None:
    table.pending_resume = None
    if not table.resume(
        pending["id"], pending["game"], pending["options"], pending["seed"], pending["entries"], pending.get("session")
    ):
        main_menu(table)


def _end_pending(table: Host, pending: dict) -> None:
    if table.abandon(pending["id"]):
        table.pending_resume = None
        main_menu(table)
        table.messages.notice = [texts.ENDED]


# -- after a game: what it suggests next -----------------------------------------------------------


def follow_up_menu(table: Host, name: str, follow: FollowUp) -> None:
    """The ended game's suggestion (``Game.follow_up``) as a yes/no question; back or "later"
    leave it for the main menu."""
    items = [
        MenuItem(texts.FOLLOW_UP_YES, partial(table.new_game, name, dict(follow.options))),
        MenuItem(texts.FOLLOW_UP_LATER, partial(main_menu, table)),
    ]
    _open(table, MainMenu(texts.FOLLOW_UP_TITLE, items, note=[follow.question]))


def _seats_menu(table: Host, name: str) -> None:
    """The player counts of the game chosen; it is imported now (see catalog)."""
    try:
        game = table.games[name]
    except KeyError:  # it could not be imported: the log says why
        main_menu(table)
        table.messages.notice = [texts.GAME_UNAVAILABLE.format(game=title_of_known(table, name))]
        return
    items = [
        MenuItem(_seat_count_label(n), partial(_settings_menu, table, name, n))
        for n in range(game.min_seats, game.max_seats + 1)
    ]
    items.append(MenuItem(texts.BACK, lambda: main_menu(table)))
    _open(table, MainMenu(texts.SEATS_TITLE.format(game=game.title), items))


# -- settings: the game's own options, chosen before it starts -------------------------------------


def _settings_menu(table: Host, name: str, seats: int, chosen: dict | None = None) -> Menu | None:
    """List the game's settings for this player count; OK on one changes it. A game with
    none starts at once."""
    game = table.games[name]
    offered = [s for s in game.settings if s.in_menu(seats)]
    if chosen is None:
        chosen = {s.key: s.initial() for s in offered}
    if not offered:
        table.new_game(name, {"seats": seats})
        return None
    items = [MenuItem(texts.SETTINGS_START, lambda: table.new_game(name, {"seats": seats, **chosen}))]
    for setting in offered:
        items.append(
            MenuItem(
                texts.SETTING_LINE.format(label=setting.label, value=_setting_value(setting, chosen[setting.key])),
                partial(_change_setting, table, name, seats, chosen, setting),
            )
        )
    items.append(MenuItem(texts.BACK, lambda: _seats_menu(table, name)))
    return _open(table, MainMenu(texts.SETTINGS_TITLE.format(game=game.title), items))


def _change_setting(table: Host, name: str, seats: int, chosen: dict, setting: Setting) -> None:
    """OK on a one-value setting shows its next value (the cursor stays); a choose-N setting
    opens its own list."""
    keep = _menu(table).cursor
    if setting.pick == 1:
        values = [v for v, _ in setting.values]
        current = values.index(chosen[setting.key]) if chosen[setting.key] in values else -1
        chosen[setting.key] = values[(current + 1) % len(values)]
        menu = _settings_menu(table, name, seats, chosen)
        if menu is not None:
            menu.cursor = keep
    else:
        _pick_menu(table, name, seats, chosen, setting, 0)


def _pick_menu(table: Host, name: str, seats: int, chosen: dict, setting: Setting, cursor: int) -> None:
    """Choose exactly ``setting.pick`` values: OK toggles one; done returns when the count is right."""
    picked = list(chosen[setting.key])

    def toggle(value):
        now = list(chosen[setting.key])
        chosen[setting.key] = [v for v in now if v != value] if value in now else now + [value]
        _pick_menu(table, name, seats, chosen, setting, _menu(table).cursor)

    def done():
        if len(chosen[setting.key]) != setting.pick:
            table.messages.notice = [texts.SETTING_PICK_COUNT.format(k=len(chosen[setting.key]), n=setting.pick)]
            return
        order = [v for v, _ in setting.values]
        chosen[setting.key] = sorted(chosen[setting.key], key=order.index)
        _settings_menu(table, name, seats, chosen)

    items = [
        MenuItem(Msg("{m} {l}", "{m} {l}").format(m="☑" if v in picked else "☐", l=label), partial(toggle, v))
        for v, label in setting.values
    ]
    items.append(MenuItem(texts.SETTING_PICK_DONE, done))
    menu = _open(table, MainMenu(texts.SETTING_PICK_TITLE.format(label=setting.label, n=setting.pick), items))
    menu.cursor = cursor


def _setting_value(setting: Setting, value) -> Msg:
    labels = {repr(v): label for v, label in setting.values}
    if setting.pick == 1:
        return labels.get(repr(value), Msg(str(value), str(value)))
    parts = [labels.get(repr(v), Msg(str(v), str(v))) for v in value]
    return Msg(", ".join(p.cs for p in parts), ", ".join(p.en for p in parts))


def _seat_count_label(n: int) -> Msg:
    if n == 1:
        return texts.SEATS_ITEM_ONE
    return (texts.SEATS_ITEM if 2 <= n <= 4 else texts.SEATS_ITEM_MANY).format(n=n)


# -- pairing: each player in seat order presses a key on their own pad ----------------------------


def _begin_pairing(table: Host, seating: PadSeating) -> None:
    seating.begin()
    table.screen = Pair(Pairing(table.fittings.max_pad_seats))


def finish_pairing(table: Host, mapping: dict[str, int] | None) -> None:
    """Seat the pads as paired (``mapping``) or as they were (None), and return to the menu."""
    if table.fittings.seating is not None:
        table.fittings.seating.finish(mapping)
    main_menu(table)
    if mapping is not None:
        table.messages.notice = [texts.PAIR_SAVED.format(n=len(mapping))]


def title_of_known(table: Host, name: str) -> Msg:
    """A game's title for a notice, even when the game cannot be imported."""
    try:
        return title_of(table.games, name)
    except KeyError:
        return Msg(name, name)
