"""The landscape, the units and the royal offer, as seen from the South player (side 0).

Cells are keyed "x,y" (x to the right, y up, start tile at 0,0). A face-up tile belongs to the side
it faces: South's buildings are upright (rotation 0), North's (the second player or Jindřich)
upside down (rotation 180), so a printed local edge or offset turns round for North. Face-down
tiles are free terrain: nobody's, never part of a road, still of their colour.
"""

from __future__ import annotations

from functools import lru_cache

from . import box

SOUTH, NORTH = 0, 1
# clockwise from the top edge: N, NE, E, SE, S, SW, W, NW (the solo rules' scan order)
RING = ((0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1))
SIDES4 = ((0, 1), (1, 0), (0, -1), (-1, 0))
EDGE_VEC = {"N": (0, 1), "E": (1, 0), "S": (0, -1), "W": (-1, 0)}
OPPOSITE = {"N": "S", "S": "N", "E": "W", "W": "E"}
DIRECTION_NAMES = {  # seen from the South player: north is away from them
    (0, 1): ("severně", "north"),
    (1, 1): ("severovýchodně", "north-east"),
    (1, 0): ("východně", "east"),
    (1, -1): ("jihovýchodně", "south-east"),
    (0, -1): ("jižně", "south"),
    (-1, -1): ("jihozápadně", "south-west"),
    (-1, 0): ("západně", "west"),
    (-1, 1): ("severozápadně", "north-west"),
}


def key(x: int, y: int) -> str:
    return f"{x},{y}"


@lru_cache(maxsize=4096)
def xy(k: str) -> tuple[int, int]:
    """A place's coordinates; read once a place (the map and the reach ask them over and over)."""
    a, b = k.split(",")
    return int(a), int(b)


def ring(k: str, offsets=RING) -> list[str]:
    x, y = xy(k)
    return [key(x + dx, y + dy) for dx, dy in offsets]


def world_edge(local: str, owner: int | None) -> str:
    return OPPOSITE[local] if owner == NORTH else local


def world_offset(dx: int, dy: int, owner: int | None) -> tuple[int, int]:
    return (-dx, -dy) if owner == NORTH else (dx, dy)


# -- tiles ------------------------------------------------------------------------------------
def cell(state: dict, k: str) -> dict | None:
    return state["board"].get(k)


def colour_at(state: dict, k: str) -> str | None:
    c = state["board"].get(k)
    return c["colour"] if c else None


def is_building(c: dict | None) -> bool:
    return bool(c and c["up"])


def building_at(state: dict, k: str) -> str | None:
    c = state["board"].get(k)
    return box.fact(state, c["tile"], "building") if is_building(c) else None


def buildings_of(state: dict, side: int) -> list[tuple[str, str]]:
    """(cell, building type) of every face-up tile the side owns."""
    return [
        (k, box.fact(state, c["tile"], "building")) for k, c in state["board"].items() if c["up"] and c["owner"] == side
    ]


def frontier(state: dict) -> list[str]:
    """Empty places touching (side or corner) any tile: where a tile can physically go."""
    board = state["board"]
    out = {n for k in board for n in ring(k) if n not in board}
    return sorted(out, key=lambda k: (-xy(k)[1], xy(k)[0]))


def on_frontier(state: dict, k: str) -> bool:
    """``k in frontier(state)``, asked of the one place (the ring is symmetric: a place
    touches a tile when the tile touches it)."""
    board = state["board"]
    return k not in board and any(n in board for n in ring(k))


def road_edges(state: dict, k: str) -> list[str]:
    """World edges with a road segment on the face-up tile at ``k`` (none for free terrain)."""
    c = state["board"].get(k)
    if not is_building(c):
        return []
    return [world_edge(e, c["owner"]) for e in box.fact(state, c["tile"], "roads")]


def road_networks(state: dict, k: str) -> list[list[str]]:
    """The separate road pieces on a tile, in world edges.

    A tile with four segments and the pilgrimage site do not join the roads reaching them: each
    segment ends its own road there. Other tiles join all their segments.
    """
    edges = road_edges(state, k)
    if not edges:
        return []
    if len(edges) == 4 or building_at(state, k) == "pilgrimage":
        return [[e] for e in edges]
    return [edges]


# -- units ------------------------------------------------------------------------------------
def unit_at(state: dict, k: str) -> str | None:
    for uid, u in state["units"].items():
        if u["at"] == k:
            return uid
    return None


def units_of(state: dict, side: int) -> list[str]:
    return [uid for uid, u in state["units"].items() if u["side"] == side]


def occupied_by(state: dict, side: int) -> list[str]:
    return [u["at"] for u in state["units"].values() if u["side"] == side and u["at"] in state["board"]]


def in_offer(state: dict, side: int) -> int:
    return sum(1 for u in state["units"].values() if u["side"] == side and u["at"] == "offer")


def touches_own_unit(state: dict, side: int, k: str) -> bool:
    own = set(occupied_by(state, side))
    return any(n in own for n in ring(k))


# -- the royal offer --------------------------------------------------------------------------
def offer_order(state: dict) -> list[int]:
    """The six offer places clockwise from the shield, empty ones too (as players count them)."""
    shield = state["offer"]["shield"]
    return [(shield + i) % 7 for i in range(1, 7)]


def clockwise(state: dict) -> list[int]:
    """Offer slots clockwise from the shield, skipping empty ones (they do not count for reach)."""
    return [i for i in offer_order(state) if state["offer"]["slots"][i] is not None]


def offer_position(state: dict, slot: int) -> int:
    """An offer slot counted clockwise from the shield (1..6), as players count it."""
    return (slot - state["offer"]["shield"]) % 7


def reach(state: dict, side: int) -> int:
    """1 + own units in the offer (the royal protocol); at least 1."""
    return max(1, 1 + in_offer(state, side))


def reachable(state: dict, side: int) -> list[int]:
    return clockwise(state)[: reach(state, side)]


def resources(state: dict, side: int) -> dict[str, int]:
    """Resources available right now: never used up, each source gives 1 per building.

    Sources: offer tiles in reach, tiles with own units, own farms / sawmills / quarries.
    """
    out = dict.fromkeys(box.RESOURCE_ORDER, 0)
    for i in reachable(state, side):
        out[box.RESOURCES[box.fact(state, state["offer"]["slots"][i], "colour")]] += 1
    for k in occupied_by(state, side):
        out[box.RESOURCES[state["board"][k]["colour"]]] += 1
    producers = {"farm": "grain", "sawmill": "wood", "quarry": "stone"}
    for _, b in buildings_of(state, side):
        if b in producers:
            out[producers[b]] += 1
    return out


def shortfall(cost: dict, available: dict) -> int:
    return sum(max(0, int(cost.get(r, 0)) - available.get(r, 0)) for r in box.RESOURCE_ORDER)


def tiles_in_play(state: dict) -> set[str]:
    """Tile ids the picture has somewhere: in the offer, in a hand or on the board."""
    out = {t for t in state["offer"]["slots"] if t}
    out.update(t for hand in state["hands"] for t in hand)
    out.update(c["tile"] for c in state["board"].values() if c["tile"])
    return out


def tile_place(state: dict, tile: str) -> tuple[str, int | str] | None:
    """Where a tile is: ("offer", slot), ("hand", side), ("board", cell); None when nowhere."""
    if tile in state["offer"]["slots"]:
        return "offer", state["offer"]["slots"].index(tile)
    for side, hand in enumerate(state["hands"]):
        if tile in hand:
            return "hand", side
    for k, c in state["board"].items():
        if c["tile"] == tile:
            return "board", k
    return None


def turn_down(c: dict) -> None:
    """A tile turned face down (a destroyed building, a used camp) is free terrain: nobody's."""
    c["up"], c["owner"] = False, None


def place(state: dict, k: str, tile: str | None, colour: str, up: bool, owner: int | None) -> None:
    state["board"][k] = {"tile": tile, "colour": colour, "up": up, "owner": owner if up else None, "treasure": None}
