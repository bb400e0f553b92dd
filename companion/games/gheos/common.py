"""What every part of Gheos reads: the refusal helper, the colours, the rule readings chosen at
setup and the public events."""

from __future__ import annotations

from typing import Any

from ...engine import Msg, announce, refuser
from .box import BOX

COLOURS = tuple(BOX.colours)
FOLLOWERS_PER_COLOUR = BOX.facts["followers_per_colour"]
KEPT_EVENTS = 16  # public events kept in the state (the engine trims to it after every action)

# Where a seat's points come from (the breakdown of ``score``); the total is their sum.
EPOCH, TOKEN, TEMPLE, FINAL = "epoch", "token", "temple", "final"
CATEGORIES = (EPOCH, TOKEN, TEMPLE, FINAL)

# Phases of the state
START, TURN, OVER = "start", "turn", "over"


refuse = refuser("gheos")  # a refusal naming the broken rule ``gheos.<rule>``


def reading(state: dict, name: str) -> Any:
    """The reading of an open rulebook question chosen for this game (data/box.toml, [rules])."""
    return state["rules"][name]


def note(state: dict, *events: Msg) -> None:
    """Announce public events (gains with their reasons, refusals of the map, results)."""
    announce(state, *events)


def total(state: dict, seat: int) -> int:
    return sum(state["points"][seat].values())
