"""Scores: places shared by seats the rules cannot tell apart, and who won."""

import pytest

from companion.engine import Scores, shared_places


def test_equal_keys_share_a_place_and_the_next_place_skips():
    totals = {0: 9, 1: 12, 2: 9, 3: 12, 4: 5}
    order = sorted(totals, key=lambda s: -totals[s])
    assert order == [1, 3, 0, 2, 4]
    assert shared_places(order, totals.__getitem__) == (1, 1, 3, 3, 5)
    assert shared_places([], totals.__getitem__) == ()


def test_a_ranking_without_places_counts_down_and_has_one_winner():
    scores = Scores({0: 3, 1: 7}, ranking=(1, 0), final=True)
    assert scores.placed == ((1, 1), (0, 2)) and scores.winners == (1,) and scores.winner == 1
    assert scores.to_json()["places"] == [1, 2] and scores.to_json()["winners"] == [1]


def test_a_draw_has_several_winners_and_no_one_winner():
    scores = Scores({0: 5, 1: 5, 2: 1}, ranking=(0, 1, 2), final=True, places=(1, 1, 3))
    assert scores.winners == (0, 1) and scores.winner is None
    data = scores.to_json()
    assert data["places"] == [1, 1, 3] and data["winners"] == [0, 1] and data["winner"] is None


def test_nobody_wins_a_running_game_or_a_game_everyone_lost():
    assert Scores({0: 5, 1: 2}, ranking=(0, 1)).winners == ()  # not final
    lost = Scores({0: 5, 1: 2}, ranking=(0, 1), final=True, nobody_won=True)
    assert lost.winners == () and lost.winner is None and lost.placed == ((0, 1), (1, 2))


def test_places_must_match_the_ranking():
    with pytest.raises(ValueError):
        Scores({0: 1, 1: 1}, ranking=(0, 1), final=True, places=(1,))
