"""The games are imported when first needed: the menu, from the titles in table.catalog, looks
the same as with every game imported; choosing or resuming a game imports that one only."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from companion.app import make_table
from companion.engine import Msg
from companion.games import REGISTRY, TITLES, available, load
from companion.store import Store
from companion.surface.events import KeyEvent
from companion.table.catalog import LazyGames
from companion.table.flow import MainMenu, Play, RestartQuestion
from companion.table.table import Table

from .helpers import MemoryRecorder, host, press

ROOT = Path(__file__).resolve().parents[2]

START = """
import json, sys
from companion.app import make_table
from companion.store import Store
store = Store(sys.argv[1] + "/companion.db")
table = make_table(store, sys.argv[2])
frame = table.frame()
loaded = sorted(m for m in sys.modules if m.startswith("companion.games."))
print(json.dumps({"loaded": loaded, "menu": [i.label.get(sys.argv[2]) for i in table.screen.items],
                  "lines": list(frame.lines)}))
"""


@pytest.mark.parametrize("language", ["cs", "en"])
def test_start_up_imports_no_game_and_the_menu_is_the_same(tmp_path, language):
    run = subprocess.run(
        [sys.executable, "-c", START, str(tmp_path), language], cwd=ROOT, capture_output=True, text=True, check=True
    )
    started = json.loads(run.stdout)
    assert started["loaded"] == []
    eager = Table(MemoryRecorder(), {name: load(name) for name in available()}, language)
    assert started["menu"] == [item.label.get(language) for item in eager.screen.items]
    assert started["lines"] == list(eager.frame().lines)


def test_every_registered_game_has_its_own_title_in_the_catalogue():
    assert set(TITLES) == set(REGISTRY), "add the new game's title to companion/games/__init__.py"
    for name, title in TITLES.items():
        assert title == load(name).title, name


def test_choosing_a_game_imports_that_one_only():
    asked = []

    def loader(name):
        asked.append(name)
        return load(name)

    games = LazyGames(available(), loader, TITLES)
    table = Table(MemoryRecorder(), games, "en")
    assert asked == [] and len(table.screen.items) >= len(available())
    press(table, host("down", "ok"))  # the second game: its player counts
    assert asked == [available()[1]] and games.loaded() == [available()[1]]
    assert table.screen.title.en.startswith(TITLES[available()[1]].en)


def test_a_game_that_cannot_be_imported_is_named_and_the_others_still_work(caplog):
    def loader(name):
        if name == "graenaland":
            raise ValueError("box.toml: pieces.a must be a table")
        return load(name)

    games = LazyGames(["graenaland", "vaaalbara"], loader, TITLES)
    table = Table(MemoryRecorder(), games, "cs")
    press(table, host("ok"))
    assert isinstance(table.screen, MainMenu) and [m.cs for m in table.messages.notice] == [
        "Graenaland nelze spustit: chyba hry, viz log."
    ]
    assert "pieces.a must be a table" in caplog.text
    assert table.screen.items[0].label.cs == "Vaaalbara"  # no longer offered
    assert "graenaland" not in games and games.get("graenaland") is None
    press(table, host("ok"))
    assert table.screen.title == Msg("Vaaalbara: počet hráčů", "Vaaalbara: players")


def test_a_restart_imports_only_the_unfinished_game(tmp_path):
    with Store(tmp_path / "companion.db") as store:
        table = make_table(store, "en", seed=4)
        press(table, host("ok", "ok"))  # the first game, its first player count
        while isinstance(table.screen, MainMenu):  # its settings, if any: start it
            press(table, host("ok"))
        assert isinstance(table.screen, Play)
    with Store(tmp_path / "companion.db") as store:
        again = make_table(store, "en")
        assert isinstance(again.screen, RestartQuestion) and again.games.loaded() == [available()[0]]
        again.handle(KeyEvent(None, "ok"))
        assert isinstance(again.screen, Play)
