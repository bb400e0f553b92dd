"""What the steps of this game share: who answers, list and map prompts, and "*" (back) out of
a move the player has started."""

from __future__ import annotations

from ....engine import BACK, Msg, Prompt, PromptKind, Step, numbered
from .. import jindrich, picture
from ..board import NORTH
from ..texts import at


def seats(state: dict) -> tuple[int, ...]:
    """Who answers: the player on turn; in the solo game always the player (Jindřich has no seat)."""
    return (0,) if state["solo"] else (state["active"],)


def turned(state: dict) -> bool:
    """The second player sits across the table: their maps are drawn turned round."""
    return not state["solo"] and state["active"] == NORTH


def choice(state: dict, step: str, title: Msg, pairs, back: bool = False, detail: Msg | None = None) -> Prompt:
    """Pick one of the numbered (value, label) pairs; ``back`` adds "*"."""
    return Prompt(PromptKind.CHOICE, step, seats(state), title, {-1: numbered(pairs, back=back)}, detail=detail)


def cell_prompt(state: dict, step: str, title: Msg, places: list[str], detail: Msg | None = None,
                cursor: str | None = None) -> Prompt:
    """Pick a place on the map; "*" (value "back") drops the move instead."""
    opts = numbered(((picture.to_grid(state, k), Msg(at(k), at(k))) for k in places), back=True)
    return Prompt(PromptKind.CELL, step, seats(state), title, {-1: opts}, detail=detail,
                  turned=turned(state), **picture.map_fields(state, cursor or jindrich.anchor(state)))


class MoveStep(Step):
    """A step of a move the player has started (its task is ``state["pending"]``); "*" drops the
    move and changes nothing else. The started move is cleared here, once: ``carry_out`` only
    sets the next one (a refusal or a question undoes the whole action anyway)."""

    def apply(self, state: dict, action, task: dict) -> None:
        state["pending"] = None
        if action.value == BACK.value:
            return
        self.carry_out(state, action.value, task)

    def carry_out(self, state: dict, value, task: dict) -> None:
        """Carry out the move's step; set ``state["pending"]`` to its next step, if any."""
        raise NotImplementedError
