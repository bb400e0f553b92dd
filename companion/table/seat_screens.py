"""What each seat's own pad screen shows: what is asked of it, its private view, its entry.

A pad with a screen (docs/pad-screen.md) is a private display for one seat. The box decides its
rows from the prompt, the screen the table has up and ``Game.view(state, seat)``; the pad itself
echoes the keys typed, what they mean (the entry's hints) and the lock, at once and without a
round trip.
So a hidden pick never travels back to any pad: what a seat typed is drawn from its own keys.

Everything here is built per seat and goes to that seat's pad only (``PadHub.show``); none of
it reaches the panel, the log or stdout. Rows are at most 16 characters of the pad's font
(ASCII and the Czech letters): texts are wrapped, never cut by the pad.

``PadEcho`` mirrors the pad's own echo (``firmware_scripts/padlogic.py`` ``ScreenState``) on the
box, for the emulator and the tests; a test runs both on the same keys.
"""

from __future__ import annotations

from dataclasses import replace

from ..engine import Msg, Prompt, PromptKind, Scores
from ..surface.pad_screen import (
    BLANK,
    COLS,
    MAX_CODE,
    MAX_HINTS,
    NO_ENTRY,
    Entry,
    SeatScreen,
    short,
    wrap,
)
from .answer import Answer
from .base import Host
from .flow import Over, Play, UndoAll
from .prompts import number_width, typed_width
from .secret import YES_NO_KEYS, code_width, padded

__all__ = ["seat_screen", "seat_screens", "typed_width"]


# -- texts -------------------------------------------------------------------------------------------
SECRET_PICK = Msg("Tajná volba", "Secret pick")
YOUR_CHOICE = Msg("Vyber", "Your choice")
ENTER_NUMBER = Msg("Zadej číslo", "Enter a number")
PICK_PLACE = Msg("Vyber místo", "Pick a place")
READ_PANEL = Msg("Čti na panelu", "Read the panel")
WAIT = Msg("Počkej", "Please wait")
TURN_OF = Msg("Hraje {who}", "{who} plays")
OTHERS_PICK = Msg("Ostatní volí", "Others pick")
LOCKED = Msg("Zamčeno", "Locked in")
YOUR_TURN = Msg("Jsi na řadě", "Your turn")
LOCK_HELP = Msg("# = zamknout", "# = lock in")
CHOOSE_HELP = Msg("# = vybrat", "# = choose")
ENTER_HELP = Msg("# = zadat", "# = enter")
CONFIRM_HELP = Msg("# = potvrdit", "# = confirm")
CELL_HELP = Msg("2468, 5 = vybrat", "2468, 5 = pick")
NUMBER_RANGE = Msg("{low} až {high}", "{low} to {high}")
UNDO_ALL = Msg("Vrátit tah?", "Undo the move?")
YES = Msg("ano", "yes")
NO = Msg("ne", "no")
CONFIRMED = Msg("Potvrzeno", "Confirmed")
GAME_OVER = Msg("Konec hry", "Game over")
FINAL_POINTS = Msg("Body: {n}", "Points: {n}")
FINAL_PLACE = Msg("Pořadí: {n}.", "Place: {n}")
PAUSED = Msg("Hra stojí", "Game paused")


def private_lines(game, state: dict, seat: int, language: str) -> tuple[str, ...]:
    """The rows only ``seat`` may see (``Game.seat_lines``), in ``language``."""
    return tuple(row for msg in game.seat_lines(state, seat) for row in wrap(msg.get(language)))


# -- the entry: how the pad echoes this prompt's keys ------------------------------------------------


def entry_for(prompt: Prompt, seat: int, language: str) -> Entry:
    """The ENTRY and HINTs that make the pad's echo follow the box's own key rules."""
    kind = prompt.kind
    options = prompt.options_for(seat)
    if kind.hidden:
        everyone = {s: prompt.options_for(s) for s in prompt.seats}
        if all(o.code in YES_NO_KEYS for opts in everyone.values() for o in opts):
            return _keyed(options, language)
        return _typed(options, code_width(everyone), LOCK_HELP.get(language), language)
    if kind is PromptKind.CHOICE:
        if options and all(len(o.code) == 1 for o in options):
            return _keyed(options, language)
        width = max((len(o.code) for o in options), default=1)
        return _typed(options, width, CHOOSE_HELP.get(language), language)
    if kind is PromptKind.NUMBER:
        return Entry("type", number_width(prompt), ENTER_HELP.get(language))
    return NO_ENTRY  # a map (2/4/6/8, 5) or a confirmation (#): nothing to echo


def _keyed(options, language: str) -> Entry:
    return Entry("key", 1, "", _hints(options, 1, Entry("key", 1).label_room, language))


def _typed(options, width: int, help_text: str, language: str) -> Entry:
    width = min(max(width, 1), MAX_CODE)
    room = Entry("type", width).label_room
    return Entry("type", width, short(help_text, COLS), _hints(options, width, room, language))


def _hints(options, width: int, room: int, language: str) -> tuple[tuple[str, str], ...]:
    """One (code, label) per option, codes padded as the box compares them; none at all when
    there are more than the pad keeps (it then shows the code typed, never a wrong meaning)."""
    if len(options) > MAX_HINTS:
        return ()
    return tuple(
        (padded(o.code, width) if o.code.isascii() and o.code.isdigit() else o.code, short(o.label.get(language), room))
        for o in options
    )


# -- one seat's screen from the table ----------------------------------------------------------------


def seat_screens(table: Host) -> dict[int, SeatScreen]:
    """Every seat of the running game's screen (empty without a game). Built again only when
    something a pad screen shows changed: the state or the prompt (new objects after every
    action), the screen, the language, who has locked, who confirmed an undo, a seat's note."""
    session = table.session
    screen = table.screen
    held = (table, session, session.state if session else None, session.prompt if session else None)
    secret = screen.answer.secret if isinstance(screen, Play) else None
    key = (
        type(screen),
        table.language,
        tuple(sorted(table.signals.notes.items())),
        tuple(sorted(table.signals.reasons.items())),
        secret.locked_seats() if secret is not None else None,
        frozenset(screen.confirms) if isinstance(screen, UndoAll) else frozenset(),
    )
    last = _last_screens
    if last["key"] == key and len(last["held"]) == len(held) and all(a is b for a, b in zip(last["held"], held)):
        return last["screens"]
    screens = {seat: seat_screen(table, seat) for seat in range(table.seat_count())}
    last.update(held=held, key=key, screens=screens)
    return screens


# The screens last built and what they were built from (objects compared by identity).
_last_screens: dict = {"held": (), "key": None, "screens": {}}


# The private rows of the state last asked for: the table asks after every key, but the rows
# change only with the state (a new object after every commit), and a game's view is not cheap
# (Graenaland's is the whole board). Holding the state keeps its identity from being reused.
_last_private: dict = {"state": None, "game": None, "rows": {}}


def _private_rows(game, state: dict, seat: int, language: str) -> tuple[str, ...]:
    if _last_private["state"] is not state or _last_private["game"] is not game:
        _last_private.update(state=state, game=game, rows={})
    rows = _last_private["rows"]
    if (seat, language) not in rows:
        rows[seat, language] = private_lines(game, state, seat, language)
    return rows[seat, language]


def seat_screen(table: Host, seat: int) -> SeatScreen:
    """What ``seat``'s pad shows on the screen the table has up now."""
    session, language, shown = table.session, table.language, table.screen
    if session is None:
        return BLANK
    private = _private_rows(session.game, session.state, seat, language)
    if isinstance(shown, Over):
        return _over_screen(shown.scores, seat, language)
    if isinstance(shown, UndoAll):
        return _undo_all_screen(shown.confirms, seat, private, language)
    if not isinstance(shown, Play) or session.prompt is None:
        return SeatScreen((PAUSED.get(language),), PAUSED.get(language), private)
    screen = _play_screen(table, shown.answer, session.prompt, seat, private, language)
    reason = table.signals.reasons.get(seat)  # a refusal told to this seat alone
    if reason is not None:
        screen = replace(screen, ask=wrap(reason.get(language)) + screen.ask)
    note = table.signals.notes.get(seat)  # why this seat's last key did nothing (a new question, a refusal)
    return replace(screen, status=short(note.get(language), COLS)) if note is not None else screen


def _play_screen(
    table: Host, answer: Answer, prompt: Prompt, seat: int, private: tuple[str, ...], language: str
) -> SeatScreen:
    asked = seat in prompt.seats or (not prompt.seats and not prompt.kind.hidden)
    if not asked:
        who = (
            OTHERS_PICK
            if prompt.kind.hidden or len(prompt.seats) != 1
            else TURN_OF.format(who=table.seat_label(prompt.seats[0]))
        )
        text = who.get(language) if prompt.seats else WAIT.get(language)
        return SeatScreen(wrap(text), short(text, COLS), private)
    question = wrap(prompt.title.get(language))
    entry = entry_for(prompt, seat, language)
    if prompt.kind.hidden:
        locked = answer.secret is not None and seat in answer.secret.locked_seats()
        status = LOCKED if locked else YOUR_TURN
        if prompt.short is not None:  # what is voted on, in short ("Pobřeží 1: Hráč 2 +1")
            question = wrap(prompt.short.get(language))
            return SeatScreen(question, short(prompt.short.get(language), COLS), private, status.get(language), entry)
        return SeatScreen(question, SECRET_PICK.get(language), private, status.get(language), entry)
    if prompt.kind is PromptKind.NUMBER:
        low = prompt.minimum if prompt.minimum is not None else 0
        high = prompt.maximum if prompt.maximum is not None else 999
        allowed = NUMBER_RANGE.format(low=low, high=high).get(language)
        return SeatScreen(question, ENTER_NUMBER.get(language), private, short(allowed, COLS), entry)
    if prompt.kind is PromptKind.CELL:
        return SeatScreen(question, PICK_PLACE.get(language), private, CELL_HELP.get(language), entry)
    if prompt.kind is PromptKind.CONFIRM:
        return SeatScreen(question, READ_PANEL.get(language), private, CONFIRM_HELP.get(language), entry)
    return SeatScreen(question, YOUR_CHOICE.get(language), private, YOUR_TURN.get(language), entry)


def _undo_all_screen(confirms: set[int], seat: int, private: tuple[str, ...], language: str) -> SeatScreen:
    confirmed = seat in confirms
    entry = Entry("key", 1, "", (("#", YES.get(language)), ("*", NO.get(language))))
    status = CONFIRMED.get(language) if confirmed else "# " + YES.get(language) + ", * " + NO.get(language)
    return SeatScreen((UNDO_ALL.get(language),), UNDO_ALL.get(language), private, status, entry)


def _over_screen(scores: Scores, seat: int, language: str) -> SeatScreen:
    lines = [FINAL_POINTS.format(n=scores.totals.get(seat, 0)).get(language)]
    if seat in scores.ranking:
        lines.append(FINAL_PLACE.format(n=scores.ranking.index(seat) + 1).get(language))
    return SeatScreen((GAME_OVER.get(language),), GAME_OVER.get(language), tuple(lines))
