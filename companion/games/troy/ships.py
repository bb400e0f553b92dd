"""Ships (CZ p.8-9): 1 wool + 1 lumber + 2 trade points each, built from a stack in order 1 to 7,
each with a lasting benefit taken at once; the sea people standing on a ship suspend it.

``troy["ships"][seat]`` is how many ships the seat has built (they are built in order, so that
is also the number of the last one); ``troy["sea_people"]`` is ``[seat, number]`` of the ship
they stand on, or None on open sea.
"""

from __future__ import annotations

from .box import RESOURCES, Box
from .texts import refuse

TRADE_3_1, ROW_SWAP, CHIT, ROW_TAKE = 1, 3, 5, 6  # ships with a benefit the rules name


def next_ship(box: Box, troy: dict, seat: int) -> int | None:
    """The number of the seat's next ship, None when all are built."""
    built = troy["ships"][seat]
    return built + 1 if built < box.ship_count else None


def check_build(box: Box, troy: dict, seat: int) -> int:
    """The next ship's number, or the rule that forbids building it. (The wool and lumber are
    cards in the player's hand: the table pays them.)"""
    number = next_ship(box, troy, seat)
    if number is None:
        raise refuse("no_ship_left", "Všech {n} lodí už stojí.", "All {n} ships are built.", n=box.ship_count)
    cost = box.ship_cost["trade_points"]
    if troy["trade_points"][seat] < cost:
        raise refuse(
            "ship_trade_points",
            "Loď stojí {c} obchodní body, máš {h}.",
            "A ship costs {c} trade points, you have {h}.",
            c=cost,
            h=troy["trade_points"][seat],
        )
    return number


def build(box: Box, troy: dict, seat: int) -> int:
    """Pay the trade points and set the next ship on the sea; returns its number."""
    number = check_build(box, troy, seat)
    troy["trade_points"][seat] -= box.ship_cost["trade_points"]
    troy["ships"][seat] = number
    return number


def blocked(troy: dict, seat: int, number: int) -> bool:
    return troy["sea_people"] == [seat, number]


def works(troy: dict, seat: int, number: int) -> bool:
    """The ship is built and the sea people do not stand on it: its benefit applies."""
    return troy["ships"][seat] >= number and not blocked(troy, seat, number)


def ship_vp(box: Box, troy: dict, seat: int) -> int:
    """1 VP per ship 2, 4 and 7 built; one under the sea people counts only if the box's
    reading says so (``blocked_ship_loses_vp``)."""
    lose = box.rules["blocked_ship_loses_vp"]
    return sum(1 for n in box.vp_ships if troy["ships"][seat] >= n and not (lose and blocked(troy, seat, n)))


def built_ships(troy: dict) -> list[list[int]]:
    """Every ship on the sea as [seat, number], seat by seat."""
    return [[seat, n] for seat, count in enumerate(troy["ships"]) for n in range(1, count + 1)]


def chits_left(box: Box, troy: dict) -> list[str]:
    """Resources of which a 2:1 chit is still in the supply (ship 5)."""
    taken = list(troy["chits"].values())
    return [r for r in RESOURCES if taken.count(r) < box.chits_per_resource]
