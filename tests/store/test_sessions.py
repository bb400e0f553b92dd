"""The Store facade: sessions, durable appends, resume, history, session documents."""

from __future__ import annotations

import itertools
import json
import os

import pytest

from companion.store import Store, StoreError

from .conftest import bare, play

SEATS = ["Anna", "Řehoř", "Šárka"]


def test_append_returns_consecutive_indexes_and_entries_round_trip(store):
    session = store.create_session("vaalbara", {"rounds": 3}, 1234, SEATS)
    log = [
        {"action": {"step": "vote", "picks": {"0": "yes", "1": "no", "2": "yes"}}},
        {"action": {"step": "move", "seat": 1, "value": "N"}},
        {"undo": {"confirmed": False}},
        {"action": {"step": "move", "seat": 1, "value": "S"}},
    ]
    assert [store.append(session, entry) for entry in log] == [0, 1, 2, 3]
    assert bare(store.entries(session)) == log
    assert all(entry["at"] == "2025-06-01T18:00:00.000+02:00" for entry in store.entries(session))


def test_everything_survives_a_reopen(db_path, clock):
    with Store(db_path, clock=clock) as store:
        first = store.create_session("vaalbara", {"rounds": 3}, 99, SEATS)
        store.append(first, {"action": {"step": "a"}})
        second = store.create_session("kolonie", {}, 5, ["A", "B"])
        store.append(second, {"action": {"step": "b"}})
    with Store(db_path, clock=clock) as store:
        assert bare(store.entries(first)) == [{"action": {"step": "a"}}]
        assert store.append(first, {"action": {"step": "c"}}) == 1  # the index continues
        assert store.session(first)["options"] == {"rounds": 3}
        assert store.session(first)["seats"] == SEATS
    with Store(db_path, clock=clock) as store:
        assert bare(store.entries(first)) == [{"action": {"step": "a"}}, {"action": {"step": "c"}}]


def test_unfinished_is_the_latest_open_session(store, clock):
    assert store.unfinished() is None
    first = store.create_session("vaalbara", {}, 1, SEATS)
    second = store.create_session("vaalbara", {}, 2, SEATS)
    resume = store.unfinished()
    assert resume["id"] == second and resume["seed"] == 2 and resume["state"] == "playing"
    store.abandon(second)
    assert store.unfinished()["id"] == first
    store.finish(first, {"totals": {}}, None)
    assert store.unfinished() is None
    assert store.session(first)["state"] == "finished"
    assert store.session(second)["state"] == "abandoned"


def test_unfinished_survives_a_restart(db_path, clock):
    with Store(db_path, clock=clock) as store:
        session = store.create_session("vaalbara", {"rounds": 2}, 77, SEATS)
        store.append(session, {"action": {"step": "x"}})
    with Store(db_path, clock=clock) as store:
        resume = store.unfinished()
        assert (resume["id"], resume["game"], resume["options"], resume["seed"]) == (
            session,
            "vaalbara",
            {"rounds": 2},
            77,
        )
        assert bare(store.entries(resume["id"])) == [{"action": {"step": "x"}}]


def test_closed_sessions_refuse_appends(store):
    finished = store.create_session("g", {}, 1, ["A"])
    abandoned = store.create_session("g", {}, 1, ["A"])
    store.finish(finished, {}, None)
    store.abandon(abandoned)
    for session, state in ((finished, "finished"), (abandoned, "abandoned")):
        with pytest.raises(StoreError, match=f"session {session} is {state}"):
            store.append(session, {"action": {}})
        with pytest.raises(StoreError, match=state):
            store.finish(session, {}, None)
        with pytest.raises(StoreError, match=state):
            store.abandon(session)


def test_closed_sessions_stay_closed_after_a_reopen(db_path, clock):
    with Store(db_path, clock=clock) as store:
        session = store.create_session("g", {}, 1, ["A"])
        store.finish(session, {}, None)
    with Store(db_path, clock=clock) as store, pytest.raises(StoreError, match="finished"):
        store.append(session, {"action": {}})


@pytest.mark.parametrize(
    "entry",
    [
        {},
        {"action": 3},
        {"undo": {}},
        {"undo": {"confirmed": "yes"}},
        {"redo": {}},
        {"action": {}, "undo": {"confirmed": True}},
        ["action"],
    ],
)
def test_malformed_entries_are_refused_before_anything_is_written(store, db_path, entry):
    session = store.create_session("g", {}, 1, ["A"])
    before = db_path.read_bytes()
    with pytest.raises(ValueError):
        store.append(session, entry)
    assert db_path.read_bytes() == before
    assert store.append(session, {"action": {}}) == 0


def test_unknown_sessions_are_named(store):
    with pytest.raises(StoreError, match="no session 42"):
        store.append(42, {"action": {}})
    with pytest.raises(StoreError, match="no session 42"):
        store.entries(42)


def test_history_records_the_result_newest_first(store, clock):
    first = play(store, clock, "vaalbara", SEATS, actions=5, winner=1, minutes=45)
    second = play(store, clock, "kolonie", ["Eva", "Jan"], actions=2, winner=None, minutes=10)
    assert store.finished_count() == 2
    history = store.history()
    assert [record["session"] for record in history] == [second, first]
    record = history[1]
    assert record.pop("uid") == store.session(first)["uid"]
    assert record == {
        "session": first,
        "game": "vaalbara",
        "names": SEATS,
        "date": "2025-06-01T18:45:00+02:00",
        "started": "2025-06-01T18:00:00+02:00",
        "finished": "2025-06-01T18:45:00+02:00",
        "seats": SEATS,
        "scores": {"final": True, "totals": {"0": 10, "1": 9, "2": 8}, "winner": 1},
        "winner": 1,
        "duration_s": 45 * 60,
        "actions": 5,
        "summary": 1,  # what stats and BG Stats need from the log, kept so they read no archive
        "start_seat": None,
        "decisions": {"0": [2, 0.0], "1": [2, 0.0], "2": [1, 0.0]},
    }


def test_action_count_leaves_out_undone_actions(store):
    session = store.create_session("g", {}, 1, ["A"])
    for entry in (
        {"action": {"n": 1}},
        {"action": {"n": 2}},
        {"undo": {"confirmed": True}},
        {"action": {"n": 3}},
        {"action": {"n": 4}},
        {"undo": {"confirmed": False}},
    ):
        store.append(session, entry)
    assert store.finish(session, {}, None)["actions"] == 2


def test_session_document_has_the_documented_shape(store, clock):
    session = play(store, clock, "vaalbara", SEATS, actions=3, winner=2)
    document = store.session_document(session)
    assert list(document) == ["format", "version", "game", "options", "seed", "entries", "meta"]
    assert document["format"] == "companion-session" and document["version"] == 2
    assert (document["game"], document["options"], document["seed"]) == ("vaalbara", {"variant": "basic"}, 7)
    assert len(document["entries"]) == 3
    assert document["meta"] == {
        "id": session,
        "uid": store.session(session)["uid"],
        "started": "2025-06-01T18:00:00+02:00",
        "finished": "2025-06-01T18:30:00+02:00",
        "abandoned": None,
        "seats": SEATS,
        "names": SEATS,
        "scores": {"final": True, "totals": {"0": 10, "1": 9, "2": 8}, "winner": 2},
        "winner": 2,
        "duration_s": 30 * 60,
        "actions": 3,
        "teaching": False,  # described when created; an unknown game has no title
    }
    assert all(entry["at"].startswith("2025-06-01T18:00:00.000") for entry in document["entries"])
    json.dumps(document)  # self-contained plain JSON


def test_an_unfinished_session_document_has_empty_results(store):
    session = store.create_session("g", {}, 3, ["A"])
    meta = store.session_document(session)["meta"]
    assert (meta["finished"], meta["scores"], meta["winner"]) == (None, None, None)


def test_returned_data_is_a_copy(store):
    session = store.create_session("g", {"deep": {"x": 1}}, 1, ["A"])
    store.append(session, {"action": {"cards": [1, 2]}})
    store.entries(session)[0]["action"]["cards"].append(3)
    store.session(session)["options"]["deep"]["x"] = 2
    assert bare(store.entries(session)) == [{"action": {"cards": [1, 2]}}]
    assert store.session(session)["options"] == {"deep": {"x": 1}}


def test_czech_survives_everything(db_path, clock):
    with Store(db_path, clock=clock) as store:
        session = store.create_session("vaalbara", {"jméno": "Žluťoučký kůň"}, 1, ["Čeněk", "Ďáblice"])
        store.append(session, {"action": {"note": "úpěl ďábelské ódy"}})
        store.finish(session, {"totals": {"0": 1, "1": 2}}, 1)
    archives = list((db_path.parent / "history").glob("*.json"))
    assert len(archives) == 1 and "Čeněk".encode() in archives[0].read_bytes()
    with Store(db_path, clock=clock) as store:
        document = store.session_document(session)
    assert document["options"] == {"jméno": "Žluťoučký kůň"}
    assert bare(document["entries"]) == [{"action": {"note": "úpěl ďábelské ódy"}}]
    assert document["meta"]["seats"] == ["Čeněk", "Ďáblice"]


def test_play_only_appends_and_an_ended_game_leaves_the_live_journal(store, db_path, clock):
    """Starting and playing only add lines; finishing or abandoning moves the session into the
    history, so the live journal is as small afterwards as before the game."""
    empty = db_path.read_bytes()
    sizes = [empty]
    session = store.create_session("g", {}, 1, ["A", "B"])
    sizes.append(db_path.read_bytes())
    store.append(session, {"action": {}})
    sizes.append(db_path.read_bytes())
    for before, after in itertools.pairwise(sizes):
        assert after.startswith(before) and len(after) > len(before)
    store.finish(session, {}, 0)
    assert store.unfinished() is None and store.finished_count() == 1
    assert store.tidy() and not store.tidy()  # when the table is idle: the journal is rewritten
    after_finish = len(db_path.read_bytes())
    store.abandon(store.create_session("g", {}, 2, ["A"]))
    store.tidy()
    assert len(db_path.read_bytes()) == after_finish
    assert after_finish <= len(empty) + 20  # the counters moved on, nothing else stayed
    assert b'"log-' not in db_path.read_bytes()


def test_a_read_only_store_can_read_while_the_writer_runs(store, db_path, clock):
    play(store, clock, "g", ["A"], actions=1)
    with Store(db_path, read_only=True) as reader:
        assert len(reader.history()) == 1
        with pytest.raises(StoreError, match="read-only"):
            reader.create_session("g", {}, 1, ["A"])


def test_ending_a_game_costs_at_most_three_syncs_and_the_rest_waits_for_idle(store, db_path, clock):
    """The archive (file and directory) and the index line: 3 syncs on the game-ending key; the
    live journal's rewrite (2 more) is ``tidy``'s, when the table is idle, or the next start's."""
    from unittest import mock

    for ending in ("finish", "abandon", "finish"):
        session = store.create_session("g", {}, 1, ["A", "B"])
        store.append(session, {"action": {"seat": 0}})
        syncs: list[int] = []
        with mock.patch("os.fsync", lambda fd, syncs=syncs, real=os.fsync: (syncs.append(fd), real(fd))):
            if ending == "finish":
                store.finish(session, {"totals": {"0": 1, "1": 0}}, 0)
            else:
                store.abandon(session)
        assert len(syncs) <= 3, ending
        assert store.unfinished() is None
    assert store.finished_count() == 2 and len(store.abandoned()) == 1
    assert b'"log-' in db_path.read_bytes()  # not tidied yet
    store._db.close()  # the table stops without tidying, as when the power goes
    with Store(db_path, clock=clock) as again:
        assert again.unfinished() is None and again.finished_count() == 2
        assert len(again.history()) == 2 and len(again.abandoned()) == 1
    assert b'"log-' not in db_path.read_bytes()
