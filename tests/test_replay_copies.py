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
    monkeypatch.setattr(engine_game, "copy_state", lambda *a, **k: copies.append(1) or real(*a, **k))
    actions = [action for _, action in effective_actions(game["entries"])]
    options = rules.validate_options(dict(game["options"]))
    state = known_games._replayed_state(rules, options, game["seed"], actions)
    monkeypatch.undo()
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
    for game in json.loads((CORPUS / "dva_bratri-2.json").read_text(encoding="utf-8"))["games"][:4]:
        state, copies = _replayed("dva_bratri", game, monkeypatch)
        monkeypatch.setattr(known_games, "CHECKPOINT", checkpoint)
        assert copies > 1  # it asked: the state before the question was rebuilt from a copy
        table = Session(games.load("dva_bratri"), game["options"], game["seed"], game["entries"])
        assert {k: v for k, v in state.items() if k != "recent"} == {
            k: v for k, v in table.state.items() if k != "recent"
        }
