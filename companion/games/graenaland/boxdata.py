"""Box data: reading data/box.toml, checking it, and cutting out the board one game uses.

The rulebook's pictures are lost, so most printed values are placeholders marked
``verified = false`` (see the file's header). This module never fills a gap itself: a missing or
contradictory entry is refused with a message (Czech and English) that names it, so a user can
correct the file. Run ``python -m companion.games.graenaland.boxdata [file]`` to check a file.

An entry still marked ``verified = false`` may list in ``confirmed`` the fields a user has
already checked on the device (see ``boxcheck``); the entry becomes verified once all are.
"""

from __future__ import annotations

import copy
import sys
import tomllib
from pathlib import Path

from ...engine import Msg, RuleError
from .texts import TERRAIN

BOX_FILE = Path(__file__).with_name("data") / "box.toml"
UNKNOWN = "unknown"
DIRECTIONS = ("N", "NE", "E", "SE", "S", "SW", "W", "NW")
OPPOSITE = {"N": "S", "NE": "SW", "E": "W", "SE": "NW", "S": "N", "SW": "NE", "W": "E", "NW": "SE"}
SETTLEMENT_TOTAL = {"coastal": 4, "inland": 5, "mountains": 6}  # S1 p.6, verified
VP_COLUMNS = ("houses", "territories", "largest", "buildings", "army")
SEAT_COUNTS = (3, 4, 5)
PIECE_FIELDS = ("terrain", "coastal", "players", "settlement_cost", "buildings",
                "stronghold_resource", "improvement_resource")
# tables whose value is one cost: an override replaces them whole instead of adding resources
WHOLE_TABLES = ("cost", "settlement_cost")


def load(path: Path | str | None = None) -> dict:
    with open(path or BOX_FILE, "rb") as handle:
        return tomllib.load(handle)


def merge(base: dict, override: dict) -> dict:
    """Deep-merge a partial override (setup option ``box``, learned corrections) into the data.

    Tables merge key by key, except a cost, which is replaced whole; ``vp_cards`` merge card by
    card through their ``id`` (a card given with thresholds drops the "unknown" marker); every
    other list replaces.
    """
    out = copy.deepcopy(base)
    for key, value in (override or {}).items():
        if key == "vp_cards" and isinstance(value, list) and isinstance(out.get(key), list):
            out[key] = _merge_cards(out[key], value)
        elif key not in WHOLE_TABLES and isinstance(value, dict) and isinstance(out.get(key), dict):
            out[key] = merge(out[key], value)
        else:
            out[key] = copy.deepcopy(value)
    return out


def _merge_cards(cards: list, changes: list) -> list:
    out = copy.deepcopy(cards)
    for change in changes:
        ident = change.get("id") if isinstance(change, dict) else None
        at = next((i for i, card in enumerate(out)
                   if _is_count(ident) and isinstance(card, dict) and card.get("id") == ident), None)
        if at is None:
            out.append(copy.deepcopy(change))
            continue
        card = merge(out[at], change)
        if any(column in change for column in VP_COLUMNS) and card.get("thresholds") == UNKNOWN:
            del card["thresholds"]
        if change.get("thresholds") == UNKNOWN:
            for column in VP_COLUMNS:
                card.pop(column, None)
        out[at] = card
    return out


def _is_count(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def _problem(entry: str, cs: str, en: str, **values) -> Msg:
    """One problem, always starting with the entry's name (the same in both languages)."""
    return Msg(f"{entry}: ", f"{entry}: ") + Msg(cs, en).format(**values)


def _count_problem(entry: str) -> Msg:
    return _problem(entry, "má být celé číslo", "must be a whole number")


def _cost_problem(name: str, cost, resources, allow_unknown=True) -> Msg | None:
    if cost == UNKNOWN and allow_unknown:
        return None
    if not isinstance(cost, dict) or not cost:
        return _problem(name, "cena je tabulka počtů surovin nebo \"unknown\"",
                        "a cost is a table of resource counts or \"unknown\"")
    for res, count in cost.items():
        if res not in resources and res != "any":
            return _problem(name, "neznámá surovina {r!r}", "unknown resource {r!r}", r=res)
        if not _is_count(count) or count == 0:
            return _problem(f"{name}.{res}", "počet má být celé číslo větší než 0",
                            "the count must be a whole number above 0")
    return None


def device_fields(group: str, entry: dict, data: dict) -> tuple[str, ...]:
    """The fields of an entry that ``confirmed`` may list (and that make it verified)."""
    if group == "pieces":
        return PIECE_FIELDS
    if group == "supply_cards":
        cards = data.get("supply", {}).get("cards")
        return tuple(f"faces.{i}" for i in range(1, cards + 1)) if _is_count(cards) else ()
    if group in ("costs", "public"):
        return ("cost",)
    if group in ("army_max", "house_limit"):
        return ("value",)
    return ()


def problems(data: dict) -> list[Msg]:
    """Every inconsistency in the box data, each naming its entry (empty list = usable)."""
    out: list[Msg] = []
    try:
        meta = data["meta"]
        resources, terrains = meta["resources"], meta["terrains"]
        kinds_b, kinds_p = meta["buildings"], meta["public"]
    except (KeyError, TypeError):
        return [_problem("meta", "chybí resources, terrains, buildings nebo public",
                         "needs resources, terrains, buildings, public")]
    for d in meta.get("along_coast", []):
        if d not in DIRECTIONS:
            out.append(_problem("meta.along_coast", "{d!r} není směr kompasu", "{d!r} is not a compass direction", d=d))
    row_terrains = {True: meta.get("coastal_terrains", terrains), False: meta.get("inland_terrains", terrains)}

    def flagged(name, entry, group=None):
        if not isinstance(entry, dict):
            out.append(_problem(name, "má být tabulka", "must be a table"))
            return False
        if not isinstance(entry.get("verified"), bool):
            out.append(_problem(f"{name}.verified", "má být true nebo false", "must be true or false"))
        if not isinstance(entry.get("source"), str) or not entry.get("source"):
            out.append(_problem(f"{name}.source", "uveďte, odkud hodnota pochází", "say where the value comes from"))
        confirmed = entry.get("confirmed", [])
        fields = device_fields(group, entry, data) if group else ()
        if not isinstance(confirmed, list) or not all(isinstance(f, str) and f in fields for f in confirmed):
            out.append(_problem(f"{name}.confirmed", "seznam ověřených polí z: {f}",
                                "a list of checked fields from: {f}", f=", ".join(fields) or "–"))
        return True

    rules = data.get("rules", {})
    if flagged("rules", rules):
        for key in ("houses_per_player", "houses_on_army_track", "army_start"):
            if not _is_count(rules.get(key)):
                out.append(_count_problem(f"rules.{key}"))
    army_max = data.get("army_max", {})
    if flagged("army_max", army_max, "army_max"):
        top = army_max.get("value")
        start = rules.get("army_start") if _is_count(rules.get("army_start")) else 0
        if top != UNKNOWN and (not _is_count(top) or top < start):
            out.append(_problem("army_max.value", "celé číslo aspoň tak velké jako počáteční síla, nebo \"unknown\"",
                                "a whole number at least the starting strength, or \"unknown\""))
    house_limit = data.get("house_limit", {})
    if flagged("house_limit", house_limit, "house_limit") and not isinstance(house_limit.get("value"), bool):
        out.append(_problem("house_limit.value", "má být true nebo false", "must be true or false"))
    goals = data.get("goals", {})
    if flagged("goals", goals):
        for key in ("houses", "territories", "territory_houses", "largest", "buildings", "army", "needed"):
            if not _is_count(goals.get(key)):
                out.append(_count_problem(f"goals.{key}"))
    supply = data.get("supply", {})
    if flagged("supply", supply):
        for key in ("cards", "display"):
            if not _is_count(supply.get(key)):
                out.append(_count_problem(f"supply.{key}"))
    out.extend(_face_problems(data, resources, flagged))
    for kind in kinds_p:
        entry = data.get("public", {}).get(kind)
        name = f"public.{kind}"
        if entry is None:
            out.append(_problem(name, "chybí", "missing"))
        elif flagged(name, entry, "public"):
            if not _is_count(entry.get("tiles")):
                out.append(_count_problem(f"{name}.tiles"))
            if (p := _cost_problem(f"{name}.cost", entry.get("cost"), resources)):
                out.append(p)
    for kind in (*kinds_b, "army", "army_stronghold"):
        entry = data.get("costs", {}).get(kind)
        name = f"costs.{kind}"
        if entry is None:
            out.append(_problem(name, "chybí", "missing"))
        elif flagged(name, entry, "costs") and (p := _cost_problem(f"{name}.cost", entry.get("cost"), resources)):
            out.append(p)

    pieces = data.get("pieces", {})
    for pid, piece in pieces.items():
        name = f"pieces.{pid}"
        if flagged(name, piece, "pieces"):
            out.extend(_piece_problems(name, piece, meta, row_terrains))

    for n in SEAT_COUNTS:
        out.extend(_layout_problems(data, n, pieces, flagged))

    vp = data.get("vp", {})
    if flagged("vp", vp):
        for key in ("cards", "dealt", "win"):
            if not _is_count(vp.get(key)):
                out.append(_count_problem(f"vp.{key}"))
    seen = set()
    for index, card in enumerate(data.get("vp_cards", [])):
        name = f"vp_cards[{index}]"
        if not flagged(name, card):
            continue
        if not _is_count(card.get("id")) or card["id"] in seen:
            out.append(_problem(f"{name}.id", "celé číslo, které nemá jiná karta", "a whole number not used by another card"))
        else:
            seen.add(card["id"])
        if card.get("thresholds") == UNKNOWN:
            continue
        for column in VP_COLUMNS:
            levels = card.get(column)
            if (not isinstance(levels, list) or len(levels) != 3 or not all(map(_is_count, levels))
                    or levels != sorted(levels)):
                out.append(_problem(f"{name}.{column}", "tři rostoucí prahy, např. [3, 5, 7]",
                                    "three rising thresholds, e.g. [3, 5, 7]"))
    return out


def _piece_problems(name: str, piece: dict, meta: dict, row_terrains: dict) -> list[Msg]:
    out: list[Msg] = []
    resources, terrains, kinds_b = meta["resources"], meta["terrains"], meta["buildings"]
    terrain, coastal = piece.get("terrain"), piece.get("coastal")
    if terrain not in terrains:
        out.append(_problem(f"{name}.terrain", "{t!r} není žádný z terénů {a}", "{t!r} is not one of {a}",
                            t=terrain, a=_terrain_names(terrains, ", ")))
    elif isinstance(coastal, bool) and terrain not in row_terrains[coastal]:
        out.append(_problem(f"{name}.terrain", "{row} díl je jen {a} (S4)", "{row_en} piece is {a} only (S4)",
                            row="pobřežní" if coastal else "vnitrozemský",
                            row_en="a coastal" if coastal else "an inland", a=_terrain_names(row_terrains[coastal], " / ")))
    if not isinstance(coastal, bool):
        out.append(_problem(f"{name}.coastal", "má být true nebo false", "must be true or false"))
    players = piece.get("players")
    if not isinstance(players, list) or not players or not all(p in SEAT_COUNTS for p in players):
        out.append(_problem(f"{name}.players", "seznam počtů hráčů z 3, 4, 5 (štítek v rohu)",
                            "a list of player counts from 3, 4, 5 (the corner label)"))
    cost = piece.get("settlement_cost")
    if (p := _cost_problem(f"{name}.settlement_cost", cost, resources, allow_unknown=False)):
        out.append(p)
    elif terrain in terrains and isinstance(coastal, bool):
        want = settlement_total(terrain, coastal)
        if sum(cost.values()) != want:
            out.append(_problem(f"{name}.settlement_cost", "součet je {s}, pravidla na takovém dílu uvádějí {w}",
                                "adds up to {s}, the rulebook says {w} on this kind of piece",
                                s=sum(cost.values()), w=want))
    slots = piece.get("buildings")
    if slots != UNKNOWN and (not isinstance(slots, list) or not all(s in kinds_b for s in slots)):
        out.append(_problem(f"{name}.buildings", "seznam z {k} nebo \"unknown\"", "a list from {k} or \"unknown\"",
                            k=", ".join(kinds_b)))
    elif terrain == "mountains" and slots not in ([], UNKNOWN):
        out.append(_problem(f"{name}.buildings", "v horách nejsou žádné budovy (pravidla s. 6)",
                            "no buildings on mountains (rulebook p.6)"))
    for key in ("stronghold_resource", "improvement_resource"):
        if piece.get(key) not in (*resources, UNKNOWN, "none"):
            out.append(_problem(f"{name}.{key}", "surovina, \"none\" nebo \"unknown\"",
                                "a resource, \"none\" or \"unknown\""))
    return out


def _terrain_names(ids, sep: str) -> Msg:
    """Czech terrain names in the Czech sentence, the file's ids in the English one."""
    names = [TERRAIN.get(t, Msg(str(t), str(t))) for t in ids]
    return Msg(sep.join(n.cs for n in names), sep.join(str(t) for t in ids))


def _face_problems(data, resources, flagged) -> list[Msg]:
    """Supply cards: each shows two resource symbols (S1 p.6); the 16 cards all differ (S2)."""
    entry = data.get("supply_cards", {})
    if not flagged("supply_cards", entry, "supply_cards"):
        return []
    faces, cards = entry.get("faces"), data.get("supply", {}).get("cards")
    if faces == UNKNOWN:
        return []
    if not isinstance(faces, list) or (_is_count(cards) and len(faces) != cards):
        return [_problem("supply_cards.faces", "\"unknown\" nebo seznam {n} karet", "\"unknown\" or a list of {n} cards",
                         n=cards)]
    out, seen = [], {}
    for number, face in enumerate(faces, start=1):
        name = f"supply_cards.faces.{number}"
        if face == UNKNOWN:
            continue
        if not isinstance(face, list) or len(face) != 2 or not all(r in resources for r in face):
            out.append(_problem(name, "dvě suroviny, např. [\"grain\", \"wood\"], nebo \"unknown\"",
                                "two resources, e.g. [\"grain\", \"wood\"], or \"unknown\""))
            continue
        pair = tuple(face)   # 16 different cards: more than the 15 unordered pairs, so order counts
        if pair in seen:
            out.append(_problem(name, "stejná jako karta {o}, ale každá karta zásob je jiná (S2)",
                                "the same as card {o}, but every supply card is different (S2)", o=seen[pair]))
        seen.setdefault(pair, number)
    return out


def settlement_total(terrain: str, coastal: bool) -> int:
    return SETTLEMENT_TOTAL["mountains" if terrain == "mountains" else "coastal" if coastal else "inland"]


def _layout_problems(data, n, pieces, flagged) -> list[Msg]:
    out: list[Msg] = []
    name = f"layouts.{n}"
    layout = data.get("layouts", {}).get(str(n))
    if layout is None:
        return [_problem(name, "chybí", "missing")]
    if not flagged(name, layout):
        return out
    coast, inland = layout.get("coast", []), layout.get("inland", [])
    ids = [*coast, *inland]
    if len(set(ids)) != len(ids) or not ids:
        return [_problem(name, "coast a inland mají vyjmenovat různá území", "coast and inland must list distinct territory ids")]
    placed = layout.get("pieces", {})
    if set(placed) != set(ids):
        out.append(_problem(f"{name}.pieces", "má položit díl přesně na {t}", "must place a piece on exactly {t}",
                            t=", ".join(ids)))
    used = list(placed.values())
    if len(set(used)) != len(used):
        out.append(_problem(f"{name}.pieces", "jeden díl je použit dvakrát", "a piece is used twice"))
    label_problem = False
    for tid, pid in placed.items():
        piece = pieces.get(pid)
        where = f"{name}.pieces.{tid}"
        if not isinstance(piece, dict):
            out.append(_problem(where, "v [pieces] není díl {p!r}", "no piece {p!r} in [pieces]", p=pid))
            continue
        if not isinstance(piece.get("players"), list) or n not in piece["players"]:
            label_problem = True
            out.append(_problem(where, "díl {p} se při {n} hráčích nepoužívá (štítek v rohu)",
                                "piece {p} is not used with {n} players (corner label)", p=pid, n=n))
        if piece.get("coastal") != (tid in coast):
            out.append(_problem(where, "díl {p} {c} pobřežní, ale leží v řadě {r}",
                                "piece {p} is {c_en}coastal but lies in the {r_en} row", p=pid,
                                c="je" if piece.get("coastal") else "není",
                                c_en="" if piece.get("coastal") else "not ",
                                r="pobřeží" if tid in coast else "vnitrozemí",
                                r_en="coast" if tid in coast else "inland"))
    expected = {pid for pid, p in pieces.items()
                if isinstance(p, dict) and isinstance(p.get("players"), list) and n in p["players"]}
    if set(used) != expected and not label_problem:
        out.append(_problem(f"{name}.pieces", "při {n} hráčích se hraje s díly {p}", "with {n} players the pieces are {p}",
                            n=n, p=", ".join(sorted(expected))))

    nbs = layout.get("neighbours", {})
    if flagged(f"{name}.neighbours", nbs):
        for tid in ids:
            if not isinstance(nbs.get(tid), dict):
                out.append(_problem(f"{name}.neighbours.{tid}", "chybí", "missing"))
        for tid, table in nbs.items():
            if tid in ("verified", "source"):
                continue
            where = f"{name}.neighbours.{tid}"
            if tid not in ids:
                out.append(_problem(where, "{t} není území tohoto rozložení", "{t} is not a territory of this layout", t=tid))
                continue
            if not isinstance(table, dict):
                out.append(_problem(where, "má být tabulka směr = území", "must be a table of direction = territory"))
                continue
            for direction, other in table.items():
                if direction not in DIRECTIONS:
                    out.append(_problem(f"{where}.{direction}", "není směr kompasu", "not a compass direction"))
                elif other not in ids or other == tid:
                    out.append(_problem(f"{where}.{direction}", "{o!r} není jiné území tohoto rozložení",
                                        "{o!r} is not another territory of this layout", o=other))
                elif not isinstance(nbs.get(other), dict) or nbs[other].get(OPPOSITE[direction]) != tid:
                    out.append(_problem(f"{where}.{direction}",
                                        "{t} má na směru {d} území {o}, takže {o} musí mít na směru {b} území {t}",
                                        "{t}'s {d} is {o}, so {o}'s {b} must be {t}",
                                        t=tid, d=direction, o=other, b=OPPOSITE[direction]))
            if len(set(map(str, table.values()))) != len(table):
                out.append(_problem(where, "jeden soused je uveden ve dvou směrech", "one neighbour listed in two directions"))

    start = layout.get("start", {})
    if flagged(f"{name}.start", start):
        for seat in range(1, n + 1):
            spot = start.get(str(seat))
            where = f"{name}.start.{seat}"
            if not isinstance(spot, dict):
                out.append(_problem(where, "chybí", "missing"))
                continue
            settle = spot.get("settlements")
            if (not isinstance(settle, list) or len(settle) != 2 or len(set(settle)) != 2
                    or not set(settle) <= set(ids)):
                out.append(_problem(f"{where}.settlements", "dvě různá území tohoto rozložení",
                                    "two different territories of this layout"))
            elif spot.get("warrior") not in settle:
                out.append(_problem(f"{where}.warrior", "má stát na jedné z obou osad", "must stand on one of the two settlements"))
    return out


def _more(count: int) -> Msg:
    """' (a ještě 2 další problémy)': Czech needs three plural forms."""
    if count == 0:
        return Msg("", "")
    noun = "další problém" if count == 1 else "další problémy" if count < 5 else "dalších problémů"
    return Msg(f" (a ještě {count} {noun})", f" (and {count} more)")


def check(data: dict, on_device: bool = False) -> None:
    """Refuse unusable box data, naming the first wrong entry. ``on_device``: the data was
    just corrected on the device, so the message does not send the user to the file."""
    found = problems(data)
    if not found:
        return
    first = found[0] + _more(len(found) - 1)
    if on_device:
        raise RuleError("graenaland.box_correction",
                        Msg("Tuto opravu nelze přijmout – {e}.", "This correction cannot be accepted – {e}.").format(e=first))
    raise RuleError("graenaland.box_data",
                    Msg("Data krabice nejsou v pořádku – {e}. Opravte je v data/box.toml.",
                        "The box data is wrong – {e}. Correct it in data/box.toml.").format(e=first))


def unverified(data: dict) -> list[str]:
    """Names of the entries still marked verified = false (shown so nobody mistakes them for
    fact); an entry partly checked on the device names its fields still open."""
    names = []

    def note(name, entry, group=None):
        if not isinstance(entry, dict) or entry.get("verified") is not False:
            return
        confirmed = entry.get("confirmed") or []
        if not confirmed:
            names.append(name)
            return
        names.extend(f"{name}.{f}" for f in device_fields(group, entry, data) if f not in confirmed)

    for section in ("rules", "goals", "supply", "vp"):
        note(section, data.get(section, {}))
    for section in ("army_max", "house_limit", "supply_cards"):
        note(section, data.get(section, {}), section)
    if data.get("meta", {}).get("along_coast_verified") is False:
        names.append("meta.along_coast")
    for group in ("public", "costs", "pieces"):
        for key, entry in data.get(group, {}).items():
            note(f"{group}.{key}", entry, group)
    for n, layout in data.get("layouts", {}).items():
        for part in (None, "neighbours", "start"):
            note(f"layouts.{n}" + (f".{part}" if part else ""), layout if part is None else layout.get(part, {}))
    for index, card in enumerate(data.get("vp_cards", [])):
        if card.get("verified") is False:
            names.append(f"vp_cards[{index}] (id {card.get('id')})")
    return names


def known_vp_cards(data: dict) -> dict[str, dict]:
    return {str(c["id"]): {k: c[k] for k in VP_COLUMNS}
            for c in data.get("vp_cards", []) if c.get("thresholds") != UNKNOWN}


def supply_faces(data: dict) -> list:
    """One entry per supply card: its two resources, or "unknown"."""
    faces = data.get("supply_cards", {}).get("faces", UNKNOWN)
    return [UNKNOWN] * data["supply"]["cards"] if faces == UNKNOWN else copy.deepcopy(faces)


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
    rules = {k: data["rules"][k] for k in ("houses_per_player", "houses_on_army_track", "army_start")}
    rules["army_max"] = data["army_max"]["value"]
    rules["house_limit"] = data["house_limit"]["value"]
    return {
        "order": [*layout["coast"], *layout["inland"]],
        "coast": list(layout["coast"]),
        "territories": territories,
        "neighbours": neighbours,
        "along_coast": list(data["meta"].get("along_coast", [])),
        "start": start,
        "rules": rules,
        "goals": {k: v for k, v in data["goals"].items() if k not in ("verified", "source")},
        "public": {k: {"tiles": v["tiles"], "cost": v["cost"]} for k, v in data["public"].items()},
        "costs": {k: v["cost"] for k, v in data["costs"].items()},
        "supply": {"cards": data["supply"]["cards"], "display": data["supply"]["display"],
                   "faces": supply_faces(data)},
        "vp": {"dealt": data["vp"]["dealt"], "win": data["vp"]["win"]},
        "vp_cards": known_vp_cards(data),
        "unverified": unverified(data),
    }


def main(argv: list[str]) -> int:
    """Print every problem of a file (English, then Czech) and how much is still unverified."""
    data = load(argv[1] if len(argv) > 1 else None)
    found = problems(data)
    for line in found:
        print(line.en)
        print("  " + line.cs)
    left = unverified(data)
    print(f"{len(found)} problem(s); {len(left)} entries marked verified = false")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
