"""The table: one object, driven by events from one thread, that runs a game from its prompts.

It knows no game by name. It turns the session's prompt into a Frame and LED states, collects
input from pads and host buttons, and commits actions only after the recorder made them durable.

This module holds the state, the events and the session's life (start, commit, ending it early,
leaving the final screen). Every key goes to the screen that has the keys now (``flow``: the
question, the undo question, the in-game menu, a phone's claim, the final ranking, the menus
before a game, pairing), which also draws the frame and the LEDs. The menus' items live in
``menu``, undo in ``undo``, a restart's game in ``restart``, phones' claims in ``claims``, the
archive and the preferences in ``housekeeping``, the keys of a question in ``play_keys``, the
frames and the LEDs in ``screens`` and ``leds``, what keys and screens share in ``prompts``,
the announcements of each action in ``news``, and the panel's budget (its size, fonts and the
breaking of texts into rows that fit) in ``surface.panel``.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Mapping
from datetime import datetime
from typing import Any, ClassVar

from ..engine import FollowUp, Game, Msg, Prompt, RuleError, Session, added
from ..engine.i18n import LANGUAGES
from ..surface.events import (
    HOST_KEYS,
    KeyEvent,
    PadPresence,
    PadTrouble,
    PhoneAnswer,
    PhoneLanguage,
    PhonePresence,
    RawPadKey,
    SeatClaim,
    Tick,
)
from ..surface.frame import Frame, LedState
from ..surface.panel import SMALLEST, Panel
from . import claims, menu, restart, texts, undo
from .answer import Answer
from .base import Screen
from .flow import MainMenu, Over, Play, give_back
from .housekeeping import Archive, BoxKeeper, save_preference
from .joining import Joining
from .leds import seat_leds
from .menu import BRIGHTNESS_LEVELS
from .parts import BoxMemory, Fittings, Messages, PadSeating, Recorder, SeatSignals
from .play_keys import reveal_if_ready

__all__ = ["GUARD_S", "BoxMemory", "PadSeating", "Recorder", "Table"]

ERROR_BLINK_S = 2.0  # how long a seat's LED blinks red after a key that made no sense
# A key this soon after what its seat is asked changed was pressed before anyone could read the
# new question (people need a quarter of a second to see a change and react): it was meant for
# what stood there before, so it is not acted upon, and the seat is told to look again.
GUARD_S = 0.25

log = logging.getLogger(__name__)


class Table:
    """The state of the table and the events that change it.

    ``screen`` (see ``flow``) has the keys and draws the frame: the question (``Play``), the
    undo questions, the in-game menu, a phone's claim, the final ranking, the menus before a
    game and pairing. Each screen holds its own state: ``play`` is the running game's question,
    which holds the answer being typed (``answer``), kept while a menu or a claim is over it.
    The rest is grouped: ``fittings`` (what the table was built with: the recorder, the games,
    the panel's budget, the clocks), ``signals`` (each seat's red blink, pad-screen note,
    private refusal, when it was asked, its pad gone), ``messages`` (the notice and the
    announcements). ``deadline()`` tells the main loop when to wake up for a blink's end, so an
    idle table sleeps."""

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
        clock = clock or time.monotonic
        self.fittings = Fittings(
            recorder=recorder,
            games=games,
            panel=panel,
            clock=clock,
            wall_clock=wall_clock or getattr(recorder, "now", None) or (lambda: datetime.now().astimezone()),
            new_seed=new_seed or (lambda: 0),
            guard=guard,
            max_pad_seats=max_pad_seats,
            yes_no_seats=frozenset(yes_no_seats),
            seating=seating,
            box_memory=box_memory,
            boxes=BoxKeeper(box_memory),
            archive=Archive(recorder, clock),
        )
        self.language = language if language in LANGUAGES else "cs"
        self.brightness = min(max(int(brightness), 1), BRIGHTNESS_LEVELS)
        self.session: Session | None = None
        self.session_id: int | None = None
        self.names: dict[int, str] = {}  # the running game's players' names, by seat (see names)
        self.screen: Screen = MainMenu()  # what has the keys (see flow)
        self.play = Play(Answer())  # the running game's question and the answer being typed to it
        self.signals = SeatSignals()
        self.messages = Messages()
        self.pending_resume: dict | None = None  # the unfinished session a restart found
        self.claims: list[SeatClaim] = []  # phones asking for a seat, answered by the host in turn
        self.game_serial = 0  # counted up as each game starts: a phone's seat lasts one game (claims)
        self.joining: Joining | None = None  # the web table's QR codes (see joining)
        menu.main_menu(self)

    # -- what it was built with (``fittings``), read everywhere ---------------------------------
    @property
    def panel(self) -> Panel:
        """The display's budget (size, fonts): every text is broken into rows for it."""
        return self.fittings.panel

    @property
    def games(self) -> Mapping[str, Game]:
        return self.fittings.games

    @property
    def recorder(self) -> Recorder:
        return self.fittings.recorder

    # -- the running game, on the screens that have one ----------------------------------------
    @property
    def answer(self) -> Answer:
        """The answer being typed to the running game's question (``play``'s)."""
        return self.play.answer

    @property
    def running(self) -> Session:
        """The game being played (on every screen but the menus before a game and pairing)."""
        if self.session is None:
            raise RuntimeError(f"no game is running on the screen {self.screen.name}")
        return self.session

    @property
    def running_id(self) -> int:
        """The recorder's id of the game being played."""
        if self.session_id is None:
            raise RuntimeError(f"no game is running on the screen {self.screen.name}")
        return self.session_id

    @property
    def prompt(self) -> Prompt:
        """What the running game awaits (every screen of a game but the final one)."""
        prompt = self.running.prompt
        if prompt is None:
            raise RuntimeError("the game is over and awaits nothing")
        return prompt

    # -- public API used by the main loop ------------------------------------------------------
    # after a restart (see restart.py); undo (see undo.py)
    resume = restart.resume
    offer_resume = restart.offer_resume
    abandon = restart.abandon
    ask_undo = undo.ask_undo
    do_undo = undo.do_undo

    def set_language(self, language: str) -> None:
        self.language = language
        save_preference(self.recorder, "language", language)

    def set_brightness(self, level: int) -> None:
        self.brightness = level
        save_preference(self.recorder, "brightness", level)

    def deadline(self) -> float | None:
        """When something on the table changes by itself (a red blink ends, a failed archive is
        tried again), else None."""
        retry = self.fittings.archive.deadline()
        return min([*self.signals.errors.values(), *([retry] if retry is not None else [])], default=None)

    def blink_error(self, seat: int) -> None:
        """A key that made no sense: the seat's LED blinks red for a moment."""
        self.signals.errors[seat] = self.fittings.clock() + ERROR_BLINK_S

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
        """What the screen shows now (see flow and screens)."""
        return self.screen.frame(self)

    def leds(self) -> dict[int, LedState]:
        """Each seat's LED. For hidden prompts only waiting/locked, never anything about a pick."""
        return seat_leds(self)

    # -- events --------------------------------------------------------------------------------
    def _expire_errors(self) -> None:
        now = self.fittings.clock()
        errors = self.signals.errors
        for seat in [s for s, until in errors.items() if until <= now]:
            del errors[seat]

    def _on_tick(self, event: Tick) -> None:
        """A timer: only the red blinks that ended change (done in handle)."""

    def _on_pad_presence(self, event: PadPresence) -> None:
        """A pad came or went: a hidden prompt may be revealed once every pad is back."""
        absent, pads = self.signals.absent, self.signals.pads
        (absent.discard if event.connected else absent.add)(event.seat)
        (pads.add if event.connected else pads.discard)(event.seat)
        self.reveal_waiting()

    def reveal_waiting(self) -> None:
        """On the question, reveal a hidden prompt every seat has locked, if every pad is there
        (also when the question comes back after an undo question or the menu, during which a
        pad came back)."""
        screen = self.screen
        if isinstance(screen, Play) and screen.answer.secret is not None:
            reveal_if_ready(self, screen.answer, self.prompt)

    def _on_pad_trouble(self, event: PadTrouble) -> None:
        """A pad that cannot be used is named once (not again while it keeps the same trouble);
        once it is fine or gone its notice goes too."""
        said = self.messages
        if event.kind:
            message = texts.PAD_TROUBLE.get(event.kind, texts.PAD_TROUBLE["old_firmware"]).format(pad=event.pad)
            if said.pad_troubles.get(event.pad) != message:
                said.pad_troubles[event.pad] = message
                said.notice = [message]
        else:
            gone = said.pad_troubles.pop(event.pad, None)
            if gone is not None and gone in said.notice:
                said.notice = [m for m in said.notice if m != gone]

    def _on_seat_claim(self, event: SeatClaim) -> None:
        """A phone asks for a seat (see claims)."""
        claims.on_seat_claim(self, event)

    def _on_raw_pad_key(self, event: RawPadKey) -> None:
        """A key of a pad not yet seated: while pairing it seats that pad, else it is named."""
        self.screen.on_unseated_pad(self, event)

    def _on_key(self, event: KeyEvent) -> None:
        """A key clears the notice (not a pad key in the menu, where it means nothing) and its
        seat's error, then goes to the screen that has the keys; the host sends only its own
        keys. The host's menu key (back held) opens the in-game menu over the game's screens."""
        if event.seat is None and event.key not in HOST_KEYS:
            return
        if event.seat is not None and self.session is not None and not 0 <= event.seat < self.seat_count():
            self._outside_pad(event.seat)
            return
        clears = event.seat is None or (self.screen.pads_clear_notice and not self.collecting_secrets())
        if clears and not self.screen.keeps_notice(self, event):
            self.messages.notice = []
        if event.seat is not None:
            signals = self.signals
            signals.errors.pop(event.seat, None)
            signals.notes.pop(event.seat, None)
            signals.reasons.pop(event.seat, None)
        if event.key == "menu":
            if self.screen.in_game:
                menu.game_menu(self)
            return
        self.screen.on_key(self, event)

    def _on_phone_answer(self, event: PhoneAnswer) -> None:
        """A phone's tap (the web table's touch form): like its seat's key, it clears the
        notice and the seat's own lines, then answers the question it was shown, if that
        question is still on the table (not under a menu, an undo question or a claim)."""
        if self.session is None or not 0 <= event.seat < self.seat_count():
            return
        if not self.collecting_secrets():
            self.messages.notice = []
        signals = self.signals
        signals.errors.pop(event.seat, None)
        signals.notes.pop(event.seat, None)
        signals.reasons.pop(event.seat, None)
        if isinstance(self.screen, Play):
            self.screen.on_answer(self, event)

    def _on_phone_presence(self, event: PhonePresence) -> None:
        """A seat's phone went away (the panel and the board say so) or came back."""
        away, said = self.signals.phones_away, self.messages
        line = None
        if self.session is not None and 0 <= event.seat < self.seat_count():
            name = self.names.get(event.seat)
            line = texts.PHONE_AWAY.format(seat=Msg(name, name) if name else self.seat_msg(event.seat))
        if event.connected:
            away.discard(event.seat)
            if line is not None:
                said.notice = [m for m in said.notice if m != line]
        else:
            away.add(event.seat)
            if line is not None and line not in said.notice:
                said.notice = [*said.notice, line]

    def _on_phone_language(self, event: PhoneLanguage) -> None:
        """A phone reads its own language; the panel and the pads keep the table's."""
        if event.language in ("cs", "en"):
            self.signals.languages[event.seat] = event.language

    def _outside_pad(self, seat: int) -> None:
        """A key from a pad whose seat the running game does not have (a pad left paired from a
        bigger game): named by its number, never by a seat name the game cannot give, and
        nothing else changes."""
        self.messages.notice = [texts.PAD_NOT_PLAYING.format(pad=seat + 1)]

    def collecting_secrets(self) -> bool:
        """Seats are typing hidden picks now: no key of theirs may change what the table sees
        (not even by putting a notice away), or the panel would keep time with a secret."""
        screen = self.screen
        return isinstance(screen, Play) and screen.answer.secret is not None

    def news_blocks(self) -> bool:
        """Announcements stand on a screen of their own (the prompt's screen has no room)."""
        return isinstance(self.screen, Play) and Play.news_blocks(self)

    def _question_changed(self) -> None:
        """What every seat and the host are asked has just changed (or just appeared)."""
        now = self.fittings.clock()
        self.signals.asked_at = dict.fromkeys([None, *range(self.seat_count())], now)

    # -- from one screen to another (see flow) -------------------------------------------------
    def main_menu(self) -> None:
        """The first screen."""
        menu.main_menu(self)

    def finish_pairing(self, mapping: dict[str, int] | None) -> None:
        """Seat the pads as paired (``mapping``) or as they were (None), and return to the menu."""
        menu.finish_pairing(self, mapping)

    def back_to_play(self) -> None:
        """Leave a question (undo, the in-game menu) for the game as it stands: the question's
        cursor and what was typed are as the menu found them."""
        give_back(self, self.play)
        self.reveal_waiting()
        claims.ask_claim(self)  # a phone that asked meanwhile

    # -- a new game, chosen in the menu --------------------------------------------------------
    def new_game(self, name: str, options: dict, use_memory: bool = True) -> None:
        """Start ``name`` with the menu's options and the box corrections remembered for it."""
        game, seed = self.games[name], self.fittings.new_seed()
        saved, problem = self.fittings.boxes.load(name) if use_memory else ({}, None)
        try:
            session = Session(game, {**options, "box": saved} if saved else options, seed)
        except RuleError as error:
            if not saved:  # a setting combination the game refuses: say why, stay in the menu
                self.messages.notice = [texts.REFUSED, error.msg]
                return
            # the remembered box corrections no longer fit this box: play without, keep the file
            log.error("saved box corrections for %s ignored: %s", name, error)
            self.new_game(name, options, use_memory=False)
            if isinstance(self.screen, Play):
                self.messages.notice = [texts.BOX_MEMORY_IGNORED.format(why=error.msg)]
            return
        seats = game.seat_count(session.state)
        labels = [game.seat_label(session.state, s).get(self.language) for s in range(seats)]
        self.start(session, self.recorder.create_session(name, session.options, seed, labels))
        self.fittings.boxes.started(session)
        if problem is not None:
            self.messages.notice = [problem]

    def remember_box(self) -> None:
        """Save what the session learned or corrected about the box, for the next game."""
        self.fittings.boxes.remember(self.running)

    # -- playing -------------------------------------------------------------------------------
    def start(self, session: Session, session_id: int) -> None:
        self.session, self.session_id = session, session_id
        self.game_serial += 1
        self.names = self._recorded_names(session_id)  # a resumed game's players keep their names
        self.signals.phones_away.clear()  # the seats' phones are this game's, told again
        self.signals.languages.clear()
        # the last game's final announcements are not this one's
        self.messages.news, self.messages.news_scroll = [], 0
        self.reset_input()
        self._check_over()

    def reset_input(self) -> None:
        """A new question (after every committed action, an undo, the start): a fresh answer to
        the session's prompt, on the panel."""
        prompt = self.session.prompt if self.session else None
        self.play = self.screen = Play(Answer.to(prompt, self.fittings.wall_clock, self.play.answer.asked + 1))
        if self.session is not None:
            self._question_changed()

    def commit(self, action: dict, seat: int | None, locked: dict[int, datetime] | None = None) -> None:
        """Evaluate, make durable, then acknowledge: the order principle 4 demands. A refusal
        blinks ``seat``'s LED (None: the host's). ``locked``: at a reveal, when each seat locked
        its pick; stored with the entry (``"locked"``), never part of what is replayed."""
        session = self.running
        try:
            outcome = session.evaluate(action)
        except RuleError as error:
            if "picks" in action:  # the revealed picks refused: the reason is theirs alone
                self.refuse_picks(error)
            else:
                self.refuse(error.msg, seat, error.private, owner=action.get("seat"))
            return
        if not self.persist({**outcome.entry, "locked": locked} if locked else outcome.entry):
            return
        before = session.state
        session.commit(outcome)
        said = self.messages
        # the question the refused secret entries were about is answered
        if said.notice:  # (most commits find no notice: no seat names built for nothing)
            said.notice = [m for m in said.notice if m not in self._secret_lines()]
        said.news = list(added(before, session.state))
        said.news_scroll = 0
        self.remember_box()
        log.info("session %s action %d accepted: %s", self.session_id, len(session.entries) - 1, action.get("step"))
        self.reset_input()
        self._check_over()

    def persist(self, entry: dict) -> bool:
        try:
            self.recorder.append(self.running_id, entry)
        except Exception as error:  # a full or failing disk must not crash the table
            log.error("could not store entry: %s", error)
            self.messages.notice = [texts.STORE_FAILED.format(why=str(error))]
            return False
        return True

    def refuse(self, msg: Msg, seat: int | None, own: Msg | None = None, owner: int | None = None) -> None:
        """Say why an input was not taken, in one text; a seat's LED blinks red a moment and its
        pad screen points to the panel. ``own``: the reason only the refused seat may read (one
        that rests on a hidden fact, ``RuleError.private``); it goes to that seat's pad screen
        and phone (``owner`` when the host's buttons answered for it), the panel says ``msg``."""
        self.messages.notice = [texts.REFUSED_WHY.format(why=msg)]
        signals = self.signals
        if seat is not None:
            self.blink_error(seat)
            signals.notes[seat] = texts.REFUSED_PAD
        reader = seat if seat is not None else owner
        if own is not None and reader is not None:
            signals.reasons[reader] = own
            signals.notes[reader] = texts.REFUSED_OWN

    def refuse_secret(self, seat: int, reason: Msg) -> None:
        """A hidden entry refused. Its reason, the code and what it meant go to the seat alone
        (its pad screen and phone; a pad without a screen blinks red and the player types again);
        the table reads one neutral line, the same whatever was typed and whatever the reason,
        which stays until something the table sees anyway (the seat locking, an answer, a host
        key). The other seats' lines stay."""
        line = self._secret_line(seat)
        said = self.messages
        said.notice = [m for m in said.notice if m in self._secret_lines() and m != line] + [line]
        self.blink_error(seat)
        self.signals.notes[seat] = texts.REFUSED_OWN
        self.signals.reasons[seat] = reason

    def refuse_picks(self, error: RuleError) -> None:
        """The locked picks of a hidden prompt refused as a whole when revealed: each asked seat
        is told on its own screen, the table reads the seats' neutral lines."""
        for seat in self.prompt.seats:
            self.refuse_secret(seat, error.own)

    def secret_locked(self, seat: int) -> None:
        """``seat`` locked its hidden pick, which every seat's LED shows: its neutral line goes."""
        said = self.messages
        said.notice = [m for m in said.notice if m != self._secret_line(seat)]

    def _secret_line(self, seat: int) -> Msg:
        return texts.SECRET_REFUSED.format(seat=self.seat_msg(seat))

    def _secret_lines(self) -> list[Msg]:
        return [self._secret_line(seat) for seat in range(self.seat_count())] if self.session else []

    # -- the end of a game ---------------------------------------------------------------------
    def _check_over(self) -> None:
        """A game that has ended shows its ranking at once; its archiving waits for
        ``housekeeping`` (the last action is durable already: a restart completes the rest)."""
        if self.running.over:
            scores = self.running.score()
            self.screen = Over(scores)
            self.fittings.archive.hold(self.running_id, scores)

    @property
    def unarchived(self) -> bool:
        """The running game has ended but is not in the history yet."""
        return self.fittings.archive.waiting is not None

    def housekeeping(self) -> bool:
        """Work that may wait until the frame is shown: putting a finished game in the history
        (see housekeeping.Archive). The main loop calls it when no key waits; leaving the final
        screen calls it if that has not happened yet, so no new game starts on a store that has
        not caught up. True: the panel needs redrawing (the notice says why it failed)."""
        failed = self.fittings.archive.run()
        if failed is not None:
            self.messages.notice = [failed]
        return failed is not None

    def leave_game(self) -> None:
        """OK on the final ranking: the menu, or what the game suggests next (``follow_up``).
        Not before the game is in the history."""
        if self.unarchived and (self.housekeeping() or self.unarchived):
            return  # the history cannot take it yet: the notice says why, OK again retries
        follow = self._follow_up()
        name = self.running.game.name
        self.session = self.session_id = None
        menu.main_menu(self)
        if follow is not None:
            menu.follow_up_menu(self, name, follow)

    def _follow_up(self) -> FollowUp | None:
        """The session the ended game suggests next; a game that fails to say is not asked."""
        try:
            return self.running.game.follow_up(self.running.state)
        except Exception as error:
            log.error("the game's follow-up failed: %s", error)
            return None

    def end_game(self) -> None:
        """End the running game unfinished (the in-game menu's "end this game")."""
        if self.abandon(self.running_id):
            self.session = self.session_id = None
            self.messages.news = []
            menu.main_menu(self)
            self.messages.notice = [texts.ENDED]

    # -- seats ---------------------------------------------------------------------------------
    def seat_count(self) -> int:
        """Seats of the running game (0 without one)."""
        return self.session.game.seat_count(self.session.state) if self.session else 0

    def seat_label(self, seat: int) -> str:
        """A seat's name in the running game, in the table's language."""
        return self.running.game.seat_label(self.running.state, seat).get(self.language)

    def seat_msg(self, seat: int) -> Msg:
        """A seat's name in the running game, in both languages."""
        return self.running.game.seat_label(self.running.state, seat)

    # -- players by name (see names) -------------------------------------------------------------
    @property
    def keeps_names(self) -> bool:
        """The recorder keeps players' names (the store does; a test's memory need not)."""
        return all(callable(getattr(self.recorder, what, None)) for what in ("name_player", "known_names"))

    def name_player(self, seat: int, name: str | None) -> None:
        """Give ``seat`` of the running game its player's name (None takes it away): durable in
        the recorder before the table shows it. Raises what the recorder raises for a name it
        refuses or cannot write (nothing changes then), ValueError when it keeps no names."""
        if not self.keeps_names:
            raise ValueError("this table keeps no players' names")
        kept = self.recorder.name_player(self.running_id, seat, name)
        if kept is None:
            self.names.pop(seat, None)
        else:
            self.names[seat] = kept

    def known_names(self) -> list[str]:
        """Players' names seen at this table before, most recent first; none when the recorder
        keeps no names or cannot read them (logged)."""
        if not self.keeps_names:
            return []
        try:
            return [name for name in self.recorder.known_names() if isinstance(name, str) and name]
        except Exception as error:
            log.error("the names seen before cannot be read: %s", error)
            return []

    def reload_names(self) -> None:
        """The running game's names as the recorder keeps them (whoever gave them)."""
        self.names = self._recorded_names(self.running_id)

    def _recorded_names(self, session_id: int) -> dict[int, str]:
        """The names a session's players already have (after a restart); none when the recorder
        keeps none or cannot read them (logged)."""
        players = getattr(self.recorder, "players", None)
        if not self.keeps_names or not callable(players):
            return {}
        try:
            return {int(seat): str(name) for seat, name in players(session_id).items()}
        except Exception as error:
            log.error("the players' names of session %s cannot be read: %s", session_id, error)
            return {}

    # what each kind of event does, in the order the events are checked; each handler takes the
    # event of the type it is paired with, which the element type cannot say (hence Any)
    _EVENT_HANDLERS: ClassVar[tuple[tuple[type, Callable[[Table, Any], None]], ...]] = (
        (Tick, _on_tick),
        (PadPresence, _on_pad_presence),
        (PadTrouble, _on_pad_trouble),
        (RawPadKey, _on_raw_pad_key),
        (SeatClaim, _on_seat_claim),
        (KeyEvent, _on_key),
        (PhoneAnswer, _on_phone_answer),
        (PhonePresence, _on_phone_presence),
        (PhoneLanguage, _on_phone_language),
    )
