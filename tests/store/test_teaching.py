"""A teaching walk (setting ``mode`` = "teach") is kept, but it is not a played game: it is marked
in the history index and left out of the history, stats and exports."""

from __future__ import annotations

import csv
import io
import json

from companion.cli import main
from companion.known_games import KNOWN
from companion.store import Store, history_csv, history_json
from companion.store.reports import bgstats_plays, game_stats

from .conftest import play


def teaching_walk(store: Store, clock, options=None) -> int:
    """What the table records for a finished walk: every seat at 0, nobody ranked first."""
    session = store.create_session("dva_bratri", options or {"seats": 2, "mode": "teach"}, 5, ["Modrý", "Bílý"])
    store.append(session, {"action": {"step": "identify", "value": "PUT-1"}})
    clock.advance(600)
    scores = {"final": True, "totals": {"0": 0, "1": 0}, "ranking": [0, 1], "winner": 0}
    store.finish(session, scores, 0)
    clock.advance(60)
    return session


def test_a_teaching_walk_is_indexed_as_teaching_and_left_out_of_history_stats_and_exports(store, clock):
    game = play(store, clock, "dva_bratri", ["Modrý", "Bílý"], actions=3, winner=1)
    walk = teaching_walk(store, clock)
    assert [record["session"] for record in store.history()] == [game]
    both = store.history(teaching=True)
    assert [(record["session"], record.get("teaching")) for record in both] == [(walk, True), (game, None)]
    assert [doc["meta"]["id"] for doc in store.history_documents()] == [game]
    rows = list(csv.DictReader(io.StringIO(history_csv(store))))
    assert [row["id"] for row in rows] == [str(game)]
    assert [doc["meta"]["id"] for doc in json.loads(history_json(store))] == [game]
    assert len(list(bgstats_plays(store.history_documents()))) == 1
    assert game_stats(store.history_documents())["dva_bratri"]["plays"] == 1
    assert store.session_document(walk)["options"]["mode"] == "teach"  # kept, log and all


def test_a_game_played_in_play_mode_is_history_as_before(store, clock):
    session = teaching_walk(store, clock, options={"seats": 2, "mode": "play"})
    assert [record["session"] for record in store.history()] == [session]
    assert "teaching" not in store.history()[0]


def test_an_imported_teaching_walk_keeps_its_mark(tmp_path, store, clock):
    teaching_walk(store, clock)
    document = store.session_document(store.history(teaching=True)[0]["session"])
    with Store(tmp_path / "other" / "companion.db", rules=KNOWN) as other:
        assert other.import_documents([document]) == (1, 0)
        assert other.history() == [] and other.history(teaching=True)[0]["teaching"] is True


def test_companion_history_counts_the_walks_it_leaves_out(tmp_path, clock, capsys):
    with Store(tmp_path / "companion.db", clock=clock, rules=KNOWN) as store:
        play(store, clock, "dva_bratri", ["Modrý", "Bílý"], actions=3, winner=1)
        teaching_walk(store, clock)
    assert main(["history", "--data-dir", str(tmp_path)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert len(out) == 2 and "dva_bratri" in out[0]
    assert out[1] == "(1 teaching walk of the box not listed)"
