"""The six land rewards, scored when a land joins a domain, and the end bonus for land types.

Pure: a reward reads the domains and the played characters, and changes nothing.
"""

from __future__ import annotations

from collections.abc import Callable

from .box import BOX
from .common import neighbours, played, setting

MOUNTAIN_REWARDS = {2: 10, 4: 20}  # "+10 for your 2nd mountain, +20 more for your 4th"
RIVER_INITIATIVE_CAP = 6


def land_type(card_id: str) -> str:
    return BOX.land_cards[card_id].type


def count_type(domain: list[str], kind: str) -> int:
    return sum(1 for card in domain if land_type(card) == kind)


def land_types_in(domain: list[str]) -> int:
    return len({land_type(card) for card in domain})


def _meadow(state: dict, seat: int, card_id: str) -> int:
    """1 per meadow in your domain and in your neighbours' (2 players: the opponent once, or
    twice with ``two_player_meadow_neighbour_once`` off)."""
    others = neighbours(state, seat)
    if state["seats"] == 2 and not setting(state, "two_player_meadow_neighbour_once"):
        others = others * 2
    domains = state["domains"]
    return count_type(domains[seat], "meadow") + sum(count_type(domains[n], "meadow") for n in others)


def _forest(state: dict, seat: int, card_id: str) -> int:
    value = BOX.land_cards[card_id].forest_value
    assert value is not None, "the box gives every forest card its value"
    return value


def _mountain(state: dict, seat: int, card_id: str) -> int:
    return MOUNTAIN_REWARDS.get(count_type(state["domains"][seat], "mountain"), 0)


def _field(state: dict, seat: int, card_id: str) -> int:
    return 2 * count_type(state["domains"][seat], "field")


def _village(state: dict, seat: int, card_id: str) -> int:
    return 2 * land_types_in(state["domains"][seat])


def _river(state: dict, seat: int, card_id: str) -> int:
    return min(played(state, seat), RIVER_INITIATIVE_CAP) * count_type(state["domains"][seat], "river")


REWARDS: dict[str, Callable[[dict, int, str], int]] = {
    "meadow": _meadow,
    "forest": _forest,
    "mountain": _mountain,
    "field": _field,
    "village": _village,
    "river": _river,
}


def land_reward(state: dict, seat: int, card_id: str) -> int:
    """The printed reward of ``card_id``, already in ``seat``'s domain ("including this one")."""
    kind = land_type(card_id)
    if kind not in REWARDS:
        raise ValueError(f"no reward rule for land type {kind!r}")
    return REWARDS[kind](state, seat, card_id)


def end_bonus(domain: list[str]) -> int:
    """+5 for five different land types, +10 for all six."""
    return {5: 5, 6: 10}.get(land_types_in(domain), 0)
