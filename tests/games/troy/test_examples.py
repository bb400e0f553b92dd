"""The digest's worked cases TR1-TR9 (../shared/research/catan_scenarios.md, part C), played
through the game: each starts from the case's position and answers the prompts a table would."""

from __future__ import annotations

import json

import pytest

from companion.engine import PromptKind, RuleError, rng
from companion.games.troy import GAME, ships

from .helpers import Play
from .test_rules import TR1_SHOWN, seed_turning

MYCENAE_SEATS, TROY_SEATS = (0, 2), (1, 3)  # helpers.MYCENAE_TROY with 4 players


def refused(play: Play, step: str, value, seat=None) -> RuleError:
    with pytest.raises(RuleError) as error:
        play.answer(step, value, seat)
    return error.value


def at_battle(play: Play, row: list[str] | None, count: int) -> Play:
    """Seat 0 rolls and ends his turn with ``count`` cards in the row."""
    play.given(row=row, row_count=count)
    return play.answer("roll", 8).end_turn()


# -- the start -------------------------------------------------------------------------------------


def test_cards_that_do_not_fit_the_deck_are_entered_again():
    play = Play(4, "box", allegiance=["troy", "troy", "troy", "mycenae"])
    assert play.prompt.step == "allegiance" and play.troy["allegiance"] == {}
    assert play.events()[-1].startswith("The deck holds no such cards (Troy 2, Mycenae 2).")
    play.secret("allegiance", ["troy", "mycenae", "troy", "mycenae"]).answer("founding")
    assert play.prompt.step == "roll" and play.troy["allegiance"]["1"] == "mycenae"


# -- TR1 -------------------------------------------------------------------------------------------


def test_tr1_the_box_shuffles_eleven_turns_seven_and_mycenae_wins_3_to_2():
    rest = ["ore", "ore", "grain", "wool"]
    play = at_battle(Play(4, "box"), TR1_SHOWN + rest, 11)
    assert play.prompt.step == "battle" and play.prompt.kind is PromptKind.CONFIRM
    play.state["rng"] = rng.new(seed_turning(TR1_SHOWN + rest, TR1_SHOWN))
    play.answer("battle")
    assert play.troy["battles"][-1]["points"] == {"troy": 2, "mycenae": 3}
    assert play.troy["wins"] == {"troy": 0, "mycenae": 1}
    assert sorted(play.troy["row"]) == sorted(rest) and play.troy["row_count"] == 4
    result = play.prompt
    assert result.step == "battle_result"
    assert "Battle 2:3, Mycenae wins. Saga: Troy 0, Mycenae 1." in play.events()  # said once, as news
    assert sorted(play.troy["battles"][-1]["shown"]) == sorted(TR1_SHOWN)  # the cards the box turned
    for seat in MYCENAE_SEATS:
        assert GAME.view(play.state, seat)["my_hidden"] == {"saga_mycenae": 1}
    for seat in TROY_SEATS:
        assert GAME.view(play.state, seat)["my_hidden"] == {"saga_troy": 0}
    play.answer("battle_result")
    assert play.prompt.step == "roll" and play.prompt.seats == (1,)


def test_tr1_cards_on_the_table_the_counts_are_entered():
    play = at_battle(Play(4, "table"), None, 11)
    assert play.prompt.kind is PromptKind.NUMBER and play.prompt.maximum == 7
    play.answer("battle", 2)
    assert play.prompt.step == "battle_mycenae" and play.prompt.maximum == 7  # 7 turned; 2 + 5 at most
    play.answer("battle_mycenae", 3)
    assert play.troy["wins"] == {"troy": 0, "mycenae": 1} and play.troy["row_count"] == 4
    assert "Battle 2:3, Mycenae wins. Saga: Troy 0, Mycenae 1." in play.events()


# -- TR2 -------------------------------------------------------------------------------------------


def test_tr2_two_cards_given_in_secret_earn_one_trade_point():
    play = Play(4, "box").answer("roll", 6).menu("donate")
    play.answer("donate_count", 2)
    prompt = play.prompt
    assert prompt.kind is PromptKind.SECRET_CHOICE and prompt.seats == (0,)
    assert len(prompt.options_for(0)) == 15 and {len(o.code) for o in prompt.options_for(0)} == {2}
    play.secret("donate_cards", ["lumber", "ore"])
    assert play.troy["row_count"] == 6 and sorted(play.troy["row"][4:]) == ["lumber", "ore"]
    assert play.troy["trade_points"] == [1, 0, 0, 0]
    assert "Player 1 gave 2 cards to the row, has 1 trade point." in play.events()
    assert "lumber" not in " ".join(play.events()) and "ore" not in " ".join(play.events()[-1:])


def test_tr2_three_cards_earn_one_trade_point_too():
    play = Play(4, "box").answer("roll", 6).menu("donate").answer("donate_count", 3)
    play.secret("donate_cards", ["wool", "grain", "grain"])  # in code order (3 4 4)
    assert play.troy["trade_points"][0] == 1 and play.troy["row_count"] == 7


def test_tr2_a_second_donation_in_the_same_turn_is_refused():
    play = Play(4, "table").answer("roll", 6).menu("donate").answer("donate_count", 1)
    assert refused(play, "build", "donate").rule == "troy.donate_once"
    play.end_turn().answer("roll", 5).menu("donate").answer("donate_count", 1)  # the next player may
    assert play.troy["trade_points"] == [1, 1, 0, 0] and play.troy["row_count"] == 6


def test_tr2_no_donation_in_the_special_building_phase():
    play = Play(6, "box").answer("roll", 6).end_turn()
    play.answer("special_who", 2)
    assert play.prompt.step == "special_build"
    assert "donate" not in [o.value for o in play.prompt.options_for(2)]
    assert refused(play, "special_build", "donate").rule == "troy.donate_special"
    assert "ship" in [o.value for o in play.prompt.options_for(2)]  # ships may be built


def test_a_donation_may_be_called_off_before_the_count():
    play = Play(4, "box").answer("roll", 6).menu("donate").answer("donate_count", "back")
    assert play.prompt.step == "build" and play.troy["trade_points"][0] == 0
    play.menu("donate")  # not used up
    assert play.prompt.step == "donate_count"


# -- TR3 -------------------------------------------------------------------------------------------


@pytest.mark.parametrize("seats, count, fought", [(4, 9, False), (4, 10, True), (6, 12, False), (6, 13, True)])
def test_tr3_the_row_is_fought_over_from_its_trigger(seats, count, fought):
    play = at_battle(Play(seats, "table"), None, count)
    assert (play.prompt.step == "battle") is fought
    if fought:
        assert play.prompt.maximum == (7 if seats == 4 else 9)


def test_tr3_six_players_the_box_turns_nine():
    play = at_battle(Play(6, "box"), ["brick"] * 13, 13).answer("battle")
    assert len(play.troy["battles"][-1]["shown"]) == 9 and play.troy["row_count"] == 4
    assert play.troy["wins"] == {"troy": 0, "mycenae": 0}  # nine bricks: a tie


def test_tr3_six_players_the_battle_comes_before_the_special_building_phase():
    play = at_battle(Play(6, "table"), None, 13)
    assert play.prompt.step == "battle" and play.state["phase"] == "special"
    play.answer("battle", 4).answer("battle_mycenae", 2)
    assert play.prompt.step == "special_who"


# -- TR4 -------------------------------------------------------------------------------------------


def test_tr4_a_tie_moves_no_marker_and_the_rest_is_the_new_row():
    play = at_battle(Play(4, "table"), None, 12)
    play.answer("battle", 3).answer("battle_mycenae", 3)
    assert play.troy["wins"] == {"troy": 0, "mycenae": 0} and play.troy["row_count"] == 5
    assert "Battle 3:3, a tie. Saga: Troy 0, Mycenae 0." in play.events()


# -- TR5 and TR9 -----------------------------------------------------------------------------------


def war_position(row: str = "table") -> Play:
    """Mycenae has won 4 battles, Troy 2; seats 0 and 2 support Mycenae, 1 and 3 Troy."""
    play = Play(4, row).given(wins={"troy": 2, "mycenae": 4})
    play.pieces(0, 3, 2).pieces(1, 1, 4).pieces(2, 2, 0).pieces(3, 2, 0)
    play.state["longest_road"] = 1
    return play


def test_tr5_the_fifth_win_ends_the_war_and_the_highest_total_wins():
    play = war_position()
    assert [play.true_total(s) for s in range(4)] == [7 + 4, 11 + 2, 2 + 4, 2 + 2]
    play = at_battle(play, None, 10).answer("battle", 1).answer("battle_mycenae", 4)
    assert play.prompt is None and play.state["over"] is not None
    scores = GAME.score(play.state)
    assert scores.final and scores.totals == {0: 7 + 6, 1: 11 + 2, 2: 2 + 6, 3: 2 + 2}
    assert scores.breakdown[0]["saga_mycenae"] == 6 and scores.breakdown[1]["saga_troy"] == 2
    assert GAME.view(play.state)["allegiance"] == {"0": "mycenae", "1": "troy", "2": "mycenae", "3": "troy"}


def test_tr9_equal_totals_go_to_the_most_trade_points():
    play = war_position().given(trade_points=[2, 5, 0, 0])
    play = at_battle(play, None, 10).answer("battle", 0).answer("battle_mycenae", 5)
    scores = GAME.score(play.state)
    assert scores.totals[0] == scores.totals[1] == 13
    assert scores.ranking == (1, 0, 2, 3) and scores.winner == 1 and scores.places == (1, 2, 3, 4)
    assert "Player 2 has most: 13 VP." in play.state["over"]["why"]["en"]
    assert "The war is over, Mycenae wins." in play.events()
    assert play.events()[-3:-1] == ["Troy: Player 2, Player 4.", "Mycenae: Player 1, Player 3."]


def test_equal_totals_and_trade_points_are_named_a_shared_win():
    play = war_position().given(trade_points=[3, 3, 0, 0])
    play = at_battle(play, None, 10).answer("battle", 0).answer("battle_mycenae", 5)
    assert any("Player 1, Player 2 share the win (13 VP)" in e for e in play.events())
    scores = GAME.score(play.state)  # both first: no one winner in the history, both LEDs blink
    assert scores.ranking == (0, 1, 2, 3) and scores.places == (1, 1, 3, 4)
    assert scores.winners == (0, 1) and scores.winner is None


# -- TR6 and TR7 -----------------------------------------------------------------------------------


def test_tr6_two_ships_in_one_turn_each_moving_the_sea_people():
    play = Play(4, "box").given(trade_points=[4, 0, 0, 0]).answer("roll", 6)
    before = play.public_total(0)
    play.menu("ship")
    assert play.prompt.step == "sea_people" and play.prompt.seats == (0,)
    play.answer("sea_people", "sea").menu("ship")
    assert play.prompt.step == "sea_people"
    play.answer("sea_people", "sea")
    assert play.troy["ships"][0] == 2 and play.troy["trade_points"][0] == 0
    assert play.public_total(0) == before + 1 and ships.works(play.troy, 0, ships.TRADE_3_1)
    assert "Player 1 builds ship 2 (1 VP); pay wool and lumber." in play.events()


def test_a_ship_needs_two_trade_points():
    play = Play(4, "box").given(trade_points=[1, 0, 0, 0]).answer("roll", 6)
    assert refused(play, "build", "ship").rule == "troy.ship_trade_points"


def test_tr7_the_sea_people_on_whites_ship_stop_its_benefit():
    """Red (seat 0) builds ship 1 by his coastal village and moves the sea people onto White's
    (seat 1) ship 1. (Where Red's next ship may go is a matter of the board: next to his first
    ship or his coast; the table places it.)"""
    play = Play(4, "box").given(trade_points=[2, 0, 0, 0], ships=[0, 3, 0, 0]).answer("roll", 6).menu("ship")
    labels = {o.label.en: o.value for o in play.prompt.options_for(0)}
    assert labels["Player 2: ship 1"] == [1, 1] and "open sea" in labels
    play.answer("sea_people", [1, 1])
    assert play.troy["sea_people"] == [1, 1]
    assert not ships.works(play.troy, 1, 1) and ships.works(play.troy, 0, 1)
    assert "The sea people go onto ship 1 (Player 2)." in play.events()
    # moved on to White's ship 3, they stop its row swap: White's menu no longer offers it
    play.given(sea_people=[1, 3]).end_turn().answer("roll", 5)
    assert "ship3" not in [o.value for o in play.prompt.options_for(1)]


def test_the_sea_people_move_on_a_seven_off_the_ship_they_stand_on():
    play = Play(4, "box").given(ships=[1, 0, 0, 0], sea_people=[0, 1]).answer("roll", 7)
    prompt = play.prompt
    assert prompt.step == "sea_people"
    assert [0, 1] not in [o.value for o in prompt.options_for(0)]  # they must move
    assert "stay" not in [o.value for o in prompt.options_for(0)]
    play.answer("sea_people", "sea")
    assert play.troy["sea_people"] is None and play.prompt.step == "build"


def test_when_a_seven_need_not_move_them_they_may_stay():
    play = Play(4, "box", box={"rules": {"seven_moves_sea_people": {"value": False}}}).answer("roll", 7)
    play.answer("sea_people", "stay")
    assert play.prompt.step == "build"


def test_ship_5_takes_a_chit_of_a_resource_still_in_supply():
    play = (
        Play(4, "box")
        .given(ships=[4, 0, 0, 0], trade_points=[2, 0, 0, 0], chits={"1": "ore", "2": "ore"})
        .answer("roll", 6)
        .menu("ship")
    )
    assert play.prompt.step == "chit" and "ore" not in [o.value for o in play.prompt.options_for(0)]
    play.answer("chit", "wool").answer("sea_people", "sea")
    assert play.troy["chits"]["0"] == "wool"


# -- TR8 -------------------------------------------------------------------------------------------


def test_tr8_fifteen_with_the_hidden_saga_wins_on_his_own_turn():
    """Seat 1 supports Troy and has 12 public VP; the Troy marker shows 3."""
    play = Play(4, "box").given(wins={"troy": 3, "mycenae": 0}).pieces(1, 2, 4)
    play.state["longest_road"] = 1
    assert play.public_total(1) == 12 and play.true_total(1) == 15
    play.answer("roll", 6)
    assert play.state["over"] is None  # seat 0's turn: seat 1 does not win now
    assert GAME.score(play.state).totals[1] == 12  # the public score hides the saga
    play.end_turn()
    assert play.prompt is None and GAME.score(play.state).winner == 1
    why = play.state["over"]["why"]["en"]
    assert "Player 2 wins with 15 VP" in why and "3 VP from the saga (Troy)" in why
    assert any(e.startswith("Troy: Player 2") for e in play.events())


def test_tr8_a_mycenae_supporter_with_the_same_public_points_does_not_win():
    play = Play(4, "box").given(wins={"troy": 3, "mycenae": 0}).pieces(0, 2, 4)
    play.state["longest_road"] = 0
    play.answer("roll", 6).end_turn()
    assert play.state["over"] is None and play.true_total(0) == 12


# -- options and box corrections -------------------------------------------------------------------


def test_a_bad_box_correction_is_refused_in_one_line_naming_the_entry():
    from companion.engine import Session

    with pytest.raises(RuleError) as error:
        Session(GAME, {"seats": 4, "box": {"saga": {"values": [3, 1]}}}, 0)
    assert error.value.rule == "troy.box" and "[saga]" in error.value.text("en") and "\n" not in error.value.text("en")


def test_a_corrected_saga_track_counts_in_the_session():
    play = Play(4, "table", box={"saga": {"values": [0, 2, 4]}}).given(wins={"troy": 0, "mycenae": 1})
    assert GAME.view(play.state, 0)["my_hidden"] == {"saga_mycenae": 2}
    play = at_battle(play, None, 10).answer("battle", 0).answer("battle_mycenae", 3)
    assert play.state["over"] is not None  # the second win reaches the last value: the war ends


def test_the_table_rows_questions_and_founding_text_name_the_cards_of_the_corrected_box():
    box = {"row": {"troy": ["ore"], "mycenae": ["grain", "brick"], "start": ["ore", "wool"]}}
    play = Play(4, "table", box=box)
    founding = GAME.scenario.founding_text(play.state)
    assert founding.en.startswith("Row: ore, wool face down.") and founding.cs.startswith("Řada: ruda, vlna lícem")
    play = at_battle(play, None, 10)
    assert play.prompt.title.en == "Points for Troy (ore)?" and play.prompt.title.cs == "Body Tróje (ruda)?"
    play.answer("battle", 1)
    assert play.prompt.title.en == "Points for Mycenae (grain, brick)?"
    assert play.prompt.title.cs == "Body Mykén (obilí, hlína)?"


def test_five_players_deal_five_of_the_six_allegiance_cards():
    play = Play(5, "box", allegiance=["troy", "troy", "troy", "mycenae", "mycenae"])
    assert play.prompt.step == "roll"
    assert at_battle(Play(5, "table"), None, 13).prompt.maximum == 9


def test_the_sea_people_keep_one_code_a_place_all_game():
    """Rules 3 (issue 35): 0 open sea, a ship its seat's number then its own ("11": Player 1's
    ship 1), * they stay; a ship not built, the one they stand on and staying when they must
    move are unoffered and refused by their rules. Rules 2 numbered what was listed."""
    play = Play(4, "box").given(ships=[1, 0, 0, 0]).answer("roll", 7)
    prompt = play.prompt
    assert prompt.step == "sea_people"
    offered = {json.dumps(o.value): o.code for o in prompt.options_for(0)}
    assert offered == {'"sea"': "0", "[0, 1]": "11"}
    unoffered = {json.dumps(o.value): o.code for o in prompt.unoffered_for(0)}
    assert unoffered["[0, 2]"] == "12" and unoffered["[3, 7]"] == "47" and unoffered['"stay"'] == "*"
    play = Play(4, "box").given(ships=[1, 0, 0, 0], sea_people=[0, 1]).answer("roll", 7)
    prompt = play.prompt
    assert {json.dumps(o.value): o.code for o in prompt.options_for(0)} == {'"sea"': "0"}
    assert {json.dumps(o.value): o.code for o in prompt.unoffered_for(0)}["[0, 1]"] == "11"
    assert refused(play, "sea_people", [0, 1]).rule == "troy.sea_people_move"
    assert refused(play, "sea_people", [0, 2]).rule == "troy.no_such_ship"
