"""A game is added in one place, its entry in ``companion.games.GAMES`` (name, the menu's title,
whether the menu offers it), and the example game the docs tell people to copy is registered
there: every test that runs for the registered games runs for it, and the menu leaves it out."""

from __future__ import annotations

import re
import subprocess
import sys
from collections import defaultdict
from pathlib import Path

import pytest

from companion import games
from companion.app import make_table
from companion.store import Store

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = "example"
# a per-game check in tests/table that lists its games by hand instead of reading the registry;
# the example runs through it below until its list reads the registry
LISTED_BY_HAND = {
    "tests/table/test_seat_screens.py::test_every_seat_screen_of_random_play_fits_and_the_pad_draws_it_as_the_box_mirrors"
}


def test_one_entry_per_game_gives_its_name_title_and_rules():
    assert len(games.GAMES) == len(games.ENTRIES) == len(games.registered())
    for entry in games.GAMES:
        game = games.load(entry.name)
        assert game.name == entry.name and game.title == entry.title, entry.name
        assert game is sys.modules[entry.module].GAME, entry.name
    # the names older callers read are views of the same entries
    assert {e.name: e.module for e in games.GAMES} == games.REGISTRY
    assert {e.name: e.title for e in games.GAMES} == games.TITLES
    with pytest.raises(KeyError, match="unknown game 'chess'"):
        games.load("chess")


def test_the_example_is_registered_and_the_menu_leaves_it_out(tmp_path):
    assert EXAMPLE in games.registered() and EXAMPLE not in games.available()
    assert games.available() == [e.name for e in games.GAMES if e.name != EXAMPLE]
    store = Store(str(tmp_path / "companion.db"))
    try:
        menu = [item.label.en for item in make_table(store, "en").screen.items]
    finally:
        store.close()
    assert not any("Example" in label for label in menu)
    assert all(any(games.TITLES[name].en in label for label in menu) for name in games.available())


def per_game_tests() -> dict[str, set[str]]:
    """Every collected test function parametrized by game name, with the registered games it runs
    for (the slow ones included)."""
    run = subprocess.run(
        [sys.executable, "-m", "pytest", "--collect-only", "-n", "0", "-p", "no:cacheprovider"]
        + ["-m", "slow or not slow", "tests/games", "tests/engine", "tests/table"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert run.returncode == 0, run.stdout + run.stderr
    names = games.registered()
    found: dict[str, set[str]] = defaultdict(set)
    for line in run.stdout.splitlines():
        match = re.fullmatch(r"(\S+::\S+?)\[(.+)\]", line.strip())
        if match:
            found[match.group(1)] |= {n for n in names if re.match(rf"{n}($|-)", match.group(2))}
    return found


def test_every_test_that_runs_for_every_game_in_the_menu_runs_for_the_example():
    found = per_game_tests()
    over_all = {test for test, names in found.items() if set(games.available()) <= names}
    assert len(over_all) >= 20  # the conformance suite, the doc table, the corpus, snapshots, fit...
    assert not {test for test in over_all if EXAMPLE not in found[test]} - LISTED_BY_HAND


@pytest.mark.slow
def test_the_example_passes_the_per_game_check_that_lists_its_games_by_hand():
    from tests.table.test_seat_screens import (
        test_every_seat_screen_of_random_play_fits_and_the_pad_draws_it_as_the_box_mirrors as check,
    )

    check(EXAMPLE, {"seats": 4})
