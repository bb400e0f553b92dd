"""The history index (``history/index.db``): one small record per archived session.

It uses the journal format (a header line, then one ``{"insert": <table>, "docs": {...}}`` line
per write), so ``JournalDB`` opens it too, but it is appended to without being read: finishing a
game costs the same with a thousand games in the history as with none. Reading it is tolerant,
because every record can be rebuilt from the archive files beside it: a torn last line is
ignored, a damaged line is skipped with a warning, a record written twice counts once.
"""

from __future__ import annotations

import gc
import logging
import os
import re
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from .journal import (
    FORMAT,
    VERSION,
    NotReadable,
    StoreError,
    atomic_write,
    check_regular,
    dumps,
    loads,
    open_regular,
)

log = logging.getLogger("companion.store")
TABLES = ("history", "abandoned")
SUMMARY = 1  # version of the summary a finished session's index record holds (records.summary)
# What a header's "summary" promises of every finished session's record in the file: 1, it holds
# its summary; 2, also its scores without their breakdown (what this version writes).
PROMISE = 2
# what a reader keeps of each record as it is read: one function, or one per table
Keep = Callable[[dict], Any] | Mapping[str, Callable[[dict], Any]]
_SUMMARY_HEAD = re.compile(rb'\{"format":"%s","version":%d,"summary":([0-9]{1,4}),' % (FORMAT.encode(), VERSION))


def read_index(path: Path) -> dict[str, dict[str, dict]]:
    """{table: {session id: record}} for both tables; an absent index is an empty history."""
    return read_index_checked(path)[0]


def read_index_checked(path: Path, keep: Keep | None = None) -> tuple[dict[str, dict[str, Any]], bool, list[int]]:
    """The index's tables, whether it is sound, and the numbers of its damaged lines. Sound:
    there, starting with its header, and no line damaged (a line that is not JSON, not an index
    record, or holds a record without its identity or its time: a flipped bit). An index that
    is not sound is rebuilt from the archives by the store: the index is a cache of them.

    Read one line at a time; ``keep`` turns each record into what the caller needs of it as it
    is read (its uid, its date; a mapping: one function per table), so a long history is never
    held whole. The cycle collector
    waits while it reads: parsed records hold no cycles, and collecting while the tables grow
    would only walk them again and again (a fifth of reading 10,000 records)."""
    paused = gc.isenabled()
    gc.disable()
    try:
        return _read_index(path, keep)
    finally:
        if paused:
            gc.enable()


def record_damage(table: str, key: Any, record: Any) -> str | None:
    """What makes an index record unusable (so its line is damaged), or None: the fields that
    decide whether and where a session is listed and found (its id, identity, game)."""
    if not (isinstance(key, str) and key.isascii() and key.isdigit()):
        return f"a record's id is {key!r:.20}"
    if not isinstance(record, dict):
        return f"record {key} is not an object"
    uid = record.get("uid")
    if not (isinstance(uid, str) and _UID.fullmatch(uid)):
        return f"record {key} has no session identity"
    if not isinstance(record.get("game"), str):
        return f"record {key} has no game"
    return None  # a flipped bit elsewhere breaks the JSON (digits, punctuation) or the names above


_UID = re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}")


def _records(path: Path, number: int, table: Any, docs: Any, keep: Keep, damaged: list[int]) -> dict[str, Any]:
    """A line's records as ``keep`` makes them; {} and the line noted as damaged if any is not
    usable (the line is then rebuilt whole from the archives)."""
    if table not in TABLES or not isinstance(docs, dict):
        log.warning("%s, line %d: not an index record", path, number)
        damaged.append(number)
        return {}
    for key, doc in docs.items():
        problem = record_damage(table, key, doc)
        if problem:
            log.warning("%s, line %d: damaged (%s)", path, number, problem)
            damaged.append(number)
            return {}
    make = keep.get(table, _as_it_is) if isinstance(keep, Mapping) else keep  # one way per table
    return {key: make(doc) for key, doc in docs.items()}


def _as_it_is(record: dict) -> dict:
    return record


def _read_index(path: Path, keep: Keep | None) -> tuple[dict[str, dict[str, Any]], bool, list[int]]:
    """Every table's records, whether the index is sound (headed, no damaged line) and the
    numbers of its damaged lines (each named in the log)."""
    tables: dict[str, dict[str, dict]] = {name: {} for name in TABLES}
    damaged: list[int] = []
    into = _into(tables)
    headed = _read_lines(path, lambda number: into, keep or _as_it_is, damaged)
    return tables, headed and not damaged, sorted(set(damaged))


def _read_lines(path: Path, place: Callable[[int], Any], keep: Keep, damaged: list[int]) -> bool:
    """Every whole line of the index read into ``place(line number)`` (a torn last line is an
    append never acknowledged), its damaged lines' numbers added to ``damaged``; whether it
    is headed (False when there is no index yet)."""
    handle = _open_index(path)
    if handle is None:
        return False
    headed = False
    with handle:
        try:
            for number, line in enumerate(handle, start=1):
                if not line.endswith(b"\n"):
                    break
                headed |= _read_line(path, number, line, place(number), keep, damaged)
        except OSError as error:
            raise StoreError(f"cannot read the history index: {error.strerror}", path) from None
    return headed


def _open_index(path: Path):
    """The index opened as a regular file within its bound, None when there is none yet."""
    try:
        return os.fdopen(open_regular(path, MAX_INDEX), "rb")
    except FileNotFoundError:
        return None
    except NotReadable as error:
        raise StoreError(f"cannot read the history index: it {error}", path) from None
    except OSError as error:
        raise StoreError(f"cannot read the history index: {error.strerror}", path) from None


# what a scan hands every record as it is read: (line number, table, id, record)
Each = Callable[[int, str, str, dict], None]


def scan_index(path: Path, each: Each) -> tuple[bool, list[int]]:
    """Every record of the index handed to ``each(line, table, id, record)`` in the order of
    the file, nothing kept here (a record written twice is handed twice: the later counts),
    and whether the index is sound with its damaged lines, as ``read_index_checked`` says
    (the caller then reads it that way: its records are rebuilt from the archives). A reader
    that holds less than a record per session (``companion history``, ``stats``) reads so."""
    paused = gc.isenabled()
    gc.disable()
    try:
        damaged: list[int] = []
        headed = _read_lines(path, lambda number: _handing(number, each), _as_it_is, damaged)
        return headed and not damaged, sorted(set(damaged))
    finally:
        if paused:
            gc.enable()


def _handing(number: int, each: Each) -> Callable[[str, Mapping[str, Any]], None]:
    """Where ``_read_line`` puts a line's records: handed on to ``each`` one by one."""

    def put(table: str, records: Mapping[str, Any]) -> None:
        for key, record in records.items():
            each(number, table, key, record)

    return put


def _into(tables: dict[str, dict[str, Any]]) -> Callable[[str, Mapping[str, Any]], None]:
    """Where ``_read_line`` puts a line's records: into ``tables`` (a later record replaces an
    earlier one of the same id)."""

    def put(table: str, records: Mapping[str, Any]) -> None:
        tables.setdefault(table, {}).update(records)

    return put


def read_line_at(path: Path, number: int) -> dict[str, dict[str, dict]]:
    """The records of the index's line ``number`` (counted from 1), {table: {id: record}}: a
    scan that met a record written again reads the earlier one back (rare), never held."""
    tables: dict[str, dict[str, dict]] = {}
    handle = _open_index(path)
    if handle is None:
        return tables
    with handle:
        for at, line in enumerate(handle, start=1):
            if at == number:
                _read_line(path, number, line, _into(tables), _as_it_is, [])
                break
    return tables


def _read_line(
    path: Path, number: int, line: bytes, put: Callable[[str, Mapping[str, Any]], None], keep: Keep, damaged: list[int]
) -> bool:
    """One line's records handed to ``put(table, records)`` (a damaged line goes into
    ``damaged``); True when it is the header, the index's first line."""
    try:
        record = loads(line)
    except (ValueError, RecursionError):
        log.warning("%s, line %d: damaged (not JSON)", path, number)
        damaged.append(number)
        return False
    if number == 1 and isinstance(record, dict) and record.get("format") == FORMAT:
        held = record.get("tables") or {}
        if not isinstance(held, dict):
            damaged.append(number)
            return True
        for name, docs in held.items():
            put(name, _records(path, number, name, docs, keep, damaged))
        return True
    if not isinstance(record, dict) or set(record) != {"insert", "docs"}:
        log.warning("%s, line %d: not an index record", path, number)
        damaged.append(number)
        return False
    name = record["insert"]
    put(str(name), _records(path, number, name, record["docs"], keep, damaged))
    return False


def _header(tables: Mapping[str, Mapping[str, Mapping]], summary: int) -> dict:
    """The index's first line. ``summary``: what every finished session's record in the file
    is promised to be (``PROMISE``); 0 for an index that may lack summaries."""
    header: dict = {"format": FORMAT, "version": VERSION}
    if summary:
        header["summary"] = summary
    header["tables"] = {name: dict(docs) for name, docs in tables.items()}
    return header


MAX_INDEX = 256 << 20  # the history index: about 600 bytes a session, so some 400,000 sessions

LINE_RECORDS = 50  # records per line of a rewritten index: a reader holds one line at a time


def write_index(path: Path, tables: Mapping[str, Mapping[str, Mapping]], summary: int = 0) -> None:
    """Replace the index by ``tables`` (atomically): the header (``summary``: see ``_header``),
    then the records in lines of ``LINE_RECORDS``, as appends write them."""
    lines = [dumps(_header({}, summary))]
    for table, docs in tables.items():
        items = list(docs.items())
        for start in range(0, len(items), LINE_RECORDS):
            lines.append(dumps({"insert": table, "docs": dict(items[start : start + LINE_RECORDS])}))
    atomic_write(path, ("\n".join(lines) + "\n").encode("utf-8"))


def index_summary(path: Path) -> int | None:
    """What the index's header promises (``PROMISE``; 0: nothing), None if there is no index.
    Reads only the file's first bytes: the check costs the same however long the history."""
    try:
        fd = open_regular(path, MAX_INDEX)
    except FileNotFoundError:
        return None
    except OSError:  # not a regular file, unreadable: reading the index says why
        return 0
    try:
        head = os.read(fd, 128)
    except OSError:
        return 0
    finally:
        os.close(fd)
    found = _SUMMARY_HEAD.match(head)
    return int(found.group(1)) if found else 0


def ensure_index(path: Path, summary: int = PROMISE) -> None:
    """Create the index (its header only) if it is missing. Done before archives are written
    whose index line may never come (an import killed half-way): a sound index is the truth,
    and only a missing or damaged one is rebuilt from the archives beside it."""
    if not path.exists():
        atomic_write(path, (dumps(_header({}, summary)) + "\n").encode())


def append_index(path: Path, records: Mapping[str, Mapping[str, Mapping]]) -> None:
    """Append the records, one line per table, each durable before the next: first the file
    is created (header only) if missing, and a torn last line left by a crash is cut off."""
    ensure_index(path)
    fd = os.open(path, os.O_RDWR | os.O_APPEND | os.O_NONBLOCK | os.O_CLOEXEC)
    try:
        try:
            check_regular(fd)
        except NotReadable as error:
            raise StoreError(f"cannot add to the history index: it {error}", path) from None
        _cut_torn_tail(fd)
        for table, docs in records.items():
            if not docs:
                continue
            line = (dumps({"insert": table, "docs": dict(docs)}) + "\n").encode("utf-8")
            start = os.fstat(fd).st_size
            try:
                view = memoryview(line)
                while view:
                    view = view[os.write(fd, view) :]
                os.fsync(fd)
            except OSError as error:
                try:
                    os.ftruncate(fd, start)
                except OSError:
                    pass  # a torn tail is cut on the next append and ignored by readers
                raise StoreError(f"could not add to the history index: {error.strerror or error}", path) from error
    finally:
        os.close(fd)


def _cut_torn_tail(fd: int) -> None:
    """Reads only the end of the file: cost does not depend on the history's length."""
    size = os.fstat(fd).st_size
    if size == 0:
        return
    chunk = min(size, 1 << 16)
    tail = os.pread(fd, chunk, size - chunk)
    if tail.endswith(b"\n"):
        return
    cut = tail.rfind(b"\n")
    if cut < 0 and chunk < size:  # a torn line longer than the chunk: look further back (rare)
        tail, chunk = os.pread(fd, size, 0), size
        cut = tail.rfind(b"\n")
    keep = 0 if cut < 0 else size - chunk + cut + 1
    log.warning("history index: cutting off a torn last line (%d bytes)", size - keep)
    os.ftruncate(fd, keep)
    os.fsync(fd)
