"""The table: one object, driven by events from one thread, that runs a game from its prompts.

It knows no game by name. It turns the session's prompt into a Frame and LED states, collects
input from pads and host buttons, and commits actions only after the recorder made them durable.

This module holds the state, the events, the session's life (start, commit, undo, ending it
early, resuming it after a restart) and the mode each key goes to; the menus (the main one, the
in-game one, the question after a restart), the play mode's keys, the screens and the LEDs live
in ``menu``, ``play_keys``, ``screens`` and ``leds``, what keys and screens share in
``prompts``, the announcements of each action in ``news``, and the panel's budget (its size,
fonts and the breaking of texts into rows that fit) in ``panel``.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Mapping
from datetime import datetime
from typing import Any, ClassVar, Protocol

from ..engine import FollowUp, Game, Msg, Prompt, PromptKind, RuleError, Session, added
from ..engine.i18n import LANGUAGES
from ..surface.events import HOST_KEYS, KeyEvent, PadPresence, PadTrouble, RawPadKey, SeatClaim, Tick
from ..surface.frame import Frame, LedState
from ..surface.panel import SMALLEST, Panel
from . import restart, texts, undo
from .joining import Joining
from .leds import seat_leds
from .menu import (
    BRIGHTNESS_LEVELS,
    MenuItem,
    finish_pairing,
    follow_up_menu,
    game_menu,
    main_menu,
    on_game_menu_key,
    on_join_key,
    on_menu_key,
    on_pair_key,
)
from .news import blocks
from .pairing import Pairing
from .play_keys import on_play_key, reveal_if_ready
from .prompts import place, start_cursor
from .screens import table_frame
from .secret import SecretCollector

ERROR_BLINK_S = 2.0  # how long a seat's LED blinks red after a key that made no sense
# A key this soon after what its seat is asked changed was pressed before anyone could read the
# new question (people need a quarter of a second to see a change and react): it was meant for
# what stood there before, so it is not acted upon, and the seat is told to look again.
GUARD_S = 0.25
ARCHIVE_RETRY_S = 5.0  # how soon an ended game the history could not take is tried again

log = logging.getLogger(__name__)


class Recorder(Protocol):
    """Where accepted actions go before anyone sees them accepted (store.Store implements it)."""

    def create_session(self, game: str, options: dict, seed: int, seats: list[str]) -> int: ...

    def append(self, session_id: int, entry: dict) -> int: ...

    def finish(self, session_id: int, scores: dict, winner: int | None) -> None: ...

    def finished_count(self) -> int: ...

    def abandon(self, session_id: int) -> None:
        """Close a session unfinished: kept in history as abandoned, its log and all."""


class PadSeating(Protocol):
    """The serial pads' seat assignment (hw.pads.PadHub plus a file), seen from the table."""

    def begin(self) -> None:
        """Unseat every pad so each key arrives as RawPadKey."""

    def finish(self, mapping: dict[str, int] | None) -> None:
        """Seat pads by ``mapping`` and remember it; None restores the previous seating."""


class BoxMemory(Protocol):
    """Box-data corrections kept per game between sessions (store.boxes.BoxFiles implements it)."""

    def load(self, game: str) -> dict: ...

    def save(self, game: str, box: dict) -> None: ...

    def problem(self, game: str) -> Msg | None:
        """Why the last ``load(game)`` set the saved memory aside, or None (optional)."""


class Table:
    """Modes: ``menu`` (pick a game and the number of players), ``pair`` (seat the serial pads),
    ``play``, ``undo`` (asking), ``undo_all`` (every seat confirms a costly undo), ``game_menu``
    (the in-game menu on a held back button), ``resume`` (a restart found an unfinished game)
    and ``over`` (final ranking).

    ``panel`` is the display's budget (size, fonts): every text is broken into rows for it.
    ``clock`` (seconds, monotonic) times the red error blink; ``deadline()`` tells the main loop
    when to wake up for it, so an idle table sleeps."""

    def __init__(
        self,
        recorder: Recorder,
        games: Mapping[str, Game],
        language: str = "cs",
        new_seed: Callable[[], int] | None = None,
        max_pad_seats: int = 5,
        yes_no_seats: frozenset[int] = frozenset(),
        seating: PadSeating | None = None,
        box_memory: BoxMemory | None = None,
        panel: Panel = SMALLEST,
        clock: Callable[[], float] | None = None,
        brightness: int = BRIGHTNESS_LEVELS,
        wall_clock: Callable[[], datetime] | None = None,
        guard: float = 0.0,
    ):
        self.recorder = recorder
        self.games = games
        self.panel = panel
        self.clock = clock or time.monotonic
        # seconds a key is held back after its question changed (``GUARD_S`` where people press
        # the keys; 0 for a script, whose keys are not pressed by anyone reading the panel)
        self.guard = guard
        # when seats lock: the recorder's clock when it has one (the entries' "at" and the lock
        # times then come from one clock), else local time
        self.wall_clock = wall_clock or getattr(recorder, "now", None) or (lambda: datetime.now().astimezone())
        self.language = language if language in LANGUAGES else "cs"
        self.brightness = min(max(int(brightness), 1), BRIGHTNESS_LEVELS)
        self.news: list[Msg] = []  # public events of the last action, shown until a key
        self.news_scroll = 0
        self.pending_resume: dict | None = None  # the unfinished session a restart found
        self.new_seed = new_seed or (lambda: 0)
        self.session: Session | None = None
        self.session_id: int | None = None
        self.mode = "menu"
        self.menu: list[MenuItem] = []
        self.menu_title = texts.MENU_TITLE
        self.menu_note: list[Msg] = []  # lines that explain the open menu (kept while it is open)
        self.cursor = 0
        self.notice: list[Msg] = []
        self.seat_errors: dict[int, float] = {}  # seat -> when its red blink ends
        self.seat_notes: dict[int, Msg] = {}  # a seat's pad screen: why its last key did nothing
        self.asked_at: dict[int | None, float] = {}  # seat (None: the host) -> when its question changed
        self.held_input: tuple | None = None  # the question's cursor and typing while a menu is open
        self.claims: list[SeatClaim] = []  # phones asking for a seat, answered by the host in turn
        self.claim_from: str | None = None  # the mode the claim question stands over
        self.joining: Joining | None = None  # the web table's QR codes (see joining.py)
        self.absent: set[int] = set()
        self.max_pad_seats = max_pad_seats
        self.yes_no_seats = frozenset(yes_no_seats)  # seats with two buttons, not a keypad
        self.private_seat: int | None = None  # seat entering a secret on the host
        self.private_started = False
        self.seating = seating
        self.pairing: Pairing | None = None
        self.box_memory = box_memory
        self.pad_troubles: dict[str, Msg] = {}  # pads that cannot be used; shown in the menu
        self.remembered_box: dict = {}
        self.unarchived = False  # the running game has ended but is not in the history yet
        self.archive_retry_at: float | None = None  # when a failed archive is tried again
        self.reset_input()
        main_menu(self)

    # -- the running game, in the modes that have one ------------------------------------------
    @property
    def running(self) -> Session:
        """The game being played (modes play, undo, undo_all, game_menu, over)."""
        if self.session is None:
            raise RuntimeError(f"no game is running in mode {self.mode}")
        return self.session

    @property
    def running_id(self) -> int:
        """The recorder's id of the game being played."""
        if self.session_id is None:
            raise RuntimeError(f"no game is running in mode {self.mode}")
        return self.session_id

    @property
    def prompt(self) -> Prompt:
        """What the running game awaits (every mode of a game but over)."""
        prompt = self.running.prompt
        if prompt is None:
            raise RuntimeError("the game is over and awaits nothing")
        return prompt

    @property
    def collector(self) -> SecretCollector:
        """The secret picks of the hidden prompt being answered."""
        if self.secret is None:
            raise RuntimeError("no hidden prompt is being answered")
        return self.secret

    # -- public API used by the main loop ------------------------------------------------------
    # after a restart (see restart.py); undo (see undo.py)
    resume = restart.resume
    offer_resume = restart.offer_resume
    abandon = restart.abandon
    ask_undo = undo.ask_undo

    def set_language(self, language: str) -> None:
        self.language = language
        self._save_preference("language", language)

    def set_brightness(self, level: int) -> None:
        self.brightness = level
        self._save_preference("brightness", level)

    def _save_preference(self, name: str, value) -> None:
        """Kept in the store when it keeps preferences; else for this run only."""
        save = getattr(self.recorder, "set_preference", None)
        if save is None:
            return
        try:
            save(name, value)
        except Exception as error:
            log.error("could not save the %s: %s", name, error)

    def deadline(self) -> float | None:
        """When something on the table changes by itself (a red blink ends, a failed archive is
        tried again), else None."""
        retry = [self.archive_retry_at] if self.unarchived and self.archive_retry_at is not None else []
        return min([*self.seat_errors.values(), *retry], default=None)

    def blink_error(self, seat: int) -> None:
        """A key that made no sense: the seat's LED blinks red for a moment."""
        self.seat_errors[seat] = self.clock() + ERROR_BLINK_S

    def handle(self, event) -> None:
        """Process one event. Never raises for bad input: it becomes a notice or an LED. The
        archive of an ended game waits for the main loop's idle moment (a key already waiting
        is taken first); leaving the final screen does it at once if it has not happened."""
        self._expire_errors()
        for kind, handler in self._EVENT_HANDLERS:
            if isinstance(event, kind):
                handler(self, event)
                return

    def frame(self) -> Frame:
        """What the screen shows now (see screens)."""
        return table_frame(self)

    def leds(self) -> dict[int, LedState]:
        """Each seat's LED. For hidden prompts only waiting/locked, never anything about a pick."""
        return seat_leds(self)

    # -- events --------------------------------------------------------------------------------
    def _expire_errors(self) -> None:
        now = self.clock()
        for seat in [s for s, until in self.seat_errors.items() if until <= now]:
            del self.seat_errors[seat]

    def _on_tick(self, event: Tick) -> None:
        """A timer: only the red blinks that ended change (done in handle)."""

    def _on_pad_presence(self, event: PadPresence) -> None:
        """A pad came or went: a hidden prompt may be revealed once every pad is back."""
        (self.absent.discard if event.connected else self.absent.add)(event.seat)
        self.reveal_waiting()

    def reveal_waiting(self) -> None:
        """In play, reveal a hidden prompt every seat has locked, if every pad is there (also
        when play resumes after an undo question or the menu, during which a pad came back)."""
        if self.mode == "play" and self.secret is not None:
            reveal_if_ready(self, self.prompt)

    def _on_pad_trouble(self, event: PadTrouble) -> None:
        """A pad that cannot be used is named once (not again while it keeps the same trouble);
        once it is fine or gone its notice goes too."""
        if event.kind:
            message = texts.PAD_TROUBLE.get(event.kind, texts.PAD_TROUBLE["old_firmware"]).format(pad=event.pad)
            if self.pad_troubles.get(event.pad) != message:
                self.pad_troubles[event.pad] = message
                self.notice = [message]
        else:
            gone = self.pad_troubles.pop(event.pad, None)
            if gone is not None and gone in self.notice:
                self.notice = [m for m in self.notice if m != gone]

    def _on_seat_claim(self, event: SeatClaim) -> None:
        """A phone asks for a seat: the host answers on the box, over the game (modal, like the
        in-game menu). Without a game, or for a seat it does not have, the phone is refused."""
        if self.session is None or not 0 <= event.seat < self.seat_count():
            event.reply(False)
            return
        self.claims.append(event)
        self.ask_claim()

    def ask_claim(self) -> None:
        """Put the first waiting claim to the host, when the table is in a game's screen."""
        if not self.claims or self.mode not in ("play", "over"):
            return
        claim = self.claims[0]
        self.claim_from = self.mode
        self.hold_input()
        title = texts.CLAIM_TAKEN if claim.taken else texts.CLAIM_TITLE  # a take-over says so in the header
        self.mode, self.cursor, self.browsed, self.menu_title = "claim", 0, False, title
        ask = texts.CLAIM_ASK.format(
            name=Msg(claim.name, claim.name), seat=Msg(self.seat_label(claim.seat), self.seat_label(claim.seat))
        )
        self.menu_note = [ask]  # two rows at most: the answer OK takes is on the first page
        self.menu = [
            MenuItem(texts.CLAIM_YES, lambda: self._answer_claim(True)),
            MenuItem(texts.CLAIM_NO, lambda: self._answer_claim(False)),
        ]

    def _answer_claim(self, ok: bool) -> None:
        claim = self.claims.pop(0)
        claim.reply(ok)
        self.mode, self.menu_note = self.claim_from or "play", []
        self.restore_input()
        label = self.seat_label(claim.seat)
        said = texts.CLAIMED_OVER if claim.taken else texts.CLAIMED
        self.notice = [
            said.format(seat=Msg(label, label), name=Msg(claim.name, claim.name)) if ok else texts.CLAIM_REFUSED
        ]
        self.ask_claim()

    def _on_raw_pad_key(self, event: RawPadKey) -> None:
        """A key of a pad not yet seated: while pairing it seats that pad, else it is named."""
        if self.mode != "pair" or self.pairing is None:
            self.notice = [texts.UNPAIRED_PAD]
            return
        try:
            self.pairing.press(event.pad)
        except ValueError:  # a board id the pairing file could not hold: ignore that pad
            log.warning("pad with an unusable board id %r ignored", event.pad)
            return
        if self.pairing.done:
            finish_pairing(self, True)

    def _on_key(self, event: KeyEvent) -> None:
        """A key clears the notice (pad keys mean nothing in the menu) and its seat's error, then
        goes to the current mode; the host sends only its own keys. The host's menu key (back
        held) opens the in-game menu whatever the game awaits. In play, the host's keys read the
        announcements first; a pad key goes to the question its seat is asked, unless it came
        too soon after that question changed (see ``GUARD_S``)."""
        if event.seat is None and event.key not in HOST_KEYS:
            return
        if self.mode != "menu" or event.seat is None:
            self.notice = []
        if event.seat is not None:
            self.seat_errors.pop(event.seat, None)
            self.seat_notes.pop(event.seat, None)
        if event.key == "menu":
            if self.mode in ("play", "undo", "undo_all"):
                game_menu(self)
            return
        if self.mode == "over" and self._too_soon(event):
            return  # a stray OK just after the last action does not start a new game
        if self.mode == "play":
            if event.seat is None and self._news_key(event):
                return
            if self._too_soon(event):
                return
            if event.seat is not None and self.news_blocks() and self.prompt.accepts_seat(event.seat):
                self.news, self.news_scroll = [], 0  # the key answers: the panel shows its answer
        self._KEY_HANDLERS[self.mode](self, event)

    def _too_soon(self, event: KeyEvent) -> bool:
        """A key that arrived within ``GUARD_S`` of its seat's question changing is not acted
        upon; the panel and the seat's pad say the question is new. The host's up and down only
        move what the panel shows, so they always act."""
        if event.seat is None and event.key in ("up", "down"):
            return False
        changed = self.asked_at.get(event.seat)
        if not self.guard or changed is None or self.clock() - changed >= self.guard:
            return False
        self.asked_at.pop(event.seat)  # one key is held back, the next one counts
        if event.seat is None:
            self.notice = [texts.TOO_SOON_HOST]
        else:
            self.notice = [texts.TOO_SOON.format(seat=self.seat_label(event.seat))]
            self.seat_notes[event.seat] = texts.TOO_SOON_PAD
            self.blink_error(event.seat)
        return True

    def _question_changed(self) -> None:
        """What every seat and the host are asked has just changed (or just appeared)."""
        now = self.clock()
        self.asked_at = dict.fromkeys([None, *range(self.seat_count())], now)

    def news_blocks(self) -> bool:
        """Announcements stand on a screen of their own (the prompt's screen has no room)."""
        return bool(self.news) and self.mode == "play" and blocks(self.prompt)

    def _news_key(self, event: KeyEvent) -> bool:
        """A host key while announcements have the panel: up/down read on, any other key puts
        them away and shows the question (and does nothing else, back excepted). Merged into a
        reading screen (a confirmation, a hidden pick) they stay until the action that follows."""
        if not self.news_blocks():
            return False
        if event.key in ("up", "down") and self._news_scrolls(event.key):
            return True
        self.news, self.news_scroll = [], 0
        self.asked_at[None] = self.clock()  # the question is on the panel only now
        return event.key != "back"

    def _news_scrolls(self, key: str) -> bool:
        """Move the announcements a screen; False at their end (the key then puts them away)."""
        from .screens import news_pages

        pages = news_pages(self)
        if key == "down" and self.news_scroll + 1 < pages:
            self.news_scroll += 1
            return True
        if key == "up" and self.news_scroll > 0:
            self.news_scroll -= 1
            return True
        return key == "up"

    # -- a new game, chosen in the menu --------------------------------------------------------
    def new_game(self, name: str, options: dict, use_memory: bool = True) -> None:
        """Start ``name`` with the menu's options and the box corrections remembered for it."""
        game, seed = self.games[name], self.new_seed()
        saved = self.box_memory.load(name) if self.box_memory and use_memory else {}
        problem = self._box_memory_problem(name) if use_memory else None
        try:
            session = Session(game, {**options, "box": saved} if saved else options, seed)
        except RuleError as error:
            if not saved:  # a setting combination the game refuses: say why, stay in the menu
                self.notice = [texts.REFUSED, error.msg]
                return
            # the remembered box corrections no longer fit this box: play without, keep the file
            log.error("saved box corrections for %s ignored: %s", name, error)
            self.new_game(name, options, use_memory=False)
            if self.mode == "play":
                self.notice = [texts.BOX_MEMORY_IGNORED.format(why=error.msg)]
            return
        self._open(name, session, seed)
        if problem is not None:
            self.notice = [problem]

    def _box_memory_problem(self, name: str) -> Msg | None:
        """Why the box memory just loaded was set aside (moved to ``.bad-N``), for the panel."""
        problem = getattr(self.box_memory, "problem", None)
        try:
            return problem(name) if problem is not None else None
        except Exception as error:  # only a notice: never a reason not to play
            log.error("could not tell the box memory's problem: %s", error)
            return None

    def _open(self, name: str, session: Session, seed: int) -> None:
        game = session.game
        seats = game.seat_count(session.state)
        labels = [game.seat_label(session.state, s).get(self.language) for s in range(seats)]
        session_id = self.recorder.create_session(name, session.options, seed, labels)
        self.start(session, session_id)
        self.remembered_box = game.learned_box(session.state)

    def remember_box(self) -> None:
        """Save what the session learned or corrected about the box, for the next game. The
        session log stays the truth; this file only spares the players the same questions."""
        if self.box_memory is None:
            return
        session = self.running
        learned = session.game.learned_box(session.state)
        if learned == self.remembered_box:
            return
        try:
            self.box_memory.save(session.game.name, learned)
            self.remembered_box = learned
        except Exception as error:  # the game goes on; the facts are in the session log anyway
            log.error("could not save the box corrections: %s", error)

    # -- playing -------------------------------------------------------------------------------
    def start(self, session: Session, session_id: int) -> None:
        self.session, self.session_id = session, session_id
        self.mode = "play"
        self.news, self.news_scroll = [], 0  # the last game's final announcements are not this one's
        self.reset_input()
        self._check_over()

    def reset_input(self) -> None:
        """Fresh input state for the current prompt (called after every committed step)."""
        prompt = self.session.prompt if self.session else None
        self.secret = SecretCollector(prompt, clock=self.wall_clock) if prompt and prompt.kind.hidden else None
        self.typed = ""
        self.cursor = 0
        self.browsed = False  # the host has moved through the options of this prompt
        self.number = (
            prompt.minimum if prompt and prompt.kind is PromptKind.NUMBER and prompt.minimum is not None else 0
        )
        self.cell: tuple[int, int] | None = place(prompt.cursor) if prompt and prompt.cursor else None
        self.undo_confirms: set[int] = set()
        self.private_seat, self.private_started = None, False
        self.scroll = 0  # lines of a long text scrolled away (CONFIRM and secret prompts)
        self.reading = False  # the host reads the whole question above an answer screen
        if prompt is not None:
            self.cursor = start_cursor(prompt)
        self.held_input = None
        if self.session is not None:
            self._question_changed()

    def commit(self, action: dict, seat: int | None, locked: dict[int, datetime] | None = None) -> None:
        """Evaluate, make durable, then acknowledge: the order principle 4 demands. A refusal
        blinks ``seat``'s LED (None: the host's). ``locked``: at a reveal, when each seat locked
        its pick; stored with the entry (``"locked"``), never part of what is replayed."""
        session = self.running
        try:
            step = session.evaluate(action)
        except RuleError as error:
            self.refuse(error.msg, seat)
            return
        if not self.persist({**step.entry, "locked": locked} if locked else step.entry):
            return
        before = session.state
        session.commit(step)
        self.news = list(added(before, session.state))
        self.news_scroll = 0
        self.remember_box()
        log.info("session %s action %d accepted: %s", self.session_id, len(session.entries) - 1, action.get("step"))
        self.reset_input()
        self._check_over()

    def persist(self, entry: dict) -> bool:
        try:
            self.recorder.append(self.running_id, entry)
        except Exception as error:  # a full or failing disk must not crash the table
            log.error("could not store entry: %s", error)
            self.notice = [texts.STORE_FAILED.format(why=str(error))]
            return False
        return True

    def refuse(self, msg: Msg, seat: int | None) -> None:
        """Say why an input was not taken, in one text; a seat's LED blinks red a moment and its
        pad screen points to the panel."""
        self.notice = [texts.REFUSED_WHY.format(why=msg)]
        if seat is not None:
            self.blink_error(seat)
            self.seat_notes[seat] = texts.REFUSED_PAD

    def _check_over(self) -> None:
        """A game that has ended shows its ranking at once; its archiving waits for
        ``housekeeping`` (the last action is durable already: a restart completes the rest)."""
        if self.running.over:
            self.final_scores = self.running.score()
            self.mode, self.cursor = "over", 0
            self.unarchived = True

    def housekeeping(self) -> bool:
        """Work that may wait until the frame is shown: putting a finished game in the history
        (several writes and syncs that would otherwise hold up the last key's screen). The main
        loop calls it when no key waits; leaving the final screen calls it if that has not
        happened yet, so no new game starts on a store that has not caught up. A failure is
        retried then. True: the panel needs redrawing."""
        if not self.unarchived:
            return False
        try:
            self.recorder.finish(self.running_id, self.final_scores.to_json(), self.final_scores.winner)
        except Exception as error:  # a full or failing disk: the log holds the game, retry later
            log.error("could not archive session %s: %s", self.session_id, error)
            self.notice = [texts.ARCHIVE_FAILED.format(why=str(error))]
            self.archive_retry_at = self.clock() + ARCHIVE_RETRY_S
            return True
        self.unarchived, self.archive_retry_at = False, None
        return False

    def _on_play(self, event: KeyEvent) -> None:
        """Back on the host asks to undo; any other key answers the prompt (see play_keys)."""
        if event.seat is None and event.key == "back":
            self.ask_undo()
            return
        on_play_key(self, self.prompt, event)

    def back_to_play(self) -> None:
        """Leave a question (undo, the in-game menu) for the game as it stands: the question's
        cursor and what was typed are as the menu found them."""
        self.mode, self.menu_note = "play", []
        self.restore_input()
        self.reveal_waiting()
        self.ask_claim()  # a phone that asked meanwhile

    def hold_input(self) -> None:
        """Keep the question's cursor and typing while a menu uses the cursor (modal menus)."""
        if self.held_input is None:
            self.held_input = (self.cursor, self.browsed, self.scroll, self.typed, self.number, self.cell, self.reading)

    def restore_input(self) -> None:
        if self.held_input is not None:
            self.cursor, self.browsed, self.scroll, self.typed, self.number, self.cell, self.reading = self.held_input
            self.held_input = None

    # -- ending a game before its end ------------------------------------------------------------
    def end_game(self) -> None:
        """End the running game unfinished (the in-game menu's "end this game")."""
        if self.abandon(self.running_id):
            self.session = self.session_id = None
            self.news = []
            main_menu(self)
            self.notice = [texts.ENDED]

    # -- game over -----------------------------------------------------------------------------
    def _on_over(self, event: KeyEvent) -> None:
        """OK on the host offers what the game suggests next (see ``follow_up``), else returns
        to the menu; up/down scroll the ranking. Not before the game is in the history."""
        if event.seat is None and event.key == "ok":
            if self.unarchived and (self.housekeeping() or self.unarchived):
                return  # the history cannot take it yet: the notice says why, OK again retries
            follow = self._follow_up()
            name = self.running.game.name
            self.session = self.session_id = None
            main_menu(self)
            if follow is not None:
                follow_up_menu(self, name, follow)
        elif event.seat is None and event.key in ("up", "down"):
            if self.browsed:
                self.cursor = max(0, self.cursor + (1 if event.key == "down" else -1))
            self.browsed = True

    def _follow_up(self) -> FollowUp | None:
        """The session the ended game suggests next; a game that fails to say is not asked."""
        try:
            return self.running.game.follow_up(self.running.state)
        except Exception as error:
            log.error("the game's follow-up failed: %s", error)
            return None

    # -- seats ---------------------------------------------------------------------------------
    def seat_count(self) -> int:
        """Seats of the running game (0 without one)."""
        return self.session.game.seat_count(self.session.state) if self.session else 0

    def seat_label(self, seat: int) -> str:
        """A seat's name in the running game, in the table's language."""
        return self.running.game.seat_label(self.running.state, seat).get(self.language)

    # what each kind of event does, in the order the events are checked; each handler takes the
    # event of the type it is paired with, which the element type cannot say (hence Any)
    _EVENT_HANDLERS: ClassVar[tuple[tuple[type, Callable[[Table, Any], None]], ...]] = (
        (Tick, _on_tick),
        (PadPresence, _on_pad_presence),
        (PadTrouble, _on_pad_trouble),
        (RawPadKey, _on_raw_pad_key),
        (SeatClaim, _on_seat_claim),
        (KeyEvent, _on_key),
    )

    # the mode a key goes to
    _KEY_HANDLERS: ClassVar[dict[str, Callable[[Table, KeyEvent], None]]] = {
        "menu": on_menu_key,
        "pair": on_pair_key,
        "play": _on_play,
        "undo": undo.on_undo_key,
        "undo_all": undo.on_undo_all_key,
        "over": _on_over,
        "game_menu": on_game_menu_key,
        "resume": on_menu_key,
        "claim": on_menu_key,
        "join": on_join_key,
    }
