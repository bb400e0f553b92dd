"""Every recorded whole game and every example in docs/games/ replays to what it ended in when it
was recorded: the same final state, scores, views and prompts (see ``corpus.py``)."""

import json

import pytest

from companion.games import load

from .corpus import CORPUS, DOCS, EXAMPLES, outcome

CORPUS_FILES = sorted(p for p in CORPUS.glob("*-*.json") if p != EXAMPLES)


def recorded_games():
    for path in CORPUS_FILES:
        doc = json.loads(path.read_text(encoding="utf-8"))
        for n, game in enumerate(doc["games"]):
            yield pytest.param(doc["game"], game, id=f"{path.stem}-{n}")


def test_the_corpus_covers_every_game_and_player_count():
    from companion.games import REGISTRY

    wanted = {f"{name}-{seats}" for name in REGISTRY for seats in range(load(name).min_seats, load(name).max_seats + 1)}
    assert wanted <= {p.stem for p in CORPUS_FILES}
    for path in CORPUS_FILES:
        games = json.loads(path.read_text(encoding="utf-8"))["games"]
        assert len(games) >= 12 and all(g["expect"]["over"] for g in games)


@pytest.mark.parametrize("name, game", list(recorded_games()))
def test_recorded_game_replays_identically(name, game):
    assert outcome(load(name), game["options"], game["seed"], game["entries"]) == game["expect"]


@pytest.mark.parametrize("example", sorted(p.name for p in DOCS.glob("*-example.json")))
def test_docs_example_replays_identically(example):
    doc = json.loads((DOCS / example).read_text(encoding="utf-8"))
    expect = json.loads(EXAMPLES.read_text(encoding="utf-8"))[example]
    assert outcome(load(doc["game"]), doc["options"], doc["seed"], doc["entries"]) == expect
