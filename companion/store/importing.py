"""``companion import``: sessions from a JSON export (or any session file) join the history.

A session is known by its identity (``meta.uid``): one already in the store is skipped, so
importing the same backup twice changes nothing. A format-1 document has no identity; it gets
the one a migration of its old store would have given it (``migration.layout1_uid``).
Only finished sessions are imported; the rest are counted and left out.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO

from .documents import OPTIONAL_META
from .journal import read_regular
from .migration import layout1_uid
from .records import HISTORY, LogFacts, clock_fields, document_bytes, index_record, is_uid, log_facts
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
