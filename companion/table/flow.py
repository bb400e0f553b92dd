"""What has the keys now: one small object per screen of the table, and how one leads to another.

The table (``table.Table``) keeps the session, the seats and the screen that has the keys. Each
screen holds what is its own: the question (``Play``) the answer being typed (``answer.Answer``),
a menu its title, note, items and cursor, the undo of every seat who confirmed, the final ranking
its scores and cursor. The table hands every key to ``table.screen`` and draws ``table.screen``'s
frame and LEDs. A screen knows its keys and which screen comes next; building a menu's items,
carrying out an undo and answering a phone are done by the table's other modules (``menu``,
``undo``, ``claims``), reached through the table (``base.Host``).

During a game the screens interrupt the question and give it back as it was::

    Play (the question; announcements first, on the panel until the host reads them)
     |-- host back -----------> UndoAsk --OK--> undone, Play
     |                            `--OK, a reveal or a draw--> UndoAll --every seat's #--> undone, Play
     |-- host menu key -------> GameMenu (``interrupt``: the question stays as it is, under it)
     |                            |-- continue / back --> Play (``give_back``: as it was)
     |                            `-- undo --> Play, then UndoAsk
     |-- a phone asks a seat --> Claim over Play or Over --yes/no--> the screen it stood over
     `-- the last action ------> Over --OK--> MainMenu (or the game's follow-up question)

(the menu key opens the GameMenu over UndoAsk and UndoAll too). Before a game: ``MainMenu``
(the game, the player count, its settings), ``RestartQuestion`` (an unfinished game a restart
found) and ``Pair`` (each player presses a key on their own pad).
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from typing import ClassVar

from ..engine import Msg, PromptKind, Scores
from ..surface.events import Key, KeyEvent, PhoneAnswer, RawPadKey
from ..surface.frame import Frame, LedState
from . import leds, screens, texts
from .answer import Answer
from .base import Host, MenuItem, Screen
from .news import blocks
from .pairing import Pairing
from .play_keys import on_phone_answer, on_play_key
from .prompts import stepped

# the screens' base and a menu's line, for the screens and menus built elsewhere (``joining``, ``menu``)
__all__ = ["MenuItem", "Screen"]

log = logging.getLogger(__name__)


# -- the game --------------------------------------------------------------------------------------


class Play(Screen):
    """The question the game asks, and the answer being typed to it (``answer``, made new for
    every prompt). The announcements of the last action come first: the host reads them
    (up/down) and puts them away (any other key); a pad key of a seat the question asks goes
    straight to the question. A key too soon after its seat's question changed is held back
    (``too_soon``). Back on the host asks to undo; every other key answers (``play_keys``)."""

    name = "play"
    in_game = True
    takes_claims = True

    def __init__(self, answer: Answer):
        self.answer = answer

    def on_key(self, table: Host, event: KeyEvent) -> None:
        if event.seat is None and self._news_key(table, event):
            return
        if too_soon(table, event):
            return
        if (
            event.seat is None
            and event.key == "up"
            and not self.answer.reading
            and screens.notice_cut(table, self.answer)
        ):
            self.answer.reading, self.answer.scroll = True, 0  # the notice whole, then the question
            return
        said = table.messages
        if event.seat is not None and self.news_blocks(table) and table.prompt.accepts_seat(event.seat):
            said.news, said.news_scroll = [], 0  # the key answers: the panel shows its answer
        if event.seat is None and event.key == "back":
            table.ask_undo()
            return
        on_play_key(table, self.answer, table.prompt, event)

    def keeps_notice(self, table: Host, event: KeyEvent) -> bool:
        """The host's ↑ on a notice the answer screen shortened opens it whole (the reading
        page); ↑/↓ on that page read on, with the notice still on top."""
        if event.seat is not None or event.key not in ("up", "down") or self.news_blocks(table):
            return False
        prompt = table.prompt
        if prompt is not None and (prompt.kind.hidden or prompt.kind is PromptKind.CONFIRM):
            return True  # a reading screen: the notice is its first page's top, read on with it
        if self.answer.reading:
            return bool(table.messages.notice) and (
                event.key == "up" or screens.reading_rows_left(table, self.answer) > 0
            )
        return event.key == "up" and screens.notice_cut(table, self.answer)

    def on_answer(self, table: Host, event: PhoneAnswer) -> None:
        """A phone's tap on the question it was shown (an earlier question's: nothing). It
        answers as the seat's pad would, and puts the announcements away as a pad key does."""
        if event.asked != self.answer.asked:
            return
        said = table.messages
        if self.news_blocks(table) and table.prompt.accepts_seat(event.seat):
            said.news, said.news_scroll = [], 0
        on_phone_answer(table, self.answer, table.prompt, event)

    def frame(self, table: Host) -> Frame:
        answer = self.answer
        return screens.game_frame(table, lambda t, *top: screens.play_frame(t, answer, *top))

    def leds(self, table: Host, states: dict[int, LedState]) -> None:
        leds.play_leds(table, self.answer, states)

    @staticmethod
    def news_blocks(table: Host) -> bool:
        """Announcements stand on a screen of their own (the prompt's screen has no room)."""
        return bool(table.messages.news) and blocks(table.prompt)

    def _news_key(self, table: Host, event: KeyEvent) -> bool:
        """A host key while announcements have the panel: up/down read on, any other key (back
        too) puts them away and shows the question, and does nothing else. Merged into a
        reading screen (a confirmation, a hidden pick) they stay until the action that follows."""
        if not self.news_blocks(table):
            return False
        if event.key in ("up", "down") and _news_scrolls(table, event.key):
            return True
        table.messages.news, table.messages.news_scroll = [], 0
        table.signals.asked_at[None] = table.fittings.clock()  # the question is on the panel only now
        return True  # back too: it puts them away, and the question is read before a key answers it


def _news_scrolls(table: Host, key: Key) -> bool:
    """Move the announcements a screen; False at their end (the key then puts them away)."""
    pages = screens.news_pages(table)
    said = table.messages
    if key == "down" and said.news_scroll + 1 < pages:
        said.news_scroll += 1
        return True
    if key == "up" and said.news_scroll > 0:
        said.news_scroll -= 1
        return True
    return key == "up"


def too_soon(table: Host, event: KeyEvent) -> bool:
    """A key that arrived within the table's guard time of its seat's question changing is not
    acted upon; the panel and the seat's pad say the question is new. The host's up and down
    only move what the panel shows, so they always act."""
    if event.seat is None and event.key in ("up", "down"):
        return False
    guard, clock, asked_at = table.fittings.guard, table.fittings.clock, table.signals.asked_at
    changed = asked_at.get(event.seat)
    if not guard or changed is None or clock() - changed >= guard:
        return False
    asked_at.pop(event.seat)  # one key is held back, the next one counts
    if event.seat is None:
        table.messages.notice = [texts.TOO_SOON_HOST]
    else:
        if not table.collecting_secrets():  # a key typed in secret is told to its seat alone
            table.messages.notice = [texts.TOO_SOON.format(seat=table.seat_label(event.seat))]
        table.signals.notes[event.seat] = texts.TOO_SOON_PAD
        table.blink_error(event.seat)
    return True


class UndoAsk(Screen):
    """ "Take back …?" on the host: OK takes it back (or asks every seat first, when it would take
    back a reveal or a random draw), back returns to the question."""

    name = "undo"
    in_game = True

    def on_key(self, table: Host, event: KeyEvent) -> None:
        if event.seat is not None:
            return
        if event.key == "back":
            table.back_to_play()
        elif event.key == "ok":
            if table.running.undo_needs_everyone():
                table.screen = UndoAll()
            else:
                table.do_undo(False)

    def frame(self, table: Host) -> Frame:
        return screens.game_frame(table, screens.undo_frame)


class UndoAll(Screen):
    """Every seat presses # on its pad (``confirms``: the seats that did); * on a pad or back on
    the host returns to the question."""

    name = "undo_all"
    in_game = True

    def __init__(self) -> None:
        self.confirms: set[int] = set()

    def on_key(self, table: Host, event: KeyEvent) -> None:
        if event.seat is None:
            if event.key == "back":
                table.back_to_play()
            return
        if event.key == "#":
            self.confirms.add(event.seat)
        elif event.key == "*":
            table.back_to_play()
            return
        if self.confirms >= set(range(table.seat_count())):
            table.do_undo(True)

    def frame(self, table: Host) -> Frame:
        confirms = len(self.confirms)
        return screens.game_frame(table, lambda t, *top: screens.undo_all_frame(t, confirms, *top))

    def leds(self, table: Host, states: dict[int, LedState]) -> None:
        leds.undo_all_leds(self.confirms, states)


class Over(Screen):
    """The final ranking (``scores``): up/down walk it, OK on the host leaves for the menu (or
    what the game suggests next) once the game is in the history. An OK just after the last
    action is held back like any key too soon."""

    name = "over"
    takes_claims = True

    def __init__(self, scores: Scores):
        self.scores = scores
        self.cursor = 0  # the ranking's line under the cursor, once the host walks it
        self.browsed = False

    def on_key(self, table: Host, event: KeyEvent) -> None:
        if too_soon(table, event) or event.seat is not None:
            return
        if event.key == "ok":
            table.leave_game()
        elif event.key in ("up", "down"):
            if self.browsed:
                self.cursor = max(0, self.cursor + (1 if event.key == "down" else -1))
            self.browsed = True

    def frame(self, table: Host) -> Frame:
        return screens.game_frame(table, lambda t, *top: screens.over_frame(t, self, *top))

    def leds(self, table: Host, states: dict[int, LedState]) -> None:
        leds.over_leds(self.scores, states)


# -- interrupting the game and giving it back ---------------------------------------------------------


def interrupt(table: Host, screen: Screen) -> None:
    """Open a modal screen over the game (the in-game menu, a phone's claim). The question keeps
    its answer (``Play.answer``) as it is, the ranking its cursor: the modal screen has its own."""
    table.screen = screen


def give_back(table: Host, screen: Screen) -> None:
    """Close a modal screen: ``screen`` (the question, or the ranking a claim stood over) has the
    keys again, as the interruption found it."""
    table.screen = screen


# -- menus: a title, a note and items on the host buttons --------------------------------------------


class Menu(Screen):
    """A list on the host buttons: its ``title``, the lines that explain it (``note``), its
    ``items`` and the ``cursor`` on one of them. Up/down move, OK acts, back does what the menu
    says (``back``). Pad keys do nothing."""

    keys_footer: ClassVar[bool] = False  # the footer names the keys (else only "more below")

    def __init__(self, title: Msg = texts.MENU_TITLE, items: Sequence[MenuItem] = (), note: Sequence[Msg] = ()):
        self.title = title
        self.items = list(items)
        self.note = list(note)
        self.cursor = 0
        self.browsed = False  # the host has moved through the items (a long note is read first)

    def on_key(self, table: Host, event: KeyEvent) -> None:
        if event.seat is not None:
            return
        if event.key == "back":
            self.back(table)
        elif event.key == "up" and self.cursor == 0 and self.browsed and screens.long_menu_note(table, self):
            self.browsed = False  # back to the start of a long note (see screens._menu_frame)
        elif event.key in ("up", "down"):
            self.browsed = True
            self.cursor = stepped(self.cursor, event.key, len(self.items))
        elif event.key == "ok":
            self.browsed = False  # whatever opens next is read from its start
            self.items[self.cursor].act()

    def back(self, table: Host) -> None:
        """Back on the host: nothing, unless the menu says otherwise (a question to answer)."""

    def frame(self, table: Host) -> Frame:
        return screens.menu_frame(table, self, self.keys_footer)


class MainMenu(Menu):
    """The first screen and the menus under it (player count, settings, the game's follow-up);
    back returns to the first screen."""

    name = "menu"
    pads_clear_notice = False  # pad keys mean nothing here

    def back(self, table: Host) -> None:
        table.main_menu()


class RestartQuestion(Menu):
    """Continue the unfinished game a restart found, or end it: it must be answered."""

    name = "resume"


class GameMenu(Menu):
    """The in-game menu (the host's back held): modal (``interrupt``), the question keeps its
    answer until back or "continue" returns to it."""

    name = "game_menu"
    keys_footer = True

    def back(self, table: Host) -> None:
        table.back_to_play()


class NameChoice(GameMenu):
    """The names one seat's player can be given (``names``), a step under the seats' list of the
    in-game menu: back returns to that list (``up``), not yet to the game."""

    keys_footer = False

    def __init__(self, up: Callable[[], None], title: Msg = texts.MENU_TITLE):
        super().__init__(title)
        self.up = up

    def back(self, table: Host) -> None:
        self.up()


class Claim(Menu):
    """A phone asks for a seat: yes or no on the host, over the game (``claims``; modal like the
    in-game menu). Answered, the screen it stood over (``under``) comes back as it was."""

    name = "claim"

    def __init__(self, under: Screen):
        super().__init__()
        self.under = under


class Pair(Screen):
    """Pairing the serial pads (``pairing``): each player in seat order presses a key on their
    own pad (the hub sends it unseated); OK on the host keeps the pairing, back takes the last
    pad back and leaves when there is none."""

    name = "pair"

    def __init__(self, pairing: Pairing):
        self.pairing = pairing

    def on_key(self, table: Host, event: KeyEvent) -> None:
        if event.seat is not None:
            return
        if event.key == "ok":
            table.finish_pairing(self.pairing.mapping or None)
        elif event.key == "back" and self.pairing.undo() is None:
            table.finish_pairing(None)

    def on_unseated_pad(self, table: Host, event: RawPadKey) -> None:
        """The next seat goes to this pad; the last seat ends the pairing."""
        try:
            self.pairing.press(event.pad)
        except ValueError:  # a board id the pairing file could not hold: ignore that pad
            log.warning("pad with an unusable board id %r ignored", event.pad)
            return
        if self.pairing.done:
            table.finish_pairing(self.pairing.mapping)

    def frame(self, table: Host) -> Frame:
        return screens.pair_frame(table, self.pairing)
