"""The automatic part of the game: everything that happens between two answers.

The state names the awaited step and its task in ``state["await"]`` (``{"step": name, ...}``,
None while nothing is awaited yet). A round's step ends with ``go_on``; a character's decision
names its effect's next task (``common.effect_awaits``). After every answer ``advance`` runs what
needs nobody (the next turn, a character's automatic effect, the end of the round, the end bonus,
the ranking) until a step is awaited or the game is over: the round's steps call it through
``go_on``, the game (``Vaaalbara.perform``) once more after every answer.

A round: ``pick_character`` (hidden) -> for each seat in turn order: its character's effect
(steps/characters.py), then ``take_land`` -> ``end_round``. After round 9: end bonus and ranking.
"""

from __future__ import annotations

from ...engine import Msg
from ...engine.i18n import join
from .common import ASSIGN, END_BONUS, END_ROUND, FINAL, OVER, RESOLVE, ROUNDS, clan, effect_awaits, event, played
from .lands import end_bonus
from .omens import final_ranking, next_actor
from .steps.characters import CHARACTERS


def advance(state: dict) -> None:
    """Run everything automatic until the game awaits an answer or is over."""
    while state["await"] is None and state["phase"] != OVER:
        AUTOMATIC[state["phase"]](state)


def go_on(state: dict) -> None:
    """The awaited step is carried out: nothing is awaited now, so run whatever comes next."""
    state["await"] = None
    advance(state)


def _assign(state: dict) -> None:
    state["await"] = {"step": "pick_character"}


def _end_round(state: dict) -> None:
    state["await"] = {"step": "end_round"}


def _resolve(state: dict) -> None:
    """The acting seat takes its land; else the next seat starts its turn, or the round ends."""
    if state["turn"] is not None:
        state["await"] = {"step": "take_land"}
    elif len(state["acted"]) == state["seats"]:
        _finish_round(state)
    else:
        seat, question = next_actor(state)
        if question:
            state["await"] = {"step": "omen_best", "candidates": question}
        else:
            assert seat is not None, "next_actor names a seat whenever it asks no question"
            _start_turn(state, seat)


def _final(state: dict) -> None:
    """Rank everyone (asking the omens of tied totals first). The winner is not announced: the
    final screen opens on the ranking, and the last land's gains and bonuses fill the two pages
    of the smallest panel."""
    ranking, question = final_ranking(state)
    if question:
        state["await"] = {"step": "final_omen_best", "candidates": question}
        return
    state["ranking"] = ranking
    state["phase"] = OVER  # the final screen opens on the ranking, the winner first: no announcement


AUTOMATIC = {ASSIGN: _assign, RESOLVE: _resolve, END_ROUND: _end_round, FINAL: _final}


def _start_turn(state: dict, seat: int) -> None:
    state["turn"] = seat
    effect_awaits(state, CHARACTERS[played(state, seat)].start(state, seat))


def _finish_round(state: dict) -> None:
    if state["round"] < ROUNDS:
        state["phase"] = END_ROUND
        return
    by_bonus: dict[int, list[Msg]] = {}
    for seat in range(state["seats"]):
        bonus = end_bonus(state["domains"][seat])
        if bonus:
            state["points"][seat][END_BONUS] += bonus
            by_bonus.setdefault(bonus, []).append(clan(state, seat))
    if by_bonus:
        event(state, land_types(by_bonus))
    state["phase"] = FINAL


def land_types(by_bonus: dict[int, list[Msg]]) -> Msg:
    """The land-type bonuses in one announcement, the clans of each bonus together: "Druhy území
    +5: Fialová, Žlutá; +10: Modrá." (each part at most three rows of the smallest panel)."""
    groups = [Msg("+{n}: ", "+{n}: ").format(n=bonus) + join(clans) for bonus, clans in sorted(by_bonus.items())]
    return Msg("Druhy území ", "Land types ") + join(groups, "; ") + Msg(".", ".")
