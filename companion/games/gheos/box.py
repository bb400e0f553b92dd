"""Box facts of Gheos, read from ``data/box.toml``: the numbers of the game, the six colours and
the defaults of the rulebook's open questions.

They are data, not code, so a table whose box differs can correct an unverified value without
touching the rules. A broken or incomplete file fails at load with an error naming the entry.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ...engine import Msg
from ..boxfile import BoxDataError, Reading, Table, read_toml, require_exactly

__all__ = ["BOX", "BOX_FILE", "COLOURS", "FACTS", "READINGS", "Box", "BoxDataError", "Colour", "load_box", "parse"]

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


def parse(raw: dict) -> Box:
    """Check a parsed file and build the Box."""
    source = BOX_FILE.name
    root = Table(source, "file", raw)
    facts_table = root.get("facts", dict)
    require_exactly(source, "[facts]", list(facts_table), FACTS)
    facts = {}
    for name in FACTS:
        fact = Table(source, f"fact '{name}'", facts_table[name])
        facts[name] = fact.get("value", int)
        fact.get("verified", bool)
        if facts[name] < 1:
            fact.fail("must be at least 1")
    raw_colours = root.get("colour", list)
    require_exactly(source, "colours", [Table(source, "colour", c).get("id", str) for c in raw_colours], COLOURS)
    colours = {}
    for code, entry in enumerate(raw_colours, start=1):
        colour = Table(source, f"colour '{entry['id']}'", entry)
        colours[entry["id"]] = Colour(entry["id"], colour.msg(), str(code), colour.get("verified", bool))
        if not entry["cs"].endswith("á"):
            colour.fail("'cs' must be the feminine adjective (ending in á): the texts decline it")
    rules = root.get("rules", dict)
    require_exactly(source, "[rules]", list(rules), READINGS)
    readings = {}
    for name in READINGS:
        rule = Table(source, f"rule '{name}'", rules[name])
        readings[name] = Reading(
            name,
            rule.get("value", (bool, int, str)),
            rule.get("verified", bool),
            rule.get("question", str),
            rule.get("note", str),
        )
    return Box(facts, colours, readings)


def load_box(path: Path | str = BOX_FILE) -> Box:
    return parse(read_toml(path))


BOX: Box = load_box()
