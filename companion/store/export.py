"""History export (CSV for spreadsheets, JSON with full logs, BG Stats plays) and reading
session files back.

A session file is the self-contained document ``Store.session_document`` builds (see
docs/session-format.md). ``load_session_file`` accepts it, a JSON export holding it, or a TinyDB
JSON database holding it, and explains in one sentence what is wrong with anything else;
``load_sessions`` reads every session of such a file (for ``companion import``).
"""

from __future__ import annotations

import codecs
import csv
import io
import json
import os
import re
import stat
from collections.abc import Callable, Iterable, Iterator, Mapping
from datetime import datetime
from itertools import repeat
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any

from .documents import (  # noqa: F401 (read from here by older callers and the tests)
    META_FIELDS,
    REQUIRED_FIELDS,
    SessionFileError,
    _check_document,
)
from .journal import FORMAT as JOURNAL_FORMAT
from .journal import (
    NotReadable,
    _finite_float,
    _refuse_constant,
    atomic_chunks,
    atomic_write,
    loads,
    read_regular,
)
from .records import HISTORY, SESSION_FORMAT, SESSION_VERSION, SESSIONS, log_table, players_of, when_finished

if TYPE_CHECKING:
    from .sessions import Store

CSV_COLUMNS = ("id", "game", "started", "finished", "duration_s", "seats", "scores", "winner", "actions")

# -- what reaches a terminal or another program ----------------------------------------------------
# C0 and C1 control characters, DEL, and the invisible marks that reorder or hide text (bidi
# overrides and isolates, line and paragraph separators): an imported name holding them could
# retitle a terminal, move its cursor or disguise a CSV cell.
_CONTROL = re.compile("[\x00-\x1f\x7f-\x9f\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]")
_ESCAPE_IN_JSON = re.compile("[\x7f-\x9f\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]")


def clean(value: Any) -> str:
    """Text safe for a terminal, a CSV cell or a panel: each control character becomes U+FFFD."""
    return _CONTROL.sub("\ufffd", value if isinstance(value, str) else str(value))


def json_text(value: Any, **options: Any) -> str:
    """JSON as UTF-8 text (Czech stays readable) in which no control character appears raw:
    ``json`` escapes C0 itself; C1 and the reordering marks are escaped here (same data)."""
    text = json.dumps(value, ensure_ascii=False, allow_nan=False, **options)
    return _ESCAPE_IN_JSON.sub(_escaped, text)


# -- export -------------------------------------------------------------------------------------
def _is_seat(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def seat_label(names: list[str], seat: Any) -> str:
    """A seat's name from ``names``; "seat N" for a seat past them; anything else as text."""
    if _is_seat(seat):
        return names[seat] if seat < len(names) else f"seat {seat + 1}"
    return "" if seat is None else str(seat)


def seat_names(record: Mapping) -> list[str]:
    """Every ranked seat's name: ``names`` (format 2: Jindřich too), else the seat labels."""
    names = record.get("names")
    if isinstance(names, list) and all(map(isinstance, names, repeat(str))):
        return names
    return [str(label) for label in record.get("seats") or []]


def player_names(record: Mapping) -> list[str]:
    """``seat_names`` with each named seat's player instead of its label (``players``: the
    names given during the game); a seat nobody named keeps its colour."""
    names = seat_names(record)
    if not record.get("players"):
        return names
    players = players_of(record)
    return [players.get(str(seat), name) for seat, name in enumerate(names)]


def seats_named(record: Mapping) -> list[str]:
    """The seat labels, each named seat as ``Anna (Modrá)``."""
    seats = [str(seat) for seat in record.get("seats") or []]
    if not record.get("players"):
        return seats
    players = players_of(record)
    return [f"{players[str(n)]} ({label})" if str(n) in players else label for n, label in enumerate(seats)]


def winners_of(record: Mapping) -> list[int]:
    """The seats that won a finished game: several in a draw or a shared win, none when nobody
    won. Results stored before draws were told apart (no "winners") name at most one."""
    scores = record.get("scores")
    listed = scores.get("winners") if isinstance(scores, dict) else None
    if isinstance(listed, list) and all(map(_is_seat, listed)):
        return listed
    return [record["winner"]] if _is_seat(record.get("winner")) else []


def places_of(scores: Any) -> dict[int, int]:
    """Each ranked seat's place (1 = first; shared places repeat) from ``Scores.to_json()``;
    results stored before places were recorded count 1, 2, 3... down the ranking."""
    ranking = scores.get("ranking") if isinstance(scores, Mapping) else None
    if not isinstance(ranking, list):
        return {}
    places = scores.get("places")
    if not (isinstance(places, list) and len(places) == len(ranking) and all(_is_seat(p) for p in places)):
        places = range(1, len(ranking) + 1)
    return {seat: place for seat, place in zip(ranking, places, strict=True) if _is_seat(seat)}


def winners_text(names: list[str], record: Mapping) -> str:
    """``Anna`` or, in a draw, ``Anna; Petr``; empty when nobody won."""
    return "; ".join(seat_label(names, seat) for seat in winners_of(record))


def _scores_text(names: list[str], scores: Any) -> str:
    """``Anna: 12; Petr: 9`` from ``Scores.to_json()``; anything else as compact JSON."""
    totals = scores.get("totals") if isinstance(scores, Mapping) else None
    if isinstance(totals, Mapping) and all(str(key).isdigit() for key in totals):
        ordered = sorted(totals.items(), key=lambda item: int(item[0]))
        return "; ".join(f"{seat_label(names, int(seat))}: {total}" for seat, total in ordered)
    return json.dumps(scores, ensure_ascii=False, separators=(",", ":"))


def minutes(seconds: Any) -> int:
    """Whole minutes of a duration, as ``companion history`` shows it (700 s: 11 min)."""
    return seconds // 60 if isinstance(seconds, int) and not isinstance(seconds, bool) and seconds > 0 else 0


def _when(value: Any) -> str:
    return value[:16] if isinstance(value, str) else "?"


def _seconds(start: Any, end: Any) -> int:
    try:
        return max(0, round((datetime.fromisoformat(end) - datetime.fromisoformat(start)).total_seconds()))
    except (TypeError, ValueError):
        return 0


def history_lines(finished: list[Mapping], abandoned: list[Mapping]) -> list[str]:
    """``companion history``'s lines, newest first: when, game, seats, the result (the winner,
    "draw: A, B", or "abandoned" for a game ended from the in-game menu) and the minutes."""
    rows = [(_sort_key(when_finished(record)), finished_line(record)) for record in finished]
    rows += [(_sort_key(record.get("at")), abandoned_line(record)) for record in abandoned]
    rows.sort(key=lambda row: row[0], reverse=True)
    return [line for _, line in rows]


def finished_line(record: Mapping) -> str:
    """A finished game's line of ``companion history``: when, game, seats, the winner (or
    "draw: A, B"), the minutes."""
    names = player_names(record)
    winners = [seat_label(names, seat) for seat in winners_of(record)]
    result = f"draw: {', '.join(winners)}" if len(winners) > 1 else f"winner: {winners[0] if winners else '-'}"
    return _line(when_finished(record), record, result, record.get("duration_s"))


def abandoned_line(record: Mapping) -> str:
    """An abandoned game's line of ``companion history``, its minutes from its start to its end."""
    return _line(record.get("at"), record, "abandoned", _seconds(record.get("started"), record.get("at")))


def _line(when: Any, record: Mapping, result: str, seconds: Any) -> str:
    return f"{_when(when)}  {record.get('game')}  {', '.join(seats_named(record))}  {result}  ({minutes(seconds)} min)"


def _sort_key(value: Any) -> float:
    try:
        return datetime.fromisoformat(value).timestamp()
    except (TypeError, ValueError):
        return float("-inf")


def history_rows(store: Store, boxes: Mapping[str, str] | None = None) -> list[dict[str, Any]]:
    """One flat row per finished session, newest first, with human-readable seats and scores;
    with ``boxes`` (a club's plays merged from other boxes, uid -> box) a ``box`` column too."""
    rows = []
    for record in store.history():
        names = player_names(record)
        row = {
            "id": record.get("session"),
            "game": record.get("game"),
            "started": record.get("started"),
            "finished": when_finished(record),
            "duration_s": record.get("duration_s"),
            "seats": "; ".join(seats_named(record)),
            "scores": _scores_text(names, record.get("scores")),
            "winner": winners_text(names, record),
            "actions": record.get("actions"),
        }
        if boxes is not None:
            row["box"] = boxes.get(record.get("uid") or "", "")
        rows.append({key: clean(value) if isinstance(value, str) else value for key, value in row.items()})
    return rows


def history_csv(store: Store) -> str:
    buffer = io.StringIO()
    writer = csv.DictWriter(buffer, fieldnames=CSV_COLUMNS, lineterminator="\n")
    writer.writeheader()
    writer.writerows(history_rows(store))
    return buffer.getvalue()


def history_json(store: Store) -> str:
    """Every finished session as a full session document (with its log), newest first."""
    return json_text(list(store.history_documents()), indent=2) + "\n"


def write_history_csv(
    store: Store, destination: os.PathLike | str | IO[str], boxes: Mapping[str, str] | None = None
) -> int:
    """Write the CSV to a path (atomically) or a text stream; returns the number of sessions.
    ``boxes``: a club's plays from other boxes, named in a last column ``box`` (empty: this box's)."""
    rows = history_rows(store, boxes)
    buffer = io.StringIO()
    columns = CSV_COLUMNS + (("box",) if boxes is not None else ())
    writer = csv.DictWriter(buffer, fieldnames=columns, lineterminator="\n")
    writer.writeheader()
    writer.writerows(rows)
    write_text(destination, buffer.getvalue())
    return len(rows)


def write_history_json(store: Store, destination: os.PathLike | str | IO[str], skipped=None) -> int:
    """Every finished session with its whole log, streamed one session at a time (``history_json_items``)."""
    return write_stream(destination, json_list_of(history_json_items(store, skipped))) - 2


def history_json_items(store: Store, skipped=None) -> Iterator[str]:
    """Each finished session's JSON text for the export, newest first, one line each: its
    archive's text as read (checked as a session file, written by ``records.document_bytes``:
    compact, one line), escaped as ``json_text`` escapes; an archive of another shape (several
    lines) or a store held in memory is encoded again. The same data either way."""
    for document, text in store.history_archives(skipped):
        if text is None or "\n" in text:
            yield json_text(document, indent=None)
        else:
            yield _ESCAPE_IN_JSON.sub(_escaped, text)


def _escaped(match: re.Match) -> str:
    return f"\\u{ord(match.group()):04x}"


def json_list(items: Iterable[Any], indent: int | None = 2) -> Iterator[str]:
    """A JSON list written one item at a time (``json_text`` for each): an export of the whole
    history never holds more than one session in memory. ``indent=None``: one item a line, by
    the JSON module's C encoder (an indented text is written by its Python encoder: four fifths
    of a session export's time), what the JSON export of the sessions writes."""
    return json_list_of(json_text(item, indent=indent) for item in items)


def json_list_of(texts: Iterable[str]) -> Iterator[str]:
    """``json_list`` of items already encoded (``json_text``), one at a time."""
    yield "["
    first = True
    for text in texts:
        yield ("\n" if first else ",\n") + text
        first = False
    yield "\n]\n" if not first else "]\n"


def write_stream(destination: os.PathLike | str | IO[str], chunks: Iterable[str]) -> int:
    """Write text chunk by chunk; returns the number of chunks. A path gets a temporary file
    beside it, renamed over it when complete (fsynced): whole or absent, never half an export."""
    if hasattr(destination, "write"):
        count = 0
        for chunk in chunks:
            destination.write(chunk)
            count += 1
        return count
    return atomic_chunks(destination, (chunk.encode("utf-8") for chunk in chunks))


def write_text(destination: os.PathLike | str | IO[str], text: str) -> None:
    """Streams get the text; paths are replaced atomically, so an export is whole or absent."""
    if hasattr(destination, "write"):
        destination.write(text)
        return
    atomic_write(destination, text.encode("utf-8"))


# -- import -------------------------------------------------------------------------------------
def load_session_file(path: os.PathLike | str, session_id: int | None = None) -> dict:
    """Read and check a session file; raises SessionFileError with a one-line reason.

    Accepts a session document, a JSON list of them (a history export) or a TinyDB JSON
    database holding one (as a document, or as this store's sessions/log tables). When the
    file holds several sessions, ``session_id`` picks one by ``meta.id``.
    """
    data = _read_json(Path(path))
    candidates = _find_sessions(data) or _broken_document_or_fail(path, data)
    if session_id is not None:
        candidates = _with_id(path, candidates, session_id)
    if len(candidates) > 1:
        raise SessionFileError(
            path, f"holds {len(candidates)} sessions (ids {_some_ids(candidates)}); choose one by its id"
        )
    return _check_document(path, candidates[0])


SHOWN_IDS = 8  # ids named when a file holds several sessions: the line stays one short line


def _some_ids(candidates: list[dict]) -> str:
    """``1, 2, 3`` or, for a long export, the first few, how many more and the last."""
    ids = [str((doc.get("meta") or {}).get("id")) for doc in candidates]
    if len(ids) <= SHOWN_IDS:
        return ", ".join(ids)
    return f"{', '.join(ids[: SHOWN_IDS - 1])}, ... {len(ids) - SHOWN_IDS} more ..., {ids[-1]}"


def load_sessions(path: os.PathLike | str) -> list[dict]:
    """Every session in a file (a session file, a JSON export, a TinyDB JSON database), each
    checked and canonical; SessionFileError (one line) if any of them is bad: all or nothing."""
    data = _read_json(Path(path))
    candidates = _find_sessions(data) or _broken_document_or_fail(path, data)
    checked = []
    for number, candidate in enumerate(candidates, start=1):
        try:
            checked.append(_check_document(path, candidate))
        except SessionFileError as error:
            if len(candidates) == 1:
                raise
            raise SessionFileError(path, f"session {number} of {len(candidates)}: {error.problem}") from None
    return checked


def read_sessions(path: os.PathLike | str, progress: Callable[[int, float], None] | None = None) -> Iterator[dict]:
    """Every session of a file as ``load_sessions`` gives them, one at a time: a JSON list (an
    export of any length) is read as a stream, holding one session at a time; any other file
    (one session, a TinyDB database) is read whole within ``MAX_SESSION_FILE``. A bad session
    raises SessionFileError naming its place ("session 4 of 9"); the sessions before it have
    been yielded already, so a caller that must refuse the whole file reads it twice.
    ``progress(number, share)``: after each session, how much of the file is read (0 to 1)."""
    for checked, _ in _read_sessions(path, progress, digests=False):
        yield checked


def read_digested_sessions(
    path: os.PathLike | str, progress: Callable[[int, float], None] | None = None
) -> Iterator[tuple[dict, str | None]]:
    """``read_sessions`` with each session's digest: of its text in the file as it was read
    (a JSON list's item, hashed while it is parsed), so two readings of the same text give the
    same digest without encoding the session again; None for a file that is not a JSON list
    (one session, a TinyDB database), whose sessions have no text of their own."""
    return _read_sessions(path, progress, digests=True)


def _read_sessions(
    path: os.PathLike | str, progress: Callable[[int, float], None] | None, digests: bool
) -> Iterator[tuple[dict, str | None]]:
    path = Path(path)
    handle = _open_regular(path)
    try:
        if _first_character(handle) != "[":
            handle.close()
            for checked in load_sessions(path):
                yield checked, None
            return
        handle.seek(0)
        size = max(1, os.fstat(handle.fileno()).st_size)
        items = _candidates(path, _stream_list(path, handle, digests))
        for number, (candidate, digest) in items:
            if progress is not None:
                progress(number, min(1.0, handle.tell() / size))
            try:
                checked = _check_document(path, candidate)
            except SessionFileError as error:
                total = number + sum(1 for _ in items)
                if total == 1:
                    raise
                raise SessionFileError(path, f"session {number} of {total}: {error.problem}") from None
            yield checked, digest
    finally:
        handle.close()


def _candidates(path: Path, items: Iterator[tuple[Any, str | None]]) -> Iterator[tuple[int, tuple[dict, str | None]]]:
    """(number, (item, digest)) for the list's items that are session documents (as
    ``_find_sessions``)."""
    number = 0
    for item, digest in items:
        if isinstance(item, dict) and "format" in item:
            number += 1
            yield number, (item, digest)
    if not number:
        raise SessionFileError(path, f'holds no companion session (a session file has "format": "{SESSION_FORMAT}")')


def _open_regular(path: Path) -> IO[bytes]:
    """The file opened for reading if it is a regular file (as ``read_regular`` checks)."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC)
    except FileNotFoundError:
        raise SessionFileError(path, "no such file") from None
    except IsADirectoryError:
        raise SessionFileError(path, "is a directory, not a session file") from None
    except OSError as error:
        raise SessionFileError(path, f"cannot be read: {error.strerror}") from None
    info = os.fstat(fd)
    if stat.S_ISDIR(info.st_mode):
        os.close(fd)
        raise SessionFileError(path, "is a directory, not a session file")
    if not stat.S_ISREG(info.st_mode):
        os.close(fd)
        raise SessionFileError(path, "is not a regular file (a pipe, a device or a socket): refused")
    return os.fdopen(fd, "rb")


def _first_character(handle: IO[bytes]) -> str:
    head = handle.read(4096).decode("utf-8-sig", errors="replace").lstrip()
    return head[:1]


STREAM_CHUNK = 1 << 16
_NEAR_END = 64  # a parse error this close to the end of what was read may be data not read yet


class _Buffer:
    """Text of a file read in chunks: what is not parsed yet, and the line it starts on."""

    def __init__(self, path: Path, handle: IO[bytes]):
        self.path, self.handle = path, handle
        self.text, self.pos, self.line, self.eof, self.offset = "", 0, 1, False, 0
        self.utf8 = codecs.getincrementaldecoder("utf-8-sig")()

    def more(self, at_least: int = 0) -> bool:
        """Read on (dropping what is parsed); False at the end of the file."""
        if self.eof:
            return False
        if self.pos:
            self.line += self.text.count("\n", 0, self.pos)
            self.text, self.pos = self.text[self.pos :], 0
        raw = self.handle.read(max(STREAM_CHUNK, at_least))
        self.offset += len(raw)
        try:
            decoded = self.utf8.decode(raw, final=not raw)
        except UnicodeDecodeError as error:
            where = self.offset - len(raw) + error.start
            raise SessionFileError(self.path, f"is not UTF-8 text (bad byte at offset {where})") from None
        self.eof = not raw
        self.text += decoded
        return bool(raw)

    def next_character(self) -> str:
        """The next character that is not white space ("" at the end), not consumed."""
        while True:
            text, pos = self.text, self.pos
            while pos < len(text) and text[pos] in " \t\r\n":
                pos += 1
            self.pos = pos
            if pos < len(text):
                return text[pos]
            if not self.more():
                return ""

    def where(self, pos: int) -> tuple[int, int]:
        return self.line + self.text.count("\n", 0, pos), pos - self.text.rfind("\n", 0, pos)

    def truncated(self) -> SessionFileError:
        line = self.where(len(self.text.rstrip()))[0]
        return SessionFileError(self.path, f"is truncated: the JSON stops before it is complete (line {line})")

    def invalid(self, message: str, pos: int) -> SessionFileError:
        line, column = self.where(pos)
        return SessionFileError(self.path, f"is not valid JSON: {message} at line {line}, column {column}")


def _stream_list(path: Path, handle: IO[bytes], digests: bool = False) -> Iterator[tuple[Any, str | None]]:
    """The items of the JSON list in ``handle``, parsed one at a time from a buffer that holds
    about one item: the file is never read whole. The same refusals as ``_read_json``, with
    the line they are on (NaN, nesting deeper than ``MAX_DEPTH``, an item over
    ``MAX_SESSION_FILE``, anything after the list). Each with ``digests``: its text's digest
    (``item_digest``), else None."""
    decoder = json.JSONDecoder(parse_constant=_refuse_constant, parse_float=_finite_float)
    buffer = _Buffer(path, handle)
    if buffer.next_character() != "[":
        raise buffer.invalid("Expecting '['", buffer.pos)
    buffer.pos += 1
    if buffer.next_character() == "]":
        buffer.pos += 1
    else:
        while True:
            if buffer.next_character() == "":
                raise buffer.truncated()
            value, end = _next_value(decoder, buffer)
            if _depth_exceeds(value, MAX_DEPTH - 1):
                raise SessionFileError(path, f"is nested more than {MAX_DEPTH} levels deep; a session file is not")
            digest = item_digest(buffer.text, buffer.pos, end) if digests else None
            buffer.pos = end
            yield value, digest
            separator = buffer.next_character()
            if separator == "]":
                buffer.pos += 1
                break
            if separator == "":
                raise buffer.truncated()
            if separator != ",":
                raise buffer.invalid("Expecting ',' delimiter", buffer.pos)
            buffer.pos += 1
    if buffer.next_character() != "":
        raise buffer.invalid("Extra data", buffer.pos)


def item_digest(text: str, start: int, end: int) -> str:
    """A digest of ``text[start:end]``, one item's JSON text as the file holds it. (hashlib is
    imported here: it loads the C library's cryptography, some 3 MiB, which no reading of the
    history needs.)"""
    import hashlib

    return hashlib.blake2b(text[start:end].encode("utf-8", "surrogatepass"), digest_size=16).hexdigest()


def _next_value(decoder: json.JSONDecoder, buffer: _Buffer) -> tuple[Any, int]:
    """The value at the buffer's position and where it ends, reading on while it is cut off."""
    while True:
        text, pos = buffer.text, buffer.pos
        try:
            value, end = decoder.raw_decode(text, pos)
        except RecursionError:
            raise SessionFileError(buffer.path, "is nested too deeply to be a session file") from None
        except json.JSONDecodeError as error:
            near_end = error.pos >= len(text) - _NEAR_END or error.msg.startswith("Unterminated string")
            if near_end and len(text) - pos > MAX_SESSION_FILE:
                raise SessionFileError(
                    buffer.path, f"holds a session larger than the {MAX_SESSION_FILE >> 20} MiB this companion reads"
                ) from None
            if near_end and buffer.more(len(text) - pos):
                continue
            if near_end:
                raise buffer.truncated() from None
            raise buffer.invalid(error.msg, error.pos) from None
        except ValueError as error:  # NaN, Infinity, a number too long to read
            raise SessionFileError(buffer.path, f"is not valid JSON: {error}") from None
        if end >= len(text) - _NEAR_END and not isinstance(value, (dict, list)) and not buffer.eof:
            buffer.more()  # a bare number or word may go on in what is not read yet: again
            continue
        return value, end


def _broken_document_or_fail(path: os.PathLike | str, data: Any) -> list[dict]:
    """No session found: a dict that looks like a session document is still checked, so the
    message says what is wrong with it rather than that there is nothing."""
    if isinstance(data, dict) and ("format" in data or "entries" in data or "game" in data):
        return [data]
    raise SessionFileError(path, f'holds no companion session (a session file has "format": "{SESSION_FORMAT}")')


def _with_id(path: os.PathLike | str, candidates: list[dict], session_id: int) -> list[dict]:
    chosen = [doc for doc in candidates if isinstance(doc.get("meta"), dict) and doc["meta"].get("id") == session_id]
    if not chosen:
        raise SessionFileError(path, f"holds no session with id {session_id}")
    return chosen


MAX_SESSION_FILE = 128 << 20  # 128 MiB: a session file or an export read whole (see docs/history.md)


def _read_json(path: Path) -> Any:
    try:
        raw = read_regular(path, MAX_SESSION_FILE)
    except FileNotFoundError:
        raise SessionFileError(path, "no such file") from None
    except IsADirectoryError:
        raise SessionFileError(path, "is a directory, not a session file") from None
    except NotReadable as error:
        raise SessionFileError(path, str(error)) from None
    except OSError as error:
        raise SessionFileError(path, f"cannot be read: {error.strerror}") from None
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise SessionFileError(path, f"is not UTF-8 text (bad byte at offset {error.start})") from None
    if not text.strip():
        raise SessionFileError(path, "is empty")
    try:
        data = loads(text)
    except RecursionError:
        raise SessionFileError(path, "is nested too deeply to be a session file") from None
    except json.JSONDecodeError as error:
        first_line = text.split("\n", 1)[0]
        if _is_journal_header(first_line):
            raise SessionFileError(
                path, "is the companion's store (a journal), not a session file; export a session from it first"
            ) from None
        # The parser stopped at the end of the text, or inside a string that never closes.
        if error.pos >= len(text.rstrip()) or error.msg.startswith("Unterminated string"):
            raise SessionFileError(
                path, f"is truncated: the JSON stops before it is complete (line {error.lineno})"
            ) from None
        raise SessionFileError(
            path, f"is not valid JSON: {error.msg} at line {error.lineno}, column {error.colno}"
        ) from None
    except ValueError as error:  # NaN, Infinity, a number too long to read
        raise SessionFileError(path, f"is not valid JSON: {error}") from None
    if _depth_exceeds(data, MAX_DEPTH):
        raise SessionFileError(path, f"is nested more than {MAX_DEPTH} levels deep; a session file is not")
    return data


MAX_DEPTH = 64


def _depth_exceeds(value: Any, limit: int) -> bool:
    """Without recursion: a deep file must not crash the checks that walk it later. Only the
    containers are walked (parsed JSON holds exactly dicts and lists): a long log's thousands
    of numbers and strings are passed over in C."""
    if type(value) not in _CONTAINERS:
        return limit < 0
    stack = [(value, 0)]
    while stack:
        item, depth = stack.pop()
        if depth > limit:
            return True
        deeper = depth + 1
        children = item.values() if type(item) is dict else item
        if children and deeper > limit:  # a value one level down, container or not
            return True
        for child in children:
            if type(child) in _CONTAINERS:
                stack.append((child, deeper))
    return False


_CONTAINERS = frozenset((dict, list))


def _is_journal_header(line: str) -> bool:
    try:
        header = json.loads(line)
    except json.JSONDecodeError:
        return False
    return isinstance(header, dict) and header.get("format") == JOURNAL_FORMAT


def _find_sessions(data: Any) -> list[dict]:
    if isinstance(data, dict) and "format" in data:
        return [data]
    if isinstance(data, list):
        return [item for item in data if isinstance(item, dict) and "format" in item]
    if not _is_tinydb_database(data):
        return []
    return _sessions_in_database(data)


def _is_tinydb_database(data: Any) -> bool:
    """A TinyDB JSON database is {table: {doc_id: document}}."""
    return isinstance(data, dict) and all(isinstance(table, dict) for table in data.values())


def _sessions_in_database(tables: dict) -> list[dict]:
    """Session documents stored whole in any table, then those rebuilt from this store's tables."""
    found = [
        doc
        for table in tables.values()
        for doc in table.values()
        if isinstance(doc, dict) and doc.get("format") == SESSION_FORMAT
    ]
    for doc_id, record in tables.get(SESSIONS, {}).items():
        if isinstance(record, dict) and doc_id.isdigit():
            found.append(_document_from_tables(tables, int(doc_id), record))
    return found


def _document_from_tables(tables: dict, session_id: int, record: dict) -> dict:
    """Rebuild a session document from this store's table layout (sessions, log-<id>, history)."""
    log = tables.get(log_table(session_id), {})
    entries = [log[key] for key in sorted(log, key=lambda key: int(key) if key.isdigit() else -1)]
    result = next(
        (doc for doc in tables.get(HISTORY, {}).values() if isinstance(doc, dict) and doc.get("session") == session_id),
        {},
    )
    return {
        "format": SESSION_FORMAT,
        "version": SESSION_VERSION,
        **{key: record[key] for key in ("game", "options", "seed") if key in record},
        "entries": entries,
        "meta": {
            "id": session_id,
            "started": record.get("started"),
            "finished": result.get("finished"),
            "seats": record.get("seats"),
            "scores": result.get("scores"),
            "winner": result.get("winner"),
        },
    }
