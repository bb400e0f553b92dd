"""The saga track (CZ p.7-8): each city's marker moves one picture per battle won; the number
under it is the VP of every player whose allegiance card shows that city. The war ends when a
marker reaches the last picture.

``troy["wins"]`` counts the battles each city has won; the values per win come from the box
(``[saga] values``, marked unverified: the printed numbers are lost).
"""

from __future__ import annotations

from .box import CITIES, Box


def marker(box: Box, wins: int) -> int:
    """The VP shown under a city's marker after ``wins`` battles."""
    return box.saga[min(wins, len(box.saga) - 1)]


def markers(box: Box, troy: dict) -> dict[str, int]:
    return {city: marker(box, troy["wins"][city]) for city in CITIES}


def war_won(box: Box, troy: dict) -> str | None:
    """The city whose marker stands on the last picture: the war is over."""
    return next((c for c in CITIES if troy["wins"][c] >= len(box.saga) - 1), None)


def advance(troy: dict, city: str | None) -> None:
    """The winner of a battle moves on; a tie (None) moves nothing."""
    if city is not None:
        troy["wins"][city] += 1


def seat_saga_vp(box: Box, troy: dict, seat: int) -> int:
    """The saga VP of one seat: its city's marker. A secret until the end of the game."""
    return marker(box, troy["wins"][troy["allegiance"][str(seat)]])
