"""The two readings of the rulebook that need the Catan core's hooks, each played both ways:
``rules.battle_before_special_building`` (digest T3, the core's ``special_over``) and
``rules.win_counts_saga`` (digest T6, the core's ``win_points``); and the allegiances revealed
once, by the core's ``game_over``, however the game ends."""

from __future__ import annotations

import pytest

from companion.engine import Session
from companion.games.troy import GAME

from .helpers import Play

AFTER = {"rules": {"battle_before_special_building": {"value": False}}}
NO_SAGA = {"rules": {"win_counts_saga": {"value": False}}}
REVEAL = ("Troy: ", "Mycenae: ")


def full_row(play: Play, count: int) -> Play:
    """Seat 0 rolls and ends his turn with ``count`` cards in a table row."""
    return play.given(row_count=count).answer("roll", 8).end_turn()


def reveals(play: Play) -> list[str]:
    return [e for e in play.events() if e.startswith(REVEAL)]


# -- T3: the battle and the special building phase -------------------------------------------------


@pytest.mark.parametrize("seats", [5, 6])
def test_by_default_the_battle_comes_before_the_special_building_phase(seats):
    play = full_row(Play(seats, "table"), 13)
    assert play.prompt.step == "battle" and play.state["phase"] == "special"
    play.answer("battle", 4).answer("battle_mycenae", 2)
    assert play.prompt.step == "special_who" and play.troy["wins"]["troy"] == 1


@pytest.mark.parametrize("seats", [5, 6])
def test_read_the_other_way_the_battle_comes_after_the_special_building_phase(seats):
    play = full_row(Play(seats, "table", box=AFTER), 13)
    assert play.prompt.step == "special_who" and play.troy["battles"] == []
    play.answer("special_who", 2).answer("special_build", "road", seat=2).answer("special_build", "done", seat=2)
    assert play.prompt.step == "special_who" and play.troy["battles"] == []
    play.answer("special_who", None)  # nobody else: the phase is over
    assert play.prompt.step == "battle" and play.state["phase"] == "special" and play.state["turn"] == 0
    assert play.prompt.maximum == 9
    play.answer("battle", 2).answer("battle_mycenae", 5)
    assert play.troy["wins"] == {"troy": 0, "mycenae": 1} and play.troy["row_count"] == 4
    assert play.prompt.step == "roll" and play.prompt.seats == (1,)


def test_after_the_phase_the_last_builder_done_also_ends_it_and_the_box_row_shows_the_cards():
    play = full_row(Play(6, "box", box=AFTER), 13).given(row=["ore"] * 13)
    for seat in range(1, 6):
        play.answer("special_who", seat).answer("special_build", "done", seat=seat)
    assert play.prompt.step == "battle" and play.prompt.seats == ()
    play.answer("battle")
    assert play.prompt.step == "battle_result" and play.troy["wins"]["troy"] == 1
    play.answer("battle_result")
    assert play.prompt.step == "roll" and play.prompt.seats == (1,) and play.state["round"] == 1


def test_after_the_phase_no_battle_without_a_full_row():
    play = full_row(Play(6, "table", box=AFTER), 12).answer("special_who", None)
    assert play.prompt.step == "roll" and play.prompt.seats == (1,) and play.troy["battles"] == []


def test_with_four_players_there_is_no_special_phase_and_the_battle_ends_the_turn_either_way():
    for box in ({}, AFTER):
        play = full_row(Play(4, "table", box=box), 10)
        assert play.prompt.step == "battle"


def test_after_the_phase_a_battle_that_ends_the_war_ends_the_game():
    play = full_row(Play(6, "table", box=AFTER).given(wins={"troy": 0, "mycenae": 4}), 13)
    play.answer("special_who", None).answer("battle", 0).answer("battle_mycenae", 5)
    assert play.prompt is None and play.state["over"]["why"]["en"].startswith("The war is over, Mycenae wins.")
    assert len(reveals(play)) == 2  # a line a city


# -- T6: do the saga VP count for 15 on one's own turn? --------------------------------------------


def twelve_public_and_three_saga(box: dict) -> Play:
    """TR8's position: seat 1 supports Troy, has 12 public VP and the Troy marker shows 3."""
    play = Play(4, "box", box=box).given(wins={"troy": 3, "mycenae": 0}).pieces(1, 2, 4)
    play.state["longest_road"] = 1
    assert play.public_total(1) == 12 and play.true_total(1) == 15
    return play


def test_by_default_the_saga_counts_for_fifteen():
    play = twelve_public_and_three_saga({}).answer("roll", 6).end_turn()
    assert play.prompt is None and play.state["over"]["winner"] == 1


def test_read_the_other_way_the_saga_does_not_count_for_fifteen():
    play = twelve_public_and_three_saga(NO_SAGA).answer("roll", 6).end_turn()
    assert play.state["over"] is None and play.prompt.step == "roll" and play.prompt.seats == (1,)
    play.answer("roll", 6).menu("settlement").menu("settlement")  # 14 public, 17 with the saga
    assert play.state["over"] is None and play.true_total(1) == 17
    play.menu("settlement")  # 15 public: the win
    assert play.prompt is None and play.state["over"]["winner"] == 1
    why = play.state["over"]["why"]["en"]
    assert why.startswith("Player 2 wins with 15 VP: ") and "saga" not in why
    scores = GAME.score(play.state)  # the true total is still counted, on the ranking screen
    assert scores.totals[1] == 18 and scores.breakdown[1]["saga_troy"] == 3
    assert not any("wins" in e for e in play.events()[-3:])  # the ranking screen names the winner


def test_read_the_other_way_the_saga_still_decides_the_end_of_the_war():
    play = Play(4, "table", box=NO_SAGA).given(wins={"troy": 0, "mycenae": 4}).pieces(0, 2, 2).pieces(1, 3, 2)
    assert play.public_total(0) == 6 and play.public_total(1) == 7
    full_row(play, 10).answer("battle", 0).answer("battle_mycenae", 5)
    assert play.state["over"]["winner"] == 0 and play.true_total(0) == 12  # 6 + 6 saga (Mycenae)


# -- the reveal at the end -------------------------------------------------------------------------


def test_the_allegiances_are_revealed_once_as_the_game_ends_before_the_reason():
    play = twelve_public_and_three_saga({}).answer("roll", 6)
    assert reveals(play) == []
    GAME.scenario.ranking(play.state, {s: play.true_total(s) for s in range(4)})
    assert reveals(play) == []  # ranking is only the order now
    play.end_turn()
    events = play.events()
    assert reveals(play) == ["Troy: Player 2, Player 4.", "Mycenae: Player 1, Player 3."]
    cs = [e for e in play.state["recent"] if e["cs"].startswith("Trója: ")]
    assert cs == [{"cs": "Trója: Hráč\u00a02, Hráč\u00a04.", "en": "Troy: Player\u00a02, Player\u00a04."}]
    assert not any("wins" in e for e in events)  # the win is not announced: the ranking names him


def test_every_reading_switched_off_is_a_session_that_starts():
    for box in (AFTER, NO_SAGA):
        assert Session(GAME, {"seats": 6, "box": box}, 0).prompt.step == "first_player"
