"""Reading a game's box file, shared by the games that check their box data when it loads.

A box file is data a table may correct, so a broken one must fail with one line that names the
file and the entry, never with a traceback from deep inside the rules.
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, NoReturn

from ..engine import Msg


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


def require_exactly(source: str, what: str, found: list, expected: Iterable[Any]) -> None:
    """The ids ``found`` in the file must be exactly ``expected``, each once: the rules refer to
    them by id. The error names the first kind of problem (missing, unknown, defined twice)."""
    expected = list(expected)
    missing = [str(e) for e in expected if e not in found]
    extra = [str(f) for f in found if f not in expected]
    twice = sorted({str(f) for f in found if found.count(f) > 1})
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
