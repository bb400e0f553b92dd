"""Corrections of the picture (menu 9): the offer, hands, supply, treasures, units, and
re-entering a tile's printed facts. The table wins, but the box's limits hold."""

import pytest

from companion.engine import RuleError, Session
from companion.games.dva_bratri import GAME, box, scoring

from .driver import Table, made_up_box
from .helpers import N, S, act, blank, cell, put, tile, unit


def run(state, *steps):
    for step, value in steps:
        state = act(state, step, value)
    return state


def refused(state, rule, *steps):
    with pytest.raises(RuleError) as err:
        run(state, *steps)
    assert err.value.rule == f"dva_bratri.{rule}"
    assert err.value.text("cs") and err.value.text("en")


def labels(state):
    return [o.label.en for o in GAME.prompt(state).options_for(None)]


def offer_state():
    """Six tiles in the offer (PUT-1 first from the shield), PUT-3 in the hand: 7 tiles seen."""
    tiles = {
        "PUT-1": tile("inn", "grey", line="row"),
        "PUT-2": tile("marketplace", "yellow"),
        "PUT-3": tile("robbers_keep", "green"),
    }
    fillers = [f"DOM-{i}" for i in range(1, 6)]
    tiles.update({t: tile("mill", "grey") for t in fillers})
    # the set's other tiles are pilgrimage sites of unknown colour: none can be another copy of a
    # tile above (that would be told apart by its printed facts first, see test_look_alikes.py)
    tiles.update({f"PUT-{i}": {"building": "pilgrimage"} for i in range(4, 10)})
    st = blank(tiles, offer=["PUT-1"] + fillers)
    st["seen"] = ["PUT-1", "PUT-3"] + fillers
    st["hands"][S] = ["PUT-3"]
    return st


def test_a_misread_offer_tile_is_replaced_and_may_still_turn_up():
    st = run(offer_state(), ("turn", "correct"), ("correct", "offer"))
    assert labels(st)[:2] == ["1. Inn – grey", "2. Mill – grey"]
    st = act(st, "fix_offer", 1)
    assert "It is empty" in labels(st) and labels(st)[-1] == "Back"
    st = act(st, "reveal_set", "putovani")
    shown = labels(st)
    assert "Marketplace – yellow" in shown and "Another (not known yet)" in shown
    assert "Robbers' keep – green" not in shown  # in the hand: no tile twice
    assert "Inn – grey" not in shown  # the one it is not
    st = act(st, "reveal_tile", "PUT-2")
    assert st["offer"]["slots"][1] == "PUT-2" and "PUT-1" not in st["seen"] and "PUT-2" in st["seen"]
    assert st["recent"][-1]["en"] == "Correction: In the offer: Marketplace – yellow"
    assert GAME.prompt(st).step == "turn"


def test_an_offer_place_can_be_empty_and_a_correction_can_be_dropped():
    st = offer_state()
    dropped = run(st, ("turn", "correct"), ("correct", "offer"), ("fix_offer", 1), ("reveal_set", "back"))
    assert dropped == st
    st = run(st, ("turn", "correct"), ("correct", "offer"), ("fix_offer", 1), ("reveal_set", "empty"))
    assert st["offer"]["slots"][1] is None and "PUT-1" not in st["seen"]


def test_offer_places_are_counted_from_where_the_shield_stands_now():
    st = run(offer_state(), ("turn", "take"), ("take_tile", 2))  # the shield moves to place 2
    st["queue"] = []  # its old place not refilled yet: empty
    st = run(st, ("turn", "correct"), ("correct", "offer"))
    mill = "Mill – grey"
    assert labels(st) == [f"1. {mill}", f"2. {mill}", f"3. {mill}", f"4. {mill}", "5. empty", "6. Inn – grey", "Back"]
    assert [o.value for o in GAME.prompt(st).options_for(None)][:-1] == [3, 4, 5, 6, 0, 1]


def test_a_flipped_tile_is_turned_over_either_way_but_the_start_tile_stays():
    st = offer_state()
    put(st, "1,0", "PUT-2", owner=S)
    down = run(st, ("turn", "correct"), ("correct", "flip"), ("fix_flip", cell(st, "1,0")))
    assert down["board"]["1,0"] == {"tile": "PUT-2", "colour": "yellow", "up": False, "owner": None, "treasure": None}
    assert down["recent"][-1]["en"] == "Correction: tile at [1,0] flipped"
    down["active"] = N  # turned up again while North is on turn: it faces North
    up = run(down, ("turn", "correct"), ("correct", "flip"), ("fix_flip", cell(down, "1,0")))
    assert up["board"]["1,0"]["up"] is True and up["board"]["1,0"]["owner"] == N
    refused(st, "start_tile_stays", ("turn", "correct"), ("correct", "flip"), ("fix_flip", cell(st, "0,0")))


def test_a_tile_that_never_turned_up_joins_only_if_the_supply_leaves_room():
    st = offer_state()
    st["supply"] = 27 - 1 - len(st["seen"])  # all 19 other tiles are in the supply
    add = [
        ("turn", "correct"),
        ("correct", "hand"),
        ("fix_hand", "add"),
        ("reveal_set", "putovani"),
        ("reveal_tile", "PUT-2"),
    ]
    refused(st, "tile_count", *add)
    refused(st, "supply_count", ("turn", "correct"), ("correct", "supply"), ("fix_supply", st["supply"] + 1))
    st = run(st, ("turn", "correct"), ("correct", "supply"), ("fix_supply", st["supply"] - 1))
    st = run(st, *add)
    assert st["hands"][S] == ["PUT-3", "PUT-2"] and "PUT-2" in st["seen"] and st["supply"] == 18


def test_a_tile_not_in_the_hand_leaves_it():
    st = run(offer_state(), ("turn", "correct"), ("correct", "hand"))
    assert labels(st) == ["Not held: Robbers' keep – green", "Holds another tile", "Back"]
    st = act(st, "fix_hand", "PUT-3")
    assert st["hands"][S] == [] and "PUT-3" not in st["seen"]


def test_the_player_not_on_turn_holds_at_most_three_tiles():
    tiles = {c: tile(colour="grey") for c in "abc"}
    st = blank(tiles, seats=2)
    st["hands"][N] = ["a", "b", "c"]
    refused(st, "hand_at_rest", ("turn", "correct"), ("correct", "hand"), ("fix_hand_side", N), ("fix_hand", "add"))
    st = run(st, ("turn", "correct"), ("correct", "hand"), ("fix_hand_side", S), ("fix_hand", "add"))
    assert st["queue"] == [{"t": "reveal", "hand": S, "fix": True}]


def test_supply_count_and_the_final_round():
    st = blank({})
    st = run(st, ("turn", "correct"), ("correct", "supply"))
    assert GAME.prompt(st).step == "fix_supply" and st["supply"] == 10
    assert GAME.prompt(st).detail.en.startswith("Now 10.")  # the screen shows the count to correct
    empty = act(st, "fix_supply", 0)
    assert empty["supply"] == 0 and empty["final_trigger"]
    again = run(empty, ("turn", "correct"), ("correct", "supply"), ("fix_supply", 4))
    assert again["supply"] == 4 and not again["final_trigger"]
    empty["final_left"] = 1
    refused(empty, "supply_final", ("turn", "correct"), ("correct", "supply"))


def treasure_state():
    tiles = {"j": tile("cathedral", "grey"), "k": tile("cathedral", "grey"), "y": tile(colour="yellow")}
    st = blank(tiles)
    st["box"]["treasures"] = {
        "T01": {"kind": "horizontal", "need": [{"colour": "yellow"}, {"colour": "any"}]},
        "T02": {"kind": "vertical", "need": [{"colour": "grey"}, {"colour": "grey"}]},
    }
    put(st, "0,1", "j", N)
    put(st, "1,-1", "k", N)
    put(st, "2,-1", "y", up=False)
    put(st, "-1,-1", "y", up=False)
    st["board"]["0,1"]["treasure"] = "T01"
    st["treasures"].update(stack=3, seen=["T01"])
    return st


def test_a_treasure_moved_to_its_real_tile_is_checked_there():
    st = treasure_state()
    st["board"]["1,-1"]["treasure"] = "T02"
    refused(
        st,
        "one_treasure_per_tile",
        ("turn", "correct"),
        ("correct", "treasure"),
        ("fix_treasures", "move"),
        ("fix_token_from", cell(st, "0,1")),
        ("fix_token_to", cell(st, "1,-1")),
    )
    st["board"]["1,-1"]["treasure"] = None
    # its row y=-1 holds the yellow terrain and another tile: met there, so it leaves at once
    st = run(
        st,
        ("turn", "correct"),
        ("correct", "treasure"),
        ("fix_treasures", "move"),
        ("fix_token_from", cell(st, "0,1")),
        ("fix_token_to", cell(st, "1,-1")),
    )
    assert st["board"]["0,1"]["treasure"] is None and st["board"]["1,-1"]["treasure"] is None
    assert st["treasures"]["cleared"] == 1


def test_treasure_stack_count_stays_within_the_tokens_in_play():
    st = treasure_state()  # level 2: 8 tokens in play, 1 drawn
    path = [("turn", "correct"), ("correct", "treasure"), ("fix_treasures", "stack")]
    refused(st, "stack_count", *path, ("fix_stack", 8))
    assert run(st, *path, ("fix_stack", 7))["treasures"]["stack"] == 7
    assert GAME.score(run(st, *path, ("fix_stack", 0))).breakdown[N]["treasures"] == 5


def test_a_treasure_condition_can_be_entered_again():
    st = treasure_state()
    st = run(
        st,
        ("turn", "correct"),
        ("correct", "treasure"),
        ("fix_treasures", "facts"),
        ("fix_token_facts", cell(st, "0,1")),
    )
    assert GAME.prompt(st).step == "learn_kind"
    st = run(st, ("learn_kind", "vertical"), ("learn_need", "green"), ("learn_need", "any"))
    # column x=0: the green start tile and ... nothing else: not met yet
    assert st["board"]["0,1"]["treasure"] == "T01" and GAME.learned_box(st)["treasures"]["T01"]["kind"] == "vertical"
    assert st["recent"][-1]["en"] == "Correction: the condition of the treasure on [0,1]: column: green + any"


def test_a_tile_with_a_treasure_or_the_elite_is_not_removed_blindly():
    st = treasure_state()
    refused(st, "treasure_on_tile", ("turn", "correct"), ("correct", "remove"), ("fix_remove", cell(st, "0,1")))
    unit(st, "0e", "2,-1")
    refused(st, "elite_stays", ("turn", "correct"), ("correct", "remove"), ("fix_remove", cell(st, "2,-1")))
    refused(blank({}), "only_start_tile", ("turn", "correct"), ("correct", "remove"))


def test_unit_corrections_keep_one_unit_per_tile_and_the_elite_on_the_board():
    st = treasure_state()
    unit(st, "1grey", "0,1")
    refused(
        st,
        "one_unit_per_tile",
        ("turn", "correct"),
        ("correct", "unit"),
        ("fix_unit", "0e"),
        ("fix_unit_to", cell(st, "0,1")),
    )
    refused(st, "elite_stays", ("turn", "correct"), ("correct", "unit_offer"), ("fix_unit_offer", "0e"))
    st = run(st, ("turn", "correct"), ("correct", "unit_offer"), ("fix_unit_offer", "1grey"))
    assert st["units"]["1grey"]["at"] == "out"  # Jindřich's units never wait in the offer


# -- a tile's printed facts entered wrongly ---------------------------------------------------
def facts_state():
    tiles = {
        "PUT-1": tile("marketplace", "yellow", roads=[]),
        "PUT-2": tile("marketplace", "grey", roads=["W"]),
        "PUT-3": tile("inn", "green", line="row"),
    }
    st = blank(tiles)
    put(st, "0,-1", "PUT-1", S)
    put(st, "1,-1", "PUT-2", S)
    put(st, "2,1", "PUT-3", N)
    st["box"]["treasures"] = {"T01": {"kind": "vertical", "need": [{"colour": "grey"}, {"colour": "any"}]}}
    return st


def relearn(state, tile_id, *answers):
    state = run(
        state, ("turn", "correct"), ("correct", "facts"), ("fix_facts_set", "putovani"), ("fix_facts_tile", tile_id)
    )
    asked = []
    for value in answers:
        asked.append(GAME.prompt(state).step)
        state = act(state, asked[-1], value)
    return state, asked


def test_wrong_roads_and_colour_are_entered_again_and_everything_follows():
    st = facts_state()
    assert scoring.road_points(st) == [0, 0]
    st, asked = relearn(st, "PUT-1", "marketplace", "grey", 0, 0, 0, "E", "done")
    assert asked == [
        "learn_building",
        "learn_colour",
        "learn_cost",
        "learn_cost",
        "learn_cost",
        "learn_roads",
        "learn_roads",
    ]
    assert GAME.prompt(st).step == "turn"  # params: a marketplace has none
    assert st["board"]["0,-1"]["colour"] == "grey"  # the tile on the board changed too
    assert scoring.road_points(st) == [2, 0]  # its road now reaches PUT-2's
    assert GAME.learned_box(st)["tiles"]["PUT-1"] == {
        "building": "marketplace",
        "colour": "grey",
        "cost": {"wood": 0, "stone": 0, "grain": 0},
        "roads": ["E"],
        "params": {},
    }
    assert st["recent"][-1]["en"] == "Corrected facts: Marketplace – grey ([0,-1])"


def test_a_corrected_colour_can_meet_a_treasure_condition():
    st = facts_state()
    put(st, "0,1", "PUT-3", N)
    st["board"]["0,1"]["treasure"] = "T01"  # column x=0: start (green), PUT-1 (yellow)
    st, _ = relearn(st, "PUT-1", "marketplace", "grey", 0, 0, 0, "done")
    assert st["board"]["0,1"]["treasure"] is None and st["treasures"]["cleared"] == 1


def test_a_fact_remembered_from_an_earlier_game_is_corrected_for_the_next_one():
    st = facts_state()
    st, asked = relearn(st, "PUT-3", "robbers_keep", "yellow", 1, 2, 0, "done")
    assert "learn_line" not in asked  # the keep has no row or column
    box = GAME.learned_box(st)["tiles"]["PUT-3"]
    assert box["building"] == "robbers_keep" and box["colour"] == "yellow" and box["params"] == {}
    assert scoring.building_points(st, "2,1") == 2  # scored as what it really is


def test_a_corrected_colour_still_keeps_three_of_each_colour_per_set():
    st = facts_state()
    st["box"]["tiles"].update({f"PUT-{i}": tile(colour="grey") for i in (4, 5)})
    with pytest.raises(RuleError) as err:
        relearn(st, "PUT-1", "marketplace", "grey")
    assert err.value.rule == "dva_bratri.set_colour_count"


def test_relearning_is_in_the_log_and_replays():
    options = {"seats": 1, "box": made_up_box()}
    table = Table(options, 3)
    table.assigned, table.plan, table.last_step = {}, {"done": set()}, None
    while table.session.prompt.step != "turn":
        table.step()
    session = table.session
    tile_id = session.state["offer"]["slots"][1]
    for step, value in [
        ("turn", "correct"),
        ("correct", "facts"),
        ("fix_facts_set", box.fact(session.state, tile_id, "set")),
        ("fix_facts_tile", tile_id),
    ]:
        session.submit({"step": step, "seat": 0, "value": value})
    asked = set()
    while session.state["queue"]:  # the scripted table answers from the true facts
        asked.add(session.prompt.step)
        table.step()
    assert {"learn_building", "learn_colour", "learn_cost", "learn_roads"} <= asked
    again = Session(GAME, options, 3, session.entries)
    assert again.state == session.state and tile_id in again.state["learned"]["tiles"]


def test_re_entering_facts_can_be_dropped_half_way_and_nothing_changes():
    st = facts_state()
    half, asked = relearn(st, "PUT-1", "inn", "grey")
    assert half["board"]["0,-1"]["colour"] == "grey" and asked == ["learn_building", "learn_colour"]
    for value in (1, 1, 1):
        half = act(half, "learn_cost", value)
    assert act(half, "learn_roads", "back") == st  # the box's facts and the board as before
    token = treasure_state()
    token = run(
        token,
        ("turn", "correct"),
        ("correct", "treasure"),
        ("fix_treasures", "facts"),
        ("fix_token_facts", cell(token, "0,1")),
        ("learn_kind", "positional"),
        ("learn_pos", [1, 0]),
    )
    assert act(token, "learn_need", "back") == treasure_state()


def test_a_removed_tile_sends_his_unit_out_and_a_players_unit_to_the_offer():
    """One rule for a unit leaving the board (a correction of the unit, or of its tile)."""
    st = blank({"PUT-1": tile("marketplace", "yellow"), "PUT-2": tile("marketplace", "grey")})
    put(st, "0,1", "PUT-1", S)
    put(st, "0,-1", "PUT-2", N)
    unit(st, "0a", "0,1")
    unit(st, "1grey", "0,-1")
    st = run(st, ("turn", "correct"), ("correct", "remove"), ("fix_remove", cell(st, "0,1")))
    assert st["units"]["0a"]["at"] == "offer" and "0,1" not in st["board"]
    st = run(st, ("turn", "correct"), ("correct", "remove"), ("fix_remove", cell(st, "0,-1")))
    assert st["units"]["1grey"]["at"] == "out" and "0,-1" not in st["board"]
