"""The final ranking (CZ p.10): the highest total wins, whatever city he supported; on equal
totals the most trade points. The rulebook says nothing past that: seats still equal keep
their seat order and share the place (``standing``, ``shared_first``)."""

from __future__ import annotations


def standing(totals: dict[int, int], trade_points: list[int], seat: int) -> tuple[int, int]:
    """What the ranking compares: the total, then trade points (equal on both: a shared place)."""
    return totals[seat], trade_points[seat]


def ranking(totals: dict[int, int], trade_points: list[int]) -> tuple[int, ...]:
    return tuple(sorted(totals, key=lambda s: (tuple(-v for v in standing(totals, trade_points, s)), s)))


def shared_first(totals: dict[int, int], trade_points: list[int]) -> list[int]:
    """Seats level with the winner on both total and trade points (more than one: a shared win)."""
    best = standing(totals, trade_points, ranking(totals, trade_points)[0])
    return [s for s in totals if standing(totals, trade_points, s) == best]
