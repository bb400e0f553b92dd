"""Every character's effect, with its edge cases."""

import pytest

from companion.engine import PromptKind, RuleError
from companion.games.vaaalbara import GAME
from companion.games.vaaalbara.omens import deck_cards_left

from .helpers import answer, breakdown, events, gains, new, play_first_options_until_round, play_round, totals

# -- 1 Warrior ------------------------------------------------------------------------------------


def test_warrior_asks_every_other_possible_holder_in_seat_order():
    s = new(4)
    answer(s, "pick_character", [4, 5, 1, 9])
    asked = []
    for reply in ("yes", "no", "yes"):
        assert s.prompt.step == "warrior_reveal" and s.prompt.kind is PromptKind.CHOICE
        asked.append(s.prompt.seats[0])
        assert [o.code for o in s.prompt.options_for(None)] == ["#", "*"]
        answer(s, "warrior_reveal", reply)
    assert asked == [0, 1, 3]
    assert [breakdown(s, seat)["characters"] for seat in range(4)] == [1, 0, 0, 1]
    assert breakdown(s, 2)["characters"] == 0  # the player of the Warrior does not hold one
    assert "Modrá: +1 (ukázaná Bojovnice)" in events(s)
    assert s.prompt.step == "take_land"


def test_warrior_skips_seats_that_discarded_or_play_a_warrior():
    s = new(4)
    play_round(s, [1, 4, 5, 9], ["field"] * 4, warrior_reveal=["no", "no", "no"])
    # seat 0 discarded its Warrior; seats 1 and 2 both play one now (tie broken by omens)
    seen = play_round(s, [9, 1, 1, 3], ["field"] * 4, end=False, omen_best=[2], warrior_reveal=["yes", "yes"])
    assert seen[:3] == ["omen_best", "warrior_reveal", "take_land"]
    assert breakdown(s, 3)["characters"] == 2  # seat 3 showed it for both Warriors (+1, +1)
    assert breakdown(s, 0)["characters"] == 0


def test_warrior_nobody_to_ask():
    s = new(2)
    seen = play_round(s, [1, 1], ["field"] * 2, end=False, omen_best=[0])
    assert "warrior_reveal" not in seen


def test_revealed_warrior_stays_in_hand_by_default():
    s = new(2)
    play_round(s, [4, 1], ["field"] * 2, warrior_reveal=["yes"])
    assert 1 in [o.value for o in s.prompt.options_for(0)]
    assert s.state["discards"][0] == [4]


def test_revealed_warrior_discarded_when_the_setting_says_so():
    s = new(2, warrior_reveal_keeps_card=False)
    play_round(s, [4, 1], ["field"] * 2, warrior_reveal=["yes"])
    assert 1 not in [o.value for o in s.prompt.options_for(0)]
    assert s.state["discards"][0] == [1, 4]


def test_warrior_player_gains_when_the_setting_says_so():
    s = new(2, warrior_player_gains=True)
    play_round(s, [9, 1], ["field"] * 2, warrior_reveal=["no"])
    assert breakdown(s, 1)["characters"] == 1 and breakdown(s, 0)["characters"] == 0


# -- 2 Bard ---------------------------------------------------------------------------------------


def test_bard_gives_two_to_another_player_chosen_among_the_others():
    s = new(3)
    answer(s, "pick_character", [2, 4, 5])
    assert s.prompt.seats == (0,)
    assert [(o.value, o.code) for o in s.prompt.options_for(0)] == [(1, "2"), (2, "3")]
    before = totals(s)
    answer(s, "bard_target", 2)
    assert gains(before, totals(s)) == {0: 0, 1: 0, 2: 2}
    assert "Žlutá: +2 (Bardka – Modrá)" in events(s)


def test_bard_cannot_choose_its_own_player():
    s = new(3)
    answer(s, "pick_character", [2, 4, 5])
    with pytest.raises(RuleError) as err:
        GAME.apply(s.state, {"step": "bard_target", "seat": 0, "value": 0})
    assert err.value.rule == "vaaalbara.bard_other_player"
    assert err.value.text("cs") == "Modrá: Bardka dá +2 jinému hráči, ne sobě."  # names the player


# -- 3 Hunter and 10 Woodcarver -------------------------------------------------------------------


def test_hunter_two_players_single_neighbour():
    s = new(2)
    play_round(s, [3, 4], ["field"] * 2)
    assert breakdown(s, 0)["characters"] == 3
    before = breakdown(s, 1)["characters"]
    play_round(s, [5, 3], ["field"] * 2)
    assert breakdown(s, 1)["characters"] - before == 3


def test_hunters_tied_only_the_best_omens_gains():
    s = new(3)
    play_round(s, [3, 3, 3], ["field"] * 3, end=False, omen_best=[1, 2])
    assert s.state["acted"] == [1, 2, 0]
    assert [breakdown(s, seat)["characters"] for seat in range(3)] == [0, 3, 0]


def test_hunter_beaten_by_a_neighbour_with_lower_initiative():
    s = new(4)
    play_round(s, [3, 2, 12, 9], ["field"] * 4, bard_target=[2])
    assert breakdown(s, 0)["characters"] == 0


def test_hunter_not_beaten_by_a_non_neighbour():
    s = new(4)
    play_round(s, [3, 9, 2, 12], ["field"] * 4, bard_target=[3])
    assert breakdown(s, 0)["characters"] == 3


def test_woodcarver_two_players_after_the_neighbour():
    s = new(2)
    play_round(s, [10, 4], ["field"] * 2)
    assert breakdown(s, 0)["characters"] == 5


def test_woodcarver_needs_both_neighbours_done():
    s = new(4)
    play_round(s, [10, 4, 12, 11], ["field"] * 4)  # seat 3 (a neighbour) acts after
    assert breakdown(s, 0)["characters"] == 0
    s = new(4)
    play_round(s, [10, 4, 12, 9], ["field"] * 4)  # seat 2 is not a neighbour
    assert breakdown(s, 0)["characters"] == 5


# -- 4 Seer, 5 Carpenter --------------------------------------------------------------------------


def test_seer_counts_odd_neighbours_only():
    s = new(4)
    play_round(s, [4, 9, 7, 10], ["field"] * 4)  # seat 2 (7) is not a neighbour; seat 3 plays 10
    assert breakdown(s, 0)["characters"] == 2


def test_carpenter_with_no_forest_gains_nothing():
    s = new(2)
    play_round(s, [5, 4], ["forest6", "field"])
    assert breakdown(s, 0)["characters"] == 0 and breakdown(s, 0)["lands"] == 6


# -- 6 Falconer -----------------------------------------------------------------------------------


def falconer_victim_with_one_vp(**options):
    """Seat 0 drops to 0 VP (robbed in round 1, a first mountain), then gains 1 from a meadow
    right before seat 2's Falconer acts."""
    s = new(3, **options)
    play_round(s, [5, 6, 9], ["mountain", "forest3", "forest3"])
    assert totals(s)[0] == 0
    play_round(s, [4, 8, 6], ["meadow", "forest3", "forest3"], end=False, midwife_take_back=[6])
    return s


def test_falconer_victim_with_one_vp_loses_only_that():
    s = falconer_victim_with_one_vp()
    assert totals(s)[0] == 0
    assert breakdown(s, 0)["falconer_losses"] == -2 - 1
    assert breakdown(s, 2)["characters"] == 1
    assert "Žlutá: +1 (Sokolnice), Modrá: -1" in events(s)


def test_falconer_still_gains_two_when_the_setting_says_so():
    s = falconer_victim_with_one_vp(falconer_gain_capped=False)
    assert totals(s)[0] == 0
    assert breakdown(s, 2)["characters"] == 2


def test_falconer_victim_is_the_seat_just_before_in_turn_order():
    s = new(3)
    play_round(s, [1, 6, 4], ["mountain", "forest3", "forest3"], end=False, warrior_reveal=["no", "no"])
    # order: seat 0 (1), seat 2 (4), seat 1 (6): the victim is seat 2, not seat 0
    assert s.state["acted"] == [0, 2, 1]
    assert breakdown(s, 2)["falconer_losses"] == -2 and breakdown(s, 0)["falconer_losses"] == 0


# -- 7 Tracker, 9 Rider ---------------------------------------------------------------------------


def test_tracker_and_rider_ask_the_acting_seat_to_confirm_the_swap():
    s = new(3)
    answer(s, "pick_character", [7, 9, 4])
    answer(s, "take_land", "field")  # seat 2, the Seer, first
    assert (s.prompt.kind, s.prompt.step, s.prompt.seats) == (PromptKind.CONFIRM, "tracker_swap", (0,))
    answer(s, "tracker_swap", seat=0)
    answer(s, "take_land", "field")
    assert (s.prompt.kind, s.prompt.step, s.prompt.seats) == (PromptKind.CONFIRM, "rider_swap", (1,))
    answer(s, "rider_swap")  # the host may confirm for the player
    answer(s, "take_land", "field")
    assert s.prompt.step == "end_round"
    assert s.state["discards"] == [[7], [9], [4]]


def test_tracker_clears_omen_knowledge():
    s = new(4)
    answer(s, "pick_character", [3, 3, 7, 12])
    answer(s, "omen_best", 1)
    assert s.state["omens"] == [[1, 0]]
    for _ in range(2):
        answer(s, "take_land", "field")
    answer(s, "tracker_swap")
    assert s.state["omens"] == []
    assert "Stopař: nová vrchní karta, nová znamení" in events(s)


# -- 8 Midwife ------------------------------------------------------------------------------------


def test_midwife_with_nothing_to_take_back_is_skipped():
    s = new(2)
    answer(s, "pick_character", [8, 9])
    assert s.prompt.step == "take_land" and s.state["turn"] == 0
    assert "Modrá: Porodní bába nemá co vzít zpět" in events(s)


def test_midwife_choice_and_refusals():
    s = new(2)
    play_round(s, [3, 9], ["field"] * 2)
    play_round(s, [4, 10], ["field"] * 2)
    answer(s, "pick_character", [8, 12])
    assert s.prompt.step == "midwife_take_back" and s.prompt.seats == (0,)
    assert [(o.value, o.code) for o in s.prompt.options_for(0)] == [(3, "3"), (4, "4")]
    for value, rule in ((8, "vaaalbara.midwife_not_midwife"), (7, "vaaalbara.midwife_own_discard")):
        with pytest.raises(RuleError) as err:
            GAME.apply(s.state, {"step": "midwife_take_back", "seat": 0, "value": value})
        assert err.value.rule == rule
    answer(s, "midwife_take_back", 3)
    assert s.state["discards"][0] == [4, 8]  # Hunter back in hand, the Midwife discarded
    answer(s, "take_land", "field")
    answer(s, "take_land", "field")
    answer(s, "end_round")
    assert 3 in [o.value for o in s.prompt.options_for(0)]
    assert 8 not in [o.value for o in s.prompt.options_for(0)]


# -- 11 Explorer ----------------------------------------------------------------------------------


def test_explorer_with_an_empty_domain_is_skipped():
    s = new(2)
    answer(s, "pick_character", [11, 12])
    assert s.prompt.step == "take_land" and s.state["turn"] == 0
    assert s.state["discards"][0] == [11]
    assert "Modrá: Průzkumník nemá co vyměnit" in events(s)


def test_explorer_swaps_a_domain_land_and_scores_the_new_one_with_initiative_eleven():
    s = new(2)
    play_round(s, [3, 4], ["river", "field"])
    play_round(s, [4, 3], ["forest4", "field"])
    answer(s, "pick_character", [11, 5])
    answer(s, "take_land", "field")  # seat 1 first
    assert s.prompt.step == "explorer_give"
    assert [(o.value, o.code) for o in s.prompt.options_for(0)] == [("forest4", "3"), ("river", "9")]
    with pytest.raises(RuleError) as err:
        GAME.apply(s.state, {"step": "explorer_give", "seat": 0, "value": "meadow"})
    assert err.value.rule == "vaaalbara.explorer_own_land"
    answer(s, "explorer_give", "forest4")
    assert s.prompt.step == "explorer_receive" and len(s.prompt.options_for(0)) == 9
    before = breakdown(s, 0)
    answer(s, "explorer_receive", "river")
    assert breakdown(s, 0)["characters"] - before["characters"] == 6 * 2
    assert sorted(s.state["domains"][0]) == ["river", "river"]
    answer(s, "take_land", "field")
    assert breakdown(s, 0)["lands"] - before["lands"] == 2  # not doubled, no Farmer
    assert "Modrá: +12 (Průzkumník: Les 4 → Řeka)" in events(s)


def test_explorer_on_the_last_deck_card_changes_the_omens():
    assert [deck_cards_left({"seats": n, "round": 9}) for n in (2, 3, 4, 5)] == [None, None, 11, 1]
    s = new(5)
    play_first_options_until_round(s, 9)
    available = [o.value for o in s.prompt.options_for(0)]
    assert 1 in available and 11 in available
    answer(s, "pick_character", [1, 1, 11, 12, 12])
    answer(s, "omen_best", 0)
    for _ in range(2):  # two Warriors, each asking seats 2, 3, 4
        for _ in range(3):
            answer(s, "warrior_reveal", "no")
        answer(s, "take_land", "field")
    assert s.state["omens"] == [[0, 1]]
    answer(s, "explorer_give", s.prompt.options_for(2)[0].value)
    answer(s, "explorer_receive", "field")
    assert s.state["omens"] == []
    assert "Průzkumník: nová vrchní karta, nová znamení" in events(s)


def test_explorer_in_a_four_player_round_nine_keeps_the_omens():
    s = new(4)
    play_first_options_until_round(s, 9)
    answer(s, "pick_character", [1, 1, 11, 12])
    answer(s, "omen_best", 0)
    for _ in range(2):  # two Warriors, each asking seats 2 and 3
        for _ in range(2):
            answer(s, "warrior_reveal", "no")
        answer(s, "take_land", "field")
    answer(s, "explorer_give", s.prompt.options_for(2)[0].value)
    answer(s, "explorer_receive", "field")
    assert s.state["omens"] == [[0, 1]]


# -- 12 Farmer ------------------------------------------------------------------------------------


def test_farmer_doubles_the_land_and_says_so():
    s = new(2)
    answer(s, "pick_character", [12, 3])
    answer(s, "take_land", "forest5")
    assert s.prompt.detail.en == "Farmer: the reward is doubled."
    answer(s, "take_land", "forest5")
    assert breakdown(s, 0)["lands"] == 10 and breakdown(s, 1)["lands"] == 5
