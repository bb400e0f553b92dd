"""From layout 1 (one journal holding every session, log and history record) to layout 2 (the
live journal, the archived sessions and the history index; see ``sessions``); and what a session
recorded before sessions were described by their game when created lacks (``undescribed``).

Every step can be repeated, so a crash at any point is undone by simply migrating again:

1. each finished or abandoned session is written to ``history/<uid>.json`` (atomically), its
   identity derived from what the old store says about it, so a second run writes the same files;
2. ``history/index.db`` is replaced (atomically) by the old records merged into whatever index
   is already there (a history restored beside an old store keeps its sessions);
3. the old journal is kept, hard-linked as ``companion.db.layout1``;
4. ``companion.db`` is replaced (atomically) by the new live journal. This is the commit point:
   until it happens the old journal is the truth and start-up migrates again.
"""

from __future__ import annotations

import json
import logging
import os
import uuid
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from .index import read_index
from .journal import FORMAT, VERSION, atomic_write, dumps
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
    count_actions,
    log_table,
)
from .rules import NO_GAMES, GameRules

log = logging.getLogger("companion.store")
# Identities of migrated sessions: uuid5 in this namespace of what the old store said about them.
LAYOUT1_NAMESPACE = uuid.UUID("5f0d1d9e-2b52-4f57-9a55-6c0f1a7e3b21")


def layout1_uid(session_id: int, record: Mapping) -> str:
    """The same old session always gets the same identity (a repeated migration agrees with
    itself); two boxes' sessions differ in their random seed and start time."""
    key = dumps([session_id, record.get("game"), record.get("seed"), record.get("started")])
    return str(uuid.uuid5(LAYOUT1_NAMESPACE, key))


def _entries(tables: Mapping, session_id: int) -> list[dict]:
    table = tables.get(log_table(session_id), {})
    return [dict(table[key]) for key in sorted(table, key=int)]


def convert(
    tables: Mapping[str, Mapping[str, dict]],
    new_uid: Callable[[], str] | None = None,
    rules: GameRules = NO_GAMES,
) -> dict[str, Any]:
    """A layout-1 store's tables as layout 2: ``live`` tables, ``index`` tables and ``archives``
    ({uid: session document}). Pure: nothing is written."""
    sessions = {int(key): doc for key, doc in tables.get(SESSIONS, {}).items()}
    results = {doc["session"]: doc for doc in tables.get(HISTORY, {}).values() if isinstance(doc, dict)}
    gave_up = {doc["session"]: doc for doc in tables.get(ABANDONED, {}).values() if isinstance(doc, dict)}
    live: dict[str, dict] = {SESSIONS: {}}
    index: dict[str, dict] = {HISTORY: {}, ABANDONED: {}}
    archives: dict[str, dict] = {}
    for session_id, record in sorted(sessions.items()):
        uid = layout1_uid(session_id, record)
        entries = _entries(tables, session_id)
        started = dict(record, uid=uid)
        if session_id in results:
            result = dict(results[session_id], uid=uid)
            result["names"] = rules.seat_names(
                record["game"],
                record.get("options", {}),
                record.get("seed", 0),
                record.get("seats", []),
                result.get("scores") or {},
            )
            index[HISTORY][str(session_id)] = result
            archives[uid] = _document(session_id, started, entries, result, None)
        elif session_id in gave_up:
            at = gave_up[session_id].get("at")
            index[ABANDONED][str(session_id)] = {
                "session": session_id,
                "uid": uid,
                "game": record["game"],
                "started": record["started"],
                "at": at,
                "seats": list(record["seats"]),
            }
            archives[uid] = _document(session_id, started, entries, None, at)
        else:
            live[SESSIONS][str(session_id)] = started
            live[log_table(session_id)] = {str(n): entry for n, entry in enumerate(entries, start=1)}
    live[META] = {
        "1": {
            "layout": LAYOUT,
            "box": (new_uid() if new_uid else uuid.uuid4().hex).replace("-", ""),
            "next_session": max(sessions, default=0) + 1,
            "finished": len(index[HISTORY]),
        }
    }
    if tables.get(PREFERENCES):
        live[PREFERENCES] = dict(tables[PREFERENCES])
    return {"live": live, "index": index, "archives": archives}


def _document(session_id: int, record: Mapping, entries: list, result: Mapping | None, abandoned: str | None) -> dict:
    return {
        "format": SESSION_FORMAT,
        "version": SESSION_VERSION,
        "game": record["game"],
        "options": record.get("options", {}),
        "seed": record.get("seed", 0),
        "entries": entries,
        "meta": {
            "id": session_id,
            "uid": record["uid"],
            "started": record.get("started"),
            "finished": result.get("finished") if result else None,
            "abandoned": abandoned,
            "seats": list(record.get("seats", [])),
            "names": list(result["names"]) if result else list(record.get("seats", [])),
            "scores": result.get("scores") if result else None,
            "winner": result.get("winner") if result else None,
            "duration_s": result.get("duration_s") if result else None,
            "actions": result.get("actions", count_actions(entries)) if result else count_actions(entries),
        },
    }


def migrate(path: Path, tables: Mapping[str, Mapping[str, dict]], rules: GameRules = NO_GAMES) -> None:
    """Turn the layout-1 journal at ``path`` (already parsed into ``tables``) into layout 2."""
    history = path.parent / HISTORY_DIR
    converted = convert(tables, rules=rules)
    log.warning(
        "%s: converting the store to layout %d (%d archived sessions); the old file is kept as %s.layout1",
        path,
        LAYOUT,
        len(converted["archives"]),
        path.name,
    )
    history.mkdir(parents=True, exist_ok=True)
    existing = read_index(history / INDEX_FILE)
    _renumber_clashes(converted, existing)
    for uid, document in converted["archives"].items():  # step 1
        target = history / f"{uid}.json"
        if not target.exists():
            atomic_write(target, (json.dumps(document, ensure_ascii=False, separators=(",", ":")) + "\n").encode())
    merged = {name: {**converted["index"].get(name, {}), **existing.get(name, {})} for name in (HISTORY, ABANDONED)}
    header = {"format": FORMAT, "version": VERSION, "tables": merged}
    atomic_write(history / INDEX_FILE, (dumps(header) + "\n").encode())  # step 2
    backup = path.with_name(path.name + ".layout1")  # step 3
    temp = path.with_name(f".{path.name}.tmp-{os.urandom(6).hex()}")
    os.link(path, temp)
    os.replace(temp, backup)
    live = converted["live"]
    live[META]["1"]["finished"] = len(merged[HISTORY])
    known = [int(key) for table in merged.values() for key in table]
    live[META]["1"]["next_session"] = max([live[META]["1"]["next_session"], *(k + 1 for k in known)])
    tables_out = {name: docs for name, docs in live.items() if docs}
    atomic_write(path, (dumps({"format": FORMAT, "version": VERSION, "tables": tables_out}) + "\n").encode())


def _renumber_clashes(converted: dict, existing: Mapping[str, Mapping[str, dict]]) -> None:
    """An index already there (a history kept beside a restored old store) keeps its records;
    converted sessions it already holds are dropped, ones whose id it uses get new ids."""
    held = {doc.get("uid") for table in existing.values() for doc in table.values()}
    used = {int(key) for table in existing.values() for key in table}
    next_id = max([*used, *(int(k) for t in converted["index"].values() for k in t), 0]) + 1
    for name in (HISTORY, ABANDONED):
        table = converted["index"][name]
        for key in list(table):
            record = table.pop(key)
            if record["uid"] in held:
                converted["archives"].pop(record["uid"], None)
                continue
            if int(key) in used:
                key = str(next_id)
                next_id += 1
                record["session"] = int(key)
                converted["archives"][record["uid"]]["meta"]["id"] = int(key)
            table[key] = record


def undescribed(record: Mapping, scores: Mapping, rules: GameRules) -> dict[str, Any]:
    """What a session recorded before sessions were described by their game as they were created
    (its start record has no ``names``) gets when it ends, asked of the game as the version that
    recorded it did: the names of the seats its result ranks and whether it was a teaching walk.
    Its archive keeps the form that version wrote (no ``title``, no ``teaching`` in ``meta``),
    so history, stats and the exports show it as they did."""
    game, options, seed, seats = record["game"], record["options"], record["seed"], record["seats"]
    return {
        "names": rules.seat_names(game, options, seed, seats, scores),
        "teaching": rules.is_teaching(game, options),
    }
