"""The walk after a game (issue 14): a played game names every tile that turns up but asks its
cost, roads and effect only when a rule needs them; Game.follow_up then offers a short teaching
walk over just the tiles and tokens it left half-known, while they lie on the table, so that the
next game of the same sets asks (almost) nothing."""

from __future__ import annotations

import copy
import re

import pytest

from companion.engine import RuleError, Session
from companion.games.dva_bratri import GAME, box, rest, teach
from companion.games.dva_bratri.texts import place_text
from companion.hw.emulated import parse_script
from companion.hw.screen import cut_lines
from companion.surface.panel import Panel
from companion.table.menu import follow_up_menu
from companion.table.table import Table as PanelTable

from ...keyscript import keys_for_value
from ...table.helpers import MemoryRecorder
from .driver import Table, made_up_box
from .helpers import tile

FIRST_SETS = ["putovani", "dominium", "obchod_cirkev"]
GAME_OPTIONS = {"seats": 1, "level": 1, "sets": FIRST_SETS, "colour": "white", "roads": True, "mode": "play"}
SEED = 4


@pytest.fixture(scope="module")
def first():
    """The benchmark's first game with an empty box memory, played by the scripted table."""
    table = Table(GAME_OPTIONS, SEED, made_up_box())
    table.play_game()
    return table


def half_known_tiles(state: dict) -> set[str]:
    return {t for s in state["sets"] for t in box.set_tiles(s) if rest.half_known(state, t)}


def start_walk(first, away=frozenset(), stop=None, entries=()):
    """The offered walk, started as the appliance does (its options plus the box memory) and
    answered from the pieces on the table; ``away`` are ids the owner does not have at hand."""
    follow = GAME.follow_up(first.session.state)
    options = {**follow.options, "box": GAME.learned_box(first.session.state)}
    table = Table(options, SEED, first.truth, entries)
    table.assigned, table.plan, table.last_step = dict(first.assigned), {"done": set()}, None
    table.away = frozenset(away)
    while not table.session.over and (stop is None or len(table.session.entries) < stop):
        table.step()
    return table


def offered_answers(question) -> int:
    return int(re.search(r"(\d+) answers", question.en).group(1))


def real_print(truth: dict, physical: str) -> dict:
    facts = copy.deepcopy(truth["tiles"][physical])
    if not box.buildings()[facts["building"]].params:
        del facts["params"]
    return facts


# -- the offer ---------------------------------------------------------------------------------
def test_the_offer_names_how_much_in_both_languages_and_counts_the_answers_the_walk_asks(first):
    state = first.session.state
    follow = GAME.follow_up(state)
    tiles = half_known_tiles(state)
    assert follow is not None and len(tiles) > 10
    assert follow.question.cs.startswith("Doučit krabici zbytek z této hry? ")
    assert f"{len(tiles)} destiček" in follow.question.cs and "odpovědí" in follow.question.cs
    assert f"{len(tiles)} tiles" in follow.question.en
    assert follow.options["mode"] == "teach" and follow.options["seats"] == 1
    assert follow.options["sets"] == FIRST_SETS and set(tiles) <= set(follow.options["rest"])
    assert GAME.is_teaching(follow.options)  # out of history, stats and exports
    walk = start_walk(first).session
    assert walk.over and len(walk.entries) == offered_answers(follow.question)
    assert f"{len(walk.entries)} odpovědí" in follow.question.cs


def test_the_walk_asks_only_the_missing_facts_and_records_them_on_the_tile_named(first):
    before = first.session.state
    tiles = half_known_tiles(before)
    walk = start_walk(first).session
    memory = GAME.learned_box(walk.state)
    learned_before = GAME.learned_box(before)
    asked = [e["action"]["step"] for e in walk.entries]
    missing = sum(len(rest.missing_fields(before, t)) for t in tiles)
    # one answer per missing fact (the effect of an inn or trading post is one pick), plus one
    # pick naming each tile whose only missing fact is its typed cost
    holds = sum(1 for t in tiles if rest.missing_fields(before, t) == ["cost"])
    assert len(asked) == missing + holds and asked.count("rest_tile") == holds
    assert "learn_building" not in asked and "learn_colour" not in asked and "reveal_tile" not in asked
    for t in tiles:  # every fact true to the physical tile that id stood for in the game
        assert teach.complete(walk.state, t)
        want = real_print(first.truth, first.real(t))
        assert {f: box.fact(walk.state, t, f) for f in want} == want, t
    for t, facts in learned_before["tiles"].items():  # nothing known before was changed
        assert {f: memory["tiles"][t][f] for f in facts} == facts


def test_each_question_names_the_tile_by_its_look_and_place_in_both_languages(first):
    walk = start_walk(first, stop=0).session
    prompt, task = walk.prompt, walk.state["queue"][0]
    where = task["rest"]["at"]
    look = box.describe(walk.state, task["tile"])
    assert prompt.title.cs.startswith(look.cs) and prompt.title.en.startswith(look.en)
    place = {"box": ("v krabici", "in the box")}.get(where)
    if place:
        assert f"({place[0]})" in prompt.title.cs and f"({place[1]})" in prompt.title.en
    assert prompt.detail.cs.startswith("Doučení 1/") and "* = není po ruce" in prompt.detail.cs
    assert prompt.detail.en.startswith("Rest 1/") and "* = not at hand" in prompt.detail.en
    codes = {task["rest"]["at"] for task in walk.state["queue"]}
    assert {c.partition(":")[0] for c in codes} >= {"box", "offer", "board", "hand"}
    state = walk.state
    for code, cs, en in (
        ("offer:4", "nabídka 4", "offer 4"),
        ("hand:0", "v ruce", "in hand"),
        ("board:1,-1", "[1,-1]", "[1,-1]"),
        ("board:-1,0:down", "[-1,0], rubem nahoru", "[-1,0], face down"),
    ):
        text = place_text(state, code)
        assert (text.cs, text.en) == (cs, en)


def test_a_skipped_tile_stays_half_known_and_the_rest_is_taught(first):
    state = first.session.state
    tiles = sorted(half_known_tiles(state))
    only_cost = next(t for t in tiles if rest.missing_fields(state, t) == ["cost"])
    with_roads = next(t for t in tiles if rest.missing_fields(state, t)[0] == "roads")
    walk = start_walk(first, away={only_cost, with_roads}).session
    assert walk.over
    for t in tiles:
        assert teach.complete(walk.state, t) == (t not in (only_cost, with_roads)), t
    for t in (only_cost, with_roads):  # nothing invented: the memory has what it had
        assert GAME.learned_box(walk.state)["tiles"][t] == GAME.learned_box(state)["tiles"][t]
    skipped = {e["action"]["step"] for e in walk.entries if e["action"]["value"] == "back"}
    assert skipped == {"rest_tile", "learn_road_set"}  # a typed cost is skipped at the tile's pick
    assert walk.state["recent"][-3]["cs"] == "Hotovo; přeskočeno: 2. Na ty se zeptá až hra, která je potřebuje."
    assert walk.state["recent"][-3]["en"] == "Done; skipped: 2. A game asks about those when it needs them."
    # a walk planned from what the box knows now would name just the two
    where = GAME.follow_up(state).options["rest"]
    assert {task["tile"] for task in rest.plan(walk.state, where)} == {only_cost, with_roads}


def test_the_walk_stops_and_resumes_where_it_was(first):
    whole = start_walk(first).session
    half = start_walk(first, stop=17).session
    assert not half.over and whole.entries[:17] == half.entries
    resumed = Session(GAME, half.options, half.seed, half.entries)
    assert resumed.state == half.state and resumed.prompt.step == half.prompt.step
    assert resumed.prompt.title == half.prompt.title


# -- when it is offered ---------------------------------------------------------------------------
def test_no_offer_after_a_teaching_walk_before_the_end_or_when_nothing_is_half_known(first):
    walk = start_walk(first).session
    assert walk.over and GAME.follow_up(walk.state) is None  # a walk is no played game
    truth = first.truth
    full = Table({"seats": 1, "sets": FIRST_SETS, "mode": "teach"}, SEED, truth)
    full.assigned, full.plan, full.last_step = {}, {"done": set()}, None
    full.note_reveal([])
    while not full.session.over:
        full.step()
    assert GAME.follow_up(full.session.state) is None
    known = Table({**GAME_OPTIONS, "box": GAME.learned_box(full.session.state)}, SEED + 1, truth)
    assert GAME.follow_up(known.session.state) is None  # not over yet
    known.play_game()
    assert known.session.over and GAME.follow_up(known.session.state) is None  # all known


def test_a_second_game_after_the_walk_asks_at_most_five_box_questions():
    """The benchmark's figures: the walk asks what its offer named; the next game of the same
    sets then asks at most 5 answers about the box (without the walk: far more)."""
    from benchmarks.bench_box_questions import figures

    got = figures()
    walk = got["after-game walk"]
    assert walk["answers"] == walk["offered"] > 0
    assert got["second game after the after-game walk"]["box"] <= 5 < got["second game, same sets"]["box"]


# -- look-alikes in one pile --------------------------------------------------------------------
INN_ROW = tile("inn", "green", {"wood": 0, "stone": 2, "grain": 1}, roads=("N", "S"), line="row")
INN_COL = tile("inn", "green", {"wood": 1, "stone": 0, "grain": 0}, roads=("E", "W"), line="column")


def pile_walk(memory: dict, where: dict) -> Session:
    options = {"seats": 1, "sets": FIRST_SETS, "mode": "teach", "rest": where, "box": {"tiles": memory}}
    return Session(GAME, options, 0)


def answer_print(s: Session, facts: dict) -> None:
    """Answer the tile in hand's telling facts: roads, line, cost (as the walk asks them)."""
    for _ in range(3):
        step = s.prompt.step
        if step == "learn_road_set":
            roads = sorted(facts["roads"])
            value = next(o.value for o in s.prompt.options_for(None) if o.value != "back" and sorted(o.value) == roads)
        elif step == "learn_line":
            value = facts["params"]["line"]
        else:
            assert step == "learn_cost_digits"
            c = facts["cost"]
            value = c["wood"] * 100 + c["stone"] * 10 + c["grain"]
        s.submit({"step": step, "seat": None, "value": value})


def test_look_alikes_in_one_pile_get_each_answer_only_where_it_fits():
    # two green inns in the box: PUT-1 known to have roads top and bottom, PUT-4 only its look
    memory = {
        "PUT-1": {"building": "inn", "colour": "green", "roads": ["N", "S"]},
        "PUT-4": {"building": "inn", "colour": "green"},
    }
    s = pile_walk(memory, {"PUT-1": "box", "PUT-4": "box"})
    assert [t["fields"] for t in s.state["queue"]] == [["roads", "params", "cost"]] * 2
    assert "jedna z 2" in s.prompt.title.cs and "one of 2" in s.prompt.title.en
    answer_print(s, INN_COL)  # the owner holds the one with roads left and right: PUT-4
    assert box.fact(s.state, "PUT-4", "roads") == ["E", "W"] and not box.known(s.state, "PUT-1", "cost")
    answer_print(s, INN_ROW)  # then the other one: PUT-1 gets its cost and line
    assert s.over
    assert {f: box.fact(s.state, "PUT-1", f) for f in ("roads", "cost", "params")} == {
        "roads": ["N", "S"],
        "cost": INN_ROW["cost"],
        "params": {"line": "row"},
    }
    assert box.fact(s.state, "PUT-4", "cost") == INN_COL["cost"]


def test_a_tile_known_in_full_in_the_same_pile_is_not_taken_for_a_half_known_one():
    memory = {"PUT-1": dict(INN_ROW), "PUT-4": {"building": "inn", "colour": "green", "roads": ["N", "S"]}}
    s = pile_walk(memory, {"PUT-1": "box", "PUT-4": "box"})
    assert len(s.state["queue"]) == 1
    answer_print(s, INN_ROW)  # this is the inn the box knows in full (or an exact twin of it)
    assert not s.over and not box.known(s.state, "PUT-4", "cost")
    assert (
        s.state["recent"][-1]["en"]
        == "The box knows this tile already, or it does not fit: take another one (* skips)."
    )
    assert s.prompt.step == "learn_road_set"  # asked again, for the tile picked up now
    answer_print(s, {**INN_ROW, "cost": {"wood": 0, "stone": 1, "grain": 1}})
    assert s.over and box.fact(s.state, "PUT-4", "cost") == {"wood": 0, "stone": 1, "grain": 1}


def test_the_rest_option_is_checked_with_a_one_line_refusal():
    for options in (
        {"seats": 1, "mode": "play", "rest": {"PUT-1": "box"}},
        {"seats": 1, "mode": "teach", "rest": {"PUT-1": "shelf"}},
        {"seats": 1, "mode": "teach", "rest": {"XYZ-1": "box"}},
        {"seats": 1, "mode": "teach", "rest": ["PUT-1"]},
    ):
        with pytest.raises(RuleError) as error:
            GAME.setup(options, 0)
        assert error.value.rule == "dva_bratri.bad_option" and "\n" not in error.value.msg.en
    # a walk with nothing left to teach ends at once
    s = pile_walk({"PUT-1": dict(INN_ROW)}, {"PUT-1": "box"})
    assert s.over and s.entries == []


# -- on the panel --------------------------------------------------------------------------------
def test_the_offer_and_every_question_of_the_walk_fit_the_panel(first):
    follow = GAME.follow_up(first.session.state)
    panel = Panel(128, 64)
    recorder = MemoryRecorder()
    table = PanelTable(recorder, {"dva_bratri": GAME}, "cs", new_seed=lambda: SEED, panel=panel)
    follow_up_menu(table, "dva_bratri", follow)
    for table.language in ("cs", "en"):
        frame = table.frame()
        assert cut_lines(frame, panel) == [], table.language
        shown = " ".join(frame.lines)
        assert follow.question.get(table.language).split()[0] in shown
    walk = start_walk(first).session
    options = walk.options
    session_id = recorder.create_session("dva_bratri", options, walk.seed, [])
    table.language = "cs"
    assert table.resume(session_id, "dva_bratri", options, walk.seed, [])
    table.messages.notice = []
    replay = Session(GAME, options, walk.seed)
    for entry in walk.entries:
        for table.language in ("cs", "en"):
            assert cut_lines(table.frame(), panel) == [], (table.language, replay.prompt.step)
        table.language = "cs"
        if table.news_blocks():
            press(table, ["host ok"])
        press(table, keys_for_value(replay.prompt, 0, entry["action"]["value"]))
        replay.submit(entry["action"])
        assert table.session.state == replay.state
    assert replay.over


def press(table, lines):
    for event in parse_script("\n".join(lines)):
        table.handle(event)
