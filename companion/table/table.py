"""The table: one object, driven by events from one thread, that runs a game from its prompts.

It knows no game by name. It turns the session's prompt into a Frame and LED states, collects
input from pads and host buttons, and commits actions only after the recorder made them durable.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Callable, Protocol

from ..engine import Game, Msg, Prompt, PromptKind, RuleError, Session
from ..engine.i18n import LANGUAGES
from ..engine.session import ReplayError
from . import texts
from .events import HOST_KEYS, KeyEvent, PadPresence, PadTrouble, RawPadKey
from .pairing import Pairing
from .frame import (LED_ERROR, LED_LOCKED, LED_OFF, LED_PAUSED, LED_TURN, LED_WAITING, Frame, LedState,
                    MapCell, MapView)
from .secret import SecretCollector, padded

log = logging.getLogger(__name__)

TITLE_CHARS = 18  # about what one 11 px line of the 128 px screen holds
BODY_ROWS = 3     # body lines the 128x64 panel shows under the header, above the footer
CELL_MOVES = {"2": (0, -1), "8": (0, 1), "4": (-1, 0), "6": (1, 0)}


class Recorder(Protocol):
    """Where accepted actions go before anyone sees them accepted (store.Store implements it)."""

    def create_session(self, game: str, options: dict, seed: int, seats: list[str]) -> int: ...

    def append(self, session_id: int, entry: dict) -> int: ...

    def finish(self, session_id: int, scores: dict, winner: int | None) -> None: ...

    def finished_count(self) -> int: ...


@dataclass
class MenuItem:
    label: Msg
    act: Callable[[], None]


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
    """Modes: ``menu`` (pick a game and the number of players), ``play``, ``undo`` (asking),
    ``undo_all`` (every seat confirms a costly undo) and ``over`` (final ranking)."""

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
        self._main_menu()

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
        if isinstance(event, PadPresence):
            (self.absent.discard if event.connected else self.absent.add)(event.seat)
            if self.mode == "play" and self.secret is not None:
                self._reveal_if_ready(self.session.prompt)
            return
        if isinstance(event, PadTrouble):
            if event.kind:
                message = texts.PAD_TROUBLE.get(event.kind, texts.PAD_TROUBLE["old_firmware"]).format(pad=event.pad)
                self.pad_troubles[event.pad] = message
                self.notice = [message]
            else:
                self.pad_troubles.pop(event.pad, None)
            return
        if isinstance(event, RawPadKey):
            if self.mode == "pair":
                try:
                    self.pairing.press(event.pad)
                except ValueError:  # a board id the pairing file could not hold: ignore that pad
                    log.warning("pad with an unusable board id %r ignored", event.pad)
                    return
                if self.pairing.done:
                    self._finish_pairing(True)
            else:
                self.notice = [texts.UNPAIRED_PAD]
            return
        if not isinstance(event, KeyEvent):
            return
        if self.mode != "menu" or event.seat is None:  # pad keys mean nothing in the menu
            self.notice = []
        if event.seat is not None:
            self.seat_errors.discard(event.seat)
        handler = getattr(self, f"_on_{self.mode}")
        if event.seat is None and event.key not in HOST_KEYS:
            return
        handler(event)

    # -- menu ----------------------------------------------------------------------------------
    def _main_menu(self) -> None:
        self.mode, self.cursor, self.menu_title = "menu", 0, texts.MENU_TITLE
        items = [MenuItem(texts.MENU_NEW.format(game=g.title), (lambda n=name: self._seats_menu(n)))
                 for name, g in self.games.items()]
        if self.seating is not None:
            items.append(MenuItem(texts.MENU_PAIR, self._begin_pairing))
        items.append(MenuItem(texts.MENU_LANGUAGE, self._toggle_language))
        self.menu = items

    def _begin_pairing(self) -> None:
        self.seating.begin()
        self.pairing, self.mode = Pairing(self.max_pad_seats), "pair"

    def _finish_pairing(self, keep: bool) -> None:
        mapping = self.pairing.mapping if keep else None
        self.seating.finish(mapping)
        self.pairing = None
        self._main_menu()
        if mapping is not None:
            self.notice = [texts.PAIR_SAVED.format(n=len(mapping))]

    def _on_pair(self, event: KeyEvent) -> None:
        if event.seat is not None:
            return
        if event.key == "ok":
            self._finish_pairing(bool(self.pairing.mapping))
        elif event.key == "back":
            if self.pairing.undo() is None:
                self._finish_pairing(False)

    def _toggle_language(self) -> None:
        self.language = LANGUAGES[(LANGUAGES.index(self.language) + 1) % len(LANGUAGES)]

    def _seats_menu(self, name: str) -> None:
        game = self.games[name]
        self.menu_title = texts.SEATS_TITLE.format(game=game.title)
        self.cursor = 0
        self.menu = [MenuItem(_seat_count_label(n), (lambda n=n: self._settings_menu(name, n)))
                     for n in range(game.min_seats, game.max_seats + 1)]
        self.menu.append(MenuItem(texts.BACK, self._main_menu))

    # -- settings: the game's own options, chosen before it starts -------------------------------
    def _settings_menu(self, name: str, seats: int, chosen: dict | None = None) -> None:
        """List the game's settings for this player count; OK on one changes it. A game with
        none starts at once."""
        game = self.games[name]
        offered = [s for s in game.settings if s.applies(seats)]
        if chosen is None:
            chosen = {s.key: s.initial() for s in offered}
        if not offered:
            self._new_game(name, {"seats": seats})
            return
        self.menu_title = texts.SETTINGS_TITLE.format(game=game.title)
        self.cursor = 0
        self.menu = [MenuItem(texts.SETTINGS_START, lambda: self._new_game(name, {"seats": seats, **chosen}))]
        for setting in offered:
            self.menu.append(MenuItem(
                texts.SETTING_LINE.format(label=setting.label, value=_setting_value(setting, chosen[setting.key])),
                lambda s=setting: self._change_setting(name, seats, chosen, s)))
        self.menu.append(MenuItem(texts.BACK, lambda: self._seats_menu(name)))

    def _change_setting(self, name: str, seats: int, chosen: dict, setting) -> None:
        keep = self.cursor
        if setting.pick == 1:
            values = [v for v, _ in setting.values]
            current = values.index(chosen[setting.key]) if chosen[setting.key] in values else -1
            chosen[setting.key] = values[(current + 1) % len(values)]
            self._settings_menu(name, seats, chosen)
            self.cursor = keep
        else:
            self._pick_menu(name, seats, chosen, setting, 0)

    def _pick_menu(self, name: str, seats: int, chosen: dict, setting, cursor: int) -> None:
        """Choose exactly ``setting.pick`` values: OK toggles one; done returns when the count is right."""
        picked = list(chosen[setting.key])
        self.menu_title = texts.SETTING_PICK_TITLE.format(label=setting.label, n=setting.pick)

        def toggle(value):
            now = list(chosen[setting.key])
            chosen[setting.key] = [v for v in now if v != value] if value in now else now + [value]
            self._pick_menu(name, seats, chosen, setting, self.cursor)

        def done():
            if len(chosen[setting.key]) != setting.pick:
                self.notice = [texts.SETTING_PICK_COUNT.format(k=len(chosen[setting.key]), n=setting.pick)]
                return
            order = [v for v, _ in setting.values]
            chosen[setting.key] = sorted(chosen[setting.key], key=order.index)
            self._settings_menu(name, seats, chosen)

        self.menu = [MenuItem(Msg("{m} {l}", "{m} {l}").format(m="☑" if v in picked else "☐", l=label),
                              (lambda v=v: toggle(v))) for v, label in setting.values]
        self.menu.append(MenuItem(texts.SETTING_PICK_DONE, done))
        self.cursor = cursor

    def _new_game(self, name: str, options: dict, use_memory: bool = True) -> None:
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
            self._new_game(name, options, use_memory=False)
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

    def _on_menu(self, event: KeyEvent) -> None:
        if event.seat is not None:
            return
        if event.key in ("up", "down"):
            self.cursor = (self.cursor + (1 if event.key == "down" else -1)) % len(self.menu)
        elif event.key == "ok":
            self.menu[self.cursor].act()
        elif event.key == "back":
            self._main_menu()

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
        self.number = prompt.minimum if prompt and prompt.kind is PromptKind.NUMBER and prompt.minimum is not None else 0
        self.cell = tuple(prompt.cursor) if prompt and prompt.cursor else None
        self.undo_confirms: set[int] = set()
        self.private_seat, self.private_started = None, False
        self.scroll = 0  # lines of a long text scrolled away (CONFIRM and secret prompts)

    def _commit(self, action: dict, seat: int | None) -> None:
        """Evaluate, make durable, then acknowledge: the order principle 4 demands."""
        try:
            step = self.session.evaluate(action)
        except RuleError as error:
            self._refuse(error.msg, seat)
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

    def _refuse(self, msg: Msg, seat: int | None) -> None:
        self.notice = [texts.REFUSED, msg]
        if seat is not None:
            self.seat_errors.add(seat)

    def _check_over(self) -> None:
        if self.session.over:
            self.final_scores = self.session.score()
            self.recorder.finish(self.session_id, self.final_scores.to_json(), self.final_scores.winner)
            self.mode, self.cursor = "over", 0

    def _on_play(self, event: KeyEvent) -> None:
        prompt = self.session.prompt
        if event.seat is None and event.key == "back":
            self._ask_undo()
            return
        if prompt.kind.hidden:
            self._hidden_key(prompt, event)
        elif event.seat is None:
            self._host_key(prompt, event.key)
        elif prompt.seats and event.seat not in prompt.seats:
            self.seat_errors.add(event.seat)
        else:
            self._pad_key(prompt, event.seat, event.key)

    def _host_entry_seats(self, prompt: Prompt) -> list[int]:
        """Seats that cannot type this prompt's codes and are not locked yet."""
        locked = set(self.secret.locked_seats())
        return [s for s in prompt.seats
                if s in self.yes_no_seats and self.secret.needs_keypad(s) and s not in locked]

    def _hidden_key(self, prompt: Prompt, event: KeyEvent) -> None:
        if event.seat is None:
            self._private_host_key(prompt, event.key)
            return
        if not self.secret.press(event.seat, event.key):
            self.seat_errors.add(event.seat)
            return
        if self.secret.entries[event.seat].mistyped:
            self.seat_errors.add(event.seat)
        self._reveal_if_ready(prompt)

    def _private_host_key(self, prompt: Prompt, key: str) -> None:
        """The privacy prompt: a seat without a keypad picks on the host buttons, others look away."""
        if self.private_seat is None:
            waiting = self._host_entry_seats(prompt)
            if key == "ok" and waiting:
                self.private_seat, self.private_started, self.cursor = waiting[0], False, 0
            elif key in ("up", "down"):
                self._scroll(key)
            else:
                self.notice = [Msg("Volí se tajně na padech.", "Secret picks are made on the pads.")]
            return
        options = prompt.options_for(self.private_seat)
        if key == "back":
            self.private_seat = None
        elif not self.private_started:
            self.private_started = key == "ok"
        elif key in ("up", "down"):
            self.cursor = (self.cursor + (1 if key == "down" else -1)) % len(options)
        elif key == "ok":
            self.secret.lock_value(self.private_seat, options[self.cursor].value)
            self.private_seat, self.cursor = None, 0
            self._reveal_if_ready(prompt)

    def _reveal_if_ready(self, prompt: Prompt) -> None:
        """Reveal once every seat is locked and every pad involved is present."""
        if self.secret.complete() and not (self.absent & set(prompt.seats)):
            self._commit({"step": prompt.step, "picks": self.secret.picks()}, None)

    def _options(self, prompt: Prompt, seat: int | None):
        return prompt.options_for(seat if seat is not None else (prompt.seats[0] if len(prompt.seats) == 1 else None))

    def _host_key(self, prompt: Prompt, key: str) -> None:
        kind = prompt.kind
        if kind in (PromptKind.CHOICE, PromptKind.CELL):
            options = self._options(prompt, None)
            if key in ("up", "down") and options:
                self.cursor = (self.cursor + (1 if key == "down" else -1)) % len(options)
                if kind is PromptKind.CELL and _is_place(options[self.cursor].value):
                    self.cell = tuple(options[self.cursor].value)
            elif key == "ok" and options:
                self._commit({"step": prompt.step, "seat": None, "value": options[self.cursor].value}, None)
        elif kind is PromptKind.NUMBER:
            if key in ("up", "down"):
                step = 1 if key == "up" else -1
                low = prompt.minimum if prompt.minimum is not None else 0
                high = prompt.maximum if prompt.maximum is not None else 999
                self.number = min(high, max(low, self.number + step))
            elif key == "ok":
                self._commit({"step": prompt.step, "seat": None, "value": self.number}, None)
        elif kind is PromptKind.CONFIRM and key == "ok":
            self._commit({"step": prompt.step, "seat": None, "value": None}, None)
        elif kind is PromptKind.CONFIRM and key in ("up", "down"):
            self._scroll(key)

    def _scroll(self, key: str) -> None:
        """Move a long text (a production plan, instructions) by one line; the frame clamps it."""
        self.scroll = max(0, self.scroll + (1 if key == "down" else -1))

    def _pad_key(self, prompt: Prompt, seat: int, key: str) -> None:
        kind = prompt.kind
        actor = seat if prompt.seats else None
        if kind is PromptKind.CONFIRM:
            if key == "#":
                self._commit({"step": prompt.step, "seat": actor, "value": None}, seat)
            elif key in ("2", "8"):  # up / down through a long text
                self._scroll("up" if key == "2" else "down")
            else:
                self.seat_errors.add(seat)
        elif kind is PromptKind.CHOICE:
            options = self._options(prompt, seat)
            codes = {o.code: o.value for o in options}
            single_key = all(len(code) == 1 for code in codes)
            if single_key and key in codes:  # one key press picks (lands 1-9, yes/no)
                self._commit({"step": prompt.step, "seat": actor, "value": codes[key]}, seat)
            elif key in ("#", "*") and key in codes and not self.typed:  # "#" = done, "*" = none
                self._commit({"step": prompt.step, "seat": actor, "value": codes[key]}, seat)
            elif key == "#" and not single_key:
                width = max(len(code) for code in codes)
                by_code = {padded(code, width): value for code, value in codes.items()}
                typed, self.typed = padded(self.typed, width), ""
                if typed in by_code:
                    self._commit({"step": prompt.step, "seat": actor, "value": by_code[typed]}, seat)
                else:
                    self._refuse(Msg("Taková možnost tu není.", "There is no such option."), seat)
            elif key == "*" and not single_key:
                self.typed = ""
            elif single_key:
                self._refuse(Msg("Taková možnost tu není.", "There is no such option."), seat)
            else:
                self.typed = (self.typed + key)[-4:]
                for index, option in enumerate(options):
                    if option.code == self.typed:
                        self.cursor = index
        elif kind is PromptKind.NUMBER:
            if key.isdigit():
                self.typed = (self.typed + key)[-4:]
                self.number = int(self.typed)
            elif key == "*":
                self.typed, self.number = "", prompt.minimum or 0
            elif key == "#":
                self.typed = ""
                self._commit({"step": prompt.step, "seat": actor, "value": self.number}, seat)
        elif kind is PromptKind.CELL:
            options = self._options(prompt, seat)
            legal = [tuple(o.value) for o in options if _is_place(o.value)]
            if self.cell is None and legal:
                self.cell = legal[0]
            if key in CELL_MOVES and self.cell is not None:
                dx, dy = CELL_MOVES[key]
                if prompt.turned:  # the player sits across: "2" still moves away from him
                    dx, dy = -dx, -dy
                self.cell = (self.cell[0] + dx, self.cell[1] + dy)
            elif key == "5" and self.cell is not None:
                self._commit({"step": prompt.step, "seat": actor, "value": list(self.cell)}, seat)
            elif key in ("*", "#") and (chosen := [o for o in options if o.code == key]):
                self._commit({"step": prompt.step, "seat": actor, "value": chosen[0].value}, seat)
            else:
                self.seat_errors.add(seat)

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
        if event.seat is None:
            if event.key == "back":
                self.mode = "play"
            return
        if event.key == "#":
            self.undo_confirms.add(event.seat)
        elif event.key == "*":
            self.mode = "play"
            return
        if self.undo_confirms >= set(range(self._seat_count())):
            self._do_undo(True)

    def _do_undo(self, everyone: bool) -> None:
        self.mode = "play"
        try:
            step = self.session.plan_undo(everyone)
        except (RuleError, ReplayError) as error:
            self._refuse(getattr(error, "msg", texts.UNDO_NOTHING), None)
            return
        if self._persist(step.entry):
            self.session.commit(step)
            self._remember_box()  # a fact entered by mistake and taken back is forgotten too
            self._reset_input()
            self.notice = [texts.UNDONE]

    # -- game over -----------------------------------------------------------------------------
    def _on_over(self, event: KeyEvent) -> None:
        if event.seat is None and event.key == "ok":
            self.session = self.session_id = None
            self._main_menu()
        elif event.seat is None and event.key in ("up", "down"):
            self.cursor = max(0, self.cursor + (1 if event.key == "down" else -1))

    # -- output --------------------------------------------------------------------------------
    def _seat_count(self) -> int:
        return self.session.game.seat_count(self.session.state) if self.session else 0

    def _label(self, seat: int) -> str:
        return self.session.game.seat_label(self.session.state, seat).get(self.language)

    def frame(self) -> Frame:
        t = lambda m: m.get(self.language)  # noqa: E731
        notice = tuple(t(m) for m in self.notice)
        if self.mode == "menu":
            troubles = tuple(t(m) for pad, m in sorted(self.pad_troubles.items()) if m not in self.notice)
            top = notice + troubles
            return Frame(t(self.menu_title), top + tuple(t(i.label) for i in self.menu),
                         selected=len(top) + self.cursor)
        if self.mode == "pair":
            return Frame(t(texts.PAIR_TITLE),
                         (t(texts.PAIR_NEXT.format(n=len(self.pairing.mapping) + 1)),
                          t(texts.PAIR_COUNT.format(n=len(self.pairing.mapping)))), t(texts.PAIR_KEYS))
        status = self.session.status()
        header = t(status.phase)
        if status.round is not None:
            of = f"/{status.rounds}" if status.rounds else ""
            header = f"{t(texts.ROUND)} {status.round}{of} · {header}"
        if self.mode == "undo":
            return Frame(header, (t(texts.UNDO_ASK),), t(texts.UNDO_KEYS))
        if self.mode == "undo_all":
            total = self._seat_count()
            return Frame(header, (t(texts.UNDO_ASK), t(texts.UNDO_EVERYONE)),
                         t(texts.UNDO_EVERYONE_KEYS.format(n=len(self.undo_confirms), total=total)))
        if self.mode == "over":
            return self._over_frame(status, notice)
        return self._play_frame(header, notice, status)

    def _over_frame(self, status, notice: tuple[str, ...]) -> Frame:
        t = lambda m: m.get(self.language)  # noqa: E731
        scores = self.final_scores
        lines = [t(texts.RANK_LINE.format(rank=rank, seat=self._label(seat), points=scores.totals[seat]))
                 for rank, seat in enumerate(scores.ranking, 1)]
        if not lines:  # a game that ranks nobody (e.g. a shared result): show the totals
            lines = [f"{self._label(seat)} {points}" for seat, points in scores.totals.items()]
        # the ranking may be longer than the panel: up/down scroll it (the selected line stays shown)
        self.cursor = min(self.cursor, max(len(lines) - 1, 0))
        hint = texts.NEW_GAME_HINT if len(notice) + len(lines) <= 3 else texts.NEW_GAME_SCROLL_HINT
        header = t(texts.GAME_OVER) + (f" · {t(texts.ROUND)} {status.round}" if status.round is not None else "")
        return Frame(header, notice + tuple(lines), t(hint),
                     len(notice) + self.cursor if len(notice) + len(lines) > 3 else None)

    def _play_frame(self, header: str, notice: tuple[str, ...], status) -> Frame:
        t = lambda m: m.get(self.language)  # noqa: E731
        prompt = self.session.prompt
        lines = list(notice)
        title = t(prompt.title)
        kind = prompt.kind
        if status.turn is not None:
            label = self._label(status.turn)
            if title.startswith(label):      # the question already names whose turn it is
                pass
            elif kind in (PromptKind.CHOICE, PromptKind.NUMBER, PromptKind.CELL):
                title = f"{label}: {title}"
            else:
                lines.append(t(texts.TURN.format(seat=label)))
        # questions with few other lines get two lines; lists keep room for their options
        roomy = kind.hidden or kind is PromptKind.CONFIRM
        lines += _wrap(title, TITLE_CHARS) if roomy else [title]
        selected, footer = None, ""
        if kind.hidden and self.private_seat is not None:
            seat = self._label(self.private_seat)
            if not self.private_started:
                return Frame(t(texts.PRIVATE_TITLE), (t(texts.PRIVATE_LOOK_AWAY.format(seat=seat)),),
                             t(texts.PRIVATE_START))
            options = prompt.options_for(self.private_seat)
            first = max(0, min(self.cursor - 1, len(options) - 3))
            return Frame(t(texts.PRIVATE_TITLE) + f" · {seat}",
                         tuple(t(o.label) for o in options[first:first + 3]), t(texts.PRIVATE_KEYS),
                         self.cursor - first)
        if kind.hidden:
            locked = self.secret.locked_seats()
            lines.append(t(texts.LOCKED_COUNT.format(n=len(locked), total=len(prompt.seats))))
            footer = " ".join(f"{s + 1}{'■' if s in locked else '□'}" for s in prompt.seats)
            waiting = self._host_entry_seats(prompt)
            if waiting:
                lines.append(t(texts.PRIVATE_NEXT.format(seat=self._label(waiting[0]))))
            if self.absent & set(prompt.seats):
                lines.insert(len(notice), t(texts.PAUSED.format(
                    seats=", ".join(str(s + 1) for s in sorted(self.absent & set(prompt.seats))))))
        elif (view := self._map_view(prompt)) is not None:
            # the one line above the map: a notice, else the question itself (whose turn it is
            # goes in front of it); the rest is printed by text displays only
            if status.turn is not None and not title.startswith(self._label(status.turn)):
                title = f"{self._label(status.turn)}: {title}"
            lines = list(notice) + [title]
            if kind is PromptKind.CELL:
                options = self._options(prompt, None)
                current = options[self.cursor] if options and self.cursor < len(options) else None
                if current is not None and not _is_place(current.value):  # host cursor on "back"
                    lines.insert(len(notice), f"→ {t(current.label)}")
                footer = t(texts.CELL_HINT)
            else:
                footer = t(texts.MAP_TEXT_HINT)
            if prompt.detail is not None:
                lines.append(t(prompt.detail))
            if kind is not PromptKind.CELL and self.scroll > 0:  # the words instead of the picture
                words = [title] + (_wrap_all(t(prompt.detail), TITLE_CHARS + 2) if prompt.detail else [])
                self.scroll = min(self.scroll, max(1, len(words) - BODY_ROWS + 1))
                return Frame(header, tuple(notice) + tuple(words[self.scroll - 1:]), t(texts.MAP_PICTURE_HINT))
            return Frame(header, tuple(lines), footer, None, view)
        elif kind in (PromptKind.CHOICE, PromptKind.CELL):
            options = self._options(prompt, None)
            first = max(0, min(self.cursor - 1, len(options) - 2))
            window = options[first:first + 3]
            selected = len(lines) + self.cursor - first
            lines += [f"{o.code} {t(o.label)}" for o in window]
            footer = t(texts.CELL_HINT if kind is PromptKind.CELL else texts.CHOICE_HINT)
        elif kind is PromptKind.NUMBER:
            lines.append(t(texts.VALUE.format(v=self.number)))
            footer = t(texts.NUMBER_HINT)
        else:
            footer = t(texts.CONFIRM_HINT)
        scrolls = kind is PromptKind.CONFIRM or kind.hidden
        if prompt.detail is not None:
            # texts worth reading whole (a production plan) get all their lines, one item a line
            lines += _wrap_all(t(prompt.detail), TITLE_CHARS + 2) if scrolls else [t(prompt.detail)]
        lines += [t(m) for m in reversed(status.recent[-2:])]
        if scrolls and len(lines) > len(notice) + BODY_ROWS:
            # keep the notice; scroll the rest, never past its last screenful
            self.scroll = min(self.scroll, len(lines) - len(notice) - BODY_ROWS)
            lines = lines[:len(notice)] + lines[len(notice) + self.scroll:]
            if kind is PromptKind.CONFIRM:
                footer = t(texts.SCROLL_HINT)
        return Frame(header, tuple(lines), footer, selected)

    MAP_SIZE = (5, 3)  # cells across and down around the cursor: what the 128x64 panel holds

    def _map_view(self, prompt: Prompt) -> MapView | None:
        """The grid window around the cursor (CELL) or the shown place, turned 180 degrees for
        a player across the table, so the picture matches the cardboard in front of him."""
        if prompt.grid is None:
            return None
        centre = self.cell if prompt.kind is PromptKind.CELL and self.cell is not None else prompt.cursor
        if centre is None:
            return None
        cx, cy = centre
        places = {tuple(o.value) for o in self._options(prompt, None) if _is_place(o.value)} \
            if prompt.kind is PromptKind.CELL else set()
        turn = -1 if prompt.turned else 1
        cols, rows = self.MAP_SIZE
        out = []
        for dy in range(-(rows // 2), rows // 2 + 1):
            row = []
            for dx in range(-(cols // 2), cols // 2 + 1):
                at = (cx + turn * dx, cy + turn * dy)
                row.append(MapCell(prompt.cells.get(at, ""), at in places, dx == 0 and dy == 0))
            out.append(tuple(row))
        return MapView(tuple(out))

    def leds(self) -> dict[int, LedState]:
        """Each seat's LED. For hidden prompts only waiting/locked, never anything about a pick."""
        count = self._seat_count() if self.session else 0
        states = {seat: LED_OFF for seat in range(max(count, 0))}
        if self.mode == "play":
            prompt = self.session.prompt
            if prompt.kind.hidden:
                locked = set(self.secret.locked_seats())
                for seat in prompt.seats:
                    states[seat] = LED_LOCKED if seat in locked else LED_WAITING
            else:
                for seat in prompt.seats:
                    states[seat] = LED_TURN
        elif self.mode == "undo_all":
            for seat in states:
                states[seat] = LED_LOCKED if seat in self.undo_confirms else LED_WAITING
        elif self.mode == "over":
            winner = self.final_scores.winner
            if winner is not None:
                states[winner] = LedState("green", "blink")
        for seat in self.seat_errors:
            if seat in states:
                states[seat] = LED_ERROR
        for seat in self.absent:
            if seat in states:
                states[seat] = LED_PAUSED
        return states


def _setting_value(setting, value) -> Msg:
    labels = dict((repr(v), label) for v, label in setting.values)
    if setting.pick == 1:
        return labels.get(repr(value), Msg(str(value), str(value)))
    parts = [labels.get(repr(v), Msg(str(v), str(v))) for v in value]
    return Msg(", ".join(p.cs for p in parts), ", ".join(p.en for p in parts))


def _is_place(value) -> bool:
    """A CELL option's value is a place [x, y]; anything else is a plain choice (e.g. back)."""
    return isinstance(value, (list, tuple)) and len(value) == 2 and all(isinstance(v, int) for v in value)


def _wrap_all(text: str, width: int) -> list[str]:
    """Every line of ``text``: a new line after each "; " (one item of a list a line), long
    items split at spaces."""
    out = []
    for item in text.split("; "):
        out += _wrap(item, width, lines=99)
    return out


def _wrap(text: str, width: int, lines: int = 2) -> list[str]:
    """Split at spaces into at most ``lines`` lines; the screen shortens what still overflows."""
    out, current = [], ""
    for word in text.split():
        if current and len(current) + 1 + len(word) > width and len(out) < lines - 1:
            out.append(current)
            current = word
        else:
            current = f"{current} {word}" if current else word
    return out + [current] if current else out


def _seat_count_label(n: int) -> Msg:
    if n == 1:
        return texts.SEATS_ITEM_ONE
    return (texts.SEATS_ITEM if 2 <= n <= 4 else texts.SEATS_ITEM_MANY).format(n=n)
