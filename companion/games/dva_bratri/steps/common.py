"""What the steps of this game share: who answers, list and map prompts, and "*" (back) out of
a move the player has started."""

from __future__ import annotations

from collections.abc import Callable

from ....engine import BACK, Action, Gate, Msg, Prompt, PromptKind, RuleError, Step, TaskStep, numbered
from ....engine.game import copy_state
from ....engine.steps import offered
from .. import box, jindrich, picture
from ..board import NORTH, key
from ..texts import at, place_label, refuse, side_name, unit_label


def seats(state: dict) -> tuple[int, ...]:
    """Who answers: the player on turn; in the solo game always the player (Jindřich has no seat)."""
    return (0,) if state["solo"] else (state["active"],)


def turned(state: dict) -> bool:
    """The second player sits across the table: their maps are drawn turned round."""
    return not state["solo"] and state["active"] == NORTH


def choice(
    state: dict,
    step: str,
    title: Msg,
    pairs,
    back: bool = False,
    detail: Msg | None = None,
    short: Msg | None = None,
) -> Prompt:
    """Pick one of the numbered (value, label) pairs; ``back`` adds "*"; ``short`` is the
    question in a few words for one panel row, when the title is longer."""
    return Prompt(
        PromptKind.CHOICE, step, seats(state), title, {-1: numbered(pairs, back=back)}, detail=detail, short=short
    )


def listed_gate(state: dict, step: str, kind: PromptKind, values) -> Gate:
    """A gate (``Step.gate``) for a prompt listing ``values`` to anyone (``{-1: ...}``, as
    ``choice`` and ``cell_prompt`` list them) and asking ``seats``: the values without their
    labels and codes, a map without its cells."""
    return Gate(kind, step, seats(state), offered(values))


def cell_gate(state: dict, step: str, lists: Callable[[str], bool]) -> Gate:
    """``cell_prompt``'s gate: a cell whose place ``lists`` says the prompt lists, and "*"
    (back); the answer's one place is worked out instead of every listed place's cell. A cell
    in any form but a list of two ints is left to the prompt (``Gate``: erring that way only
    costs time)."""

    def offers(seat, value):
        if type(value) is str:
            return value == BACK.value
        if type(value) is not list or len(value) != 2 or not all(type(v) is int for v in value):
            return False
        if not state["board"]:
            return False
        minx, maxy, _, _ = picture.grid(state)
        return lists(key(minx + value[0], maxy - value[1]))

    return Gate(PromptKind.CELL, step, seats(state), offers)


def cell_prompt(
    state: dict,
    step: str,
    title: Msg,
    places: list[str],
    detail: Msg | None = None,
    cursor: str | None = None,
    short: Msg | None = None,
) -> Prompt:
    """Pick a place on the map; "*" (value "back") drops the move instead; ``short``: the
    question in a few words for the one row above the map."""
    frame = picture.grid(state)
    opts = numbered(((picture.to_grid(state, k, frame), place_label(state, k)) for k in places), back=True)
    return Prompt(
        PromptKind.CELL,
        step,
        seats(state),
        title,
        {-1: opts},
        detail=detail,
        short=short,
        turned=turned(state),
        **picture.map_fields(state, cursor or jindrich.anchor(state)),
    )


def answer_text(state: dict, value) -> Msg:
    """An answer as players read it: a map place "[x,y]", a tile, a unit, a building, a set."""
    if isinstance(value, list) and len(value) == 2 and all(type(v) is int for v in value):
        place = at(picture.from_grid(state, value))
        return Msg(place, place)
    if isinstance(value, str):
        if value in box.tile_entries():
            return box.describe(state, value)
        if value in state["units"]:
            return unit_label(state, value)
        if value in box.buildings():
            return box.building_name(value)
        if value in box.sets():
            return box.set_name(value)
        if value in box.COLOURS:
            return box.colour_name(value)
    return Msg(str(value), str(value))


class DvaStep(Step):
    """Every step of this game names the rule behind an answer it does not offer, for the
    player on turn and the answer ('Bílý, [1,2]: Tady už destička leží.'): the step's own
    checks are tried on a copy of the state and its task (the rules are written once; the copy
    is the engine's cheap one), and an answer those checks would let through is refused with the
    step's ``unlisted`` sentence (why it is not offered now: not in your hand, an empty place of
    the offer, ...)."""

    unlisted_rule = "ruled_out"
    unlisted = (
        "{who}: {v} tu nelze zvolit – neodpovídá tomu, co bylo zadáno o stole.",
        "{who}: {v} cannot be chosen here – it does not fit what was entered about the table.",
    )

    def explain(self, state: dict, task: dict, seat, value):
        who = side_name(state, seats(state)[0])
        if value == BACK.value:
            return refuse(
                "answer_needed",
                "{who}: tady se zpět nejde – bez odpovědi hra nepokračuje.",
                "{who}: there is no way back here – the game needs this answer.",
                who=who,
            )
        text = answer_text(state, value)
        error = self._tried(state, task, seat, value)
        if error is not None:
            return RuleError(error.rule, Msg("{who}, {v}: ", "{who}, {v}: ").format(who=who, v=text) + error.msg)
        return refuse(self.unlisted_rule, *self.unlisted, who=who, v=text)

    def _tried(self, state: dict, task: dict, seat, value) -> RuleError | None:
        """The refusal the step's own checks give ``value`` (on a copy), if any. The state and
        the task are copied together, so a task the state holds (the queue's head, the started
        move) is the copy's own."""
        trial = copy_state({"state": state, "task": task})
        try:
            self.apply(trial["state"], Action(self.name, seat, value), trial["task"])
        except RuleError as error:
            return error
        except Exception:  # an Ask, or an answer the step cannot even read: no rule
            return None
        return None


class MoveStep(TaskStep, DvaStep):
    """A step of a move the player has started (its task is ``state["pending"]``); "*" drops the
    move and changes nothing else. The started move is cleared here, once: ``carry_out`` only
    sets the next one (a refusal or a question undoes the whole action anyway)."""

    def drop(self, state: dict, task: dict) -> None:
        state["pending"] = None
