"""Sessions, their action logs and the history of finished games, laid out so that opening the
store costs what the running game costs, however long the history is.

Layout 2, in the data directory (``Store(<dir>/companion.db)``):

``companion.db``          the *live* journal (``JournalStorage``), read at every start:
    ``meta``              document 1: ``{"layout": 2, "box": <this box's id>, "next_session": n,
                          "finished": count, "names": [players' names seen before]}``
    ``preferences``       small settings ``{"name", "value"}`` (the language, ...)
    ``sessions``          the sessions still being played, document id = session id:
                          ``{"uid", "game", "options", "seed", "seats", "started"}`` and what
                          the game described it with when it was created: ``"names"``,
                          ``"title"``, ``"teaching"`` (none in a record written before)
    ``log-<id>``          a running session's entries, document id = log index + 1
    ``players-<id>``      a running session's player names, one document per naming
    ``snap-<id>``         its state every few entries, to resume from (snapshots.py)
``history/<uid>.json``    one archived session per file: the session document (format 2, with
                          its whole log and result), written once when it ends
``history/index.db``      a journal read only by history, stats, export and import:
    ``history``           one small record per finished session (document id = session id)
    ``abandoned``         one record per abandoned session

Start-up reads only ``companion.db``; ``history`` reads only the index; a session's log is read
from its archive only when asked for. See docs/session-format.md for every field and for why a
crash at any point loses nothing acknowledged.

One writer: a ``Store`` belongs to the thread that runs the main loop. It has no locks; calls
from other threads (input callbacks) must go through that loop's queue.
"""

from __future__ import annotations

import copy
import heapq
import itertools
import logging
import marshal
import os
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from datetime import datetime
from pathlib import Path
from typing import Any

from tinydb import Query
from tinydb.table import Document

from .documents import read_archive, read_archive_text
from .journal import JournalDB, StoreError, atomic_write, dumps, loads
from .records import (
    ABANDONED,
    HISTORY,
    HISTORY_DIR,
    INDEX_FILE,
    LAYOUT,
    META,
    PREFERENCES,
    SESSION_FORMAT,
    SESSION_VERSION,
    SESSIONS,
    STAGING,
    check_entry,
    clock_fields,
    count_actions,
    described_problem,
    document_bytes,
    forget_times,
    has_summary,
    index_record,
    is_uid,
    iso,
    iso_ms,
    local_now,
    log_facts,
    log_table,
    new_uid,
    player_name,
    players_of,
    players_problem,
    players_table,
    record_problem,
    sort_time,
    summary,
    when_finished,
    without_breakdown,
)
from .rules import NO_GAMES, GameRules

IMPORT_BATCH = 50  # sessions an import commits at once (one index line; see import_documents)

log = logging.getLogger("companion.store")
KNOWN_NAMES = 16  # names seen before that ``known_names`` offers, most recent first


def _is_count(value: Any, least: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= least


def _count(value: Any) -> int:
    """A stored counter; a damaged one (reported when the store opened) counts from 0."""
    return value if _is_count(value, 0) else 0


def stamped(entry: Mapping, now: datetime) -> dict:
    """The entry as stored: ``at`` added if the caller did not give one, lock times as text."""
    stored = dict(entry)
    stored.setdefault("at", iso_ms(now))
    if isinstance(stored.get("at"), datetime):
        stored["at"] = iso_ms(stored["at"])
    if isinstance(stored.get("locked"), Mapping):
        stored["locked"] = {
            str(seat): iso_ms(moment) if isinstance(moment, datetime) else moment
            for seat, moment in stored["locked"].items()
        }
    return stored


class Store:
    """The table's storage: the running sessions with their logs, and the archived history.

    ``append`` is the hot path: one journal line, fsynced before it returns, constant cost.
    Everything handed out is a deep copy; changing it changes nothing stored. Not thread-safe
    by design: the main loop's thread is the only caller (see the module docstring).

    ``rules`` answers what the store asks of the games (``rules.GameRules``; the table and the
    command line pass ``companion.known_games.KNOWN``): the store itself imports no game.
    """

    def __init__(
        self,
        path: os.PathLike | str,
        *,
        read_only: bool = False,
        clock: Callable[[], datetime] = local_now,
        rules: GameRules = NO_GAMES,
    ):
        self.path = os.fspath(path)
        self.read_only = read_only
        self.history_dir = Path(self.path).parent / HISTORY_DIR
        self._clock = clock
        self._rules = rules
        self._legacy: dict | None = None  # a layout-1 store seen read-only: converted in memory
        self._damaged: dict[int, str] = {}  # running sessions that cannot be read, with why
        self.notes: list[str] = []  # what reading the history found and worked around, one line each
        self._db = JournalDB(path, read_only=read_only, create_dirs=not read_only)
        self._next_index: dict[int, int] = {}  # running sessions' log lengths, for append
        # Sessions archived and indexed whose records are still in the live journal: dropped
        # by ``tidy`` (when the table is idle, at close) or at the next start. {id: finished}
        self._closed: dict[int, bool] = {}
        try:
            self._open_layout()
            if not read_only:
                try:
                    self._settle_history()
                except (OSError, StoreError) as error:  # the next writer tries again
                    log.warning("cannot tidy what an interrupted write left in history: %s", _reason(error))
                try:
                    self._upgrade_index()
                except (OSError, StoreError) as error:  # the table still runs; stats read the archives
                    log.warning("cannot summarise the history index: %s", _reason(error))
        except BaseException:
            self._db.close()
            raise

    @property
    def problems(self) -> list[str]:
        """What opening the store found damaged or cut off, one line each (for the panel):
        nothing in it was changed; the rest of the store works."""
        return [*getattr(self._db.storage, "warnings", []), *self._damaged.values()]

    def _where(self, table: str, doc_id: int) -> str:
        line = getattr(self._db.storage, "lines", {}).get((table, str(doc_id)))
        return f"{self.path}, line {line}" if line else self.path

    def _check_live(self, tables: Mapping[str, Mapping[str, Any]]) -> None:
        """Check every field of the running sessions and their logs where they are read: a
        damaged session is set aside (kept in the journal as it is, never resumed, finished or
        archived) with its file and line named, so one flipped bit does not stop the box."""
        self._damaged = {}
        for key, record in tables.get(SESSIONS, {}).items():
            problem = record_problem(record)
            where = self._where(SESSIONS, int(key))
            if problem is None:
                log_docs = tables.get(log_table(int(key)), {})
                for entry_id, entry in sorted(log_docs.items(), key=lambda item: int(item[0])):
                    try:
                        check_entry(entry)
                    except ValueError as error:
                        problem = f"log entry {entry_id}: {error}"
                        where = self._where(log_table(int(key)), int(entry_id))
                        break
            if problem is not None:
                message = f"{where}: session {key} is damaged ({problem}); it is kept as it is, not resumed"
                log.error("%s", message)
                self._damaged[int(key)] = message
            for doc_id, naming in tables.get(players_table(int(key)), {}).items():
                if _naming_problem(naming):  # the seat keeps its colour; the game goes on
                    where = self._where(players_table(int(key)), int(doc_id))
                    log.warning(
                        "%s: a player's name of session %s is damaged (%s); left out",
                        where,
                        key,
                        _naming_problem(naming),
                    )
        meta = tables.get(META, {}).get("1", {})
        for name, least in (("next_session", 1), ("finished", 0)):
            if name in meta and not _is_count(meta[name], least):
                message = f"{self._where(META, 1)}: meta {name!r} is not a count ({meta[name]!r:.40}); recounted"
                log.error("%s", message)
                self._damaged[-1 - least] = message

    def _open_layout(self) -> None:
        tables = self._db.tables_data()
        if META in tables:
            meta = tables[META].get("1", {})
            if meta.get("layout") != LAYOUT:
                raise StoreError(
                    f"store layout {meta.get('layout')!r} is not supported (this companion "
                    f"reads layout {LAYOUT}); it may come from a newer companion",
                    self._where(META, 1),
                )
            self._check_live(tables)
            if not self.read_only:
                self._finish_interrupted()
            return
        if not any(tables.values()):
            if not self.read_only:  # a new store
                self._db.rewrite(
                    {
                        META: {
                            "1": {"layout": LAYOUT, "box": new_uid().replace("-", ""), "next_session": 1, "finished": 0}
                        }
                    }
                )
            return
        from . import migration  # only for a store written by an older companion

        if self.read_only:  # layout 1 while the table may hold it: read it without changing it
            self._legacy = migration.convert(tables, new_uid=new_uid, rules=self._rules)
            return
        migration.migrate(Path(self.path), tables, self._rules)  # under the writer lock, which the open db holds
        self._db.close()
        self._db = JournalDB(self.path)

    def now(self) -> datetime:
        """The store's wall clock (entries' ``at``): the table times secret locks with it too."""
        return self._clock()

    # -- sessions ------------------------------------------------------------------------------
    def create_session(self, game: str, options: Mapping, seed: int, seats: Sequence[str]) -> int:
        """Record a new session (durably, one journal line) and return its id. The game
        describes it once, now (``GameRules.describe``: the names of the seats it scores, its
        title, a teaching walk): history, stats and the exports read that, never the game."""
        if not isinstance(game, str) or not game:
            raise ValueError("game must be a non-empty name")
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise ValueError("seed must be an integer")
        session_id = self._next_session_id()
        record = {
            "uid": new_uid(),
            "game": game,
            "options": dict(options),
            "seed": seed,
            "seats": [str(label) for label in seats],
            "started": iso(self._clock()),
        }
        record.update(self._description(game, record))
        self._db.table(SESSIONS).insert(Document(record, doc_id=session_id))
        self._next_index[session_id] = 0
        return session_id

    def append(self, session_id: int, entry: Mapping) -> int:
        """Append a log entry; returns its index once it is on disk (fsynced).

        The entry gets ``"at"`` (now) unless it brings one; a revealed secret choice may bring
        ``"locked": {seat: datetime or ISO text}``, when each seat locked its pick.
        """
        entry = stamped(entry, self._clock())
        check_entry(entry)
        index = self._next_index.get(session_id)
        if index is None:
            index = self._open_log_length(session_id)
        # The storage serialises the entry before writing: nothing stored aliases the caller's dict.
        self._db.table(log_table(session_id)).insert(Document(entry, doc_id=index + 1))
        self._next_index[session_id] = index + 1
        return index

    def entries(self, session_id: int) -> list[dict]:
        """The session's log in order."""
        if self._live(session_id) is not None:
            docs = self._db.tables_data().get(log_table(session_id), {})
            # a copy the caller may change (JSON values: a marshal round trip, ~10x deepcopy's speed)
            return marshal.loads(marshal.dumps([docs[key] for key in sorted(docs, key=int)]))
        return self._archived_document(session_id)["entries"]

    def log(self, session_id: int) -> list[dict]:
        """The session's log with the snapshots kept beside it, to resume from (snapshots.py)."""
        from .snapshots import log_of

        return log_of(self, session_id)

    def keep_snapshot(self, session_id: int, session) -> bool:
        """A snapshot of the running ``session`` beside its log when one is due (snapshots.py)."""
        from .snapshots import keep

        return keep(self, session_id, session)

    def session(self, session_id: int) -> dict:
        """The session's start record with its id and state ("playing", "finished", "abandoned")."""
        live = self._live(session_id)
        if live is not None:
            return self._describe(live)
        meta = self._archived_document(session_id)["meta"]
        document = self._archived_document(session_id)
        return {
            "id": session_id,
            "uid": meta.get("uid"),
            "game": document["game"],
            "options": document["options"],
            "seed": document["seed"],
            "seats": meta.get("seats"),
            "started": meta.get("started"),
            "state": "finished" if meta.get("finished") else "abandoned",
            "players": players_of(meta),
        }

    def unfinished(self) -> dict | None:
        """The latest session neither finished nor abandoned (to resume after a restart)."""
        if self._legacy is not None:
            live = self._legacy["live"][SESSIONS]
            if not live:
                return None
            key = max(live, key=int)
            return {**copy.deepcopy(live[key]), "id": int(key), "state": "playing"}
        candidates = [
            doc
            for doc in self._db.table(SESSIONS).all()
            if doc.doc_id not in self._damaged and doc.doc_id not in self._closed
        ]
        if not candidates:
            return None
        return self._describe(max(candidates, key=lambda doc: doc.doc_id))

    def name_player(self, session_id: int, seat: int, name: str | None) -> str | None:
        """Give ``seat`` of a running session its player's name, at any time during the game (a
        phone's name when the host confirms its claim, a name chosen on the host buttons for a
        pad seat); None takes the name away. Durable (one journal line) when this returns, and
        kept with the session in its archive, the history, stats and the exports. Returns the
        name as kept (spaces trimmed); ValueError says in one line why a name or seat is refused."""
        self._check_writer()
        record = self._require_live(session_id)
        seats = len(record["seats"])
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < seats:
            raise ValueError(f"session {session_id} has seats 0 to {seats - 1}, not {seat!r}")
        kept = None if name is None else player_name(name)
        table = self._db.table(players_table(session_id))
        next_id = 1 + max((doc.doc_id for doc in table.all()), default=0)
        table.insert(Document({"seat": seat, "name": kept, "at": iso_ms(self._clock())}, doc_id=next_id))
        return kept

    def players(self, session_id: int) -> dict[int, str]:
        """The player names of a session (running or ended), by seat."""
        live = self._live(session_id)
        named = (
            self._players(session_id) if live is not None else players_of(self._archived_document(session_id)["meta"])
        )
        return {int(seat): name for seat, name in named.items()}

    def known_names(self, limit: int = KNOWN_NAMES) -> list[str]:
        """Players' names seen at this table before, most recent first, each once (compared
        without case), at most ``limit``: for a seat's name chosen on the host buttons."""
        if self._legacy is not None:
            return []
        tables = self._db.tables_data()
        named = [
            (sort_time(doc.get("at")), int(key), doc.get("name"))
            for table, docs in tables.items()
            if table.startswith("players-")
            for key, doc in docs.items()
        ]
        named.sort(key=lambda item: (item[0], item[1]), reverse=True)
        earlier = tables.get(META, {}).get("1", {}).get("names")
        candidates = [name for _, _, name in named] + (earlier if isinstance(earlier, list) else [])
        found: list[str] = []
        seen: set[str] = set()
        for name in candidates:
            if not isinstance(name, str) or players_problem({"0": name}) or name.casefold() in seen:
                continue
            seen.add(name.casefold())
            found.append(name)
            if len(found) >= limit:
                break
        return found

    def finish(self, session_id: int, scores: Mapping, winner: int | None, *, actions: int | None = None) -> dict:
        """Close a session with its result: archive it whole, then index it, then drop it from
        the live journal. The archive file is the commit point: once it exists the session
        counts as finished (a crash after it is completed on the next start).

        ``scores`` is JSON (``Scores.to_json()``), ``winner`` a seat index or None (a tie or no
        ranking). ``actions`` defaults to the log's actions left after undos.
        """
        record = self._require_live(session_id)
        finished = self._clock()
        entries = self.entries(session_id)
        started = datetime.fromisoformat(record["started"])
        if "names" in record:  # described by its game when it was created
            names, teaching = _ranked_names(record["names"], record["seats"], scores), record.get("teaching") is True
        else:
            from .migration import undescribed  # recorded by an earlier version

            older = undescribed(record, scores, self._rules)
            names, teaching = older["names"], older["teaching"]
        players = self._players(session_id)
        # A clock that stepped back during the game (clock_fields): its length and end come
        # from the log, and the session is marked, so history dates it by its start.
        facts = log_facts(record["started"], entries, iso(finished))
        clock = clock_fields(
            record["started"], entries, iso(finished), max(0, round((finished - started).total_seconds())), facts
        )
        result = {
            "session": session_id,
            "uid": record["uid"],
            "game": record["game"],
            "date": clock["date"],
            "started": record["started"],
            "finished": iso(finished),
            "seats": list(record["seats"]),
            "names": names,
            "scores": copy.deepcopy(dict(scores)),
            "winner": winner,
            "duration_s": clock["duration_s"],
            "actions": facts.actions if actions is None else actions,
            **summary(record["started"], entries, facts),
        }
        if clock.get("clock_step"):
            result["clock_step"] = True
        if teaching:
            result["teaching"] = True  # archived and indexed, but not a played game
        if "title" in record:
            result["title"] = copy.deepcopy(record["title"])
        if players:
            result["players"] = players
        document = self._document(session_id, record, entries, result)
        indexed = {**result, "scores": without_breakdown(result["scores"])}
        self._archive_and_index(session_id, document, HISTORY, indexed)
        self._next_index.pop(session_id, None)
        return copy.deepcopy(result)

    def abandon(self, session_id: int) -> None:
        """Give up a session: it is archived (with its log) but never offered for resuming."""
        record = self._require_live(session_id)
        at = iso(self._clock())
        abandoned = {
            "session": session_id,
            "uid": record["uid"],
            "game": record["game"],
            "started": record["started"],
            "at": at,
            "seats": list(record["seats"]),
        }
        players = self._players(session_id)
        if players:
            abandoned["players"] = players
        document = self._document(session_id, record, self.entries(session_id), None, abandoned=at)
        self._archive_and_index(session_id, document, ABANDONED, abandoned)
        self._next_index.pop(session_id, None)

    def history(self, teaching: bool = False, keep: Callable[[dict], dict] | None = None) -> list[dict]:
        """Finished games' records, newest first (from the index: no log is read). Teaching
        walks (``"teaching": true``) are not played games: left out unless ``teaching``.
        ``keep`` makes each record what the caller needs of it as the index is read (at least
        ``finished`` and ``teaching``), so a long history is not held whole."""
        records = [
            (key, record)
            for key, record in self._index(keep)[HISTORY].items()
            if teaching or not record.get("teaching")
        ]
        records.sort(reverse=True, key=lambda item: (sort_time(when_finished(item[1])), int(item[0])))
        if self._legacy is not None:  # held in memory: hand out copies
            return [copy.deepcopy(record) for _, record in records]
        return [record for _, record in records]  # read afresh from the index: the caller's own

    def summaries(self, skipped: Callable[[str], None] | None = None) -> list[dict]:
        """``history()``'s records, each with its summary (``summary``: start seat, decision
        times), newest first. A record indexed by an earlier version, which has none, gets it
        from its archive here (read once; the table's store keeps it, see ``_upgrade_index``);
        an archive that cannot be read raises StoreError, or with ``skipped`` is reported to
        it in one line and left out."""
        records = self.history(keep=_without_breakdown)
        kept = []
        for record in records:
            if not has_summary(record):
                try:
                    record.update(self._summary_of(record))
                except StoreError as error:
                    if skipped is None:
                        raise
                    skipped(f"{error}; skipped")
                    continue
            kept.append(record)
        return kept

    def _summary_of(self, record: Mapping) -> dict:
        """The summary of an indexed finished session, from its archive."""
        try:
            if self._legacy is not None:
                document = self._legacy["archives"][record["uid"]]
            else:
                document = read_archive(self._archive_file(record.get("uid")))
            return summary(document["meta"].get("started"), document["entries"])
        except (OSError, ValueError, KeyError, TypeError, StoreError, RecursionError) as error:
            where = f"{self.history_dir / str(record.get('uid'))}.json"
            raise StoreError(
                f"{where}: cannot read the archived session {record.get('session')} ({_reason(error)})"
            ) from None

    def _upgrade_index(self) -> None:
        """An index written by an earlier version lacks the sessions' summaries (each archive is
        read once to fill them) or holds the scores' breakdowns (left out: the archives keep
        them), and is rewritten (atomically) with the header's promise (``index.PROMISE``), so
        this runs once. Checking costs reading the index's first bytes. An archive that cannot
        be read leaves its record as it is (``summaries`` reports it) and the promise unmade,
        so it is tried at the next start."""
        from .index import PROMISE, ensure_index, index_summary, write_index

        promised = index_summary(self._index_path())
        if promised is None:  # no index: created now (empty, or rebuilt from archives), so that
            self.history_dir.mkdir(parents=True, exist_ok=True)  # the first game's end costs no more
            if self._archive_files():
                self._index()
            else:
                ensure_index(self._index_path())
            return
        if promised >= PROMISE:  # summarised, without breakdowns
            return
        tables = self._index()
        missing = [record for record in tables[HISTORY].values() if not has_summary(record)]
        complete = True
        for record in missing:
            try:
                record.update(self._summary_of(record))
            except StoreError as error:
                log.warning("%s", error)
                complete = False
        for record in tables[HISTORY].values():
            _without_breakdown(record)
        write_index(self._index_path(), tables, PROMISE if complete else 0)
        log.info("%s: %d finished sessions summarised for history and stats", self._index_path(), len(missing))

    def ended(self, keep: Callable[[dict], dict] | None = None) -> tuple[list[dict], list[dict]]:
        """``history(teaching=True)`` and ``abandoned()`` from ONE read of the index (what
        ``companion history`` lists), each record as ``keep`` makes it."""
        tables = self._index(keep)
        finished = sorted(
            tables[HISTORY].items(), reverse=True, key=lambda item: (sort_time(when_finished(item[1])), int(item[0]))
        )
        abandoned = sorted(
            tables[ABANDONED].items(), reverse=True, key=lambda item: (sort_time(item[1].get("at")), int(item[0]))
        )
        records = ([record for _, record in finished], [record for _, record in abandoned])
        if self._legacy is not None:  # held in memory: hand out copies
            return copy.deepcopy(records)
        return records

    def ended_made(
        self, finished: Callable[[dict], Any], abandoned: Callable[[dict], Any]
    ) -> tuple[list[tuple[float, Any]], list[tuple[float, Any]]]:
        """``ended()`` from ONE read of the index, each finished record as ``finished`` makes
        it and each abandoned one as ``abandoned`` does, in the same order (newest first, a
        finished game by ``when_finished``, an abandoned one by ``at``, then by id), each with
        the time it is ordered by (``sort_time``). Only that is held: a history of any length
        is never held as records (``companion history``). ``finished`` sees teaching walks too."""

        def when(time_of: Callable[[dict], Any], make: Callable[[dict], Any]) -> Callable[[dict], tuple]:
            return lambda record: (sort_time(time_of(record)), make(record))

        tables = self._index(
            {HISTORY: when(when_finished, finished), ABANDONED: when(lambda r: r.get("at"), abandoned)}, made=True
        )
        return _newest_first(tables[HISTORY]), _newest_first(tables[ABANDONED])

    def ended_texts(
        self, finished: Callable[[dict], str | None], abandoned: Callable[[dict], str]
    ) -> Iterator[str | None]:
        """``ended_made``'s texts merged into one list, newest first (the same time: the
        finished game first), from one read of the index that holds of each session only its
        text (``listing.Rows``: its UTF-8 bytes, its time and id), so the memory of ``companion
        history`` hardly grows with the history. ``finished`` returns None for a record not
        listed (a teaching walk): it is given as None, in its place. An index that is not sound
        (rebuilt from the archives) or one held in memory is read as ``ended_made`` reads it."""
        from .index import scan_index
        from .listing import Rows

        if self._legacy is None:
            rows = Rows()

            def each(number: int, table: str, key: str, record: dict) -> None:
                if table == HISTORY:
                    rows.put(int(key), True, sort_time(when_finished(record)), finished(record))
                elif table == ABANDONED:
                    rows.put(int(key), False, sort_time(record.get("at")), abandoned(record))

            sound, _ = scan_index(self._index_path(), each)
            if sound:
                yield from rows.newest_first()
                return
            del rows
        played, ended = self.ended_made(finished, abandoned)
        for _, text in heapq.merge(played, ended, key=lambda row: row[0], reverse=True):
            yield text

    def count_summaries(
        self,
        count: Callable[[dict, int, Any], None],
        restart: Callable[[], None],
        skipped: Callable[[str], None] | None = None,
    ) -> None:
        """``summaries()``'s records handed to ``count(record, sign, when)`` as the index is read,
        in the file's order, none held (``companion stats``): ``sign`` 1 counts a record, -1
        takes back one the index holds again further on (the earlier is read back from its
        line: the later counts); ``when`` orders them (the larger, the newer: its finishing
        time, then its id). A record without a summary gets it from its archive (``skipped``
        as in ``summaries``). An index that turns out not to be sound (rebuilt from the
        archives) calls ``restart()`` (forget what was counted) and hands its records over
        again, as does a store held in memory."""
        from .index import read_line_at, scan_index
        from .listing import Slots

        path = self._index_path()

        def counted(record: dict, sign: int, key: str) -> None:
            if record.get("teaching"):
                return
            record = _without_breakdown(record)
            if not has_summary(record):
                try:
                    record.update(self._summary_of(record))
                except StoreError as error:
                    if sign > 0 and skipped is None:
                        raise
                    if sign > 0 and skipped is not None:
                        skipped(f"{error}; skipped")
                    return
            count(record, sign, (sort_time(when_finished(record)), int(key)))

        if self._legacy is None:
            lines = Slots()  # the line each finished session's record was last read from

            def each(number: int, table: str, key: str, record: dict) -> None:
                if table != HISTORY:
                    return
                earlier = lines.swap(int(key), number)
                if earlier:
                    before = read_line_at(path, earlier).get(HISTORY, {}).get(key)
                    if before is not None:
                        counted(before, -1, key)
                counted(record, 1, key)

            sound, _ = scan_index(path, each)
            if sound:
                return
            restart()
        for record in self.summaries(skipped):
            count(record, 1, (sort_time(when_finished(record)), int(record.get("session") or 0)))

    def summaries_made(self, make: Callable[[dict], Any], skipped: Callable[[str], None] | None = None) -> list[Any]:
        """``summaries()``, each record as ``make`` makes it as the index is read (its
        breakdown left out first), so only what ``make`` returns is held (``companion stats``).
        A record indexed by an earlier version, which has no summary, is held whole until its
        archive gives it one (``summaries``; ``skipped`` as there)."""

        def keep(record: dict) -> tuple | None:
            if record.get("teaching"):
                return None
            record = _without_breakdown(record)
            done = has_summary(record)
            return (sort_time(when_finished(record)), done, make(record) if done else record)

        tables = self._index({HISTORY: keep, ABANDONED: lambda record: None}, made=True)
        kept = []
        for _, done, value in _newest_first(tables[HISTORY]):
            if not done:
                try:
                    value.update(self._summary_of(value))
                except StoreError as error:
                    if skipped is None:
                        raise
                    skipped(f"{error}; skipped")
                    continue
                value = make(value)
            kept.append(value)
        return kept

    def abandoned(self) -> list[dict]:
        """Games ended from the in-game menu (archived with their logs), newest first."""
        records = list(self._index()[ABANDONED].items())
        records.sort(reverse=True, key=lambda item: (sort_time(item[1].get("at")), int(item[0])))
        return [copy.deepcopy(record) for _, record in records]

    def history_documents(self, skipped: Callable[[str], None] | None = None) -> Iterator[dict]:
        """Finished sessions as full session documents, newest first (one archive read each,
        one at a time). An archive that cannot be read or checked raises StoreError, or, with
        ``skipped``, is reported to it in one line naming the file and left out."""
        for document, _ in self.history_archives(skipped):
            yield document

    def history_archives(self, skipped: Callable[[str], None] | None = None) -> Iterator[tuple[dict, str | None]]:
        """``history_documents`` with each archive's JSON text as read (checked as the
        document is), for an export that writes it as it is; None for a store held in memory."""

        def where_archived(record: dict) -> tuple | None:  # all that is held of each record
            if record.get("teaching"):
                return None
            return sort_time(when_finished(record)), record.get("uid"), record.get("session")

        for uid, session in self._archived_newest_first(where_archived):
            if self._legacy is not None:
                yield copy.deepcopy(self._legacy["archives"][uid]), None
                continue
            try:
                path = self._archive_file(uid)
                document, text = read_archive_text(path)
            except (OSError, ValueError, StoreError, RecursionError) as error:
                where = f"{self.history_dir / str(uid)}.json"
                message = f"{where}: cannot read the archived session {session} ({_reason(error)})"
                if skipped is None:
                    raise StoreError(message) from None
                skipped(message + "; skipped")
                continue
            yield document, text

    def _archived_newest_first(self, where_archived: Callable[[dict], tuple | None]) -> Iterator[tuple[Any, Any]]:
        """(uid, session id) of every finished session ``where_archived`` keeps, newest first,
        from one scan of the index holding each as compact text (``listing.Rows``: its uid and
        id, some 60 bytes), or, for an index rebuilt or held in memory, as ``_index`` reads it."""
        from .index import scan_index
        from .listing import Rows

        if self._legacy is None:
            rows = Rows()

            def each(number: int, table: str, key: str, record: dict) -> None:
                if table == HISTORY:
                    kept = where_archived(record)
                    rows.put(int(key), True, kept[0] if kept else 0.0, None if kept is None else dumps(kept[1:]))

            sound, _ = scan_index(self._index_path(), each)
            if sound:
                for text in rows.newest_first():
                    if text is not None:
                        uid, session = loads(text)
                        yield uid, session
                return
            del rows
        tables = self._index({HISTORY: where_archived, ABANDONED: lambda record: None}, made=True)
        for _, uid, session in _newest_first(tables[HISTORY]):
            yield uid, session

    def finished_count(self) -> int:
        """How many games were finished (kept in the live journal: the menu needs no history)."""
        if self._legacy is not None:
            return len(self._legacy["index"][HISTORY])
        return _count(self._meta().get("finished")) + sum(self._closed.values())

    def session_document(self, session_id: int) -> dict:
        """A self-contained session file (format ``companion-session``, version 2)."""
        live = self._live(session_id)
        if live is not None:
            return self._document(session_id, live, self.entries(session_id), None)
        return self._archived_document(session_id)

    def uids(self) -> set[str]:
        """Every session identity this store holds (running, finished, abandoned)."""
        index = self._index(lambda record: {"uid": record.get("uid")})
        found = {record.get("uid") for table in (HISTORY, ABANDONED) for record in index[table].values()}
        found |= {doc.get("uid") for doc in self._db.table(SESSIONS).all()}
        return {uid for uid in found if uid}

    def import_documents(
        self,
        documents: Iterable[Mapping],
        batch: int = IMPORT_BATCH,
        progress: Callable[[int], None] | None = None,
    ) -> tuple[int, int]:
        """Add checked session documents (``export.read_sessions``) as history; a session
        already here (same ``meta.uid``) is skipped. Returns (added, skipped).

        Read one at a time (an iterator of any length is never held whole) and crash-safe in
        batches of ``batch`` sessions: each batch's archives are staged in ``history/.import/``
        (``importing.Staging``) and committed (``commit_staged``) before the next is read. A
        crash leaves the history with whole batches only: the next writer moves a committed
        batch's archives into place and removes an uncommitted one's (``_settle_history``),
        so it never comes back as history, not even from an index rebuilt from the archives;
        importing again adds the rest (the ones here are skipped). ``progress(added)`` is
        called after each batch. (``companion import`` stages the whole file as it checks it,
        then commits: ``Staging`` and ``commit_staged`` directly.)
        """
        from .importing import ImportPlan, Staging

        self._check_writer()
        self._settle_history()
        plan = ImportPlan(rules=self._rules)
        new = plan.stream(documents, self.uids())
        size = max(1, int(batch))
        added = 0
        while True:
            chunk = list(itertools.islice(new, size))
            if not chunk:
                forget_times()
                return added, plan.skipped
            with Staging(self.history_dir, self.next_session_id(), self._rules) as staging:
                for document, facts in chunk:
                    staging.add(document, facts)
                added += self.commit_staged(staging, size)
            if progress is not None:
                progress(added)

    def next_session_id(self) -> int:
        """The id the next session gets (a new game's, an import's first)."""
        return self._next_session_id()

    def commit_staged(
        self, staging: Any, batch: int = IMPORT_BATCH, progress: Callable[[int], None] | None = None
    ) -> int:
        """Commit what an import staged (``importing.Staging``), ``batch`` sessions at a time:
        their ids are reserved (the ones already in their archives: the history must not have
        moved on since they were staged), ONE index line adds the batch (its commit point),
        then its archives are moved into place. Returns how many were committed;
        ``progress(committed)`` after each batch."""
        from .index import append_index, ensure_index
        from .journal import fsync_directory

        self._check_writer()
        committed = 0
        for chunk in staging.batches(max(1, int(batch))):
            first = chunk[0][1]
            if self.next_session_id() != first:
                raise StoreError(
                    f"the history took session {self.next_session_id()} while the import checked its file "
                    "(the table ran?); nothing of it was added, import it again",
                    self.path,
                )
            if not committed:
                ensure_index(self._index_path())
            finished = sum(table == HISTORY for table, *_ in chunk)
            self._reserve_ids(len(chunk), finished=finished)
            records: dict[str, dict[str, dict]] = {HISTORY: {}, ABANDONED: {}}
            for table, session_id, _, record in chunk:
                records[table][str(session_id)] = record
            fsync_directory(staging.folder)
            append_index(self._index_path(), records)  # the batch's commit point
            staging.committed += len(chunk)
            for _, _, name, _ in chunk:  # into place: a crash before the last is completed by _settle_history
                os.replace(staging.folder / name, self.history_dir / name)
            fsync_directory(self.history_dir)
            committed += len(chunk)
            if progress is not None:
                progress(committed)
        return committed

    def learned_box(self, game: str) -> dict:
        """What the latest session of ``game`` knew about the box (its ``box`` option with what
        it learned): rebuilds box memory a crash left unreadable (``boxes.BoxFiles``)."""
        live = [
            doc
            for doc in self._db.table(SESSIONS).all()
            if doc.get("game") == game and doc.doc_id not in self._damaged and doc.doc_id not in self._closed
        ]
        if live:
            latest = max(live, key=lambda doc: doc.doc_id)
            document = self._document(latest.doc_id, latest, self.entries(latest.doc_id), None)
        else:
            index = self._index()
            ended = [
                (int(key), table)
                for table in (HISTORY, ABANDONED)
                for key, record in index[table].items()
                if record.get("game") == game
            ]
            if not ended:
                return {}
            document = self._archived_document(max(ended)[0])
        return self._rules.learned_box(game, document["options"], document["seed"], document["entries"])

    # -- preferences --------------------------------------------------------------------------
    def preference(self, name: str, default: Any = None) -> Any:
        """A small setting kept between runs (the language, ...); ``default`` if never set."""
        if self._legacy is not None:
            docs = self._legacy["live"].get(PREFERENCES, {}).values()
            doc = next((doc for doc in docs if doc.get("name") == name), None)
        else:
            doc = self._db.table(PREFERENCES).get(Query().name == name)
        if doc is None:
            return default
        if "value" not in doc:  # a damaged record: say where, use the default
            doc_id = getattr(doc, "doc_id", 0)
            log.error("%s: the saved %s has no 'value'; using %r", self._where(PREFERENCES, doc_id), name, default)
            return default
        return copy.deepcopy(doc["value"])

    def set_preference(self, name: str, value: Any) -> None:
        """Keep a small JSON setting; durable (fsynced) when this returns."""
        if not isinstance(name, str) or not name:
            raise ValueError("a preference name must be a non-empty string")
        self._check_writer()
        dumps(value)  # refuse a value that is not JSON before anything is written
        table = self._db.table(PREFERENCES)
        if table.contains(Query().name == name):
            table.update({"value": copy.deepcopy(value)}, Query().name == name)
        else:
            table.insert({"name": name, "value": copy.deepcopy(value)})

    def tidy(self) -> bool:
        """Drop the sessions archived since the last tidy from the live journal (one snapshot,
        2 syncs). Ending a game leaves this for when the table is idle, so the archive costs
        3 syncs. False if there was nothing to do. A crash before it loses nothing: the next
        start finds the archives and drops the sessions itself (``_finish_interrupted``)."""
        if not self._closed or self.read_only:
            return False
        closed, self._closed = self._closed, {}
        try:
            self._drop_live(closed)
        except BaseException:
            self._closed.update(closed)
            raise
        return True

    def close(self) -> None:
        try:
            self.tidy()
        except (OSError, StoreError) as error:  # the next start drops them
            log.warning("could not tidy the live journal: %s", _reason(error))
        finally:
            self._db.close()

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- internals: the live journal -----------------------------------------------------------
    def _meta(self) -> dict:
        return dict(self._db.table(META).get(doc_id=1) or {})

    def _check_writer(self) -> None:
        if self.read_only:
            raise StoreError("opened read-only", self.path)

    def _next_session_id(self) -> int:
        """Ids are never reused: the meta counter, or past the highest running session."""
        live = max((doc.doc_id for doc in self._db.table(SESSIONS).all()), default=0)
        counter = self._meta().get("next_session", 1)
        if not _is_count(counter, 1):  # damaged (reported at open): past every id the store knows
            index = self._index()
            counter = 1 + max((int(key) for table in index.values() for key in table), default=0)
        return max(counter, live + 1)

    def _reserve_ids(self, count: int, finished: int) -> int:
        """Move the id counter on by ``count`` (durably) and return the first reserved id."""
        first = self._next_session_id()
        tables = self._db.tables_data()
        meta = dict(tables[META]["1"])
        meta["next_session"] = first + count
        meta["finished"] = _count(meta.get("finished")) + finished
        self._db.rewrite({**tables, META: {"1": meta}})
        return first

    def _live(self, session_id: Any) -> Document | None:
        if isinstance(session_id, bool) or not isinstance(session_id, int):
            raise StoreError(f"there is no session {session_id!r}", self.path)
        if self._legacy is not None:
            record = self._legacy["live"][SESSIONS].get(str(session_id))
            return None if record is None else Document(record, doc_id=session_id)
        if session_id in self._closed:  # archived: its record waits for tidy
            return None
        return self._db.table(SESSIONS).get(doc_id=session_id)

    def _require_live(self, session_id: int) -> Document:
        if session_id in self._damaged:
            raise StoreError(self._damaged[session_id])
        record = self._live(session_id)
        if record is None:
            state = self._archived_state(session_id)
            if state is None:
                raise StoreError(f"there is no session {session_id!r}", self.path)
            raise StoreError(f"session {session_id} is {state}; its log is closed", self.path)
        return record

    def _open_log_length(self, session_id: int) -> int:
        self._require_live(session_id)
        return max((doc.doc_id for doc in self._db.table(log_table(session_id))), default=0)

    def _describe(self, record: Document) -> dict:
        described = copy.deepcopy(dict(record))
        described["id"] = record.doc_id
        described["state"] = "playing"
        described["players"] = self._players(record.doc_id)
        return described

    def _document(
        self,
        session_id: int,
        record: Mapping,
        entries: list[dict],
        result: Mapping | None,
        abandoned: str | None = None,
    ) -> dict:
        return {
            "format": SESSION_FORMAT,
            "version": SESSION_VERSION,
            "game": record["game"],
            "options": copy.deepcopy(record["options"]),
            "seed": record["seed"],
            "entries": entries,
            "meta": {
                "id": session_id,
                "uid": record["uid"],
                "started": record["started"],
                "finished": result["finished"] if result else None,
                "abandoned": abandoned,
                "seats": list(record["seats"]),
                "names": list(result["names"]) if result else list(record["seats"]),
                "scores": copy.deepcopy(result["scores"]) if result else None,
                "winner": result["winner"] if result else None,
                "duration_s": result["duration_s"] if result else None,
                "actions": result["actions"] if result else count_actions(entries),
                **self._described_meta(session_id, record),
                **({"clock_step": True} if result and result.get("clock_step") else {}),
            },
        }

    def _described_meta(self, session_id: int, record: Mapping) -> dict:
        """What a session document's ``meta`` holds beyond the fields every version wrote: the
        game's title and the teaching mark (for a session described when it was created), the
        players' names (when any seat has one). A session recorded earlier gets neither mark,
        so its archive is the one that version would have written."""
        meta: dict[str, Any] = {}
        if "names" in record:
            if "title" in record:
                meta["title"] = copy.deepcopy(record["title"])
            meta["teaching"] = record.get("teaching") is True
        players = self._players(session_id)
        if players:
            meta["players"] = players
        return meta

    def _description(self, game: str, record: Mapping) -> dict:
        """The fields the game describes a new session with (``GameRules.describe``), checked;
        a description that cannot be used is logged and the seats keep their labels."""
        try:
            described = self._rules.describe(game, record["options"], record["seed"], record["seats"])
            kept = {name: described[name] for name in ("names", "title", "teaching") if name in described}
            if not kept.get("teaching"):
                kept.pop("teaching", None)
            problem = described_problem(kept) or (None if "names" in kept else "no 'names'")
            if problem is None and kept["names"][: len(record["seats"])] != record["seats"]:
                problem = "its names do not start with the seats' labels"
        except Exception as error:  # the game is the caller's; its failure must not stop a new game
            problem = str(error) or type(error).__name__
        if problem is not None:
            log.warning("cannot describe a new %s session (%s); its seats keep their labels", game, problem)
            return NO_GAMES.describe(game, record["options"], record["seed"], record["seats"])
        return kept

    def _players(self, session_id: int) -> dict[str, str]:
        """A running session's player names ``{"<seat>": name}``: the latest naming of each seat
        wins, a naming to None takes the name away; a damaged line (logged when the store
        opened) is left out."""
        if self._legacy is not None:
            return {}
        players: dict[str, str] = {}
        for doc in sorted(self._db.table(players_table(session_id)).all(), key=lambda doc: doc.doc_id):
            if _naming_problem(doc):
                continue
            if doc["name"] is None:
                players.pop(str(doc["seat"]), None)
            else:
                players[str(doc["seat"])] = doc["name"]
        return dict(sorted(players.items(), key=lambda item: int(item[0])))

    def _archive_and_index(self, session_id: int, document: dict, table: str, record: dict) -> None:
        """The three durable steps that move a session from the live journal to the history."""
        from .index import append_index

        self.history_dir.mkdir(parents=True, exist_ok=True)
        # the commit point; a killed write's temporary file is removed by the next start
        # (_settle_history), not looked for in a history of thousands at every game's end
        atomic_write(self._archive_path(record["uid"]), document_bytes(document), tidy=False)
        append_index(self._index_path(), {table: {str(session_id): record}})
        self._closed[session_id] = table == HISTORY  # dropped from the live journal by tidy
        forget_times()  # its record is made: the table keeps none of its log's times

    def _drop_live(self, closed: Mapping[int, bool]) -> None:
        """Rewrite the live journal without the ``closed`` sessions ({id: finished})."""
        tables = self._db.tables_data()
        meta = dict(tables[META]["1"])
        meta["next_session"] = max(self._next_session_id(), *(session_id + 1 for session_id in closed))
        meta["finished"] = _count(meta.get("finished")) + sum(closed.values())
        meta["names"] = self.known_names()  # the names of the sessions leaving stay known
        keys = {str(session_id) for session_id in closed}
        logs = {
            name
            for session_id in closed
            for name in (log_table(session_id), f"snap-{session_id}", players_table(session_id))
        }
        sessions = {key: doc for key, doc in tables.get(SESSIONS, {}).items() if key not in keys}
        rest = {name: docs for name, docs in tables.items() if name not in (META, SESSIONS, *logs)}
        self._db.rewrite({**rest, META: {"1": meta}, SESSIONS: sessions})

    def _finish_interrupted(self) -> None:
        """A running session whose archive exists was finished or abandoned before the table
        stopped without tidying (``tidy``), or while the power went: index it if the index
        missed it, then drop them all from the live journal (one snapshot)."""
        from .index import append_index

        closed: dict[int, bool] = {}
        index: dict[str, dict[str, dict]] | None = None
        for record in self._db.table(SESSIONS).all():
            if record.doc_id in self._damaged:
                continue
            path = self._archive_path(record["uid"])
            if not path.exists():
                continue
            try:
                document = read_archive(path)
            except (OSError, ValueError, RecursionError) as error:
                log.error("%s: session %d's archive cannot be read (%s); it stays running", path, record.doc_id, error)
                continue
            meta = document["meta"]
            if index is None:
                index = self._index(lambda indexed: {})
            table = HISTORY if meta.get("finished") else ABANDONED
            if str(record.doc_id) not in index[table]:
                append_index(
                    self._index_path(), {table: {str(record.doc_id): index_record(document, self._rules.is_teaching)}}
                )
                where, number = self.path, record.doc_id
                log.warning("%s: completing the end of session %d, which a power cut interrupted", where, number)
            closed[record.doc_id] = table == HISTORY
        if closed:
            log.info("%s: dropping %d archived sessions from the live journal", self.path, len(closed))
            self._drop_live(closed)

    # -- internals: the history -----------------------------------------------------------------
    def _archive_path(self, uid: Any) -> Path:
        if not is_uid(uid):
            raise StoreError(f"bad session identity {uid!r}", self.path)
        return self.history_dir / f"{uid}.json"

    def _archive_file(self, uid: Any) -> Path:
        """Where an indexed session's archive is read from: its place in ``history/``, or, for a
        batch of an import that was committed (indexed) but stopped before its archives were
        moved into place, the import's staging folder (the next writer moves them)."""
        path = self._archive_path(uid)
        if not path.exists():
            staged = self.history_dir / STAGING / path.name
            if staged.exists():
                return staged
        return path

    def _settle_history(self) -> None:
        """What interrupted writes left in ``history/``, put right by the writer (at open and
        before an import): temporary files of archive and index writes are removed; the staged
        archives of an import (``history/.import/``) are moved into place if their batch was
        committed (indexed), else removed: a batch cut off never comes back as history."""
        from .importing import import_alive
        from .journal import fsync_directory, remove_stale_temporaries

        remove_stale_temporaries(self.history_dir)
        staging = self.history_dir / STAGING
        if import_alive(self.history_dir):  # its own commit opens the store: left as it is
            return
        try:
            staged = sorted(staging.iterdir())
        except FileNotFoundError:
            return
        except OSError as error:
            log.warning("%s: cannot look at what an import left: %s", staging, _reason(error))
            return
        known = self.uids() if staged else set()
        moved = removed = 0
        for path in staged:
            uid = path.name[: -len(".json")] if path.name.endswith(".json") else None
            if uid in known and is_uid(uid) and not (self.history_dir / path.name).exists():
                os.replace(path, self.history_dir / path.name)
                moved += 1
            else:  # an uncommitted batch's archive, or the note of an import that was checking
                path.unlink(missing_ok=True)
                removed += uid is not None
        if moved:
            fsync_directory(self.history_dir)
        try:
            staging.rmdir()
        except OSError:
            pass
        if not moved and not removed:
            return
        log.warning(
            "%s: an interrupted import: %d archives of its committed batches moved into place, "
            "%d of a batch it did not commit removed",
            self.history_dir,
            moved,
            removed,
        )

    def _index_path(self) -> Path:
        return self.history_dir / INDEX_FILE

    def _index(self, keep: Any = None, made: bool = False) -> dict[str, dict[str, Any]]:
        """The history index's tables (read when asked for, never kept), each record as
        ``keep`` makes it (``index.read_index_checked``: a function, or one per table). A
        missing, emptied or zeroed index while archives are there is rebuilt from them (and, by
        the writer, saved): then the records are whole, unless ``made``, which makes every
        record by ``keep`` whatever the index's state (an index held in memory: copies)."""
        if self._legacy is not None:
            if made and keep is not None:
                return _made(keep, copy.deepcopy(self._legacy["index"]))
            return self._legacy["index"]
        from .index import read_index_checked

        tables, sound, damaged = read_index_checked(self._index_path(), keep)
        if sound:
            return tables
        archives = self._archive_files()
        if not archives and not damaged:
            return tables
        tables = self._rebuilt(archives, damaged)
        return _made(keep, tables) if made and keep is not None else tables

    def _rebuilt(self, archives: list[Path], damaged: list[int]) -> dict[str, dict[str, dict]]:
        """The index rebuilt from the archives, saved where it may be, with its warning."""
        tables = self._rebuilt_index(archives)
        count = sum(len(docs) for docs in tables.values())
        if damaged:
            lines = ", ".join(map(str, damaged[:5])) + (", ..." if len(damaged) > 5 else "")
            what = f"line{'s' * (len(damaged) > 1)} {lines} damaged"
        else:
            what = "missing or damaged"
        message = f"{self._index_path()}: {what}; rebuilt from {count} archived sessions"
        if not self._save_rebuilt(tables):
            message += " (in memory: the table is running)"
        log.warning("%s", message)
        if message not in self.notes:
            self.notes.append(message)
        return tables

    def _save_rebuilt(self, tables: dict[str, dict[str, dict]]) -> bool:
        """Save an index rebuilt from the archives: the writer does; a read-only store (history,
        stats, export) does it only while no table holds the writer lock (taken for the write),
        so a running table's appends are never lost. False if it stays in memory."""
        from .index import PROMISE, write_index

        if not self.read_only:
            write_index(self._index_path(), tables, PROMISE)
            return True
        import fcntl

        try:
            fd = os.open(self.path + ".lock", os.O_RDWR | os.O_CLOEXEC)
        except OSError:
            return False
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            write_index(self._index_path(), tables, PROMISE)
            return True
        except OSError as error:  # the table runs (it holds the lock), or the disk refuses
            log.info("the rebuilt history index is not saved: %s", _reason(error))
            return False
        finally:
            os.close(fd)  # releases the lock

    def _archive_files(self) -> list[Path]:
        try:
            return sorted(path for path in self.history_dir.glob("*.json") if is_uid(path.stem))
        except OSError:
            return []

    def _rebuilt_index(self, archives: list[Path]) -> dict[str, dict[str, dict]]:
        """Every readable archive's index record; an unreadable one is skipped with a note."""
        tables: dict[str, dict[str, dict]] = {HISTORY: {}, ABANDONED: {}}
        later = []
        for path in archives:
            try:
                document = read_archive(path)
                record = index_record(document, self._rules.is_teaching)
                table = HISTORY if document["meta"].get("finished") else ABANDONED
            except (OSError, ValueError, KeyError, TypeError, RecursionError) as error:
                self._skip(f"{path}: cannot read this archived session ({_reason(error)}); skipped")
                continue
            key = record["session"]
            if not _is_count(key, 1) or any(str(key) in docs for docs in tables.values()):
                later.append((table, record))  # no usable id: numbered after the others
                continue
            tables[table][str(key)] = record
        next_id = 1 + max((int(key) for docs in tables.values() for key in docs), default=0)
        for table, record in later:
            record["session"] = next_id
            tables[table][str(next_id)] = record
            next_id += 1
        return tables

    def _skip(self, message: str) -> None:
        log.warning("%s", message)
        if message not in self.notes:
            self.notes.append(message)

    def _archived_state(self, session_id: int) -> str | None:
        index = self._index()
        if str(session_id) in index[HISTORY]:
            return "finished"
        if str(session_id) in index[ABANDONED]:
            return "abandoned"
        return None

    def _archived_document(self, session_id: int) -> dict:
        index = self._index()
        record = index[HISTORY].get(str(session_id)) or index[ABANDONED].get(str(session_id))
        if record is None:
            raise StoreError(f"there is no session {session_id!r}", self.path)
        if self._legacy is not None:
            return copy.deepcopy(self._legacy["archives"][record["uid"]])
        path = self._archive_file(record.get("uid"))
        try:
            return read_archive(path)
        except (OSError, ValueError, RecursionError) as error:
            raise StoreError(f"cannot read the archived session {session_id}: {_reason(error)}", path) from None


def _made(keep: Any, tables: dict[str, dict[str, dict]]) -> dict[str, dict[str, Any]]:
    """Every record of ``tables`` as ``keep`` makes it (a function, or one per table)."""
    made = {}
    for name, docs in tables.items():
        make = keep.get(name, lambda record: record) if isinstance(keep, Mapping) else keep
        made[name] = {key: make(record) for key, record in docs.items()}
    return made


def _newest_first(docs: Mapping[str, Any]) -> list[Any]:
    """``(time, ...)`` records by id, newest first (by the time, then the id); ``None`` (a
    record left out as it was read) is left out."""
    ordered = sorted(
        ((made[0], int(key), made) for key, made in docs.items() if made is not None),
        key=lambda item: (item[0], item[1]),
        reverse=True,
    )
    return [made for _, _, made in ordered]


def _without_breakdown(record: dict) -> dict:
    """An index record without its scores' breakdown (points per category), which no summary
    reader shows: the bulk of a record an earlier version indexed, left out as it is read."""
    if "scores" in record:
        record["scores"] = without_breakdown(record["scores"])
    return record


def _reason(error: BaseException) -> str:
    if isinstance(error, OSError):
        return error.strerror or str(error)
    if isinstance(error, RecursionError):
        return "nested too deeply"
    if isinstance(error, StoreError):
        return str(error)
    return str(error) or type(error).__name__


def _naming_problem(naming: Any) -> str | None:
    """What is wrong with one naming of a seat (``players-<id>``: ``{"seat", "name", "at"}``)."""
    if not isinstance(naming, Mapping):
        return "not an object"
    seat, name = naming.get("seat"), naming.get("name")
    if isinstance(seat, bool) or not isinstance(seat, int) or seat < 0:
        return f"the seat is {seat!r:.20}"
    return None if name is None else players_problem({str(seat): name})


def _ranked_names(names: Sequence[str], seats: Sequence[str], scores: Mapping) -> list[str]:
    """The names of every seat a result ranks, the labelled ``seats`` first, from the names the
    game gave when the session was created (``names``); a seat past them is "seat N"."""
    totals = scores.get("totals") if isinstance(scores, Mapping) else None
    ranked = [int(key) for key in totals if str(key).isdigit()] if isinstance(totals, Mapping) else []
    kept = [str(label) for label in seats]
    while len(kept) <= max(ranked, default=-1):
        seat = len(kept)
        kept.append(names[seat] if seat < len(names) else f"seat {seat + 1}")
    return kept
