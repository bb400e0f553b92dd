"""Snapshots of a session's state, so that a restart does not replay a long log from its start.

The log stays the truth: a snapshot only says "after these first ``d`` effective actions (the
log's actions that no undo took back) the state was this". It names the actions it stands for
by a digest (a chain: the game, its options and seed, then each effective action in turn; times
never change a replay), the rules it was computed by (a fingerprint of the games' and the
engine's files) and the format of its state (``marshal``'s version). Keyed by the effective
actions, not by the log: an undo behind a snapshot and the same actions played again leave it
standing, and undo markers after it never matter, only whether the actions it stands for are
still the first ones in force. A session rebuilt from a log (``Session``) takes the deepest
snapshot that matches on all three and whose payload checks out, and replays only the actions
after it; a snapshot that disagrees in any way is dropped and the whole log is replayed, as
without snapshots. The snapshot holds whether each of its actions needs every seat to undo
(``barriers``).

A record, as stored (one JSON object)::

    {"format": 2, "entries": 480, "digest": "<sha256 hex>", "rules": "<sha256 hex>",
     "marshal": 4, "barriers": "0010…", "sum": "<sha256 hex of the payload>",
     "state": "<base64 of zlib of marshal of the state>"}

``entries`` is the log's length when it was taken (a snapshot of a longer log than this one
stands for none of it). Format 1 (written before the chain) named a prefix of the *log*,
undo markers included (``LogDigest``): it is still read, and used when the rest of the log
undoes none of its actions; the table writes format 2 only.
"""

from __future__ import annotations

import json
import marshal
import os
from collections.abc import Iterable, Sequence
from functools import cache
from typing import Any

FORMAT = 2
READABLE = (1, 2)  # format 1: a digest of the log's prefix (LogDigest), still read
EVERY = 16  # a snapshot is kept once the log has grown this many entries past the last one
# log entries are JSON data (never a cycle: they come from the journal or are written to it):
# without the encoder's check for cycles, the same text a quarter faster (a long log's resume)
_ENCODER = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"), allow_nan=False, check_circular=False)
# the options in key order: validating options again (at a resume) may order them otherwise
_SETUP_ENCODER = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"), allow_nan=False, sort_keys=True)


class Mismatch(Exception):
    """A snapshot that does not stand for this log (or cannot be read): the log wins."""


class Log(list):
    """A session's log as read from storage, carrying the snapshots kept beside it (oldest
    first). It is a list of entries like any other: code that only reads entries sees no
    difference, and ``Session`` uses the snapshots when it is built from it."""

    def __init__(self, entries: Iterable[dict] = (), snapshots: Sequence[Any] = ()):
        super().__init__(entries)
        self.snapshots = list(snapshots)


def canonical(entry: Any) -> Any:
    """What of an entry a replay reads: its action or its undo marker (never its times)."""
    if isinstance(entry, dict):
        if "action" in entry:
            return {"action": entry["action"]}
        if "undo" in entry:
            return {"undo": entry["undo"]}
    return entry


def _setup_text(game_name: str, options: dict, seed: int) -> str:
    return _SETUP_ENCODER.encode({"game": game_name, "options": options, "seed": seed})


class LogDigest:
    """The digest of a session's log prefix, kept up to date as entries are added: the
    SHA-256 of ``<setup JSON>\\n[<entry>,<entry>,...]`` (compact JSON of each ``canonical``
    entry), finished with ``]``. JSON, not ``repr``: an entry typed live (a seat number as a
    key) and the same entry read back from the journal digest the same."""

    def __init__(self, game_name: str, options: dict, seed: int):
        import hashlib  # OpenSSL: loaded when a snapshot is first needed, not at start-up

        self._hash = hashlib.sha256((_setup_text(game_name, options, seed) + "\n[").encode("utf-8"))
        self.count = 0

    def add(self, entries: Sequence[Any]) -> None:
        if not entries:
            return
        text = _ENCODER.encode([canonical(entry) for entry in entries])[1:-1]  # one encoding, in C
        self._hash.update((("," if self.count else "") + text).encode("utf-8"))
        self.count += len(entries)

    def hexdigest(self) -> str:
        done = self._hash.copy()
        done.update(b"]")
        return done.hexdigest()


class Chain:
    """The digests of a session's effective actions, one per prefix: ``links[0]`` stands for
    the setup alone (the game, options and seed), ``links[d]`` is SHA-256 of ``links[d - 1]``
    and the compact JSON of the ``d``-th action. An undo cuts the chain (``cut``), an action
    extends it when a digest is asked for (``extend``): nothing is hashed on a key's way, and
    the digest of any prefix still in force is at hand (whether a stored snapshot still stands
    for the session). JSON, not ``repr``: an action typed live (a seat number as a key) and the
    same action read back from the journal digest the same."""

    def __init__(self, game_name: str, options: dict, seed: int):
        import hashlib  # OpenSSL: loaded when a snapshot is first needed, not at start-up

        self._sha256 = hashlib.sha256
        self.links: list[bytes] = [hashlib.sha256(_setup_text(game_name, options, seed).encode("utf-8")).digest()]

    def extend(self, actions: Sequence[Any], depth: int | None = None) -> None:
        """Links up to ``depth`` (default: every action in ``actions``, the effective ones)."""
        depth = len(actions) if depth is None else min(depth, len(actions))
        links, sha256, encode = self.links, self._sha256, _ENCODER.encode
        for action in actions[len(links) - 1 : depth]:
            links.append(sha256(links[-1] + encode(action).encode("utf-8")).digest())

    def cut(self, depth: int) -> None:
        """Forget the links past ``depth`` actions (undone)."""
        del self.links[depth + 1 :]

    def hexdigest(self, depth: int) -> str | None:
        """The digest of the first ``depth`` actions, if the chain reaches that far."""
        return self.links[depth].hex() if depth < len(self.links) else None


def digest(game_name: str, options: dict, seed: int, entries: Sequence[Any]) -> str:
    """The digest of ``entries`` (a whole prefix at once: one JSON encoding, in C)."""
    import hashlib

    text = _setup_text(game_name, options, seed) + "\n" + _ENCODER.encode([canonical(e) for e in entries])
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


@cache
def rules_fingerprint() -> str:
    """A fingerprint of the code and data a replay runs: the engine and the games (every
    file's path, size and modification time, and the companion's version). An update of the
    companion or an edited box file drops the snapshots kept before it; the log then replays by
    the new rules, as it always did. Stat calls, not reading the files: a resume pays ~0.3 ms."""
    import hashlib

    from .. import __version__

    engine = os.path.dirname(os.path.abspath(__file__))
    root = os.path.dirname(engine)
    hashed = hashlib.sha256(f"companion {__version__}\n".encode())
    for folder in (engine, os.path.join(root, "games")):
        for directory, subfolders, files in os.walk(folder):
            subfolders[:] = sorted(name for name in subfolders if name != "__pycache__")
            for name in sorted(files):
                if name.endswith((".pyc", ".pyo")):
                    continue
                info = os.stat(os.path.join(directory, name))
                where = os.path.relpath(os.path.join(directory, name), root)
                hashed.update(f"{where}\0{info.st_size}\0{info.st_mtime_ns}\n".encode())
    return hashed.hexdigest()


def make(state: dict, barriers: Sequence[bool], entries: int, log_digest: str, rules: str) -> dict | None:
    """The record of ``state`` after the first ``entries`` entries (None: the state holds a
    value ``marshal`` does not take; that session simply keeps no snapshots)."""
    import base64
    import hashlib
    import zlib

    try:
        payload = zlib.compress(marshal.dumps(state), 6)
    except ValueError:
        return None
    return {
        "format": FORMAT,
        "entries": entries,
        "digest": log_digest,
        "rules": rules,
        "marshal": marshal.version,
        "barriers": "".join("1" if barrier else "0" for barrier in barriers),
        "sum": hashlib.sha256(payload).hexdigest(),
        "state": base64.b64encode(payload).decode("ascii"),
    }


def read(record: Any, rules: str, length: int) -> tuple[int, int, str, list[bool]]:
    """(format, entries, digest, barriers) of a stored record, checked: its format is one this
    companion reads, its rules and state format are this companion's and it was taken of at
    most ``length`` entries. Mismatch otherwise (the caller checks the digest: a format-2
    digest is a ``Chain`` link, a format-1 one a ``LogDigest``; ``state`` reads the state)."""
    if not isinstance(record, dict) or record.get("format") not in READABLE or type(record.get("format")) is not int:
        raise Mismatch("not a snapshot of this format")
    if record.get("rules") != rules:
        raise Mismatch("taken by other rules (another version of the game or the companion)")
    if record.get("marshal") != marshal.version:
        raise Mismatch("its state is in another format")
    entries, log_digest, barriers = record.get("entries"), record.get("digest"), record.get("barriers")
    if type(entries) is not int or not 0 <= entries <= length:
        raise Mismatch("stands for more entries than the log holds")
    if not isinstance(log_digest, str) or not isinstance(barriers, str) or set(barriers) - {"0", "1"}:
        raise Mismatch("malformed")
    return record["format"], entries, log_digest, [flag == "1" for flag in barriers]


def state(record: dict) -> dict:
    """The state a record holds, once its payload is checked to be what was written."""
    import base64
    import binascii
    import hashlib
    import zlib

    try:
        payload = base64.b64decode(record.get("state", ""), validate=True)
    except (binascii.Error, TypeError, ValueError):
        raise Mismatch("its state is not readable") from None
    if hashlib.sha256(payload).hexdigest() != record.get("sum"):
        raise Mismatch("its state is damaged")
    try:
        kept = marshal.loads(zlib.decompress(payload))
    except (zlib.error, ValueError, EOFError, TypeError):
        raise Mismatch("its state is not readable") from None
    if not isinstance(kept, dict):
        raise Mismatch("its state is not a state")
    return kept
