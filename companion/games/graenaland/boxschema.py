"""What a usable data/box.toml looks like: every inconsistency found, each a sentence in Czech
and English that starts with the entry's name, so a user can find and correct it.

The checks read the file through ``boxfile``'s collecting shape (``Problems``, ``Entry``): a
wrong field is one problem and the check goes on, so a file corrected by hand shows all its
problems at once."""

from __future__ import annotations

from typing import Any, TypeGuard

from ...engine import Msg
from ..boxfile import Entry, Problems, is_whole
from .board import DIRECTIONS
from .goals import COLUMNS as VP_COLUMNS
from .texts import TERRAIN

UNKNOWN = "unknown"
OPPOSITE = {"N": "S", "NE": "SW", "E": "W", "SE": "NW", "S": "N", "SW": "NE", "W": "E", "NW": "SE"}
SETTLEMENT_TOTAL = {"coastal": 4, "inland": 5, "mountains": 6}  # S1 p.6, verified
SEAT_COUNTS = (3, 4, 5)
SOURCE = "box.toml"
PIECE_FIELDS = (
    "terrain",
    "coastal",
    "players",
    "settlement_cost",
    "buildings",
    "stronghold_resource",
    "improvement_resource",
)
META_LISTS = ("resources", "terrains", "buildings", "public")
META_OPTIONAL = ("coastal_terrains", "inland_terrains", "along_coast")
# what a value of the wrong type deep in an entry breaks on: the entry is named instead
WRONG_TYPE = (TypeError, AttributeError, KeyError, ValueError)
MISSING = ("chybí", "missing")


def is_count(value: Any) -> TypeGuard[int]:
    """A whole number, 0 or more (true/false is none)."""
    return is_whole(value)


def device_fields(group: str | None, entry: dict, data: dict) -> tuple[str, ...]:
    """The fields of an entry that ``confirmed`` may list (and that make it verified)."""
    if group == "pieces":
        return PIECE_FIELDS
    if group == "supply_cards":
        cards = _table(data, "supply").get("cards")
        return tuple(f"faces.{i}" for i in range(1, cards + 1)) if is_count(cards) else ()
    if group in ("costs", "public"):
        return ("cost",)
    if group in ("army_max", "house_limit"):
        return ("value",)
    return ()


def settlement_total(terrain: str, coastal: bool) -> int:
    return SETTLEMENT_TOTAL["mountains" if terrain == "mountains" else "coastal" if coastal else "inland"]


def _table(data: Any, key: str) -> dict:
    """``data[key]`` when both are tables, else an empty one (its problem is named elsewhere)."""
    value = data.get(key, {}) if isinstance(data, dict) else {}
    return value if isinstance(value, dict) else {}


class _Check:
    """One pass over the data: the problems found so far (``boxfile.Problems``) and the checks
    every entry gets (whether it is verified, where it comes from, the fields confirmed)."""

    def __init__(self, data: dict, source: str):
        self.data = data
        self.problems = Problems(source)
        self.at = "meta"  # the entry being checked, named if a value of the wrong type breaks the check

    def add(self, entry: str, cs: str, en: str, **values) -> None:
        self.problems.add(entry, cs, en, **values)

    def marked(self, name: str, table: Any, group: str | None = None) -> Entry | None:
        """The entry read field by field; None when it is not even a table."""
        self.at = name
        entry = self.problems.entry(name, table)
        if entry is None:
            return None
        entry.flag("verified")
        entry.text("source", "uveďte, odkud hodnota pochází", "say where the value comes from")
        fields = device_fields(group, table, self.data) if group else ()
        confirmed = table.get("confirmed", [])
        if not isinstance(confirmed, list) or not all(isinstance(f, str) and f in fields for f in confirmed):
            entry.add(
                "confirmed",
                "seznam ověřených polí z: {f}",
                "a list of checked fields from: {f}",
                f=", ".join(fields) or "–",
            )
        return entry

    def counted(self, section: str, keys: tuple[str, ...]) -> Entry | None:
        entry = self.marked(section, self.data.get(section, {}))
        if entry is not None:
            for key in keys:
                entry.whole(key)
        return entry

    def cost(self, name: str, cost, allow_unknown: bool = True) -> bool:
        """A cost: resource counts above 0 (``any``: as printed), or "unknown" where allowed."""
        if cost == UNKNOWN and allow_unknown:
            return True
        if not isinstance(cost, dict) or not cost:
            self.add(
                name,
                "cena je tabulka počtů surovin nebo \"unknown\"",
                "a cost is a table of resource counts or \"unknown\"",
            )
            return False
        for res, count in cost.items():
            if res not in self.data["meta"]["resources"] and res != "any":
                self.add(name, "neznámá surovina {r!r}", "unknown resource {r!r}", r=res)
                return False
            if not is_whole(count, 1):
                self.add(
                    f"{name}.{res}",
                    "počet má být celé číslo větší než 0",
                    "the count must be a whole number above 0",
                )
                return False
        return True


def collect(data: dict, source: str = SOURCE) -> Problems:
    """Every inconsistency in the box data, each naming its entry, in ``boxfile``'s collected
    form (``raise_any`` refuses the data with all of them)."""
    check = _Check(data, source)
    meta = data.get("meta") if isinstance(data, dict) else None
    if not isinstance(meta, dict) or not all(key in meta for key in META_LISTS):
        check.add(
            "meta",
            "chybí resources, terrains, buildings nebo public",
            "needs resources, terrains, buildings, public",
        )
        return check.problems
    for key in (*META_LISTS, *(k for k in META_OPTIONAL if k in meta)):
        if not isinstance(meta[key], list) or not all(isinstance(v, str) for v in meta[key]):
            check.add(f"meta.{key}", "má být seznam textů", "must be a list of text")
    if not check.problems.found:
        try:
            _entries(check, meta)
        except WRONG_TYPE:
            check.add(check.at, "obsahuje hodnotu nesprávného typu", "holds a value of the wrong type")
    return check.problems


def _entries(check: _Check, meta: dict) -> None:
    """The checks of every entry once ``meta`` (which names the rest) is usable."""
    data = check.data
    for d in meta.get("along_coast", []):
        if d not in DIRECTIONS:
            check.add("meta.along_coast", "{d!r} není směr kompasu", "{d!r} is not a compass direction", d=d)
    check.counted("rules", ("houses_per_player", "houses_on_army_track", "army_start"))
    _army_max(check)
    house_limit = check.marked("house_limit", data.get("house_limit", {}), "house_limit")
    if house_limit is not None:
        house_limit.flag("value")
    check.counted("goals", ("houses", "territories", "territory_houses", "largest", "buildings", "army", "needed"))
    check.counted("supply", ("cards", "display"))
    _faces(check)
    check.at = "public"
    for kind in meta["public"]:
        _priced(check, "public", kind)
    check.at = "costs"
    for kind in (*meta["buildings"], "army", "army_stronghold"):
        _priced(check, "costs", kind)
    _pieces(check)
    for n in SEAT_COUNTS:
        _layout(check, n)
    check.counted("vp", ("cards", "dealt", "win"))
    _vp_cards(check)


def problems(data: dict) -> list[Msg]:
    """Every inconsistency in the box data, each naming its entry (empty list = usable)."""
    return collect(data).found


def _army_max(check: _Check) -> None:
    army_max = check.marked("army_max", check.data.get("army_max", {}), "army_max")
    if army_max is None:
        return
    top = army_max.table.get("value")
    start = _table(check.data, "rules").get("army_start")
    if top != UNKNOWN and (not is_count(top) or top < (start if is_count(start) else 0)):
        army_max.add(
            "value",
            "celé číslo aspoň tak velké jako počáteční síla, nebo \"unknown\"",
            "a whole number at least the starting strength, or \"unknown\"",
        )


def _priced(check: _Check, group: str, kind: str) -> None:
    """A public building's tiles and cost, or a building's, army's or stronghold's cost."""
    name = f"{group}.{kind}"
    table = _table(check.data, group).get(kind)
    if table is None:
        check.add(name, *MISSING)
        return
    entry = check.marked(name, table, group)
    if entry is None:
        return
    if group == "public":
        entry.whole("tiles")
    check.cost(f"{name}.cost", table.get("cost"))


# -- the supply cards ---------------------------------------------------------------------------
def _faces(check: _Check) -> None:
    """Supply cards: each shows two resource symbols (S1 p.6); the 16 cards all differ (S2)."""
    entry = check.marked("supply_cards", check.data.get("supply_cards", {}), "supply_cards")
    if entry is None:
        return
    faces, cards = entry.table.get("faces"), _table(check.data, "supply").get("cards")
    if faces == UNKNOWN:
        return
    if not isinstance(faces, list) or (is_count(cards) and len(faces) != cards):
        entry.add("faces", "\"unknown\" nebo seznam {n} karet", "\"unknown\" or a list of {n} cards", n=cards)
        return
    seen: dict[tuple, int] = {}
    for number, face in enumerate(faces, start=1):
        if face != UNKNOWN:
            _face(check, number, face, seen)


def _face(check: _Check, number: int, face, seen: dict) -> None:
    name = f"supply_cards.faces.{number}"
    if not isinstance(face, list) or len(face) != 2 or not all(r in check.data["meta"]["resources"] for r in face):
        check.add(
            name,
            "dvě suroviny, např. [\"grain\", \"wood\"], nebo \"unknown\"",
            "two resources, e.g. [\"grain\", \"wood\"], or \"unknown\"",
        )
        return
    pair = tuple(face)  # 16 different cards: more than the 15 unordered pairs, so order counts
    if pair in seen:
        check.add(
            name,
            "stejná jako karta {o}, ale každá karta zásob je jiná (S2)",
            "the same as card {o}, but every supply card is different (S2)",
            o=seen[pair],
        )
    seen.setdefault(pair, number)


# -- the board pieces ---------------------------------------------------------------------------
def _pieces(check: _Check) -> None:
    for pid, table in _table(check.data, "pieces").items():
        piece = check.marked(f"pieces.{pid}", table, "pieces")
        if piece is not None:
            _piece(check, piece)


def _piece(check: _Check, piece: Entry) -> None:
    meta = check.data["meta"]
    _terrain(piece, meta)
    players = piece.table.get("players")
    if not isinstance(players, list) or not players or not all(p in SEAT_COUNTS for p in players):
        piece.add(
            "players",
            "seznam počtů hráčů z 3, 4, 5 (štítek v rohu)",
            "a list of player counts from 3, 4, 5 (the corner label)",
        )
    _settlement_cost(check, piece)
    _slots(piece, meta["buildings"])
    for key in ("stronghold_resource", "improvement_resource"):
        if piece.table.get(key) not in (*meta["resources"], UNKNOWN, "none"):
            piece.add(key, "surovina, \"none\" nebo \"unknown\"", "a resource, \"none\" or \"unknown\"")


def _row_terrains(meta: dict) -> dict[bool, list]:
    """The terrains a coastal (True) or inland piece may show (S4)."""
    terrains = meta["terrains"]
    return {True: meta.get("coastal_terrains", terrains), False: meta.get("inland_terrains", terrains)}


def _terrain(piece: Entry, meta: dict) -> None:
    terrain, coastal = piece.table.get("terrain"), piece.table.get("coastal")
    rows = _row_terrains(meta)
    if terrain not in meta["terrains"]:
        piece.add(
            "terrain",
            "{t!r} není žádný z terénů {a}",
            "{t!r} is not one of {a}",
            t=terrain,
            a=_terrain_names(meta["terrains"], ", "),
        )
    elif isinstance(coastal, bool) and terrain not in rows[coastal]:
        piece.add(
            "terrain",
            "{row} díl je jen {a} (S4)",
            "{row_en} piece is {a} only (S4)",
            row="pobřežní" if coastal else "vnitrozemský",
            row_en="a coastal" if coastal else "an inland",
            a=_terrain_names(rows[coastal], " / "),
        )
    piece.flag("coastal")


def _settlement_cost(check: _Check, piece: Entry) -> None:
    terrain, coastal, cost = (piece.table.get(k) for k in ("terrain", "coastal", "settlement_cost"))
    if not check.cost(f"{piece.name}.settlement_cost", cost, allow_unknown=False):
        return
    # the cost is a table of counts here; the piece's kind must be known to know its total
    if (
        isinstance(terrain, str)
        and terrain in check.data["meta"]["terrains"]
        and isinstance(coastal, bool)
        and isinstance(cost, dict)
    ):
        want = settlement_total(terrain, coastal)
        if sum(cost.values()) != want:
            piece.add(
                "settlement_cost",
                "součet je {s}, pravidla na takovém dílu uvádějí {w}",
                "adds up to {s}, the rulebook says {w} on this kind of piece",
                s=sum(cost.values()),
                w=want,
            )


def _slots(piece: Entry, kinds: list) -> None:
    slots = piece.table.get("buildings")
    if slots != UNKNOWN and (not isinstance(slots, list) or not all(s in kinds for s in slots)):
        piece.add("buildings", "seznam z {k} nebo \"unknown\"", "a list from {k} or \"unknown\"", k=", ".join(kinds))
    elif piece.table.get("terrain") == "mountains" and slots not in ([], UNKNOWN):
        piece.add(
            "buildings", "v horách nejsou žádné budovy (pravidla s. 6)", "no buildings on mountains (rulebook p.6)"
        )


def _terrain_names(ids, sep: str) -> Msg:
    """Czech terrain names in the Czech sentence, the file's ids in the English one."""
    names = [TERRAIN.get(t, Msg(str(t), str(t))) for t in ids]
    return Msg(sep.join(n.cs for n in names), sep.join(str(t) for t in ids))


# -- the victory-point cards --------------------------------------------------------------------
def _vp_cards(check: _Check) -> None:
    check.at = "vp_cards"
    cards = check.data.get("vp_cards", [])
    seen: set[int] = set()
    for index, table in enumerate(cards):
        card = check.marked(f"vp_cards[{index}]", table)
        if card is None:
            continue
        ident = card.table.get("id")
        if not is_count(ident) or ident in seen:
            card.add("id", "celé číslo, které nemá jiná karta", "a whole number not used by another card")
        else:
            seen.add(ident)
        if card.table.get("thresholds") != UNKNOWN:
            _thresholds(card)


def _thresholds(card: Entry) -> None:
    for column in VP_COLUMNS:
        levels = card.table.get(column)
        if (
            not isinstance(levels, list)
            or len(levels) != 3
            or not all(map(is_count, levels))
            or levels != sorted(levels)
        ):
            card.add(column, "tři rostoucí prahy, např. [3, 5, 7]", "three rising thresholds, e.g. [3, 5, 7]")


# -- the layouts --------------------------------------------------------------------------------
def _layout(check: _Check, n: int) -> None:
    name = check.at = f"layouts.{n}"
    table = _table(check.data, "layouts").get(str(n))
    if table is None:
        check.add(name, *MISSING)
        return
    layout = check.marked(name, table)
    if layout is None:
        return
    coast, inland = table.get("coast", []), table.get("inland", [])
    ids = [*coast, *inland]
    if not ids or check.problems.exactly(ids, ids)[2]:  # an id defined twice
        layout.add(
            None, "coast a inland mají vyjmenovat různá území", "coast and inland must list distinct territory ids"
        )
        return
    # a layout names its parts' marks first, then what is wrong in its pieces, neighbours and starts
    found = _Check(check.data, check.problems.source)
    _placed(found, name, n, table.get("pieces", {}), coast, ids)
    neighbours = check.marked(f"{name}.neighbours", table.get("neighbours", {}))
    if neighbours is not None:
        _neighbours(found, neighbours, ids)
    start = check.marked(f"{name}.start", table.get("start", {}))
    if start is not None:
        _starts(found, start, n, ids)
    check.problems.found += found.problems.found


def _placed(check: _Check, name: str, n: int, placed: dict, coast: list, ids: list) -> None:
    """Which piece lies on each territory: every territory one piece, each piece once, and the
    pieces whose corner label names this player count."""
    missing, unknown, _ = check.problems.exactly(list(placed), ids)
    if missing or unknown:
        check.add(
            f"{name}.pieces", "má položit díl přesně na {t}", "must place a piece on exactly {t}", t=", ".join(ids)
        )
    used = list(placed.values())
    if check.problems.exactly(used, used)[2]:  # a piece defined twice
        check.add(f"{name}.pieces", "jeden díl je použit dvakrát", "a piece is used twice")
    label_problem = False
    for tid, pid in placed.items():
        label_problem = _placed_piece(check, f"{name}.pieces.{tid}", n, pid, tid in coast) or label_problem
    expected = _pieces_for(_table(check.data, "pieces"), n)
    if set(used) != expected and not label_problem:
        check.add(
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


def _placed_piece(check: _Check, where: str, n: int, pid, in_coast: bool) -> bool:
    """Problems of one placed piece; True when its corner label does not name ``n``."""
    piece = _table(check.data, "pieces").get(pid)
    if not isinstance(piece, dict):
        check.add(where, "v [pieces] není díl {p!r}", "no piece {p!r} in [pieces]", p=pid)
        return False
    mislabelled = not isinstance(piece.get("players"), list) or n not in piece["players"]
    if mislabelled:
        check.add(
            where,
            "díl {p} se při {n} hráčích nepoužívá (štítek v rohu)",
            "piece {p} is not used with {n} players (corner label)",
            p=pid,
            n=n,
        )
    if piece.get("coastal") != in_coast:
        check.add(
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


def _neighbours(check: _Check, neighbours: Entry, ids: list) -> None:
    nbs = neighbours.table
    for tid in ids:
        if not isinstance(nbs.get(tid), dict):
            check.add(f"{neighbours.name}.{tid}", *MISSING)
    territories = [tid for tid in nbs if tid not in ("verified", "source")]
    unknown = check.problems.exactly(territories, ids)[1]
    for tid in territories:
        where = f"{neighbours.name}.{tid}"
        if tid in unknown:
            check.add(where, "{t} není území tohoto rozložení", "{t} is not a territory of this layout", t=tid)
        elif not isinstance(nbs[tid], dict):
            check.add(where, "má být tabulka směr = území", "must be a table of direction = territory")
        else:
            _neighbour_table(check, where, tid, nbs, ids)


def _neighbour_table(check: _Check, where: str, tid: str, nbs: dict, ids: list) -> None:
    """Each direction names another territory, and that one names this one the opposite way."""
    table = nbs[tid]
    for direction, other in table.items():
        if direction not in DIRECTIONS:
            check.add(f"{where}.{direction}", "není směr kompasu", "not a compass direction")
        elif other not in ids or other == tid:
            check.add(
                f"{where}.{direction}",
                "{o!r} není jiné území tohoto rozložení",
                "{o!r} is not another territory of this layout",
                o=other,
            )
        elif not isinstance(nbs.get(other), dict) or nbs[other].get(OPPOSITE[direction]) != tid:
            check.add(
                f"{where}.{direction}",
                "{t} má na směru {d} území {o}, takže {o} musí mít na směru {b} území {t}",
                "{t}'s {d} is {o}, so {o}'s {b} must be {t}",
                t=tid,
                d=direction,
                o=other,
                b=OPPOSITE[direction],
            )
    if len(set(map(str, table.values()))) != len(table):
        check.add(where, "jeden soused je uveden ve dvou směrech", "one neighbour listed in two directions")


def _starts(check: _Check, start: Entry, n: int, ids: list) -> None:
    for seat in range(1, n + 1):
        spot = start.table.get(str(seat))
        where = f"{start.name}.{seat}"
        if not isinstance(spot, dict):
            check.add(where, *MISSING)
            continue
        settle = spot.get("settlements")
        if not isinstance(settle, list) or len(settle) != 2 or len(set(settle)) != 2 or not set(settle) <= set(ids):
            check.add(
                f"{where}.settlements", "dvě různá území tohoto rozložení", "two different territories of this layout"
            )
        elif spot.get("warrior") not in settle:
            check.add(f"{where}.warrior", "má stát na jedné z obou osad", "must stand on one of the two settlements")
