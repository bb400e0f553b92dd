"""Where a game stands, said one way by every game: ``Game.where`` gives the kind of task the
state waits on and the task; the game's ``Steps`` table names the step (``Steps.awaited``). Also
the engine's ``refuser`` and the task-step base every game shares."""

import pytest

from companion.engine import (
    BACK,
    Action,
    At,
    Awaited,
    Game,
    Msg,
    Prompt,
    PromptKind,
    RuleError,
    Step,
    Steps,
    TaskStep,
    refuser,
)

from .toy import GAME


class Plain(Step):
    def __init__(self, name: str, takes: tuple[str, ...] = ()):
        self.name = name
        self.takes = takes

    def prompt(self, state, task):
        return Prompt(PromptKind.CONFIRM, self.name, (), Msg(self.name, self.name))


def test_a_kind_of_task_leads_to_the_step_of_its_name_or_to_the_step_that_takes_it():
    steps = Steps(Plain("turn"), Plain("take_tile", takes=("take",)))
    assert steps.awaited({}, At("turn", {})) == Awaited("turn", {})
    task = {"kind": "take", "tile": 3}
    awaited = steps.awaited({}, At("take", task))
    assert awaited == Awaited("take_tile", task) and awaited.task is task
    assert steps.awaited({}, None) is None


def test_a_kind_several_steps_take_is_chosen_from_the_state_and_the_task():
    def next_fact(state, task):
        return "learn_" + task["fields"][0]

    steps = Steps(Plain("learn_colour"), Plain("learn_cost"), choose={"learn": next_fact})
    assert steps.step_for({}, "learn", {"fields": ["cost", "colour"]}) == "learn_cost"
    assert steps.awaited({}, At("learn", {"fields": ["colour"]})).step == "learn_colour"


@pytest.mark.parametrize(
    "build",
    [
        lambda: Steps(Plain("a", takes=("x",)), Plain("b", takes=("x",))),  # two steps take one kind
        lambda: Steps(Plain("a", takes=("b",)), Plain("b")),  # a kind that is another step's name
        lambda: Steps(Plain("a", takes=("x",)), choose={"x": lambda s, t: "a"}),  # taken and chosen
    ],
)
def test_a_kind_with_two_ways_to_its_step_is_caught_when_the_table_is_built(build):
    with pytest.raises(ValueError, match="two steps"):
        build()


def test_the_engine_answers_awaiting_from_where_the_game_says_it_stands():
    state = GAME.setup(GAME.validate_options({"seats": 2}), seed=1)
    assert GAME.where(state) == At("pick", {})
    assert GAME.awaiting(state) == Awaited("pick", {})
    state["queue"].append({"t": "star"})
    assert GAME.awaiting(state) == Awaited("star", {"t": "star"})
    state["queue"].clear()
    state["round"] = 3
    assert GAME.where(state) is None and GAME.awaiting(state) is None and GAME.prompt(state) is None


def test_a_game_that_does_not_say_where_it_stands_is_a_programming_error():
    with pytest.raises(NotImplementedError):
        Game().awaiting({})


def test_refuser_names_the_games_rule_and_fills_both_languages():
    refuse = refuser("toy")
    error = refuse("no_four", "Čtyřka ({n}) je zakázaná.", "Four ({n}) is forbidden.", n=4)
    assert isinstance(error, RuleError)
    assert error.rule == "toy.no_four"
    assert error.msg == Msg("Čtyřka (4) je zakázaná.", "Four (4) is forbidden.")
    assert refuse("plain", "Ne.", "No.").msg == Msg("Ne.", "No.")


class Move(TaskStep):
    name = "move"

    def drop(self, state, task):
        state["pending"] = None

    def carry_out(self, state, action, task):
        state["moved"] = (action.seat, action.value, task["kind"])


def test_a_task_step_drops_its_task_then_back_changes_nothing_else():
    task = {"kind": "step"}
    state = {"pending": task, "moved": None}
    Move().apply(state, Action("move", 0, BACK.value), task)
    assert state == {"pending": None, "moved": None}


def test_a_task_step_carries_out_any_other_answer_after_dropping_its_task():
    task = {"kind": "step"}
    state = {"pending": task, "moved": None}
    Move().apply(state, Action("move", 1, "north"), task)
    assert state == {"pending": None, "moved": (1, "north", "step")}
