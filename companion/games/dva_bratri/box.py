"""The box as data: sets, buildings, the 54 tiles and the 10 treasure tokens.

Per-tile facts are not public, so a fact comes from (first match wins): what was learned in this
game (state["learned"]), the box overrides given as a setup option (state["box"]), the shipped
catalog. A fact known nowhere raises NeedFacts: the game then asks the table instead of guessing.
"""

from __future__ import annotations

import copy
from functools import lru_cache
from pathlib import Path

from ...engine import Ask, Msg
from ..boxfile import read_toml

DATA = Path(__file__).parent / "data"
COLOURS = ("green", "grey", "yellow")
# How a session asks about the box (option ``asking``; see game.py): recorded before the levels
# existed, the fewest questions, and the cost checked first with tiles typed by number.
ASKING_RECORDED, ASKING_FEWEST, ASKING_COST_FIRST = 1, 2, 3
RESOURCE_ORDER = ("wood", "stone", "grain")  # as costs are printed, asked and shown
RESOURCES = {"green": "wood", "grey": "stone", "yellow": "grain"}
EDGES = ("N", "E", "S", "W")
TILE_FIELDS = ("building", "colour", "cost", "roads", "params")
TREASURE_FIELDS = ("kind", "need")
TILES_IN_GAME = 27  # 3 sets of 9
SUPPLY_AT_SETUP = TILES_IN_GAME - 7  # the start tile and the 6 tiles of the offer are out


def learn_task(tile: str, fields, **extra) -> dict:
    """The queued task that asks the table for ``fields`` of ``tile`` (steps.learning);
    ``extra`` adds what its asker needs (``resume``, ``expect``, ``relearn``, ``before``)."""
    return {"t": "learn", "tile": tile, "fields": list(fields), "partial": {}, **extra}


class NeedFacts(Ask):
    """A rule needs facts about a tile that nobody has told the companion yet. (A treasure's
    condition is asked by its own task when the token is drawn, before any rule reads it.)

    The engine's standard interruption: the move is undone, this learning task goes to the head
    of the queue, and the move is carried out again once the table has told the facts."""

    def __init__(self, tile: str, fields: list[str]):
        super().__init__(learn_task(tile, fields))


@lru_cache(maxsize=1)
def tiles_file() -> dict:
    return read_toml(DATA / "tiles.toml")


@lru_cache(maxsize=1)
def treasures_file() -> dict:
    return read_toml(DATA / "treasures.toml")


def sets() -> dict:
    return tiles_file()["sets"]


def buildings() -> dict:
    return tiles_file()["buildings"]


@lru_cache(maxsize=1)
def tile_entries() -> dict[str, dict]:
    """id -> the shipped entry (verified fields only; fields listed in ``unknown`` are absent)."""
    out = {}
    for entry in tiles_file()["tiles"]:
        known = {k: v for k, v in entry.items() if k not in ("id", "unknown")}
        out[entry["id"]] = known
    return out


@lru_cache(maxsize=1)
def treasure_entries() -> dict[str, dict]:
    return {e["id"]: {k: v for k, v in e.items() if k not in ("id", "unknown")} for e in treasures_file()["treasures"]}


def unknown_in_catalog() -> dict[str, list[str]]:
    """Which shipped facts are unknown, per tile and token id (for docs and the report)."""
    out = {e["id"]: list(e.get("unknown", ())) for e in tiles_file()["tiles"]}
    out.update({e["id"]: list(e.get("unknown", ())) for e in treasures_file()["treasures"]})
    return out


def set_tiles(set_key: str) -> list[str]:
    return [tid for tid, e in tile_entries().items() if e["set"] == set_key]


# -- what a session learns ---------------------------------------------------------------------
def learn(state: dict, group: str, ident: str, facts: dict | None) -> None:
    """Set what the session learned of one tile or treasure token (None: forget it). The copy
    an action works on shares ``learned`` with the state before it (``Game.shared_parts``), so
    it is replaced, never changed in place; the facts are copied in, never aliased."""
    learned = state["learned"]
    entries = dict(learned[group])
    if facts is None:
        entries.pop(ident, None)
    else:
        entries[ident] = copy.deepcopy(facts)
    state["learned"] = {**learned, group: entries}


def learn_fact(state: dict, group: str, ident: str, field: str, value) -> None:
    """One more fact of a tile or token (see ``learn``)."""
    learn(state, group, ident, {**state["learned"][group].get(ident, {}), field: value})


# -- looking facts up ------------------------------------------------------------------------
def _lookup(state: dict, group: str, ident: str, field: str, shipped: dict):
    for source in (state["learned"][group], state["box"].get(group, {})):
        facts = source.get(ident)
        if facts and field in facts:
            return True, facts[field]
    entry = shipped.get(ident, {})
    if field in entry:
        return True, entry[field]
    return False, None


def known(state: dict, tile: str, field: str) -> bool:
    return _lookup(state, "tiles", tile, field, tile_entries())[0]


def fact(state: dict, tile: str, field: str):
    """A tile's fact; raises NeedFacts when it is unknown."""
    found, value = _lookup(state, "tiles", tile, field, tile_entries())
    if not found:
        raise NeedFacts(tile, [field])
    return value


def need(state: dict, tile: str, fields) -> None:
    """Raise NeedFacts for all of ``fields`` that are unknown, so they are asked in one go."""
    missing = [f for f in fields if not known(state, tile, f)]
    if missing:
        raise NeedFacts(tile, missing)


def placement_fields(state: dict, tile: str) -> list[str]:
    """Facts a face-up tile needs on the board: roads and its effect's parameters."""
    fields = ["roads"]
    if buildings()[fact(state, tile, "building")]["params"]:
        fields.append("params")
    return fields


def treasure_fact(state: dict, token: str, field: str):
    """A token's condition; unknown: its own question (the token's task on its place), never a
    tile's learning task."""
    found, value = _lookup(state, "treasures", token, field, treasure_entries())
    if not found:
        raise Ask(treasure_task(state, token))
    return value


def treasure_task(state: dict, token: str) -> dict:
    """The queued question that asks a drawn token's condition where it lies."""
    place = next((k for k, cell in state["board"].items() if cell.get("treasure") == token), None)
    if place is None:
        raise LookupError(f"treasure {token}: its condition is unknown and it lies nowhere on the board")
    return {"t": "treasure", "at": place, "token": token, "partial": {}}


def treasure_field_known(state: dict, token: str, field: str) -> bool:
    return _lookup(state, "treasures", token, field, treasure_entries())[0]


def treasure_known(state: dict, token: str) -> bool:
    return all(treasure_field_known(state, token, f) for f in TREASURE_FIELDS)


def set_name(key: str) -> Msg:
    s = sets()[key]
    return Msg(s["cs"], s["en"])


def building_name(key: str) -> Msg:
    b = buildings()[key]
    return Msg(b["cs"], b["en"])


def colour_name(colour: str) -> Msg:
    c = tiles_file()["colours"][colour]
    return Msg(c["cs"], c["en"])


def describe(state: dict, tile: str) -> Msg:
    """'Hostinec – zelená' as far as known; '?' for what is not.

    The colour is the tile's (destička, feminine), not the building's, so it stands apart after a
    dash instead of agreeing with a building name of another gender ("Hostinec (zelená)")."""
    b = building_name(fact(state, tile, "building")) if known(state, tile, "building") else Msg("?", "?")
    c = colour_name(fact(state, tile, "colour")) if known(state, tile, "colour") else Msg("?", "?")
    return Msg("{b} – {c}", "{b} – {c}").format(b=b, c=c)


# -- box memory (what a table learned, kept between sessions by the appliance) ------------------
def memory_problem(memory) -> str | None:
    """Why saved box memory cannot be used (the first wrong entry, in English), or None.

    Checked before a session gets it as its ``box`` option: memory with wrong value types
    (``{"tiles": 5}``) would otherwise break a rule mid-game. Values are checked by type and
    by the box's vocabulary (buildings, colours, resources, edges), not against the rules."""
    if not isinstance(memory, dict):
        return "the memory is not an object"
    for group in memory:
        if group not in ("tiles", "treasures"):
            return f"unknown part {group!r} (only 'tiles' and 'treasures')"
    for group, known_ids, check in (
        ("tiles", tile_entries(), _tile_problem),
        ("treasures", treasure_entries(), _treasure_problem),
    ):
        entries = memory.get(group, {})
        if not isinstance(entries, dict):
            return f"'{group}' must map ids to facts, not {type(entries).__name__}"
        for ident, facts in entries.items():
            if ident not in known_ids:
                return f"{group}.{ident}: no such piece in the box"
            if not isinstance(facts, dict):
                return f"{group}.{ident}: must be a table of facts, not {type(facts).__name__}"
            problem = check(facts)
            if problem:
                return f"{group}.{ident}.{problem}"
    return None


def _is_count(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def _tile_problem(facts: dict) -> str | None:
    for name, value in facts.items():
        if name not in TILE_FIELDS:
            return f"{name}: unknown fact"
        if name == "building" and value not in buildings():
            return f"building: unknown building {value!r}"
        if name == "colour" and value not in COLOURS:
            return f"colour: must be one of {', '.join(COLOURS)}"
        if name == "cost" and not (
            isinstance(value, dict) and set(value) <= set(RESOURCE_ORDER) and all(_is_count(v) for v in value.values())
        ):
            return "cost: must map wood/stone/grain to counts"
        if name == "roads" and not (isinstance(value, list) and all(edge in EDGES for edge in value)):
            return f"roads: must list edges of {', '.join(EDGES)}"
        if name == "params" and not (isinstance(value, dict) and all(isinstance(k, str) for k in value)):
            return "params: must be a table"
    return None


def _treasure_problem(facts: dict) -> str | None:
    for name, value in facts.items():
        if name not in TREASURE_FIELDS:
            return f"{name}: unknown fact"
        if name == "kind" and not isinstance(value, str):
            return "kind: must be a name"
    return None
