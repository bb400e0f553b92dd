"""Box memory: checked by the game before a session gets it, moved aside when unusable, written
without fsync and rebuilt from the latest session when a crash left it unreadable."""

from __future__ import annotations

import json
import os
from pathlib import Path
from unittest import mock

import pytest

from companion.games import load
from companion.known_games import KNOWN
from companion.store import Store
from companion.store.boxes import BoxFiles


@pytest.mark.parametrize(
    "game, memory, problem",
    [
        ("dva_bratri", {"tiles": 5}, "'tiles' must map ids to facts, not int"),
        ("dva_bratri", {"tiles": {"PUT-1": {"roads": "x"}}}, "tiles.PUT-1.roads: must list edges"),
        ("dva_bratri", {"tiles": {"PUT-1": {"cost": {"wood": "2"}}}}, "tiles.PUT-1.cost"),
        ("dva_bratri", {"treasures": []}, "'treasures' must map ids to facts"),
        ("dva_bratri", {"coins": {}}, "unknown part 'coins'"),
        ("graenaland", {"pieces": "x"}, "pieces: must be a table, not text"),
        ("graenaland", {"pieces": 5}, "pieces: must be a table, not a number"),
        ("graenaland", {"pieces": {"a": "x"}}, "pieces.a: must be a table"),
    ],
)
def test_unusable_memory_is_moved_aside_with_a_notice(tmp_path, game, memory, problem, caplog):
    files = BoxFiles(tmp_path, check=KNOWN.memory_problem)
    files.save(game, memory)
    assert files.check(game) and problem in files.check(game)
    assert files.load(game) == {}
    assert not files.path(game).exists()
    assert json.loads((tmp_path / f"{game}.json.bad-1").read_text()) == memory
    notice = files.problem(game)
    assert notice.en == f"Bad box data moved aside: box/{game}.json.bad-1"
    assert notice.cs == f"Vadná data krabice odložena: box/{game}.json.bad-1"
    assert problem in caplog.text
    assert files.load(game) == {} and files.problem(game) is None  # started from the shipped data


@pytest.mark.parametrize(
    "game, memory",
    [
        ("dva_bratri", {"tiles": {"PUT-1": {"colour": "green", "roads": ["N", "S"], "cost": {"wood": 1}}}}),
        ("dva_bratri", {"tiles": {}, "treasures": {}}),
        ("graenaland", {}),
    ],
)
def test_usable_memory_is_handed_over(tmp_path, game, memory):
    files = BoxFiles(tmp_path, check=KNOWN.memory_problem)
    files.save(game, memory)
    assert files.load(game) == memory and files.problem(game) is None


def test_memory_a_game_learned_passes_its_own_check(tmp_path):
    """What a real Dva bratři session learns is accepted back (the check is not too strict)."""
    from companion.engine import Session
    from companion.games.dva_bratri.box import memory_problem

    data = json.loads(Path("tests/data/corpus/dva_bratri-2.json").read_text(encoding="utf-8"))
    for played in data["games"][:4]:
        session = Session(load("dva_bratri"), played["options"], played["seed"], played["entries"])
        learned = load("dva_bratri").learned_box(session.state)
        assert learned["tiles"] and memory_problem(learned) is None


def test_saving_memory_does_not_fsync(tmp_path):
    files = BoxFiles(tmp_path, check=KNOWN.memory_problem)
    with mock.patch.object(os, "fsync", side_effect=AssertionError("fsync on the key path")):
        files.save("dva_bratri", {"tiles": {}})
    assert files.load("dva_bratri") == {"tiles": {}}


def test_memory_a_crash_tore_is_rebuilt_from_the_latest_session(tmp_path):
    from companion.engine import Session

    data = json.loads(Path("tests/data/corpus/dva_bratri-2.json").read_text(encoding="utf-8"))
    played = data["games"][0]
    rules = load("dva_bratri")
    with Store(tmp_path / "companion.db", rules=KNOWN) as store:
        session = Session(rules, played["options"], played["seed"])
        sid = store.create_session("dva_bratri", session.options, played["seed"], ["Modrý", "Bílý"])
        for entry in played["entries"][:300]:
            store.append(sid, entry)
        expected = rules.learned_box(Session(rules, played["options"], played["seed"], played["entries"][:300]).state)
        files = BoxFiles(tmp_path / "box", rebuild=store.learned_box, check=KNOWN.memory_problem)
        files.directory.mkdir()
        files.path("dva_bratri").write_bytes(b'{"tiles": {"PUT')  # torn by a power cut
        assert expected["tiles"] and files.load("dva_bratri") == expected
        assert json.loads(files.path("dva_bratri").read_text()) == expected
