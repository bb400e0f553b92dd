"""Announcing victory: the kept victory-point cards of the expansion (p.10), the claims before
the main player's building (p.11) and the main player's announcement (base game p.9). Each hands
the game on: to the round (``rounds``) or to the final building (``victory``).
"""

from __future__ import annotations

from ...engine import Msg
from ...engine.choices import NO
from . import goals, rounds, texts
from .texts import note, refuse
from .victory import next_final


def vp_cards_kept(state: dict, picks: dict[str, int]) -> None:
    """Each player entered the number printed on the card he keeps. It stays out of every
    public view and event until the card is revealed."""
    if len(set(picks.values())) < len(picks):
        # naming neither the card nor the seats: the picks are still secret
        raise refuse(
            "vp_card_twice",
            "Dva hráči zadali stejné číslo karty, ale každá karta je jen jednou. Zkontrolujte svá čísla a zadejte je "
            "znovu.",
            "Two players entered the same card number, but every card exists once. Check your numbers and enter them "
            "again.",
        )
    state["vp"]["kept"] = dict(picks)
    note(
        state,
        Msg(
            "Každý má svou kartu vítězných bodů; zůstane tajná, dokud ji hráč neodkryje.",
            "Everyone has his victory-point card; it stays secret until he reveals it.",
        ),
    )
    rounds.start_round(state)


# -- expansion: announcing a win before the main player's building (p.11) ---------------------
def claim_done(state: dict) -> None:
    """Highest claim first; on a tie the player nearest the main player, clockwise, main first."""
    claims = {int(s): v for s, v in state["claims"].items()}
    if not claims:
        rounds.start_building(state)
        return
    order = goals.clockwise(state, state["main"])
    announcer = max(claims, key=lambda s: (claims[s], -order.index(s)))
    state["announcer"] = announcer
    note(
        state,
        Msg(
            "{s} ohlašuje vítězství ({v} VB) a začíná závěrečné stavění.",
            "{s} announces victory ({v} VP) and starts the final building.",
        ).format(s=texts.seat(announcer), v=claims[announcer]),
    )
    state["final"] = goals.clockwise(state, announcer)
    next_final(state)


# -- base game: the main player announces (p.9) -----------------------------------------------
def announced(state: dict, value: str) -> None:
    if value == NO:
        rounds.end_round(state)
        return
    main = state["main"]
    state["announcer"] = main
    note(
        state,
        Msg(
            "{s} ohlašuje vítězství; ostatní ještě jednou staví.",
            "{s} announces victory; the others build once more.",
        ).format(s=texts.seat(main)),
    )
    state["final"] = goals.clockwise(state, main + 1)[:-1]
    next_final(state)


# -- final building ---------------------------------------------------------------------------
