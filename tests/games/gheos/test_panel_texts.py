"""Gheos on the smallest panel: short questions, the answers a step does not offer named with
their keys and refused by the step's own rule, English without Czech words, Czech colours in
their case, announcements that fit."""

from __future__ import annotations

from companion.engine import Session
from companion.games.gheos.box import BOX

from ..announcements import question_faults, too_long
from .helpers import ADAM, EVE, NOAH, found, held, new, play


def test_every_long_question_has_a_short_form_and_every_option_fits():
    assert question_faults("gheos") == []


def test_announcements_fit_three_rows_a_sentence_and_two_pages_an_action():
    assert too_long("gheos") == []


def codes(s: Session, seat: int) -> dict:
    return {o.value: o.code for o in s.prompt.unoffered_for(seat)}


def test_a_war_by_a_player_without_followers_is_named_on_its_key():
    s = new(3)
    found(s, "red", 1)
    found(s, "blue", 1)
    assert s.state["turn"] == NOAH and held(s, NOAH) == {}
    unoffered = codes(s, NOAH)
    assert unoffered["war"] == "7" and unoffered["migration"] == "8"
    error = s.refusal(NOAH, "war")
    assert error.rule == "gheos.no_follower_to_pay"
    assert error.msg.cs == "Hráč 3: bez přívržence nelze vyvolat válku."
    # "*" (nothing possible) is refused while a follower can be taken, in English words only
    assert unoffered["nothing"] == "*"
    nothing = s.refusal(NOAH, "nothing")
    assert nothing.rule == "gheos.step_two_compulsory"
    assert nothing.msg.en == "Player 3: step 2 is compulsory – take a follower (red, blue)."


def test_a_colour_whose_five_followers_are_held_is_named_on_its_key():
    s = new(2)
    found(s, "green", 5)  # Adam holds all five green followers
    assert held(s, ADAM) == {"green": 5} and s.state["turn"] == EVE
    assert "green" not in {o.value for o in s.prompt.options_for(EVE)}
    assert codes(s, EVE)["green"] == BOX.colours["green"].code
    error = s.refusal(EVE, "green")
    assert error.rule == "gheos.supply_empty"


def test_founding_declines_the_colour():
    s = new(2)
    play(s, ("act", "green"))
    assert s.prompt.title.cs == "2 Založit zelenou: pšenice na volném světadílu?"
    assert s.prompt.title.en == "2 Found green: wheat on the free continent?"
    assert s.prompt.short.cs == "Založení: pšenice?"


def test_a_count_shows_its_colour_in_one_row():
    s = new(2)
    found(s, "red", 1)
    found(s, "blue", 1)
    play(s, ("act", "red"), ("draw", "epoch"))
    assert s.prompt.step == "pyramids"
    assert (s.prompt.short.cs, s.prompt.short.en) == ("Pyramidy – červená?", "Pyramids: red?")


def test_refusals_decline_the_colour_or_need_no_case():
    s = new(2)
    found(s, "green", 5)
    assert s.refusal(EVE, "green").msg.cs == "Všech 5 zelených přívrženců už hráči mají."
    from companion.games.gheos.steps.conflicts import _not_in_play

    assert _not_in_play("white").msg.cs == "Bílá civilizace není na mapě."
