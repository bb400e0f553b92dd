"""Boxes of a club over a real Mosquitto: every box's history and league end the same."""

from __future__ import annotations

from .conftest import converged


def same(states: list[dict], key: str) -> bool:
    return all(state[key] == states[0][key] for state in states)


def test_two_boxes_share_their_plays_both_ways(boxes):
    kitchen, garden = boxes("kitchen").start(), boxes("garden").start()
    mine = kitchen.play(1, "Anna", "Petr")
    theirs = garden.play(2, "Petr", "Eva", "Anna")
    states = converged([kitchen, garden], 2)
    assert states[0]["uids"] == states[1]["uids"] == sorted([mine, theirs])
    assert same(states, "league") and same(states, "people")
    assert states[0]["origins"] == {mine: "kitchen", theirs: "garden"} == states[1]["origins"]
    assert states[0]["people"] == ["Anna", "Eva", "Petr"]
