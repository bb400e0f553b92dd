"""The follower ledger: which civilisations are in play and who holds how many of their
followers. Pure rules: they change the state or raise a refusal naming the rule, and never ask.

Every colour has ``FOLLOWERS_PER_COLOUR`` cubes; what nobody holds is the supply. A colour whose
marker is not on the map has all its cubes in the supply (losing a war or a migration returns
every follower of the colour).
"""

from __future__ import annotations

from .common import COLOURS, FOLLOWERS_PER_COLOUR, reading, refuse
from .texts import colour_name


def supply(state: dict, colour: str) -> int:
    return FOLLOWERS_PER_COLOUR - sum(held[colour] for held in state["held"])


def followers(state: dict, seat: int) -> int:
    """All followers a seat holds (the tie-break of the final ranking)."""
    return sum(state["held"][seat].values())


def held_colours(state: dict, seat: int) -> list[str]:
    return [c for c in COLOURS if state["held"][seat][c]]


def colours_held_by_anyone(state: dict) -> list[str]:
    return [c for c in state["in_play"] if any(held[c] for held in state["held"])]


def takeable(state: dict) -> list[str]:
    """Colours in play with a follower left in the supply."""
    return [c for c in state["in_play"] if supply(state, c) > 0]


def take(state: dict, seat: int, colour: str) -> None:
    """Step 2: take one follower of a civilisation in play, if the supply has one."""
    if colour not in state["in_play"]:
        raise refuse(
            "not_in_play",
            "Barva {c} není ve hře: vzít lze jen přívržence civilizace na mapě.",
            "The {c} civilisation is not in play: only followers of a civilisation on the map can be taken.",
            c=colour_name(colour),
        )
    if supply(state, colour) <= 0:
        raise refuse(
            "supply_empty",
            "Všech {n} přívrženců barvy {c} už hráči mají: vzít lze jen ze zásoby.",
            "All {n} {c} followers are held: a follower is taken only from the supply.",
            n=FOLLOWERS_PER_COLOUR,
            c=colour_name(colour),
        )
    state["held"][seat][colour] += 1


def founding_followers(state: dict, wheat: int) -> int:
    """Followers a founding gives: one per wheat (temple wheat never counts), capped by the
    reading ``found_cap`` and the supply; a continent without wheat gives ``found_zero_wheat``."""
    gained = wheat if wheat > 0 else reading(state, "found_zero_wheat")
    return min(gained, reading(state, "found_cap"), FOLLOWERS_PER_COLOUR)


def found(state: dict, seat: int, colour: str, wheat: int) -> int:
    """Step 2: an unused marker goes onto an unoccupied continent; returns the followers gained."""
    if colour in state["in_play"]:
        raise refuse(
            "colour_in_play",
            "Civilizace barvy {c} už je na mapě: každá barva má jen jednu značku.",
            "The {c} civilisation is already on the map: every colour has one marker only.",
            c=colour_name(colour),
        )
    state["in_play"] = [c for c in COLOURS if c in state["in_play"] or c == colour]
    gained = founding_followers(state, wheat)
    state["held"][seat][colour] += gained
    return gained


def pay(state: dict, seat: int, colour: str) -> None:
    """War or migration: the acting player returns one follower of his choice to the supply."""
    if state["held"][seat][colour] <= 0:
        raise refuse(
            "not_held",
            "Hráč nemá přívržence barvy {c}: platí se přívržencem, kterého má.",
            "The player holds no {c} follower: the cost is paid with a follower he holds.",
            c=colour_name(colour),
        )
    state["held"][seat][colour] -= 1


def eliminate(state: dict, colour: str) -> dict[int, int]:
    """A civilisation falls: its marker leaves the map and every player returns its followers.
    Returns the followers each seat lost. What the table told about its continent is forgotten."""
    lost = {seat: held[colour] for seat, held in enumerate(state["held"]) if held[colour]}
    for held in state["held"]:
        held[colour] = 0
    state["in_play"] = [c for c in state["in_play"] if c != colour]
    for counts in list(state["told"].values()) + list(state["fresh"].values()):
        for key in [k for k in counts if k == colour or k.endswith(":" + colour)]:
            del counts[key]
    return lost


def needs_payment(state: dict) -> bool:
    """War and migration each cost a follower, unless one was paid this turn and the reading
    U7 makes the two cost one in all."""
    return not (state["done"]["paid"] and reading(state, "war_and_migration_cost") == 1)
