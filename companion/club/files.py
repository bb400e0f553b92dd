"""The club's own files under ``<data dir>/club/``, each an append-only journal of JSON lines,
fsynced before a line counts: a power cut leaves every line that counted and at most a torn last
one, which the next open cuts off.

- ``outbox``: what this box publishes (a finished play, a rename), ``{"add": key, "topic",
  "payload"}`` until the broker's PUBACK adds ``{"sent": key}``. Compacted at open.
- ``state``: what the club knows that the store does not: where each play came from and its
  digests (``{"play": uid, "box", "raw", "content"}``), copies of a play that conflict with it
  (``{"conflict": uid, ...}``, the copy kept in ``conflicts/``), plays refused by the replay
  (``{"refused": uid, ...}``, kept in ``refused/``), and the people's renames and merges
  (``{"person": {...}}``).
- ``inbox/``: what arrived from the broker and is not merged yet, one file a message written
  (fsynced) before the broker is told it arrived; removed once merged.
"""

from __future__ import annotations

import hashlib
import json
import os
import threading
import time
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

from ..store.journal import atomic_write, dumps, loads


class Journal:
    """Append-only JSON lines, each fsynced before ``append`` returns."""

    def __init__(self, path: Path, read_only: bool = False):
        """``read_only``: a reader beside the writer (``companion club status`` while the table
        runs): a torn last line is only left out, never cut off, and nothing is written."""
        self.path, self.read_only = path, read_only
        if not read_only:
            path.parent.mkdir(parents=True, exist_ok=True)
        self.records = list(self._read())  # as read at open: the owner takes them, then drops them
        self.lines = len(self.records)
        self._fd = -1 if read_only else os.open(path, os.O_WRONLY | os.O_CREAT | os.O_APPEND | os.O_CLOEXEC, 0o640)

    def _read(self) -> Iterator[dict]:
        try:
            data = self.path.read_bytes()
        except FileNotFoundError:
            return
        good = 0
        for line in data.split(b"\n")[:-1]:  # the last piece has no newline: torn, or empty
            try:
                record = loads(line.decode("utf-8"))
            except (ValueError, UnicodeDecodeError):
                break  # a line torn by a power cut: it and whatever follows never counted
            if not isinstance(record, dict):
                break
            good += len(line) + 1
            yield record
        if good != len(data) and not self.read_only:
            with open(self.path, "r+b") as handle:
                handle.truncate(good)
                handle.flush()
                os.fsync(handle.fileno())

    def append(self, *records: Mapping) -> None:
        if self.read_only:
            raise OSError(f"{self.path} is open only for reading")
        data = "".join(dumps(record) + "\n" for record in records).encode("utf-8")
        os.write(self._fd, data)
        os.fsync(self._fd)
        self.lines += len(records)

    def rewrite(self, records: list[dict]) -> None:
        """Replace the journal by ``records`` (whole or not at all)."""
        os.close(self._fd)
        atomic_write(self.path, "".join(dumps(record) + "\n" for record in records).encode("utf-8"))
        self.lines = len(records)
        self._fd = os.open(self.path, os.O_WRONLY | os.O_APPEND | os.O_CLOEXEC)

    def close(self) -> None:
        if self._fd >= 0:
            os.close(self._fd)
            self._fd = -1


class Outbox:
    """What waits for the broker's PUBACK. Safe to use from the owner thread and paho's thread."""

    def __init__(self, folder: Path, read_only: bool = False):
        self._lock = threading.Lock()
        self._journal = Journal(folder / "outbox", read_only)
        self._pending: dict[str, tuple[str, bytes]] = {}
        sent = 0
        for record in self._journal.records:
            if "add" in record and isinstance(record.get("topic"), str) and isinstance(record.get("payload"), str):
                self._pending[record["add"]] = (record["topic"], record["payload"].encode("utf-8"))
            elif "sent" in record:
                sent += self._pending.pop(record["sent"], None) is not None
        self._journal.records = []
        if sent and not read_only:
            self._compact()

    def _compact(self) -> None:
        records = [
            {"add": key, "topic": topic, "payload": payload.decode("utf-8")}
            for key, (topic, payload) in self._pending.items()
        ]
        self._journal.rewrite(records)

    def add(self, key: str, topic: str, payload: str) -> None:
        """Kept durably (fsync) before this returns; a key already waiting is not added twice."""
        with self._lock:
            if key in self._pending:
                return
            self._journal.append({"add": key, "topic": topic, "payload": payload})
            self._pending[key] = (topic, payload.encode("utf-8"))

    def sent(self, key: str) -> None:
        """The broker has it (PUBACK): never published again."""
        with self._lock:
            if self._pending.pop(key, None) is None:
                return
            self._journal.append({"sent": key})
            if not self._pending and self._journal.lines > 1024:
                self._compact()

    def pending(
        self, limit: int | None = None, skip: frozenset[str] | set[str] = frozenset()
    ) -> list[tuple[str, str, bytes]]:
        """(key, topic, payload) of what is not acknowledged yet, oldest first: at most ``limit``,
        leaving out ``skip`` (what is on its way): the sync's window costs the same for any outbox."""
        found: list[tuple[str, str, bytes]] = []
        with self._lock:
            for key, (topic, payload) in self._pending.items():
                if key in skip:
                    continue
                if limit is not None and len(found) >= limit:
                    break
                found.append((key, topic, payload))
        return found

    def waiting(self, key: str) -> bool:
        with self._lock:
            return key in self._pending

    def __len__(self) -> int:
        with self._lock:
            return len(self._pending)

    def close(self) -> None:
        with self._lock:
            self._journal.close()


def raw_digest(payload: bytes) -> str:
    """The digest of a message as it travels: the same bytes come back as the same digest."""
    return hashlib.blake2b(payload, digest_size=16).hexdigest()


CONTENT_META = ("uid", "started", "finished", "seats", "names", "scores", "winner", "players")


def content_digest(document: Mapping) -> str:
    """What a play is, whichever box holds it: its game, options, seed, log and the meta that
    an import keeps (not the local id, nor the fields an import recomputes)."""
    meta = document.get("meta") or {}
    content = {
        "game": document.get("game"),
        "options": document.get("options"),
        "seed": document.get("seed"),
        "entries": document.get("entries"),
        "meta": {key: meta.get(key) for key in CONTENT_META},
    }
    text = json.dumps(content, ensure_ascii=False, sort_keys=True, separators=(",", ":"), allow_nan=False)
    return hashlib.blake2b(text.encode("utf-8"), digest_size=16).hexdigest()


class State:
    """The club's memory (see the module docstring). Safe from several threads."""

    def __init__(self, folder: Path, read_only: bool = False):
        self.folder = folder
        self._lock = threading.Lock()
        self._journal = Journal(folder / "state", read_only)
        self.plays: dict[str, dict] = {}  # uid -> {"box", "raw", "content"}
        self.conflicts: dict[str, list[dict]] = {}
        self.refused: dict[str, dict] = {}
        self.people: dict[str, dict] = {}  # action id -> action
        self.joined: dict | None = None
        for record in self._journal.records:
            self._take(record)
        self._journal.records = []

    def _take(self, record: Mapping) -> None:
        if isinstance(record.get("play"), str):
            self.plays[record["play"]] = {key: record.get(key) for key in ("box", "raw", "content")}
        elif isinstance(record.get("conflict"), str):
            self.conflicts.setdefault(record["conflict"], []).append(dict(record))
        elif isinstance(record.get("refused"), str):
            self.refused[record["refused"]] = dict(record)
        elif isinstance(record.get("person"), dict) and isinstance(record["person"].get("id"), str):
            self.people[record["person"]["id"]] = dict(record["person"])
        elif isinstance(record.get("joined"), dict):
            self.joined = dict(record["joined"])

    def add(self, *records: Mapping) -> None:
        """Kept (one fsync for all of them) before this returns."""
        with self._lock:
            self._journal.append(*records)
            for record in records:
                self._take(record)

    def play(self, uid: str) -> dict | None:
        with self._lock:
            found = self.plays.get(uid)
            return dict(found) if found else None

    def known_raw(self, uid: str, raw: str) -> bool:
        """This very message was merged (or published) already: a duplicate, nothing to do."""
        with self._lock:
            found = self.plays.get(uid)
            if found and found.get("raw") == raw:
                return True
            return any(c.get("raw") == raw for c in self.conflicts.get(uid, ()))

    def known_person(self, action_id: str) -> bool:
        with self._lock:
            return action_id in self.people

    def origins(self) -> dict[str, str]:
        """uid -> the box each play came from (this box's own plays too)."""
        with self._lock:
            return {uid: str(play.get("box")) for uid, play in self.plays.items()}

    def keep_apart(self, kind: str, uid: str, raw: str, payload: bytes) -> Path:
        """A conflicting or refused copy, kept in ``conflicts/`` or ``refused/``, never merged."""
        folder = self.folder / kind
        folder.mkdir(exist_ok=True)
        path = folder / f"{uid}.{raw[:12]}.json"
        atomic_write(path, payload)
        return path

    def close(self) -> None:
        with self._lock:
            self._journal.close()


class Inbox:
    """Messages received and not merged yet, one file each, named ``<kind>~<key>~<box>~<random>
    .json`` and holding the payload as it came: written (fsynced) before the broker is told it
    arrived, so a box killed before merging finds it at its next start."""

    def __init__(self, folder: Path, read_only: bool = False):
        self.folder = folder / "inbox"
        if not read_only:
            self.folder.mkdir(parents=True, exist_ok=True)

    def put(self, kind: str, key: str, box: str, payload: bytes) -> None:
        safe = "".join(c if c.isalnum() or c in "._-" else "-" for c in box)[:64] or "unknown"
        name = f"{kind}~{key}~{safe}~{time.time_ns():020d}{os.urandom(4).hex()}.json"
        atomic_write(self.folder / name, payload, tidy=False)

    def items(self, limit: int | None = None) -> tuple[list[Path], int]:
        """The oldest ``limit`` messages (by the time in their names) and how many there are."""
        try:
            listed = os.listdir(self.folder)
        except FileNotFoundError:
            listed = []
        names = [name for name in listed if name.endswith(".json") and name.count("~") == 3]
        names.sort(key=lambda name: name.rsplit("~", 1)[1])
        chosen = names if limit is None else names[:limit]
        return [self.folder / name for name in chosen], len(names)

    def done(self, path: Path) -> None:
        path.unlink(missing_ok=True)


def read_json(payload: bytes) -> Any:
    return loads(payload.decode("utf-8"))


def arrivals(data_dir: Path) -> dict[str, str]:
    """The plays this box merged from the club's other boxes: uid -> the box each came from, for
    ``history`` and the exports to mark them; {} on a box that has no club (nothing read)."""
    return club_boxes(data_dir)[1]


def club_boxes(data_dir: Path) -> tuple[str | None, dict[str, str]]:
    """This box's name in the club (None: it has not joined one) and ``arrivals``."""
    folder = data_dir / "club"
    if not (folder / "state").is_file():
        return None, {}
    state = State(folder, read_only=True)
    try:
        here = (state.joined or {}).get("box")
        return (str(here) if here else None), {uid: box for uid, box in state.origins().items() if box != here}
    finally:
        state.close()
