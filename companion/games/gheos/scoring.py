"""Scoring: epochs (pyramids, every player), scoring tokens and the final round (cups), temples,
and the final ranking. Pure arithmetic over the ledger and the counts the table told."""

from __future__ import annotations

from .common import COLOURS, total
from .ledger import followers


def follower_gain(state: dict, seat: int, per_colour: dict[str, int]) -> tuple[int, list[tuple[str, int, int]]]:
    """Points for one seat when each follower of colour c is worth ``per_colour[c]``; the parts
    as (colour, followers, value) for the announcement."""
    parts = [(c, state["held"][seat][c], per_colour[c]) for c in COLOURS if c in per_colour and state["held"][seat][c]]
    return sum(n * v for _, n, v in parts), parts


def temple_gain(mode: str, symbols: int, followers_of_civ: int) -> int:
    """A temple: 1 point per matching ordinary symbol on its continent (``per_symbol``), or that
    times the placer's followers of the civilisation living there (``per_follower``)."""
    return symbols if mode == "per_symbol" else symbols * followers_of_civ


def standing(state: dict, seat: int) -> tuple[int, int]:
    """What the final ranking compares: points, then followers. Seats level on both share
    their place (a draw for the first); the rules name no further tie-break."""
    return total(state, seat), followers(state, seat)


def ranking(state: dict) -> tuple[list[int], list[int]]:
    """Seats best first: most points, then most followers, then seat order. The second list
    holds the seats that share the first place in both (a draw when more than one)."""
    key = {s: standing(state, s) for s in range(state["seats"])}
    order = sorted(key, key=lambda s: (-key[s][0], -key[s][1], s))
    top = [s for s in order if key[s] == key[order[0]]]
    return order, top
