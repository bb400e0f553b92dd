"""The start of the game: every player enters his allegiance card on his own pad, in secret."""

from __future__ import annotations

from ....engine import Msg, Option, Prompt, PromptKind, Step
from ...catan import core
from .. import allegiance, texts
from ..scenario import box_of, part

ALLEGIANCE_OPTIONS = (
    Option("troy", texts.CITY_NAMES["troy"], "1"),
    Option("mycenae", texts.CITY_NAMES["mycenae"], "2"),
)


class Allegiance(Step):
    """Asked once, first: each seat's card (1 Troy, 2 Mycenae), hidden, revealed only at the end.
    Cards that do not fit the dealt deck are not refused but logged like any answer; the table
    is told the deck (never a seat or card) and every seat enters his card again."""

    name = "allegiance"
    enumerable = True

    def prompt(self, state: dict, task: dict) -> Prompt:
        seats = tuple(range(state["seats"]))
        return Prompt(
            PromptKind.SECRET_CHOICE,
            self.name,
            seats,
            Msg("Tvá karta příslušnosti (tajně)", "Your allegiance card (secret)"),
            dict.fromkeys(seats, ALLEGIANCE_OPTIONS),
            detail=Msg(
                "Na svém padu: 1 Trója, 2 Mykény, pak #. Zůstane tajná do konce hry.",
                "On your pad: 1 Troy, 2 Mycenae, then #. It stays secret until the end.",
            ),
        )

    def apply(self, state: dict, action, task: dict) -> None:
        picks = {str(seat): city for seat, city in action.picks.items()}
        if not allegiance.fits_deck(box_of(state), state["seats"], picks):
            core.tell(state, allegiance.not_in_deck(box_of(state), state["seats"]))
            return
        part(state)["allegiance"] = picks
        core.finish(state, task)
        core.note(
            state,
            Msg(
                "Příslušnost zadána, tajná do konce hry.",
                "Allegiances entered, secret until the end.",
            ),
        )


STEPS = (Allegiance(),)
