"""The end of the war (CZ p.10): when a saga marker reaches its last picture the game ends at
once, and the highest total wins, whatever city he supported; equal totals go to the most trade
points. Also the reveal of every allegiance when the game ends, however it ends."""

from __future__ import annotations

from ...engine import Msg
from ...engine.i18n import join
from ..catan import core
from ..catan.steps import scenario_of
from . import saga, texts
from .box import CITIES
from .ranking import ranking, shared_first
from .scenario import box_of, part


def after_battle(state: dict) -> None:
    """A battle is over: if a marker reached the end, the war and the game end now."""
    city = saga.war_won(box_of(state), part(state))
    if city is None:
        return
    scenario = scenario_of(state)
    totals = {s: core.true_total(scenario, state, s) for s in range(state["seats"])}
    trade_points = part(state)["trade_points"]
    first = shared_first(totals, trade_points)
    winner = ranking(totals, trade_points)[0]
    why = Msg("Válka skončila, vítězí {c}. ", "The war is over, {c} wins. ").format(c=texts.city(city))
    if len(first) > 1:
        why += Msg(
            "Shoda i v obchodních bodech: {w} se dělí o vítězství ({p} VB).",
            "Level on trade points too: {w} share the win ({p} VP).",
        ).format(w=join(core.who(state, s) for s in first), p=totals[winner])
    else:
        why += Msg("{w} má nejvíc: {p} VB.", "{w} has most: {p} VP.").format(
            w=core.who(state, winner), p=totals[winner]
        )
    said = Msg("Válka skončila, vítězí {c}.", "The war is over, {c} wins.").format(c=texts.city(city))
    core.end_game(scenario, state, winner, why, sharing=first, said=why if len(first) > 1 else said)


def reveal_allegiances(state: dict) -> None:
    """Every allegiance card is shown (an event for the record and the final screen), one short
    announcement a city: "Trója: Hráč 1, Hráč 3." (names unbroken; the saga VP are in the totals
    of the ranking screen)."""
    sides = part(state)["allegiance"]
    for city in CITIES:
        seats = sorted(int(seat) for seat, side in sides.items() if side == city)
        if seats:
            named = join(core.named(state, s) for s in seats)
            core.note(state, Msg("{c}: {w}.", "{c}: {w}.").format(c=texts.city(city), w=named))
