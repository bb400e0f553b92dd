"""Every game says where it stands one way: ``Game.where`` gives the kind of task and the task,
the game's steps table names the step, and the engine's ``awaiting`` is never written again."""

import pytest

from companion.engine import At, Game
from companion.games import REGISTRY, load


@pytest.mark.parametrize("name", sorted(REGISTRY))
def test_a_game_says_where_it_stands_and_leaves_awaiting_to_the_engine(name):
    game = load(name)
    assert type(game).awaiting is Game.awaiting, f"{name} writes its own awaiting"
    assert type(game).where is not Game.where, f"{name} does not say where it stands"
    state = game.setup(game.validate_options({"seats": game.min_seats}), seed=3)
    at = game.where(state)
    assert isinstance(at, At)
    awaited = game.awaiting(state)
    assert awaited.task == at.task and awaited.step in game.steps


def test_dva_bratri_names_the_steps_its_dispatch_tables_named():
    """The kinds of queued tasks and started moves that lead to a step of another name (once
    three tables in the game) lead to the same steps through the steps' own ``takes``."""
    steps = load("dva_bratri").steps
    named = {
        "jindrich": "jindrich_top",
        "take": "take_tile",
        "build": "build_tile",
        "terrain": "terrain_tile",
        "step": "step_unit",
        "withdraw": "withdraw_unit",
        "camp": "camp_at",
    }
    for kind, step in named.items():
        assert steps.step_for({}, kind, {}) == step
    for kind in ("start_colour", "jindrich_done", "discard", "siege", "start_player", "turn", "build_at"):
        assert steps.step_for({}, kind, {}) == kind
    assert steps.step_for({}, "reveal", {"slot": 2}) == "reveal_set"
    assert steps.step_for({}, "reveal", {"slot": 2, "set": "putovani"}) == "reveal_tile"
    assert steps.step_for({}, "treasure", {"at": "0,1"}) == "treasure_id"


def test_a_catan_scenario_names_the_step_of_its_phase():
    game = load("great_wall")
    assert game.steps.step_for({}, "first", {}) == "first_player"
    assert game.steps.step_for({"special": {"builder": None}}, "special", {}) == "special_who"
    assert game.steps.step_for({"special": {"builder": 2}}, "special", {}) == "special_build"
    assert game.steps.step_for({}, "roll", {}) == "roll"
