"""Checks on a player's moves. Each rule is one function that raises RuleError naming it."""

from __future__ import annotations

from . import board, box
from .texts import refuse, resources

HAND_LIMIT = 3


def check_take(state: dict, side: int, slot: int) -> None:
    """Only a tile within reach (one a turn is checked when the move starts: check_can_take)."""
    if slot not in board.reachable(state, side):
        raise refuse(
            "out_of_reach",
            "Na tuto destičku nedosáhneš: tvůj dosah je {r} (1 + tvé jednotky v královské nabídce).",
            "That tile is out of reach: your reach is {r} (1 + your units in the royal offer).",
            r=board.reach(state, side),
        )


def check_place(state: dict, side: int, k: str) -> None:
    """A tile goes on a free place touching (side or corner) a tile with one of your units."""
    if k in state["board"]:
        raise refuse("place_taken", "Tady už destička leží.", "There is a tile here already.")
    if not board.touches_own_unit(state, side, k):
        raise refuse(
            "not_next_to_own_unit",
            "Destička musí přiléhat stranou nebo rohem k destičce s tvou jednotkou.",
            "A tile must touch, by a side or a corner, a tile with one of your units.",
        )


def check_pay(state: dict, side: int, tile: str) -> int:
    """All resources of the cost must be reachable; laying free terrain this turn takes 1 off
    one building's cost. Returns how many discounts the build uses (0 or 1)."""
    cost = box.fact(state, tile, "cost")
    short = board.shortfall(cost, board.resources(state, side))
    if short == 0:
        return 0
    if short == 1 and state["turn"]["discounts"] > 0:
        return 1
    have = board.resources(state, side)
    raise refuse(
        "cannot_pay",
        "Chybí suroviny: stavba stojí {c}, máš {h}.",
        "You lack resources: it needs {c}, you have {h}.",
        c=resources(cost),
        h=resources(have),
    )


def check_unit_free(state: dict, uid: str) -> None:
    """Each unit moves at most once a turn."""
    if uid in state["turn"]["moved"]:
        raise refuse(
            "unit_moves_once", "Tato jednotka se v tomto tahu už pohnula.", "This unit has already moved this turn."
        )


def check_target_empty(state: dict, k: str) -> None:
    """Two units never share a tile (only the start tile at setup holds both elites)."""
    if k not in state["board"]:
        raise refuse("no_tile_there", "Jednotka může stát jen na destičce.", "A unit can only stand on a tile.")
    if board.unit_at(state, k) is not None:
        raise refuse("one_unit_per_tile", "Na této destičce už jednotka stojí.", "A unit already stands on this tile.")


def check_step(state: dict, uid: str, k: str) -> None:
    check_unit_free(state, uid)
    check_target_empty(state, k)
    if k not in board.ring(state["units"][uid]["at"]):
        raise refuse(
            "step_not_adjacent",
            "Jednotka se posouvá jen na sousední destičku (stranou či rohem).",
            "A unit steps only to a neighbouring tile (side or corner).",
        )


def check_call(state: dict, side: int, k: str) -> None:
    check_target_empty(state, k)
    if not board.touches_own_unit(state, side, k):
        raise refuse(
            "call_not_next_to_own_unit",
            "Jednotku z nabídky povoláš jen na destičku sousedící s destičkou, na které stojí tvá jednotka.",
            "A unit from the offer comes only onto a tile next to a tile where one of your units stands.",
        )


def check_withdraw(state: dict, uid: str) -> None:
    check_unit_free(state, uid)
    if state["units"][uid]["elite"]:
        raise refuse(
            "elite_stays", "Elitní jednotka nesmí opustit herní plochu.", "The elite unit never leaves the board."
        )


def check_end(state: dict, side: int) -> None:
    """Taking a tile is compulsory while one is within reach."""
    if not state["turn"]["taken"] and board.reachable(state, side):
        raise refuse(
            "must_take",
            "Nejdřív si musíš vzít jednu destičku z královské nabídky.",
            "You must first take one tile from the royal offer.",
        )


# -- what the turn menu's choices need before the move starts -----------------------------------
def check_can_take(state: dict, side: int) -> None:
    """Exactly one tile a turn (a Camp grants another), and only from an offer that holds one."""
    if state["turn"]["taken"]:
        raise refuse(
            "one_take_per_turn", "V tomto tahu už sis destičku vzal.", "You have already taken a tile this turn."
        )
    if not board.clockwise(state):
        raise refuse("offer_empty", "Královská nabídka je prázdná.", "The royal offer is empty.")


def check_holds_tile(state: dict, side: int) -> None:
    if not state["hands"][side]:
        raise refuse("hand_empty", "Nemáš v ruce žádnou destičku.", "You hold no tile.")


def check_unit_in_offer(state: dict, side: int) -> None:
    if not board.in_offer(state, side):
        raise refuse(
            "no_unit_in_offer", "V královské nabídce nemáš žádnou jednotku.", "You have no unit in the royal offer."
        )


def check_camp(state: dict, side: int) -> None:
    """An unused camp of one's own, and only after this turn's tile was taken."""
    if not any(b == "camp" for _, b in board.buildings_of(state, side)):
        raise refuse("no_camp", "Nemáš žádné nevyužité ležení.", "You have no unused camp.")
    if not state["turn"]["taken"]:
        raise refuse(
            "camp_after_take",
            "Ležení lze využít až poté, co sis v tahu vzal destičku.",
            "A camp can be used only after you have taken a tile this turn.",
        )
