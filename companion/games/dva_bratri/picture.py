"""The board as a map on the screen: grid cells for board places and a short label per tile.

Grid row 0 is the far side from the South player; the board is drawn with one free row or
column around it so a tile can be placed there.
"""

from __future__ import annotations

from . import board, box
from .board import SOUTH, key, xy


def grid(state: dict) -> tuple[int, int, int, int]:
    """(min x, max y, width, height) of the board plus one free row or column around it."""
    xs = [xy(k)[0] for k in state["board"]]
    ys = [xy(k)[1] for k in state["board"]]
    minx, maxx, miny, maxy = min(xs) - 1, max(xs) + 1, min(ys) - 1, max(ys) + 1
    return minx, maxy, maxx - minx + 1, maxy - miny + 1


def to_grid(state: dict, k: str, frame: tuple[int, int, int, int] | None = None) -> list[int]:
    """Board place -> grid [column, row]; ``frame`` is ``grid(state)`` when a prompt converts
    many places (it measures the whole board)."""
    minx, maxy, _, _ = grid(state) if frame is None else frame
    x, y = xy(k)
    return [x - minx, maxy - y]


def from_grid(state: dict, value) -> str:
    """Grid [column, row] (a CELL prompt's value) -> board place."""
    minx, maxy, _, _ = grid(state)
    return key(minx + int(value[0]), maxy - int(value[1]))


def label(state: dict, k: str) -> str:
    """Up to 3 characters per tile: building code (upper case South's, lower case North's)
    or '~' + colour letter for free terrain; then '*' South's unit, '+' North's unit."""
    c = state["board"][k]
    colour = box.CATALOG.colours[c["colour"]].abbr
    if c["up"] and box.known(state, c["tile"], "building"):
        code = box.buildings()[box.fact(state, c["tile"], "building")].abbr
        code = code if c["owner"] == SOUTH else code.lower()
    else:
        code = "~" + colour.lower()
    uid = board.unit_at(state, k)
    if uid is not None:
        code += "*" if state["units"][uid]["side"] == SOUTH else "+"
    return code


def map_fields(state: dict, cursor: str) -> dict:
    """The Prompt fields of a map: the grid, a label per tile, the cursor on ``cursor``."""
    frame = grid(state)
    cells = {tuple(to_grid(state, k, frame)): label(state, k) for k in state["board"]}
    return {"grid": frame[2:], "cells": cells, "cursor": tuple(to_grid(state, cursor, frame))}
