"""docs/games/great_wall-example.json: what docs/games/great_wall.md says of it, and that
``companion replay FILE --json`` runs it to the end."""

import json
from pathlib import Path

from companion.engine import Session
from companion.games.great_wall import GAME

from ..replay_cli import replayed_by_the_cli

ROOT = Path(__file__).resolve().parents[3]
EXAMPLE = ROOT / "docs" / "games" / "great_wall-example.json"


def replayed() -> Session:
    doc = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    assert doc["game"] == "great_wall" and doc["options"] == {"seats": 4, "rules": 2}
    return Session(GAME, doc["options"], doc["seed"], doc["entries"])


def test_the_example_ends_with_chinas_fall_as_the_guide_tells():
    s = replayed()
    g = s.state["great_wall"]
    assert s.over and s.state["over"]["winner"] is None and g["breaches"] == 5
    assert s.state["first"] == 1 and g["fortress"] == [0, 1, 2, 3]
    scores = s.score()
    assert scores.totals[0] == scores.totals[1] == 8 and scores.ranking[:2] == (0, 1)
    assert scores.breakdown[1]["vp_cards"] == 1 and s.state["longest_road"] == 0
    steps = [e["action"]["step"] for e in s.entries]
    assert steps.count("attack_number") == 6 and steps.count("expel_numeral") == 4
    assert all(e["action"]["value"] == "back" for e in s.entries if e["action"]["step"] == "wall_cost")
    assert "China has fallen: everyone loses. The least defeated: Player 1, Player 2 (8 VP)." in [
        m["en"] for m in s.state["recent"]
    ]


def test_companion_replay_runs_the_example_to_the_end():
    result = replayed_by_the_cli(EXAMPLE)
    assert result["over"] is True and result["game"] == "great_wall"
    assert result["state"] == json.loads(json.dumps(replayed().state))
    assert result["scores"]["ranking"][:2] == [0, 1]
