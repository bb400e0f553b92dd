"""``companion import``: sessions from a JSON export (or any session file) join the history.

A session is known by its identity (``meta.uid``): one already in the store is skipped, so
importing the same backup twice changes nothing. A format-1 document has no identity; it gets
the one a migration of its old store would have given it (``migration.layout1_uid``).
Only finished sessions are imported; the rest are counted and left out.
"""

from __future__ import annotations

import fcntl
import hashlib
import json
import os
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

from .documents import OPTIONAL_META
from .journal import StoreError, lock_held, read_regular
from .migration import layout1_uid
from .records import HISTORY, STAGING, LogFacts, clock_fields, document_bytes, index_record, is_uid, log_facts
from .rules import NO_GAMES, GameRules


@dataclass
class ImportPlan:
    new: list[dict] = field(default_factory=list)
    skipped: int = 0  # already in the store (or twice in the file)
    unfinished: int = 0  # not finished: not history
    rules: GameRules = NO_GAMES  # names and marks a document from an earlier version lacks

    @property
    def finished_count(self) -> int:
        return len(self.new)

    def archived(self, document: Mapping, session_id: int, facts: LogFacts | None = None) -> tuple[dict, str, dict]:
        """The document as archived under its new local id, its index table and record (a new
        top level and ``meta``; the rest is shared with ``document``, which is not changed).
        ``facts``: its log's ``log_facts`` (``stream`` gives them)."""
        stored = dict(document)
        stored["meta"] = dict(stored["meta"], id=session_id)
        return stored, HISTORY, index_record(stored, self.rules.is_teaching, facts)

    def stream(self, documents: Iterable[Mapping], known: set[str]) -> Iterator[tuple[dict, LogFacts]]:
        """The new documents (in the shape they are archived in) with their logs' facts, one at
        a time, counting the skipped and unfinished ones here as they pass: an import of any
        length holds one."""
        seen = set(known)
        for document in documents:
            if not finished(document):
                self.unfinished += 1
                continue
            uid = identity(document)
            if uid in seen:
                self.skipped += 1
                continue
            seen.add(uid)
            yield as_archived(document, uid, self.rules)


def identity(document: Mapping) -> str:
    meta = document.get("meta") or {}
    if is_uid(meta.get("uid")):
        return meta["uid"].lower()
    record = {"game": document["game"], "seed": document["seed"], "started": meta.get("started")}
    number = meta.get("id")
    return layout1_uid(number if isinstance(number, int) else 0, record)


def finished(document: Mapping) -> bool:
    return bool((document.get("meta") or {}).get("finished"))


def plan_import(documents: Iterable[Mapping], known: set[str], rules: GameRules = NO_GAMES) -> ImportPlan:
    """Which documents are new (in the shape they are archived in) and which are skipped."""
    plan = ImportPlan(rules=rules)
    plan.new.extend(document for document, _ in plan.stream(documents, known))
    return plan


def as_archived(document: Mapping, uid: str, rules: GameRules) -> tuple[dict, LogFacts]:
    """A checked session document in the shape it is archived in (its ``meta`` rebuilt, the
    rest shared), and its log's facts (read once here for the archive and its index record)."""
    meta = dict(document["meta"])
    seats = list(meta.get("seats") or [])
    scores = meta.get("scores") or {}
    names = meta.get("names")
    if not (isinstance(names, list) and all(isinstance(n, str) for n in names)):
        names = rules.seat_names(document["game"], document["options"], document["seed"], seats, scores)
    # A clock that stepped back during the game: its length from the log, and marked as such
    # (its finish before its start is not a reason to refuse it: records.clock_fields).
    facts = log_facts(meta.get("started"), document["entries"], meta.get("finished"))
    clock = clock_fields(meta.get("started"), document["entries"], meta.get("finished"), meta.get("duration_s"), facts)
    duration = clock["duration_s"]
    archived = {
        "format": document["format"],
        "version": 2,
        "game": document["game"],
        "options": document["options"],
        "seed": document["seed"],
        "entries": document["entries"],
        "meta": {
            "id": None,
            "uid": uid,
            "started": meta.get("started"),
            "finished": meta.get("finished"),
            "abandoned": None,
            "seats": seats,
            "names": names,
            "scores": scores,
            "winner": meta.get("winner"),
            "duration_s": duration,
            "actions": facts.actions,
            **{name: meta[name] for name in OPTIONAL_META if meta.get(name) is not None and name != "clock_step"},
            **({"clock_step": True} if clock.get("clock_step") else {}),
        },
    }
    return archived, facts


class Verified:
    """The sessions an import has verified (replayed) so far, kept in ``history/.import/verified``
    while it checks the file, so an import killed while checking goes on where it stopped when
    it is run again: a session listed there with the same content (its uid and a digest of the
    checked document) is not replayed again. The file is only ever a shortcut: written after a
    session passed, no fsync (a torn line counts nothing), tied to this companion's version,
    removed when the import ends (refused or done) and by the table's next start."""

    NAME = "verified"

    def __init__(self, history_dir: Path, version: str):
        self.path = history_dir / ".import" / self.NAME
        self.header = f"companion-import-verified {version}\n"
        self.known: set[str] = set()
        self._handle: IO[str] | None = None
        self._made: list[Path] = []  # folders this import created, removed with the file
        try:
            text = read_regular(self.path, 64 << 20).decode("utf-8")
        except (OSError, UnicodeDecodeError):
            return
        if text.startswith(self.header):
            self.known = {line for line in text[len(self.header) :].split("\n")[:-1] if line}

    @staticmethod
    def key(document: Mapping, uid: str, digest: str | None = None) -> str:
        """The session's identity and a digest of its content: ``digest``, that of its text
        in the file (``export.read_digested_sessions``: no second encoding), else one of the
        document encoded."""
        if digest is None:
            digest = hashlib.blake2b(document_bytes(document), digest_size=16).hexdigest()
        return f"{uid} {digest}"

    def add(self, key: str) -> None:
        """Note a session that passed; a disk that refuses only loses the shortcut."""
        try:
            if self._handle is None:
                for folder in (self.path.parent.parent, self.path.parent):
                    if not folder.exists():
                        folder.mkdir()
                        self._made.append(folder)
                self._handle = open(self.path, "w", encoding="utf-8")  # noqa: SIM115 (closed by close)
                self._handle.write(self.header)
                self._handle.writelines(line + "\n" for line in sorted(self.known))
            self._handle.write(key + "\n")
            self._handle.flush()
        except OSError:
            self._handle = None

    def close(self) -> None:
        """The import ended (refused or about to write): the file and what it created go."""
        if self._handle is not None:
            self._handle.close()
            self._handle = None
        self.path.unlink(missing_ok=True)
        for folder in reversed(self._made):
            try:
                folder.rmdir()
            except OSError:
                pass


class Staging:
    """The archives of an import's sessions, written to ``history/.import/`` as each one passes
    (its local id already in it: ``first_id`` on), and their index records, noted in the
    folder's ``records`` file, until ``Store.commit_staged`` commits them in batches (an index
    line each, then the archives moved into ``history/``). The file is read once: each session
    is checked, replayed and archived in the same reading.

    A live import holds ``.import/checking`` locked (``import_alive``): the writer's tidy-up
    of an interrupted import (``Store._settle_history``) leaves the folder alone while it is
    held, so the import's own commit can open the store; once the import is gone (killed, the
    power cut), the next writer removes what it staged and did not commit, and moves what it
    committed into place. ``close`` removes what was staged and not committed, the folder's
    files and the folders it made."""

    MARKER, RECORDS = "checking", "records"

    def __init__(self, history_dir: Path, first_id: int, rules: GameRules = NO_GAMES):
        self.folder = history_dir / STAGING
        self.first_id = first_id
        self.count = 0  # sessions staged
        self.committed = 0  # of them, how many are committed (indexed): never removed here
        self.plan = ImportPlan(rules=rules)
        self._made: list[Path] = []
        for folder in (history_dir, self.folder):
            if not folder.is_dir():
                folder.mkdir()
                self._made.append(folder)
        self._marker = os.open(self.folder / self.MARKER, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o644)
        try:
            fcntl.flock(self._marker, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(self._marker)
            self._marker = -1
            self._remove_made()
            raise StoreError("another import is writing to this history", str(history_dir)) from None
        self._records: IO[str] | None = open(self.folder / self.RECORDS, "w+", encoding="utf-8")  # noqa: SIM115

    def add(self, document: Mapping, facts: LogFacts | None = None) -> int:
        """Stage one new session (``as_archived``'s document and facts); its local id."""
        session_id = self.first_id + self.count
        stored, table, record = self.plan.archived(document, session_id, facts)
        name = f"{stored['meta']['uid']}.json"
        write_durably(self.folder / name, document_bytes(stored))
        assert self._records is not None
        self._records.write(json.dumps([table, session_id, name, record], ensure_ascii=False) + "\n")
        self.count += 1
        return session_id

    def batches(self, size: int) -> Iterator[list[tuple[str, int, str, dict]]]:
        """The staged sessions (table, local id, archive name, index record), ``size`` at a time,
        read back from the records file (no batch held longer than it is committed)."""
        assert self._records is not None
        self._records.flush()
        self._records.seek(0)
        chunk: list[tuple[str, int, str, dict]] = []
        for line in self._records:
            table, session_id, name, record = json.loads(line)
            chunk.append((table, session_id, name, record))
            if len(chunk) >= size:
                yield chunk
                chunk = []
        if chunk:
            yield chunk

    def close(self) -> None:
        """The import ended (done, refused or failed): what was staged and not committed goes,
        with the records file, the marker and the folders made for it (when empty)."""
        if self._records is not None:
            for name in self._uncommitted():
                (self.folder / name).unlink(missing_ok=True)
            self._records.close()
            self._records = None
            (self.folder / self.RECORDS).unlink(missing_ok=True)
        if self._marker >= 0:
            (self.folder / self.MARKER).unlink(missing_ok=True)
            os.close(self._marker)  # releases the lock
            self._marker = -1
        self._remove_made()

    def _uncommitted(self) -> Iterator[str]:
        """The archive names staged and not committed, read back from the records file (the
        names are not held in memory: an import of ten thousand sessions would hold them all)."""
        assert self._records is not None
        self._records.flush()
        self._records.seek(0)
        for number, line in enumerate(self._records):
            if number >= self.committed:
                try:
                    yield str(json.loads(line)[2])
                except (ValueError, IndexError, TypeError):  # a line cut short by a full disk
                    continue

    def _remove_made(self) -> None:
        for folder in (self.folder, *reversed(self._made)):
            try:
                folder.rmdir()  # only when empty: a committed archive not moved yet stays
            except OSError:
                pass

    def __enter__(self) -> Staging:
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()


def import_alive(history_dir: Path) -> bool:
    """Whether an import is staging into ``history/.import/`` now (it holds the marker)."""
    return lock_held(history_dir / STAGING / Staging.MARKER)


def write_durably(path: Path, data: bytes) -> None:
    """A new file's bytes, fsynced (its directory is synced once for the batch by the commit).
    An import's staged archive: a crash leaves it partial only in a batch never committed."""
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_CLOEXEC, 0o644)
    try:
        view = memoryview(data)
        while view:
            view = view[os.write(fd, view) :]
        os.fsync(fd)
    finally:
        os.close(fd)
