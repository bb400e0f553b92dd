"""The import's quick replay copies a state only where a question (``Ask``) may need one: a
game that never asks is copied once (its set-up state), a game that asks gets a copy every
``CHECKPOINT`` actions after its first question, and reaches the table's state either way."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion import games, known_games
from companion.engine import Session
from companion.engine import game as engine_game
from companion.engine.session import effective_actions

CORPUS = Path(__file__).parent / "data" / "corpus"


def _replayed(name: str, game: dict, monkeypatch) -> tuple[dict, int]:
    rules = games.load(name)
    copies = []
    real = engine_game.copy_state
    engine_game.copy_state = lambda *a, **k: copies.append(1) or real(*a, **k)
    try:
        actions = [action for _, action in effective_actions(game["entries"])]
        options = rules.validate_options(dict(game["options"]))
        state = known_games._replayed_state(rules, options, game["seed"], actions)
    finally:
        engine_game.copy_state = real
    return state, len(copies)


def test_a_game_that_never_asks_is_copied_once(monkeypatch):
    game = json.loads((CORPUS / "graenaland-4.json").read_text(encoding="utf-8"))["games"][0]
    assert len(game["entries"]) > 3 * known_games.CHECKPOINT
    state, copies = _replayed("graenaland", game, monkeypatch)
    assert copies == 1
    table = Session(games.load("graenaland"), game["options"], game["seed"], game["entries"])
    assert {k: v for k, v in state.items() if k != "recent"} == {k: v for k, v in table.state.items() if k != "recent"}


@pytest.mark.parametrize("checkpoint", [1, 16, 10**6])
def test_a_game_that_asks_reaches_the_tables_state_whatever_the_copies(checkpoint, monkeypatch):
    monkeypatch.setattr(known_games, "CHECKPOINT", checkpoint)
    monkeypatch.setattr(known_games, "ASKING", _Fixed())  # every question rebuilds
    for game in json.loads((CORPUS / "dva_bratri-2.json").read_text(encoding="utf-8"))["games"][:4]:
        state, copies = _replayed("dva_bratri", game, monkeypatch)
        assert copies > 1  # it asked: the state before the question was rebuilt from a copy
        table = Session(games.load("dva_bratri"), game["options"], game["seed"], game["entries"])
        assert {k: v for k, v in state.items() if k != "recent"} == {
            k: v for k, v in table.state.items() if k != "recent"
        }


class _Fixed(known_games.AskingSteps):
    """Steps taken as often asking, whatever they do (``count`` learns nothing)."""

    def __init__(self, often=()):
        super().__init__()
        self.often = set(often)

    def count(self, step, asked):
        pass


def _table_state(name: str, game: dict) -> dict:
    table = Session(games.load(name), game["options"], game["seed"], game["entries"])
    return {k: v for k, v in table.state.items() if k != "recent"}


def _asking_games():
    for name, path in (
        ("dva_bratri", "dva_bratri-1.json"),  # solo: Jindřich's turns
        ("dva_bratri", "dva_bratri-2.json"),
        ("great_wall", "great_wall-4.json"),
    ):
        yield from ((name, game) for game in json.loads((CORPUS / path).read_text(encoding="utf-8"))["games"][:3])


def test_steps_that_ask_often_are_learned_and_copied_before_instead_of_rebuilt(monkeypatch):
    learning = known_games.AskingSteps()
    monkeypatch.setattr(known_games, "ASKING", learning)
    for name, game in _asking_games():
        _replayed(name, game, monkeypatch)
    assert learning.often  # Dva bratři's build, Jindřich's turn, the Great Wall's roll ...
    for step in learning.often:
        assert learning.asked[step] >= 2 and learning.asked[step] * learning.OFTEN >= learning.done[step]
    for step in set(learning.done) - learning.often:
        assert learning.asked.get(step, 0) < 2 or learning.asked[step] * learning.OFTEN < learning.done[step]
    monkeypatch.setattr(known_games, "CHECKPOINT", 10**6)  # a rebuild carries out every action again
    again = []
    real = known_games._again
    monkeypatch.setattr(known_games, "_again", lambda *a: again.append(1) or real(*a))
    rebuilt = {}
    for asking in (learning, _Fixed()):
        monkeypatch.setattr(known_games, "ASKING", asking)
        again.clear()
        for name, game in _asking_games():
            state, _ = _replayed(name, game, monkeypatch)
            assert {k: v for k, v in state.items() if k != "recent"} == _table_state(name, game)
        rebuilt[asking is learning] = len(again)
    assert rebuilt[True] * 20 < rebuilt[False]  # learned: hardly anything is done twice


@pytest.mark.parametrize("which", ["none", "all", "each"])
def test_the_state_is_the_tables_whichever_steps_are_copied_before(which, monkeypatch):
    """Questions of steps copied before and of steps rebuilt, mixed, and a rebuild that does
    again both kinds of thing done since the last copy (the checkpoints far apart)."""
    learning = known_games.AskingSteps()
    monkeypatch.setattr(known_games, "ASKING", learning)
    for name, game in _asking_games():
        _replayed(name, game, monkeypatch)
    asking = sorted(learning.asked, key=lambda step: step.__name__)
    assert len(asking) >= 3
    choices = {"none": [()], "all": [asking], "each": [[step] for step in asking]}[which]
    for often in choices:
        monkeypatch.setattr(known_games, "ASKING", _Fixed(often))
        for checkpoint in (4, 10**6):
            monkeypatch.setattr(known_games, "CHECKPOINT", checkpoint)
            for name, game in _asking_games():
                state, _ = _replayed(name, game, monkeypatch)
                replayed = {k: v for k, v in state.items() if k != "recent"}
                assert replayed == _table_state(name, game), (often, checkpoint)
