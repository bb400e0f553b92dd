"""Box data: reading data/box.toml, merging corrections into it, and cutting out the board one
game uses.

The rulebook's pictures are lost, so most printed values are placeholders marked
``verified = false`` (see the file's header). This module never fills a gap itself: a missing or
contradictory entry is refused with a message (Czech and English) that names it (``boxschema``),
so a user can correct the file. Run ``python -m companion.games.graenaland.box [file]`` to check
a file.

An entry still marked ``verified = false`` may list in ``confirmed`` the fields a user has
already checked on the device (see ``boxcheck``); the entry becomes verified once all are.
"""

from __future__ import annotations

import copy
import marshal
import sys
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ...engine.game import copy_state
from ..boxfile import BoxDataError, BoxProblems, Table, read_toml
from .boxschema import (
    SEAT_COUNTS,
    UNKNOWN,
    VP_COLUMNS,
    collect,
    device_fields,
    is_count,
    problems,
    settlement_total,
)
from .texts import refuse

__all__ = [
    "BOX_FILE",
    "UNKNOWN",
    "Box",
    "BoxProblems",
    "Layout",
    "Mark",
    "Piece",
    "Priced",
    "VpCard",
    "board_for",
    "check",
    "device_fields",
    "known_vp_cards",
    "load",
    "main",
    "merge",
    "parse",
    "problems",
    "settlement_total",
    "supply_faces",
    "unverified",
]

BOX_FILE = Path(__file__).with_name("data") / "box.toml"
# tables whose value is one cost: an override replaces them whole instead of adding resources
WHOLE_TABLES = ("cost", "settlement_cost")


def load(path: Path | str | None = None) -> dict:
    """The box file as written (the shipped one by default); BoxDataError if it cannot be read."""
    return read_toml(path or BOX_FILE)


def merge(base: dict, override: dict) -> dict:
    """Deep-merge a partial override (setup option ``box``, learned corrections) into the data.

    Tables merge key by key, except a cost, which is replaced whole; ``vp_cards`` merge card by
    card through their ``id`` (a card given with thresholds drops the "unknown" marker); every
    other list replaces. The base is copied once, whole (the engine's copy of plain data), and
    the override merged into the copy.
    """
    out = copied(base)
    _merge_into(out, override)
    return out


def copied(data: dict) -> dict:
    """An independent copy of box data (``copy.deepcopy``'s result, made faster)."""
    return copy_state(data) if isinstance(data, dict) else copy.deepcopy(data)


def _merge_into(out: dict, override: dict) -> None:
    for key, value in (override or {}).items():
        if key == "vp_cards" and isinstance(value, list) and isinstance(out.get(key), list):
            out[key] = _merge_cards(out[key], value)
        elif key not in WHOLE_TABLES and isinstance(value, dict) and isinstance(out.get(key), dict):
            _merge_into(out[key], value)
        else:
            out[key] = copy.deepcopy(value)


def _merge_cards(cards: list, changes: list) -> list:
    out = copy.deepcopy(cards)
    for change in changes:
        at = _card_index(out, change.get("id") if isinstance(change, dict) else None)
        if at is None:
            out.append(copy.deepcopy(change))
        else:
            out[at] = _merged_card(out[at], change)
    return out


def _card_index(cards: list, ident) -> int | None:
    return next(
        (i for i, card in enumerate(cards) if is_count(ident) and isinstance(card, dict) and card.get("id") == ident),
        None,
    )


def _merged_card(card: dict, change: dict) -> dict:
    """Thresholds given drop the "unknown" marker; "unknown" given drops the thresholds."""
    card = merge(card, change)
    if any(column in change for column in VP_COLUMNS) and card.get("thresholds") == UNKNOWN:
        del card["thresholds"]
    if change.get("thresholds") == UNKNOWN:
        for column in VP_COLUMNS:
            card.pop(column, None)
    return card


def check(data: dict, on_device: bool = False) -> Box:
    """The records of usable box data; unusable data is refused naming the first wrong entry.
    ``on_device``: the data was just corrected on the device, so the message does not send the
    user to the file."""
    try:
        return parsed(data)
    except BoxProblems as error:
        first = error.summary()
    if on_device:
        raise refuse(
            "box_correction",
            "Tuto opravu nelze přijmout – {e}.",
            "This correction cannot be accepted – {e}.",
            e=first,
        )
    raise refuse(
        "box_data",
        "Data krabice nejsou v pořádku – {e}. Opravte je podle své krabice.",
        "The box data is wrong – {e}. Correct it to match your box.",
        e=first,
    )


_PARSED: dict[bytes, Box] = {}  # the versions of box data read last (records are never changed)
_PARSING = threading.Lock()  # the table and the web may read at once
PARSED_KEPT = 64  # a box's corrections over an evening are a few dozen versions


def parsed(data: dict, read: Box | None = None) -> Box:
    """``parse(data)``, read once per version of the data (by content) among the last
    ``PARSED_KEPT``: a session's options are checked, then set up from the same data, the box
    check walks through its versions, and an import replays hundreds of games of one box.
    ``read``: the records of this data, just made."""
    try:
        key = marshal.dumps(data, 2)  # version 2: the same bytes for equal data (no shared references)
    except ValueError:  # a value marshal does not take: read each time
        return read or parse(data)
    with _PARSING:
        found = _PARSED.get(key)
    if found is None:
        found = read or parse(data)
        with _PARSING:
            if len(_PARSED) >= PARSED_KEPT:
                del _PARSED[next(iter(_PARSED))]
            _PARSED[key] = found
    return found


def unverified(data: dict) -> list[str]:
    """Names of the entries still marked verified = false (shown so nobody mistakes them for
    fact); an entry partly checked on the device names its fields still open."""
    names: list[str] = []
    for section in ("rules", "goals", "supply", "vp"):
        names += _open_names(data, section, data.get(section, {}))
    for section in ("army_max", "house_limit", "supply_cards"):
        names += _open_names(data, section, data.get(section, {}), section)
    if data.get("meta", {}).get("along_coast_verified") is False:
        names.append("meta.along_coast")
    for group in ("public", "costs", "pieces"):
        for key, entry in data.get(group, {}).items():
            names += _open_names(data, f"{group}.{key}", entry, group)
    for n, layout in data.get("layouts", {}).items():
        names += _open_names(data, f"layouts.{n}", layout)
        for part in ("neighbours", "start"):
            names += _open_names(data, f"layouts.{n}.{part}", layout.get(part, {}))
    names += [
        f"vp_cards[{index}] (id {card.get('id')})"
        for index, card in enumerate(data.get("vp_cards", []))
        if card.get("verified") is False
    ]
    return names


def _open_names(data: dict, name: str, entry, group: str | None = None) -> list[str]:
    """The entry's name while it is unverified, or its fields not yet confirmed on the device."""
    if not isinstance(entry, dict) or entry.get("verified") is not False:
        return []
    confirmed = entry.get("confirmed") or []
    if not confirmed:
        return [name]
    return [f"{name}.{f}" for f in device_fields(group, entry, data) if f not in confirmed]


def known_vp_cards(data: dict) -> dict[str, dict]:
    """The victory-point cards whose thresholds the data gives, by id (raw data: a correction
    being checked)."""
    return {
        str(c["id"]): {k: c[k] for k in VP_COLUMNS} for c in data.get("vp_cards", []) if c.get("thresholds") != UNKNOWN
    }


def supply_faces(data: dict) -> list:
    """One entry per supply card: its two resources, or "unknown" (raw data)."""
    faces = data.get("supply_cards", {}).get("faces", UNKNOWN)
    return [UNKNOWN] * data["supply"]["cards"] if faces == UNKNOWN else copy.deepcopy(faces)


# -- the typed records a game reads ------------------------------------------------------------
@dataclass(frozen=True)
class Mark:
    """Whether an entry is verified, where it comes from, and the fields of an unverified entry
    already confirmed on the device."""

    verified: bool
    source: str
    confirmed: tuple[str, ...]


@dataclass(frozen=True)
class Priced:
    """A public building or a building, army or stronghold cost: its cost ("unknown" or resource
    counts) and, for a public building, its number of tiles."""

    cost: dict[str, int] | str
    tiles: int | None
    mark: Mark


@dataclass(frozen=True)
class Piece:
    """One board piece, by its label (T1...)."""

    id: str
    terrain: str
    coastal: bool
    players: tuple[int, ...]  # the player counts its corner label names
    settlement_cost: dict[str, int]
    buildings: tuple[str, ...] | str  # the building symbols printed, or "unknown"
    stronghold_resource: str  # a resource, "none" or "unknown"
    improvement_resource: str
    mark: Mark


@dataclass(frozen=True)
class Layout:
    """The board for one player count: which piece lies on each territory, the neighbours by
    compass direction, the starting spots by seat (1...)."""

    coast: tuple[str, ...]
    inland: tuple[str, ...]
    pieces: dict[str, str]
    neighbours: dict[str, dict[str, str]]
    start: dict[str, dict]
    verified: bool


@dataclass(frozen=True)
class VpCard:
    id: int
    thresholds: dict[str, tuple[int, ...]] | None  # per column; None: not known
    verified: bool


@dataclass(frozen=True)
class Box:
    resources: tuple[str, ...]
    terrains: tuple[str, ...]
    row_terrains: dict[bool, tuple[str, ...]]  # coastal (True) or inland: the terrains a piece may show
    building_kinds: tuple[str, ...]  # the buildings of the reference card
    public_kinds: tuple[str, ...]
    along_coast: tuple[str, ...]
    rules: dict[str, int]  # houses_per_player, houses_on_army_track, army_start
    army_max: int | str  # the army track's end, or "unknown" (no cap)
    house_limit: bool
    goals: dict[str, Any]
    supply_cards: int
    supply_display: int
    faces: tuple[tuple[str, ...] | str, ...] | str  # per supply card: its two resources, or "unknown"
    public: dict[str, Priced]
    costs: dict[str, Priced]
    pieces: dict[str, Piece]
    layouts: dict[int, Layout]
    vp_cards_count: int
    vp_dealt: int
    vp_win: int
    vp_cards: tuple[VpCard, ...]
    marks: dict[str, Mark]  # of the entries holding one value: army_max, house_limit, supply_cards
    unverified: tuple[str, ...]  # entries (or their fields) still marked verified = false

    def confirmable(self, group: str | None) -> tuple[str, ...]:
        """The fields of an entry of ``group`` that ``confirmed`` may list (see
        ``boxschema.device_fields``)."""
        if group == "supply_cards":
            return tuple(f"faces.{i}" for i in range(1, self.supply_cards + 1))
        return device_fields(group, {}, {})


SOURCE = BOX_FILE.name


def parse(raw: dict, source: str = SOURCE) -> Box:
    """Check the data (every problem, ``boxschema`` through ``boxfile.Problems``) and read it
    into the records; problems are one ``boxfile.BoxProblems`` naming the file and the first
    entry, holding every problem in Czech and English."""
    collect(raw, source).raise_any()
    return _records(raw, source)


def _mark(entry: Table) -> Mark:
    return Mark(entry.get("verified", bool), entry.get("source", str), tuple(entry.table.get("confirmed") or ()))


def _records(raw: dict, source: str) -> Box:
    """The records of data ``boxschema`` found usable (types read again by ``boxfile``)."""
    root = Table(source, "file", raw)
    meta = root.sub("meta", "[meta]")
    rules = root.sub("rules", "[rules]")
    goals = root.sub("goals", "[goals]")
    supply = root.sub("supply", "[supply]")
    vp = root.sub("vp", "[vp]")
    faces = root.sub("supply_cards", "[supply_cards]").get("faces", (list, str))
    public = {}
    for kind, entry in root.get("public", dict).items():
        table = Table(source, f"[public.{kind}]", entry)
        public[kind] = Priced(table.get("cost", (dict, str)), table.get("tiles", int), _mark(table))
    costs = {}
    for kind, entry in root.get("costs", dict).items():
        table = Table(source, f"[costs.{kind}]", entry)
        costs[kind] = Priced(table.get("cost", (dict, str)), None, _mark(table))
    terrains = tuple(meta.list_of("terrains", str))
    return Box(
        resources=tuple(meta.list_of("resources", str)),
        terrains=terrains,
        row_terrains={
            True: tuple(meta.table.get("coastal_terrains", terrains)),
            False: tuple(meta.table.get("inland_terrains", terrains)),
        },
        building_kinds=tuple(meta.list_of("buildings", str)),
        public_kinds=tuple(meta.list_of("public", str)),
        along_coast=tuple(meta.table.get("along_coast", [])),
        rules={k: rules.get(k, int) for k in ("houses_per_player", "houses_on_army_track", "army_start")},
        army_max=root.sub("army_max", "[army_max]").get("value", (int, str)),
        house_limit=root.sub("house_limit", "[house_limit]").get("value", bool),
        goals={k: v for k, v in goals.table.items() if k not in ("verified", "source")},
        supply_cards=supply.get("cards", int),
        supply_display=supply.get("display", int),
        faces=UNKNOWN if faces == UNKNOWN else tuple(f if f == UNKNOWN else tuple(f) for f in faces),
        public=public,
        costs=costs,
        pieces={pid: _piece(source, pid, entry) for pid, entry in root.get("pieces", dict).items()},
        layouts={n: _layout(source, n, root.get("layouts", dict)[str(n)]) for n in SEAT_COUNTS},
        vp_cards_count=vp.get("cards", int),
        vp_dealt=vp.get("dealt", int),
        vp_win=vp.get("win", int),
        vp_cards=tuple(_vp_card(source, i, c) for i, c in enumerate(raw.get("vp_cards", []))),
        marks={group: _mark(root.sub(group, f"[{group}]")) for group in ("army_max", "house_limit", "supply_cards")},
        unverified=tuple(unverified(raw)),
    )


def _piece(source: str, pid: str, entry: dict) -> Piece:
    table = Table(source, f"[pieces.{pid}]", entry)
    slots = table.get("buildings", (list, str))
    return Piece(
        id=pid,
        terrain=table.get("terrain", str),
        coastal=table.get("coastal", bool),
        players=tuple(table.list_of("players", int)),
        settlement_cost=dict(table.get("settlement_cost", dict)),
        buildings=slots if slots == UNKNOWN else tuple(slots),
        stronghold_resource=table.get("stronghold_resource", str),
        improvement_resource=table.get("improvement_resource", str),
        mark=_mark(table),
    )


def _layout(source: str, n: int, entry: dict) -> Layout:
    table = Table(source, f"[layouts.{n}]", entry)
    coast, inland = tuple(table.list_of("coast", str)), tuple(table.get("inland", list))
    neighbours = table.sub("neighbours", f"[layouts.{n}.neighbours]").table
    start = table.sub("start", f"[layouts.{n}.start]").table
    return Layout(
        coast=coast,
        inland=inland,
        pieces=dict(table.get("pieces", dict)),
        neighbours={tid: dict(neighbours[tid]) for tid in (*coast, *inland)},
        start={str(seat): copy.deepcopy(start[str(seat)]) for seat in range(1, n + 1)},
        verified=table.get("verified", bool),
    )


def _vp_card(source: str, index: int, entry: dict) -> VpCard:
    table = Table(source, f"vp_cards[{index}]", entry)
    known = table.table.get("thresholds") != UNKNOWN
    thresholds = {k: tuple(table.list_of(k, int)) for k in VP_COLUMNS} if known else None
    return VpCard(table.get("id", int), thresholds, table.get("verified", bool))


def board_for(box: Box, seats: int) -> dict:
    """The part of the box one game needs, copied into the state (plain values) so a replay
    never depends on later edits of the file."""
    layout = box.layouts[seats]
    territories = {}
    for tid in (*layout.coast, *layout.inland):
        piece = box.pieces[layout.pieces[tid]]
        territories[tid] = {
            "piece": piece.id,
            "terrain": piece.terrain,
            "coastal": piece.coastal,
            "settlement_cost": dict(piece.settlement_cost),
            "buildings": piece.buildings if piece.buildings == UNKNOWN else list(piece.buildings),
            "stronghold_resource": piece.stronghold_resource,
            "improvement_resource": piece.improvement_resource,
        }
    return {
        "order": [*layout.coast, *layout.inland],
        "coast": list(layout.coast),
        "territories": territories,
        "neighbours": {tid: dict(layout.neighbours[tid]) for tid in territories},
        "along_coast": list(box.along_coast),
        "start": {str(seat - 1): copy.deepcopy(layout.start[str(seat)]) for seat in range(1, seats + 1)},
        "rules": {**box.rules, "army_max": box.army_max, "house_limit": box.house_limit},
        "goals": dict(box.goals),
        "public": {k: {"tiles": v.tiles, "cost": copy.deepcopy(v.cost)} for k, v in box.public.items()},
        "costs": {k: copy.deepcopy(v.cost) for k, v in box.costs.items()},
        "supply": {"cards": box.supply_cards, "display": box.supply_display, "faces": faces_of(box)},
        "vp": {"dealt": box.vp_dealt, "win": box.vp_win},
        "vp_cards": {
            str(c.id): {k: list(v) for k, v in c.thresholds.items()} for c in box.vp_cards if c.thresholds is not None
        },
        "unverified": list(box.unverified),
    }


def faces_of(box: Box) -> list:
    """One entry per supply card: its two resources (a list), or "unknown"."""
    if box.faces == UNKNOWN:
        return [UNKNOWN] * box.supply_cards
    return [f if f == UNKNOWN else list(f) for f in box.faces]


def main(argv: list[str]) -> int:
    """Print every problem of a file (English, then Czech) and how much is still unverified."""
    try:
        data = load(argv[1] if len(argv) > 1 else None)
    except BoxDataError as error:
        print(error)
        return 1
    found = problems(data)
    for line in found:
        print(line.en)
        print("  " + line.cs)
    left = unverified(data)
    print(f"{len(found)} problem(s); {len(left)} entries marked verified = false")
    return 1 if found else 0


def memory_problem(memory) -> str | None:
    """Why saved box memory (corrections in box.toml's shape) cannot be used, or None: merged
    onto the shipped data, the result must pass the same checks as the file. Wrong value types
    (``{"pieces": "x"}``) are a problem here, never a crash later."""
    if not isinstance(memory, dict):
        return "the memory is not an object"
    shipped = load()
    for key, value in memory.items():
        if (
            key in shipped
            and type(shipped[key]) is not type(value)
            and not (isinstance(shipped[key], (int, float)) and isinstance(value, (int, float)))
        ):
            return f"{key}: must be {_kind(shipped[key])}, not {_kind(value)}"
    try:
        found = problems(merge(shipped, memory))
    except (AttributeError, KeyError, TypeError, ValueError, IndexError) as error:
        return f"a value of the wrong type ({type(error).__name__})"
    if not found:
        return None
    return getattr(found[0], "en", None) or str(found[0])


def _kind(value) -> str:
    return {dict: "a table", list: "a list", str: "text", bool: "true/false", int: "a number", float: "a number"}.get(
        type(value), type(value).__name__
    )


if __name__ == "__main__":
    sys.exit(main(sys.argv))
