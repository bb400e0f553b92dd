"""``Game.checked`` and ``Game.perform``, the import's replay of a log: the step a check found
is the step ``perform`` hands the action to, without asking the game again where the state
stands; an action performed on another state (rebuilt after a question) asks it afresh."""

from __future__ import annotations

import json

from companion.engine.i18n import unworded
from companion.engine.session import effective_actions
from companion.games import load
from tests.games.corpus import CORPUS


def _games(name: str):
    corpus = json.loads((CORPUS / f"{name}-2.json").read_text(encoding="utf-8"))
    return load(corpus["game"]), corpus["games"]


def test_checked_then_performed_asks_where_the_state_stands_once_an_action(monkeypatch):
    rules, games = _games("vaaalbara")
    game = games[0]
    asked = []
    real = type(rules).where
    monkeypatch.setattr(type(rules), "where", lambda self, state: asked.append(1) or real(self, state))
    state = rules.setup(rules.validate_options(dict(game["options"])), game["seed"])
    actions = [action for _, action in effective_actions(game["entries"])]
    with unworded():
        for action in actions:
            rules.perform(state, rules.checked(state, action))
    assert len(asked) == len(actions)
    assert rules.prompt(state) is None  # the game ran to its end, as the log says


def test_an_action_checked_on_one_state_and_performed_on_another_asks_again(monkeypatch):
    from companion.engine.game import copy_state

    rules, games = _games("vaaalbara")
    game = games[0]
    state = rules.setup(rules.validate_options(dict(game["options"])), game["seed"])
    first = next(action for _, action in effective_actions(game["entries"]))
    checked = rules.checked(state, first)
    other = copy_state(state)
    asked = []
    real = type(rules).where
    monkeypatch.setattr(type(rules), "where", lambda self, state: asked.append(1) or real(self, state))
    rules.perform(other, checked)
    assert asked and other != state  # the copy moved on, by the step it awaited itself
    rules.perform(state, rules.checked(state, first))
    assert other == state
