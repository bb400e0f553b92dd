"""The steps of every round: the secret picks, the omen questions, the land, the end of round.

The characters' own decisions are in ``characters.py``.
"""

from __future__ import annotations

from ....engine import Gate, Msg, Option, Prompt, PromptKind, Step
from ....engine.i18n import join
from ....engine.steps import confirmed, offered
from ..box import BOX
from ..common import (
    ASSIGN,
    LANDS,
    RESOLVE,
    REVEALING,
    ROUNDS,
    character_name,
    character_option,
    clan,
    event,
    gain,
    is_character,
    is_seat,
    land_options,
    played,
    refuse,
    reveal_line,
    seat_option,
    unknown_land,
    unknown_seat,
)
from ..flow import go_on
from ..lands import land_reward
from .characters import CHARACTERS


def no_such_character(state: dict, seat: int):
    return refuse(
        "no_such_character",
        "{who}: taková postava neexistuje.",
        "{who}: there is no such character.",
        who=clan(state, seat),
    )


class PickCharacter(Step):
    """Every seat picks a character in secret, from those not on its discard pile; revealed
    together."""

    name = "pick_character"

    def prompt(self, state, task):
        seats = tuple(range(state["seats"]))
        return Prompt(
            PromptKind.SECRET_CHOICE,
            self.name,
            seats,
            Msg("Vyberte tajně postavu", "Choose your character in secret"),
            {s: self._hand(state, s) for s in seats},
            unoffered={s: tuple(character_option(c) for c in state["discards"][s]) for s in seats},
            detail=Msg("Kolo {r}/{n}", "Round {r}/{n}").format(r=state["round"], n=ROUNDS),
        )

    def gate(self, state, task):
        """The characters not on a seat's discard pile, without their names."""

        def offers(seat, value):
            return (
                type(value) is int
                and seat is not None
                and 0 <= seat < state["seats"]
                and value in BOX.characters
                and value not in state["discards"][seat]
            )

        return Gate(PromptKind.SECRET_CHOICE, self.name, tuple(range(state["seats"])), offers)

    @staticmethod
    def _hand(state: dict, seat: int) -> tuple[Option, ...]:
        """The characters the seat may still hold, typed as their initiative (1-12)."""
        return tuple(character_option(c) for c in BOX.characters if c not in state["discards"][seat])

    def explain(self, state, task, seat, value):
        if not is_character(value):
            return no_such_character(state, seat)
        return refuse(
            "character_discarded",
            "{who}: {c} už leží v odhozených kartách.",
            "{who}: the {c} is on your discard pile.",
            who=clan(state, seat),
            c=character_name(value),
        )

    def apply(self, state, action, task):
        seats = range(state["seats"])
        state["picks"] = [action.picks[s] for s in seats]
        state["phase"] = RESOLVE
        for s in seats:  # one row each: "Modrá: Bardka"
            event(state, reveal_line(state, s))
        revealing = REVEALING.set(True)
        try:
            go_on(state)
        finally:
            REVEALING.reset(revealing)


class OmenQuestion(Step):
    """Which of the tied clans has the best omens on the top land card? Anyone answers."""

    def prompt(self, state, task):
        return Prompt(
            PromptKind.CHOICE,
            self.name,
            (),
            Msg(
                "Který z těchto klanů má nejlepší znamení na vrchní kartě balíčku území?",
                "Which of these clans has the best omens on the top land card?",
            ),
            {Prompt.ANYONE: tuple(seat_option(state, s) for s in task["candidates"])},
            detail=self.detail(state, task),
            short=Msg("Nejlepší znamení?", "Best omens?"),
            unoffered={
                Prompt.ANYONE: tuple(
                    seat_option(state, s) for s in range(state["seats"]) if s not in task["candidates"]
                )
            },
        )

    def gate(self, state, task):
        """The tied clans, without their names."""
        return Gate(PromptKind.CHOICE, self.name, (), offered(task["candidates"]))

    def detail(self, state: dict, task: dict) -> Msg:
        raise NotImplementedError

    def explain(self, state, task, seat, value):
        if not is_seat(value, state):
            return unknown_seat()
        return refuse(
            "omen_among_tied",
            "Vybírá se jen z klanů v remíze: {who}.",
            "Choose only among the tied clans: {who}.",
            who=join(clan(state, s) for s in task["candidates"]),
        )

    def apply(self, state, action, task):
        best = action.value
        state["omens"] += [[best, other] for other in task["candidates"] if other != best]
        event(state, Msg("Nejlepší znamení: {who}", "Best omens: {who}").format(who=clan(state, best)))
        go_on(state)


class OmenBest(OmenQuestion):
    """Asked when the next seat to act is among tied initiatives whose omens are not known."""

    name = "omen_best"

    def detail(self, state, task):
        return Msg("Remíza v iniciativě {i}", "Initiative tie at {i}").format(i=played(state, task["candidates"][0]))


class FinalOmenBest(OmenQuestion):
    """Asked after round 9 for tied totals, group by group, until everyone is ranked."""

    name = "final_omen_best"

    def detail(self, state, task):
        return Msg("Remíza na konci hry", "Tie at the end of the game")


class TakeLand(Step):
    """The acting seat adds a land of row 1 to its domain; it scores at once (the Farmer doubles
    it)."""

    name = "take_land"

    def prompt(self, state, task):
        seat = state["turn"]
        doubled = CHARACTERS[played(state, seat)].land_multiplier() > 1
        return Prompt(
            PromptKind.CHOICE,
            self.name,
            (seat,),
            Msg("{who} bere kartu:", "{who} takes a card:").format(who=clan(state, seat)),
            {Prompt.ANYONE: land_options()},
            detail=Msg("Zemědělec: odměna se zdvojnásobí.", "Farmer: the reward is doubled.") if doubled else None,
        )

    def gate(self, state, task):
        return Gate(PromptKind.CHOICE, self.name, (state["turn"],), offered(o.value for o in land_options()))

    def explain(self, state, task, seat, value):
        return unknown_land()

    def apply(self, state, action, task):
        seat, card = state["turn"], action.value
        state["domains"][seat].append(card)
        multiplier = CHARACTERS[played(state, seat)].land_multiplier()
        source = BOX.land_cards[card].name
        if multiplier > 1:
            source = source + Msg(", Zemědělec ×{m}", ", Farmer ×{m}").format(m=multiplier)
        gain(state, seat, LANDS, land_reward(state, seat, card) * multiplier, source)
        state["acted"].append(seat)
        state["turn"] = None
        go_on(state)


class EndRound(Step):
    """The table refills the rows and hands; anyone confirms. A new top card brings new omens."""

    name = "end_round"

    def prompt(self, state, task):
        return Prompt(
            PromptKind.CONFIRM,
            self.name,
            (),
            Msg(
                "Konec kola {r}: posuňte 2. řadu na místo 1. a vyložte novou 2. řadu.",
                "End of round {r}: move row 2 up to row 1 and deal a new row 2.",
            ).format(r=state["round"]),
            detail=Msg(
                "Každý si dobere do 5 karet v ruce (je-li z čeho).",
                "Everyone draws back to 5 cards in hand (if the deck has any).",
            ),
        )

    def gate(self, state, task):
        return Gate(PromptKind.CONFIRM, self.name, (), confirmed)

    def apply(self, state, action, task):
        state.update(
            {
                "round": state["round"] + 1,
                "phase": ASSIGN,
                "picks": None,
                "acted": [],
                "turn": None,
                "order": None,
                "omens": [],
            }
        )
        go_on(state)
