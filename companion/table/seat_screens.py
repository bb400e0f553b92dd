"""What each seat's own pad screen shows: what is asked of it, its private view, its entry.

A pad with a screen (docs/pad-screen.md) is a private display for one seat. The box decides its
rows from the prompt, the table's mode and ``Game.view(state, seat)``; the pad itself echoes the
keys typed, what they mean (the entry's hints) and the lock, at once and without a round trip.
So a hidden pick never travels back to any pad: what a seat typed is drawn from its own keys.

Everything here is built per seat and goes to that seat's pad only (``PadHub.show``); none of
it reaches the panel, the log or stdout. Rows are at most 16 characters of the pad's font
(ASCII and the Czech letters): texts are wrapped, never cut by the pad.

``PadEcho`` mirrors the pad's own echo (``firmware_scripts/padlogic.py`` ``ScreenState``) on the
box, for the emulator and the tests; a test runs both on the same keys.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

from ..engine import Msg, Prompt, PromptKind
from ..hw.protocol import MAX_CODE, MAX_HINTS, PAD_CHARS, SCREEN_COLS
from .secret import YES_NO_KEYS, code_width, padded

if TYPE_CHECKING:
    from .table import Table

COLS = SCREEN_COLS
ICON_LOCK = "\x01"  # the pad draws these two as a padlock and a cross (padlogic ICON_*)
ICON_WRONG = "\x02"

# Characters the pad's font lacks, as the nearest it has (anything else: its base letter, or ?)
_PLAIN = {
    "–": "-",
    "—": "-",
    "…": "...",
    "„": '"',
    "“": '"',
    "”": '"',
    "‚": "'",
    "‘": "'",
    "’": "'",
    "×": "x",
    "·": ".",
    "\u00a0": " ",
    "→": ">",
    "←": "<",
    "≤": "<=",
    "≥": ">=",
}


def pad_text(text: str) -> str:
    """``text`` in the pad's characters: Czech letters stay, typographic marks become ASCII,
    other accented letters lose their accent (ö -> o), and anything else becomes ``?``."""
    out = []
    for char in unicodedata.normalize("NFC", text):
        if char in PAD_CHARS:
            out.append(char)
        elif char in _PLAIN:
            out.append(_PLAIN[char])
        else:
            base = unicodedata.normalize("NFKD", char).encode("ascii", "ignore").decode("ascii")
            out.append(base if base and all(c in PAD_CHARS for c in base) else "?")
    return "".join(out)


def wrap(text: str, cols: int = COLS) -> tuple[str, ...]:
    """Word-wrapped rows of at most ``cols`` characters; a word longer than a row is split."""
    rows: list[str] = []
    line = ""
    for word in pad_text(text).split():
        while len(word) > cols:
            if line:
                rows.append(line)
                line = ""
            rows.append(word[:cols])
            word = word[cols:]
        if not line:
            line = word
        elif len(line) + 1 + len(word) <= cols:
            line += " " + word
        else:
            rows.append(line)
            line = word
    if line:
        rows.append(line)
    return tuple(rows)


def short(text: str, room: int) -> str:
    """A label in ``room`` characters: whole if it fits, else without its bracketed tail, else
    its first words, else abbreviated with a dot (the pad's typing row is only 16 wide)."""
    text = " ".join(pad_text(text).split())
    if len(text) <= room:
        return text
    bare = text.split(" (")[0].strip()
    if bare and len(bare) <= room:
        return bare
    words = ""
    for word in bare.split():
        longer = f"{words} {word}" if words else word
        if len(longer) > room:
            break
        words = longer
    if words:
        return words
    return bare[: max(room - 1, 0)] + "." if room > 1 else bare[:room]


@dataclass(frozen=True)
class Entry:
    """How the pad echoes keys for the current prompt (the ENTRY frame) and what each code means
    (its HINT frames): ``mode`` none / echo / key / type, ``width`` the typed keys kept."""

    mode: str = "none"
    width: int = 0
    help: str = ""
    hints: tuple[tuple[str, str], ...] = ()

    @property
    def label_room(self) -> int:
        """Characters a hint's label may have: the typing row is '<typed> <label>?'."""
        return COLS - 2 - max(self.width, 1)


NO_ENTRY = Entry()


@dataclass(frozen=True)
class SeatScreen:
    """One seat's screen, whatever its height.

    ``ask`` is the question wrapped in rows, ``ask_short`` the same in one row (used when the
    whole does not fit with the private view), ``private`` the seat's own view, ``status`` the
    bottom row (locked, your turn, the key to press). ``rows(n)`` lays them out for n rows.
    """

    ask: tuple[str, ...] = ()
    ask_short: str = ""
    private: tuple[str, ...] = ()
    status: str = ""
    entry: Entry = field(default=NO_ENTRY)

    def rows(self, count: int) -> tuple[str, ...]:
        """The ``count`` rows top to bottom: the question, the private view, the status last.

        While a seat types, the pad draws over the two bottom rows (one when a key locks), so
        the private view goes above them: the question shrinks to one row, or goes, to make
        room. The private view never gives way; on a screen too small for it the status goes.
        """
        status = (self.status,) if self.status else ()
        if len(self.private) > count - len(status):
            status = ()
        private = self.private[:count]
        body_rows = count - len(status)
        drawn_over = {"type": 2, "key": 1}.get(self.entry.mode, 0)
        keep = count - max(drawn_over, len(status))  # rows the pad never draws over
        if len(self.ask) + len(private) <= keep:
            ask = self.ask
        elif self.ask_short and 1 + len(private) <= body_rows:  # keep <= body_rows: one test covers both
            ask = (self.ask_short,)
        else:
            ask = ()
        body = list(ask + private)
        body += [""] * (body_rows - len(body))
        return tuple(body) + status


BLANK = SeatScreen()

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


def typed_width(prompt: Prompt, seat: int | None) -> int:
    """How many keys a typed code or number keeps (the rolling window): the prompt's code width,
    or the digits of the largest number it takes; at least 1, at most MAX_CODE."""
    if prompt.kind is PromptKind.NUMBER:
        return number_width(prompt)
    options = prompt.options_for(seat)
    return min(max((len(o.code) for o in options), default=1), MAX_CODE)


def number_width(prompt: Prompt) -> int:
    """Digits of the largest number a NUMBER prompt takes (999 where it sets no maximum)."""
    high = prompt.maximum if prompt.maximum is not None else 999
    return min(max(len(str(abs(high))), 1), MAX_CODE)


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


def seat_screens(table: Table) -> dict[int, SeatScreen]:
    """Every seat of the running game's screen (empty without a game). Built again only when
    something a pad screen shows changed: the state or the prompt (new objects after every
    action), the mode, the language, who has locked, who confirmed an undo, a seat's note."""
    session = table.session
    held = (table, session, session.state if session else None, session.prompt if session else None)
    secret = getattr(table, "secret", None)
    key = (
        table.mode,
        table.language,
        tuple(sorted(getattr(table, "seat_notes", {}).items())),
        secret.locked_seats() if secret is not None else None,
        frozenset(getattr(table, "undo_confirms", ())),
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


def seat_screen(table: Table, seat: int) -> SeatScreen:
    """What ``seat``'s pad shows in the table's current mode."""
    session, language = table.session, table.language
    if session is None:
        return BLANK
    private = _private_rows(session.game, session.state, seat, language)
    if table.mode == "over":
        return _over_screen(table, seat, private, language)
    if table.mode == "undo_all":
        return _undo_all_screen(table, seat, private, language)
    if table.mode != "play" or session.prompt is None:
        return SeatScreen((PAUSED.get(language),), PAUSED.get(language), private)
    screen = _play_screen(table, session.prompt, seat, private, language)
    note = getattr(table, "seat_notes", {}).get(
        seat
    )  # why this seat's last key did nothing (a new question, a refusal)
    return replace(screen, status=short(note.get(language), COLS)) if note is not None else screen


def _play_screen(table: Table, prompt: Prompt, seat: int, private: tuple[str, ...], language: str) -> SeatScreen:
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
        locked = table.secret is not None and seat in table.secret.locked_seats()
        status = LOCKED if locked else YOUR_TURN
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


def _undo_all_screen(table: Table, seat: int, private: tuple[str, ...], language: str) -> SeatScreen:
    confirmed = seat in table.undo_confirms
    entry = Entry("key", 1, "", (("#", YES.get(language)), ("*", NO.get(language))))
    status = CONFIRMED.get(language) if confirmed else "# " + YES.get(language) + ", * " + NO.get(language)
    return SeatScreen((UNDO_ALL.get(language),), UNDO_ALL.get(language), private, status, entry)


def _over_screen(table: Table, seat: int, private: tuple[str, ...], language: str) -> SeatScreen:
    scores = table.final_scores
    lines = [FINAL_POINTS.format(n=scores.totals.get(seat, 0)).get(language)]
    if seat in scores.ranking:
        lines.append(FINAL_PLACE.format(n=scores.ranking.index(seat) + 1).get(language))
    return SeatScreen((GAME_OVER.get(language),), GAME_OVER.get(language), tuple(lines))


# -- the pad's own echo, mirrored on the box --------------------------------------------------------


class PadEcho:
    """What a screen pad draws for one seat: the box's rows plus its own echo of the keys.

    The same rules as the pad firmware's ``ScreenState`` (a test feeds both the same frames and
    keys), for the emulator, which has no pad: the pad, not the box, decides what typing shows.
    """

    def __init__(self, rows: int = 4):
        self.nrows = rows
        self.screen: SeatScreen | None = None
        self.entry = Entry("echo", 16)
        self.typed = ""
        self.locked: str | None = None
        self.wrong: str | None = None

    def show(self, screen: SeatScreen | None) -> None:
        """A new screen from the box; a new entry forgets the typing and the lock (as ENTRY)."""
        entry = screen.entry if screen is not None else NO_ENTRY
        if screen is None or self.screen is None or entry != self.entry:
            self.entry, self.typed, self.locked, self.wrong = entry, "", None, None
        self.screen = screen

    def press(self, key: str) -> None:
        self.wrong = None
        hints = dict(self.entry.hints)
        mode = self.entry.mode
        if mode == "echo":
            self.typed = (self.typed + key)[-16:]
        elif mode == "key":
            if key in hints:
                self.locked = hints[key]
        elif mode == "type":
            self._type(key, hints)

    def _type(self, key: str, hints: dict[str, str]) -> None:
        if key in ("#", "*") and key in hints and not self.typed:
            self.locked = hints[key]
        elif key == "*":
            self.typed = ""
        elif key == "#":
            if self.typed:
                code = padded(self.typed, self.entry.width)
                if code in hints:
                    self.locked = hints[code]
                elif not hints:
                    self.locked = self.typed
                else:
                    self.wrong = self.typed
                self.typed = ""
        else:
            self.typed = (self.typed + key)[-self.entry.width :]

    def lines(self) -> list[str]:
        """The rows as drawn (ICON_LOCK / ICON_WRONG stand for the padlock and the cross)."""
        rows = list(self.screen.rows(self.nrows)) if self.screen is not None else [""] * self.nrows
        last = self.nrows - 1
        if self.typed and self.entry.mode == "echo":
            rows[last] = self.typed
        elif self.typed:
            code = padded(self.typed, self.entry.width)
            hints = dict(self.entry.hints)
            rows[last - 1] = (
                f"{self.typed} {hints[code]}?"
                if code in hints
                else self.typed + "_" * (self.entry.width - len(self.typed))
            )
            rows[last] = self.entry.help
        elif self.wrong is not None:
            rows[last] = ICON_WRONG + " " + self.wrong
        elif self.locked is not None:
            rows[last] = ICON_LOCK + " " + self.locked
        return rows

    def text(self) -> list[str]:
        """The rows readable in a terminal or a test ([zámek]/[x] for the icons)."""
        return [row.replace(ICON_LOCK, "[#]").replace(ICON_WRONG, "[x]") for row in self.lines()]
