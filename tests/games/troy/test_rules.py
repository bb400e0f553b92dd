"""Troy's pure rules, without the turn: support row, battle, saga track, ships, allegiance,
trade-point ranking, box data. Worked cases TR1, TR3, TR4, TR5, TR9 of the digest
(../shared/research/catan_scenarios.md, part C) at the level of the rules; test_examples.py plays
them through the game."""

from __future__ import annotations

import copy

import pytest

from companion.engine import RuleError, rng
from companion.games.troy import allegiance, battle, saga, ships, support
from companion.games.troy.box import (
    BOX,
    RAW,
    RESOURCES,
    BoxDataError,
    merged,
    parse,
    with_override,
)
from companion.games.troy.ranking import ranking, shared_first

TR1_SHOWN = ["lumber", "grain", "lumber", "ore", "wool", "brick", "brick"]


def troy_part(seats=4, mode=support.BOX_ROW):
    return {
        **support.new_row(BOX, mode),
        "wins": {"troy": 0, "mycenae": 0},
        "allegiance": {},
        "ships": [0] * seats,
        "trade_points": [0] * seats,
        "sea_people": None,
        "chits": {},
    }


# -- TR1: battle 3:2 for Mycenae -------------------------------------------------------------------


def test_tr1_the_turned_cards_score_3_to_2_for_mycenae():
    points = battle.tally(BOX, TR1_SHOWN)
    assert points == {"troy": 2, "mycenae": 3}
    assert battle.winner(points) == "mycenae"


def seed_turning(row: list[str], wanted: list[str]) -> int:
    """A seed whose first shuffle of ``row`` turns over exactly the cards ``wanted`` (any order)."""
    for seed in range(20000):
        shuffled = rng.shuffle({"rng": rng.new(seed)}, row)
        if sorted(shuffled[: len(wanted)]) == sorted(wanted):
            return seed
    raise AssertionError("no seed turns these cards")


def test_tr1_eleven_cards_seven_turned_four_stay_and_mycenae_moves_to_1():
    rest = ["ore", "ore", "grain", "wool"]
    troy = troy_part()
    troy["row"], troy["row_count"] = TR1_SHOWN + rest, 11
    state = {"rng": rng.new(seed_turning(troy["row"], TR1_SHOWN))}
    assert battle.due(BOX, 4, troy)
    shown = battle.turn_over(state, BOX, 4, troy)
    assert sorted(shown) == sorted(TR1_SHOWN)
    assert sorted(troy["row"]) == sorted(rest) and troy["row_count"] == 4
    saga.advance(troy, battle.winner(battle.tally(BOX, shown)))
    assert troy["wins"] == {"troy": 0, "mycenae": 1}
    assert saga.markers(BOX, troy) == {"troy": 0, "mycenae": 1}
    troy["allegiance"] = {"0": "mycenae", "1": "troy"}
    assert saga.seat_saga_vp(BOX, troy, 0) == 1 and saga.seat_saga_vp(BOX, troy, 1) == 0
    assert rng.draws(state) == 1  # one seeded shuffle: the undo policy sees a chance event


def test_the_table_row_counts_the_turned_cards_out():
    troy = troy_part(mode=support.TABLE_ROW)
    troy["row_count"] = 11
    battle.counted(BOX, 4, troy)
    assert troy["row"] is None and troy["row_count"] == 4


# -- TR3: thresholds ------------------------------------------------------------------------------


@pytest.mark.parametrize("seats, count, fought", [(4, 9, False), (4, 10, True), (6, 12, False), (6, 13, True)])
def test_tr3_a_battle_needs_the_player_counts_trigger(seats, count, fought):
    troy = troy_part(seats)
    troy["row_count"] = count
    assert battle.due(BOX, seats, troy) is fought


def test_tr3_six_players_turn_over_nine():
    troy = troy_part(6)
    troy["row"] = ["ore"] * 13
    troy["row_count"] = 13
    shown = battle.turn_over({"rng": rng.new(1)}, BOX, 6, troy)
    assert len(shown) == 9 and troy["row_count"] == 4 == len(troy["row"])


# -- TR4: tie --------------------------------------------------------------------------------------


def test_tr4_a_tie_moves_no_marker():
    shown = ["lumber", "grain", "lumber", "ore", "wool", "ore", "brick"]
    points = battle.tally(BOX, shown)
    assert points == {"troy": 3, "mycenae": 3} and battle.winner(points) is None
    troy = troy_part()
    saga.advance(troy, None)
    assert troy["wins"] == {"troy": 0, "mycenae": 0}


# -- TR5: the war ends on the last picture ---------------------------------------------------------


def test_tr5_the_fifth_win_reaches_6_and_ends_the_war():
    troy = troy_part()
    troy["wins"] = {"troy": 2, "mycenae": 4}
    assert saga.war_won(BOX, troy) is None
    assert saga.markers(BOX, troy) == {"troy": 2, "mycenae": 4}
    saga.advance(troy, "mycenae")
    assert saga.war_won(BOX, troy) == "mycenae"
    assert saga.markers(BOX, troy) == {"troy": 2, "mycenae": 6}


def test_saga_values_are_0_1_2_3_4_6():
    assert [saga.marker(BOX, w) for w in range(6)] == [0, 1, 2, 3, 4, 6]


# -- TR9 and the ranking ---------------------------------------------------------------------------


def test_tr9_equal_totals_go_to_the_most_trade_points():
    assert ranking({0: 13, 1: 13, 2: 9}, [2, 5, 9]) == (1, 0, 2)
    assert shared_first({0: 13, 1: 13, 2: 9}, [2, 5, 9]) == [1]


def test_equal_totals_and_trade_points_share_first_place():
    assert shared_first({0: 13, 1: 13}, [4, 4]) == [0, 1]


# -- the support row -------------------------------------------------------------------------------


def test_the_row_starts_with_lumber_grain_wool_ore():
    assert support.new_row(BOX, support.BOX_ROW) == {"row": ["lumber", "grain", "wool", "ore"], "row_count": 4}
    assert support.new_row(BOX, support.TABLE_ROW) == {"row": None, "row_count": 4}


def test_donation_options_are_every_multiset_with_sorted_digit_codes():
    assert [len(support.donation_options(n)) for n in (1, 2, 3)] == [5, 15, 35]
    codes = [support.donation_code(o) for o in support.donation_options(3)]
    assert len(set(codes)) == 35 and all(list(c) == sorted(c) for c in codes)
    assert support.donation_code(("ore", "lumber", "lumber")) == "115"


def test_a_blind_take_removes_one_card_of_the_row():
    troy = troy_part()
    state = {"rng": rng.new(3)}
    before = list(troy["row"])
    card = support.take_blind(state, troy)
    assert card in before and troy["row_count"] == 3
    assert sorted(troy["row"] + [card]) == sorted(before)
    table = troy_part(mode=support.TABLE_ROW)
    assert support.take_blind(state, table) is None and table["row_count"] == 3


# -- ships -----------------------------------------------------------------------------------------


def test_ships_are_built_in_order_for_two_trade_points():
    troy = troy_part()
    troy["trade_points"][0] = 5
    assert [ships.build(BOX, troy, 0), ships.build(BOX, troy, 0)] == [1, 2]
    assert troy["trade_points"][0] == 1 and ships.ship_vp(BOX, troy, 0) == 1
    with pytest.raises(RuleError) as error:
        ships.build(BOX, troy, 0)
    assert error.value.rule == "troy.ship_trade_points"


def test_an_eighth_ship_is_refused():
    troy = troy_part()
    troy["ships"][1], troy["trade_points"][1] = 7, 9
    assert ships.ship_vp(BOX, troy, 1) == 3
    with pytest.raises(RuleError) as error:
        ships.check_build(BOX, troy, 1)
    assert error.value.rule == "troy.no_ship_left"


def test_tr7_the_sea_people_on_a_ship_suspend_its_benefit_only():
    troy = troy_part()
    troy["ships"][1] = 2
    troy["sea_people"] = [1, 1]
    assert not ships.works(troy, 1, 1) and ships.works(troy, 1, 2)
    troy["sea_people"] = [1, 2]
    assert ships.ship_vp(BOX, troy, 1) == 1  # the VP stays (digest T2 reading)
    losing = with_override({"rules": {"blocked_ship_loses_vp": {"value": True}}})
    assert ships.ship_vp(losing, troy, 1) == 0


def test_chits_run_out_two_per_resource():
    troy = troy_part()
    troy["chits"] = {"0": "ore", "1": "ore"}
    assert ships.chits_left(BOX, troy) == [r for r in RESOURCES if r != "ore"]


# -- allegiance ------------------------------------------------------------------------------------


def test_allegiances_must_fit_the_dealt_deck():
    assert allegiance.fits_deck(BOX, 4, {"0": "troy", "1": "mycenae", "2": "troy", "3": "mycenae"})
    assert not allegiance.fits_deck(BOX, 4, {"0": "troy", "1": "troy", "2": "troy", "3": "mycenae"})
    assert allegiance.fits_deck(BOX, 5, {"0": "troy", "1": "troy", "2": "troy", "3": "mycenae", "4": "mycenae"})
    assert not allegiance.fits_deck(BOX, 6, {str(s): "mycenae" for s in range(6)})
    said = allegiance.not_in_deck(BOX, 4)
    assert said.en.startswith("The deck holds no such cards (Troy 2, Mycenae 2).") and "Player" not in said.en


# -- box data --------------------------------------------------------------------------------------


def test_every_unknown_is_marked_unverified():
    assert {
        "saga",
        "players.5",
        "chits",
        "trade_point_bank",
        "rules.blocked_ship_loses_vp",
        "rules.battle_before_special_building",
        "rules.row_actions_in_special_building",
        "rules.win_counts_saga",
        "rules.seven_moves_sea_people",
    } == set(BOX.unverified)


def test_an_override_corrects_a_value_for_one_session():
    corrected = with_override({"saga": {"values": [0, 1, 2, 3, 5, 7]}})
    assert corrected.saga == (0, 1, 2, 3, 5, 7) and BOX.saga == (0, 1, 2, 3, 4, 6)


@pytest.mark.parametrize(
    "override, words",
    [
        ({"sagas": {}}, "has no entry 'sagas'"),
        ({"saga": {"values": [3, 1]}}, "rising whole numbers"),
        ({"players": {"4": {"revealed": 11}}}, "'revealed' must be from 1 to 10"),
        ({"row": {"troy": ["ore", "gold"]}}, "may name only"),
        ({"rules": {"win_counts_saga": {"value": "yes"}}}, "must be bool"),
    ],
)
def test_a_bad_override_is_refused_in_one_line(override, words):
    with pytest.raises(BoxDataError) as error:
        with_override(override)
    assert words in str(error.value) and "\n" not in str(error.value)


def test_the_shipped_file_is_not_changed_by_a_merge():
    before = copy.deepcopy(RAW)
    merged(RAW, {"saga": {"values": [0, 2]}})
    assert before == RAW and parse(RAW) == BOX
