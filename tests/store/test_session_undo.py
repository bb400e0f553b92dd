"""Undo from kept states (engine/session.py): the same state as replaying the log without the
last action, at any depth of undos, without replaying the whole log."""

from __future__ import annotations

import json
import random
from pathlib import Path
from unittest import mock

import pytest

from companion.engine import Session
from companion.games import load

CORPUS = Path(__file__).resolve().parents[1] / "data" / "corpus"


def whole_game(name: str, number: int = 0):
    data = json.loads((CORPUS / f"{name}.json").read_text(encoding="utf-8"))
    played = data["games"][number]
    return load(data["game"]), played["options"], played["seed"], played["entries"]


@pytest.mark.parametrize("name", ["dva_bratri-2", "graenaland-4", "vaaalbara-3"])
def test_undo_after_undo_matches_a_replay_without_those_actions(name):
    game, options, seed, entries = whole_game(name)
    session = Session(game, options, seed, entries)
    actions = session.actions
    rng = random.Random(name)
    undone = 0
    for _ in range(min(40, len(actions))):
        session.commit(session.plan_undo(True))
        undone += 1
        if rng.random() < 0.3:  # now and then play an action again, then take it back
            again = session.evaluate(actions[len(actions) - undone])
            session.commit(again)
            undone -= 1
    expected = Session(game, options, seed, [{"action": a} for a in actions[: len(actions) - undone]])
    assert session.state == expected.state
    assert session.prompt == expected.prompt
    assert session.actions == actions[: len(actions) - undone]


def test_one_undo_applies_no_action_and_a_deep_one_at_most_a_stride():
    game, options, seed, entries = whole_game("dva_bratri-2")
    session = Session(game, options, seed, entries)
    with mock.patch.object(type(game), "apply", side_effect=AssertionError("replayed")):
        session.commit(session.plan_undo(True))
    calls = []
    real_apply = type(game).apply

    def counting(self, *args, **kwargs):
        calls.append(1)
        return real_apply(self, *args, **kwargs)

    with mock.patch.object(type(game), "apply", counting):
        for _ in range(100):
            before = len(calls)
            session.commit(session.plan_undo(True))
            assert len(calls) - before < 16
    assert len(calls) < 100  # mostly free: the replayed stretch is kept for the next undos
