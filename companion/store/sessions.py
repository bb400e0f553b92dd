"""Sessions, their action logs and the history of finished games, on one journal file.

Table layout (one TinyDB database, one ``JournalStorage`` file):

``sessions``   one document per session, written once when it starts; the document id is the
               session id: ``{"game", "options", "seed", "seats", "started"}``.
``log-<id>``   one table per session: its log entries in order, document id = log index + 1.
``history``    one document per finished session (the game's result), written once.
``abandoned``  one document per abandoned session: ``{"session", "at"}``.

Every write in normal play is an insert, i.e. one appended, fsynced journal line: the file is
never rewritten while a game runs. A session's state is a fact derived from these records: it
is finished when ``history`` names it, abandoned when ``abandoned`` does, unfinished otherwise.

One writer: a ``Store`` belongs to the thread that runs the main loop. It has no locks; calls
from other threads (input callbacks) must go through that loop's queue.
"""

from __future__ import annotations

import copy
import os
from collections.abc import Callable, Mapping, Sequence
from datetime import datetime
from typing import Any

from tinydb import Query
from tinydb.table import Document

from .journal import JournalDB, StoreError

SESSION_FORMAT = "companion-session"
SESSION_VERSION = 1

SESSIONS, HISTORY, ABANDONED, PREFERENCES = "sessions", "history", "abandoned", "preferences"


def log_table(session_id: int) -> str:
    return f"log-{session_id}"


def local_now() -> datetime:
    """Wall-clock time with the local UTC offset, so ISO dates read right and sort right."""
    return datetime.now().astimezone()


def iso(moment: datetime) -> str:
    return moment.isoformat(timespec="seconds")


def check_entry(entry: Any) -> None:
    """A log entry is ``{"action": {...}}`` or ``{"undo": {"confirmed": bool}}``, nothing else."""
    if not isinstance(entry, Mapping) or len(entry) != 1:
        raise ValueError('a log entry is {"action": {...}} or {"undo": {"confirmed": true|false}}')
    if "action" in entry:
        if not isinstance(entry["action"], Mapping):
            raise ValueError("a log entry's action must be an object")
    elif "undo" in entry:
        undo = entry["undo"]
        if not isinstance(undo, Mapping) or not isinstance(undo.get("confirmed"), bool) or len(undo) != 1:
            raise ValueError('an undo entry is {"undo": {"confirmed": true|false}}')
    else:
        raise ValueError(f"unknown log entry kind {next(iter(entry))!r}")


def count_actions(entries: Sequence[Mapping]) -> int:
    """Actions that still count once every undo marker has cancelled the action before it."""
    kept = 0
    for entry in entries:
        if "action" in entry:
            kept += 1
        elif "undo" in entry and kept:
            kept -= 1
    return kept


class Store:
    """The table's storage: sessions with their logs, and the history of finished games.

    ``append`` is the hot path: one journal line, fsynced before it returns, constant cost.
    Everything handed out is a deep copy; changing it changes nothing stored. Not thread-safe
    by design: the main loop's thread is the only caller (see the module docstring).
    """

    def __init__(self, path: os.PathLike | str, *, read_only: bool = False,
                 clock: Callable[[], datetime] = local_now):
        self.path = os.fspath(path)
        self._clock = clock
        self._db = JournalDB(path, read_only=read_only, create_dirs=not read_only)
        self._sessions = self._db.table(SESSIONS)
        self._history = self._db.table(HISTORY)
        self._abandoned = self._db.table(ABANDONED)
        self._next_index: dict[int, int] = {}  # open sessions' log lengths, for append

    # -- sessions ------------------------------------------------------------------------------
    def create_session(self, game: str, options: Mapping, seed: int, seats: Sequence[str]) -> int:
        """Record a new session (durably) and return its id."""
        if not isinstance(game, str) or not game:
            raise ValueError("game must be a non-empty name")
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise ValueError("seed must be an integer")
        record = {"game": game, "options": dict(options), "seed": seed,
                  "seats": [str(label) for label in seats], "started": iso(self._clock())}
        session_id = self._sessions.insert(record)
        if self._db.table(log_table(session_id)).all():
            # Only possible if the sessions table was emptied by hand while logs stayed.
            raise StoreError(f"a log for session {session_id} already exists", self.path)
        self._next_index[session_id] = 0
        return session_id

    def append(self, session_id: int, entry: Mapping) -> int:
        """Append a log entry; returns its index once it is on disk (fsynced)."""
        check_entry(entry)
        index = self._next_index.get(session_id)
        if index is None:
            index = self._open_log_length(session_id)
        # The storage serialises the entry before writing: nothing stored aliases the caller's dict.
        self._db.table(log_table(session_id)).insert(Document(dict(entry), doc_id=index + 1))
        self._next_index[session_id] = index + 1
        return index

    def entries(self, session_id: int) -> list[dict]:
        """The session's log in order."""
        self._record(session_id)
        table = self._db.table(log_table(session_id))
        return [copy.deepcopy(dict(doc)) for doc in sorted(table.all(), key=lambda doc: doc.doc_id)]

    def session(self, session_id: int) -> dict:
        """The session's start record with its id and state ("playing", "finished", "abandoned")."""
        return self._describe(self._record(session_id))

    def unfinished(self) -> dict | None:
        """The latest session neither finished nor abandoned (to resume after a restart)."""
        closed = {doc["session"] for doc in self._history.all() + self._abandoned.all()}
        candidates = [doc for doc in self._sessions.all() if doc.doc_id not in closed]
        if not candidates:
            return None
        return self._describe(max(candidates, key=lambda doc: doc.doc_id))

    def finish(self, session_id: int, scores: Mapping, winner: int | None, *,
               actions: int | None = None) -> dict:
        """Close a session with its result and write its history record (durably).

        ``scores`` is JSON (``Scores.to_json()``), ``winner`` a seat index or None (a tie or no
        ranking). ``actions`` defaults to the log's actions left after undos. The history
        record is the commit point: once it is written the session counts as finished.
        """
        record = self._record(session_id)
        self._require_open(session_id)
        finished = self._clock()
        started = datetime.fromisoformat(record["started"])
        if actions is None:
            actions = count_actions(self.entries(session_id))
        result = {
            "session": session_id,
            "game": record["game"],
            "date": iso(finished),
            "started": record["started"],
            "finished": iso(finished),
            "seats": list(record["seats"]),
            "scores": copy.deepcopy(dict(scores)),
            "winner": winner,
            "duration_s": max(0, round((finished - started).total_seconds())),
            "actions": actions,
        }
        self._history.insert(result)
        self._next_index.pop(session_id, None)
        return copy.deepcopy(result)

    def abandon(self, session_id: int) -> None:
        """Give up a session: it is kept (with its log) but never offered for resuming."""
        self._record(session_id)
        self._require_open(session_id)
        self._abandoned.insert({"session": session_id, "at": iso(self._clock())})
        self._next_index.pop(session_id, None)

    def history(self) -> list[dict]:
        """Finished sessions' records, newest first."""
        records = sorted(self._history.all(), reverse=True,
                         key=lambda doc: (datetime.fromisoformat(doc["finished"]), doc.doc_id))
        return [copy.deepcopy(dict(doc)) for doc in records]

    def finished_count(self) -> int:
        """How many games were finished (the menu shows it without reading the whole history)."""
        return len(self._history)

    def session_document(self, session_id: int) -> dict:
        """A self-contained session file (format ``companion-session``, version 1)."""
        record = self._record(session_id)
        result = self._history.get(Query().session == session_id)
        return {
            "format": SESSION_FORMAT,
            "version": SESSION_VERSION,
            "game": record["game"],
            "options": copy.deepcopy(record["options"]),
            "seed": record["seed"],
            "entries": self.entries(session_id),
            "meta": {
                "id": session_id,
                "started": record["started"],
                "finished": result["finished"] if result else None,
                "seats": list(record["seats"]),
                "scores": copy.deepcopy(result["scores"]) if result else None,
                "winner": result["winner"] if result else None,
            },
        }

    # -- preferences --------------------------------------------------------------------------
    def preference(self, name: str, default: Any = None) -> Any:
        """A small setting kept between runs (the language, ...); ``default`` if never set."""
        doc = self._db.table(PREFERENCES).get(Query().name == name)
        return copy.deepcopy(doc["value"]) if doc is not None else default

    def set_preference(self, name: str, value: Any) -> None:
        """Keep a small JSON setting; durable (fsynced) when this returns."""
        if not isinstance(name, str) or not name:
            raise ValueError("a preference name must be a non-empty string")
        table = self._db.table(PREFERENCES)
        if table.contains(Query().name == name):
            table.update({"value": copy.deepcopy(value)}, Query().name == name)
        else:
            table.insert({"name": name, "value": copy.deepcopy(value)})

    def close(self) -> None:
        self._db.close()

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- internals -----------------------------------------------------------------------------
    def _record(self, session_id: int) -> Document:
        record = self._sessions.get(doc_id=session_id) if isinstance(session_id, int) else None
        if record is None:
            raise StoreError(f"there is no session {session_id!r}", self.path)
        return record

    def _state(self, session_id: int) -> str:
        if self._history.contains(Query().session == session_id):
            return "finished"
        if self._abandoned.contains(Query().session == session_id):
            return "abandoned"
        return "playing"

    def _require_open(self, session_id: int) -> None:
        state = self._state(session_id)
        if state != "playing":
            raise StoreError(f"session {session_id} is {state}; its log is closed", self.path)

    def _open_log_length(self, session_id: int) -> int:
        self._record(session_id)
        self._require_open(session_id)
        return max((doc.doc_id for doc in self._db.table(log_table(session_id))), default=0)

    def _describe(self, record: Document) -> dict:
        described = copy.deepcopy(dict(record))
        described["id"] = record.doc_id
        described["state"] = self._state(record.doc_id)
        return described
