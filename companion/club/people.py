"""People, not seats: the club's names, and the renames and merges that make two names one person.

A rename or a merge is an action (``{"id", "op", "from", "to", "at", "box"}``) kept in the club's
state and published like a play, so every box ends with the same set. They are applied in one
order every box agrees on (time, then id): the same set gives the same people everywhere.
"""

from __future__ import annotations

import uuid
from collections.abc import Iterable, Mapping
from datetime import UTC, datetime
from typing import Any

OPS = ("rename", "merge")
MAX_NAME = 40


def check_action(action: Any) -> str | None:
    """Why a received action is not one, or None."""
    if not isinstance(action, dict):
        return "not an object"
    if not (isinstance(action.get("id"), str) and 8 <= len(action["id"]) <= 64 and action["id"].isalnum()):
        return "no id"
    if action.get("op") not in OPS:
        return f"unknown op {action.get('op')!r}"
    for key in ("from", "to"):
        if name_problem(action.get(key)):
            return f"bad {key!r} name"
    if not isinstance(action.get("at"), str):
        return "no time"
    return None


def name_problem(name: Any) -> str | None:
    if not isinstance(name, str) or not name.strip():
        return "a name must not be empty"
    if len(name) > MAX_NAME:
        return f"a name is at most {MAX_NAME} characters"
    if any(ord(c) < 32 or 0x7F <= ord(c) <= 0x9F for c in name):
        return "a name must not hold control characters"
    return None


def new_action(op: str, old: str, new: str, box: str) -> dict:
    at = datetime.now(UTC).isoformat(timespec="milliseconds")
    return {"id": uuid.uuid4().hex, "op": op, "from": old.strip(), "to": new.strip(), "at": at, "box": box}


def aliases(actions: Iterable[Mapping]) -> dict[str, str]:
    """name -> the name it now is (follow with ``canonical``), from every rename and merge."""
    table: dict[str, str] = {}
    for action in sorted(actions, key=lambda a: (str(a.get("at")), str(a.get("id")))):
        old, new = canonical(action["from"], table), action["to"]
        if canonical(new, table) == old:  # a name given back: ``new`` stands for the person again
            table.pop(new, None)
        if old != new:
            table[old] = new
    return table


def canonical(name: str, table: Mapping[str, str]) -> str:
    seen = {name}
    while name in table:
        name = table[name]
        if name in seen:  # never built by ``aliases``; a guard all the same
            break
        seen.add(name)
    return name


def players(record: Mapping, table: Mapping[str, str]) -> dict[int, str]:
    """seat -> person of a history record (only seats given a player's name: a colour is no one)."""
    named = record.get("players") or {}
    found = {}
    if isinstance(named, Mapping):
        for seat, name in named.items():
            if str(seat).isdigit() and isinstance(name, str) and name.strip():
                found[int(seat)] = canonical(name.strip(), table)
    return found


def names(records: Iterable[Mapping], table: Mapping[str, str]) -> list[str]:
    """The club's people: every player's name over the history, renames and merges applied."""
    found: set[str] = set()
    for record in records:
        found.update(players(record, table).values())
    return sorted(found, key=lambda n: (n.casefold(), n))
