"""The turn, the readings of the open questions (U1-U9), the refusals of bad input and what the
panel shows: everything besides the worked examples."""

import copy

import pytest

from companion.engine import PromptKind, RuleError, Session
from companion.games.gheos import GAME
from companion.games.gheos.box import BOX, READINGS

from .helpers import (
    ADAM,
    EVE,
    NOAH,
    answer,
    codes,
    events,
    found,
    held,
    new,
    play,
    take,
    totals,
    until_only_epoch_tiles,
    values,
)


def refused(s, step, value, rule):
    """``value`` at ``step`` is refused with the game's rule ``rule``, and nothing changes."""
    before, entries = copy.deepcopy(s.state), list(s.entries)
    seat = s.prompt.seats[0] if len(s.prompt.seats) == 1 else None
    with pytest.raises(RuleError) as error:
        s.submit({"step": step, "seat": seat, "value": value})
    assert error.value.rule == f"gheos.{rule}"
    assert error.value.msg.cs.strip() and error.value.msg.en.strip()
    assert s.state == before and s.entries == entries
    return error.value.msg


# -- the start and the turn ---------------------------------------------------------------------------


def test_the_table_names_the_start_player_and_play_goes_clockwise_from_there():
    s = Session(GAME, {"seats": 3}, seed=0)
    assert s.prompt.step == "start_player" and s.prompt.seats == ()  # the box does not pick
    assert values(s) == [0, 1, 2] and "laughing" in s.prompt.title.en
    answer(s, "start_player", NOAH)
    assert s.state["turn"] == NOAH and s.state["start"] == NOAH
    seen = []
    for _ in range(4):
        seen.append((s.state["turn"], s.state["round"]))
        play(s, ("act", "nothing"), ("draw", "ordinary"))
    assert seen == [(NOAH, 1), (ADAM, 1), (EVE, 1), (NOAH, 2)]


def test_a_plain_turn_is_two_answers_and_a_founding_three():
    s = new(2)
    assert codes(s)["3"] == "yellow" and codes(s)["*"] == "nothing"
    found(s, "yellow", 2)
    assert len(s.entries) == 1 + 3
    take(s, "yellow")
    assert len(s.entries) == 1 + 3 + 2
    assert held(s, ADAM) == {"yellow": 2} and held(s, EVE) == {"yellow": 1}
    assert s.state["stack"] == 55 - 2
    assert events(s) == []  # nothing to read: no screen of announcements costs a press


def test_czech_sentences_decline_the_colours():
    s = new(2)
    found(s, "white", 1)
    labels = {o.value: o.label.cs for o in s.prompt.options_for(EVE)}
    assert labels["white"] == "vzít bílého" and labels["yellow"] == "založit žlutou"
    take(s, "white")
    found(s, "black", 1)  # Adam: white 1, black 1
    take(s, "black")  # Eve: white 1, black 1
    play(s, ("act", "war"), ("pay", "black"), ("swords", 0), ("swords", 2))  # black, white
    assert events(s, "cs") == [
        "Válka: vítězí bílá, černá zaniká.",
        "Hráč 1 platí černým.",
        "Zpět do zásoby: Hráč\u00a02\u00a0(1).",
    ]


def test_the_header_shows_the_epochs_of_the_limit_and_every_players_tokens():
    s = new(3)
    found(s, "red", 1)
    play(s, ("act", "red"), ("draw", "token"), ("cups", 2), ("draw", "epoch"), ("pyramids", 1))
    status = GAME.status(s.state)
    assert status.phase.cs == "Epocha 1/7 · žet. 3 2 3" and status.phase.en == "Epoch 1/7 · tok. 3 2 3"
    assert status.turn == EVE and status.round is None


def test_a_seats_own_pad_shows_its_total_tokens_and_followers():
    from companion.table.seat_screens import private_lines

    s = new(2, hide_scores=True)
    found(s, "red", 2)
    play(s, ("act", "red"), ("draw", "token"), ("cups", 3))
    assert private_lines(GAME, s.state, EVE, "cs") == ("Tvůj součet: 3", "Žetony: 2", "červená 1")
    assert private_lines(GAME, s.state, ADAM, "en") == ("Your total: 0", "Tokens: 3", "red 2")
    assert GAME.seat_lines(new(2).state, ADAM)[2].en == "no followers"


def test_the_ledger_screen_shows_holdings_supply_points_and_tokens_and_changes_nothing():
    s = new(2)
    found(s, "red", 2)
    take(s, "red")
    before = copy.deepcopy(s.state)
    answer(s, "act", "ledger")
    assert s.prompt.kind is PromptKind.CONFIRM
    text = s.prompt.detail
    assert "Player 1: red 2; Player 2: red 1; red: supply 2; Points: 0 · 0; Tokens: 3 · 3" in text.en
    assert "Hráč 1: červená 2" in text.cs and "zásoba 2" in text.cs
    answer(s, "ledger")
    assert s.prompt.step == "act" and {k: v for k, v in s.state.items() if k != "recent"} == {
        k: v for k, v in before.items() if k != "recent"
    }


def test_only_epoch_tiles_left_means_only_the_epoch_tile_is_offered():
    s = new(2)
    answer(s, "act", "nothing")
    assert values(s) == ["ordinary", "epoch", "token"]
    refused(s, "draw", "empty", "stack_not_empty")
    answer(s, "draw", "ordinary")
    until_only_epoch_tiles(s)
    assert s.state["stack"] == BOX.facts["epoch_tiles"] == 8
    answer(s, "act", "nothing")
    assert values(s) == ["epoch", "token", "empty"]  # a short box shows here: * says so
    refused(s, "draw", "ordinary", "only_epochs_left")


# -- counts: asked when needed, the last one as the default -------------------------------------------


def test_a_count_is_a_list_with_the_last_told_count_first_and_the_range_of_the_setting():
    s = new(2)
    found(s, "red", 3)
    play(s, ("act", "red"), ("draw", "token"))
    assert [o.code for o in s.prompt.options_for(EVE)][:3] == ["0", "1", "2"]  # nothing told yet
    assert s.prompt.options_for(EVE)[-1].value == 30
    refused(s, "cups", 31, "count_range")  # the range is the setting's: 0 to 30 by default
    assert s.state["rules"]["count_limit"] == 30
    answer(s, "cups", 4)
    play(s, ("draw", "ordinary"), ("act", "red"), ("draw", "token"))
    first = s.prompt.options_for(ADAM)[0]
    assert (first.code, first.value, first.label.en) == ("#", "same", "still 4")  # what Eve told for red's cups
    answer(s, "cups", "same")
    assert s.state["told"]["cups"]["red"] == 4


def test_a_count_keeps_its_code_and_hash_always_means_the_same_count_as_before():
    """Issue 35: "#" is the value "same" (the count told last time for this place) and 4 is "4"
    at every prompt; before anything was told, "#" is refused by its rule, naming the player."""
    s = new(2)
    found(s, "red", 3)
    play(s, ("act", "red"), ("draw", "token"))
    assert [o.code for o in s.prompt.unoffered_for(EVE)] == ["#"]
    msg = refused(s, "cups", "same", "nothing_told")
    assert msg.en.startswith(f"Player {EVE + 1}: ") and msg.cs.startswith(f"Hráč {EVE + 1}: ")
    assert s.refusal(EVE, "same").rule == "gheos.nothing_told"
    answer(s, "cups", 4)
    play(s, ("draw", "ordinary"), ("act", "red"), ("draw", "token"))
    codes = {o.value: o.code for o in s.prompt.options_for(ADAM)}
    assert codes["same"] == "#" and codes[4] == "4"


def test_a_count_recorded_with_asking_1_keeps_hash_as_the_count_itself():
    """Sessions recorded before asking 2 replay as they were answered: "#" was the count."""
    s = new(2, asking=1)
    found(s, "red", 3)
    play(s, ("act", "red"), ("draw", "token"))
    answer(s, "cups", 4)
    play(s, ("draw", "ordinary"), ("act", "red"), ("draw", "token"))
    first = s.prompt.options_for(ADAM)[0]
    assert (first.code, first.value) == ("#", 4)


def test_counts_are_not_asked_for_civilisations_nobody_holds():
    s = new(2)
    found(s, "red", 1)
    found(s, "blue", 0)  # blue is in play but nobody holds a blue follower
    play(s, ("act", "red"), ("draw", "epoch"))
    assert s.state["counting"]["todo"] == ["red"]
    answer(s, "pyramids", 2)
    assert s.prompt.step == "draw"


def test_a_fallen_civilisation_forgets_what_was_told_about_its_continent():
    s = new(2)
    found(s, "red", 1)
    found(s, "blue", 1)
    play(s, ("act", "red"), ("draw", "epoch"), ("pyramids", 3), ("pyramids", 1), ("draw", "ordinary"))
    play(s, ("act", "war"), ("swords", 2), ("swords", 0))  # Eve holds blue only: it pays
    assert s.state["in_play"] == ["red"] and "blue" not in s.state["told"]["pyramids"]
    assert s.state["told"]["pyramids"]["red"] == 3


def test_the_count_limit_setting_widens_the_range():
    s = new(2, count_limit=50)
    found(s, "red", 1)
    play(s, ("act", "red"), ("draw", "token"), ("cups", 45))
    assert totals(s)[EVE] == 45


# -- bad input: refused with the rule, nothing changes --------------------------------------------------


def test_taking_a_follower_when_the_supply_is_empty_is_refused():
    s = new(2)
    found(s, "red", 5)
    assert "red" not in values(s)
    refused(s, "act", "red", "supply_empty")
    assert sum(seat["red"] for seat in s.state["held"]) == 5 == s.state["rules"]["found_cap"]  # all 5 held
    assert "nothing" in values(s)  # no follower to take: step 2 may be skipped


def test_skipping_step_two_while_a_follower_can_be_taken_is_refused():
    s = new(2)
    found(s, "red", 1)
    refused(s, "act", "nothing", "step_two_compulsory")
    assert "red" in values(s)  # the follower that can be taken


def test_founding_on_an_occupied_continent_or_an_island_is_refused():
    s = new(2)
    found(s, "red", 1)
    answer(s, "act", "blue")
    assert codes(s)["*"] == "occupied"
    refused(s, "found_wheat", "occupied", "found_occupied")


def test_paying_with_a_follower_not_held_is_refused():
    s = new(2)
    found(s, "red", 1)
    found(s, "blue", 1)
    take(s, "blue")  # Adam: red 1, blue 1
    take(s, "red")
    play(s, ("act", "war"))
    assert s.prompt.step == "pay" and values(s) == ["red", "blue"]
    refused(s, "pay", "green", "not_held")
    assert "green" not in held(s, s.prompt.seats[0])  # the payer holds red and blue only


def test_a_colour_not_in_play_is_refused_where_a_civilisation_is_named():
    s = new(3)
    found(s, "red", 1)
    found(s, "blue", 1)
    found(s, "black", 1)
    play(s, ("act", "war"))
    refused(s, "war_civs", "green", "not_in_play")
    assert "green" not in s.state["in_play"]
    refused(s, "war_civs", "done", "war_needs_two")
    play(s, ("war_civs", "red"), ("war_civs", "blue"), ("war_civs", "black"))
    assert s.state["conflict"]["civs"] == ["red", "blue", "black"]
    answer(s, "war_civs", "black")  # a second press takes a colour back
    assert s.state["conflict"]["civs"] == ["red", "blue"]
    refused(s, "war_civs", "purple", "unknown_colour")


def test_a_token_is_refused_once_the_draw_has_begun_or_when_none_is_left():
    s = new(2)
    play(s, ("act", "nothing"), ("draw", "epoch"))
    assert "token" not in values(s)
    refused(s, "draw", "token", "token_before_draw")
    s = new(2)
    for _ in range(3):
        play(s, ("act", "nothing"), ("draw", "token"), ("draw", "ordinary"), ("act", "nothing"), ("draw", "ordinary"))
    answer(s, "act", "nothing")
    refused(s, "draw", "token", "no_token")


def test_one_war_one_migration_one_temple_per_tile_and_the_temple_last():
    s = new(2)
    found(s, "red", 2)
    found(s, "blue", 2)
    play(s, ("act", "temple"), ("temple_type", "cups"), ("temple_civ", "red"), ("temple_symbols", 2))
    refused(s, "act", "temple", "one_temple")
    refused(s, "act", "war", "temple_last")
    refused(s, "act", "migration", "temple_last")


# -- the readings U1-U9 ----------------------------------------------------------------------------


def test_every_reading_is_a_menu_setting_whose_default_is_the_box_files_and_unverified():
    by_key = {setting.key: setting for setting in GAME.settings}
    assert tuple(by_key) == READINGS
    for name in READINGS:
        reading = BOX.readings[name]
        assert not reading.verified and reading.question.startswith("U")
        assert by_key[name].initial() == reading.default and by_key[name].in_menu(3)
        assert by_key[name].allows(reading.default) and len(by_key[name].values) >= 2
    assert [BOX.readings[n].question for n in READINGS] == [f"U{i}" for i in range(1, 10)]


def temple_game(**options):
    s = new(2, **options)
    found(s, "red", 2)
    take(s, "red")
    return s  # Adam to play, red 2


def test_u4_a_temple_scores_per_symbol_for_its_placer_by_default():
    s = temple_game()
    play(s, ("act", "temple"), ("temple_type", "cups"), ("temple_civ", "red"), ("temple_symbols", 3))
    assert totals(s) == {ADAM: 3, EVE: 0} and "Player 1 +3: cup temple (3 symbols)" in events(s)
    assert s.prompt.step == "act" and "temple" not in values(s)


def test_u4_per_follower_multiplies_by_the_placers_followers_of_that_civilisation():
    s = temple_game(temple_mode="per_follower")
    play(s, ("act", "temple"), ("temple_type", "swords"), ("temple_civ", "red"), ("temple_symbols", 3))
    assert totals(s)[ADAM] == 6


def test_u5_a_temple_where_no_civilisation_lives_scores_only_when_the_reading_allows():
    s = temple_game()
    play(s, ("act", "temple"), ("temple_type", "wheat"), ("temple_civ", "none"))
    assert totals(s)[ADAM] == 0 and "Wheat temple on an unoccupied continent: no points." in events(s)[-1].capitalize()
    s = temple_game(temple_requires_occupied=False)
    play(s, ("act", "temple"), ("temple_type", "wheat"), ("temple_civ", "none"), ("temple_symbols", 2))
    assert totals(s)[ADAM] == 2


def spend_all_tokens(s):
    """Two players play their six tokens, holding nothing (so nothing is asked)."""
    for _ in range(6):
        play(s, ("act", "nothing"), ("draw", "token"))
        if any(s.state["tokens"]):
            answer(s, "draw", "ordinary")


def test_u6_after_the_last_token_the_turn_still_draws_by_default():
    s = new(2)
    spend_all_tokens(s)
    assert events(s)[-1] == "All tokens used." and s.prompt.step == "draw"
    play(s, ("draw", "epoch"), ("draw", "ordinary"))
    assert s.over and s.state["epochs"] == 1


def test_u6_immediately_ends_with_the_last_token():
    s = new(2, end_after_last_token="immediately")
    spend_all_tokens(s)
    assert s.over and s.state["epochs"] == 0


def war_and_migration(**options):
    """Adam's tile joins red and blue (a war he pays with red) and splits green's continent."""
    s = new(2, **options)
    found(s, "red", 2)
    found(s, "blue", 2)
    found(s, "green", 2)  # Adam: red 2, green 2
    take(s, "blue")
    play(
        s,
        ("act", "war"),
        ("war_civs", "red"),
        ("war_civs", "blue"),
        ("war_civs", "done"),
        ("pay", "red"),
        ("swords", 1),
        ("swords", 0),
    )
    assert s.state["in_play"] == ["red", "green"] and held(s, ADAM) == {"red": 1, "green": 2}
    play(s, ("act", "migration"), ("migrant", "green"))
    return s


def test_u7_a_war_and_a_migration_of_one_tile_cost_two_followers_by_default():
    s = war_and_migration()
    assert s.prompt.step == "pay"
    answer(s, "pay", "green")
    assert held(s, ADAM) == {"red": 1, "green": 1} and s.prompt.step == "part_kind"


def test_u7_one_follower_in_all_when_the_reading_says_so():
    s = war_and_migration(war_and_migration_cost=1)
    assert s.prompt.step == "part_kind"
    assert held(s, ADAM) == {"red": 1, "green": 2} and sum("pays" in e for e in events(s)) == 1


def test_u8_hidden_scores_keep_the_totals_out_of_the_public_view_until_the_end():
    s = new(2, hide_scores=True)
    found(s, "red", 1)
    play(s, ("act", "red"), ("draw", "token"), ("cups", 3))
    assert "totals" not in GAME.view(s.state) and GAME.view(s.state, EVE)["my_total"] == 3
    assert "Points" not in GAME.steps["ledger"].prompt(s.state, {}).detail.en
    for _ in range(5):
        answer(s, "draw", "epoch")
        if s.prompt.step == "pyramids":
            answer(s, "pyramids", 0)
    assert "totals" not in GAME.view(s.state)
    answer(s, "draw", "epoch")  # the 6th ends a 2-player game; this turn's cups are known
    assert s.over and GAME.view(s.state)["totals"] == [3, 6]


def test_u9_no_tiles_left_ends_the_game_by_default():
    s = new(2)
    until_only_epoch_tiles(s)
    founder = s.state["turn"]
    play(s, ("act", "red"), ("found_wheat", 1), ("draw", "empty"))
    assert "No tiles left: the game ends." in events(s) and s.prompt.step == "cups"
    answer(s, "cups", 2)
    assert s.over and totals(s) == {founder: 2, 1 - founder: 0}


def test_u9_play_out_lets_every_player_play_the_tiles_in_hand():
    s = new(2, on_empty_stack="play_out")
    until_only_epoch_tiles(s)
    first = s.state["turn"]
    play(s, ("act", "nothing"), ("draw", "empty"))
    assert s.state["stack"] == 0 and s.state["hands"][first] == 1
    for _ in range(3):
        play(s, ("act", "nothing"))
        assert values(s) == ["token", "empty"]
        answer(s, "draw", "empty")
    assert s.over and s.state["hands"] == [0, 0]
    assert f"Player {first + 1} has no tile left: the game ends." in events(s)


# -- the end ----------------------------------------------------------------------------------------


def test_equal_points_are_broken_by_more_followers():
    s = new(2)
    play(s, ("act", "red"), ("found_wheat", 2), ("draw", "epoch"), ("pyramids", 0))
    for _ in range(5):  # the 6th epoch tile ends a 2-player game
        answer(s, "draw", "epoch")
    answer(s, "cups", 0)
    assert s.over and totals(s) == {ADAM: 0, EVE: 0}
    assert s.score().ranking == (ADAM, EVE) and events(s)[-1] == "Player 1 wins!"
