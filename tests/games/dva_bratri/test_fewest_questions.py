"""Teaching the box once, and asking only what decides something (issue 14): the teaching walk,
a new tile named in one pick, look-alikes told apart in one pick, colours the table told, roads
and costs in one answer, nothing about a tile that goes to the box (rule D), the two-player start
entered by the table. Sessions recorded before (no ``mode`` option) keep their questions."""

from __future__ import annotations

import copy

import pytest

from companion.engine import RuleError, Session
from companion.games.dva_bratri import GAME, board, box, reveal

from .driver import Table, made_up_box
from .helpers import INN, N, S, act, put, tile

FIRST_SETS = ["putovani", "dominium", "obchod_cirkev"]
NOW = {"seats": 1, "mode": "play"}  # a session started since: the menu passes every setting


def submit(s, step, value=None):
    assert s.prompt.step == step, (s.prompt.step, step)
    s.submit({"step": step, "seat": None, "value": value})


def values(s):
    return [o.value for o in s.prompt.options_for(None)]


def box_answers(entries) -> int:
    """Answers about printed facts (the benchmark's count)."""
    return sum(
        1
        for e in entries
        if e["action"]["step"].startswith(("learn_", "identify_"))
        or (e["action"]["step"] == "reveal_tile" and str(e["action"]["value"]).startswith("new"))
    )


def walk(truth, sets=FIRST_SETS, memory=None, seed=4, stop=None):
    table = Table({"seats": 1, "sets": sets, "mode": "teach", "box": memory or {}}, seed, truth)
    table.assigned, table.plan, table.last_step = {}, {"done": set()}, None
    table.note_reveal([])
    while not table.session.over and (stop is None or len(table.session.entries) < stop):
        table.step()
    return table


# -- which questions a session asks ---------------------------------------------------------------
def test_sessions_recorded_before_keep_their_questions_and_new_ones_ask_the_fewest():
    old = Session(GAME, {"seats": 1}, 0)  # options as recorded before "mode" existed
    assert old.options["asking"] == 1 and "asking" not in old.state
    submit(old, "reveal_set", "putovani")
    assert values(old) == ["new", "back"]  # then learn_building and learn_colour
    submit(old, "reveal_tile", "new")
    assert old.prompt.step == "learn_building"
    new = Session(GAME, NOW, 0)
    assert new.options["asking"] == 6 and new.state["asking"] == 6
    submit(new, "reveal_set", "putovani")
    assert values(new)[:3] == ["new:inn:green", "new:inn:grey", "new:inn:yellow"] and "new" not in values(new)
    submit(new, "reveal_tile", "new:inn:grey")  # one answer names the building and the colour
    assert new.state["offer"]["slots"][1] == "PUT-1" and new.prompt.step == "reveal_set"
    assert GAME.learned_box(new.state)["tiles"] == {"PUT-1": {"building": "inn", "colour": "grey"}}
    assert new.state["recent"][-1]["en"] == "In the offer: Inn – grey"
    # the stored options say which questions a resumed session asks
    again = Session(GAME, new.options, new.seed, new.entries)
    assert again.state == new.state
    with pytest.raises(RuleError):
        Session(GAME, {**NOW, "asking": 7}, 0)


def test_a_recorded_session_of_the_old_form_replays():
    """A log with the old vocabulary (new + learn_building + learn_colour, roads toggled, cost
    asked per resource) replays to the same state as when it was recorded."""
    old = Session(GAME, {"seats": 1}, 3)
    for step, value in [
        ("reveal_set", "putovani"),
        ("reveal_tile", "new"),
        ("learn_building", "inn"),
        ("learn_colour", "green"),
    ]:
        submit(old, step, value)
    replayed = Session(GAME, {"seats": 1}, 3, copy.deepcopy(old.entries))
    assert replayed.state == old.state and replayed.state["offer"]["slots"][1] == "PUT-1"


def test_a_new_tile_offers_only_the_colours_its_set_has_room_for():
    full = {f"PUT-{i}": {"building": "inn", "colour": "green"} for i in (1, 2, 3)}
    s = Session(GAME, {**NOW, "box": {"tiles": full}}, 0)
    submit(s, "reveal_set", "putovani")
    news = [v for v in values(s) if v.startswith("new:")]
    assert news and not any(v.endswith(":green") for v in news)
    assert values(s)[0] == "PUT-1"  # the three green inns: one line


def test_look_alikes_are_one_pick_among_their_differing_prints():
    s = Session(
        GAME,
        {
            **NOW,
            "box": {
                "tiles": {
                    "PUT-1": INN,
                    "PUT-2": dict(INN, roads=["E", "W"]),
                    "PUT-3": {"building": "marketplace", "colour": "green"},
                }
            },
        },
        0,
    )
    submit(s, "reveal_set", "putovani")
    submit(s, "reveal_tile", "PUT-1")
    p = s.prompt
    assert p.step == "identify_tile"
    labels = {o.value: o.label.en for o in p.options_for(None)}
    assert labels == {
        "PUT-1": "roads: top + bottom · 0W 2S 1G · row",
        "PUT-2": "roads: right + left · 0W 2S 1G · row",
        "back": "Back",
    }  # no third green tile can be an inn
    before = s.state
    submit(s, "identify_tile", "PUT-2")
    assert s.state["offer"]["slots"][1] == "PUT-2" and s.prompt.step == "reveal_set"
    assert len(s.entries) == 3  # set, tile, one pick: no road or cost typed
    again = Session(GAME, s.options, s.seed, s.entries[:2])
    submit(again, "identify_tile", "back")
    assert again.prompt.step == "reveal_tile" and again.state["offer"] == before["offer"]


def test_a_copy_not_known_yet_is_another_tile_that_looks_different():
    s = Session(GAME, {**NOW, "box": {"tiles": {"PUT-1": INN}}}, 0)
    submit(s, "reveal_set", "putovani")
    submit(s, "reveal_tile", "PUT-1")
    assert values(s) == ["PUT-1", "other", "back"]
    submit(s, "identify_tile", "other")  # it prints otherwise: a second green inn
    slot = s.state["offer"]["slots"][1]
    assert slot != "PUT-1" and GAME.learned_box(s.state)["tiles"][slot] == {"building": "inn", "colour": "green"}
    # a remembered tile with nothing that could tell it from a copy: settled without a question
    s = Session(GAME, {**NOW, "box": {"tiles": {"PUT-1": {"building": "inn", "colour": "green"}}}}, 0)
    submit(s, "reveal_set", "putovani")
    submit(s, "reveal_tile", "PUT-1")
    assert s.state["offer"]["slots"][1] == "PUT-1" and s.prompt.step == "reveal_set"


def test_roads_are_one_pick_and_the_cost_one_number():
    st = GAME.setup({**NOW, "box": {"tiles": {"PUT-1": {"building": "marketplace", "colour": "green"}}}}, 0)
    st["queue"] = [box.learn_task("PUT-1", ["cost", "roads"], resume=None)]
    p = GAME.prompt(st)
    assert p.step == "learn_cost_digits" and (p.minimum, p.maximum) == (0, 555)
    with pytest.raises(RuleError) as refused:
        act(st, "learn_cost_digits", 160)
    assert refused.value.rule == "dva_bratri.cost_digits"
    st = act(st, "learn_cost_digits", 102)
    assert st["learned"]["tiles"]["PUT-1"]["cost"] == {"wood": 1, "stone": 0, "grain": 2}
    p = GAME.prompt(st)
    assert p.step == "learn_road_set"
    opts = list(p.options_for(None))
    assert len(opts) == 16 and opts[0].label.cs == "bez silnic" and opts[-1].value == ["N", "E", "S", "W"]
    assert len({repr(o.value) for o in opts}) == 16 and opts[5].label.en == "top + right"
    st = act(st, "learn_road_set", ["N", "W"])
    assert st["learned"]["tiles"]["PUT-1"]["roads"] == ["N", "W"] and st["queue"] == []


# -- Jindřich -------------------------------------------------------------------------------------
def _surrounded(asking_now: bool, top_roads=None):
    """Jindřich to move; every place around the start tile is taken, so his tile goes to the box
    (rule D). His tile PUT-1's roads and effect are unknown."""
    tiles = {"PUT-1": {"building": "inn", "colour": "grey"}, "g": tile(colour="green")}
    options = {**(NOW if asking_now else {"seats": 1}), "box": {"tiles": tiles}}
    st = GAME.setup(options, 0)
    st["queue"], st["active"] = [], S
    st["board"]["0,0"]["colour"] = "green"
    st["offer"] = {"slots": [None, "PUT-1", None, None, None, None, None], "shield": 0, "crown": S}
    st["seen"], st["supply"] = ["PUT-1"], 5
    for k in ("-1,-1", "-1,0", "-1,1", "0,-1", "0,1", "1,-1", "1,0", "1,1"):
        put(st, k, "g", up=False)
    st["active"], st["queue"] = N, [{"t": "jindrich"}]
    return st


def test_nothing_is_asked_about_a_tile_that_goes_to_the_box():
    st = act(_surrounded(True), "jindrich_top", "grey")
    assert [t["t"] for t in st["queue"]][:1] == ["jindrich_done"]
    assert "PUT-1" not in st["learned"]["tiles"] and st["queue"][0]["title"]["en"] == "Inn → box"
    assert "the tile goes back to the box" in st["queue"][0]["msg"]["en"]
    old = act(_surrounded(False), "jindrich_top", "grey")  # recorded sessions were asked first
    assert GAME.prompt(old).step == "learn_roads"


def test_a_tile_he_places_is_asked_its_roads_and_effect_then_placed():
    st = _surrounded(True)
    st["asking"] = 3  # asking 4 asks them before the final scoring (test_first_game.py)
    del st["board"]["0,1"]  # the place north of the start tile is free
    st = act(st, "jindrich_top", "grey")  # interrupted: his tile will be scored
    assert "0,1" not in st["board"] and GAME.prompt(st).step == "learn_road_set"
    st = act(act(st, "learn_road_set", ["E"]), "learn_line", "row")
    assert st["board"]["0,1"]["tile"] == "PUT-1" and st["queue"][0]["t"] == "jindrich_done"
    assert st["learned"]["tiles"]["PUT-1"] == {"roads": ["E"], "params": {"line": "row"}}


# -- two players -----------------------------------------------------------------------------------
@pytest.mark.parametrize("winner", [S, N])
def test_two_players_enter_who_won_the_shield_toss(winner):
    s = Session(GAME, {"seats": 2, "mode": "play", "colour": "white", "roads": True, "sets": FIRST_SETS}, 0)
    assert s.options["asking"] == 6 and s.prompt.step == "start_player"
    assert [o.label.cs for o in s.prompt.options_for(None)] == ["Bílý", "Modrý"]
    rng_before = copy.deepcopy(s.state["rng"])
    submit(s, "start_player", winner)
    assert s.state["active"] == winner and s.state["offer"]["crown"] == winner
    assert s.state["rng"] == rng_before  # the box drew nothing
    assert s.prompt.step == "reveal_set"
    old = Session(GAME, {"seats": 2}, 0)  # recorded sessions: the box tossed it
    assert old.prompt.step == "reveal_set"


# -- the teaching walk -----------------------------------------------------------------------------
def test_the_walk_teaches_every_tile_and_token_and_a_game_then_asks_nothing():
    truth = made_up_box()
    table = walk(truth)
    taught = table.session
    assert taught.over and [e["en"] for e in taught.state["recent"][-3:]] == [
        "The box is taught: the next game asks nothing about tiles.",
        "White: 0 pts",
        "Jindřich: 0 pts",
    ]
    memory = GAME.learned_box(taught.state)
    assert box.memory_problem(memory) is None
    for set_key in FIRST_SETS:  # every physical tile's facts, under some id
        prints = sorted(repr(sorted(memory["tiles"][t].items())) for t in box.set_tiles(set_key))
        real = []
        for t in box.set_tiles(set_key):
            facts = dict(truth["tiles"][t])
            if not box.buildings()[facts["building"]].params:
                facts["params"] = {}
            real.append(repr(sorted(facts.items())))
        assert prints == sorted(real)
    assert len(memory["treasures"]) == 10
    # one pick per tile, one number per cost, one pick per road set, the effect: nothing typed twice
    steps = [e["action"]["step"] for e in taught.entries]
    assert steps.count("reveal_tile") == 27 and steps.count("learn_cost_digits") == 27
    assert steps.count("learn_road_set") == 27 and "learn_building" not in steps and "learn_colour" not in steps
    game = Table({**NOW, "level": 1, "sets": FIRST_SETS, "box": memory}, 5, truth).play_game()
    assert game.over and box_answers(game.entries) == 0


def test_the_walk_stops_and_resumes_where_it_was():
    truth = made_up_box()
    whole = walk(truth).session
    half = walk(truth, stop=40).session
    assert not half.over
    resumed = Session(GAME, half.options, half.seed, half.entries)
    assert resumed.state == half.state and resumed.prompt.step == half.prompt.step
    assert whole.entries[:40] == half.entries


def test_a_walk_skips_sets_already_known_and_picks_known_tiles_from_the_list():
    truth = made_up_box()
    memory = GAME.learned_box(walk(truth, sets=["putovani", "dominium", "obchod_cirkev"]).session.state)
    again = Session(GAME, {"seats": 1, "sets": FIRST_SETS, "mode": "teach", "box": memory}, 0)
    assert again.over and again.entries == []  # nothing left to teach
    partial = copy.deepcopy(memory)
    del partial["tiles"]["PUT-3"]["roads"]
    s = Session(GAME, {"seats": 1, "sets": FIRST_SETS, "mode": "teach", "box": partial}, 0)
    assert [t["set"] for t in s.state["queue"] if t["t"] == "reveal"] == ["putovani"] * 9
    assert s.prompt.step == "reveal_tile" and "PUT-3" in values(s)


def test_the_walk_ends_with_both_seats_in_order_and_no_points():
    for seats in (1, 2):
        s = Session(
            GAME,
            {
                "seats": seats,
                "sets": FIRST_SETS,
                "mode": "teach",
                "box": GAME.learned_box(walk(made_up_box()).session.state),
            },
            0,
        )
        scores = s.score()
        assert s.over and scores.final and scores.ranking == (S, N) and set(scores.totals.values()) == {0}


def test_box_question_figures_meet_the_goals():
    """The benchmark's scripted game: a first game with an empty memory asks at most 60 answers
    about the box, a game after the walk none (the recorded flow asked far more)."""
    from benchmarks.bench_box_questions import figures

    got = figures()
    assert got["first game, empty memory"]["box"] <= 60 < got["recorded flow, first game"]["box"]
    assert got["game after the walk"]["box"] == 0
    assert got["second game, same sets"]["box"] < got["first game, empty memory"]["box"]


def test_reveal_helpers_name_a_new_tile_by_its_looks():
    st = GAME.setup(NOW, 0)
    task = {"t": "reveal", "slot": 1, "set": "valceni", "expect": "yellow"}
    looks = reveal.new_looks(st, task)
    assert {(b, c) for _, b, c in looks} == {("siege_tower", "yellow"), ("fortress", "yellow")}
    assert reveal.new_look_target(st, task, looks[0][0]) == "VAL-1"
    assert board.offer_position(st, 1) == 1


def test_an_unknown_treasure_condition_is_asked_as_the_tokens_own_question():
    from companion.engine import Ask

    st = GAME.setup(NOW, 0)
    st["queue"] = []
    st["board"]["0,0"]["treasure"] = "T03"
    with pytest.raises(Ask) as asked:
        box.treasure_fact(st, "T03", "need")
    task = asked.value.task
    assert task == {"t": "treasure", "at": "0,0", "token": "T03", "partial": {}}
    st["queue"] = [task]
    assert GAME.prompt(st).step == "learn_condition" and GAME.prompt(st).title.en.startswith("Treasure on [0,0]")
    with pytest.raises(LookupError):
        box.treasure_fact(st, "T04", "kind")  # a token nowhere on the board: a plain error
