"""A crash-safe, append-only TinyDB storage: the database file is a JSON Lines journal.

TinyDB's own ``JSONStorage`` rewrites the whole file in place on every write: a crash mid-write
leaves a broken file, and each insert costs time proportional to everything stored. Here:

* line 1 is a snapshot header ``{"format": "companion-store", "version": 1, "tables": {...}}``;
* every later line is one appended insert ``{"insert": <table>, "docs": {<id>: {...}, ...}}``.

``JournalTable.insert`` appends exactly one line (write, flush, ``fsync``), so an insert costs the
same with ten thousand documents stored as with none. Every other TinyDB write (update, remove,
truncate, drop) goes through ``Storage.write`` and replaces the file by a compacted snapshot,
atomically: temporary file in the same directory, ``fsync``, ``os.replace``, ``fsync`` of the
directory. A crash therefore leaves either the old file or the new one, plus at most one torn
(never acknowledged) last line, which is cut off on the next open.

The whole database is kept in memory (a table-top box stores kilobytes to a few megabytes);
reads never touch the disk. One process and one thread may write: a lock file next to the
journal keeps a second writing process out; threads must be serialised by the caller.
"""

from __future__ import annotations

import errno
import fcntl
import json
import logging
import os
import stat
import time
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from tinydb import TinyDB
from tinydb.storages import Storage
from tinydb.table import Table

FORMAT = "companion-store"
VERSION = 1

log = logging.getLogger("companion.store")


class StoreError(Exception):
    """The store cannot be opened or written; the message names the file (and line).

    Raised before anything on disk is changed, so the file can be inspected and repaired by hand.
    """

    def __init__(self, message: str, path: os.PathLike | str | None = None, line: int | None = None):
        self.path = None if path is None else str(path)
        self.line = line
        where = ""
        if self.path is not None:
            where = self.path + (f", line {line}" if line is not None else "") + ": "
        super().__init__(where + message)


class NonFiniteNumber(ValueError):
    """JSON text holding NaN, Infinity or a number too large for a float: no stored value is one."""


def _refuse_constant(name: str) -> Any:
    raise NonFiniteNumber(f"{name} is not a number JSON allows")


def _finite_float(text: str) -> float:
    value = float(text)
    if value in (float("inf"), float("-inf")):
        raise NonFiniteNumber(f"{text[:40]} is too large a number")
    return value


# one decoder for every text: ``json.loads`` with hooks builds a new one per call, which costs
# a journal of thousands of short lines more than reading them
_DECODER = json.JSONDecoder(parse_constant=_refuse_constant, parse_float=_finite_float)


def loads(text: str | bytes) -> Any:
    """``json.loads`` that refuses what ``dumps`` never writes: NaN, Infinity, -Infinity and
    numbers that overflow a float. Raises ValueError (JSONDecodeError or NonFiniteNumber)."""
    if isinstance(text, str) and not text.startswith("\ufeff"):
        return _DECODER.decode(text)
    return json.loads(text, parse_constant=_refuse_constant, parse_float=_finite_float)


class NotReadable(OSError):
    """A file given to read is not a regular file, or larger than the stated bound."""


def read_regular(path: os.PathLike | str, limit: int) -> bytes:
    """The bytes of a regular file of at most ``limit`` bytes. Anything else is refused before
    it is read: a FIFO (it would hang), a device (``/dev/zero`` never ends), a directory, a file
    over the bound (NotReadable, its message one line). FileNotFoundError and other OSErrors pass."""
    fd = open_regular(path, limit)
    try:
        chunks, total = [], 0
        while total <= limit:
            chunk = os.read(fd, min(1 << 20, limit + 1 - total))
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
        if total > limit:
            raise NotReadable(f"is larger than the {_size(limit)} this companion reads")
        return b"".join(chunks)
    finally:
        os.close(fd)


def open_regular(path: os.PathLike | str, limit: int) -> int:
    """A descriptor open for reading on a regular file of at most ``limit`` bytes, for a caller
    that reads it a line at a time (the history index): what ``read_regular`` refuses is
    refused here too, before anything is read. FileNotFoundError and other OSErrors pass."""
    fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC)
    try:
        info = os.fstat(fd)
        if stat.S_ISDIR(info.st_mode):
            raise NotReadable("is a directory, not a file")
        if not stat.S_ISREG(info.st_mode):
            raise NotReadable("is not a regular file (a pipe, a device or a socket): refused")
        if info.st_size > limit:
            raise NotReadable(f"is larger ({info.st_size} bytes) than the {_size(limit)} this companion reads")
    except BaseException:
        os.close(fd)
        raise
    return fd


def check_regular(fd: int) -> None:
    """NotReadable unless ``fd`` (opened for writing) is a regular file: a FIFO or a device put
    where a store file belongs is never written into."""
    if not stat.S_ISREG(os.fstat(fd).st_mode):
        raise NotReadable("is not a regular file (a pipe, a device or a socket): refused")


MAX_JOURNAL = 128 << 20  # the live journal holds the running sessions: kilobytes to a few MiB


def _size(limit: int) -> str:
    return f"{limit >> 20} MiB" if limit >= 1 << 20 else f"{limit >> 10} KiB"


def dumps(value: Any) -> str:
    """Compact one-line JSON, UTF-8 readable (Czech stays Czech), strict (no NaN)."""
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"), allow_nan=False)


def atomic_write(path: os.PathLike | str, data: bytes, tidy: bool = True) -> None:
    """Replace ``path`` by ``data`` so that a power cut leaves the old file or the new one, whole:
    a temporary file in the same directory, fsync, rename, fsync of the directory."""
    atomic_chunks(path, [data], tidy)


def atomic_chunks(path: os.PathLike | str, chunks: Iterable[bytes], tidy: bool = True) -> int:
    """``atomic_write`` for data that comes a chunk at a time (an export streamed one session at
    a time): whole or absent, never half. Returns the number of chunks written.

    The temporary file (``.<name>.tmp-<random>``, beside ``path``) is locked while it is
    written: one whose writer was killed (no lock left) is removed by the next write of the same
    file (``remove_stale_temporaries``; not with ``tidy`` False: a file written once, an
    archive, whose directory the writer's start tidies), by the next export to it, start or
    import."""
    path = Path(path)
    if tidy:
        remove_stale_temporaries(path.parent, path.name)
    temp = path.with_name(f"{temp_prefix(path.name)}{os.urandom(6).hex()}")
    count = 0
    fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_CLOEXEC, 0o644)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)  # "being written": the cleaner leaves it alone
        with os.fdopen(os.dup(fd), "wb") as handle:
            for chunk in chunks:
                handle.write(chunk)
                count += 1
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(temp, path)
    except BaseException:
        temp.unlink(missing_ok=True)
        raise
    finally:
        os.close(fd)
    fsync_directory(path.parent)
    return count


def temp_prefix(name: str) -> str:
    """How the temporary file of a write of ``name`` is named (``.<name>.tmp-``)."""
    return f".{name}.tmp-"


RECHECK_S = 0.05  # an empty unlocked temporary file may be one created a moment ago: looked at again


def remove_stale_temporaries(directory: Path, name: str = "*") -> int:
    """Remove the temporary files of interrupted writes in ``directory`` (of ``name``, or of
    every file): those no live writer holds locked (``atomic_chunks`` locks its file the moment
    it creates it; an empty one is looked at again ``RECHECK_S`` later, in case it was created
    just now). Returns how many were removed."""
    removed = 0
    prefix = temp_prefix(name)
    try:  # names compared as text: no pattern compiled (and cached) per file written
        with os.scandir(directory) as listing:
            if name == "*":
                found = [entry.name for entry in listing if entry.name[:1] == "." and ".tmp-" in entry.name[1:]]
            else:
                found = [entry.name for entry in listing if entry.name.startswith(prefix)]
    except OSError:
        return 0
    for stale in (directory / found_name for found_name in found):
        try:
            if not stat.S_ISREG(os.lstat(stale).st_mode):
                continue
            fd = os.open(stale, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC)
        except OSError:
            continue
        try:
            if _unlocked(fd) and (os.fstat(fd).st_size or _unlocked(fd, RECHECK_S)):
                stale.unlink()
                removed += 1
                log.info("%s: removed %s, left by a write that was interrupted", directory, stale.name)
        except OSError:
            pass  # not ours to remove
        finally:
            os.close(fd)
    return removed


def _unlocked(fd: int, wait: float = 0.0) -> bool:
    """Whether no writer holds ``fd``'s file locked (after ``wait`` seconds); the lock is kept
    by the caller when it is free (until it closes ``fd``)."""
    if wait:
        fcntl.flock(fd, fcntl.LOCK_UN)
        time.sleep(wait)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return False
    return True


def lock_held(path: Path) -> bool:
    """Whether another open file holds ``path`` locked (``flock``) now: a live writer of the
    store, a live import's staging. A file that is not there holds nothing."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_CLOEXEC)
    except OSError:
        return False
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return True
    except OSError:
        return False
    finally:
        os.close(fd)
    return False


def fsync_directory(directory: Path) -> None:
    """Make a rename or a new file in ``directory`` survive a power cut."""
    fd = os.open(directory, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def _is_doc_id(key: Any) -> bool:
    return isinstance(key, str) and key.isascii() and key.isdigit()


def _check_table(path: Path, line: int, name: Any, docs: Any, what: str) -> None:
    if not isinstance(name, str) or not name:
        raise StoreError(f"{what}: table name must be a non-empty string, not {name!r}", path, line)
    if not isinstance(docs, dict):
        raise StoreError(f"{what}: table {name!r} must map document ids to documents", path, line)
    if _well_formed(docs):  # a compacted journal's thousands of documents, checked in a few calls
        return
    for doc_id, doc in docs.items():
        if not _is_doc_id(doc_id):
            raise StoreError(f"{what}: table {name!r} has a bad document id {doc_id!r}", path, line)
        if not isinstance(doc, dict):
            raise StoreError(f"{what}: document {name}/{doc_id} is not an object", path, line)


def _well_formed(docs: dict) -> bool:
    """Every id ASCII digits and every document an object (False: look one by one)."""
    try:
        ids = "".join(docs)
    except TypeError:  # an id that is not a string
        return False
    return "" not in docs and ids.isascii() and ids.isdigit() and set(map(type, docs.values())) == {dict}


class Lines(dict):
    """{(table, id): journal line} of the documents as opened. The header's (line 1) are not
    listed one by one, a compacted journal holds thousands: ``get`` finds them all the same."""

    def __init__(self) -> None:
        super().__init__()
        self.header: dict[str, frozenset[str]] = {}

    def get(self, key, default=None):
        line = super().get(key)
        if line is not None:
            return line
        table, doc_id = key
        return 1 if doc_id in self.header.get(table, ()) else default


def parse_journal(
    path: Path, raw: bytes, lines: dict[tuple[str, str], int] | None = None
) -> tuple[dict[str, dict[str, dict]], int]:
    """Rebuild the tables from a journal's bytes without touching the file.

    Returns the tables and the length of the valid prefix; bytes after it are a torn last line
    (an append that never completed, so never acknowledged). Any other defect raises StoreError.
    ``lines``, if given, gets the line each document was read from: {(table, id): line}.
    """
    end = raw.rfind(b"\n") + 1
    if end == 0:
        raise StoreError(
            "not a companion store journal (no complete header line; a journal starts with "
            f'{{"format": "{FORMAT}", ...}} on its own line)',
            path,
            1,
        )
    tables: dict[str, dict[str, dict]] = {}
    for number, chunk in enumerate(raw[:end].split(b"\n")[:-1], start=1):
        if number > 1 and not chunk.strip():
            continue  # a blank line left by a hand edit carries nothing
        try:
            record = loads(chunk.decode("utf-8"))
        except UnicodeDecodeError as error:
            raise StoreError(f"not UTF-8 text at byte {error.start} of the line", path, number) from None
        except RecursionError:
            raise StoreError("malformed record: nested too deeply", path, number) from None
        except json.JSONDecodeError as error:
            if number == 1:
                raise StoreError(f"not a companion store journal (line 1 is not JSON: {error.msg})", path, 1) from None
            raise StoreError(f"malformed record: {error.msg} at column {error.colno}", path, number) from None
        except ValueError as error:  # NaN, Infinity, a number too long to read
            raise StoreError(f"malformed record: {error}", path, number) from None
        if number == 1:
            tables = _read_header(path, record)
            if isinstance(lines, Lines):
                lines.header = {name: frozenset(docs) for name, docs in tables.items()}
            elif lines is not None:
                lines.update({(name, doc_id): 1 for name, docs in tables.items() for doc_id in docs})
        else:
            _apply_record(path, number, record, tables)
            if lines is not None:
                lines.update({(record["insert"], doc_id): number for doc_id in record["docs"]})
    return tables, end


def _read_header(path: Path, header: Any) -> dict[str, dict[str, dict]]:
    if not isinstance(header, dict) or header.get("format") != FORMAT:
        raise StoreError(f'not a companion store journal (line 1 lacks "format": "{FORMAT}")', path, 1)
    version = header.get("version")
    if version != VERSION or isinstance(version, bool):
        raise StoreError(
            f"journal version {version!r} is not supported (this companion reads "
            f"version {VERSION}); it may come from a newer companion",
            path,
            1,
        )
    tables = header.get("tables")
    if not isinstance(tables, dict):
        raise StoreError('header has no "tables" object', path, 1)
    for name, docs in tables.items():
        _check_table(path, 1, name, docs, "header")
    return tables


def _apply_record(path: Path, number: int, record: Any, tables: dict[str, dict[str, dict]]) -> None:
    if not isinstance(record, dict) or set(record) != {"insert", "docs"}:
        raise StoreError('malformed record: expected {"insert": <table>, "docs": {...}}', path, number)
    name, docs = record["insert"], record["docs"]
    _check_table(path, number, name, docs, "record")
    table = tables.setdefault(name, {})
    for doc_id, doc in docs.items():
        if doc_id in table:
            raise StoreError(f"record inserts document {name}/{doc_id}, which already exists", path, number)
        table[doc_id] = doc


class JournalStorage(Storage):
    """TinyDB storage on an append-only JSON Lines journal (see the module docstring).

    ``read_only=True`` opens without the writer lock and never changes the file (a torn last
    line is ignored, not cut): for a second process (history, export) while the table runs.
    """

    def __init__(self, path: os.PathLike | str, *, read_only: bool = False, create_dirs: bool = False):
        super().__init__()
        self.path = Path(path)
        self.read_only = read_only
        self._fd: int | None = None
        self._lock_fd: int | None = None
        self._size = 0
        self._broken: str | None = None
        self._gone = False  # the journal's file was unlinked while open (see _append_line)
        self.warnings: list[str] = []  # what opening found and cut that players should know
        self.lines = Lines()  # (table, id) -> journal line, as opened
        self._data: dict[str, dict[str, dict]] = {}
        if create_dirs and not read_only:
            self.path.parent.mkdir(parents=True, exist_ok=True)
        try:
            if not read_only:
                self._acquire_lock()
                self._remove_stale_temporaries()
            self._open()
        except BaseException:
            self.close()
            raise

    # -- opening -------------------------------------------------------------------------------
    def _acquire_lock(self) -> None:
        lock_path = self.path.with_name(self.path.name + ".lock")
        try:
            self._lock_fd = os.open(lock_path, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o644)
        except OSError as error:
            raise StoreError(f"cannot create the lock file {lock_path}: {error.strerror}", self.path) from None
        try:
            fcntl.flock(self._lock_fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError as error:
            if error.errno in (errno.EWOULDBLOCK, errno.EAGAIN, errno.EACCES):
                raise StoreError("already open for writing by another process", self.path) from None
            raise

    def _temp_prefix(self) -> str:
        return f".{self.path.name}.tmp-"

    def _remove_stale_temporaries(self) -> None:
        """A snapshot interrupted by a crash leaves a temporary file; the journal never needs it."""
        if not self.path.parent.is_dir():
            return
        for stale in self.path.parent.glob(self._temp_prefix() + "*"):
            log.warning("%s: removing %s, left by a snapshot that a crash interrupted", self.path, stale.name)
            stale.unlink(missing_ok=True)

    def _open(self) -> None:
        raw = self._read_file(missing_ok=True)
        if not raw:  # missing or empty: nothing to lose, start a fresh journal
            self._data = {}
            if not self.read_only:
                self._replace_file(self._snapshot_bytes({}))
            return
        self._data, valid = parse_journal(self.path, raw, self.lines)
        if valid < len(raw):
            torn = raw[valid:]
            if self.read_only:
                log.info("%s: ignoring an incomplete last line (%d bytes)", self.path, len(torn))
            elif b"\0" in torn:
                # An append never writes a NUL: a file system zeroed the end of the file after a
                # power cut, which can take several acknowledged records, not just the last one.
                message = (
                    f"the end of the journal was zeroed ({len(torn)} bytes cut off): the last actions "
                    "before the power cut may be lost; check the running game"
                )
                log.error("%s: %s", self.path, message)
                self.warnings.append(message)
                self._cut(valid)
            else:
                log.warning(
                    "%s: cutting off a torn last line (%d bytes, never acknowledged): %r",
                    self.path,
                    len(torn),
                    torn[:200],
                )
                self._cut(valid)
        if not self.read_only:
            self._fd = os.open(self.path, os.O_WRONLY | os.O_APPEND | os.O_CLOEXEC)
            self._size = os.fstat(self._fd).st_size

    def _read_file(self, missing_ok: bool = False) -> bytes | None:
        """The journal's bytes, read as every store file is: a regular file within
        ``MAX_JOURNAL`` (a FIFO or ``/dev/zero`` in its place is refused in one line, unread)."""
        try:
            return read_regular(self.path, MAX_JOURNAL)
        except FileNotFoundError:
            if missing_ok:
                return None
            raise StoreError("the journal's file is missing", self.path) from None
        except IsADirectoryError:
            raise StoreError("is a directory, not a journal file", self.path) from None
        except NotReadable as error:
            message = "is a directory, not a journal file" if "directory" in str(error) else str(error)
            raise StoreError(message, self.path) from None
        except OSError as error:
            raise StoreError(f"cannot read: {error.strerror}", self.path) from None

    def _cut(self, size: int) -> None:
        fd = os.open(self.path, os.O_WRONLY | os.O_CLOEXEC)
        try:
            os.ftruncate(fd, size)
            os.fsync(fd)
        finally:
            os.close(fd)

    # -- the TinyDB storage interface -----------------------------------------------------------
    def read(self) -> dict[str, dict[str, Any]]:
        """The in-memory tables. A new outer dict; treat the documents in it as read-only."""
        return dict(self._data)

    def write(self, data: dict[str, dict[str, Any]]) -> None:
        """Replace the journal by a snapshot of ``data`` (atomically; one line)."""
        self._check_writable()
        try:
            blob = self._snapshot_bytes(data)
            self._replace_file(blob)
        except BaseException:
            # TinyDB edits cached documents in place before calling write(); the file is still
            # the truth, so reload it to forget an edit that did not reach the disk.
            self._reload()
            raise
        self._data = json.loads(blob)["tables"]

    def close(self) -> None:
        for name in ("_fd", "_lock_fd"):
            fd = getattr(self, name)
            if fd is not None:
                setattr(self, name, None)
                os.close(fd)  # closing the lock file releases the writer lock

    # -- appending -----------------------------------------------------------------------------
    def append(self, table: str, docs: Mapping[int, Mapping] | Mapping[str, Mapping]) -> dict[str, dict]:
        """Insert documents into ``table`` as ONE journal line; durable when this returns.

        Cost depends only on the size of ``docs``. Returns the documents as stored (after the
        JSON round trip: keys are strings, tuples are lists), which is also what reads return.
        Raises ValueError for a duplicate id, TypeError/ValueError for non-JSON values (nothing
        written), StoreError when the disk refuses (the journal is left as it was).
        """
        fd = self._check_writable()
        existing = self._data.get(table, {})
        new_docs: dict[str, dict] = {}
        for doc_id, doc in docs.items():
            key = str(doc_id)
            if not _is_doc_id(key):
                raise ValueError(f"document id must be a non-negative integer, not {doc_id!r}")
            if key in existing or key in new_docs:
                raise ValueError(f"Document with ID {key} already exists")
            new_docs[key] = dict(doc)
        if not new_docs:
            return {}
        payload = dumps({"insert": table, "docs": new_docs})
        self._append_line(fd, (payload + "\n").encode("utf-8"))
        stored = json.loads(payload)["docs"]
        self._data.setdefault(table, {}).update(stored)
        return stored

    def _append_line(self, fd: int, line: bytes) -> None:
        start = self._size
        try:
            view = memoryview(line)
            while view:
                written = os.write(fd, view)
                view = view[written:]
            os.fsync(fd)
            unlinked = os.fstat(fd).st_nlink == 0
        except BaseException as error:
            self._take_back(fd, start, error)
            if isinstance(error, OSError):
                raise StoreError(f"could not append a record: {error.strerror or error}", self.path) from error
            raise
        if unlinked:
            # The file was deleted (its directory removed) while open: writes still succeed, but
            # into a file nothing can reach, which a power cut loses. Acknowledge nothing more.
            self._gone = True
            log.error("%s: the journal's file was deleted while the table ran; nothing more is acknowledged", self.path)
            raise StoreError(self.GONE, self.path)
        self._size = start + len(line)

    def _take_back(self, fd: int, size: int, error: BaseException) -> None:
        """Remove a partly written line so the journal never has a broken line in the middle."""
        try:
            os.ftruncate(fd, size)
            os.fsync(fd)
        except OSError as cleanup_error:
            self._broken = (
                f"an append failed ({error!r}) and the partial line could not be removed ({cleanup_error.strerror})"
            )
            log.error("%s: %s", self.path, self._broken)

    # -- snapshots -----------------------------------------------------------------------------
    @staticmethod
    def _snapshot_bytes(tables: Mapping) -> bytes:
        header = {"format": FORMAT, "version": VERSION, "tables": tables}
        return (dumps(header) + "\n").encode("utf-8")

    def _replace_file(self, blob: bytes) -> None:
        """Write ``blob`` to a temporary file, make it durable, rename it over the journal."""
        directory = self.path.parent
        temp = directory / (self._temp_prefix() + os.urandom(6).hex())
        try:
            mode = self.path.stat().st_mode & 0o777
        except FileNotFoundError:
            mode = 0o644
        fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_APPEND | os.O_CLOEXEC, mode)
        try:
            view = memoryview(blob)
            while view:
                view = view[os.write(fd, view) :]
            os.fsync(fd)
            os.replace(temp, self.path)
        except BaseException as error:
            os.close(fd)
            temp.unlink(missing_ok=True)
            if isinstance(error, OSError):
                raise StoreError(f"could not write a snapshot: {error.strerror or error}", self.path) from error
            raise
        # The temporary's descriptor now refers to the journal itself: appends continue on it.
        old, self._fd, self._size = self._fd, fd, len(blob)
        if old is not None:
            os.close(old)
        fsync_directory(directory)

    def _reload(self) -> None:
        try:
            self._data, _ = parse_journal(self.path, self._read_file() or b"")
        except (OSError, StoreError) as error:
            self._broken = f"could not re-read the journal after a failed write: {error}"
            log.error("%s: %s", self.path, self._broken)

    GONE = "the journal's file was deleted (was the data directory removed?); restart the table to go on"

    def _check_writable(self) -> int:
        """The journal's descriptor for appending, once it is known to take writes."""
        if self.read_only:
            raise StoreError("opened read-only", self.path)
        if self._gone:
            raise StoreError(self.GONE, self.path)
        if self._broken:
            self._repair()
        if self._fd is None:
            raise StoreError("the store is closed", self.path)
        return self._fd

    def _repair(self) -> None:
        """After a failed write left the journal in doubt, try again from the file: re-read it,
        cut a torn last line, reopen for appending. Once the cause (a full card, a pulled
        card put back) is gone, the store works again without a restart."""
        try:
            raw = self._read_file() or b""
            data, valid = parse_journal(self.path, raw) if raw else ({}, 0)
            if valid < len(raw):
                self._cut(valid)
            fd = os.open(self.path, os.O_WRONLY | os.O_APPEND | os.O_CLOEXEC)
        except (OSError, StoreError) as error:
            raise StoreError(f"{self._broken}; repairing failed too: {error}", self.path) from None
        if self._fd is not None:
            os.close(self._fd)
        self._fd, self._size, self._data, self._broken = fd, valid, data, None
        log.warning("%s: the store works again after a failed write", self.path)


class JournalTable(Table):
    """A TinyDB table whose inserts append one journal line instead of rewriting the file."""

    def insert(self, document: Mapping) -> int:
        return self.insert_multiple([document])[0]

    def insert_multiple(self, documents: Iterable[Mapping]) -> list[int]:
        storage = self.storage
        if not isinstance(storage, JournalStorage):
            return super().insert_multiple(documents)
        docs: dict[int, dict] = {}
        try:
            for document in documents:
                if not isinstance(document, Mapping):
                    raise ValueError("Document is not a Mapping")
                if isinstance(document, self.document_class):
                    doc_id = document.doc_id
                    self._next_id = None
                else:
                    doc_id = self._get_next_id()
                    while doc_id in docs:  # an explicit id earlier in this batch took it
                        doc_id = self._get_next_id()
                if doc_id in docs:
                    raise ValueError(f"Document with ID {doc_id} already exists")
                docs[doc_id] = dict(document)
            storage.append(self.name, docs)
        except BaseException:
            self._next_id = None  # recount from the stored table: no id is skipped or reused
            raise
        finally:
            self.clear_cache()
        return list(docs)


class JournalDB(TinyDB):
    """TinyDB on a journal file: ``JournalDB(path)``, ``JournalDB(path, read_only=True)``."""

    table_class = JournalTable

    def __init__(self, path: os.PathLike | str, *, read_only: bool = False, create_dirs: bool = False) -> None:
        super().__init__(path, storage=JournalStorage, read_only=read_only, create_dirs=create_dirs)

    def tables_data(self) -> dict[str, dict[str, dict]]:
        """Every table as stored (a new outer dict; treat the documents as read-only)."""
        return self.storage.read() or {}

    def rewrite(self, tables: Mapping[str, Mapping[str, Mapping]]) -> None:
        """Replace the whole database by ``tables`` in ONE atomic snapshot (several changes
        that must land together, e.g. a session leaving while a counter moves on)."""
        self.storage.write({name: dict(docs) for name, docs in tables.items() if docs})
        self._tables.clear()  # TinyDB's table objects cache ids and queries of the old content
