"""Final scoring: every building's printed condition, unit doubling, roads, Jindřich's twist.

Readings of unclear rules (docs/games/dva_bratri.md lists them):
- Inn: up to 3 tiles counted in each direction of its printed line, wherever they lie in it
  (INN_READING below; the other reading is implemented too).
- Mill / Stonemason's / Byre: side-connected groups of the colour touching the building by a side;
  the building itself neither counts nor joins groups (it has its own 1 point).
- Bakery / Smithy / Lodge: other own buildings on tiles of the colour (itself gives the base 1).
- Pilgrimage site: the most tiles on one road ending there (a branching road counts all its tiles).
- Guild house: the owner's workshops of the pictured kind score 4 a pair instead of 3.
"""

from __future__ import annotations

from . import board, box
from .board import NORTH, SOUTH, key, xy

# The Inn: "1 bod za každou destičku ve stejném sloupci nebo řadě ... až do maxima 3 destiček v obou
# směrech". Two readings of "3 tiles in each direction":
INN_ANY_DISTANCE = "any_distance"  # the first 3 tiles each way, however far along the line (gaps allowed)
INN_NEXT_PLACES = "next_places"  # only tiles on the 3 places next to the inn each way
INN_READING = INN_ANY_DISTANCE  # the reading this companion plays (docs/games/dva_bratri.md)
INN_LIMIT = 3

GROUP_COLOUR = {"mill": "yellow", "stonemason": "grey", "byre": "green"}
OWN_COLOUR = {"bakery": "yellow", "smithy": "grey", "lodge": "green"}


def _line_count(
    state: dict, k: str, line: str, limit: int | None, colour: str | None = None, within: int | None = None
) -> int:
    """Tiles in the row or column of ``k`` (of ``colour`` if given), at most ``limit`` each way,
    only up to ``within`` places away if given."""
    total = 0
    for sign in (1, -1):
        found = len(_line_side(state, k, line, sign, colour, within))
        total += found if limit is None else min(limit, found)
    return total


def _line_side(state: dict, k: str, line: str, sign: int, colour: str | None, within: int | None) -> list[dict]:
    """The tiles on one side (``sign``) of ``k`` along its row or column."""
    x, y = xy(k)
    across, along = (1, 0) if line == "row" else (0, 1)
    start, here = (x, y)[along], (x, y)[across]
    reach = within or float("inf")
    return [
        c
        for ck, c in state["board"].items()
        if ck != k
        and xy(ck)[across] == here
        and 0 < (xy(ck)[along] - start) * sign <= reach
        and (colour is None or c["colour"] == colour)
    ]


def _colour_groups(state: dict, k: str, colour: str) -> int:
    seen: set[str] = set()
    stack = [n for n in board.ring(k, board.SIDES4) if board.colour_at(state, n) == colour]
    while stack:
        n = stack.pop()
        if n in seen or n == k:
            continue
        seen.add(n)
        stack.extend(
            m for m in board.ring(n, board.SIDES4) if m != k and m not in seen and board.colour_at(state, m) == colour
        )
    return len(seen)


def _workshop(state: dict, k: str, owner: int, kind: str) -> int:
    c = state["board"][k]
    params = box.fact(state, c["tile"], "params") or {}
    a, b = box.buildings()[kind].pair
    per = 3
    for gk, g in board.buildings_of(state, owner):
        if g == "guild_house":
            boosts = (box.fact(state, state["board"][gk]["tile"], "params") or {}).get("boosts")
            if boosts in (kind, "all"):
                per = 4
    x, y = xy(k)
    pairs = 0
    for p, q in params.get("pairs", []):
        cols = []
        for dx, dy in (p, q):
            wx, wy = board.world_offset(dx, dy, owner)
            cols.append(board.colour_at(state, key(x + wx, y + wy)))
        if sorted(cols, key=str) == sorted([a, b]):
            pairs += 1
    return per * pairs


def longest_road_at(state: dict, k: str) -> int:
    best = 1
    for net in board.road_networks(state, k):
        best = max(best, len(road_tiles(state, k, net)))
    return best


def _params(state: dict, k: str) -> dict:
    return box.fact(state, state["board"][k]["tile"], "params") or {}


def _opponent(owner: int) -> int:
    return NORTH if owner == SOUTH else SOUTH


def _inn(state: dict, k: str, owner: int, b: str) -> int:
    within = INN_LIMIT if INN_READING == INN_NEXT_PLACES else None
    return 1 + _line_count(state, k, _params(state, k)["line"], INN_LIMIT, within=within)


def _marketplace(state: dict, k: str, owner: int, b: str) -> int:
    return 1 + sum(1 for n in board.ring(k, board.SIDES4) if n in state["board"])


def _pilgrimage(state: dict, k: str, owner: int, b: str) -> int:
    return longest_road_at(state, k)


def _robbers_keep(state: dict, k: str, owner: int, b: str) -> int:
    opp = _opponent(owner)
    return 2 + 2 * sum(
        1
        for n in board.ring(k, board.SIDES4)
        if board.is_building(state["board"].get(n)) and state["board"][n]["owner"] == opp
    )


def _group_of_colour(state: dict, k: str, owner: int, b: str) -> int:
    return 1 + _colour_groups(state, k, GROUP_COLOUR[b])


def _own_on_colour(state: dict, k: str, owner: int, b: str) -> int:
    return 1 + sum(
        1 for gk, _ in board.buildings_of(state, owner) if gk != k and state["board"][gk]["colour"] == OWN_COLOUR[b]
    )


def _trading_post(state: dict, k: str, owner: int, b: str) -> int:
    depicts = _params(state, k)["depicts"]
    return 3 * sum(1 for _, g in board.buildings_of(state, owner) if g == depicts)


def _fortress(state: dict, k: str, owner: int, b: str) -> int:
    return sum(1 for _, g in board.buildings_of(state, owner) if g in ("siege_tower", "fortress"))


def _watchtower(state: dict, k: str, owner: int, b: str) -> int:
    return 1 + _line_count(state, k, _params(state, k)["line"], None, state["board"][k]["colour"])


def _guardhouse(state: dict, k: str, owner: int, b: str) -> int:
    x, y = xy(k)
    towers = sum(
        1
        for gk, gc in state["board"].items()
        if gk != k
        and gc["up"]
        and abs(xy(gk)[0] - x) == abs(xy(gk)[1] - y)
        and box.fact(state, gc["tile"], "building") == "watchtower"
    )
    return 2 + 2 * towers


def _fixed(points: int):
    return lambda state, k, owner, b: points


# building -> its printed condition (state, place, owner, building) -> points; farm, sawmill,
# quarry, siege tower and guild house have effects but no points of their own
POINTS = {
    "inn": _inn,
    "marketplace": _marketplace,
    "pilgrimage": _pilgrimage,
    "robbers_keep": _robbers_keep,
    **dict.fromkeys(GROUP_COLOUR, _group_of_colour),
    **dict.fromkeys(OWN_COLOUR, _own_on_colour),
    "camp": _fixed(2),  # a used camp lies face down and is no building any more
    "trading_post": _trading_post,
    "cathedral": _fixed(5),
    "fortress": _fortress,
    "watchtower": _watchtower,
    "guardhouse": _guardhouse,
    **dict.fromkeys(("basket_workshop", "potter_workshop", "cooper_workshop"), _workshop),
}


def building_points(state: dict, k: str) -> int:
    """The printed condition of the building at ``k``, before any doubling."""
    c = state["board"][k]
    b = box.fact(state, c["tile"], "building")
    rule = POINTS.get(b)
    return rule(state, k, c["owner"], b) if rule else 0


def _component(state: dict, start: str, net: list[str]) -> set[tuple]:
    """Road pieces (cell, edges) joined to the piece ``net`` of the tile at ``start``.

    A road goes on across an edge only where both tiles show a segment on it.
    """
    pieces = {(start, tuple(net))}
    stack = [(start, net)]
    while stack:
        k, edges = stack.pop()
        x, y = xy(k)
        for e in edges:
            dx, dy = board.EDGE_VEC[e]
            n = key(x + dx, y + dy)
            for other in board.road_networks(state, n):
                if board.OPPOSITE[e] in other and (n, tuple(other)) not in pieces:
                    pieces.add((n, tuple(other)))
                    stack.append((n, other))
    return pieces


def road_tiles(state: dict, start: str, net: list[str]) -> set[str]:
    """Cells of the road that contains the piece ``net`` of the tile at ``start``."""
    return {k for k, _ in _component(state, start, net)}


def roads(state: dict) -> list[dict]:
    """Every road on the board once: its tiles and the buildings of each side on it."""
    done: set[tuple] = set()
    out = []
    for k in sorted(state["board"]):
        for net in board.road_networks(state, k):
            if (k, tuple(net)) in done:
                continue
            pieces = _component(state, k, net)
            done |= pieces
            cells = {p[0] for p in pieces}
            counts = [sum(1 for c in cells if state["board"][c]["owner"] == s) for s in (SOUTH, NORTH)]
            out.append({"tiles": sorted(cells), "count": counts})
    return out


def road_points(state: dict) -> list[int]:
    """Per road linking buildings on at least 2 tiles: the side with more scores the difference."""
    pts = [0, 0]
    for road in roads(state):
        if len(road["tiles"]) < 2:
            continue
        s, n = road["count"]
        if s > n:
            pts[SOUTH] += s - n
        elif n > s:
            pts[NORTH] += n - s
    return pts


def side_score(state: dict, side: int, jindrich: bool = False) -> dict:
    """Breakdown for one side. Jindřich: his units never double, his 3 best buildings do."""
    own_units = set(board.occupied_by(state, side))
    values = []
    for k, _ in board.buildings_of(state, side):
        pts = building_points(state, k)
        if not jindrich and k in own_units:
            pts *= 2
        values.append(pts)
    buildings_total = sum(values)
    if jindrich:
        buildings_total += sum(sorted(values, reverse=True)[:3])
    out = {"buildings": buildings_total, "roads": road_points(state)[side]}
    if jindrich:
        out["treasures"] = 5 * treasures_left(state)
    out["total"] = sum(out.values())
    return out


def treasures_left(state: dict) -> int:
    on_board = sum(1 for c in state["board"].values() if c.get("treasure"))
    return on_board + state["treasures"]["stack"]
