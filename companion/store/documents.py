"""The session document's checks (``companion-session``, docs/session-format.md): what a
session file, an export or an archived session must hold, each problem said in one line."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

from .journal import loads, read_regular
from .records import (
    READABLE_VERSIONS,
    SESSION_FORMAT,
    SESSION_VERSION,
    check_entry,
    is_time,
    is_title,
    is_uid,
    players_problem,
)


class SessionFileError(Exception):
    """A session file cannot be used; the message says which file and what is wrong."""

    def __init__(self, path: os.PathLike | str, problem: str):
        self.path = str(path)
        self.problem = problem
        super().__init__(f"{self.path}: {problem}")


REQUIRED_FIELDS = ("format", "version", "game", "options", "seed", "entries")


META_FIELDS = (
    "id",
    "uid",
    "started",
    "finished",
    "abandoned",
    "seats",
    "names",
    "scores",
    "winner",
    "duration_s",
    "actions",
)
# Fields a session has when it was described by its game as it was created (its title, whether
# it is a teaching walk) or had players named: kept only when there (older files have none).
# ``clock_step``: true when the wall clock stepped back during the game (records.clock_fields).
OPTIONAL_META = ("title", "teaching", "players", "clock_step")


def _check_document(path: os.PathLike | str, doc: dict) -> dict:
    """The document in its canonical shape (version 2), or SessionFileError naming the first
    problem. A version-1 document is the same without times, identities and names."""
    _check_required_fields(path, doc)
    _check_format_and_version(path, doc)
    _check_field_types(path, doc)
    _check_entries(path, doc["entries"])
    meta = _checked_meta(path, doc)
    return {
        "format": SESSION_FORMAT,
        "version": SESSION_VERSION,
        "game": doc["game"],
        "options": doc["options"],
        "seed": doc["seed"],
        "entries": doc["entries"],
        "meta": {
            **{name: meta.get(name) for name in META_FIELDS},
            **{name: meta[name] for name in OPTIONAL_META if name in meta},
        },
    }


def _check_required_fields(path: os.PathLike | str, doc: dict) -> None:
    missing = [name for name in REQUIRED_FIELDS if name not in doc]
    if missing:
        names = ", ".join(repr(name) for name in missing)
        raise SessionFileError(path, f"is missing the field{'s' if len(missing) > 1 else ''} {names}")


def _check_format_and_version(path: os.PathLike | str, doc: dict) -> None:
    if doc["format"] != SESSION_FORMAT:
        raise SessionFileError(path, f'has format {doc["format"]!r}; a session file has "{SESSION_FORMAT}"')
    version = doc["version"]
    if version not in READABLE_VERSIONS or isinstance(version, bool):
        readable = " and ".join(str(v) for v in READABLE_VERSIONS)
        raise SessionFileError(path, f"is version {version!r}; this companion reads versions {readable}")


def _check_field_types(path: os.PathLike | str, doc: dict) -> None:
    if not isinstance(doc["game"], str) or not doc["game"]:
        raise SessionFileError(path, "'game' must be a game's name (a non-empty string)")
    if not isinstance(doc["options"], dict):
        raise SessionFileError(path, f"'options' must be an object, not {_kind(doc['options'])}")
    if not isinstance(doc["seed"], int) or isinstance(doc["seed"], bool):
        raise SessionFileError(path, f"'seed' must be an integer, not {_kind(doc['seed'])}")
    if not isinstance(doc["entries"], list):
        raise SessionFileError(path, f"'entries' must be a list, not {_kind(doc['entries'])}")


def _check_entries(path: os.PathLike | str, entries: list) -> None:
    for index, entry in enumerate(entries):
        try:
            check_entry(entry)
        except ValueError as error:
            raise SessionFileError(path, f"entry {index}: {error}") from None


def _checked_meta(path: os.PathLike | str, doc: dict) -> dict:
    """``meta`` is optional and may be null; anything else must be an object whose known
    fields have their documented types (an import must not store a history it cannot show)."""
    meta = doc.get("meta", {})
    if meta is None:
        meta = {}
    if not isinstance(meta, dict):
        raise SessionFileError(path, f"'meta' must be an object, not {_kind(meta)}")
    problem = _meta_problem(meta)
    if problem is not None:
        raise SessionFileError(path, problem)
    return meta


def _is_whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_names(value: Any) -> bool:
    return isinstance(value, list) and all(isinstance(v, str) for v in value)


def _is_flag(value: Any) -> bool:
    return isinstance(value, bool)


# The documented fields of ``meta``, in the order they are checked: the names, what each must
# be, whether null stands for "not known" (else a present field must fit), and the sentence
# after "'meta.<name>'" when it does not fit ({value!r} and {kind} filled in).
_META_FIELDS: tuple[tuple[tuple[str, ...], Callable[[Any], bool], bool, str], ...] = (
    (
        ("started", "finished", "abandoned"),
        is_time,
        True,
        "must be an ISO 8601 time with its UTC offset, not {value!r}",
    ),
    (("seats", "names"), _is_names, True, "must be a list of names"),
    (("id", "winner", "duration_s", "actions"), _is_whole, True, "must be a whole number or null, not {kind}"),
    (("scores",), lambda value: isinstance(value, dict), True, "must be an object or null, not {kind}"),
    (("uid",), is_uid, True, "must be a UUID, not {value!r}"),
    (("title",), is_title, False, 'must be an object with the game\'s title in "cs" and "en"'),
    (("teaching", "clock_step"), _is_flag, False, "must be true or false, not {kind}"),
)


def _meta_problem(meta: dict) -> str | None:
    """What is wrong with ``meta``'s documented fields, in one sentence (None: nothing)."""
    for names, fits, nullable, says in _META_FIELDS:
        for name in names:
            present = meta.get(name) is not None if nullable else name in meta
            if present and not fits(meta[name]):
                return f"'meta.{name}' " + says.format(value=meta[name], kind=_kind(meta[name]))
    players = meta.get("players")
    if players is not None and players_problem(players):
        return f"'meta.players': {players_problem(players)}"
    if meta.get("finished") and not meta.get("started"):
        return "'meta.finished' is set but 'meta.started' is missing"
    return None


def _kind(value: Any) -> str:
    return {
        dict: "an object",
        list: "a list",
        str: "a string",
        bool: "true/false",
        int: "a number",
        float: "a number",
        type(None): "null",
    }.get(type(value), type(value).__name__)


MAX_ARCHIVE = 128 << 20  # an archived session, read as a session file is (export.MAX_SESSION_FILE)


def read_archive(path: Path) -> dict:
    """An archived session document, checked (the session-file checks). Read as a session file
    is: a regular file within ``MAX_ARCHIVE`` (a FIFO or a device in its place is refused with
    an OSError, before anything is read)."""
    return read_archive_text(path)[0]


def read_archive_text(path: Path) -> tuple[dict, str]:
    """``read_archive``'s document and the JSON text it was read from (without the line's
    end): an export writes the text as it is, instead of encoding the document again."""
    text = read_regular(path, MAX_ARCHIVE).decode("utf-8").rstrip()
    document = loads(text)
    if not isinstance(document, dict):
        raise ValueError("not a session document")
    try:
        _check_document(path, document)
    except SessionFileError as error:
        raise ValueError(error.problem) from None
    if not isinstance(document.get("meta"), dict):
        raise ValueError("it has no 'meta'")
    return document, text
