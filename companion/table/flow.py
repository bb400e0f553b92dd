"""What has the keys now: one small object per screen of the table, and how one leads to another.

The table (``table.Table``) keeps the state: the session, the question's cursor and typing, the
announcements, the notice. It hands every key to ``table.screen`` and draws ``table.screen``'s
frame and LEDs. A screen knows its keys and which screen comes next; building a menu's items,
carrying out an undo and answering a phone are done by the table's other modules (``menu``,
``undo``, ``claims``), reached through the table.

During a game the screens interrupt the question and give it back as it was::

    Play (the question; announcements first, on the panel until the host reads them)
     |-- host back -----------> UndoAsk --OK--> undone, Play
     |                            `--OK, a reveal or a draw--> UndoAll --every seat's #--> undone, Play
     |-- host menu key -------> GameMenu (``interrupt``: the question's cursor and typing kept)
     |                            |-- continue / back --> Play (``give_back``: as it was)
     |                            `-- undo --> Play, then UndoAsk
     |-- a phone asks a seat --> Claim over Play or Over --yes/no--> the screen it stood over
     `-- the last action ------> Over --OK--> MainMenu (or the game's follow-up question)

(the menu key opens the GameMenu over UndoAsk and UndoAll too). Before a game: ``MainMenu``
(the game, the player count, its settings), ``RestartQuestion`` (an unfinished game a restart
found) and ``Pair`` (each player presses a key on their own pad).

Every screen has a ``name`` (``Table.mode``), which the pads' screens and the web views read.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import TYPE_CHECKING, ClassVar, NamedTuple

from ..engine import Msg
from ..surface.events import KeyEvent, RawPadKey
from ..surface.frame import Frame, LedState
from . import leds, screens, texts
from .news import blocks
from .play_keys import on_play_key
from .prompts import stepped

if TYPE_CHECKING:
    from .table import Table

log = logging.getLogger(__name__)


class Screen:
    """What the keys do and what the panel shows while this screen is up."""

    name: ClassVar[str]
    in_game: ClassVar[bool] = False  # the host's menu key opens the in-game menu over it
    takes_claims: ClassVar[bool] = False  # a phone asking for a seat is asked over it
    pads_clear_notice: ClassVar[bool] = True  # a pad key puts the notice away

    def on_key(self, table: Table, event: KeyEvent) -> None:
        """A key, after the table put the notice and the seat's red blink away."""

    def on_unseated_pad(self, table: Table, event: RawPadKey) -> None:
        """A key of a pad that has no seat: outside pairing it is only named."""
        table.notice = [texts.UNPAIRED_PAD]

    def frame(self, table: Table) -> Frame:
        raise NotImplementedError

    def leds(self, table: Table, states: dict[int, LedState]) -> None:
        """Light the seats this screen waits for (none by default)."""


# -- the game --------------------------------------------------------------------------------------


class Play(Screen):
    """The question the game asks. The announcements of the last action come first: the host
    reads them (up/down) and puts them away (any other key); a pad key of a seat the question
    asks goes straight to the question. A key too soon after its seat's question changed is held
    back (``too_soon``). Back on the host asks to undo; every other key answers (``play_keys``)."""

    name = "play"
    in_game = True
    takes_claims = True

    def on_key(self, table: Table, event: KeyEvent) -> None:
        if event.seat is None and self._news_key(table, event):
            return
        if too_soon(table, event):
            return
        if event.seat is not None and table.news_blocks() and table.prompt.accepts_seat(event.seat):
            table.news, table.news_scroll = [], 0  # the key answers: the panel shows its answer
        if event.seat is None and event.key == "back":
            table.ask_undo()
            return
        on_play_key(table, table.prompt, event)

    def frame(self, table: Table) -> Frame:
        return screens.game_frame(table, screens.play_frame)

    def leds(self, table: Table, states: dict[int, LedState]) -> None:
        leds.play_leds(table, states)

    @staticmethod
    def news_blocks(table: Table) -> bool:
        """Announcements stand on a screen of their own (the prompt's screen has no room)."""
        return bool(table.news) and blocks(table.prompt)

    def _news_key(self, table: Table, event: KeyEvent) -> bool:
        """A host key while announcements have the panel: up/down read on, any other key puts
        them away and shows the question (and does nothing else, back excepted). Merged into a
        reading screen (a confirmation, a hidden pick) they stay until the action that follows."""
        if not self.news_blocks(table):
            return False
        if event.key in ("up", "down") and _news_scrolls(table, event.key):
            return True
        table.news, table.news_scroll = [], 0
        table.asked_at[None] = table.clock()  # the question is on the panel only now
        return event.key != "back"


def _news_scrolls(table: Table, key: str) -> bool:
    """Move the announcements a screen; False at their end (the key then puts them away)."""
    pages = screens.news_pages(table)
    if key == "down" and table.news_scroll + 1 < pages:
        table.news_scroll += 1
        return True
    if key == "up" and table.news_scroll > 0:
        table.news_scroll -= 1
        return True
    return key == "up"


def too_soon(table: Table, event: KeyEvent) -> bool:
    """A key that arrived within ``table.guard`` of its seat's question changing is not acted
    upon; the panel and the seat's pad say the question is new. The host's up and down only move
    what the panel shows, so they always act."""
    if event.seat is None and event.key in ("up", "down"):
        return False
    changed = table.asked_at.get(event.seat)
    if not table.guard or changed is None or table.clock() - changed >= table.guard:
        return False
    table.asked_at.pop(event.seat)  # one key is held back, the next one counts
    if event.seat is None:
        table.notice = [texts.TOO_SOON_HOST]
    else:
        if not table.collecting_secrets():  # a key typed in secret is told to its seat alone
            table.notice = [texts.TOO_SOON.format(seat=table.seat_label(event.seat))]
        table.seat_notes[event.seat] = texts.TOO_SOON_PAD
        table.blink_error(event.seat)
    return True


class UndoAsk(Screen):
    """ "Take back …?" on the host: OK takes it back (or asks every seat first, when it would take
    back a reveal or a random draw), back returns to the question."""

    name = "undo"
    in_game = True

    def on_key(self, table: Table, event: KeyEvent) -> None:
        if event.seat is not None:
            return
        if event.key == "back":
            table.back_to_play()
        elif event.key == "ok":
            if table.running.undo_needs_everyone():
                table.undo_confirms = set()
                table.screen = UndoAll()
            else:
                table.do_undo(False)

    def frame(self, table: Table) -> Frame:
        return screens.game_frame(table, screens.undo_frame)


class UndoAll(Screen):
    """Every seat presses # on its pad (``table.undo_confirms``); * on a pad or back on the host
    returns to the question."""

    name = "undo_all"
    in_game = True

    def on_key(self, table: Table, event: KeyEvent) -> None:
        if event.seat is None:
            if event.key == "back":
                table.back_to_play()
            return
        if event.key == "#":
            table.undo_confirms.add(event.seat)
        elif event.key == "*":
            table.back_to_play()
            return
        if table.undo_confirms >= set(range(table.seat_count())):
            table.do_undo(True)

    def frame(self, table: Table) -> Frame:
        return screens.game_frame(table, screens.undo_all_frame)

    def leds(self, table: Table, states: dict[int, LedState]) -> None:
        leds.undo_all_leds(table, states)


class Over(Screen):
    """The final ranking: up/down walk it, OK on the host leaves for the menu (or what the game
    suggests next) once the game is in the history. An OK just after the last action is held
    back like any key too soon."""

    name = "over"
    takes_claims = True

    def on_key(self, table: Table, event: KeyEvent) -> None:
        if too_soon(table, event) or event.seat is not None:
            return
        if event.key == "ok":
            table.leave_game()
        elif event.key in ("up", "down"):
            if table.browsed:
                table.cursor = max(0, table.cursor + (1 if event.key == "down" else -1))
            table.browsed = True

    def frame(self, table: Table) -> Frame:
        return screens.game_frame(table, screens.over_frame)

    def leds(self, table: Table, states: dict[int, LedState]) -> None:
        leds.over_leds(table, states)


# -- interrupting the game and giving it back ---------------------------------------------------------


def interrupt(table: Table, screen: Screen) -> None:
    """Open a modal screen over the game (the in-game menu, a phone's claim): the question's
    cursor and typing are kept as they are (the menu moves the cursor) until ``give_back``."""
    if table.held_input is None:
        table.held_input = (
            table.cursor,
            table.browsed,
            table.scroll,
            table.typed,
            table.number,
            table.cell,
            table.reading,
        )
    table.screen = screen


def give_back(table: Table, screen: Screen) -> None:
    """Close a modal screen: ``screen`` (the question, or the ranking a claim stood over) has the
    keys again, with the question's cursor and typing as the interruption found them."""
    table.screen, table.menu_note = screen, []
    if table.held_input is not None:
        table.cursor, table.browsed, table.scroll, table.typed, table.number, table.cell, table.reading = (
            table.held_input
        )
        table.held_input = None


# -- menus: a title, a note and items on the host buttons --------------------------------------------


class MenuItem(NamedTuple):
    """One line of a menu and what OK on it does."""

    label: Msg
    act: Callable[[], None]


class Menu(Screen):
    """A list on the host buttons (``table.menu_title``, ``table.menu_note``, ``table.menu``):
    up/down move, OK acts, back does what the menu says (``back``). Pad keys do nothing."""

    keys_footer: ClassVar[bool] = False  # the footer names the keys (else only "more below")

    def on_key(self, table: Table, event: KeyEvent) -> None:
        if event.seat is not None:
            return
        if event.key == "back":
            self.back(table)
        elif event.key == "up" and table.cursor == 0 and table.browsed and screens.long_menu_note(table):
            table.browsed = False  # back to the start of a long note (see screens._menu_frame)
        elif event.key in ("up", "down"):
            table.browsed = True
            table.cursor = stepped(table.cursor, event.key, len(table.menu))
        elif event.key == "ok":
            table.browsed = False  # whatever opens next is read from its start
            table.menu[table.cursor].act()

    def back(self, table: Table) -> None:
        """Back on the host: nothing, unless the menu says otherwise (a question to answer)."""

    def frame(self, table: Table) -> Frame:
        return screens.menu_frame(table, self.keys_footer)


class MainMenu(Menu):
    """The first screen and the menus under it (player count, settings, the game's follow-up);
    back returns to the first screen."""

    name = "menu"
    pads_clear_notice = False  # pad keys mean nothing here

    def back(self, table: Table) -> None:
        table.main_menu()


class RestartQuestion(Menu):
    """Continue the unfinished game a restart found, or end it: it must be answered."""

    name = "resume"


class GameMenu(Menu):
    """The in-game menu (the host's back held): modal (``interrupt``), the question keeps its
    cursor and typing until back or "continue" returns to it."""

    name = "game_menu"
    keys_footer = True

    def back(self, table: Table) -> None:
        table.back_to_play()


class NameChoice(GameMenu):
    """The names one seat's player can be given (``names``), a step under the seats' list of the
    in-game menu: back returns to that list (``up``), not yet to the game."""

    keys_footer = False

    def __init__(self, up: Callable[[], None]):
        self.up = up

    def back(self, table: Table) -> None:
        self.up()


class Claim(Menu):
    """A phone asks for a seat: yes or no on the host, over the game (``claims``; modal like the
    in-game menu). Answered, the screen it stood over (``under``) comes back as it was."""

    name = "claim"

    def __init__(self, under: Screen):
        self.under = under


class Pair(Screen):
    """Pairing the serial pads: each player in seat order presses a key on their own pad (the
    hub sends it unseated); OK on the host keeps the pairing, back takes the last pad back and
    leaves when there is none."""

    name = "pair"

    def on_key(self, table: Table, event: KeyEvent) -> None:
        pairing = table.pairing
        if event.seat is not None or pairing is None:
            return
        if event.key == "ok":
            table.finish_pairing(bool(pairing.mapping))
        elif event.key == "back" and pairing.undo() is None:
            table.finish_pairing(False)

    def on_unseated_pad(self, table: Table, event: RawPadKey) -> None:
        """The next seat goes to this pad; the last seat ends the pairing."""
        if table.pairing is None:
            super().on_unseated_pad(table, event)
            return
        try:
            table.pairing.press(event.pad)
        except ValueError:  # a board id the pairing file could not hold: ignore that pad
            log.warning("pad with an unusable board id %r ignored", event.pad)
            return
        if table.pairing.done:
            table.finish_pairing(True)

    def frame(self, table: Table) -> Frame:
        return screens.pair_frame(table)
