"""Reading a game's box file, shared by the games that check their box data when it loads.

A box file is data a table may correct, so a broken one must fail with one line that names the
file and the entry, never with a traceback from deep inside the rules.
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, NoReturn, TypeGuard

from ..engine import Msg, plural


class BoxDataError(ValueError):
    """A box file is broken or incomplete; the message is one line naming the file and the entry."""


@dataclass(frozen=True)
class Reading:
    """The reading a box file gives one open question of a rulebook: the value the game uses,
    whether it is verified, the question and why it reads so."""

    name: str
    default: Any
    verified: bool
    question: str
    note: str


def read_toml(path: Path | str) -> dict[str, Any]:
    """The parsed file; a missing or unreadable file, or bad TOML, is a BoxDataError."""
    path = Path(path)
    try:
        with path.open("rb") as handle:
            return tomllib.load(handle)
    except OSError as error:
        raise BoxDataError(f"{path.name}: cannot be read ({error.strerror})") from None
    except tomllib.TOMLDecodeError as error:
        raise BoxDataError(f"{path.name}: is not valid TOML ({error})") from None


def typed(source: str, where: str, table: Any, key: str, kind: type | tuple[type, ...]) -> Any:
    """``table[key]``, which must be of ``kind`` (one type or several; true/false is never a
    number). ``source`` and ``where`` name the file and the entry in the error."""
    if not isinstance(table, dict):
        raise BoxDataError(f"{source}: {where} is not a table")
    if key not in table:
        raise BoxDataError(f"{source}: {where} has no '{key}'")
    value = table[key]
    kinds = kind if isinstance(kind, tuple) else (kind,)
    if (isinstance(value, bool) and bool not in kinds) or not isinstance(value, kinds):
        names = " or ".join(k.__name__ for k in kinds)
        raise BoxDataError(f"{source}: {where} '{key}' must be {names}, not {value!r}")
    return value


def id_differences(found: list, expected: Iterable[Any]) -> tuple[list[Any], list[Any], list[Any]]:
    """How the ids ``found`` differ from ``expected``: (missing, unknown, defined twice), each in
    the order the ids come (the ids defined twice sorted), empty lists when they match."""
    expected = list(expected)
    missing = [e for e in expected if e not in found]
    extra = [f for f in found if f not in expected]
    twice: list[Any] = []
    for f in found:
        if found.count(f) > 1 and f not in twice:  # ids may be unhashable (a list where one was due)
            twice.append(f)
    return missing, extra, sorted(twice, key=str)


def require_exactly(source: str, what: str, found: list, expected: Iterable[Any]) -> None:
    """The ids ``found`` in the file must be exactly ``expected``, each once: the rules refer to
    them by id. The error names the first kind of problem (missing, unknown, defined twice)."""
    missing, extra, twice = id_differences(found, expected)
    missing, extra, twice = list(map(str, missing)), list(map(str, extra)), sorted(set(map(str, twice)))
    for problem, items in (("missing", missing), ("unknown", extra), ("defined twice", twice)):
        if items:
            raise BoxDataError(f"{source}: {what} {problem}: {', '.join(items)}")


def fail(source: str, where: str, problem: str) -> NoReturn:
    """A broken entry: one line naming the file (``source``), the entry and the problem."""
    raise BoxDataError(f"{source}: {where} {problem}")


class Table:
    """One table of a box file (``where`` names it: "[facts]", "land 'forest'"), read with the
    types the rules expect; every error names the file and the entry. A game's loader reads its
    file through these into its own frozen records."""

    def __init__(self, source: str, where: str, table: Any):
        self.source, self.where = source, where
        if not isinstance(table, dict):
            self.fail("is not a table")
        self.table: dict[str, Any] = table

    def fail(self, problem: str) -> NoReturn:
        fail(self.source, self.where, problem)

    def get(self, key: str, kind: type | tuple[type, ...]) -> Any:
        """The value of ``key``, of ``kind`` (see ``typed``)."""
        return typed(self.source, self.where, self.table, key, kind)

    def sub(self, key: str, where: str) -> Table:
        """The table under ``key``, named ``where`` in errors."""
        return Table(self.source, where, self.get(key, dict))

    def msg(self, key: str | None = None) -> Msg:
        """A text players read: this table's (or ``key``'s) ``cs`` and ``en``."""
        table = self if key is None else self.sub(key, f"{self.where} '{key}'")
        return Msg(table.get("cs", str), table.get("en", str))

    def list_of(self, key: str, kind: type) -> list:
        """A non-empty list of ``kind`` (true/false is never a number)."""
        values = self.get(key, list)
        if not values or any(isinstance(v, bool) or not isinstance(v, kind) for v in values):
            self.fail(f"'{key}' must be a non-empty list of {kind.__name__}")
        return values


# -- checking a whole file and naming every problem, in Czech and English -----------------------
def is_whole(value: Any, least: int = 0) -> TypeGuard[int]:
    """A whole number of at least ``least`` (true/false is never a number)."""
    return isinstance(value, int) and not isinstance(value, bool) and value >= least


def problem(entry: str, cs: str, en: str, **values: Any) -> Msg:
    """One problem as players read it: a sentence in Czech and English, each starting with the
    entry's name (``entry``, the same in both), its ``{fields}`` filled from ``values``."""
    return Msg(f"{entry}: ", f"{entry}: ") + Msg(cs, en).format(**values)


class BoxProblems(BoxDataError):
    """A box file with problems: the message is the first one in one line naming the file and
    the entry; ``problems`` holds every one, in Czech and English, in the order found."""

    def __init__(self, source: str, problems: list[Msg]):
        super().__init__(f"{source}: {problems[0].en}")
        self.source = source
        self.problems = list(problems)

    def summary(self) -> Msg:
        """The first problem and how many more there are: 'x: y (and 2 more)'."""
        return self.problems[0] + more(len(self.problems) - 1)


def more(count: int) -> Msg:
    """' (a ještě 2 další problémy)' / ' (and 2 more)'; nothing for none."""
    if count == 0:
        return Msg("", "")
    noun = plural(count, "další problém", "další problémy", "dalších problémů")
    return Msg(f" (a ještě {count} {noun})", f" (and {count} more)")


class Problems:
    """Every problem of a box file, collected in the order found instead of stopping at the first
    (a file a table corrects by hand is fixed faster when it sees all of them)."""

    def __init__(self, source: str):
        self.source = source
        self.found: list[Msg] = []

    def add(self, entry: str, cs: str, en: str, **values: Any) -> None:
        self.found.append(problem(entry, cs, en, **values))

    def entry(self, name: str, table: Any) -> Entry | None:
        """The table named ``name``, read field by field; None (and a problem) if it is not a
        table, so there is nothing more to check in it."""
        if not isinstance(table, dict):
            self.add(name, "má být tabulka", "must be a table")
            return None
        return Entry(self, name, table)

    def exactly(self, found: list, expected: Iterable[Any]) -> tuple[list[Any], list[Any], list[Any]]:
        """(missing, unknown, defined twice) ids, as ``require_exactly`` sees them, for the
        caller to name each in its own words."""
        return id_differences(found, expected)

    def raise_any(self) -> None:
        """A BoxProblems holding every problem found, if any was."""
        if self.found:
            raise BoxProblems(self.source, self.found)


class Entry:
    """One table of a box file checked field by field: each wrong field is a problem named
    ``entry.field``, collected in ``problems``; each check says whether the field is right."""

    def __init__(self, problems: Problems, name: str, table: dict[str, Any]):
        self.problems, self.name, self.table = problems, name, table

    def add(self, field: str | None, cs: str, en: str, **values: Any) -> None:
        """A problem of the field (or, with None, of the whole entry)."""
        self.problems.add(self.name if field is None else f"{self.name}.{field}", cs, en, **values)

    def whole(self, key: str, least: int = 0) -> bool:
        if is_whole(self.table.get(key), least):
            return True
        self.add(key, "má být celé číslo", "must be a whole number")
        return False

    def flag(self, key: str) -> bool:
        if isinstance(self.table.get(key), bool):
            return True
        self.add(key, "má být true nebo false", "must be true or false")
        return False

    def text(self, key: str, cs: str, en: str) -> bool:
        """A non-empty text; ``cs`` and ``en`` say what it should hold."""
        value = self.table.get(key)
        if isinstance(value, str) and value:
            return True
        self.add(key, cs, en)
        return False

    def sub(self, key: str) -> Entry | None:
        """The table under ``key`` (an absent one reads as empty), named ``entry.key``."""
        return self.problems.entry(f"{self.name}.{key}", self.table.get(key, {}))
