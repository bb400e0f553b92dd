"""Turn order: initiative, omen questions asked only when needed, and the final tie-break."""

from companion.games.vaaalbara import GAME
from companion.games.vaaalbara.common import FINAL, OVER
from companion.games.vaaalbara.flow import advance

from .helpers import answer, new, play_round


def steps_until_end_of_round(s, picks, omen_answers):
    answer(s, "pick_character", picks)
    asked = []
    while s.prompt.step != "end_round":
        step = s.prompt.step
        asked.append(step)
        if step == "omen_best":
            answer(s, step, omen_answers.pop(0))
        elif step in ("tracker_swap", "rider_swap"):
            answer(s, step)
        else:
            answer(s, step, "field")
    return asked


def test_lowest_initiative_first_and_no_question_without_a_tie():
    s = new(4)
    assert steps_until_end_of_round(s, [12, 3, 9, 5], []) == [
        "take_land",
        "take_land",
        "rider_swap",
        "take_land",
        "take_land",
    ]
    assert s.state["acted"] == [1, 3, 2, 0]


def test_each_tie_is_asked_when_it_comes_up():
    s = new(4)
    asked = steps_until_end_of_round(s, [3, 3, 10, 10], [1, 3])
    assert asked == ["omen_best", "take_land", "take_land", "omen_best", "take_land", "take_land"]
    assert s.state["acted"] == [1, 0, 3, 2]


def test_a_group_of_three_is_asked_twice_and_each_time_among_the_rest():
    s = new(4)
    answer(s, "pick_character", [5, 5, 5, 2])
    answer(s, "bard_target", 0)
    answer(s, "take_land", "field")
    assert [o.value for o in s.prompt.options_for(None)] == [0, 1, 2]
    answer(s, "omen_best", 2)
    answer(s, "take_land", "field")
    assert [o.value for o in s.prompt.options_for(None)] == [0, 1]
    answer(s, "omen_best", 0)
    answer(s, "take_land", "field")
    answer(s, "take_land", "field")  # seat 1: no question left
    assert s.state["acted"] == [3, 2, 0, 1]


def test_with_ties_fixed_at_the_reveal_every_question_comes_first():
    s = new(4, ties_use_current_omens=False)
    asked = steps_until_end_of_round(s, [3, 3, 10, 10], [1, 3])
    assert asked == ["omen_best", "omen_best", "take_land", "take_land", "take_land", "take_land"]
    assert s.state["acted"] == [1, 0, 3, 2]


def test_tracker_swap_comes_before_a_later_tie_question_by_default():
    s = new(4)
    asked = steps_until_end_of_round(s, [7, 10, 10, 4], [2])
    assert asked == ["take_land", "tracker_swap", "take_land", "omen_best", "take_land", "take_land"]
    s = new(4, ties_use_current_omens=False)
    asked = steps_until_end_of_round(s, [7, 10, 10, 4], [2])
    assert asked == ["omen_best", "take_land", "tracker_swap", "take_land", "take_land", "take_land"]
    assert s.state["acted"] == [3, 0, 2, 1]


def test_omen_answers_last_one_round():
    s = new(2)
    play_round(s, [3, 3], ["field"] * 2, omen_best=[1])
    assert s.state["omens"] == []
    seen = play_round(s, [4, 4], ["field"] * 2, omen_best=[0])
    assert seen.count("omen_best") == 1


def final_state(totals):
    """A game whose last land was taken, with the given totals, just before the ranking."""
    state = GAME.setup({"seats": len(totals)}, 0)
    state.update({"round": 9, "phase": FINAL, "await": None, "picks": [1] * len(totals)})
    for seat, value in enumerate(totals):
        state["points"][seat]["lands"] = value - state["points"][seat]["start"]
    advance(state)
    return state


def test_a_tie_below_the_top_is_also_ranked():
    state = final_state([10, 20, 10, 5])
    assert state["await"] == {"step": "final_omen_best", "candidates": [0, 2]}
    assert GAME.prompt(state).seats == ()
    state = GAME.apply(state, {"step": "final_omen_best", "seat": None, "value": 2})
    assert GAME.score(state).ranking == (1, 2, 0, 3) and GAME.score(state).final


def test_no_tie_no_question():
    state = final_state([10, 20, 11, 5])
    assert state["phase"] == OVER and state["ranking"] == [1, 2, 0, 3]
    assert GAME.prompt(state) is None
