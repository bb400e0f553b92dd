"""What every part of Vaaalbara's rules reads: the box facts, the seats and their clans, the
characters played this round, the VP per category, and the public events.

The state keeps VP per seat and category (``points``), the characters revealed this round
(``picks``) and the rule settings chosen at setup (``rules``).
"""

from __future__ import annotations

from contextvars import ContextVar
from typing import Any

from ...engine import Msg, Option, RuleError, announce, refuser
from .box import BOX

ROUNDS: int = BOX.facts["rounds"]

(WARRIOR, BARD, HUNTER, SEER, CARPENTER, FALCONER, TRACKER, MIDWIFE, RIDER, WOODCARVER, EXPLORER, FARMER) = range(1, 13)

# Phases of the state
ASSIGN, RESOLVE, END_ROUND, FINAL, OVER = "assign", "resolve", "end_round", "final", "over"

# Where a seat's VP come from (the breakdown of ``score``); the total is their sum.
START, LANDS, CHARACTER_GAINS, FALCONER_LOSSES, END_BONUS = (
    "start",
    "lands",
    "characters",
    "falconer_losses",
    "end_bonus",
)
CATEGORIES = (START, LANDS, CHARACTER_GAINS, FALCONER_LOSSES, END_BONUS)

KEPT_EVENTS = 12  # public events kept in the state, so it does not grow with the game


refuse = refuser("vaaalbara")  # a refusal naming the broken rule ``vaaalbara.<rule>``


def effect_awaits(state: dict, task: dict | None) -> None:
    """The acting character's effect awaits ``task`` next, or (None) is over: then its card goes
    face up onto the discard pile. What comes next needs nobody and runs after the answer
    (``flow.advance``)."""
    state["await"] = task
    if task is None:
        seat = state["turn"]
        state["discards"][seat] = sorted(state["discards"][seat] + [played(state, seat)])


def setting(state: dict, name: str) -> bool:
    """The reading of an open rulebook question chosen for this game (see data/box.toml)."""
    return state["rules"][name]


def clan(state: dict, seat: int) -> Msg:
    return BOX.clans[state["clans"][seat]].name


def character_name(initiative: int) -> Msg:
    return BOX.characters[initiative].name


def neighbours(state: dict, seat: int) -> list[int]:
    """The players directly left and right; with 2 players the single opponent, once."""
    count = state["seats"]
    return sorted({(seat - 1) % count, (seat + 1) % count})


def played(state: dict, seat: int) -> int:
    """The initiative of the character the seat revealed this round."""
    return state["picks"][seat]


def total(state: dict, seat: int) -> int:
    return sum(state["points"][seat].values())


def reveal_line(state: dict, seat: int) -> Msg:
    """A clan's row of the reveal: "Modrá: Bardka"."""
    return Msg("{who}: {c}", "{who}: {c}").format(who=clan(state, seat), c=character_name(state["picks"][seat]))


# set while the reveal's action goes on to the first character's effect (never kept in the state)
REVEALING: ContextVar[bool] = ContextVar("vaaalbara_revealing", default=False)


def _reveal_row(state: dict, seat: int) -> int | None:
    """Where the seat's reveal row is in the public events, when the reveal is the newest thing
    announced in the reveal's own action (the first character's effect); else None."""
    seats, recent = state["seats"], state["recent"]
    if not REVEALING.get() or len(recent) < seats or state.get("picks") is None:
        return None
    if recent[-seats:] != [reveal_line(state, s).to_json() for s in range(seats)]:
        return None
    return len(recent) - seats + seat


def event(state: dict, msg: Msg) -> None:
    """A public event; the engine keeps the newest KEPT_EVENTS (the game's recent_kept)."""
    announce(state, msg)


def gain(state: dict, seat: int, category: str, amount: int, source: Msg) -> None:
    """Add VP and announce the gain: gains are public (tokens are taken openly), totals are not.
    Nothing is announced for a gain of 0. A character's own gain right after the reveal goes on
    its clan's reveal row ("Zelená: Lovec +3"), so the reveal and the first effect fit the two
    pages of the smallest panel."""
    state["points"][seat][category] += amount
    if not amount:
        return
    row = _reveal_row(state, seat)
    if row is not None and source == character_name(played(state, seat)):
        state["recent"][row] = (reveal_line(state, seat) + Msg(" +{n}", " +{n}").format(n=amount)).to_json()
    else:
        event(
            state, Msg("{who}: +{n} ({src})", "{who}: +{n} ({src})").format(who=clan(state, seat), n=amount, src=source)
        )


# -- answers that name a seat, a land or a character ------------------------------------------------
# The engine refuses an answer that is not listed (of the same type: True is not the seat 1); these
# tell a step's ``explain`` which rule an unlisted answer breaks.


def is_seat(value: Any, state: dict) -> bool:
    return type(value) is int and 0 <= value < state["seats"]


def is_land(value: Any) -> bool:
    return isinstance(value, str) and value in BOX.land_cards


def is_character(value: Any) -> bool:
    return type(value) is int and value in BOX.characters


def unknown_seat() -> RuleError:
    return refuse("unknown_seat", "U stolu takové místo není.", "There is no such seat at the table.")


def unknown_land() -> RuleError:
    return refuse("unknown_land", "Takový druh území ve hře není.", "There is no such kind of land.")


def seat_option(state: dict, seat: int) -> Option:
    """A seat as a pad option: its clan, typed as its number (seat 0 is "1")."""
    return Option(seat, clan(state, seat), str(seat + 1))


def character_option(initiative: int) -> Option:
    """A character as a pad option: its name, typed as its initiative (1-12)."""
    return Option(initiative, character_name(initiative), str(initiative))


def land_options() -> tuple[Option, ...]:
    """The nine kinds of land card, one key each, in the order of the box file."""
    return tuple(Option(card.id, card.name, card.code) for card in BOX.land_cards.values())
