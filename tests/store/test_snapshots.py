"""Snapshots beside a running session's log in the live journal: kept when due, read back with
the log for a resume, dropped with the session, never needed (a store without them resumes as
before), and a kill while one is written loses nothing acknowledged."""

from __future__ import annotations

import random

import pytest

from companion.app import make_table
from companion.engine import Session
from companion.engine.snapshot import EVERY, Log
from companion.games import load
from companion.store import Store, snapshots
from tests.games.playout import random_action

from .test_crash import kill_runs, run_and_kill


def play(store: Store, session_id: int | None, entries: int, seed: int = 4, keep: bool = True):
    """A Vaaalbara game played at random into ``store``, a snapshot kept whenever due."""
    game = load("vaaalbara")
    session = Session(game, {"seats": 3}, seed)
    if session_id is None:
        session_id = store.create_session("vaaalbara", session.options, seed, ["A", "B", "C"])
    rnd = random.Random(seed)
    while len(session.entries) < entries and not session.over:
        step = random_action(session, rnd)
        store.append(session_id, step.entry)
        session.commit(step)
        if keep:
            store.keep_snapshot(session_id, session)
    return session_id, session


def test_a_snapshot_is_kept_every_few_entries_and_read_back_with_the_log(tmp_path):
    with Store(tmp_path / "companion.db") as store:
        session_id, session = play(store, None, 3 * EVERY + 5)
        kept = snapshots.records(store, session_id)
        assert [record["entries"] for record in kept] == [EVERY, 2 * EVERY, 3 * EVERY]
        assert not store.keep_snapshot(session_id, session)  # not due again yet
    with Store(tmp_path / "companion.db") as store:
        log = store.log(session_id)
        assert isinstance(log, Log) and log == store.entries(session_id)
        assert [record["entries"] for record in log.snapshots] == [EVERY, 2 * EVERY, 3 * EVERY]
        table = make_table(store, "cs")
        resumed = table.pending_resume["session"]
        assert resumed.resumed_from == 3 * EVERY
        assert resumed.state == session.state and resumed.actions == session.actions


def test_a_store_without_snapshots_resumes_by_replaying_its_log(tmp_path):
    """A journal written before snapshots existed (or by a table that never idled)."""
    with Store(tmp_path / "companion.db") as store:
        session_id, session = play(store, None, 40, keep=False)
    with Store(tmp_path / "companion.db") as store:
        assert store.log(session_id).snapshots == []
        resumed = make_table(store, "cs").pending_resume["session"]
        assert resumed.resumed_from is None
        assert resumed.state == session.state


def test_a_snapshot_that_disagrees_with_the_log_is_dropped_at_resume(tmp_path):
    """The journal holds a snapshot of another game: the digest tells, the log is replayed."""
    with Store(tmp_path / "companion.db") as store:
        other_id, _ = play(store, None, EVERY + 1, seed=9)
        store.abandon(other_id)
        stray = snapshots.records(store, other_id) or [dict(Session(load("vaaalbara"), {"seats": 3}, 9).snapshot())]
        session_id, session = play(store, None, 20, keep=False)
        store._db.table(snapshots.table_name(session_id)).insert(stray[0])
    with Store(tmp_path / "companion.db") as store:
        resumed = make_table(store, "cs").pending_resume["session"]
        assert resumed.resumed_from is None
        assert resumed.state == session.state


def test_snapshots_leave_the_live_journal_with_their_session(tmp_path):
    with Store(tmp_path / "companion.db") as store:
        session_id, _ = play(store, None, EVERY + 2)
        assert snapshots.records(store, session_id)
        store.abandon(session_id)
        assert snapshots.records(store, session_id) == []
        assert not store.keep_snapshot(session_id, Session(load("vaaalbara"), {"seats": 3}, 4))
        store.tidy()
        assert snapshots.table_name(session_id) not in store._db.tables_data()
        archived = store.entries(session_id)
        assert all("snapshot" not in entry for entry in archived)


@pytest.mark.kill
def test_a_kill_while_a_snapshot_is_written_loses_nothing_and_resumes_as_the_log_says(tmp_path):
    path = tmp_path / "companion.db"
    rng = random.Random(7)
    game = load("vaaalbara")
    from_snapshots = 0
    for run in kill_runs():
        acknowledged = run_and_kill("play", path, run, rng)
        with Store(path) as store:  # opens cleanly: a torn snapshot line is cut
            unfinished = store.unfinished()
            if unfinished is None:  # the game was abandoned below: a new one starts
                continue
            entries = store.entries(unfinished["id"])
            assert len(entries) > max((int(line) for line in acknowledged), default=-1)
            log = store.log(unfinished["id"])
            resumed = Session(game, unfinished["options"], unfinished["seed"], log)
            whole = Session(game, unfinished["options"], unfinished["seed"], entries)
            assert resumed.state == whole.state and resumed.actions == whole.actions
            assert resumed._barriers == whole._barriers
            from_snapshots += resumed.resumed_from is not None
            if len(entries) > 200:  # keep the journal small: a new game next time
                store.abandon(unfinished["id"])
    assert from_snapshots > 0  # the snapshots written before the kills were used


def test_the_idle_main_loop_keeps_snapshots_and_never_with_a_key_waiting(tmp_path, monkeypatch):
    """App.refresh keeps a snapshot when the table is idle and one is due; a key already on the
    queue goes first (the snapshot waits for the next idle moment)."""
    import queue

    from companion.app import App
    from companion.table.table import Table
    from tests.engine.toy import GAME as TOY
    from tests.table.helpers import host, pad

    class Nothing:
        def __getattr__(self, name):
            return lambda *args, **kwargs: None

    monkeypatch.setattr(snapshots, "EVERY", 4)  # the toy game is short
    store = Store(tmp_path / "companion.db")
    table = Table(store, {"toy": TOY}, "en", new_seed=lambda: 5)
    events: queue.SimpleQueue = queue.SimpleQueue()
    app = App(table, Nothing(), Nothing(), events)
    keys = host("ok", "ok")
    while len(keys) < 40:
        keys += pad(1, "3#") + pad(2, "1#") + host("ok") + pad(1, "1#")
    for key in keys:
        table.handle(key)
        events.put("a key")  # the next key is already there: the loop does nothing more
        app.refresh()
        events.get()
        if table.session is not None and len(table.session.entries) >= 4:
            break
    assert snapshots.records(store, table.session_id) == []
    app.refresh()  # idle now
    assert [record["entries"] for record in snapshots.records(store, table.session_id)] == [4]
    store.close()


def test_old_snapshots_leave_the_journal_so_a_long_game_opens_as_fast(tmp_path, monkeypatch):
    monkeypatch.setattr(snapshots, "EVERY", 2)
    with Store(tmp_path / "companion.db") as store:
        session_id, session = play(store, None, 2 * (snapshots.MOST + 4) + 1)
        kept = [record["entries"] for record in snapshots.records(store, session_id)]
        assert snapshots.KEPT <= len(kept) <= snapshots.MOST
        assert kept == sorted(kept) and kept[-1] == len(session.entries) - 1  # the newest are kept
    with Store(tmp_path / "companion.db") as store:
        assert [record["entries"] for record in snapshots.records(store, session_id)] == kept
        resumed = make_table(store, "cs").pending_resume["session"]
        assert resumed.resumed_from == kept[-1] and resumed.state == session.state


def undo(store: Store, session_id: int, session: Session, count: int) -> None:
    """``count`` undos in a row, each appended and a snapshot kept whenever due."""
    for _ in range(count):
        step = session.plan_undo(everyone_confirmed=True)
        store.append(session_id, step.entry)
        session.commit(step)
        store.keep_snapshot(session_id, session)


def test_undos_behind_the_newest_snapshots_resume_from_one_near_not_the_start(tmp_path, monkeypatch):
    """The snapshots kept reach back over the whole game (the newest few, then one every few
    bands of actions), and those an undo ran behind are dropped: after a long run of undos a
    restart replays about as many actions as the run took back, never the whole game."""
    monkeypatch.setattr(snapshots, "EVERY", 2)
    with Store(tmp_path / "companion.db") as store:
        session_id, session = play(store, None, 80)
        depth = len(session.actions)
        undo(store, session_id, session, 30)
        assert len(session.actions) == depth - 30
        stored = snapshots.records(store, session_id)
        assert len(stored) <= snapshots.MOST
    with Store(tmp_path / "companion.db") as store:
        resumed = make_table(store, "cs").pending_resume["session"]
        assert resumed.resumed_from is not None
        assert resumed.state == session.state and resumed.actions == session.actions
        start = next(len(r["barriers"]) for r in stored if r["entries"] == resumed.resumed_from)
        assert start >= len(session.actions) - 30, f"replayed {len(session.actions) - start} actions"
        assert resumed._barriers == session._barriers


def test_the_kept_snapshots_are_the_newest_then_spread_evenly_over_the_game():
    assert snapshots.kept_depths(list(range(0, 200, 2)), 2) == {198, 196, 194, 192, 160, 128, 96, 64, 32, 0}
    assert snapshots.kept_depths([5, 5, 3], 16) == {5, 3}
    # counted from the start: a game that went back and forth keeps the same bands
    kept = snapshots.kept_depths(list(range(0, 200, 2)), 2)
    assert snapshots.kept_depths(sorted(kept) + [150, 151], 2) >= kept - {194}


def test_a_snapshot_an_earlier_version_wrote_still_resumes_its_session(tmp_path):
    """A live journal from before snapshots named the actions in force (format 1, a digest of
    the log's first entries): the session resumes from it, and the next snapshot is format 2."""
    from companion.engine import snapshot

    with Store(tmp_path / "companion.db") as store:
        session_id, session = play(store, None, 40, keep=False)
        old = dict(session.snapshot(), format=1)
        old["digest"] = snapshot.digest("vaaalbara", session.options, session.seed, session.entries)
        store._db.table(snapshots.table_name(session_id)).insert(old)
    with Store(tmp_path / "companion.db") as store:
        resumed = make_table(store, "cs").pending_resume["session"]
        assert resumed.resumed_from == 40 and resumed.state == session.state
        assert snapshots.standing(resumed, snapshots.records(store, session_id)) == []  # not kept as a base
        rnd = random.Random(1)
        while len(resumed.entries) < 40 + EVERY:
            step = random_action(resumed, rnd)
            store.append(session_id, step.entry)
            resumed.commit(step)
        assert store.keep_snapshot(session_id, resumed)
        assert [record["format"] for record in snapshots.records(store, session_id)] == [1, 2]
