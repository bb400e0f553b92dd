"""Turn order: initiative, and the omens that break ties.

The top card of the land deck ranks the clans from best to worst omens. The companion does not
know that card; it asks "which of these has the best omens?" only when a tie must be broken and
keeps the answers as pairs [better, worse] (``state["omens"]``) until the top card changes.
Nothing here prompts: a function that lacks an answer returns the seats to ask about.
"""

from __future__ import annotations

from ...engine import Msg
from .box import BOX
from .common import event, played, setting, total


def deck_cards_left(state: dict) -> int | None:
    """Cards in the land deck during this round, when the pool is known (4-5 players use all)."""
    seats = state["seats"]
    if seats < BOX.facts["highest_player_mark"]:
        return None
    dealt = 2 * seats + seats * (state["round"] - 1)
    return BOX.facts["land_cards"] - dealt


def top_card_changed(state: dict, cause: Msg) -> None:
    """Forget what we knew about the omens: the clans' order comes from a different card now."""
    state["omens"] = []
    event(state, Msg("{c}: nová vrchní karta, nová znamení", "{c}: new top card, new omens").format(c=cause))


def known_better(state: dict, better: int, worse: int) -> bool:
    """True when the omen answers show ``better`` ahead of ``worse`` (directly or via others)."""
    seen, frontier = {better}, [better]
    while frontier:
        current = frontier.pop()
        for ahead, behind in state["omens"]:
            if ahead == current and behind not in seen:
                if behind == worse:
                    return True
                seen.add(behind)
                frontier.append(behind)
    return False


def best_known(state: dict, group: list[int]) -> int | None:
    """The seat of ``group`` known to have better omens than all the others, if there is one."""
    if len(group) == 1:
        return group[0]
    for seat in group:
        if all(known_better(state, seat, other) for other in group if other != seat):
            return seat
    return None


def omen_candidates(state: dict, group: list[int]) -> list[int]:
    """Seats of ``group`` that might have the best omens: none known to be behind another."""
    return [s for s in group if not any(known_better(state, o, s) for o in group if o != s)]


def rank(state: dict, groups: list[list[int]]) -> tuple[list[int], list[int] | None]:
    """Order tied groups (given best first) by omens: (the order, or the seats to ask about)."""
    order: list[int] = []
    for group in groups:
        remaining = list(group)
        while remaining:
            best = best_known(state, remaining)
            if best is None:
                return order, omen_candidates(state, remaining)
            order.append(best)
            remaining.remove(best)
    return order, None


def next_actor(state: dict) -> tuple[int | None, list[int] | None]:
    """(the seat acting next, None) or (None, the tied seats whose omens the table must compare).

    Lowest initiative first. By default a tie is broken when it comes up, by the top card at that
    moment; with ``ties_use_current_omens`` off, the whole order is settled at the reveal.
    """
    remaining = [s for s in range(state["seats"]) if s not in state["acted"]]
    initiatives = sorted({played(state, s) for s in remaining})
    groups = [[s for s in remaining if played(state, s) == i] for i in initiatives]
    if setting(state, "ties_use_current_omens"):
        return _best_of_first(state, groups[0])
    return _next_in_fixed_order(state, groups)


def _best_of_first(state: dict, group: list[int]) -> tuple[int | None, list[int] | None]:
    best = best_known(state, group)
    return (best, None) if best is not None else (None, omen_candidates(state, group))


def _next_in_fixed_order(state: dict, groups: list[list[int]]) -> tuple[int | None, list[int] | None]:
    """The order of the whole round, settled once (``state["order"]``) when every tie is known."""
    if state["order"] is None:
        order, question = rank(state, groups)
        if question:
            return None, question
        state["order"] = order
    return next(s for s in state["order"] if s not in state["acted"]), None


def final_ranking(state: dict) -> tuple[list[int], list[int] | None]:
    """Highest total first; equal totals by the omens of the current top card."""
    totals = {s: total(state, s) for s in range(state["seats"])}
    levels = sorted(set(totals.values()), reverse=True)
    return rank(state, [[s for s in totals if totals[s] == level] for level in levels])
