"""Graenaland on the smallest panel: the builds not offered named on their keys and refused by
the building rules, no file names on the first screen, announcements that fit."""

from __future__ import annotations

from companion.engine import Session
from companion.games.graenaland import GAME

from ..announcements import question_faults, too_long
from .test_building import build_state


def test_every_long_question_has_a_short_form_and_every_option_fits():
    assert question_faults("graenaland") == []


def test_announcements_fit_three_rows_a_sentence_and_two_pages_an_action():
    assert too_long("graenaland") == []


def session_at(st: dict) -> Session:
    s = Session(GAME, {"seats": 4}, 0)
    s.state = st  # the build phase set up by the building tests
    return s


def test_a_settlement_away_from_ones_houses_is_named_on_its_key():
    st = build_state()  # seat 0 starts on C1 and I1
    prompt = GAME.prompt(st)
    unoffered = {o.value: o for o in prompt.unoffered_for(0)}
    far = unoffered["settlement:C4"]
    assert far.code == "14" and far.label.cs == "Osada P4"
    assert far.code not in {o.code for o in prompt.options_for(0)}
    error = GAME.steps["build"].explain(st, {"seat": 0, "mode": "main"}, 0, "settlement:C4")
    assert error.rule == "graenaland.settlement_not_adjacent" and error.text("cs").startswith("Hráč 1: ")


def test_a_hall_not_offered_is_named_on_its_key():
    st = build_state()
    unoffered = {o.value: o.code for o in GAME.prompt(st).unoffered_for(0)}
    assert unoffered["hall:C2"] == "42"
    error = GAME.steps["build"].explain(st, {"seat": 0, "mode": "main"}, 0, "hall:C2")
    assert error.rule == "graenaland.building_needs_settlement"


def test_the_first_screen_says_what_players_do_without_file_names():
    prompt = Session(GAME, {"seats": 3}, 0).prompt
    for lang in ("cs", "en"):
        text = prompt.title.get(lang) + " " + prompt.detail.get(lang)
        assert "box.toml" not in text and "companion" not in text.lower()
    assert prompt.title.cs == "Pozice (neověřené)" and prompt.title.en == "Spots (not verified)"
    assert "Jiná krabice? Výběr pozic." in prompt.detail.cs
