"""Box data: reading data/box.toml, checking it, and cutting out the board one game uses.

The rulebook's pictures are lost, so most printed values are placeholders marked
``verified = false`` (see the file's header). This module never fills a gap itself: a missing or
contradictory entry is refused with a message that names it, so a user can correct the file.
Run ``python -m companion.games.graenaland.boxdata [file]`` to check a file.
"""

from __future__ import annotations

import copy
import sys
import tomllib
from pathlib import Path

from ...engine import Msg, RuleError

BOX_FILE = Path(__file__).with_name("data") / "box.toml"
UNKNOWN = "unknown"
DIRECTIONS = ("N", "NE", "E", "SE", "S", "SW", "W", "NW")
OPPOSITE = {"N": "S", "NE": "SW", "E": "W", "SE": "NW", "S": "N", "SW": "NE", "W": "E", "NW": "SE"}
SETTLEMENT_TOTAL = {"coastal": 4, "inland": 5, "mountains": 6}  # S1 p.6, verified
VP_COLUMNS = ("houses", "territories", "largest", "buildings", "army")
SEAT_COUNTS = (3, 4, 5)


def load(path: Path | str | None = None) -> dict:
    with open(path or BOX_FILE, "rb") as handle:
        return tomllib.load(handle)


def merge(base: dict, override: dict) -> dict:
    """Deep-merge a partial override (setup option ``box``) into the file's data; lists replace."""
    out = copy.deepcopy(base)
    for key, value in (override or {}).items():
        if isinstance(value, dict) and isinstance(out.get(key), dict):
            out[key] = merge(out[key], value)
        else:
            out[key] = copy.deepcopy(value)
    return out


def _is_count(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def _cost_problem(name: str, cost, resources, allow_unknown=True) -> str | None:
    if cost == UNKNOWN and allow_unknown:
        return None
    if not isinstance(cost, dict) or not cost:
        return f"{name}: a cost is a table of resource counts or \"unknown\""
    for res, count in cost.items():
        if res not in resources and res != "any":
            return f"{name}: unknown resource {res!r}"
        if not _is_count(count) or count == 0:
            return f"{name}.{res}: the count must be a whole number above 0"
    return None


def problems(data: dict) -> list[str]:
    """Every inconsistency in the box data, each naming its entry (empty list = usable)."""
    out: list[str] = []
    try:
        meta = data["meta"]
        resources, terrains = meta["resources"], meta["terrains"]
        kinds_b, kinds_p = meta["buildings"], meta["public"]
    except (KeyError, TypeError):
        return ["meta: needs resources, terrains, buildings, public"]
    for d in meta.get("along_coast", []):
        if d not in DIRECTIONS:
            out.append(f"meta.along_coast: {d!r} is not a compass direction")

    def flagged(name, entry):
        if not isinstance(entry, dict):
            out.append(f"{name}: must be a table")
            return False
        if not isinstance(entry.get("verified"), bool):
            out.append(f"{name}.verified: must be true or false")
        if not isinstance(entry.get("source"), str) or not entry.get("source"):
            out.append(f"{name}.source: say where the value comes from")
        return True

    rules = data.get("rules", {})
    if flagged("rules", rules):
        for key in ("houses_per_player", "houses_on_army_track", "army_start"):
            if not _is_count(rules.get(key)):
                out.append(f"rules.{key}: must be a whole number")
        if rules.get("army_max") != UNKNOWN and not _is_count(rules.get("army_max")):
            out.append("rules.army_max: a whole number or \"unknown\"")
    goals = data.get("goals", {})
    if flagged("goals", goals):
        for key in ("houses", "territories", "territory_houses", "largest", "buildings", "army", "needed"):
            if not _is_count(goals.get(key)):
                out.append(f"goals.{key}: must be a whole number")
    supply = data.get("supply", {})
    if flagged("supply", supply):
        for key in ("cards", "display"):
            if not _is_count(supply.get(key)):
                out.append(f"supply.{key}: must be a whole number")
    for kind in kinds_p:
        entry = data.get("public", {}).get(kind)
        name = f"public.{kind}"
        if entry is None:
            out.append(f"{name}: missing")
        elif flagged(name, entry):
            if not _is_count(entry.get("tiles")):
                out.append(f"{name}.tiles: must be a whole number")
            if (p := _cost_problem(f"{name}.cost", entry.get("cost"), resources)):
                out.append(p)
    for kind in (*kinds_b, "army", "army_stronghold"):
        entry = data.get("costs", {}).get(kind)
        name = f"costs.{kind}"
        if entry is None:
            out.append(f"{name}: missing")
        elif flagged(name, entry) and (p := _cost_problem(f"{name}.cost", entry.get("cost"), resources)):
            out.append(p)

    pieces = data.get("pieces", {})
    for pid, piece in pieces.items():
        name = f"pieces.{pid}"
        if not flagged(name, piece):
            continue
        terrain = piece.get("terrain")
        if terrain not in terrains:
            out.append(f"{name}.terrain: {terrain!r} is not one of {', '.join(terrains)}")
        if not isinstance(piece.get("coastal"), bool):
            out.append(f"{name}.coastal: must be true or false")
        players = piece.get("players")
        if not isinstance(players, list) or not set(players) <= set(SEAT_COUNTS) or not players:
            out.append(f"{name}.players: a list of player counts from 3, 4, 5 (the corner label)")
        cost = piece.get("settlement_cost")
        if (p := _cost_problem(f"{name}.settlement_cost", cost, resources, allow_unknown=False)):
            out.append(p)
        elif terrain in terrains and isinstance(piece.get("coastal"), bool):
            want = SETTLEMENT_TOTAL["mountains" if terrain == "mountains"
                                    else "coastal" if piece["coastal"] else "inland"]
            if sum(cost.values()) != want:
                out.append(f"{name}.settlement_cost: adds up to {sum(cost.values())}, the rulebook "
                           f"says {want} on this kind of piece")
        slots = piece.get("buildings")
        if slots != UNKNOWN and (not isinstance(slots, list) or not set(slots) <= set(kinds_b)):
            out.append(f"{name}.buildings: a list from {', '.join(kinds_b)} or \"unknown\"")
        elif terrain == "mountains" and slots not in ([], UNKNOWN):
            out.append(f"{name}.buildings: no buildings on mountains (rulebook p.6)")
        for key in ("stronghold_resource", "improvement_resource"):
            if piece.get(key) not in (*resources, UNKNOWN, "none"):
                out.append(f"{name}.{key}: a resource, \"none\" or \"unknown\"")

    for n in SEAT_COUNTS:
        out.extend(_layout_problems(data, n, pieces, flagged))

    vp = data.get("vp", {})
    if flagged("vp", vp):
        for key in ("cards", "dealt", "win"):
            if not _is_count(vp.get(key)):
                out.append(f"vp.{key}: must be a whole number")
    seen = set()
    for index, card in enumerate(data.get("vp_cards", [])):
        name = f"vp_cards[{index}]"
        if not flagged(name, card):
            continue
        if not _is_count(card.get("id")) or card["id"] in seen:
            out.append(f"{name}.id: a whole number not used by another card")
        seen.add(card.get("id"))
        if card.get("thresholds") == UNKNOWN:
            continue
        for column in VP_COLUMNS:
            levels = card.get(column)
            if (not isinstance(levels, list) or len(levels) != 3 or not all(map(_is_count, levels))
                    or levels != sorted(levels)):
                out.append(f"{name}.{column}: three rising thresholds, e.g. [3, 5, 7]")
    return out


def _layout_problems(data, n, pieces, flagged) -> list[str]:
    out: list[str] = []
    name = f"layouts.{n}"
    layout = data.get("layouts", {}).get(str(n))
    if layout is None or not flagged(name, layout):
        return out or [f"{name}: missing"]
    coast, inland = layout.get("coast", []), layout.get("inland", [])
    ids = [*coast, *inland]
    if len(set(ids)) != len(ids) or not ids:
        return [f"{name}: coast and inland must list distinct territory ids"]
    placed = layout.get("pieces", {})
    if set(placed) != set(ids):
        out.append(f"{name}.pieces: must place a piece on exactly {', '.join(ids)}")
    used = list(placed.values())
    if len(set(used)) != len(used):
        out.append(f"{name}.pieces: a piece is used twice")
    for tid, pid in placed.items():
        piece = pieces.get(pid)
        if piece is None:
            out.append(f"{name}.pieces.{tid}: no piece {pid!r} in [pieces]")
            continue
        if n not in piece.get("players", []):
            out.append(f"{name}.pieces.{tid}: piece {pid} is not used with {n} players (corner label)")
        if piece.get("coastal") != (tid in coast):
            out.append(f"{name}.pieces.{tid}: piece {pid} is {'' if piece.get('coastal') else 'not '}"
                       f"coastal but lies in the {'coast' if tid in coast else 'inland'} row")
    expected = {pid for pid, p in pieces.items() if n in p.get("players", [])}
    if set(used) != expected and not any("corner label" in p for p in out):
        out.append(f"{name}.pieces: with {n} players the pieces are {', '.join(sorted(expected))}")

    nbs = layout.get("neighbours", {})
    if flagged(f"{name}.neighbours", nbs):
        for tid in ids:
            if not isinstance(nbs.get(tid), dict):
                out.append(f"{name}.neighbours.{tid}: missing")
        for tid, table in nbs.items():
            if tid in ("verified", "source"):
                continue
            where = f"{name}.neighbours.{tid}"
            if tid not in ids:
                out.append(f"{where}: {tid} is not a territory of this layout")
                continue
            if not isinstance(table, dict):
                out.append(f"{where}: must be a table of direction = territory")
                continue
            for direction, other in table.items():
                if direction not in DIRECTIONS:
                    out.append(f"{where}.{direction}: not a compass direction")
                elif other not in ids or other == tid:
                    out.append(f"{where}.{direction}: {other!r} is not another territory of this layout")
                elif nbs.get(other, {}).get(OPPOSITE[direction]) != tid:
                    out.append(f"{where}.{direction}: {tid}'s {direction} is {other}, so "
                               f"{other}'s {OPPOSITE[direction]} must be {tid}")
            if len(set(table.values())) != len(table):
                out.append(f"{where}: one neighbour listed in two directions")

    start = layout.get("start", {})
    if flagged(f"{name}.start", start):
        for seat in range(1, n + 1):
            spot = start.get(str(seat))
            where = f"{name}.start.{seat}"
            if not isinstance(spot, dict):
                out.append(f"{where}: missing")
                continue
            settle = spot.get("settlements")
            if (not isinstance(settle, list) or len(settle) != 2 or len(set(settle)) != 2
                    or not set(settle) <= set(ids)):
                out.append(f"{where}.settlements: two different territories of this layout")
            elif spot.get("warrior") not in settle:
                out.append(f"{where}.warrior: must stand on one of the two settlements")
    return out


def check(data: dict) -> None:
    """Refuse unusable box data, naming the first wrong entry."""
    found = problems(data)
    if found:
        more = len(found) - 1
        en = found[0] + (f" (and {more} more)" if more else "")
        raise RuleError("graenaland.box_data",
                        Msg("Data krabice nejsou v pořádku: {e}. Opravte je v data/box.toml.",
                            "The box data is wrong: {e}. Correct it in data/box.toml.").format(e=en))


def unverified(data: dict) -> list[str]:
    """Names of the entries still marked verified = false (shown so nobody mistakes them for fact)."""
    names = []
    for section in ("rules", "goals", "supply", "vp"):
        if data.get(section, {}).get("verified") is False:
            names.append(section)
    if data.get("meta", {}).get("along_coast_verified") is False:
        names.append("meta.along_coast")
    for group in ("public", "costs", "pieces"):
        for key, entry in data.get(group, {}).items():
            if entry.get("verified") is False:
                names.append(f"{group}.{key}")
    for n, layout in data.get("layouts", {}).items():
        for part in (None, "neighbours", "start"):
            entry = layout if part is None else layout.get(part, {})
            if entry.get("verified") is False:
                names.append(f"layouts.{n}" + (f".{part}" if part else ""))
    for index, card in enumerate(data.get("vp_cards", [])):
        if card.get("verified") is False:
            names.append(f"vp_cards[{index}] (id {card.get('id')})")
    return names


def known_vp_cards(data: dict) -> dict[str, dict]:
    return {str(c["id"]): {k: c[k] for k in VP_COLUMNS}
            for c in data.get("vp_cards", []) if c.get("thresholds") != UNKNOWN}


def board_for(data: dict, seats: int) -> dict:
    """The part of the box one game needs, copied into the state so a replay never depends on
    later edits of the file."""
    layout = data["layouts"][str(seats)]
    territories = {}
    for tid in (*layout["coast"], *layout["inland"]):
        piece = data["pieces"][layout["pieces"][tid]]
        territories[tid] = {
            "piece": layout["pieces"][tid],
            "terrain": piece["terrain"],
            "coastal": piece["coastal"],
            "settlement_cost": dict(piece["settlement_cost"]),
            "buildings": piece["buildings"] if piece["buildings"] == UNKNOWN else list(piece["buildings"]),
            "stronghold_resource": piece["stronghold_resource"],
            "improvement_resource": piece["improvement_resource"],
        }
    neighbours = {tid: dict(layout["neighbours"][tid]) for tid in territories}
    start = {str(seat - 1): copy.deepcopy(layout["start"][str(seat)]) for seat in range(1, seats + 1)}
    return {
        "order": [*layout["coast"], *layout["inland"]],
        "coast": list(layout["coast"]),
        "territories": territories,
        "neighbours": neighbours,
        "along_coast": list(data["meta"].get("along_coast", [])),
        "start": start,
        "rules": {k: data["rules"][k] for k in ("houses_per_player", "houses_on_army_track",
                                                 "army_start", "army_max")},
        "goals": {k: v for k, v in data["goals"].items() if k not in ("verified", "source")},
        "public": {k: {"tiles": v["tiles"], "cost": v["cost"]} for k, v in data["public"].items()},
        "costs": {k: v["cost"] for k, v in data["costs"].items()},
        "supply": {"cards": data["supply"]["cards"], "display": data["supply"]["display"]},
        "vp": {"dealt": data["vp"]["dealt"], "win": data["vp"]["win"]},
        "vp_cards": known_vp_cards(data),
        "unverified": unverified(data),
    }


def main(argv: list[str]) -> int:
    data = load(argv[1] if len(argv) > 1 else None)
    found = problems(data)
    for line in found:
        print(line)
    left = unverified(data)
    print(f"{len(found)} problem(s); {len(left)} entries marked verified = false")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
