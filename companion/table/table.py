"""The table: one object, driven by events from one thread, that runs a game from its prompts.

It knows no game by name. It turns the session's prompt into a Frame and LED states, collects
input from pads and host buttons, and commits actions only after the recorder made them durable.

This module holds the state, the events, the session's life (start, commit, undo, the end) and
the mode each key goes to; the menu, the play mode's keys, the screens and the LEDs live in
``menu``, ``play_keys``, ``screens`` and ``leds``, what keys and screens share in ``prompts``,
and the breaking of texts into rows that fit in ``panel``.
"""

from __future__ import annotations

import logging
from typing import Callable, Protocol

from ..engine import Game, Msg, PromptKind, RuleError, Session
from ..engine.i18n import LANGUAGES
from ..engine.session import ReplayError
from . import texts
from .events import HOST_KEYS, KeyEvent, PadPresence, PadTrouble, RawPadKey
from .frame import Frame, LedState
from .leds import seat_leds
from .menu import MenuItem, finish_pairing, main_menu, on_menu_key, on_pair_key
from .pairing import Pairing
from .play_keys import on_play_key, reveal_if_ready
from .screens import table_frame
from .secret import SecretCollector

log = logging.getLogger(__name__)


class Recorder(Protocol):
    """Where accepted actions go before anyone sees them accepted (store.Store implements it)."""

    def create_session(self, game: str, options: dict, seed: int, seats: list[str]) -> int: ...

    def append(self, session_id: int, entry: dict) -> int: ...

    def finish(self, session_id: int, scores: dict, winner: int | None) -> None: ...

    def finished_count(self) -> int: ...


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


class Table:
    """Modes: ``menu`` (pick a game and the number of players), ``pair`` (seat the serial pads),
    ``play``, ``undo`` (asking), ``undo_all`` (every seat confirms a costly undo) and ``over``
    (final ranking)."""

    def __init__(self, recorder: Recorder, games: dict[str, Game], language: str = "cs",
                 new_seed: Callable[[], int] | None = None, max_pad_seats: int = 5,
                 yes_no_seats: frozenset[int] = frozenset(), seating: PadSeating | None = None,
                 box_memory: BoxMemory | None = None):
        self.recorder = recorder
        self.games = games
        self.language = language if language in LANGUAGES else "cs"
        self.new_seed = new_seed or (lambda: 0)
        self.session: Session | None = None
        self.session_id: int | None = None
        self.mode = "menu"
        self.menu: list[MenuItem] = []
        self.menu_title = texts.MENU_TITLE
        self.cursor = 0
        self.notice: list[Msg] = []
        self.seat_errors: set[int] = set()
        self.absent: set[int] = set()
        self.max_pad_seats = max_pad_seats
        self.yes_no_seats = frozenset(yes_no_seats)  # seats with two buttons, not a keypad
        self.private_seat: int | None = None           # seat entering a secret on the host
        self.private_started = False
        self.seating = seating
        self.pairing: Pairing | None = None
        self.box_memory = box_memory
        self.pad_troubles: dict[str, Msg] = {}  # pads that cannot be used; shown in the menu
        self.remembered_box: dict = {}
        self._reset_input()
        main_menu(self)

    # -- public API used by the main loop ------------------------------------------------------
    def resume(self, session_id: int, game_name: str, options: dict, seed: int, entries: list[dict]) -> bool:
        """Continue a session after a restart. A log that no longer replays is left untouched."""
        try:
            game = self.games[game_name]
            session = Session(game, options, seed, entries)
        except (KeyError, ReplayError, RuleError) as error:
            why = getattr(error, "msg", None) or Msg(str(error), str(error))
            self.notice = [texts.RESUME_FAILED.format(why=why)]
            log.error("cannot resume session %s: %s", session_id, error)
            return False
        self._start(session, session_id)
        self._remember_box()  # in case the last one was learned just before the power went
        self.notice = [texts.RESUMED]
        return True

    def handle(self, event) -> None:
        """Process one event. Never raises for bad input: it becomes a notice or an LED."""
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
    def _on_pad_presence(self, event: PadPresence) -> None:
        """A pad came or went: a hidden prompt may be revealed once every pad is back."""
        (self.absent.discard if event.connected else self.absent.add)(event.seat)
        if self.mode == "play" and self.secret is not None:
            reveal_if_ready(self, self.session.prompt)

    def _on_pad_trouble(self, event: PadTrouble) -> None:
        if event.kind:
            message = texts.PAD_TROUBLE.get(event.kind, texts.PAD_TROUBLE["old_firmware"]).format(pad=event.pad)
            self.pad_troubles[event.pad] = message
            self.notice = [message]
        else:
            self.pad_troubles.pop(event.pad, None)

    def _on_raw_pad_key(self, event: RawPadKey) -> None:
        """A key of a pad not yet seated: while pairing it seats that pad, else it is named."""
        if self.mode != "pair":
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
        goes to the current mode; the host sends only its own keys."""
        if self.mode != "menu" or event.seat is None:
            self.notice = []
        if event.seat is not None:
            self.seat_errors.discard(event.seat)
        on_key = self._KEY_HANDLERS[self.mode]
        if event.seat is None and event.key not in HOST_KEYS:
            return
        on_key(self, event)

    # -- a new game, chosen in the menu --------------------------------------------------------
    def new_game(self, name: str, options: dict, use_memory: bool = True) -> None:
        """Start ``name`` with the menu's options and the box corrections remembered for it."""
        game, seed = self.games[name], self.new_seed()
        saved = self.box_memory.load(name) if self.box_memory and use_memory else {}
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

    def _open(self, name: str, session: Session, seed: int) -> None:
        game = session.game
        seats = game.seat_count(session.state)
        labels = [game.seat_label(session.state, s).get(self.language) for s in range(seats)]
        session_id = self.recorder.create_session(name, session.options, seed, labels)
        self._start(session, session_id)
        self.remembered_box = game.learned_box(session.state)

    def _remember_box(self) -> None:
        """Save what the session learned or corrected about the box, for the next game. The
        session log stays the truth; this file only spares the players the same questions."""
        if self.box_memory is None:
            return
        learned = self.session.game.learned_box(self.session.state)
        if learned == self.remembered_box:
            return
        try:
            self.box_memory.save(self.session.game.name, learned)
            self.remembered_box = learned
        except Exception as error:  # the game goes on; the facts are in the session log anyway
            log.error("could not save the box corrections: %s", error)

    # -- playing -------------------------------------------------------------------------------
    def _start(self, session: Session, session_id: int) -> None:
        self.session, self.session_id = session, session_id
        self.mode = "play"
        self._reset_input()
        self._check_over()

    def _reset_input(self) -> None:
        """Fresh input state for the current prompt (called after every committed step)."""
        prompt = self.session.prompt if self.session else None
        self.secret = SecretCollector(prompt) if prompt and prompt.kind.hidden else None
        self.typed = ""
        self.cursor = 0
        self.browsed = False  # the host has moved through the options of this prompt
        self.number = prompt.minimum if prompt and prompt.kind is PromptKind.NUMBER and prompt.minimum is not None else 0
        self.cell = tuple(prompt.cursor) if prompt and prompt.cursor else None
        self.undo_confirms: set[int] = set()
        self.private_seat, self.private_started = None, False
        self.scroll = 0  # lines of a long text scrolled away (CONFIRM and secret prompts)

    def commit(self, action: dict, seat: int | None) -> None:
        """Evaluate, make durable, then acknowledge: the order principle 4 demands. A refusal
        blinks ``seat``'s LED (None: the host's)."""
        try:
            step = self.session.evaluate(action)
        except RuleError as error:
            self.refuse(error.msg, seat)
            return
        if not self._persist(step.entry):
            return
        self.session.commit(step)
        self._remember_box()
        log.info("session %s action %d accepted: %s", self.session_id, len(self.session.entries) - 1, action.get("step"))
        self._reset_input()
        self._check_over()

    def _persist(self, entry: dict) -> bool:
        try:
            self.recorder.append(self.session_id, entry)
        except Exception as error:  # a full or failing disk must not crash the table
            log.error("could not store entry: %s", error)
            self.notice = [texts.STORE_FAILED.format(why=str(error))]
            return False
        return True

    def refuse(self, msg: Msg, seat: int | None) -> None:
        """Say why an input was not taken; a seat's LED blinks until its next key."""
        self.notice = [texts.REFUSED, msg]
        if seat is not None:
            self.seat_errors.add(seat)

    def _check_over(self) -> None:
        if self.session.over:
            self.final_scores = self.session.score()
            self.recorder.finish(self.session_id, self.final_scores.to_json(), self.final_scores.winner)
            self.mode, self.cursor = "over", 0

    def _on_play(self, event: KeyEvent) -> None:
        """Back on the host asks to undo; any other key answers the prompt (see play_keys)."""
        if event.seat is None and event.key == "back":
            self._ask_undo()
            return
        on_play_key(self, self.session.prompt, event)

    # -- undo ----------------------------------------------------------------------------------
    def _ask_undo(self) -> None:
        if self.session.undo_needs_everyone() is None:
            self.notice = [texts.UNDO_NOTHING]
            return
        self.mode = "undo"

    def _on_undo(self, event: KeyEvent) -> None:
        if event.seat is not None:
            return
        if event.key == "back":
            self.mode = "play"
        elif event.key == "ok":
            if self.session.undo_needs_everyone():
                self.mode, self.undo_confirms = "undo_all", set()
            else:
                self._do_undo(False)

    def _on_undo_all(self, event: KeyEvent) -> None:
        """Every seat presses # on its pad; * on a pad or back on the host cancels."""
        if event.seat is None:
            if event.key == "back":
                self.mode = "play"
            return
        if event.key == "#":
            self.undo_confirms.add(event.seat)
        elif event.key == "*":
            self.mode = "play"
            return
        if self.undo_confirms >= set(range(self.seat_count())):
            self._do_undo(True)

    def _do_undo(self, everyone: bool) -> None:
        self.mode = "play"
        try:
            step = self.session.plan_undo(everyone)
        except (RuleError, ReplayError) as error:
            self.refuse(getattr(error, "msg", texts.UNDO_NOTHING), None)
            return
        if self._persist(step.entry):
            self.session.commit(step)
            self._remember_box()  # a fact entered by mistake and taken back is forgotten too
            self._reset_input()
            self.notice = [texts.UNDONE]

    # -- game over -----------------------------------------------------------------------------
    def _on_over(self, event: KeyEvent) -> None:
        """OK on the host returns to the menu; up/down scroll the ranking."""
        if event.seat is None and event.key == "ok":
            self.session = self.session_id = None
            main_menu(self)
        elif event.seat is None and event.key in ("up", "down"):
            self.cursor = max(0, self.cursor + (1 if event.key == "down" else -1))

    # -- seats ---------------------------------------------------------------------------------
    def seat_count(self) -> int:
        """Seats of the running game (0 without one)."""
        return self.session.game.seat_count(self.session.state) if self.session else 0

    def seat_label(self, seat: int) -> str:
        """A seat's name in the running game, in the table's language."""
        return self.session.game.seat_label(self.session.state, seat).get(self.language)

    # what each kind of event does; isinstance order as the events are checked
    _EVENT_HANDLERS: tuple[tuple[type, Callable[[Table, object], None]], ...] = (
        (PadPresence, _on_pad_presence),
        (PadTrouble, _on_pad_trouble),
        (RawPadKey, _on_raw_pad_key),
        (KeyEvent, _on_key),
    )

    # the mode a key goes to
    _KEY_HANDLERS: dict[str, Callable[[Table, KeyEvent], None]] = {
        "menu": on_menu_key,
        "pair": on_pair_key,
        "play": _on_play,
        "undo": _on_undo,
        "undo_all": _on_undo_all,
        "over": _on_over,
    }
