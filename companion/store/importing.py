"""``companion import``: sessions from a JSON export (or any session file) join the history.

A session is known by its identity (``meta.uid``): one already in the store is skipped, so
importing the same backup twice changes nothing. A format-1 document has no identity; it gets
the one a migration of its old store would have given it (``migration.layout1_uid``).
Only finished sessions are imported; the rest are counted and left out.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field

from .documents import OPTIONAL_META
from .migration import layout1_uid
from .records import HISTORY, clock_fields, count_actions, index_record, is_uid
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

    def archived(self, document: Mapping, session_id: int) -> tuple[dict, str, dict]:
        """The document as archived under its new local id, its index table and record (a new
        top level and ``meta``; the rest is shared with ``document``, which is not changed)."""
        stored = dict(document)
        stored["meta"] = dict(stored["meta"], id=session_id)
        return stored, HISTORY, index_record(stored, self.rules.is_teaching)

    def stream(self, documents: Iterable[Mapping], known: set[str]) -> Iterator[dict]:
        """The new documents (in the shape they are archived in), one at a time, counting the
        skipped and unfinished ones here as they pass: an import of any length holds one."""
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
            yield _as_archived(document, uid, self.rules)


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
    plan.new.extend(plan.stream(documents, known))
    return plan


def _as_archived(document: Mapping, uid: str, rules: GameRules) -> dict:
    meta = dict(document["meta"])
    seats = list(meta.get("seats") or [])
    scores = meta.get("scores") or {}
    names = meta.get("names")
    if not (isinstance(names, list) and all(isinstance(n, str) for n in names)):
        names = rules.seat_names(document["game"], document["options"], document["seed"], seats, scores)
    # A clock that stepped back during the game: its length from the log, and marked as such
    # (its finish before its start is not a reason to refuse it: records.clock_fields).
    clock = clock_fields(meta.get("started"), document["entries"], meta.get("finished"), meta.get("duration_s"))
    duration = clock["duration_s"]
    return {
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
            "actions": count_actions(document["entries"]),
            **{name: meta[name] for name in OPTIONAL_META if meta.get(name) is not None and name != "clock_step"},
            **({"clock_step": True} if clock.get("clock_step") else {}),
        },
    }
