"""Constructed positions: a state with chosen tiles on the board and in the offer."""

from __future__ import annotations

import copy

from companion.games.dva_bratri import GAME, board, picture

S, N = board.SOUTH, board.NORTH


def tile(building="cathedral", colour="grey", cost=None, roads=(), **params):
    return {
        "building": building,
        "colour": colour,
        "cost": cost or {"wood": 0, "stone": 0, "grain": 0},
        "roads": list(roads),
        "params": params,
    }


INN = tile("inn", "green", {"wood": 0, "stone": 2, "grain": 1}, roads=("N", "S"), line="row")  # told in full


def blank(tiles: dict, seats: int = 1, start: str = "green", offer=(), supply: int = 10) -> dict:
    """A state after setup with the given box facts, no questions pending, the start tile of
    ``start`` colour, the offer's slots 1.. filled with ``offer`` (tile ids) clockwise."""
    state = GAME.setup({"seats": seats, "box": {"tiles": copy.deepcopy(tiles)}}, 0)
    state["queue"] = []
    state["active"] = S
    state["board"]["0,0"]["colour"] = start
    slots = [None] * 7
    for i, t in enumerate(offer):
        slots[i + 1] = t
    state["offer"] = {"slots": slots, "shield": 0, "crown": S}
    state["supply"] = supply
    return state


def put(state: dict, k: str, tid: str, owner=S, up=True) -> None:
    facts = state["box"]["tiles"][tid]
    board.place(state, k, tid, facts["colour"], up, owner)


def unit(state: dict, uid: str, at: str) -> None:
    state["units"][uid]["at"] = at


def act(state: dict, step: str, value=None, seat=None) -> dict:
    """Apply one action the way a session does (the engine checks it and works on a copy)."""
    return GAME.apply(state, {"step": step, "seat": seat, "value": value})


def cell(state: dict, k: str) -> list[int]:
    return picture.to_grid(state, k)
