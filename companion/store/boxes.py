"""What a table has taught the companion about its own box, kept between sessions.

One JSON file per game in ``<data>/box/<game>.json``, in the shape of the game's ``box`` setup
option (for a game whose box data is a TOML file, the shape of that file). A new session of that
game gets it as its ``box`` option, so facts entered once on the device (a tile's roads, a
corrected piece of the island) are not asked again. Each session still stores its own options
and log, so replaying an old session never depends on this file.

The file is a convenience, not the record: the session logs hold every fact. So it is written
without fsync (a temporary file renamed over it, off the durable path of a key press), and a
file a crash left unreadable is moved aside and rebuilt from the latest session of that game
when a ``rebuild`` function is given (``Store.learned_box``).

Memory that parses but that the game cannot use (wrong value types, unknown pieces: the game's
``box.memory_problem``, handed in as ``check``: the store imports no game) is moved aside too,
never handed to a session; ``problem(game)`` then says so in both languages for the panel.
"""

from __future__ import annotations

import contextlib
import copy
import fcntl
import json
import logging
import os
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ..engine.i18n import Msg
from .journal import NotReadable, fsync_directory, loads, read_regular
from .rules import NO_GAMES

log = logging.getLogger(__name__)
NAME = re.compile(r"^[a-z][a-z0-9_]*$")


# The game's own check of saved memory (``GameRules.memory_problem``: ``Game.memory_problem``),
# handed in by the caller; without one, no memory is refused.
MemoryCheck = Callable[[str, Any], "str | None"]
NO_CHECK: MemoryCheck = NO_GAMES.memory_problem


MAX_BOX_FILE = 4 << 20  # a game's box memory: kilobytes; 4 MiB is far past any game's facts


def read_box_text(path: Path) -> str:
    """A box file's text, read as every store file is: a regular file within ``MAX_BOX_FILE``
    (a FIFO or a device in its place is refused, an OSError, before anything is read)."""
    return read_regular(path, MAX_BOX_FILE).decode("utf-8")


class BoxFiles:
    """``repair=False`` (the command line): memory that cannot be used is reported, never moved
    aside nor rebuilt; the table's own repair path does that at its next game."""

    def __init__(
        self,
        directory: os.PathLike | str,
        rebuild: Callable[[str], dict] | None = None,
        check: MemoryCheck = NO_CHECK,
        *,
        repair: bool = True,
    ):
        self.directory = Path(directory)
        self.rebuild = rebuild
        self.memory_problem = check
        self.repair = repair
        self._problems: dict[str, Msg] = {}
        # What this process last loaded or saved per game: ``save`` writes only what changed
        # since, onto the file as it is now, so another process's changes (``companion box
        # --import`` / ``--forget`` while the table runs) are kept, not overwritten.
        self._base: dict[str, dict] = {}

    def path(self, game: str) -> Path:
        if not NAME.match(game):
            raise ValueError(f"not a game name: {game!r}")
        return self.directory / f"{game}.json"

    def load(self, game: str) -> dict:
        """The memory for a new session: what this table learned, over the checked file
        shipped with the game (if any; the table's own facts win). Own memory that cannot be
        used is moved aside and ``problem(game)`` says so; the checked file still applies."""
        checked, _ = shipped_checked(game, self.memory_problem)
        own = self._own(game)
        if checked:
            merged, _, _ = merge_memory(own, checked)  # own facts kept where they differ
            own = merged if self.memory_problem(game, merged) is None else own
        self._base[game] = copy.deepcopy(own)
        return own

    def _own(self, game: str) -> dict:
        """This table's memory file; {} when there is none or it cannot be used."""
        self._problems.pop(game, None)
        path = self.path(game)
        not_text: UnicodeDecodeError | None = None
        raw = ""
        try:
            raw = read_box_text(path)
        except FileNotFoundError:
            return {}
        except OSError as error:
            log.error("cannot read %s: %s; starting from the shipped box data", path, error)
            return {}
        except UnicodeDecodeError as error:
            not_text = error  # not text: damaged like unparsable JSON
        try:
            if not_text is not None:
                raise ValueError(f"not UTF-8 text (bad byte at offset {not_text.start})")
            box = loads(raw)
            if not isinstance(box, dict):
                raise ValueError("the top level is not an object")
        except (ValueError, RecursionError) as error:
            if not self.repair:
                return {}
            aside = self._aside(path)
            log.error("%s is not valid box data (%s); moved to %s", path, error, aside.name)
            rebuilt = self._rebuilt(game, aside)
            self._problems[game] = (
                Msg(
                    f"Poškozená data krabice odložena: box/{aside.name}; obnovena z poslední hry",
                    f"Damaged box data moved aside: box/{aside.name}; rebuilt from the last game",
                )
                if rebuilt
                else Msg(
                    f"Poškozená data krabice odložena: box/{aside.name}",
                    f"Damaged box data moved aside: box/{aside.name}",
                )
            )
            return rebuilt
        problem = self.memory_problem(game, box)
        if problem and not self.repair:
            return {}
        if problem:
            aside = self._aside(path)
            log.error(
                "%s cannot be used (%s); moved to %s, starting from the shipped box data", path, problem, aside.name
            )
            self._problems[game] = Msg(
                f"Vadná data krabice odložena: box/{aside.name}", f"Bad box data moved aside: box/{aside.name}"
            )
            return {}
        return box

    def problem(self, game: str) -> Msg | None:
        """Why the last ``load(game)`` set the saved memory aside (for the panel), or None."""
        return self._problems.get(game)

    def check(self, game: str) -> str | None:
        """What is wrong with the saved file, without changing anything (``companion box``)."""
        path = self.path(game)
        try:
            box = loads(read_box_text(path))
        except FileNotFoundError:
            return None
        except OSError as error:
            return f"unreadable: it {error}" if isinstance(error, NotReadable) else f"unreadable ({error.strerror})"
        except (ValueError, RecursionError) as error:
            return f"unreadable ({error})"
        if not isinstance(box, dict):
            return "the top level is not an object"
        return self.memory_problem(game, box)

    def save(self, game: str, box: dict) -> None:
        """Write what changed since this process last loaded or saved ``game`` onto the file as
        it is now (under the directory's lock, so the table and ``companion box`` never
        overwrite each other's facts); rename: whole or old; no fsync: the log is the record."""
        path = self.path(game)
        self.directory.mkdir(parents=True, exist_ok=True)
        with self._locked():
            for stale in self.directory.glob(f".{path.name}.tmp-*"):  # a killed writer's: none runs now
                stale.unlink(missing_ok=True)
            current = self._current(path)
            merged = apply_changes(current, self._base.get(game, {}), box)
            data = json.dumps(merged, ensure_ascii=False, indent=1, sort_keys=True).encode("utf-8") + b"\n"
            temp = path.with_name(f".{path.name}.tmp-{os.urandom(6).hex()}")
            try:
                temp.write_bytes(data)
                os.replace(temp, path)
            except BaseException:
                temp.unlink(missing_ok=True)
                raise
        self._base[game] = copy.deepcopy(box)

    def forget(self, game: str) -> bool:
        """Delete what was learned (the CLI's ``box --forget``); True if there was a file."""
        self._problems.pop(game, None)
        self._base.pop(game, None)
        with self._locked():
            try:
                self.path(game).unlink()
            except FileNotFoundError:
                return False
            fsync_directory(self.directory)
        return True

    def _current(self, path: Path) -> dict:
        """The file as it is now; {} when there is none or it is unreadable (``load`` sets such a
        file aside and says so; writing over it here loses nothing ``load`` would have used)."""
        try:
            current = loads(read_box_text(path))
        except (OSError, ValueError, RecursionError):
            return {}
        return current if isinstance(current, dict) else {}

    @contextlib.contextmanager
    def _locked(self):
        """The box directory's lock: one read-change-write at a time across processes (held for
        milliseconds; a question on a terminal never holds it)."""
        self.directory.mkdir(parents=True, exist_ok=True)
        fd = os.open(self.directory / ".lock", os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o644)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX)
            yield
        finally:
            os.close(fd)  # releases the lock

    def _rebuilt(self, game: str, aside: Path) -> dict:
        """A file a crash left unreadable: the latest session of the game knows the facts."""
        if self.rebuild is None:
            return {}
        try:
            box = self.rebuild(game) or {}
        except Exception as error:  # the memory is a convenience: start from the shipped data
            log.error("cannot rebuild the box memory of %s: %s", game, error)
            return {}
        if box and self.memory_problem(game, box) is None:
            self._base.pop(game, None)  # the file was set aside: write every fact, not a change
            self.save(game, box)
            log.warning("rebuilt %s from the latest %s session", self.path(game).name, game)
            return box
        return {}

    @staticmethod
    def _aside(path: Path) -> Path:
        n = 1
        while (aside := path.with_name(f"{path.name}.bad-{n}")).exists():
            n += 1
        os.replace(path, aside)
        return aside


# -- sharing what was taught: export, import, the checked file shipped with a game -------------------
SHARE_FORMAT = "companion-box"
SHARE_VERSION = 1
FACT_DEPTH = 3  # group . piece . fact: deeper tables (a cost, a layout's map) are one fact
META = ("source", "verified", "confirmed")  # marks on an entry, not printed facts
CHECKED_FILE = "checked-box.json"  # companion/games/<game>/data/: a checked file shipped


class BoxShareError(ValueError):
    """A box file that cannot be imported, in one line (nothing was changed)."""


def share_document(game: str, memory: dict, checked_by: str | None = None) -> dict:
    """What ``companion box GAME --export`` writes: the memory, the game, and who checked it
    (a file sent to the project for shipping names its checker and is marked verified)."""
    return {
        "format": SHARE_FORMAT,
        "version": SHARE_VERSION,
        "game": game,
        "checked_by": checked_by or None,
        "verified": bool(checked_by),
        "box": memory,
    }


def read_share(game: str, text: str, name: str = "the file", check: MemoryCheck = NO_CHECK) -> tuple[dict, dict]:
    """(box memory, the document's marks) from an exported file, or a bare memory (the shape
    ``companion box GAME`` prints); BoxShareError says in one line why it cannot be used."""
    try:
        doc = loads(text)
    except RecursionError:
        raise BoxShareError(f"{name} is nested too deeply to be box data") from None
    except json.JSONDecodeError as error:
        raise BoxShareError(f"{name} is not JSON ({error.msg} at line {error.lineno})") from None
    except ValueError as error:  # NaN, Infinity
        raise BoxShareError(f"{name} is not box data: {error}") from None
    if not isinstance(doc, dict):
        raise BoxShareError(f"{name} is not box data: the top level is not an object")
    marks = {}
    if doc.get("format") == SHARE_FORMAT:
        if doc.get("version") != SHARE_VERSION:
            raise BoxShareError(
                f"{name} is box data of version {doc.get('version')!r}; this companion reads {SHARE_VERSION}"
            )
        if doc.get("game") != game:
            raise BoxShareError(f"{name} is box data for {doc.get('game')!r}, not {game!r}")
        checked_by, verified = doc.get("checked_by"), doc.get("verified", False)
        if checked_by is not None and not (isinstance(checked_by, str) and _is_checker(checked_by)):
            raise BoxShareError(
                f"{name}: 'checked_by' must be the name of who checked the facts (text, 1 to "
                f"{CHECKER_LONGEST} printable characters) or null, not {checked_by!r:.40}"
            )
        if not isinstance(verified, bool):
            raise BoxShareError(f"{name}: 'verified' must be true or false, not {verified!r:.40}")
        if verified and not checked_by:
            raise BoxShareError(f"{name}: 'verified' is true but 'checked_by' names nobody")
        marks = {"checked_by": checked_by, "verified": verified}
        doc = doc.get("box")
        if not isinstance(doc, dict):
            raise BoxShareError(f"{name}: 'box' is not an object")
    problem = check(game, doc)
    if problem:
        raise BoxShareError(f"{name} cannot be used for {game}: {problem}")
    return doc, marks


CHECKER_LONGEST = 80


def _is_checker(name: str) -> bool:
    return 0 < len(name.strip()) <= CHECKER_LONGEST and name.isprintable()


def merge_memory(mine: dict, theirs: dict) -> tuple[dict, list[tuple[str, object, object]], int]:
    """Theirs merged into mine, fact by fact: (merged with mine kept where they differ, the
    conflicts as (path, mine, theirs), how many facts were added). An entry's marks (source,
    verified; confirmed lists are joined) follow its facts."""
    merged = copy.deepcopy(mine)
    conflicts: list[tuple[str, object, object]] = []
    added = _merge_into(merged, theirs, (), conflicts)
    return merged, conflicts, added


def _merge_into(target: dict, theirs: dict, path: tuple, conflicts: list) -> int:
    added = 0
    for key, value in theirs.items():
        here = (*path, str(key))
        if key not in target:
            target[key] = copy.deepcopy(value)
            added += _facts_in(value, len(here))
        elif len(here) < FACT_DEPTH and isinstance(value, dict) and isinstance(target[key], dict):
            added += _merge_into(target[key], value, here, conflicts)
        elif len(here) == FACT_DEPTH and key in META:
            if key == "confirmed" and isinstance(value, list) and isinstance(target[key], list):
                target[key] = target[key] + [v for v in value if v not in target[key]]
        elif target[key] != value:
            conflicts.append((".".join(here), target[key], value))
    return added


def _flat(tree: dict, prefix: tuple = ()) -> dict[tuple, object]:
    """Every fact of a memory by its path (group, piece, fact): deeper tables are one fact."""
    facts: dict[tuple, object] = {}
    for key, value in tree.items():
        path = (*prefix, key)
        if isinstance(value, dict) and value and len(path) < FACT_DEPTH:
            facts.update(_flat(value, path))
        else:
            facts[path] = value
    return facts


def apply_changes(current: dict, before: dict, after: dict) -> dict:
    """``current`` with what changed from ``before`` to ``after``, fact by fact: a fact
    ``after`` changed or added is written; one it dropped is removed if ``current`` still
    holds it as it was. Facts only ``current`` has (another process's) are kept."""
    result = copy.deepcopy(current)
    old, new = _flat(before), _flat(after)
    for path, value in old.items():
        if path not in new and _get(result, path) == value:
            _remove(result, path)
    for path, value in new.items():
        if path not in old or old[path] != value:
            _put(result, path, copy.deepcopy(value))
    return result


_MISSING = object()


def _get(tree: dict, path: tuple) -> object:
    for key in path:
        if not isinstance(tree, dict) or key not in tree:
            return _MISSING
        tree = tree[key]
    return tree


def _put(tree: dict, path: tuple, value: object) -> None:
    for key in path[:-1]:
        if not isinstance(tree.get(key), dict):
            tree[key] = {}
        tree = tree[key]
    tree[path[-1]] = value


def _remove(tree: dict, path: tuple) -> None:
    parents = []
    for key in path[:-1]:
        parents.append((tree, key))
        tree = tree[key]
    del tree[path[-1]]
    for parent, key in reversed(parents):  # a group or piece left empty goes too
        if parent[key]:
            break
        del parent[key]


def _facts_in(value, depth: int) -> int:
    if depth < FACT_DEPTH and isinstance(value, dict):
        return sum(_facts_in(v, depth + 1) for v in value.values())
    return 1


def take_theirs(merged: dict, theirs: dict, path: str) -> None:
    """Resolve a conflict for theirs: their fact, and their marks on that entry."""
    keys = path.split(".")
    target, source = merged, theirs
    for key in keys[:-1]:
        target, source = target[key], source[key]
    target[keys[-1]] = copy.deepcopy(source[keys[-1]])
    if len(keys) == FACT_DEPTH:
        for mark in ("source", "verified"):
            if mark in source:
                target[mark] = copy.deepcopy(source[mark])


def shipped_checked(game: str, check: MemoryCheck = NO_CHECK) -> tuple[dict, dict]:
    """The checked file shipped with a game (``data/checked-box.json``), if any: (its memory,
    its marks); ({}, {}) when there is none or it cannot be used (logged, never a crash)."""
    if not NAME.match(game):
        return {}, {}
    path = Path(__file__).resolve().parent.parent / "games" / game / "data" / CHECKED_FILE
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return {}, {}
    except (OSError, UnicodeDecodeError) as error:
        log.error("cannot read the shipped checked box file %s: %s", path, error)
        return {}, {}
    try:
        return read_share(game, text, path.name, check)
    except BoxShareError as error:
        log.error("the shipped checked box file is not used: %s", error)
        return {}, {}
