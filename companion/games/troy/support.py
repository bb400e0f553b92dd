"""The support row (CZ p.6-8): donations go in face down, ships 3 and 6 take from it blind, a
battle turns part of it over.

Two ways to keep it (the ``row`` setting):

- ``box``: the companion *is* the row. Donated cards go back to the bank; the companion keeps
  their types in ``troy["row"]`` (a secret: no public view, event or screen shows it) and draws
  from it with the session's seeded generator.
- ``table``: the cards lie on the table as in the box; the companion only counts them, and the
  table enters what a battle turns over.

``troy["row_count"]`` is public in both: how many cards lie in the row.
"""

from __future__ import annotations

from ...engine import rng
from .box import RESOURCES, Box

BOX_ROW, TABLE_ROW = "box", "table"


def new_row(box: Box, mode: str) -> dict:
    """The row at setup: one lumber, grain, wool and ore, face down."""
    return {"row": list(box.row_start) if mode == BOX_ROW else None, "row_count": len(box.row_start)}


def donation_options(count: int) -> list[tuple[str, ...]]:
    """Every way to give ``count`` cards, as sorted tuples of resources (order does not matter)."""

    def grow(start: int, left: int) -> list[tuple[str, ...]]:
        if left == 0:
            return [()]
        return [(RESOURCES[i],) + rest for i in range(start, len(RESOURCES)) for rest in grow(i, left - 1)]

    return grow(0, count)


def donation_code(cards: tuple[str, ...]) -> str:
    """The pad code of a donation: each card's resource digit (1-5), lowest first ("115")."""
    return "".join(str(RESOURCES.index(c) + 1) for c in sorted(cards, key=RESOURCES.index))


def put_in(troy: dict, cards: list[str] | None, count: int) -> None:
    """Cards go into the row: their types when the companion keeps it, else just their number."""
    if troy["row"] is not None:
        troy["row"] += list(cards or ())
    troy["row_count"] += count


def take_blind(state: dict, troy: dict) -> str | None:
    """One card out of the row at random (ship 3 or 6). The companion's row draws it with the
    seeded generator and returns its type; a table row returns None (the player draws)."""
    troy["row_count"] -= 1
    if troy["row"] is None:
        return None
    return troy["row"].pop(rng.randint(state, 0, len(troy["row"]) - 1))
