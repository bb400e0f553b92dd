"""What the web pages show, computed by the thread that owns the table: whole views, as dicts.

Everything here reads a ``companion.table.table.Table`` and changes nothing. The web thread only
encodes what these functions return; no game code ever runs there.

Secrecy, the same as on the pads:

- ``board_view`` is public: what the panel shows, the seats with their players' names, who has
  locked a hidden pick (never what), the announcements, and scores only once the game is over
  (during a game a total may be secret: Vaaalbara's is). A key typed at a seat changes nothing
  in it until a public event (a lock, a name given).
- ``seat_view(table, seat)`` is for that seat's phone only: its question, its private rows
  (``Game.seat_lines``), its keys and what they mean, what it typed and locked -- but of a pick
  locked before the device took the seat over only that it is locked (``claims.lock_unseen``).
- ``board_view``'s ``game_no`` names the game on the table (``Table.game_serial``, 0 for none):
  the web table ends every seat's token when it changes.
- ``encode`` pads every message to one size per kind, so neither the size of a frame on the air
  nor its contents tell a pick apart.
"""

from __future__ import annotations

import json
import logging
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..engine import Msg, Prompt, PromptKind
from ..engine.session import effective_actions
from ..store import reports  # the store's measures and links, for the end of a game (imported at start-up, not then)
from ..surface.events import PAD_KEYS
from ..surface.frame import Frame
from ..surface.pad_screen import SeatScreen, padded
from ..table.answer import Answer
from ..table.claims import UNSEEN, lock_unseen
from ..table.flow import Over, Play, UndoAll
from ..table.seat_screens import seat_screen, seat_screens
from ..table.secret import YES_NO_KEYS
from . import plots
from . import texts as wording
from .forms import touch_form

if TYPE_CHECKING:
    from ..table.table import Table

log = logging.getLogger(__name__)

# Bytes every message of a kind is padded to (JSON followed by spaces, which every parser skips).
SIZES = {"board": 32768, "seat": 16384, "lobby": 4096, "welcome": 512, "refused": 512}
MAX_HINTS = 40  # options listed with their meaning on a phone (a longer list: the panel has it)
LOG_KEPT = 200  # announcements a board keeps to be read back
STORY_KEPT = 8  # announcements a phone shows

TAKEN_OVER = Msg("Místo {seat} převzal jiný telefon", "Seat {seat} was taken over by another phone")


class TooLarge(ValueError):
    """A view that does not fit its kind's size even with its log cut short."""


def encode(view: dict) -> str:
    """``view`` as JSON padded with spaces to the size of its kind (``view["t"]``). A board too
    long loses its oldest announcements first; anything still too long raises TooLarge."""
    size = SIZES[view["t"]]
    text = json.dumps(view, ensure_ascii=False, separators=(",", ":"))
    log = list(view.get("log", ()))
    while len(text.encode()) > size and log:
        log = log[max(1, len(log) // 8) :]
        text = json.dumps({**view, "log": log}, ensure_ascii=False, separators=(",", ":"))
    if len(text.encode()) > size and view["t"] == "seat":
        text = json.dumps(_shorter_seat(view), ensure_ascii=False, separators=(",", ":"))
    length = len(text.encode())
    if length > size:
        raise TooLarge(f"a {view['t']} view of {length} bytes does not fit {size}")
    return text + " " * (size - length)


def _shorter_seat(view: dict) -> dict:
    """A seat's view too long for its size (a list of a hundred answers): without the reasons of
    the answers not offered (a tap then says only "not now"), the keypad's meanings, the story."""
    form = view.get("form") or {}
    form = {**form, "reasons": [], "off": [{**o, "why": -1} for o in form.get("off", ())]}
    return {**view, "form": form, "hints": [], "story": [], "news": view.get("news", [])[-2:]}


# -- the board ---------------------------------------------------------------------------------------


class Tracker:
    """What the board keeps beyond the table's present: the announcements as a log to read back,
    each seat's decision times (from the moment it was asked to its lock or its answer) and the
    totals at the end of every round, as the game goes (so the end of the game draws its plot
    without replaying the log). Lives in the owner thread beside the table; ``observe`` after
    every event."""

    def __init__(self, clock: Callable[[], float] = time.monotonic):
        self.clock = clock
        self.log: list[str] = []
        self.said: list[Msg] = []  # the same announcements in both languages (the phones')
        self.decisions: dict[int, list[float]] = {}
        self._news: object = None
        self._session: object = None
        self._prompt: object = None
        self._asked: dict[int, float] = {}
        self._locked: set[int] = set()
        self._result: tuple[object, int, dict] | None = None  # (session, entries, game_result)
        # (round, totals) as each round ended, and the round now; None when the game was not
        # followed from its start (a resumed game: its plot is replayed from the log, once)
        self.rounds: list[tuple[int, dict[int, int]]] = []
        self._round: int | None = None
        self._entries = 0
        # the club's league after this game ("Anna: 1,512 → 1,530"), set by the app once the
        # ended game is archived and rated (docs/club.md); none without a club
        self.ratings: list[Msg] = []

    def result(self, table: Table) -> dict:
        """``game_result`` of the ended game, computed once (the log is replayed for it)."""
        key = (table.session, len(table.running.entries))
        if self._result is None or self._result[:2] != key:
            self._result = (*key, game_result(table, self))
        return self._result[2]

    def observe(self, table: Table) -> None:
        session = table.session
        if session is not self._session:
            self.log, self.said, self.decisions, self._asked, self._locked = [], [], {}, {}, set()
            self._session, self._prompt, self._news = session, None, None
            self.rounds, self._entries, self.ratings = [], 0, []
            self._round = (session.status().round or 0) if session is not None and not session.entries else None
        if session is None:
            return
        self._follow_rounds(session)
        news = table.messages.news
        if news is not self._news and news:
            self.log.extend(m.get(table.language) for m in news)
            del self.log[:-LOG_KEPT]
            self.said.extend(news)
            del self.said[:-LOG_KEPT]
        self._news = news
        now = self.clock()
        question = _question(table)
        prompt = session.prompt if question is not None else None
        if prompt is not self._prompt:
            self._asked_anew(prompt, now)
        secret = question.answer.secret if question is not None else None
        if prompt is not None and prompt.kind.hidden and secret is not None:
            self._locking(secret.locked_seats(), now)

    def _follow_rounds(self, session) -> None:
        """The totals at each change of round, as ``score_rounds`` finds them in the log: an
        undo back into an earlier round takes back the rounds it undid."""
        if self._round is None or len(session.entries) == self._entries:
            return
        self._entries = len(session.entries)
        now = session.status().round or self._round
        if now < self._round:
            self.rounds = [point for point in self.rounds if point[0] < now]
        elif now != self._round:
            self.rounds.append((self._round, dict(session.score().totals)))
        self._round = now

    def score_rounds(self, table: Table) -> list[tuple[int, dict[int, int]]]:
        """The plot's points for the ended game: as followed, else replayed from its log."""
        if self._round is None or table.session is not self._session:
            return score_rounds(table)
        return [*self.rounds, (self._round, dict(table.running.score().totals))]

    def _asked_anew(self, prompt: Prompt | None, now: float) -> None:
        """Another question (or none) is on the table: whoever was asked the last one and did
        not lock a pick decided now; the seats of the new one are asked from now."""
        if self._prompt is not None:
            for seat, asked in self._asked.items():
                if seat not in self._locked:
                    self.decisions.setdefault(seat, []).append(now - asked)
        self._asked = dict.fromkeys(prompt.seats if prompt is not None else (), now)
        self._locked = set()
        self._prompt = prompt

    def _locking(self, locked: tuple[int, ...], now: float) -> None:
        """Seats that locked a hidden pick since the last look decided now."""
        for seat in locked:
            if seat not in self._locked and seat in self._asked:
                self._locked.add(seat)
                self.decisions.setdefault(seat, []).append(now - self._asked[seat])


def _question(table: Table) -> Play | None:
    """The question, when it is on the table (not under a menu, an undo question or a claim)."""
    screen = table.screen
    return screen if isinstance(screen, Play) else None


def _paragraphs(frame) -> list[str]:
    """The panel's body as paragraphs: the rows the panel's width broke apart joined again (rows
    of one role in a row make one text), so a wide screen says each whole."""
    out: list[str] = []
    last = None
    for index, line in enumerate(frame.lines):
        role = frame.role(index)
        if out and role == last and role in ("question", "answer", "news", "notice", "detail", "text"):
            out[-1] = f"{out[-1]} {line}".strip()
        else:
            out.append(line)
        last = role
    return out


def _seat_labels(table: Table) -> list[str]:
    return [table.seat_label(seat) for seat in range(table.seat_count())]


def board_view(table: Table, tracker: Tracker | None = None, frame: Frame | None = None) -> dict:
    """The board page's whole view (public); ``frame``: the panel's, when it is drawn already."""
    language = table.language
    frame = frame if frame is not None else table.frame()
    view: dict[str, Any] = {
        "t": "board",
        "lang": language,
        "mode": table.screen.name,
        "header": frame.header,
        "lines": _paragraphs(frame),
        "footer": frame.footer,
        # the panel row by row with the host cursor's rows lit, for the host's phone (the panel
        # is in everyone's sight: nothing here the board could not show)
        "panel": [[line, frame.is_selected(index)] for index, line in enumerate(frame.lines)],
        "log": list(tracker.log) if tracker is not None else [m.get(language) for m in table.messages.news],
        "game_no": table.game_serial if table.session is not None else 0,
    }
    session = table.session
    if session is None:
        view.update(game="", seats=[])
        return view
    status = session.status()
    prompt = session.prompt
    view.update(
        game=session.game.title.get(language) or session.game.name,
        round=status.round,
        rounds=status.rounds,
        phase=status.phase.get(language),
        turn=table.seat_label(status.turn) if status.turn is not None else None,
        hidden=bool(prompt is not None and prompt.kind.hidden),
        seats=_board_seats(table, prompt),
    )
    if isinstance(table.screen, Over):
        view.update(tracker.result(table) if tracker is not None else game_result(table, None))
        view["ratings"] = [line.get(language) for line in tracker.ratings] if tracker is not None else []
        view["footer"] = ""  # the panel's keys are the host's, not the board's
        for seat in view["seats"]:
            seat["asked"] = seat["locked"] = False  # nobody is asked any more
    return view


def _board_seats(table: Table, prompt: Prompt | None) -> list[dict[str, Any]]:
    """Each seat on the board: its label and player's name, whether the question on the table
    asks it and whether it has locked a hidden pick (never what)."""
    question = _question(table)
    secret = question.answer.secret if question is not None else None
    locked = set(secret.locked_seats()) if secret is not None else set()
    asked = set(prompt.seats) if prompt is not None and question is not None else set()
    return [
        {
            "seat": seat,
            "label": label,
            "name": table.names.get(seat, ""),
            "asked": seat in asked,
            "locked": seat in locked,
            "away": seat in table.signals.phones_away,
        }
        for seat, label in enumerate(_seat_labels(table))
    ]


def game_result(table: Table, tracker: Tracker | None) -> dict:
    """The ended game's ranking, its two plots and its BG Stats link (computed once a game,
    see ``Tracker.result``). Decision times come from the log's times, as ``companion stats``
    measures them (``store.reports.decision_times``); a recorder that keeps no times (the
    tests' memory) falls back to what ``tracker`` saw."""
    session = table.running
    language = table.language
    scores = table.screen.scores if isinstance(table.screen, Over) else session.score()
    # every seat ranked: the players, and a seat the box plays itself (Jindřich) after them
    labels = [table.seat_label(seat) for seat in range(max([table.seat_count() - 1, *scores.totals]) + 1)]
    named = [table.names.get(seat, label) for seat, label in enumerate(labels)]
    logged, started = _logged(table)
    decisions: dict[int, list[float]] = {}
    if logged is not None:
        for seat, seconds in reports.decision_times({"meta": {"started": started}, "entries": logged}):
            decisions.setdefault(seat, []).append(seconds)
    elif tracker is not None:
        decisions = tracker.decisions
    game = session.game
    record = {
        "game": game.name,
        "started": started,
        "seats": labels[: table.seat_count()],  # the players, as the history lists them
        "scores": scores.to_json(),
        "winner": scores.winner,
        "duration_s": _duration(started, logged),
        "start_seat": reports.start_seat(logged if logged is not None else session.entries),
    }
    facts = reports.GameFacts(game.title.get("en") or game.name, game.bgg_id, game.highest_wins)
    return {
        "ranking": [
            {
                "place": place,
                "seat": seat,
                "label": labels[seat],
                "name": table.names.get(seat, ""),
                "points": scores.totals.get(seat, 0),
            }
            for seat, place in scores.placed
        ],
        "plots": {
            "scores": plots.line_chart(
                tracker.score_rounds(table) if tracker is not None else score_rounds(table), named, language
            ),
            "decisions": plots.decision_chart(decisions, named, language),
        },
        "bgstats": reports.bgstats_link(reports.bgstats_play(record, facts)),
    }


def _logged(table: Table) -> tuple[list[dict] | None, str | None]:
    """The running game's log as the recorder keeps it, with each entry's time, and the game's
    start; (None, None) when the recorder keeps no times or cannot say."""
    recorder = table.recorder
    entries_of, session_of = getattr(recorder, "entries", None), getattr(recorder, "session", None)
    if entries_of is None or session_of is None:
        return None, None
    try:
        logged = entries_of(table.running_id)
        started = session_of(table.running_id).get("started")
    except Exception as error:  # a result without times, never a broken board
        log.warning("the game's log times cannot be read: %s", error)
        return None, None
    if len(logged) != len(table.running.entries) or not all("at" in entry for entry in logged):
        return None, None
    return logged, started if isinstance(started, str) else None


def _duration(started: str | None, logged: list[dict] | None) -> int | None:
    from datetime import datetime

    if started is None or not logged:
        return None
    try:
        return max(
            0, round((datetime.fromisoformat(logged[-1]["at"]) - datetime.fromisoformat(started)).total_seconds())
        )
    except (TypeError, ValueError):
        return None


def score_rounds(table: Table) -> list[tuple[int, dict[int, int]]]:
    """(round, totals) at the end of every round of the running game and at its end, from its
    log: the setup replayed action by action (once, when the game is over)."""
    session = table.running
    game = session.game
    state = game.setup(session.options, session.seed)
    points: list[tuple[int, dict[int, int]]] = []
    last_round = game.status(state).round or 0
    for _, action in effective_actions(session.entries):
        state = game.apply(state, action, game.prompt(state))
        round_now = game.status(state).round or last_round
        if round_now != last_round:
            points.append((last_round, dict(game.score(state).totals)))
            last_round = round_now
    points.append((last_round, dict(game.score(state).totals)))
    return points


# -- one seat ----------------------------------------------------------------------------------------


def seat_view(
    table: Table, seat: int, header: str | None = None, screen: SeatScreen | None = None, story: Story | None = None
) -> dict:
    """What ``seat``'s phone shows, in its own language (``PhoneLanguage``): the seat and where
    the game stands, its private rows, what it is asked as a touch form (``forms.touch_form``)
    or what the table waits for and from whom (``wait``), the story (the announcements as whole
    sentences, the seats with their players, who is asked, who has locked, whose phone is away,
    the totals once the game is over). Beside the form, the keypad's fields: its keys, what they mean, what was
    typed and locked (as the seat's pad screen has them). ``header`` and ``screen``: the panel's
    header and the seat's pad screen, when the main loop has them already (``all_views``);
    ``story``: the public part, built once for every phone."""
    language = table.signals.languages.get(seat, table.language)
    view: dict[str, Any] = {"t": "seat", "seat": seat, "lang": language}
    session = table.session
    if session is None or seat >= table.seat_count():
        view.update(label="", name="", ask=[], private=[], status="", mode="none", keys=[], hints=[])
        view.update(form={"kind": "wait", "text": wording.NO_GAME.get(language)}, story=[], seats=[], scores=[])
        return view
    if screen is None or language != table.language:
        screen = seat_screen(table, seat) if language == table.language else None
    question = _question(table)
    prompt = session.prompt
    status = session.status()
    story = story if story is not None else Story(table, None)
    view.update(
        label=table.seat_msg(seat).get(language),
        name=table.names.get(seat, ""),
        header=(
            ""
            if question is None or language != table.language
            else header
            if header is not None
            else table.frame().header
        ),
        game=session.game.title.get(language) or session.game.name,
        round=status.round,
        rounds=status.rounds,
        phase=status.phase.get(language),
        turn=table.seat_msg(status.turn).get(language) if status.turn is not None else "",
        private=[m.get(language) for m in session.game.seat_lines(session.state, seat)],
        status=screen.status if screen is not None else "",
        mode=screen.entry.mode if screen is not None else "type",
        width=screen.entry.width if screen is not None else 1,
        help=screen.entry.help if screen is not None else "",
        typed="",
        locked="",
        wrong="",
        # why this seat's last entry was refused, told to this seat alone (Table.refuse)
        refused=reason.get(language) if (reason := table.signals.reasons.get(seat)) is not None else "",
        **story.of(language),
    )
    if question is not None and prompt is not None and prompt.accepts_seat(seat):
        view.update(_asked(table, question.answer, prompt, seat, screen, language))
    else:
        view.update(_waiting(table, seat, screen, language))
    return view


class Story:
    """What every phone shows of the table, built once for all of them (in each language a
    phone asks for): the announcements, the seats, the final totals."""

    def __init__(self, table: Table, tracker: Tracker | None):
        self.table, self.tracker = table, tracker
        self._made: dict[str, dict[str, Any]] = {}

    def of(self, language: str) -> dict[str, Any]:
        if language not in self._made:
            self._made[language] = self._make(language)
        return self._made[language]

    def _make(self, language: str) -> dict[str, Any]:
        table = self.table
        session = table.running
        said = self.tracker.said if self.tracker is not None else list(table.messages.news)
        prompt = session.prompt
        question = _question(table)
        secret = question.answer.secret if question is not None else None
        locked = set(secret.locked_seats()) if secret is not None else set()
        asked = set(prompt.seats) if prompt is not None and question is not None else set()
        seats = [
            {
                "label": table.seat_msg(seat).get(language),
                "name": table.names.get(seat, ""),
                "asked": seat in asked,
                "locked": seat in locked,
                "away": seat in table.signals.phones_away,
            }
            for seat in range(table.seat_count())
        ]
        # the totals once the game is over; during it the totals the game's public view shows
        # (``Game.view``: "totals" when they are public, as Gheos's are unless its reading hides
        # them, else "public_points", what everyone can count, as the Catan scenarios' VP
        # without the hidden cards); none where a total is secret (Vaaalbara's)
        scores: list[dict[str, Any]] = []
        if isinstance(table.screen, Over):
            result = table.screen.scores
            places = dict(result.placed)
            scores = [
                {"seat": seat, "points": result.totals.get(seat, 0), "place": places.get(seat)}
                for seat in range(table.seat_count())
            ]
        else:
            public = public_totals(session.game, session.state)
            if public is not None and len(public) >= table.seat_count():
                scores = [{"seat": seat, "points": public[seat], "place": None} for seat in range(table.seat_count())]
        return {
            "secret": bool(prompt is not None and question is not None and prompt.kind.hidden),
            "story": [m.get(language) for m in said[-STORY_KEPT:]],
            "news": [m.get(language) for m in table.messages.news],
            "seats": seats,
            "scores": scores,
        }


# The public totals of the state last asked about (a game's public view is not cheap:
# Graenaland's is the whole board); holding the state keeps its identity from being reused.
_last_public: dict = {"state": None, "game": None, "totals": None}


def public_totals(game, state: dict) -> list[int] | None:
    """The totals everyone may see now, from the game's public view, or None."""
    if _last_public["state"] is not state or _last_public["game"] is not game:
        try:
            view = game.view(state)
        except Exception:  # a game without a public view: no totals shown
            view = {}
        totals = view.get("totals") if isinstance(view, dict) else None
        if totals is None and isinstance(view, dict):
            totals = view.get("public_points")
        kept = list(totals) if isinstance(totals, list) and all(type(t) is int for t in totals) else None
        _last_public.update(state=state, game=game, totals=kept)
    return _last_public["totals"]


def _asked(
    table: Table, answer: Answer, prompt: Prompt, seat: int, screen: SeatScreen | None, language: str
) -> dict[str, Any]:
    """The question put to the seat: its title and detail whole, its touch form, and the
    keypad's: each option's code and meaning (a list short enough to read), the keys, and what
    the seat typed (a hidden pick: its own keys, a code that matched nothing, the option it
    locked; a list or a number: the keys typed so far)."""
    options = prompt.options_for(seat)
    width = max(screen.entry.width if screen is not None else max((len(o.code) for o in options), default=1), 1)
    asked: dict[str, Any] = {
        "ask": [prompt.title.get(language), *([prompt.detail.get(language)] if prompt.detail is not None else [])],
        "hints": [[_code(o.code, width), o.label.get(language)] for o in options] if len(options) <= MAX_HINTS else [],
        "keys": _keys(prompt, seat),
        "form": touch_form(table, answer, prompt, seat, language),
        "yourturn": True,
    }
    if prompt.kind.hidden:
        entry = answer.secret.entries.get(seat) if answer.secret is not None else None
        if entry is not None:
            asked.update(typed=entry.typed, wrong=entry.wrong if entry.mistyped else "")
            if entry.is_locked and lock_unseen(answer, seat):
                asked["locked"] = UNSEEN.get(language)  # locked before this device took the seat
            elif entry.is_locked:
                asked["locked"] = next((o.label.get(language) for o in options if o.value == entry.locked), "?")
            if entry.is_locked:
                asked["yourturn"] = False
    elif prompt.kind in (PromptKind.CHOICE, PromptKind.NUMBER):
        asked["typed"] = answer.typed
    return asked


def _waiting(table: Table, seat: int, screen: SeatScreen | None, language: str) -> dict[str, Any]:
    """A seat not asked: what the table waits for and from whom (the question and its seats,
    the host on a screen of its own); when every seat confirms a costly undo, its yes and no."""
    shown = table.screen
    pad_ask = list(screen.ask) if screen is not None else []
    if isinstance(shown, UndoAll):
        form = {
            "kind": "keys",
            "text": wording.UNDO_ALL.get(language),
            "done": seat in shown.confirms,
            "options": [
                {"key": "#", "label": wording.UNDO_YES.get(language)},
                {"key": "*", "label": wording.UNDO_NO.get(language)},
            ],
        }
        hints = [list(hint) for hint in screen.entry.hints] if screen is not None else []
        return {
            "ask": pad_ask,
            "hints": hints,
            "keys": ["#", "*"],
            "form": form,
            "yourturn": seat not in shown.confirms,
        }
    return {
        "ask": pad_ask,
        "hints": [],
        "keys": [],
        "form": {"kind": "wait", "text": waiting_for(table, language)},
        "yourturn": False,
    }


def waiting_for(table: Table, language: str) -> str:
    """What the table waits for, in a sentence: the question and whose it is, the seats a
    hidden pick still waits for, or the host."""
    shown = table.screen
    session = table.session
    if session is None:
        return wording.NO_GAME.get(language)
    if isinstance(shown, Over):
        return wording.OVER.get(language)
    if not isinstance(shown, Play):
        doing = {"game_menu": wording.MENU, "claim": wording.CLAIM, "undo": wording.UNDO}.get(shown.name)
        return wording.WAIT_HOST.format(what=doing.get(language) if doing else "").get(language).rstrip(": ")
    prompt = session.prompt
    if prompt is None:
        return ""
    names = lambda seats: wording.OR.get(language).join(_who(table, s, language) for s in seats)  # noqa: E731
    if prompt.kind.hidden:
        secret = shown.answer.secret
        left = [s for s in prompt.seats if secret is None or s not in secret.locked_seats()]
        if not left:
            return wording.WAIT_REVEAL.get(language)
        return wording.WAIT_SECRET.format(who=", ".join(_who(table, s, language) for s in left)).get(language)
    what = (prompt.short or prompt.title).get(language)
    if not prompt.seats:
        return wording.WAIT_HOST.format(what=what).get(language)
    return wording.WAIT_FOR.format(what=what, who=names(prompt.seats)).get(language)


def _who(table: Table, seat: int, language: str) -> str:
    """A seat as the table names it: its colour, and its player's name when it has one."""
    label = table.seat_msg(seat).get(language)
    name = table.names.get(seat)
    return f"{label} ({name})" if name else label


def _code(code: str, width: int) -> str:
    return padded(code, width) if code.isascii() and code.isdigit() else code


def _keys(prompt, seat: int) -> list[str]:
    """The keys the phone shows: every key for a typed code (the same for every option, so the
    keypad says nothing of a pick), two for a yes/no question."""
    options = prompt.options_for(seat)
    if prompt.kind.hidden and all(o.code in YES_NO_KEYS for s in prompt.seats for o in prompt.options_for(s)):
        return ["#", "*"]
    if prompt.kind is PromptKind.CONFIRM:
        return ["#"]
    if options and all(o.code in YES_NO_KEYS for o in options):
        return ["#", "*"]
    return list(PAD_KEYS)


def all_views(table: Table, tracker: Tracker | None = None, frame: Frame | None = None) -> tuple[dict, dict[int, dict]]:
    """The board's view and every seat's, for ``WebTable.publish`` (after each frame): the
    panel's frame (``frame``, the one just drawn) and the pads' screens built once for all."""
    if tracker is not None:
        tracker.observe(table)
    frame = frame if frame is not None else table.frame()
    screens = seat_screens(table)
    board = board_view(table, tracker, frame)
    if table.session is None:
        return board, {}
    story = Story(table, tracker)
    return board, {
        seat: seat_view(table, seat, frame.header, screens.get(seat), story) for seat in range(table.seat_count())
    }
