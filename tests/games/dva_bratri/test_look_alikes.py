"""Tiles the companion can only tell apart by facts its labels do not show (same building, same
colour, other roads / cost / effect), and the texts that name a tile or treasure for players:
never an internal id, which is printed nowhere on the table."""

import re

import pytest

from companion.engine import PromptKind, RuleError, Session
from companion.games.dva_bratri import GAME

from .driver import Table
from .helpers import INN

IDS = re.compile(r"\b(PUT|DOM|OBC|VAL|REM|STR)-\d\b|\bT\d\d\b")


def session(tiles):
    s = Session(GAME, {"seats": 1, "box": {"tiles": tiles}}, 0)
    submit(s, "reveal_set", "putovani")
    return s


def submit(s, step, value=None):
    assert s.prompt.step == step, (s.prompt.step, step)
    s.submit({"step": step, "seat": None, "value": value})


def options(s, lang="en"):
    return [(o.value, o.label.get(lang)) for o in s.prompt.options_for(None)]


def roads(s, *edges):
    for e in edges:
        submit(s, "learn_roads", e)
    submit(s, "learn_roads", "done")


def test_look_alikes_share_one_line_and_the_roads_tell_them_apart():
    s = session({"PUT-1": INN, "PUT-2": {"building": "inn", "colour": "green"}})
    assert options(s, "cs") == [("PUT-1", "Hostinec – zelená"), ("new", "Jiná (zatím neznámá)"), ("back", "Zpět")]
    submit(s, "reveal_tile", "PUT-1")
    p = s.prompt
    assert p.step == "learn_roads" and p.title.cs.startswith("Hostinec: na kterých hranách je silnice?")
    assert "Znám víc destiček Hostinec – zelená" in p.detail.cs
    assert s.state["offer"]["slots"][1] is None  # nothing decided yet
    roads(s, "E", "W")  # not PUT-1's roads: the other one
    assert s.state["offer"]["slots"][1] == "PUT-2"
    assert GAME.learned_box(s.state)["tiles"] == {
        "PUT-1": INN,
        "PUT-2": {"building": "inn", "colour": "green", "roads": ["E", "W"]},
    }
    assert s.prompt.step == "reveal_set"  # cost and row are asked when it is built


def test_a_copy_with_unknown_facts_is_asked_everything_that_could_differ():
    s = session({"PUT-1": INN, "PUT-2": {"building": "inn", "colour": "green"}})
    submit(s, "reveal_tile", "PUT-1")
    roads(s, "N", "S")  # fits both: the cost may still differ
    for value in (0, 2, 1):
        submit(s, "learn_cost", value)
    assert s.prompt.step == "learn_line"
    before = s.state
    submit(s, "learn_line", "row")  # everything as PUT-1 prints it
    assert s.state["offer"]["slots"][1] == "PUT-1" and s.state["learned"]["tiles"] == {}
    again = Session(GAME, s.options, s.seed, s.entries[:-1])
    assert again.state == before
    submit(again, "learn_line", "column")  # differs in the last fact: the unknown copy
    assert again.state["offer"]["slots"][1] == "PUT-2"
    assert again.state["learned"]["tiles"]["PUT-2"] == {
        "roads": ["N", "S"],
        "cost": {"wood": 0, "stone": 2, "grain": 1},
        "params": {"line": "column"},
    }


def test_telling_apart_can_go_back_to_the_list_of_tiles():
    s = session({"PUT-1": INN, "PUT-2": {"building": "inn", "colour": "green"}})
    before = s.state
    submit(s, "reveal_tile", "PUT-1")
    submit(s, "learn_roads", "N")
    assert [o.code for o in s.prompt.options_for(None) if o.value == "back"] == ["*"]
    submit(s, "learn_roads", "back")
    assert s.state == before and s.prompt.step == "reveal_tile"


def test_identical_copies_need_no_question():
    # (the set's third green tile is a marketplace: no copy not known yet can be a green inn)
    s = session({"PUT-1": INN, "PUT-2": dict(INN), "PUT-3": {"building": "marketplace", "colour": "green"}})
    assert [v for v, _ in options(s)] == ["PUT-1", "PUT-3", "new", "back"]
    submit(s, "reveal_tile", "PUT-1")
    assert s.state["offer"]["slots"][1] == "PUT-1" and s.prompt.step == "reveal_set"


def test_a_tile_not_known_yet_may_be_another_copy_of_a_known_one():
    # only one green inn is known, but a tile not known yet may be a second one: its facts decide
    s = session({"PUT-1": INN})
    assert [v for v, _ in options(s)] == ["PUT-1", "new", "back"]
    submit(s, "reveal_tile", "PUT-1")
    roads(s, "N", "S")
    for value in (0, 2, 1):
        submit(s, "learn_cost", value)
    submit(s, "learn_line", "row")  # all as remembered: the known one
    assert s.state["offer"]["slots"][1] == "PUT-1" and s.state["learned"]["tiles"] == {}
    s = session({"PUT-1": INN})
    submit(s, "reveal_tile", "PUT-1")
    roads(s, "W")  # not the remembered one: a copy not known yet
    assert s.state["offer"]["slots"][1] == "PUT-2"
    assert s.state["learned"]["tiles"]["PUT-2"] == {"building": "inn", "colour": "green", "roads": ["W"]}
    # a known tile with nothing but its building and colour remembered needs no question
    s = session({"PUT-1": {"building": "inn", "colour": "green"}})
    submit(s, "reveal_tile", "PUT-1")
    assert s.state["offer"]["slots"][1] == "PUT-1" and s.prompt.step == "reveal_set"


def test_facts_no_known_copy_prints_make_a_new_copy_while_the_set_has_room():
    other = dict(INN, roads=["E", "W"])
    s = session({"PUT-1": INN, "PUT-2": other})
    submit(s, "reveal_tile", "PUT-1")
    roads(s, "N")  # neither N+S nor E+W
    assert s.state["offer"]["slots"][1] == "PUT-3"
    assert s.state["learned"]["tiles"]["PUT-3"] == {"building": "inn", "colour": "green", "roads": ["N"]}
    assert GAME.learned_box(s.state)["tiles"]["PUT-1"] == INN  # nothing taken from or given to the others


def test_facts_no_known_copy_prints_correct_the_closest_when_the_set_has_no_room():
    tiles = {
        "PUT-1": INN,
        "PUT-2": dict(INN, roads=["E", "W"], params={"line": "column"}),
        "PUT-3": {"building": "marketplace", "colour": "green"},
    }  # the set's 3 green tiles are known
    s = session(tiles)
    submit(s, "reveal_tile", "PUT-1")
    roads(s, "E")
    for value in (0, 2, 1):
        submit(s, "learn_cost", value)
    submit(s, "learn_line", "column")  # PUT-2's row or column, not PUT-1's
    assert s.state["offer"]["slots"][1] == "PUT-2"
    assert s.state["learned"]["tiles"]["PUT-2"] == {"roads": ["E"]}
    assert s.state["recent"][-2]["cs"] == (
        "Oprava: zapamatované údaje destičky Hostinec – zelená nesouhlasily, platí zadané."
    )


def test_a_look_alike_of_the_wrong_colour_for_jindrich_is_refused_before_any_question():
    s = Session(
        GAME, {"seats": 1, "box": {"tiles": {"PUT-1": INN, "PUT-2": {"building": "inn", "colour": "green"}}}}, 0
    )
    s.state["queue"][0]["expect"] = "grey"
    submit(s, "reveal_set", "putovani")
    with pytest.raises(RuleError) as err:
        submit(s, "reveal_tile", "PUT-1")
    assert err.value.rule == "dva_bratri.reveal_colour_mismatch"


def test_questions_name_tiles_and_treasures_as_players_see_them():
    s = Session(GAME, {"seats": 1}, 0)
    submit(s, "reveal_set", "putovani")
    submit(s, "reveal_tile", "new")
    assert s.prompt.title.cs == "Nová destička: jaká je to budova?"
    submit(s, "learn_building", "inn")
    assert s.prompt.title.en == "New tile: which colour is it?"
    st = s.state
    st["queue"] = [{"t": "treasure", "at": "0,0"}]
    st = GAME.apply(st, {"step": "treasure_id", "seat": None, "value": "new"})
    assert GAME.prompt(st).title.cs == "Poklad na [0,0]: jaká podmínka?"


def test_no_prompt_or_message_of_a_whole_game_shows_an_internal_id():
    for options in ({"seats": 1, "level": 3}, {"seats": 2, "sets": ["valceni", "straz", "remesla"]}):
        table = Table(options, 2)
        table.assigned, table.plan, table.last_step = {}, {"done": set()}, None
        texts, turn = set(), None
        while not table.session.over:
            state, p = table.session.state, table.session.prompt
            if (state["active"], state["round"]) != turn:  # as Table.play_game: a new plan each turn
                turn, table.plan = (state["active"], state["round"]), {"done": set()}
            texts |= {p.title.cs, p.title.en}
            texts |= {t for m in (p.detail,) if m for t in (m.cs, m.en)}
            if p.kind is not PromptKind.CONFIRM:
                texts |= {t for o in p.options_for(None) for t in (o.label.cs, o.label.en)}
            texts |= {m[lang] for m in table.session.state["recent"] for lang in ("cs", "en")}
            table.step()
        assert len(texts) > 50 and not [t for t in texts if IDS.search(t)]
