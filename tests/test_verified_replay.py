"""The import's quick replay (``known_games.verified_replay``) reaches the state the table's
replay (``engine.Session``) reaches, for every recorded game of every game: the same final state
but for the public events (``recent``, the table's news), the same scores, the same verdict;
with its texts left unfilled (``i18n.unworded``, as the import runs it), the same state but
for the wording of its texts (``tests.games.corpus.decisions``)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion import games
from companion.engine import Session
from companion.engine.i18n import unworded
from companion.engine.session import effective_actions
from companion.known_games import _replayed_state, replay_problem, verified_replay
from tests.games.corpus import decisions

CORPUS = sorted(p for p in (Path(__file__).parent / "data" / "corpus").glob("*-*.json") if "docs" not in p.name)


def recorded(path: Path) -> list[tuple[str, dict]]:
    data = json.loads(path.read_text(encoding="utf-8"))
    return [(data["game"], game) for game in data["games"]]


def without_news(state: dict) -> dict:
    return {key: value for key, value in state.items() if key != "recent"}


@pytest.mark.parametrize("path", CORPUS, ids=lambda path: path.stem)
def test_the_quick_replay_reaches_the_tables_state(path):
    for name, game in recorded(path):
        rules = games.load(name)
        table = Session(rules, game["options"], game["seed"], game["entries"])
        actions = [action for _, action in effective_actions(game["entries"])]
        options = rules.validate_options(dict(game["options"]))
        quick = _replayed_state(rules, options, game["seed"], actions)
        assert without_news(quick) == without_news(table.state)
        with unworded():  # as the import runs it: texts left unfilled (nobody reads them)
            unread = _replayed_state(rules, options, game["seed"], actions)
        assert decisions(unread) == decisions(quick)  # the same state but for its wording
        assert rules.score(unread).to_json()["totals"] == table.score().to_json()["totals"]
        assert rules.score(quick).to_json() == table.score().to_json()
        document = {**game, "game": name, "meta": {"scores": table.score().to_json(), "winner": table.score().winner}}
        if table.over:
            assert verified_replay(rules, document) is None
        else:  # an unfinished recording: the quick path says so, the table's replay words it
            assert verified_replay(rules, document) is not None
            assert "stops before the end" in replay_problem(document)


def test_an_illegal_action_gets_the_tables_words():
    name, game = recorded(CORPUS[0])[0]
    entries = [*game["entries"][:3], {"action": {"step": "nonsense", "seat": 0}}, *game["entries"][3:]]
    problem = replay_problem({**game, "game": name, "entries": entries, "meta": {}})
    assert problem.startswith("entry 3 does not replay: ")


def test_the_quick_replay_changes_nothing_a_later_session_starts_from():
    """Each game set up twice the same way gives the same state after quick replays of others
    (the state is its own: nothing shared with the game's cached data is changed in place)."""
    for path in CORPUS:
        name, first = recorded(path)[0]
        rules = games.load(name)
        options = rules.validate_options(dict(first["options"]))
        fresh = json.dumps(rules.setup(options, first["seed"]), sort_keys=True, default=str)
        for _, game in recorded(path):
            actions = [action for _, action in effective_actions(game["entries"])]
            _replayed_state(rules, rules.validate_options(dict(game["options"])), game["seed"], actions)
        assert json.dumps(rules.setup(options, first["seed"]), sort_keys=True, default=str) == fresh
