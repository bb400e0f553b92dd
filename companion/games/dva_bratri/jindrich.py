"""Jindřich, the solo opponent: which tile he takes, where it goes, and his treasures.

Everything here is a pure decision over the state; steps/jindrich.py carries it out and asks the table.
"""

from __future__ import annotations

from . import board, box
from .board import NORTH, RING, key, xy

JINDRICH = NORTH
LEVELS = {1: 4, 2: 2, 3: 0}  # difficulty -> treasure tokens removed unseen at setup


def choose_take(state: dict, top_colour: str | None) -> int | None:
    """Offer slot he takes: the first clockwise from the shield matching the colour on the back
    of the supply's top tile, else (no match or empty supply) the first one. His reach is
    unlimited. None when the offer is empty."""
    order = board.clockwise(state)
    if not order:
        return None
    if top_colour is not None:
        for i in order:
            if box.fact(state, state["offer"]["slots"][i], "colour") == top_colour:
                return i
    return order[0]


def anchor(state: dict) -> str:
    """The player's last building (the scaffolding token), or the start tile before there is one."""
    return state["last_building"] or "0,0"


def choose_place(state: dict, tile: str) -> tuple[str, str] | None:
    """(cell, rule letter) for his tile, or None when it leaves the game (rule D).

    The eight neighbours of the anchor are scanned clockwise from its top edge. A: a side place
    where the anchor has a road and his upside-down tile has one on the facing edge; B: a side
    place across one of the anchor's roads that his tile does not continue; C: the first free
    place at all.
    """
    a = anchor(state)
    roads = set(board.road_edges(state, a))
    ax, ay = xy(a)
    places = [(key(ax + dx, ay + dy), (dx, dy)) for dx, dy in RING]
    free = [(k, d) for k, d in places if k not in state["board"]]
    across = [k for k, d in free if _edge_towards(d) in roads]
    if len(across) == 1 and box.only_deciding(state) and not box.known(state, tile, "roads"):
        # one place across a road: A and B put his tile there alike, so his roads decide nothing
        # and are not asked (``asking`` 5; the final scoring asks them if roads are scored)
        return across[0], "AB"
    for letter in "AB":
        for k, d in free:
            edge = _edge_towards(d)
            if edge is None or edge not in roads:
                continue
            # his tile lies upside down, so its printed edge facing the anchor is ``edge`` itself;
            # its roads are read (and asked, if unknown) only when they decide between A and B
            continues = edge in box.fact(state, tile, "roads")
            if (letter == "A") == continues:
                return k, letter
    if free:
        return free[0][0], "C"
    return None


def _edge_towards(d: tuple[int, int]) -> str | None:
    for e, v in board.EDGE_VEC.items():
        if v == d:
            return e
    return None


def unit_for(state: dict, colour: str) -> str:
    """His unit whose cross shows the new building's terrain colour."""
    for uid, u in state["units"].items():
        if u["side"] == JINDRICH and u["cross"] == colour:
            return uid
    raise KeyError(colour)


# -- treasures --------------------------------------------------------------------------------
def _matches(colour: str | None, wanted: str) -> bool:
    return colour is not None and (wanted == "any" or colour == wanted)


def condition_met(state: dict, k: str, token: str) -> bool:
    """Vertical / horizontal: two tiles of the pictured colours anywhere in the token's column /
    row, its own tile not counted. Positional: tiles at both marked places (player's frame)."""
    kind = box.treasure_fact(state, token, "kind")
    need = box.treasure_fact(state, token, "need")
    if kind == "positional":
        return _places_met(state, k, need)
    return _line_met(_line_colours(state, k, kind), need[0]["colour"], need[1]["colour"])


def _places_met(state: dict, k: str, need: list[dict]) -> bool:
    x, y = xy(k)
    return all(_matches(board.colour_at(state, key(x + it["pos"][0], y + it["pos"][1])), it["colour"]) for it in need)


def _line_colours(state: dict, k: str, kind: str) -> list[str]:
    """Colours of the other tiles in the token's column (vertical) or row (horizontal)."""
    x, y = xy(k)
    axis, at = (0, x) if kind == "vertical" else (1, y)
    return [c["colour"] for ck, c in state["board"].items() if ck != k and xy(ck)[axis] == at]


def _line_met(line: list[str], first: str, second: str) -> bool:
    """Two different tiles of the line show the two pictured colours."""
    return any(
        i != j and _matches(a, first) and _matches(b, second) for i, a in enumerate(line) for j, b in enumerate(line)
    )


def direction_words(anchor_key: str, k: str) -> tuple[str, str]:
    ax, ay = xy(anchor_key)
    x, y = xy(k)
    return board.DIRECTION_NAMES[(x - ax, y - ay)]
