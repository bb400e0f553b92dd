"""copy_state: the copy every action works on (and every action again on resume)."""

from companion.engine.game import copy_state
from companion.engine.i18n import Msg


def test_the_copy_keeps_every_type_and_value_and_is_independent():
    state = {
        "seats": 3,
        "over": False,
        "ratio": 0.5,
        "none": None,
        "name": "Modrý ř",
        "cells": {"0,0": {"tile": "PUT-1", "up": True}},
        "order": ["C1", "I1"],
        "at": (1, 2),
        "by_seat": {0: [True, 1]},
        "nested": [[(0, "a")], {"k": ()}],
    }
    copy = copy_state(state)
    assert copy == state
    assert type(copy["at"]) is tuple and type(copy["by_seat"][0][0]) is bool and type(copy["by_seat"][0][1]) is int
    assert list(copy) == list(state) and list(copy["by_seat"]) == [0]  # order and int keys kept
    copy["cells"]["0,0"]["up"] = False
    copy["order"].append("C2")
    assert state["cells"]["0,0"]["up"] is True and state["order"] == ["C1", "I1"]


def test_parts_shared_in_the_state_stay_shared_in_the_copy():
    hand = ["a", "b"]
    copy = copy_state({"hand": hand, "also": hand})
    assert copy["hand"] is copy["also"] and copy["hand"] is not hand


def test_a_state_holding_another_object_is_still_copied_exactly():
    state = {"msg": Msg("Ahoj", "Hello"), "list": [1]}
    copy = copy_state(state)
    assert copy == state and copy["list"] is not state["list"]


def test_shared_parts_are_the_same_objects_in_the_copy_and_the_rest_is_copied():
    state = {"recent": [{"cs": "a", "en": "a"}], "learned": {"tiles": {}}, "board": {"0,0": {}}}
    copy = copy_state(state, ("recent", "learned", "absent"))
    assert copy == state and list(copy) == list(state)
    assert copy["recent"] is state["recent"] and copy["learned"] is state["learned"]
    assert copy["board"] is not state["board"] and copy["board"]["0,0"] is not state["board"]["0,0"]


def test_a_task_copied_with_its_state_is_the_copys_own_task():
    """What a step explaining a refusal tries its checks on (Dva bratři): the state and the task
    it holds copied together, the task still the one in the copied state, the original untouched."""
    state = {"queue": [{"t": "reveal", "slot": 2}], "pending": {"kind": "take"}, "picks": (1, 2)}
    for task in (state["queue"][0], state["pending"]):
        trial = copy_state({"state": state, "task": task})
        assert trial["task"] == task and trial["task"] is not task
        assert trial["task"] is trial["state"]["queue"][0] or trial["task"] is trial["state"]["pending"]
        trial["task"]["changed"] = True
        assert "changed" not in task and trial["state"]["picks"] == (1, 2)
