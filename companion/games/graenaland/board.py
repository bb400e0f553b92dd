"""Where heroes go: the compass move of the hero-movement phase (rulebook p.4)."""

from __future__ import annotations

DIRECTIONS = ("N", "NE", "E", "SE", "S", "SW", "W", "NW")
# the pad's keys form a compass rose: 2 = N, 8 = S, 4 = W, 6 = E, 5 = the centre (stay)
COMPASS_KEY = {"NW": "1", "N": "2", "NE": "3", "W": "4", "stay": "5", "E": "6", "SW": "7", "S": "8", "SE": "9"}
HERO_KEY = {"warrior": "1", "priest": "2", "skald": "3"}
HEROES = ("warrior", "priest", "skald")


def move_choices(board: dict) -> list[str]:
    """Every field of the compass: stay, eight directions, and two steps along the coast."""
    return ["stay", *DIRECTIONS, *(d + "2" for d in board["along_coast"])]


def move_code(hero: str, direction: str) -> str:
    """Three keys for every move so timing tells nothing: hero, direction, then the direction
    again to walk two pieces along the coast or 5 to stop after one."""
    if direction.endswith("2"):
        key = COMPASS_KEY[direction[:-1]]
        return HERO_KEY[hero] + key + key
    return HERO_KEY[hero] + COMPASS_KEY[direction] + "5"


def coastal(board: dict, tid: str) -> bool:
    return board["territories"][tid]["coastal"]


def destination(board: dict, tid: str, direction: str) -> str | None:
    """The territory a move leads to, or None when it is impossible (the hero stays).

    Impossible: off the island, or two pieces from a piece that is not on the coast (p.4). A
    two-step move must stay on the coast for both steps, since it goes "along the coast".
    """
    if direction == "stay":
        return tid
    nbs = board["neighbours"]
    if direction.endswith("2"):
        step = direction[:-1]
        if not coastal(board, tid):
            return None
        middle = nbs[tid].get(step)
        if middle is None or not coastal(board, middle):
            return None
        end = nbs[middle].get(step)
        return end if end is not None and coastal(board, end) else None
    return nbs[tid].get(direction)


def adjacent(board: dict, a: str, b: str) -> bool:
    return b in board["neighbours"][a].values()


def resolve(heroes: dict, board: dict, hero: str, direction: str) -> tuple[str, str | None]:
    """Move one player's hero; onto another own hero means the two swap (p.4).

    ``heroes`` maps hero -> territory (or None) for one player and is changed in place. Returns
    (outcome, swapped hero) where outcome is "moved", "stayed" or "blocked".
    """
    start = heroes[hero]
    target = destination(board, start, direction)
    if target is None:
        return "blocked", None
    if target == start:
        return "stayed", None
    other = next((h for h, where in heroes.items() if where == target and h != hero), None)
    if other is not None:
        heroes[other] = start
    heroes[hero] = target
    return "moved", other
