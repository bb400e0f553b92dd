"""The battle for Troy (CZ p.6-7): at the end of a turn a full row is shuffled and part of it
turned over; ore and wool are points for Troy, lumber and grain for Mycenae, brick for nobody.
The city with more points wins the battle; a tie moves nothing.
"""

from __future__ import annotations

from ...engine import rng
from .box import CITIES, Box


def due(box: Box, seats: int, troy: dict) -> bool:
    """A battle is fought when the row holds the player count's trigger or more."""
    return troy["row_count"] >= box.players[seats].row_trigger


def tally(box: Box, cards: list[str]) -> dict[str, int]:
    """Points per city of the turned cards."""
    return {city: sum(1 for c in cards if c in box.sides[city]) for city in CITIES}


def winner(points: dict[str, int]) -> str | None:
    """The city with more points, None on a tie."""
    troy, mycenae = points["troy"], points["mycenae"]
    return None if troy == mycenae else ("troy" if troy > mycenae else "mycenae")


def turn_over(state: dict, box: Box, seats: int, troy: dict) -> list[str]:
    """The companion's row: shuffle it (one seeded draw), turn over the player count's number of
    cards (they go back to the bank) and keep the rest, face down, as the new row."""
    shuffled = rng.shuffle(state, troy["row"])
    shown = box.players[seats].revealed
    troy["row"], troy["row_count"] = shuffled[shown:], len(shuffled) - shown
    return shuffled[:shown]


def counted(box: Box, seats: int, troy: dict) -> None:
    """The table's row: the turned cards went back to the bank; the rest is the new row."""
    troy["row_count"] -= box.players[seats].revealed
