"""Box facts of Gheos, read from ``data/box.toml``: the numbers of the game, the six colours and
the defaults of the rulebook's open questions.

They are data, not code, so a table whose box differs can correct an unverified value without
touching the rules. A broken or incomplete file fails at load with an error naming the entry.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, NoReturn

from ...engine import Msg
from ..boxfile import BoxDataError, Reading, read_toml, require_exactly, typed

BOX_FILE = Path(__file__).parent / "data" / "box.toml"

FACTS = (
    "followers_per_colour",
    "tokens_per_player",
    "tiles",
    "epoch_tiles",
    "start_tiles",
    "hand",
    "epoch_limit_2",
    "epoch_limit_3",
    "epoch_limit_4",
)
COLOURS = ("red", "green", "yellow", "blue", "black", "white")
# the readings of the digest's open questions U1-U9, in that order
READINGS = (
    "count_limit",
    "found_zero_wheat",
    "found_cap",
    "temple_mode",
    "temple_requires_occupied",
    "end_after_last_token",
    "war_and_migration_cost",
    "hide_scores",
    "on_empty_stack",
)


@dataclass(frozen=True)
class Colour:
    id: str
    name: Msg  # cs: the feminine adjective, "červená"
    code: str  # the pad key that picks it, 1-6
    verified: bool


@dataclass(frozen=True)
class Box:
    facts: dict[str, int]
    colours: dict[str, Colour]  # in pad-code order
    readings: dict[str, Reading]

    def epoch_limit(self, seats: int) -> int:
        return self.facts[f"epoch_limit_{seats}"]


def _fail(where: str, problem: str) -> NoReturn:
    raise BoxDataError(f"{BOX_FILE.name}: {where} {problem}")


def _get(table: Any, where: str, key: str, kind: type | tuple[type, ...]) -> Any:
    return typed(BOX_FILE.name, where, table, key, kind)


def parse(root: dict) -> Box:
    """Check a parsed file and build the Box."""
    facts_table = _get(root, "file", "facts", dict)
    require_exactly(BOX_FILE.name, "[facts]", list(facts_table), FACTS)
    facts = {}
    for name in FACTS:
        facts[name] = _get(facts_table[name], f"fact '{name}'", "value", int)
        _get(facts_table[name], f"fact '{name}'", "verified", bool)
        if facts[name] < 1:
            _fail(f"fact '{name}'", "must be at least 1")
    raw_colours = _get(root, "file", "colour", list)
    require_exactly(BOX_FILE.name, "colours", [_get(c, "colour", "id", str) for c in raw_colours], COLOURS)
    colours = {}
    for code, raw in enumerate(raw_colours, start=1):
        where = f"colour '{raw['id']}'"
        colours[raw["id"]] = Colour(
            raw["id"],
            Msg(_get(raw, where, "cs", str), _get(raw, where, "en", str)),
            str(code),
            _get(raw, where, "verified", bool),
        )
        if not raw["cs"].endswith("á"):
            _fail(where, "'cs' must be the feminine adjective (ending in á): the texts decline it")
    rules = _get(root, "file", "rules", dict)
    require_exactly(BOX_FILE.name, "[rules]", list(rules), READINGS)
    readings = {}
    for name in READINGS:
        where = f"rule '{name}'"
        readings[name] = Reading(
            name,
            _get(rules[name], where, "value", (bool, int, str)),
            _get(rules[name], where, "verified", bool),
            _get(rules[name], where, "question", str),
            _get(rules[name], where, "note", str),
        )
    return Box(facts, colours, readings)


def load_box(path: Path | str = BOX_FILE) -> Box:
    return parse(read_toml(path))


BOX: Box = load_box()
