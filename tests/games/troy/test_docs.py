"""docs/games/troy.md and its example session: the file is the game of example.py, it replays
to its end, and ``python3 -m companion replay FILE --json`` runs it to the end."""

from __future__ import annotations

import json
from pathlib import Path

from companion.engine import Session
from companion.games.troy import GAME

from ..replay_cli import replayed_by_the_cli
from .example import EXAMPLE, document

ROOT = Path(__file__).resolve().parents[3]
GUIDE = ROOT / "docs" / "games" / "troy.md"


def test_the_example_file_is_the_scripted_game():
    assert json.loads(EXAMPLE.read_text(encoding="utf-8")) == json.loads(json.dumps(document()))


def test_the_example_replays_to_the_end_of_the_war():
    doc = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    session = Session(GAME, doc["options"], doc["seed"], doc["entries"])
    assert session.over and session.score().final
    assert session.state["troy"]["wins"]["mycenae"] == 5  # the war ended on the saga track
    steps = {e["action"]["step"] for e in doc["entries"]}
    assert {"allegiance", "donate_cards", "battle", "battle_result", "sea_people", "put_back"} <= steps


def test_companion_replay_runs_the_example_to_the_end():
    result = replayed_by_the_cli(EXAMPLE)
    doc = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    expected = Session(GAME, doc["options"], doc["seed"], doc["entries"]).score()
    assert result["over"] is True and result["scores"] == expected.to_json()


def test_the_guide_names_every_unverified_value_of_the_box():
    from companion.games.troy.box import BOX

    text = GUIDE.read_text(encoding="utf-8")
    for name in BOX.unverified:
        assert f"`{name}`" in text, name
