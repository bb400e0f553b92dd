"""The Great Wall on the smallest panel: short questions, option labels that fit, announcements in
two pages, and the answers a step knows but does not offer named with their keys and refused by
the step's own rule."""

from __future__ import annotations

from companion.games.great_wall import GAME
from companion.games.great_wall import texts as gw_texts
from companion.surface.panel import SMALLEST
from companion.table.screens import sentences

from ..announcements import question_faults, too_long
from .helpers import build, events, gw, roll, started, with_state


def test_every_long_question_has_a_short_form_and_every_option_fits():
    assert question_faults("great_wall") == []


def test_announcements_fit_three_rows_a_sentence_and_two_pages_an_action():
    assert too_long("great_wall") == []


def test_a_raider_move_and_a_breach_read_in_short_sentences():
    s = started()
    with_state(s, wall=[0, 0, 0, 0], attack=[0, 0, 0, 0], gathering=[0, 3, 0])
    roll(s, 8)  # hex II's right arrow: section 3, no watchtower: a breach at once
    said = [m for m in s.state["recent"] if m["cs"].startswith("8:")]
    assert said[-1]["cs"] == "8: nájezdník II → úsek 3: průlom 1/5! Za zeď: 1 nájezdník. Hráč\u00a03: zeď 0, postih."
    for lang in ("cs", "en"):  # every sentence two rows at most: the action reads in two pages
        assert all(len(SMALLEST.rows(part)) <= 2 for part in sentences(said[-1][lang]))


def test_the_wall_item_names_its_level_and_the_detail_its_cost():
    s = started()
    roll(s, 3)
    wall = next(o for o in s.prompt.options[0] if o.value == "wall")
    assert (wall.label.cs, wall.code) == ("zeď 1", "7")
    assert s.prompt.detail.cs == "Zeď 1: cena na rubu dílu."  # this box has not been taught it
    build(s, "wall")
    assert events(s)[-1] == "Player 1: wall 1, cost on the tile's back."
    for resource in (1, 0, 0, 2, 0):  # lumber, brick, wool, grain, ore read from the tile
        s.submit({"step": "wall_cost", "seat": 0, "value": resource})
    assert events(s)[-1] == "Wall 1: cost remembered. Lumber, 2×grain."


def test_a_knight_names_the_actions_it_cannot_take_now_and_refuses_them_by_rule():
    s = started()
    assert not any(gw(s)["behind"])  # nobody behind the wall: expelling is not offered
    step, task = GAME.steps["knight_action"], {"step": "knight_action", "seat": 0, "n": 1, "done": ["pirate"]}
    prompt = step.prompt(s.state, task)
    unoffered = {o.value: o.code for o in prompt.unoffered_for(0)}
    assert unoffered["expel"] == "2" and unoffered["pirate"] == "3"
    assert step.explain(s.state, task, 0, "expel").rule == "great_wall.no_raider_behind_wall"
    assert step.explain(s.state, task, 0, "pirate").rule == "great_wall.pirate_once"


def test_a_section_with_nobody_behind_is_named_on_its_key():
    s = started()
    with_state(s, behind=[0, 2, 0, 0])
    step, task = GAME.steps["expel_from"], {"step": "expel_from", "seat": 0, "n": 1, "done": ["expel"]}
    prompt = step.prompt(s.state, task)
    assert [o.code for o in prompt.options[0]] == ["2"]
    assert [o.code for o in prompt.unoffered_for(0)] == ["1", "3", "4"]
    assert step.explain(s.state, task, 0, 0).rule == "great_wall.no_raider_behind"


def test_the_expelled_raider_question_has_a_short_form():
    assert len(SMALLEST.rows(gw_texts.EXPEL_SHORT.cs)) == len(SMALLEST.rows(gw_texts.EXPEL_SHORT.en)) == 1
