"""What a usable data/box.toml looks like: every inconsistency found, each a sentence in Czech
and English that starts with the entry's name, so a user can find and correct it."""

from __future__ import annotations

from ...engine import Msg
from .board import DIRECTIONS
from .goals import COLUMNS as VP_COLUMNS
from .texts import TERRAIN

UNKNOWN = "unknown"
OPPOSITE = {"N": "S", "NE": "SW", "E": "W", "SE": "NW", "S": "N", "SW": "NE", "W": "E", "NW": "SE"}
SETTLEMENT_TOTAL = {"coastal": 4, "inland": 5, "mountains": 6}  # S1 p.6, verified
SEAT_COUNTS = (3, 4, 5)
PIECE_FIELDS = (
    "terrain",
    "coastal",
    "players",
    "settlement_cost",
    "buildings",
    "stronghold_resource",
    "improvement_resource",
)


def is_count(value) -> bool:
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
        return _problem(
            name,
            "cena je tabulka počtů surovin nebo \"unknown\"",
            "a cost is a table of resource counts or \"unknown\"",
        )
    for res, count in cost.items():
        if res not in resources and res != "any":
            return _problem(name, "neznámá surovina {r!r}", "unknown resource {r!r}", r=res)
        if not is_count(count) or count == 0:
            return _problem(
                f"{name}.{res}", "počet má být celé číslo větší než 0", "the count must be a whole number above 0"
            )
    return None


def device_fields(group: str | None, entry: dict, data: dict) -> tuple[str, ...]:
    """The fields of an entry that ``confirmed`` may list (and that make it verified)."""
    if group == "pieces":
        return PIECE_FIELDS
    if group == "supply_cards":
        cards = data.get("supply", {}).get("cards")
        return tuple(f"faces.{i}" for i in range(1, cards + 1)) if is_count(cards) else ()
    if group in ("costs", "public"):
        return ("cost",)
    if group in ("army_max", "house_limit"):
        return ("value",)
    return ()


class _Report:
    """The problems found so far, in the order they are found, and the checks every entry
    gets (a table saying whether it is verified and where it comes from)."""

    def __init__(self, data: dict):
        self.data = data
        self.out: list[Msg] = []

    def add(self, entry: str, cs: str, en: str, **values) -> None:
        self.out.append(_problem(entry, cs, en, **values))

    def counts(self, section: str, entry: dict, keys: tuple[str, ...]) -> None:
        for key in keys:
            if not is_count(entry.get(key)):
                self.out.append(_count_problem(f"{section}.{key}"))

    def flagged(self, name: str, entry, group: str | None = None) -> bool:
        """False when the entry is not even a table (nothing more to check in it)."""
        if not isinstance(entry, dict):
            self.add(name, "má být tabulka", "must be a table")
            return False
        if not isinstance(entry.get("verified"), bool):
            self.add(f"{name}.verified", "má být true nebo false", "must be true or false")
        if not isinstance(entry.get("source"), str) or not entry.get("source"):
            self.add(f"{name}.source", "uveďte, odkud hodnota pochází", "say where the value comes from")
        fields = device_fields(group, entry, self.data) if group else ()
        if not _lists_only(entry.get("confirmed", []), fields):
            self.add(
                f"{name}.confirmed",
                "seznam ověřených polí z: {f}",
                "a list of checked fields from: {f}",
                f=", ".join(fields) or "–",
            )
        return True


def _lists_only(confirmed, fields) -> bool:
    return isinstance(confirmed, list) and all(isinstance(f, str) and f in fields for f in confirmed)


def problems(data: dict) -> list[Msg]:
    """Every inconsistency in the box data, each naming its entry (empty list = usable)."""
    try:
        meta = data["meta"]
        meta["resources"], meta["terrains"], meta["buildings"], meta["public"]
    except (KeyError, TypeError):
        return [
            _problem(
                "meta",
                "chybí resources, terrains, buildings nebo public",
                "needs resources, terrains, buildings, public",
            )
        ]
    report = _Report(data)
    for d in meta.get("along_coast", []):
        if d not in DIRECTIONS:
            report.add("meta.along_coast", "{d!r} není směr kompasu", "{d!r} is not a compass direction", d=d)
    _counted(report, "rules", ("houses_per_player", "houses_on_army_track", "army_start"))
    _army_max_problems(report)
    _house_limit_problems(report)
    _counted(report, "goals", ("houses", "territories", "territory_houses", "largest", "buildings", "army", "needed"))
    _counted(report, "supply", ("cards", "display"))
    _face_problems(report, meta["resources"])
    _public_problems(report, meta)
    _cost_problems(report, meta)
    _piece_section(report, meta)
    for n in SEAT_COUNTS:
        _layout_problems(report, n)
    _counted(report, "vp", ("cards", "dealt", "win"))
    _vp_card_problems(report)
    return report.out


def _counted(report: _Report, section: str, keys: tuple[str, ...]) -> None:
    entry = report.data.get(section, {})
    if report.flagged(section, entry):
        report.counts(section, entry, keys)


def _army_max_problems(report: _Report) -> None:
    rules = report.data.get("rules", {})
    army_max = report.data.get("army_max", {})
    if not report.flagged("army_max", army_max, "army_max"):
        return
    top = army_max.get("value")
    start = rules.get("army_start") if is_count(rules.get("army_start")) else 0
    if top != UNKNOWN and (not is_count(top) or top < start):
        report.add(
            "army_max.value",
            "celé číslo aspoň tak velké jako počáteční síla, nebo \"unknown\"",
            "a whole number at least the starting strength, or \"unknown\"",
        )


def _house_limit_problems(report: _Report) -> None:
    house_limit = report.data.get("house_limit", {})
    if report.flagged("house_limit", house_limit, "house_limit") and not isinstance(house_limit.get("value"), bool):
        report.add("house_limit.value", "má být true nebo false", "must be true or false")


def _public_problems(report: _Report, meta: dict) -> None:
    for kind in meta["public"]:
        entry = report.data.get("public", {}).get(kind)
        name = f"public.{kind}"
        if entry is None:
            report.add(name, "chybí", "missing")
        elif report.flagged(name, entry, "public"):
            if not is_count(entry.get("tiles")):
                report.out.append(_count_problem(f"{name}.tiles"))
            if p := _cost_problem(f"{name}.cost", entry.get("cost"), meta["resources"]):
                report.out.append(p)


def _cost_problems(report: _Report, meta: dict) -> None:
    for kind in (*meta["buildings"], "army", "army_stronghold"):
        entry = report.data.get("costs", {}).get(kind)
        name = f"costs.{kind}"
        if entry is None:
            report.add(name, "chybí", "missing")
        elif report.flagged(name, entry, "costs") and (
            p := _cost_problem(f"{name}.cost", entry.get("cost"), meta["resources"])
        ):
            report.out.append(p)


def _piece_section(report: _Report, meta: dict) -> None:
    terrains = meta["terrains"]
    row_terrains = {True: meta.get("coastal_terrains", terrains), False: meta.get("inland_terrains", terrains)}
    for pid, piece in report.data.get("pieces", {}).items():
        name = f"pieces.{pid}"
        if report.flagged(name, piece, "pieces"):
            report.out.extend(_piece_problems(name, piece, meta, row_terrains))


def _vp_card_problems(report: _Report) -> None:
    seen = set()
    for index, card in enumerate(report.data.get("vp_cards", [])):
        name = f"vp_cards[{index}]"
        if not report.flagged(name, card):
            continue
        if not is_count(card.get("id")) or card["id"] in seen:
            report.add(f"{name}.id", "celé číslo, které nemá jiná karta", "a whole number not used by another card")
        else:
            seen.add(card["id"])
        if card.get("thresholds") != UNKNOWN:
            _threshold_problems(report, name, card)


def _threshold_problems(report: _Report, name: str, card: dict) -> None:
    for column in VP_COLUMNS:
        levels = card.get(column)
        if (
            not isinstance(levels, list)
            or len(levels) != 3
            or not all(map(is_count, levels))
            or levels != sorted(levels)
        ):
            report.add(
                f"{name}.{column}", "tři rostoucí prahy, např. [3, 5, 7]", "three rising thresholds, e.g. [3, 5, 7]"
            )


def _piece_problems(name: str, piece: dict, meta: dict, row_terrains: dict) -> list[Msg]:
    out = _terrain_problems(name, piece, meta["terrains"], row_terrains)
    players = piece.get("players")
    if not isinstance(players, list) or not players or not all(p in SEAT_COUNTS for p in players):
        out.append(
            _problem(
                f"{name}.players",
                "seznam počtů hráčů z 3, 4, 5 (štítek v rohu)",
                "a list of player counts from 3, 4, 5 (the corner label)",
            )
        )
    out += _settlement_cost_problems(name, piece, meta)
    out += _slot_problems(name, piece, meta["buildings"])
    for key in ("stronghold_resource", "improvement_resource"):
        if piece.get(key) not in (*meta["resources"], UNKNOWN, "none"):
            out.append(
                _problem(f"{name}.{key}", "surovina, \"none\" nebo \"unknown\"", "a resource, \"none\" or \"unknown\"")
            )
    return out


def _terrain_problems(name: str, piece: dict, terrains: list, row_terrains: dict) -> list[Msg]:
    out: list[Msg] = []
    terrain, coastal = piece.get("terrain"), piece.get("coastal")
    if terrain not in terrains:
        out.append(
            _problem(
                f"{name}.terrain",
                "{t!r} není žádný z terénů {a}",
                "{t!r} is not one of {a}",
                t=terrain,
                a=_terrain_names(terrains, ", "),
            )
        )
    elif isinstance(coastal, bool) and terrain not in row_terrains[coastal]:
        out.append(
            _problem(
                f"{name}.terrain",
                "{row} díl je jen {a} (S4)",
                "{row_en} piece is {a} only (S4)",
                row="pobřežní" if coastal else "vnitrozemský",
                row_en="a coastal" if coastal else "an inland",
                a=_terrain_names(row_terrains[coastal], " / "),
            )
        )
    if not isinstance(coastal, bool):
        out.append(_problem(f"{name}.coastal", "má být true nebo false", "must be true or false"))
    return out


def _settlement_cost_problems(name: str, piece: dict, meta: dict) -> list[Msg]:
    terrain, coastal, cost = piece.get("terrain"), piece.get("coastal"), piece.get("settlement_cost")
    if p := _cost_problem(f"{name}.settlement_cost", cost, meta["resources"], allow_unknown=False):
        return [p]
    # the cost is a dict here (_cost_problem refused any other); the piece's kind must be known
    if (
        isinstance(terrain, str)
        and terrain in meta["terrains"]
        and isinstance(coastal, bool)
        and isinstance(cost, dict)
    ):
        want = settlement_total(terrain, coastal)
        if sum(cost.values()) != want:
            return [
                _problem(
                    f"{name}.settlement_cost",
                    "součet je {s}, pravidla na takovém dílu uvádějí {w}",
                    "adds up to {s}, the rulebook says {w} on this kind of piece",
                    s=sum(cost.values()),
                    w=want,
                )
            ]
    return []


def _slot_problems(name: str, piece: dict, kinds_b: list) -> list[Msg]:
    slots = piece.get("buildings")
    if slots != UNKNOWN and (not isinstance(slots, list) or not all(s in kinds_b for s in slots)):
        return [
            _problem(
                f"{name}.buildings",
                "seznam z {k} nebo \"unknown\"",
                "a list from {k} or \"unknown\"",
                k=", ".join(kinds_b),
            )
        ]
    if piece.get("terrain") == "mountains" and slots not in ([], UNKNOWN):
        return [
            _problem(
                f"{name}.buildings",
                "v horách nejsou žádné budovy (pravidla s. 6)",
                "no buildings on mountains (rulebook p.6)",
            )
        ]
    return []


def _terrain_names(ids, sep: str) -> Msg:
    """Czech terrain names in the Czech sentence, the file's ids in the English one."""
    names = [TERRAIN.get(t, Msg(str(t), str(t))) for t in ids]
    return Msg(sep.join(n.cs for n in names), sep.join(str(t) for t in ids))


def _face_problems(report: _Report, resources: list) -> None:
    """Supply cards: each shows two resource symbols (S1 p.6); the 16 cards all differ (S2)."""
    entry = report.data.get("supply_cards", {})
    if not report.flagged("supply_cards", entry, "supply_cards"):
        return
    faces, cards = entry.get("faces"), report.data.get("supply", {}).get("cards")
    if faces == UNKNOWN:
        return
    if not isinstance(faces, list) or (is_count(cards) and len(faces) != cards):
        report.add(
            "supply_cards.faces", "\"unknown\" nebo seznam {n} karet", "\"unknown\" or a list of {n} cards", n=cards
        )
        return
    seen: dict[tuple, int] = {}
    for number, face in enumerate(faces, start=1):
        if face != UNKNOWN:
            _face_problem(report, number, face, resources, seen)


def _face_problem(report: _Report, number: int, face, resources: list, seen: dict) -> None:
    name = f"supply_cards.faces.{number}"
    if not isinstance(face, list) or len(face) != 2 or not all(r in resources for r in face):
        report.add(
            name,
            "dvě suroviny, např. [\"grain\", \"wood\"], nebo \"unknown\"",
            "two resources, e.g. [\"grain\", \"wood\"], or \"unknown\"",
        )
        return
    pair = tuple(face)  # 16 different cards: more than the 15 unordered pairs, so order counts
    if pair in seen:
        report.add(
            name,
            "stejná jako karta {o}, ale každá karta zásob je jiná (S2)",
            "the same as card {o}, but every supply card is different (S2)",
            o=seen[pair],
        )
    seen.setdefault(pair, number)


def settlement_total(terrain: str, coastal: bool) -> int:
    return SETTLEMENT_TOTAL["mountains" if terrain == "mountains" else "coastal" if coastal else "inland"]


def _layout_problems(report: _Report, n: int) -> None:
    name = f"layouts.{n}"
    layout = report.data.get("layouts", {}).get(str(n))
    if layout is None:
        report.add(name, "chybí", "missing")
        return
    if not report.flagged(name, layout):
        return
    coast, inland = layout.get("coast", []), layout.get("inland", [])
    ids = [*coast, *inland]
    if len(set(ids)) != len(ids) or not ids:
        report.add(
            name, "coast a inland mají vyjmenovat různá území", "coast and inland must list distinct territory ids"
        )
        return
    # a layout lists its parts' flags first, then what is wrong in its pieces, neighbours and starts
    found = _Report(report.data)
    _placed_problems(found, name, n, layout.get("pieces", {}), coast, ids)
    nbs = layout.get("neighbours", {})
    if report.flagged(f"{name}.neighbours", nbs):
        _neighbour_problems(found, name, nbs, ids)
    start = layout.get("start", {})
    if report.flagged(f"{name}.start", start):
        _start_problems(found, name, n, start, ids)
    report.out += found.out


def _placed_problems(report: _Report, name: str, n: int, placed: dict, coast: list, ids: list) -> None:
    """Which piece lies on each territory: every territory one piece, each piece once, and the
    pieces whose corner label names this player count."""
    pieces = report.data.get("pieces", {})
    if set(placed) != set(ids):
        report.add(
            f"{name}.pieces", "má položit díl přesně na {t}", "must place a piece on exactly {t}", t=", ".join(ids)
        )
    used = list(placed.values())
    if len(set(used)) != len(used):
        report.add(f"{name}.pieces", "jeden díl je použit dvakrát", "a piece is used twice")
    label_problem = False
    for tid, pid in placed.items():
        label_problem = _placed_piece_problems(report, f"{name}.pieces.{tid}", n, pid, tid in coast) or label_problem
    expected = _pieces_for(pieces, n)
    if set(used) != expected and not label_problem:
        report.add(
            f"{name}.pieces",
            "při {n} hráčích se hraje s díly {p}",
            "with {n} players the pieces are {p}",
            n=n,
            p=", ".join(sorted(expected)),
        )


def _pieces_for(pieces: dict, n: int) -> set:
    """The pieces whose corner label names ``n`` players."""
    return {
        pid
        for pid, p in pieces.items()
        if isinstance(p, dict) and isinstance(p.get("players"), list) and n in p["players"]
    }


def _placed_piece_problems(report: _Report, where: str, n: int, pid, in_coast: bool) -> bool:
    """Problems of one placed piece; True when its corner label does not name ``n``."""
    piece = report.data.get("pieces", {}).get(pid)
    if not isinstance(piece, dict):
        report.add(where, "v [pieces] není díl {p!r}", "no piece {p!r} in [pieces]", p=pid)
        return False
    mislabelled = not isinstance(piece.get("players"), list) or n not in piece["players"]
    if mislabelled:
        report.add(
            where,
            "díl {p} se při {n} hráčích nepoužívá (štítek v rohu)",
            "piece {p} is not used with {n} players (corner label)",
            p=pid,
            n=n,
        )
    if piece.get("coastal") != in_coast:
        report.add(
            where,
            "díl {p} {c} pobřežní, ale leží v řadě {r}",
            "piece {p} is {c_en}coastal but lies in the {r_en} row",
            p=pid,
            c="je" if piece.get("coastal") else "není",
            c_en="" if piece.get("coastal") else "not ",
            r="pobřeží" if in_coast else "vnitrozemí",
            r_en="coast" if in_coast else "inland",
        )
    return mislabelled


def _neighbour_problems(report: _Report, name: str, nbs: dict, ids: list) -> None:
    for tid in ids:
        if not isinstance(nbs.get(tid), dict):
            report.add(f"{name}.neighbours.{tid}", "chybí", "missing")
    for tid, table in nbs.items():
        if tid in ("verified", "source"):
            continue
        where = f"{name}.neighbours.{tid}"
        if tid not in ids:
            report.add(where, "{t} není území tohoto rozložení", "{t} is not a territory of this layout", t=tid)
        elif not isinstance(table, dict):
            report.add(where, "má být tabulka směr = území", "must be a table of direction = territory")
        else:
            _neighbour_table_problems(report, where, tid, table, nbs, ids)


def _neighbour_table_problems(report: _Report, where: str, tid: str, table: dict, nbs: dict, ids: list) -> None:
    """Each direction names another territory, and that one names this one the opposite way."""
    for direction, other in table.items():
        if direction not in DIRECTIONS:
            report.add(f"{where}.{direction}", "není směr kompasu", "not a compass direction")
        elif other not in ids or other == tid:
            report.add(
                f"{where}.{direction}",
                "{o!r} není jiné území tohoto rozložení",
                "{o!r} is not another territory of this layout",
                o=other,
            )
        elif not isinstance(nbs.get(other), dict) or nbs[other].get(OPPOSITE[direction]) != tid:
            report.add(
                f"{where}.{direction}",
                "{t} má na směru {d} území {o}, takže {o} musí mít na směru {b} území {t}",
                "{t}'s {d} is {o}, so {o}'s {b} must be {t}",
                t=tid,
                d=direction,
                o=other,
                b=OPPOSITE[direction],
            )
    if len(set(map(str, table.values()))) != len(table):
        report.add(where, "jeden soused je uveden ve dvou směrech", "one neighbour listed in two directions")


def _start_problems(report: _Report, name: str, n: int, start: dict, ids: list) -> None:
    for seat in range(1, n + 1):
        spot = start.get(str(seat))
        where = f"{name}.start.{seat}"
        if not isinstance(spot, dict):
            report.add(where, "chybí", "missing")
            continue
        settle = spot.get("settlements")
        if not isinstance(settle, list) or len(settle) != 2 or len(set(settle)) != 2 or not set(settle) <= set(ids):
            report.add(
                f"{where}.settlements", "dvě různá území tohoto rozložení", "two different territories of this layout"
            )
        elif spot.get("warrior") not in settle:
            report.add(f"{where}.warrior", "má stát na jedné z obou osad", "must stand on one of the two settlements")
