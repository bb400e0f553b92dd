"""The example session in docs/games/gheos-example.json: the file is what the example's turns
give, it replays to the end with the documented result, and `companion replay` runs it."""

import json
from pathlib import Path

from companion.engine import Session
from companion.games.gheos import GAME

from ..replay_cli import replayed_by_the_cli
from .example import EXAMPLE, document

ROOT = Path(__file__).resolve().parents[3]


def test_the_example_file_is_what_its_turns_give():
    assert json.loads(EXAMPLE.read_text(encoding="utf-8")) == json.loads(json.dumps(document()))


def test_the_example_replays_to_the_result_the_players_guide_shows():
    doc = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    s = Session(GAME, doc["options"], doc["seed"], doc["entries"])
    scores = s.score()
    assert s.over and scores.totals == {0: 47, 1: 33} and scores.winner == 0
    assert scores.breakdown[0] == {"epoch": 14, "token": 26, "temple": 0, "final": 7, "followers": 4}
    assert scores.breakdown[1] == {"epoch": 8, "token": 17, "temple": 2, "final": 6, "followers": 4}
    guide = (ROOT / "docs" / "games" / "gheos.md").read_text(encoding="utf-8")
    assert "Player 1 47, Player 2 33" in guide


def test_companion_replay_runs_the_example_to_the_end():
    result = replayed_by_the_cli(EXAMPLE)
    assert result["game"] == "gheos" and result["over"] is True
    assert result["scores"]["totals"] == {"0": 47, "1": 33} and result["scores"]["winner"] == 0
