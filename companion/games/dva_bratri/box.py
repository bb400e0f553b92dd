"""The box as data: sets, buildings, the 54 tiles and the 10 treasure tokens.

Per-tile facts are not public, so a fact comes from (first match wins): what was learned in this
game (state["learned"]), the box overrides given as a setup option (state["box"]), the shipped
catalog. A fact known nowhere raises NeedFacts: the game then asks the table instead of guessing.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ...engine import Ask, Msg
from ...engine.game import copy_state
from ..boxfile import Table, fail, read_toml, require_exactly

DATA = Path(__file__).parent / "data"
COLOURS = ("green", "grey", "yellow")
# How a session asks about the box (option ``asking``; see game.py): recorded before the levels
# existed, the fewest questions, the cost checked first with tiles typed by number, and a fact
# asked only when a decision needs it now (ASKING_WHEN_NEEDED, see game.py), only what decides
# something now, and Jindřich's turn with its questions folded (ASKING_FOLDED).
ASKING_RECORDED, ASKING_FEWEST, ASKING_COST_FIRST, ASKING_WHEN_NEEDED, ASKING_ONLY_DECIDING = 1, 2, 3, 4, 5
ASKING_FOLDED = 6
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


PARAMS = ("line", "pairs", "depicts", "boosts")  # the effects' parameters a building may take
STATUSES = ("verified", "inferred")


@dataclass(frozen=True)
class Colour:
    id: str
    name: Msg  # the tile's colour, feminine: "zelená"
    resource: str
    resource_name: Msg
    abbr: str  # one letter in the board picture


@dataclass(frozen=True)
class TileSet:
    id: str
    name: Msg
    buildings: tuple[str, ...]
    colours: dict[str, int]  # tiles of each colour in the set
    verified: bool  # status "verified"; "inferred": concluded from the text


@dataclass(frozen=True)
class Building:
    id: str
    name: Msg
    abbr: str  # two letters in the board picture
    params: tuple[str, ...]  # the effect's parameters, asked when the tile lies face up
    example_costs: tuple[dict[str, int], ...]  # costs the rulebook shows for some copy: a hint only
    pair: tuple[str, ...]  # a workshop's two colours; () for every other building


@dataclass(frozen=True)
class Piece:
    """A tile or a treasure token as shipped: the facts the catalog knows, and those it does not
    (asked when a rule needs them). A tile's ``set`` is among its facts."""

    id: str
    facts: dict[str, Any]
    unknown: tuple[str, ...]

    @property
    def set(self) -> str:
        return self.facts["set"]


@dataclass(frozen=True)
class Catalog:
    colours: dict[str, Colour]
    sets: dict[str, TileSet]
    buildings: dict[str, Building]
    tiles: dict[str, Piece]
    treasures: dict[str, Piece]


def _status(table: Table) -> bool:
    status = table.get("status", str)
    if status not in STATUSES:
        table.fail(f"'status' must be {' or '.join(STATUSES)}, not {status!r}")
    return status == "verified"


def _colours(source: str, root: Table) -> dict[str, Colour]:
    table = root.sub("colours", "[colours]")
    _status(table)
    require_exactly(source, "[colours]", [k for k in table.table if k != "status"], COLOURS)
    out = {}
    for key in COLOURS:
        colour = table.sub(key, f"colour '{key}'")
        resource = colour.get("resource", str)
        if resource != RESOURCES[key]:
            colour.fail(f"'resource' must be {RESOURCES[key]}, not {resource!r}")
        name = Msg(colour.get("res_cs", str), colour.get("res_en", str))
        out[key] = Colour(key, colour.msg(), resource, name, colour.get("abbr", str))
    return out


def _buildings(source: str, root: Table) -> dict[str, Building]:
    out = {}
    for key, raw in root.get("buildings", dict).items():
        entry = Table(source, f"building '{key}'", raw)
        params = entry.get("params", list)
        if any(p not in PARAMS for p in params):
            entry.fail(f"'params' may name only {', '.join(PARAMS)}")
        costs = entry.table.get("example_costs", [])
        if not isinstance(costs, list) or any(_tile_problem({"cost": c}) for c in costs):
            entry.fail("'example_costs' must be a list of costs {wood, stone, grain}")
        pair = entry.get("pair", list) if "pair" in entry.table else []
        if ("pairs" in params) != bool(pair) or len(set(pair)) not in (0, 2) or any(c not in COLOURS for c in pair):
            entry.fail(f"'pair' names the two colours of a workshop's pairs ({', '.join(COLOURS)}), only there")
        out[key] = Building(key, entry.msg(), entry.get("abbr", str), tuple(params), tuple(costs), tuple(pair))
    return out


def _sets(source: str, root: Table, buildings: dict[str, Building]) -> dict[str, TileSet]:
    out = {}
    for key, raw in root.get("sets", dict).items():
        entry = Table(source, f"set '{key}'", raw)
        names = entry.list_of("buildings", str)
        strange = [b for b in names if b not in buildings]
        if strange:
            entry.fail(f"'buildings' names a building not in [buildings]: {', '.join(strange)}")
        counts = entry.sub("colours", f"set '{key}' 'colours'")
        require_exactly(source, f"set '{key}' colours", list(counts.table), COLOURS)
        colours = {c: counts.get(c, int) for c in COLOURS}
        out[key] = TileSet(key, entry.msg(), tuple(names), colours, _status(entry))
    return out


def _pieces(source: str, root: Table, key: str, name: str, fields: tuple[str, ...], problem) -> dict[str, Piece]:
    out: dict[str, Piece] = {}
    for raw in root.get(key, list):
        ident = Table(source, name, raw).get("id", str)
        entry = Table(source, f"{name} '{ident}'", raw)
        if ident in out:
            entry.fail("is defined twice")
        unknown = entry.get("unknown", list) if "unknown" in raw else []
        if any(f not in fields for f in unknown):
            entry.fail(f"'unknown' may name only {', '.join(fields)}")
        facts = {k: v for k, v in raw.items() if k not in ("id", "unknown")}
        missing = [f for f in fields if f not in facts and f not in unknown]
        if missing:
            entry.fail(f"neither gives nor lists as unknown: {', '.join(missing)}")
        wrong = problem({k: v for k, v in facts.items() if k != "set"})
        if wrong:
            entry.fail(f"has a wrong fact: {wrong}")
        out[ident] = Piece(ident, facts, tuple(unknown))
    return out


def parse(tiles: dict, treasures: dict, sources: tuple[str, str] = ("tiles.toml", "treasures.toml")) -> Catalog:
    """Check both files and build the Catalog; BoxDataError names the first wrong entry."""
    root = Table(sources[0], "file", tiles)
    colours = _colours(sources[0], root)
    buildings = _buildings(sources[0], root)
    sets = _sets(sources[0], root, buildings)
    tile_pieces = _pieces(sources[0], root, "tiles", "tile", TILE_FIELDS, _tile_problem)
    for tile in tile_pieces.values():
        if tile.facts.get("set") not in sets:
            fail(sources[0], f"tile '{tile.id}'", f"'set' must be one of {', '.join(sets)}")
    for key, tile_set in sets.items():
        count = sum(1 for t in tile_pieces.values() if t.set == key)
        if count != sum(tile_set.colours.values()):
            fail(sources[0], f"set '{key}'", f"has {count} tiles, its colours count {sum(tile_set.colours.values())}")
    tokens = Table(sources[1], "file", treasures)
    tokens_by_id = _pieces(sources[1], tokens, "treasures", "treasure", TREASURE_FIELDS, _treasure_problem)
    return Catalog(colours, sets, buildings, tile_pieces, tokens_by_id)


def load(folder: Path = DATA) -> Catalog:
    return parse(read_toml(folder / "tiles.toml"), read_toml(folder / "treasures.toml"))


def sets() -> dict[str, TileSet]:
    return CATALOG.sets


def buildings() -> dict[str, Building]:
    return CATALOG.buildings


def tile_entries() -> dict[str, Piece]:
    """id -> the shipped tile (the facts the catalog knows; those listed in ``unknown`` are absent)."""
    return CATALOG.tiles


def treasure_entries() -> dict[str, Piece]:
    return CATALOG.treasures


def unknown_in_catalog() -> dict[str, list[str]]:
    """Which shipped facts are unknown, per tile and token id (for docs and the report)."""
    return {p.id: list(p.unknown) for p in (*CATALOG.tiles.values(), *CATALOG.treasures.values())}


_SET_TILES: dict[str, tuple[str, ...]] = {}


def set_tiles(set_key: str) -> tuple[str, ...]:
    """A set's tiles in the catalog's order, worked out once a set: the reveal's questions ask
    it of every candidate many times an action (the catalog never changes while running)."""
    tiles = _SET_TILES.get(set_key)
    if tiles is None:
        tiles = _SET_TILES[set_key] = tuple(tid for tid, tile in CATALOG.tiles.items() if tile.set == set_key)
    return tiles


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
        entries[ident] = copy_state(facts)  # plain data: the engine's copy, faster than deepcopy
    state["learned"] = {**learned, group: entries}


def learn_fact(state: dict, group: str, ident: str, field: str, value) -> None:
    """One more fact of a tile or token (see ``learn``)."""
    learn(state, group, ident, {**state["learned"][group].get(ident, {}), field: value})


# -- looking facts up ------------------------------------------------------------------------
def _lookup(state: dict, group: str, ident: str, field: str, shipped: dict):
    """What the session learned, then its box corrections, then the catalog (asked many
    thousand times a replay: the two sources are looked into one by one, not looped over)."""
    facts = state["learned"][group].get(ident)
    if facts and field in facts:
        return True, facts[field]
    corrected = state["box"].get(group)
    facts = corrected.get(ident) if corrected else None
    if facts and field in facts:
        return True, facts[field]
    entry = shipped.get(ident)
    if entry is not None and field in entry.facts:
        return True, entry.facts[field]
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


def only_deciding(state: dict) -> bool:
    """``asking`` 5: a fact is asked only when it decides something now: Jindřich's roads not
    when one place is across a road of your last building (A and B put his tile there alike), a
    treasure's condition when it could be met, not when the token turns up."""
    return state.get("asking", ASKING_RECORDED) >= ASKING_ONLY_DECIDING


condition_later = only_deciding  # a treasure's condition is asked once it could be met


def folded(state: dict) -> bool:
    """``asking`` 6: Jindřich's turn asks less: your building's roads are asked as you lay it
    (the tile in your hand), not in his turn; a token no known condition can be is not asked
    for (its condition, once it could be met, names it); a refill of a told colour is named in
    one answer (its set and its tile)."""
    return state.get("asking", ASKING_RECORDED) >= ASKING_FOLDED


def when_needed(state: dict) -> bool:
    """The session asks a fact only when a decision needs it now (``asking`` 4)."""
    return state.get("asking", ASKING_RECORDED) >= ASKING_WHEN_NEEDED


def scoring_fields(state: dict, tile: str) -> list[str]:
    """The facts a face-up tile's final score reads that are still unknown: its roads (when
    roads are scored) and its effect's parameters."""
    fields = ["roads"] if state["roads"] else []
    if CATALOG.buildings[fact(state, tile, "building")].params:
        fields.append("params")
    return [f for f in fields if not known(state, tile, f)]


def placement_fields(state: dict, tile: str) -> list[str]:
    """Facts a face-up tile needs on the board: roads and its effect's parameters."""
    fields = ["roads"]
    if CATALOG.buildings[fact(state, tile, "building")].params:
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


def told_conditions(state: dict) -> bool:
    """Some token not drawn yet has a condition the box knows: "which one is it?" has more than
    one answer."""
    return any(t not in state["treasures"]["seen"] and treasure_known(state, t) for t in treasure_entries())


def next_unknown_token(state: dict) -> str:
    """The token a new one is taken for: the first not drawn yet whose condition is not known."""
    return next(t for t in treasure_entries() if t not in state["treasures"]["seen"] and not treasure_known(state, t))


def treasure_known(state: dict, token: str) -> bool:
    return all(treasure_field_known(state, token, f) for f in TREASURE_FIELDS)


def set_name(key: str) -> Msg:
    return CATALOG.sets[key].name


def building_name(key: str) -> Msg:
    return CATALOG.buildings[key].name


def colour_name(colour: str) -> Msg:
    return CATALOG.colours[colour].name


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


CATALOG: Catalog = load()
