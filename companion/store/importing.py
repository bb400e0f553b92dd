"""``companion import``: sessions from a JSON export (or any session file) join the history.

A session is known by its identity (``meta.uid``): one already in the store is skipped, so
importing the same backup twice changes nothing. A format-1 document has no identity; it gets
the one a migration of its old store would have given it (``migration.layout1_uid``).
Only finished sessions are imported; the rest are counted and left out.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from .sessions import HISTORY, _index_record, count_actions, default_seat_names, is_uid


@dataclass
class ImportPlan:
    new: list[dict] = field(default_factory=list)
    skipped: int = 0  # already in the store (or twice in the file)
    unfinished: int = 0  # not finished: not history

    @property
    def finished_count(self) -> int:
        return len(self.new)

    def archived(self, document: Mapping, session_id: int) -> tuple[dict, str, dict]:
        """The document as archived under its new local id, its index table and record (a new
        top level and ``meta``; the rest is shared with ``document``, which is not changed)."""
        stored = dict(document)
        stored["meta"] = dict(stored["meta"], id=session_id)
        return stored, HISTORY, _index_record(stored)

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
            yield _as_archived(document, uid)


def identity(document: Mapping) -> str:
    from .migration import layout1_uid

    meta = document.get("meta") or {}
    if is_uid(meta.get("uid")):
        return meta["uid"].lower()
    record = {"game": document["game"], "seed": document["seed"], "started": meta.get("started")}
    number = meta.get("id")
    return layout1_uid(number if isinstance(number, int) else 0, record)


def finished(document: Mapping) -> bool:
    return bool((document.get("meta") or {}).get("finished"))


def plan_import(documents: Iterable[Mapping], known: set[str]) -> ImportPlan:
    """Which documents are new (in the shape they are archived in) and which are skipped."""
    plan = ImportPlan()
    plan.new.extend(plan.stream(documents, known))
    return plan


def _as_archived(document: Mapping, uid: str) -> dict:
    meta = dict(document["meta"])
    seats = list(meta.get("seats") or [])
    scores = meta.get("scores") or {}
    names = meta.get("names")
    if not (isinstance(names, list) and all(isinstance(n, str) for n in names)):
        names = default_seat_names(document["game"], document["options"], document["seed"], seats, scores)
    duration = meta.get("duration_s")
    if not isinstance(duration, int) or isinstance(duration, bool):
        duration = _seconds_between(meta.get("started"), meta.get("finished"))
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
        },
    }


def _seconds_between(start: Any, end: Any) -> int:
    try:
        return max(0, round((datetime.fromisoformat(end) - datetime.fromisoformat(start)).total_seconds()))
    except (TypeError, ValueError):
        return 0


def replay_problem(document: Mapping) -> str | None:
    """Why a finished session cannot join the history, or None: its log must replay to the end
    of the game, and what its ``meta`` says (seats, winner, totals, times) must agree with that
    replay. ``companion replay`` refuses what this refuses."""
    from .. import games
    from ..engine import Session
    from ..engine.session import ReplayError

    try:
        rules = games.load(document["game"])
    except KeyError:
        return f"unknown game {document['game']!r}; known: {', '.join(games.available())}"
    try:
        session = Session(rules, document["options"], document["seed"], document["entries"])
    except ReplayError as error:
        return f"entry {error.index} does not replay: {error.rule}: {error.msg.en}"
    except Exception as error:  # options the game refuses, a log it cannot read
        message = getattr(error, "msg", None)
        return f"the game cannot be set up from it: {message.en if message else error}"
    if not session.over:
        return f"its log stops before the end of the game ({len(session.actions)} actions replayed)"
    return _meta_problem(document.get("meta") or {}, rules, session)


def _meta_problem(meta: Mapping, rules: Any, session: Any) -> str | None:
    scores = session.score()
    seats = meta.get("seats")
    players = rules.seat_count(session.state)
    if isinstance(seats, list) and len(seats) != players:
        return f"'meta.seats' names {len(seats)} seats; its game has {players}"
    ranked = set(scores.totals)
    winner = meta.get("winner")
    if winner is not None and winner not in ranked:
        return f"'meta.winner' is {winner}, not one of its seats (0 to {max(ranked, default=0)})"
    if winner is not None and scores.winner is not None and winner != scores.winner:
        return f"'meta.winner' is seat {winner}; its log makes seat {scores.winner} the winner"
    recorded = meta.get("scores")
    totals = recorded.get("totals") if isinstance(recorded, Mapping) else None
    if totals is not None:
        replayed = {str(seat): total for seat, total in scores.totals.items()}
        if not isinstance(totals, Mapping) or dict(totals) != replayed:
            return f"'meta.scores.totals' is {_short(totals)}; its log gives {_short(replayed)}"
    duration = meta.get("duration_s")
    if isinstance(duration, int) and duration < 0:
        return f"'meta.duration_s' is negative ({duration})"
    started, ended = _moment(meta.get("started")), _moment(meta.get("finished"))
    if started is not None and ended is not None and ended < started:
        return f"'meta.finished' ({meta['finished']}) is before 'meta.started' ({meta['started']})"
    return None


def _moment(value: Any) -> datetime | None:
    try:
        return datetime.fromisoformat(value)
    except (TypeError, ValueError):
        return None


def _short(value: Any) -> str:
    import json

    text = json.dumps(value, ensure_ascii=True, sort_keys=True)
    return text if len(text) <= 80 else text[:77] + "..."
