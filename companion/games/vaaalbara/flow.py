"""The automatic part of the game: everything that happens between two answers.

The state names the awaited step and its task in ``state["await"]`` (``{"step": name, ...}``,
None while nothing is awaited yet). After every answer a step calls ``go_on`` or
``effect_goes_on``; ``advance`` then runs what needs nobody (the next turn, a character's
automatic effect, the end of the round, the end bonus, the ranking) until a step is awaited or
the game is over.

A round: ``pick_character`` (hidden) -> for each seat in turn order: its character's effect
(steps/characters.py), then ``take_land`` -> ``end_round``. After round 9: end bonus and ranking.
"""

from __future__ import annotations

from ...engine import Msg
from ...engine.i18n import join
from .box import BOX
from .common import ASSIGN, END_BONUS, END_ROUND, FINAL, OVER, RESOLVE, ROUNDS, clan, event, played
from .lands import end_bonus
from .omens import final_ranking, next_actor

BONUS_CLANS_PER_SENTENCE = 3


def advance(state: dict) -> None:
    """Run everything automatic until the game awaits an answer or is over."""
    while state["await"] is None and state["phase"] != OVER:
        AUTOMATIC[state["phase"]](state)


def go_on(state: dict) -> None:
    """The awaited step is carried out: nothing is awaited now, so run whatever comes next."""
    state["await"] = None
    advance(state)


def effect_goes_on(state: dict, task: dict | None) -> None:
    """The acting character's effect awaits ``task`` next, or (None) is over."""
    _effect_awaits(state, task)
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
    """Rank everyone (asking the omens of tied totals first) and name the winner."""
    ranking, question = final_ranking(state)
    if question:
        state["await"] = {"step": "final_omen_best", "candidates": question}
        return
    state["ranking"] = ranking
    state["phase"] = OVER
    winner = BOX.clans[state["clans"][ranking[0]]]
    event(state, Msg("Vítězí {c} klan!", "The {e} clan wins!").format(c=winner.cs_masculine, e=winner.name.en))


AUTOMATIC = {ASSIGN: _assign, RESOLVE: _resolve, END_ROUND: _end_round, FINAL: _final}


def _start_turn(state: dict, seat: int) -> None:
    # imported here: the characters' steps call back into this module when they are answered
    from .steps.characters import CHARACTERS

    state["turn"] = seat
    _effect_awaits(state, CHARACTERS[played(state, seat)].start(state, seat))


def _effect_awaits(state: dict, task: dict | None) -> None:
    state["await"] = task
    if task is None:
        # the effect is over: the card goes face up onto the discard pile
        seat = state["turn"]
        state["discards"][seat] = sorted(state["discards"][seat] + [played(state, seat)])


def _finish_round(state: dict) -> None:
    if state["round"] < ROUNDS:
        state["phase"] = END_ROUND
        return
    gains = []
    for seat in range(state["seats"]):
        bonus = end_bonus(state["domains"][seat])
        if bonus:
            state["points"][seat][END_BONUS] += bonus
            gains.append(Msg("{who} +{n}", "{who} +{n}").format(who=clan(state, seat), n=bonus))
    # announced three clans a sentence, so a sentence fits three rows of the smallest panel
    for first in range(0, len(gains), BONUS_CLANS_PER_SENTENCE):
        chunk = join(gains[first : first + BONUS_CLANS_PER_SENTENCE])
        event(state, Msg("Druhy území: {g}", "Land types: {g}").format(g=chunk))
    state["phase"] = FINAL
