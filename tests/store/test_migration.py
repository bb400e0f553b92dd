"""A store written by the layout-1 store (tests/data/store/v1) opens with today's store: every
session, log and result is still there, in the new layout, and replays."""

from __future__ import annotations

import os
import shutil
from pathlib import Path
from unittest import mock

import pytest

from companion.engine import Session
from companion.games import load
from companion.known_games import KNOWN
from companion.store import Store
from companion.store import migration as migration_module
from companion.store.export import places_of, winners_of
from companion.store.journal import parse_journal

V1 = Path(__file__).resolve().parents[1] / "data" / "store" / "v1" / "companion.db"
FINISHED, ABANDONED_ID, UNFINISHED_ID = 9, 10, 11


def old_tables() -> dict:
    tables, _ = parse_journal(V1, V1.read_bytes())
    return tables


def assert_v1_content(store: Store) -> None:
    """Everything the layout-1 file holds, seen through today's store."""
    old = old_tables()
    assert store.finished_count() == FINISHED
    history = store.history()
    assert sorted(record["session"] for record in history) == list(range(1, FINISHED + 1))
    results = {doc["session"]: doc for doc in old["history"].values()}
    for record in history:
        before = results[record["session"]]
        for field in ("game", "started", "finished", "seats", "winner", "duration_s", "actions"):
            assert record[field] == before[field], (record["session"], field)
        indexed = {key: value for key, value in before["scores"].items() if key != "breakdown"}
        assert record["scores"] in (before["scores"], indexed)  # the index may leave the breakdown out
        assert store.session_document(record["session"])["meta"]["scores"] == before["scores"]  # kept whole
        log = old[f"log-{record['session']}"]
        assert store.entries(record["session"]) == [log[key] for key in sorted(log, key=int)]
    assert store.session(ABANDONED_ID)["state"] == "abandoned"
    assert len(store.entries(ABANDONED_ID)) == 10
    resume = store.unfinished()
    assert (resume["id"], resume["game"], resume["state"]) == (UNFINISHED_ID, "graenaland", "playing")
    assert len(store.entries(UNFINISHED_ID)) == 40


@pytest.fixture
def old_store(tmp_path) -> Path:
    path = tmp_path / "companion.db"
    shutil.copyfile(V1, path)
    return path


def test_an_old_store_migrates_on_first_open_with_nothing_lost(old_store):
    with Store(old_store, rules=KNOWN) as store:
        assert_v1_content(store)
        assert len({record["uid"] for record in store.history()}) == FINISHED
    assert old_store.with_name("companion.db.layout1").read_bytes() == V1.read_bytes()
    assert len(list((old_store.parent / "history").glob("*.json"))) == FINISHED + 1
    assert old_store.stat().st_size < 10_000  # only the running game stays in the live journal
    with Store(old_store, rules=KNOWN) as store:
        assert_v1_content(store)


def test_the_migrated_sessions_replay_to_their_recorded_scores(old_store):
    with Store(old_store, rules=KNOWN) as store:
        for document in store.history_documents():
            session = Session(load(document["game"]), document["options"], document["seed"], document["entries"])
            assert session.over
            stored = document["meta"]["scores"]  # recorded before places were: a subset
            replayed = session.score().to_json()
            if stored["ranking"] == [] and replayed["places"] == [1, 1]:  # a draw, then unranked
                assert document["game"] == "dva_bratri" and replayed["winners"] == replayed["ranking"]
                assert winners_of(document["meta"]) == [] and document["meta"]["winner"] is None
                stored = {**stored, "ranking": replayed["ranking"]}
            else:
                assert places_of(stored) == places_of(replayed)
                assert winners_of(document["meta"]) == replayed["winners"]
            assert {key: replayed[key] for key in stored} == stored


def test_solo_dva_bratri_names_jindrich_as_the_winner(old_store):
    with Store(old_store, rules=KNOWN) as store:
        solo = [r for r in store.history() if r["game"] == "dva_bratri" and len(r["seats"]) == 1]
    assert len(solo) == 2
    for record in solo:
        assert record["winner"] == 1 and record["names"][1] == "Jindřich"


def test_the_migration_continues_and_the_game_can_be_finished(old_store):
    with Store(old_store, rules=KNOWN) as store:
        index = store.append(UNFINISHED_ID, {"action": {"step": "x"}})
        assert index == 40
        store.finish(UNFINISHED_ID, {"totals": {"0": 1}}, 0)
        new = store.create_session("vaaalbara", {}, 5, ["A", "B"])
        assert new == UNFINISHED_ID + 1
        assert store.finished_count() == FINISHED + 1


def test_a_read_only_open_reads_an_old_store_without_changing_it(old_store):
    with Store(old_store, read_only=True, rules=KNOWN) as store:
        assert_v1_content(store)
    assert old_store.read_bytes() == V1.read_bytes()
    assert not (old_store.parent / "history").exists()


def test_the_same_old_session_gets_the_same_identity_twice(tmp_path):
    first = migration_module.convert(old_tables())
    second = migration_module.convert(old_tables())
    assert first["archives"].keys() == second["archives"].keys()


@pytest.mark.kill
def test_a_crash_at_any_step_of_the_migration_leaves_a_store_that_opens_whole(tmp_path):
    """Each file operation of the migration in turn (every write, rename and link) fails as a
    power cut would: nothing after it happens. The next open completes the migration with
    nothing lost. The loop ends when no operation is left to fail."""

    class PowerCut(BaseException):
        pass

    real_write, real_replace, real_link = migration_module.atomic_write, os.replace, os.link
    failing_call = 0
    while True:
        folder = tmp_path / f"cut{failing_call}"
        folder.mkdir()
        path = folder / "companion.db"
        shutil.copyfile(V1, path)
        calls = {"n": 0}

        def cut(real, calls=calls, limit=failing_call):
            def step(*args, **kwargs):
                calls["n"] += 1
                if calls["n"] > limit:
                    raise PowerCut()
                return real(*args, **kwargs)

            return step

        with (
            mock.patch.object(migration_module, "atomic_write", cut(real_write)),
            mock.patch.object(os, "replace", cut(real_replace)),
            mock.patch.object(os, "link", cut(real_link)),
        ):
            try:
                Store(path, rules=KNOWN).close()
                completed = True
            except PowerCut:
                completed = False
        with Store(path, rules=KNOWN) as store:
            assert_v1_content(store)
        if completed:
            break
        failing_call += 1
    assert failing_call > FINISHED  # every archive, the index, the backup and the commit were cut


def test_a_history_kept_beside_a_restored_old_store_keeps_its_sessions(old_store, tmp_path):
    """An old companion.db copied back into a data directory whose history already holds other
    games: both histories are kept, ids do not clash."""
    other = tmp_path / "other"
    other.mkdir()
    with Store(other / "companion.db", rules=KNOWN) as store:
        session = store.create_session("vaaalbara", {}, 3, ["A", "B"])
        store.finish(session, {"totals": {"0": 2, "1": 1}}, 0)
        kept_uid = store.history()[0]["uid"]
    shutil.copytree(other / "history", old_store.parent / "history")
    with Store(old_store, rules=KNOWN) as store:
        history = store.history()
        assert len(history) == FINISHED + 1
        assert kept_uid in {record["uid"] for record in history}
        assert len({record["session"] for record in history}) == FINISHED + 1
