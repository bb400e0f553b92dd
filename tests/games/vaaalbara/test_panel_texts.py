"""Vaaalbara on the smallest panel: short questions, the answers a step does not offer named with
their codes and refused by the step's own rule, the reveal by name, announcements that fit."""

from __future__ import annotations

from companion.engine import RuleError, Session
from companion.games.vaaalbara import GAME

from ..announcements import ACTION_ROWS, question_faults, too_long
from .helpers import answer, new


def test_every_long_question_has_a_short_form_and_every_option_fits():
    assert question_faults("vaaalbara") == []


def reveal_and_last_action_allowance(session: Session, action: dict) -> int:
    """Two actions of four- and five-clan games may take a third page: the reveal names every
    clan's character, a row each ("Modrá: Bardka"), and the first character's effect follows in
    the same action (8 rows at most with five clans); the last land adds the land-type bonuses
    and the winner (7 rows at most). Everything else keeps to two pages."""
    if action["step"] == "pick_character":
        return max(ACTION_ROWS, session.state["seats"] + 3)
    if session.state["phase"] in ("final", "over"):
        return ACTION_ROWS + 1
    return ACTION_ROWS


def test_announcements_fit_three_rows_a_sentence_and_two_pages_an_action():
    assert too_long("vaaalbara", reveal_and_last_action_allowance) == []


def test_the_reveal_names_every_clans_character_not_its_number():
    s = new(3)
    answer(s, "pick_character", [2, 8, 12])
    said = [m["cs"] for m in s.state["recent"]]
    assert said[:3] == ["Modrá: Bardka", "Fialová: Porodní bába", "Žlutá: Zemědělec"]
    assert not any("12" in m for m in said)


def test_the_bard_names_her_own_seat_as_unoffered_and_refuses_it_by_her_rule():
    s = new(3)
    answer(s, "pick_character", [2, 4, 5])
    prompt = s.prompt
    assert prompt.step == "bard_target"
    (own,) = prompt.unoffered_for(0)
    assert own.value == 0 and own.code == "1"
    assert own.code not in {o.code for o in prompt.options_for(0)}
    assert prompt.short.cs == "Bardka: komu +2?" and prompt.short.en == "Bard: who gains 2?"
    error = s.refusal(0, own.value)
    assert error.rule == "vaaalbara.bard_other_player" and error.text("cs").startswith("Modrá:")


def test_a_character_already_played_is_unoffered_at_the_pick_and_named_when_typed():
    s = new(2)
    answer(s, "pick_character", [3, 10])
    answer(s, "take_land", "meadow")
    answer(s, "take_land", "meadow")
    answer(s, "end_round")
    prompt = s.prompt
    assert [o.value for o in prompt.unoffered_for(0)] == [3] and prompt.unoffered_for(0)[0].code == "3"
    assert [o.value for o in prompt.unoffered_for(1)] == [10]
    error = s.refusal(0, 3)
    assert error.rule == "vaaalbara.character_discarded"
    assert error.text("cs") == "Modrá: Lovec už leží v odhozených kartách."


def test_the_midwife_names_the_characters_not_on_her_discard_pile():
    s = new(2)
    answer(s, "pick_character", [3, 10])
    answer(s, "take_land", "meadow")
    answer(s, "take_land", "meadow")
    answer(s, "end_round")
    answer(s, "pick_character", [8, 12])
    prompt = s.prompt
    assert prompt.step == "midwife_take_back" and [o.value for o in prompt.options_for(0)] == [3]
    unoffered = {o.value: o.code for o in prompt.unoffered_for(0)}
    assert 3 not in unoffered and unoffered[7] == "7" and unoffered[8] == "8"
    with_rule = {s.refusal(0, value).rule for value in unoffered}
    assert with_rule == {"vaaalbara.midwife_own_discard", "vaaalbara.midwife_not_midwife"}
    assert s.refusal(0, 7).text("cs") == ("Modrá: Stopař v odhozených kartách neleží.")


def test_the_explorer_names_the_lands_she_has_not():
    s = new(2)
    answer(s, "pick_character", [11, 12])
    answer(s, "take_land", "meadow")  # nothing to swap before her first land: idle
    answer(s, "take_land", "meadow")
    answer(s, "end_round")
    answer(s, "pick_character", [10, 11])
    answer(s, "take_land", "mountain")
    prompt = s.prompt
    assert prompt.step == "explorer_give" and [o.value for o in prompt.options_for(1)] == ["meadow"]
    unoffered = {o.value for o in prompt.unoffered_for(1)}
    assert "meadow" not in unoffered and "mountain" in unoffered
    with_rule = s.refusal(1, "mountain")
    assert isinstance(with_rule, RuleError) and with_rule.rule == "vaaalbara.explorer_own_land"


def test_the_warrior_question_says_who_played_her_without_a_case_to_decline():
    s = new(3)
    answer(s, "pick_character", [1, 4, 5])
    assert s.prompt.step == "warrior_reveal"
    assert s.prompt.detail.cs == "Bojovnici hraje Modrá."


def test_the_game_still_plays_through_with_the_short_forms():
    assert GAME.prompt(new(4).state).short is None  # the pick's title fits: no short form needed
