"""Every land reward, scored the moment the land joins the domain."""

import pytest

from .helpers import breakdown, new, play_round

# Two seats with different characters every round (no ties, no character questions).
SEAT0_PICKS = [3, 4, 5, 9, 10, 6, 12]
SEAT1_PICKS = [10, 9, 4, 3, 5, 12, 6]


def lands_gained(seat0_lands, seat1_lands=None, seats=2, **options):
    """The 'lands' VP seat 0 gained in each round (character gains are kept apart)."""
    s = new(seats, **options)
    seat1_lands = seat1_lands or ["field"] * len(seat0_lands)
    gained = []
    for round_index, land in enumerate(seat0_lands):
        before = breakdown(s, 0)["lands"]
        play_round(s, [SEAT0_PICKS[round_index], SEAT1_PICKS[round_index]], [land, seat1_lands[round_index]])
        gained.append(breakdown(s, 0)["lands"] - before)
    return gained


@pytest.mark.parametrize("card, value", [("forest3", 3), ("forest4", 4), ("forest5", 5), ("forest6", 6)])
def test_forest_scores_its_printed_value(card, value):
    assert lands_gained([card, card]) == [value, value]


def test_field_two_per_field_including_this_one():
    assert lands_gained(["field"] * 4) == [2, 4, 6, 8]


def test_mountains_second_ten_fourth_twenty_others_nothing():
    assert lands_gained(["mountain"] * 5) == [0, 10, 0, 20, 0]


def test_village_two_per_distinct_type():
    assert lands_gained(["village", "village", "field", "mountain", "village"]) == [2, 2, 2, 0, 6]


def test_river_initiative_capped_at_six_times_rivers():
    # seat 0 plays 3, 4, 5, 9, 10: rivers 1..5
    assert lands_gained(["river"] * 5) == [3 * 1, 4 * 2, 5 * 3, 6 * 4, 6 * 5]


def test_farmer_doubles_the_land():
    # round 7: seat 0 plays the Farmer and takes its 3rd field
    assert lands_gained(["field", "forest3", "forest3", "forest3", "forest3", "field", "field"])[-1] == 2 * 3 * 2


def test_meadow_two_players_counts_the_opponent_once():
    assert lands_gained(["meadow", "meadow"], ["meadow", "field"]) == [1, 2 + 1]


def test_meadow_two_players_counts_the_opponent_twice_when_the_setting_says_so():
    assert lands_gained(["meadow", "meadow"], ["meadow", "field"], two_player_meadow_neighbour_once=False) == [
        1,
        2 + 2 * 1,
    ]
