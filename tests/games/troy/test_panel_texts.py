"""Troy on the smallest panel: questions and options that fit, the allegiances revealed a line a
city with names kept whole, and a donation in the special building phase refused by its rule."""

from __future__ import annotations

from companion.games.troy import GAME

from ..announcements import question_faults
from .helpers import Play


def test_every_long_question_has_a_short_form_and_every_option_fits():
    assert question_faults("troy") == []


def test_a_donation_in_the_special_building_phase_is_named_on_its_key_and_refused_by_its_rule():
    play = Play(6).answer("roll", 6).end_turn()
    assert play.prompt.step == "special_who"
    play.answer("special_who", 2)
    prompt = play.prompt
    assert prompt.step == "special_build" and "donate" not in {o.value for o in prompt.options[2]}
    donate = {o.value: o.code for o in prompt.unoffered_for(2)}["donate"]
    assert donate == "5"
    step = GAME.steps["special_build"]
    error = step.explain(play.state, {}, 2, "donate")
    assert error.rule == "troy.donate_special"
    assert error.msg.en == "Player 3: no donations in the special building phase."
