"""Issue 35: codes never move in new sessions (rules 3 of the Catan games, asking 2 of Gheos and
Graenaland). A log stores values, not codes, so a session recorded by an earlier version replays
by its own version, and the same log played by the newest version decides the same: the same
scores and views after every recorded game (only the prompts' codes, and the version kept in
the state, differ)."""

from __future__ import annotations

import json

import pytest

from companion.engine import Session
from companion.games import load

from .corpus import CORPUS, decided, decisions, digest, replay

# Gheos' asking 2 changes what a founding's answer means too (wheat up to the founding cap), so
# its logs replay by their own version only (the last test, and the corpus)
NEWEST = {"great_wall": {"rules": 3}, "troy": {"rules": 3}, "graenaland": {"asking": 2}}
RECORDED_BEFORE = {**NEWEST, "gheos": {"asking": 2}}


def cases():
    for name in sorted(NEWEST):
        for path in sorted(CORPUS.glob(f"{name}-*.json")):
            doc = json.loads(path.read_text(encoding="utf-8"))
            # a Catan game recorded by rules 1 plays by other rules (Longest Road, cards): not this test
            same_rules = [(n, g) for n, g in enumerate(doc["games"]) if g["options"].get("rules", 2) == 2]
            for n, game in same_rules[:4]:
                yield pytest.param(name, game, id=f"{path.stem}-{n}")


@pytest.mark.parametrize("name, recorded", list(cases()))
def test_a_recorded_log_decides_the_same_under_the_newest_version(name, recorded):
    game = load(name)
    old = {key: recorded["options"].get(key) for key in NEWEST[name]}
    assert all(value != NEWEST[name][key] for key, value in old.items())  # recorded by an older one
    session, _ = replay(game, {**recorded["options"], **NEWEST[name]}, recorded["seed"], recorded["entries"])
    seats = game.seat_count(session.state)
    assert decisions(session.score().to_json()) == recorded["expect"]["scores"]
    views = {str(s): digest(decisions(game.view(session.state, s))) for s in [None, *range(seats)]}
    assert views == recorded["expect"]["views"]
    assert session.over == recorded["expect"]["over"]


@pytest.mark.parametrize("name", sorted(RECORDED_BEFORE))
def test_a_session_file_recorded_before_replays_by_its_own_version(name):
    """A stored session (its options as recorded, with entries) is not renewed: it keeps the
    codes it was answered with, and its prompts are the recorded ones."""
    game = load(name)
    path = sorted(CORPUS.glob(f"{name}-*.json"))[0]
    recorded = json.loads(path.read_text(encoding="utf-8"))["games"][0]
    options = {k: v for k, v in recorded["options"].items() if k not in ("asking",)}
    session = Session(game, options, recorded["seed"], recorded["entries"])
    assert all(session.options.get(key) != value for key, value in RECORDED_BEFORE[name].items())
    assert (
        decided(game, *replay(game, recorded["options"], recorded["seed"], recorded["entries"])) == recorded["expect"]
    )
