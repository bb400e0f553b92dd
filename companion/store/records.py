"""What a session is on disk, shared by every part of the store: the tables' names, identities
and times, the log entry and start record checks, and an archived session's index record with the
summary of its log (what ``stats`` and the exports read). Imports nothing of the store but the
index's summary version (see docs/session-format.md for every field)."""

from __future__ import annotations

import json
import os
import re
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from datetime import UTC, datetime, timedelta
from functools import lru_cache
from typing import Any, NamedTuple

from .index import SUMMARY

SESSION_FORMAT = "companion-session"


SESSION_VERSION = 2


READABLE_VERSIONS = (1, 2)


LAYOUT = 2


META, PREFERENCES, SESSIONS = "meta", "preferences", "sessions"


HISTORY, ABANDONED = "history", "abandoned"  # tables of history/index.db


HISTORY_DIR, INDEX_FILE = "history", "index.db"


STAGING = ".import"  # history/.import/: an import's archives until they are committed


def log_table(session_id: int) -> str:
    return f"log-{session_id}"


def players_table(session_id: int) -> str:
    """A running session's player names, one document per naming (``Store.name_player``)."""
    return f"players-{session_id}"


def local_now() -> datetime:
    """Wall-clock time with the local UTC offset, so ISO dates read right and sort right."""
    return datetime.now().astimezone()


def iso(moment: datetime) -> str:
    """A record's time: local ISO 8601 with the UTC offset (a clock without one gets local)."""
    if moment.tzinfo is None:
        moment = moment.astimezone()
    return moment.isoformat(timespec="seconds")


def iso_ms(moment: datetime) -> str:
    """An entry's time: local ISO 8601 with milliseconds and the UTC offset."""
    if moment.tzinfo is None:
        moment = moment.astimezone()
    return moment.isoformat(timespec="milliseconds")


UID = re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}")


def is_uid(value: Any) -> bool:
    """A session identity: a UUID in its usual 36-character lower-case text form."""
    return isinstance(value, str) and UID.fullmatch(value) is not None


def new_uid() -> str:
    """A random (version 4) UUID as text. Not the uuid module: its import alone costs start-up
    more than everything else the store does."""
    raw = bytearray(os.urandom(16))
    raw[6] = (raw[6] & 0x0F) | 0x40
    raw[8] = (raw[8] & 0x3F) | 0x80
    text = raw.hex()
    return f"{text[:8]}-{text[8:12]}-{text[12:16]}-{text[16:20]}-{text[20:]}"


def is_time(value: Any) -> bool:
    """An ISO 8601 time with its UTC offset (not remembered: the checks of a file read whole,
    an export's archives, meet each time once)."""
    if not isinstance(value, str):
        return False
    try:
        return datetime.fromisoformat(value).tzinfo is not None
    except ValueError:
        return False


_ACTION_AT, _UNDO_AT = frozenset(("action", "at")), frozenset(("undo", "at"))


ENTRY_SHAPE = 'a log entry is {"action": {...}} or {"undo": {"confirmed": true|false}}'


def check_entry(entry: Any) -> None:
    """A log entry is ``{"action": {...}}`` or ``{"undo": {"confirmed": bool}}``, plus (format 2)
    ``"at"``, when it was accepted, and for a secret choice ``"locked"``: ``{seat: time}``.
    ValueError says in one line what is wrong."""
    if _usual(entry):
        return  # the two usual shapes at once: a long log opens fast
    if not isinstance(entry, Mapping):
        raise ValueError(ENTRY_SHAPE)
    _check_kind(entry)
    if "at" in entry and not is_time(entry["at"]):
        raise ValueError(f"'at' must be an ISO 8601 time with its UTC offset, not {entry['at']!r}")
    if "locked" in entry:
        _check_locked(entry)


def _usual(entry: Any) -> bool:
    """``{"action": {...}, "at": time}`` or ``{"undo": {"confirmed": bool}, "at": time}``."""
    if type(entry) is not dict or len(entry) != 2 or not is_time(entry.get("at")):
        return False
    keys = entry.keys()
    if keys == _ACTION_AT:
        return type(entry["action"]) is dict
    undo = entry.get("undo")
    return keys == _UNDO_AT and type(undo) is dict and len(undo) == 1 and type(undo.get("confirmed")) is bool


def _check_kind(entry: Mapping) -> None:
    """Exactly one of "action" and "undo", each of its shape, and no field besides."""
    kinds = [key for key in entry if key in ("action", "undo")]
    extra = [key for key in entry if key not in ("action", "undo", "at", "locked")]
    if extra and len(kinds) == 1:
        raise ValueError(f"unknown log entry field {extra[0]!r}")
    if extra and not kinds:
        raise ValueError(f"unknown log entry kind {extra[0]!r}")
    if len(kinds) != 1:
        raise ValueError(ENTRY_SHAPE)
    if "action" in entry:
        if not isinstance(entry["action"], Mapping):
            raise ValueError("a log entry's action must be an object")
        return
    undo = entry["undo"]
    if not isinstance(undo, Mapping) or not isinstance(undo.get("confirmed"), bool) or len(undo) != 1:
        raise ValueError('an undo entry is {"undo": {"confirmed": true|false}}')


def _check_locked(entry: Mapping) -> None:
    """When each seat locked its secret choice: seat numbers to times, on an action only."""
    locked = entry["locked"]
    if "action" not in entry or not isinstance(locked, Mapping) or not locked:
        raise ValueError("'locked' belongs to a revealed secret choice: {seat: time, ...}")
    for seat, moment in locked.items():
        if not (isinstance(seat, str) and seat.isascii() and seat.isdigit()) or not is_time(moment):
            raise ValueError(f"'locked' maps seat numbers to ISO 8601 times, not {seat!r}: {moment!r}")


def record_problem(record: Any) -> str | None:
    """What is wrong with a running session's start record (``sessions`` table), or None.
    Each field is read when the session is resumed, finished or archived."""
    if not isinstance(record, Mapping):
        return "the record is not an object"
    checks = (
        ("uid", is_uid, "a session identity (UUID)"),
        ("game", lambda v: isinstance(v, str) and bool(v), "a game's name"),
        ("options", lambda v: isinstance(v, Mapping), "an object"),
        ("seed", lambda v: isinstance(v, int) and not isinstance(v, bool), "a whole number"),
        ("seats", lambda v: isinstance(v, list) and all(isinstance(x, str) for x in v), "a list of names"),
        ("started", is_time, "an ISO 8601 time with its UTC offset"),
    )
    for name, valid, what in checks:
        if name not in record:
            return f"{name!r} is missing"
        if not valid(record[name]):
            return f"{name!r} must be {what}, not {record[name]!r:.60}"
    return described_problem(record)


def described_problem(record: Mapping) -> str | None:
    """What is wrong with the fields a session gets from its game when it is created (none in a
    record written before they were: see ``migration.undescribed``), or None."""
    checks = (
        ("names", lambda v: isinstance(v, list) and all(isinstance(x, str) for x in v), "a list of names"),
        ("title", is_title, 'an object {"cs": ..., "en": ...}'),
        ("teaching", lambda v: v is True, "true (or left out)"),
        ("players", lambda v: players_problem(v) is None, "an object {seat: name}"),
    )
    for name, valid, what in checks:
        if name in record and not valid(record[name]):
            return f"{name!r} must be {what}, not {record[name]!r:.60}"
    return None


def is_title(value: Any) -> bool:
    """A game's title in both languages, as stored with its sessions."""
    return isinstance(value, Mapping) and set(value) == {"cs", "en"} and all(isinstance(v, str) for v in value.values())


# -- players by name ------------------------------------------------------------------------------
NAME_LONGEST = 24  # characters: a name fits a pad's screen row and the panel's header


def player_name(name: Any) -> str:
    """A player's name as it is kept: the spaces at both ends trimmed, a run of spaces inside
    as one, 1 to 24 printable characters. ValueError says in one line what is wrong."""
    if not isinstance(name, str):
        raise ValueError(f"a player's name is text, not {type(name).__name__}")
    kept = " ".join(name.split()) if name.strip() else ""
    if not kept:
        raise ValueError("a player's name needs at least one letter")
    if len(kept) > NAME_LONGEST:
        raise ValueError(f"a player's name has at most {NAME_LONGEST} characters, not {len(kept)}")
    if not kept.isprintable():
        raise ValueError("a player's name holds a character that cannot be shown")
    return kept


def players_problem(players: Any) -> str | None:
    """What is wrong with a session's player names ``{"<seat>": name}``, or None."""
    if not isinstance(players, Mapping):
        return "the player names are not an object {seat: name}"
    for seat, name in players.items():
        if not (isinstance(seat, str) and seat.isascii() and seat.isdigit()):
            return f"the player names are keyed by seat numbers, not {seat!r:.20}"
        try:
            if player_name(name) != name:
                return f"seat {seat}'s name {name!r:.40} is not stored trimmed"
        except ValueError as error:
            return f"seat {seat}: {error}"
    return None


def players_of(record: Mapping) -> dict[str, str]:
    """A record's player names ``{"<seat>": name}``; none when it has none or they are damaged."""
    players = record.get("players")
    return dict(players) if players and players_problem(players) is None else {}


def count_actions(entries: Sequence[Mapping]) -> int:
    """Actions that still count once every undo marker has cancelled the action before it."""
    kept = 0
    for entry in entries:
        if "action" in entry:
            kept += 1
        elif "undo" in entry and kept:
            kept -= 1
    return kept


class LogFacts(NamedTuple):
    """What a finished session's index record needs from its log, read in one pass over its
    entries (``log_facts``): the import and the end of a game read each entry's time once."""

    elapsed: float  # seconds the session lasted as its log knows it
    steps: int  # clock steps back seen in it
    actions: int  # actions that still count (count_actions)
    start_seat: int | None  # the recorded start player (start_seat)
    decisions: dict[str, list]  # per seat "<n>": [decisions with a known time, their seconds]


def log_facts(started: Any, entries: Sequence[Mapping], finished: Any) -> LogFacts:
    """``LogFacts`` of a log, one pass over its entries.

    The log's sequence is the order that never steps: the start, every entry's ``at``, the
    finish. A time earlier than the one before it (by more than ``STEP_TOLERANCE``) is the
    wall clock stepping back (a Pi without a real-time clock set by NTP, by hand): that gap
    counts nothing, every other gap counts as it was measured, so the time a game lasted and
    when it ended are known from its start, whatever the clock did during it. A decision's
    time is the gap before its entry (``decision_times``; a secret choice's, before each
    seat's lock). An undo cancels the action before it."""
    before = micros(started)
    elapsed, steps, actions, kept = 0.0, 0, 0, 0  # kept: the actions still standing
    totals: dict[int, list] = {}  # seat: [decisions, seconds]
    starts: list[tuple[int, Mapping]] = []  # the start-player answers still standing, by place
    cached = _micros
    for entry in entries:
        if type(entry) is dict and len(entry) == 2:  # the usual entry: an action and its time
            action, at_text = entry.get("action"), entry.get("at")
            if type(action) is dict and type(at_text) is str:
                at = cached(at_text)
                if at is not None and before is not None:
                    gap = at - before
                    seat = action.get("seat")
                    if type(seat) is int:
                        seconds = gap / _PER_SECOND if gap > 0 else 0.0
                        count_total = totals.get(seat)
                        if count_total is None:
                            totals[seat] = [1, seconds]
                        else:
                            count_total[0] += 1
                            count_total[1] += seconds
                    if gap < -STEP_MICROS:
                        steps += 1
                    elif gap > 0:
                        elapsed += gap / _PER_SECOND  # what timedelta.total_seconds() gives
                if action.get("step") in START_STEPS:
                    starts.append((kept, action))
                actions += 1
                kept += 1
                if at is not None:
                    before = at
                continue
        if not _is_mapping(entry):
            continue
        for seat, seconds in decision_times({"meta": {"started": None}, "entries": [entry]}, before):
            count_total = totals.setdefault(seat, [0, 0.0])
            count_total[0] += 1
            count_total[1] += seconds
        if "action" in entry:
            actions += 1
        elif "undo" in entry and actions:
            actions -= 1
        if "undo" in entry:
            if kept:
                kept -= 1
                if starts and starts[-1][0] == kept:
                    starts.pop()
        elif _is_mapping(entry.get("action")):
            if entry["action"].get("step") in START_STEPS:
                starts.append((kept, entry["action"]))
            kept += 1
        at = micros(entry.get("at"))
        if at is not None:
            if before is not None:
                if at - before < -STEP_MICROS:
                    steps += 1
                elif at > before:
                    elapsed += (at - before) / _PER_SECOND
            before = at
    end = micros(finished)
    if end is not None and before is not None:
        if end - before < -STEP_MICROS:
            steps += 1
        elif end > before:
            elapsed += (end - before) / _PER_SECOND
    decisions = {seat: [count, round(total, 3)] for seat, (count, total) in sorted(_by_text(totals))}
    return LogFacts(elapsed, steps, actions, _start_value(action for _, action in starts), decisions)


def _by_text(totals: dict[int, list]) -> Iterator[tuple[str, list]]:
    return ((str(seat), count_total) for seat, count_total in totals.items())


def summary(started: Any, entries: Sequence[Mapping], facts: LogFacts | None = None) -> dict:
    """What ``stats`` and the BG Stats exports need from a finished session's log, kept in its
    index record so that they never read the archives: the recorded start seat, and per seat
    the decisions whose time is known with their total (seconds, to the millisecond).
    ``facts``: the log's ``log_facts``, when they were read already."""
    if facts is None:
        facts = log_facts(started, entries, None)
    return {"summary": SUMMARY, "start_seat": facts.start_seat, "decisions": facts.decisions}


STEP_TOLERANCE = 1.0  # seconds: the start and finish are kept to the second, entries to the ms
STEP_MICROS = 1_000_000  # the same in the log's micros


def clock_fields(
    started: Any, entries: Sequence[Mapping], finished: Any, duration: Any, facts: LogFacts | None = None
) -> dict:
    """A finished session's ``duration_s`` and ``date`` (when it ended, as history lists it), and
    ``clock_step`` when its clock stepped back: then both come from the log (its start and
    the gaps between its entries, ``log_facts``), not from a finish the stepped clock put
    before its start. Otherwise the recorded ``duration`` (or finish minus start) and the
    finish. ``facts``: the log's ``log_facts``, when they were read already."""
    if facts is None:
        facts = log_facts(started, entries, finished)
    start = aware_time(started)
    if facts.steps and start is not None:
        end = start + timedelta(seconds=facts.elapsed)
        return {"duration_s": round(facts.elapsed), "date": iso(end), "clock_step": True}
    if not isinstance(duration, int) or isinstance(duration, bool):
        end_time = aware_time(finished)
        duration = round((end_time - start).total_seconds()) if start and end_time else 0
    return {"duration_s": max(0, duration), "date": finished}


def when_finished(record: Mapping) -> Any:
    """When a finished session ended, as history lists and orders it: its ``date`` when its
    clock stepped back (``clock_fields``), else its recorded finish."""
    if record.get("clock_step") and record.get("date"):
        return record["date"]
    return record.get("finished")


def has_summary(record: Mapping) -> bool:
    return isinstance(record.get("summary"), int) and record["summary"] >= SUMMARY


def index_record(
    document: Mapping, teaching: Callable[[Any, Any], bool] | None = None, facts: LogFacts | None = None
) -> dict:
    """The index record of an archived session document (format 2). Whether a finished one is
    a teaching walk is in its ``meta``; a document written before it was stored there asks
    ``teaching(game, options)`` (the game's own answer, handed in by the store's caller).
    ``facts``: its log's ``log_facts``, when they were read already (the import)."""
    meta = document["meta"]
    if meta.get("finished"):
        started, finished = meta["started"], meta["finished"]
        if facts is None:
            facts = log_facts(started, document["entries"], finished)
        clock = clock_fields(started, document["entries"], finished, meta.get("duration_s"), facts)
        if "teaching" in meta or "title" in meta:  # described when it was created: the mark is stored
            walk = meta.get("teaching") is True
        else:
            walk = bool(teaching and teaching(document.get("game"), document.get("options")))
        players = players_of(meta)
        return {
            "session": meta["id"],
            "uid": meta["uid"],
            "game": document["game"],
            "date": clock["date"],
            "started": started,
            "finished": finished,
            "seats": list(meta["seats"]),
            "names": list(meta.get("names") or meta["seats"]),
            "scores": without_breakdown(meta.get("scores")),
            "winner": meta.get("winner"),
            "duration_s": clock["duration_s"],
            "actions": facts.actions,
            **summary(started, document["entries"], facts),
            **({"teaching": True} if walk else {}),
            **({"title": dict(meta["title"])} if is_title(meta.get("title")) else {}),
            **({"players": players} if players else {}),
            **({"clock_step": True} if clock.get("clock_step") else {}),
        }
    players = players_of(meta)
    return {
        "session": meta["id"],
        "uid": meta["uid"],
        "game": document["game"],
        "started": meta["started"],
        "at": meta.get("abandoned"),
        "seats": list(meta["seats"]),
        **({"players": players} if players else {}),
    }


def without_breakdown(scores: Any) -> Any:
    """Scores (``Scores.to_json()``) without their breakdown (points per category): what an
    index record keeps of them. No reader of the index shows the breakdown; it is a third of a
    record, and the archive keeps it whole."""
    if isinstance(scores, dict) and "breakdown" in scores:
        return {key: value for key, value in scores.items() if key != "breakdown"}
    return scores


def document_bytes(document: Mapping) -> bytes:
    return (json.dumps(document, ensure_ascii=False, separators=(",", ":"), allow_nan=False) + "\n").encode()


def sort_time(value: Any) -> float:
    """A record's finishing time for sorting; one without a readable time sorts last."""
    try:
        return datetime.fromisoformat(value).timestamp()
    except (TypeError, ValueError):
        return float("-inf")


def aware_time(value: Any) -> datetime | None:
    """An ISO 8601 time with its UTC offset, or None for anything else."""
    if type(value) is not str:
        if not isinstance(value, str):
            return None
        value = str(value)
    return _aware(value)


_TIMES_KEPT = 2048  # more than the times of one long session's log


def forget_times() -> None:
    """Empty the parsed times' caches: a session's times are read again only while it is
    checked, indexed and archived, so a table running all evening (or an import that ended)
    keeps none of them."""
    _aware.cache_clear()
    _micros.cache_clear()


@lru_cache(maxsize=_TIMES_KEPT)
def _aware(value: str) -> datetime | None:
    """``aware_time`` of a string, remembered: an import reads each entry's time four times
    (the entry's check, the clock, the decision times, the index record), a datetime is
    immutable, and the cache is bounded, so memory does not grow with the history."""
    try:
        moment = datetime.fromisoformat(value)
    except ValueError:
        return None
    return moment if moment.tzinfo is not None else None


_EPOCH = datetime(1970, 1, 1, tzinfo=UTC)
_MICROSECOND = timedelta(microseconds=1)
_PER_SECOND = 1_000_000


def micros(value: Any) -> int | None:
    """``aware_time`` as whole microseconds since 1970: gaps between them are exact integers,
    and a gap divided by a million is the float ``timedelta.total_seconds()`` gives."""
    if type(value) is not str:
        if not isinstance(value, str):
            return None
        value = str(value)
    return _micros(value)


@lru_cache(maxsize=_TIMES_KEPT)
def _micros(value: str) -> int | None:
    moment = _aware(value)
    return None if moment is None else (moment - _EPOCH) // _MICROSECOND


def _is_mapping(value: Any) -> bool:
    """``isinstance(value, Mapping)``, a plain dict (what JSON gives) without the ABC's check:
    asked for every entry of every log an import indexes."""
    return type(value) is dict or isinstance(value, Mapping)


def decision_times(document: Mapping, since: int | None = None) -> list[tuple[int, float]]:
    """(seat, seconds) for every decision whose time is known, in log order (``since``: the
    time before the first entry, in ``micros``, instead of the document's start)."""
    meta = document.get("meta") or {}
    before = micros(meta.get("started")) if since is None else since
    found: list[tuple[int, float]] = []
    for entry in document.get("entries", []):
        at = micros(entry.get("at"))
        action = entry.get("action")
        if before is not None and _is_mapping(action):
            locked = entry.get("locked")
            if locked is not None and _is_mapping(locked):
                for seat, moment in locked.items():
                    when = micros(moment)
                    if when is not None and str(seat).isdigit():
                        found.append((int(seat), max(0.0, (when - before) / _PER_SECOND)))
            elif at is not None and isinstance(action.get("seat"), int) and not isinstance(action["seat"], bool):
                found.append((action["seat"], max(0.0, (at - before) / _PER_SECOND)))
        if at is not None:
            before = at
    return found


START_STEPS = ("start_player", "first_player")


def start_seat(entries: Iterable[Mapping]) -> int | None:
    """The seat the table recorded as the start player, or None when the game records none
    (undone answers do not count)."""
    kept: list[Mapping] = []
    for entry in entries:
        if not _is_mapping(entry):
            continue
        if "undo" in entry:
            if kept:
                kept.pop()
        elif _is_mapping(entry.get("action")):
            kept.append(entry["action"])
    return _start_value(kept)


def _start_value(kept: Iterable[Mapping]) -> int | None:
    """The value of the first start-player answer among the actions still standing."""
    for action in kept:
        value = action.get("value")
        if action.get("step") in START_STEPS and isinstance(value, int) and not isinstance(value, bool):
            return value
    return None
