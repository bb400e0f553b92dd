"""The pure rules under the steps: the ledger, the referees' decisions and the ranking."""

import pytest

from companion.engine import RuleError
from companion.games.gheos import conflict, ledger, scoring

from .helpers import new


def state(seats: int = 2) -> dict:
    return new(seats).state


def test_the_supply_is_what_nobody_holds_and_an_empty_supply_refuses_a_take():
    st = state()
    assert ledger.found(st, 0, "red", 3) == 3 and ledger.supply(st, "red") == 2
    ledger.take(st, 1, "red")
    ledger.take(st, 1, "red")
    with pytest.raises(RuleError) as error:
        ledger.take(st, 0, "red")
    assert error.value.rule == "gheos.supply_empty"
    with pytest.raises(RuleError) as error:
        ledger.take(st, 0, "blue")
    assert error.value.rule == "gheos.not_in_play"
    with pytest.raises(RuleError) as error:
        ledger.found(st, 1, "red", 1)
    assert error.value.rule == "gheos.colour_in_play"


def test_paying_needs_a_follower_of_that_colour_and_a_fall_returns_every_one():
    st = state(3)
    ledger.found(st, 0, "red", 2)
    ledger.take(st, 2, "red")
    with pytest.raises(RuleError) as error:
        ledger.pay(st, 1, "red")
    assert error.value.rule == "gheos.not_held"
    st["told"] = {"pyramids": {"red": 2, "blue": 1}, "temple_symbols": {"cups:red": 3}}
    assert ledger.eliminate(st, "red") == {0: 2, 2: 1}
    assert ledger.supply(st, "red") == 5 and st["in_play"] == []
    assert st["told"] == {"pyramids": {"blue": 1}, "temple_symbols": {}}


def test_war_leaders_and_migration_candidates():
    assert conflict.war_leaders({"red": 1, "yellow": 0}) == ["red"]
    assert conflict.war_leaders({"yellow": 1, "blue": 1, "red": 0}) == ["yellow", "blue"]
    parts = [{"kind": "island", "wheat": 2}, {"kind": "continent", "wheat": 2}, {"kind": "continent", "wheat": 1}]
    assert conflict.migration_candidates(parts) == [1]
    parts[0]["wheat"] = 3
    assert conflict.migration_candidates(parts) == [0]
    parts[2]["wheat"] = 3
    assert conflict.migration_candidates(parts) == [2]


def test_ranking_by_points_then_followers_and_who_shares_the_top():
    st = state(3)
    ledger.found(st, 0, "red", 2)
    ledger.found(st, 1, "blue", 3)
    for seat, points in enumerate((10, 10, 12)):
        st["points"][seat]["token"] = points
    assert scoring.ranking(st) == ([2, 1, 0], [2])
    st["points"][2]["token"] = 10
    assert scoring.ranking(st) == ([1, 0, 2], [1])
    st["held"][0]["red"] = 3
    assert scoring.ranking(st) == ([0, 1, 2], [0, 1])
    assert scoring.temple_gain("per_symbol", 4, 3) == 4 and scoring.temple_gain("per_follower", 4, 3) == 12
