"""The session file shown in docs/session-format.md loads and replays; time changes nothing."""

from __future__ import annotations

import json
import re
from pathlib import Path

from companion.engine import Session
from companion.games import load
from companion.store import load_session_file

DOC = Path(__file__).resolve().parents[2] / "docs" / "session-format.md"


def example() -> dict:
    block = re.search(r"```json\n(.*?)\n```", DOC.read_text(encoding="utf-8"), re.S).group(1)
    return json.loads(block)


def test_the_documented_example_loads_and_replays(tmp_path):
    path = tmp_path / "example.json"
    path.write_text(json.dumps(example(), ensure_ascii=False), encoding="utf-8")
    document = load_session_file(path)
    game = load(document["game"])
    session = Session(game, document["options"], document["seed"], document["entries"])
    assert len(session.actions) == document["meta"]["actions"] == 3
    assert session.prompt.step == "take_land"
    labels = [game.seat_label(session.state, seat).cs for seat in range(2)]
    assert labels == document["meta"]["seats"]


def test_times_never_change_a_replay():
    document = example()
    game = load(document["game"])
    timed = Session(game, document["options"], document["seed"], document["entries"])
    bare = [{key: value for key, value in entry.items() if key in ("action", "undo")} for entry in document["entries"]]
    untimed = Session(game, document["options"], document["seed"], bare)
    assert timed.state == untimed.state and timed.prompt == untimed.prompt


def test_a_version_1_file_still_loads(tmp_path):
    document = example()
    document["version"] = 1
    for entry in document["entries"]:
        entry.pop("at", None)
        entry.pop("locked", None)
    document["meta"] = {
        key: document["meta"][key] for key in ("id", "started", "finished", "seats", "scores", "winner")
    }
    path = tmp_path / "v1.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    loaded = load_session_file(path)
    assert loaded["version"] == 2 and loaded["meta"]["uid"] is None
    Session(load("vaaalbara"), loaded["options"], loaded["seed"], loaded["entries"])
