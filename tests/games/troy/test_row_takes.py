"""Ships 3 and 6 take from the support row (CZ p.9): the companion draws the card and shows it
to the taker alone behind a privacy screen; ship 3 then puts a card back, in secret."""

from __future__ import annotations

import pytest

from companion.engine import PromptKind, RuleError

from .helpers import Play


def with_ship(number: int, mode: str = "box", **troy) -> Play:
    return Play(4, mode).given(ships=[number, 0, 0, 0], **troy).answer("roll", 6)


def test_ship_6_the_card_is_shown_behind_a_privacy_screen_and_leaves_the_row():
    play = with_ship(6)
    before = list(play.troy["row"])
    play.menu("ship6")
    look = play.prompt
    assert look.step == "row_look" and look.kind is PromptKind.CONFIRM and look.seats == (0,)
    assert look.title.en == "Only Player 1 looks at the panel!"
    assert all(word not in look.detail.en for word in ("lumber", "grain", "wool", "ore"))
    play.answer("row_look")
    card = play.troy["taken"]["0"][-1]
    assert play.prompt.step == "row_card" and play.prompt.title.en.endswith(card)
    play.answer("row_card")
    assert play.prompt.step == "build"
    assert play.troy["row_count"] == 3 and sorted(play.troy["row"] + [card]) == sorted(before)
    assert "ship6" not in [o.value for o in play.prompt.options_for(0)]  # once a turn
    assert card not in " ".join(play.events())


def test_ship_3_takes_one_and_puts_one_back_in_secret():
    play = with_ship(3).menu("ship3").answer("row_look").answer("row_card")
    put = play.prompt
    assert put.step == "put_back" and put.kind is PromptKind.SECRET_CHOICE and put.seats == (0,)
    play.secret("put_back", "brick")
    assert play.troy["row_count"] == 4 and "brick" in play.troy["row"]
    assert play.prompt.step == "build"


def test_a_seat_sees_its_own_taken_cards_only():
    from companion.games.troy import GAME

    play = with_ship(6).menu("ship6").answer("row_look").answer("row_card")
    assert GAME.view(play.state, 0)["taken_from_row"] == play.troy["taken"]["0"]
    assert GAME.view(play.state, 1)["taken_from_row"] == []
    assert "taken" not in str(GAME.view(play.state)) and "row" not in GAME.view(play.state)


def test_from_a_table_row_the_player_draws_himself():
    play = with_ship(6, "table").menu("ship6")
    assert play.prompt.step == "build" and play.troy["row_count"] == 3
    assert "Player 1 (ship 6) takes a card blind from the row." in play.events()
    play = with_ship(3, "table").menu("ship3")
    assert play.troy["row_count"] == 4
    assert "Player 1 (ship 3) takes a card blind from the row and puts one back." in play.events()


def test_an_empty_row_gives_nothing():
    play = with_ship(6, row_count=0, row=[])
    with pytest.raises(RuleError) as error:
        play.menu("ship6")
    assert error.value.rule == "troy.row_empty"


@pytest.mark.parametrize("number, item", [(3, "ship3"), (6, "ship6")])
def test_a_ship_under_the_sea_people_cannot_take(number, item):
    play = with_ship(number, sea_people=[0, number])
    assert item not in [o.value for o in play.prompt.options_for(0)]


def test_not_in_the_special_building_phase_unless_the_box_says_so():
    play = Play(6, "box").given(ships=[0, 0, 6, 0, 0, 0]).answer("roll", 6).end_turn().answer("special_who", 2)
    assert "ship6" not in [o.value for o in play.prompt.options_for(2)]
    allowed = Play(6, "box", box={"rules": {"row_actions_in_special_building": {"value": True}}})
    allowed.given(ships=[0, 0, 6, 0, 0, 0]).answer("roll", 6).end_turn().answer("special_who", 2)
    assert "ship6" in [o.value for o in allowed.prompt.options_for(2)]


def test_in_the_special_building_phase_each_player_uses_his_own_ship_once():
    allowed = Play(6, "box", box={"rules": {"row_actions_in_special_building": {"value": True}}})
    allowed.given(ships=[0, 0, 6, 6, 0, 0]).answer("roll", 6).end_turn().answer("special_who", 2)
    allowed.menu("ship6").answer("row_look").answer("row_card")
    assert "ship6" not in [o.value for o in allowed.prompt.options_for(2)]
    allowed.answer("special_build", "done").answer("special_who", 3)
    assert "ship6" in [o.value for o in allowed.prompt.options_for(3)]
