"""Snapshots never change a replay: a session rebuilt from a snapshot and the rest of its log is
the session rebuilt from the whole log (state, undo and who must confirm it), in random games of
every game with undos everywhere; a snapshot that disagrees with the log is dropped."""

from __future__ import annotations

import base64
import hashlib
import marshal
import random
import zlib

import pytest

from companion.engine import Session, snapshot
from companion.engine.session import ReplayError
from companion.games import load, registered
from tests.games.playout import random_action

from .toy import GAME as TOY


def churned_log(game, seats: int, seed: int, length: int, undos: float = 0.15, **options) -> Session:
    """Random play with undos anywhere (some needing every seat), ``length`` entries."""
    rnd = random.Random(seed)
    session = Session(game, {"seats": seats, **options}, seed)
    while len(session.entries) < length:
        if session.over or (session.actions and rnd.random() < undos):
            session.commit(session.plan_undo(everyone_confirmed=True))
            continue
        session.commit(random_action(session, rnd))
    return session


def effective_actions(game, played: Session) -> list[int]:
    """How many actions stand after each prefix of the log (an undo takes one back)."""
    session = Session(game, played.options, played.seed)
    counts = [len(session.actions)]
    for entry in played.entries:
        session.commit(session.plan_undo(True) if "undo" in entry else session.evaluate(entry["action"]))
        counts.append(len(session.actions))
    return counts


def format_1(prefix: Session) -> dict:
    """A snapshot of ``prefix`` as an earlier companion wrote it: format 1, its digest that of
    the log's entries (undo markers included), not of the actions in force."""
    digest = snapshot.digest(prefix.game.name, prefix.options, prefix.seed, prefix.entries)
    return dict(prefix.snapshot(), format=1, digest=digest)


def same(a: Session, b: Session) -> None:
    assert a.state == b.state
    assert a.actions == b.actions
    assert a._barriers == b._barriers
    assert a.prompt == b.prompt


def seats_of(game) -> int:
    return game.min_seats if game.name == "dva_bratri" else max(game.min_seats, min(game.max_seats, 3))


@pytest.mark.parametrize("name", registered())
def test_a_snapshot_and_the_rest_of_the_log_replay_as_the_whole_log(name):
    game = load(name)
    for seed in (1, 2):
        played = churned_log(game, seats_of(game), seed, 90)
        whole = Session(game, played.options, played.seed, played.entries)
        same(whole, played)
        kept = effective_actions(game, played)
        taken = 0
        for length in range(0, len(played.entries) + 1, 7):
            prefix = Session(game, played.options, played.seed, played.entries[:length])
            record = prefix.snapshot()
            resumed = Session(game, played.options, played.seed, played.entries, snapshots=[record])
            same(resumed, whole)
            # used exactly when the actions it stands for are still the first ones in force
            usable = whole.actions[: len(prefix.actions)] == prefix.actions
            assert (resumed.resumed_from == length) is usable, f"the snapshot of {length} entries"
            taken += usable
            # the same snapshot in format 1 (the log's prefix): used only if nothing undid behind it
            old = format_1(prefix)
            resumed = Session(game, played.options, played.seed, played.entries, snapshots=[old])
            same(resumed, whole)
            assert (resumed.resumed_from == length) is (min(kept[length:]) >= kept[length])
            # undo all the way back, behind the snapshot too: the same states, the same confirmations
            back, ref = resumed, Session(game, played.options, played.seed, played.entries)
            for _ in range(len(ref.actions)):
                assert back.undo_needs_everyone() == ref.undo_needs_everyone()
                step, expected = back.plan_undo(True), ref.plan_undo(True)
                assert step.state == expected.state
                back.commit(step)
                ref.commit(expected)
        assert taken >= 2  # the one of the start and a later one (a short game's log undoes behind most)


def test_the_toy_game_resumes_from_the_newest_snapshot_the_log_does_not_undo_behind():
    played = churned_log(TOY, 2, 5, 40, undos=0, rounds=30)
    records = [Session(TOY, played.options, played.seed, played.entries[:n]).snapshot() for n in (10, 20, 30)]
    resumed = Session(TOY, played.options, played.seed, played.entries, snapshots=records)
    assert resumed.resumed_from == 30
    same(resumed, Session(TOY, played.options, played.seed, played.entries))

    # the rest of the log undoes 25 actions: behind the snapshots of 30 and 20 entries
    session = Session(TOY, played.options, played.seed, played.entries)
    for _ in range(25):
        session.commit(session.plan_undo(True))
    resumed = Session(TOY, played.options, played.seed, session.entries, snapshots=records)
    assert resumed.resumed_from == 10
    same(resumed, Session(TOY, played.options, played.seed, session.entries))
    for _ in range(len(session.actions)):  # and on behind that one, to the start
        session.commit(session.plan_undo(True))
        resumed.commit(resumed.plan_undo(True))
        same(resumed, session)


def test_a_snapshot_stands_for_its_actions_whatever_undos_came_after_it():
    """Undone behind and played again the same way: the actions in force are the snapshot's,
    so it is used (a format-1 snapshot, of the log's prefix, was not); played otherwise, not."""
    played = churned_log(TOY, 2, 5, 30, undos=0, rounds=30)
    record = played.snapshot()
    again = Session(TOY, played.options, played.seed, played.entries)
    for _ in range(5):
        again.commit(again.plan_undo(True))
    for entry in played.entries[-5:]:
        again.commit(again.evaluate(entry["action"]))
    assert again.actions == played.actions and len(again.entries) == 40
    resumed = Session(TOY, played.options, played.seed, again.entries, snapshots=[record])
    assert resumed.resumed_from == 30
    same(resumed, again)
    assert again.stands(len(played.actions), record["digest"])
    old = Session(TOY, played.options, played.seed, again.entries, snapshots=[format_1(played)])
    assert old.resumed_from is None

    otherwise = Session(TOY, played.options, played.seed, played.entries)
    for _ in range(5):
        otherwise.commit(otherwise.plan_undo(True))
    rnd = random.Random(11)
    while len(otherwise.actions) < len(played.actions):
        otherwise.commit(random_action(otherwise, rnd))
    assert otherwise.actions != played.actions  # played otherwise after the undos
    assert not otherwise.stands(len(played.actions), record["digest"])
    assert Session(TOY, played.options, played.seed, otherwise.entries, snapshots=[record]).resumed_from is None


def good_record():
    played = churned_log(TOY, 2, 3, 40, undos=0, rounds=30)
    return played, Session(TOY, played.options, played.seed, played.entries[:32]).snapshot()


@pytest.mark.parametrize(
    "spoil",
    [
        lambda r: r.update(digest="0" * 64),  # stands for another log
        lambda r: r.update(rules="other rules"),  # another version of the game or the companion
        lambda r: r.update(marshal=-1),
        lambda r: r.update(format=99),
        lambda r: r.update(entries=10_000),  # more entries than the log holds
        lambda r: r.update(barriers=r["barriers"] + "1"),  # says more actions than the prefix has
        lambda r: r.update(barriers="x"),
        lambda r: r.update(state=r["state"][:-8] + "AAAAAAA="),  # damaged: the sum catches it
        lambda r: r.update(state="not base64!"),
        lambda r: r.update(sum="0" * 64),
        lambda r: r.pop("state"),
        lambda r: r.clear(),
    ],
)
def test_a_snapshot_that_disagrees_is_dropped_and_the_log_wins(spoil):
    played, record = good_record()
    assert Session(TOY, played.options, played.seed, played.entries, snapshots=[dict(record)]).resumed_from == 32
    spoilt = dict(record)
    spoil(spoilt)
    resumed = Session(TOY, played.options, played.seed, played.entries, snapshots=[spoilt, "not a record", None])
    assert resumed.resumed_from is None
    same(resumed, Session(TOY, played.options, played.seed, played.entries))


def test_a_snapshot_whose_checked_state_is_not_a_state_is_dropped():
    played, record = good_record()
    payload = zlib.compress(marshal.dumps([1, 2, 3]))
    record.update(state=base64.b64encode(payload).decode(), sum=hashlib.sha256(payload).hexdigest())
    resumed = Session(TOY, played.options, played.seed, played.entries, snapshots=[record])
    assert resumed.resumed_from is None


def test_a_snapshot_of_a_state_the_rules_then_refuse_gives_way_to_the_log():
    """A snapshot that passes every check but whose state the rest of the log does not replay
    from (here: a forged one) is dropped; the whole log decides, also when it is illegal."""
    played, record = good_record()
    forged = Session(TOY, played.options, played.seed + 1, played.entries[:32])
    record = dict(record, state=forged.snapshot()["state"], sum=forged.snapshot()["sum"])
    resumed = Session(TOY, played.options, played.seed, played.entries, snapshots=[record])
    if resumed.resumed_from is None:  # the forged state failed on the tail: replayed whole
        same(resumed, Session(TOY, played.options, played.seed, played.entries))
    bad = [*played.entries, {"action": {"step": "nonsense"}}]
    with pytest.raises(ReplayError) as error:
        Session(TOY, played.options, played.seed, bad, snapshots=[record])
    assert error.value.index == len(played.entries)


def test_the_digest_is_the_same_for_a_live_log_and_the_log_read_back():
    """Live entries carry seat numbers as keys and no times; read back they have text keys and
    times: the digest reads only what a replay reads, as JSON."""
    live = [{"action": {"step": "pick", "picks": {0: 3, 1: 1}}}, {"undo": {"confirmed": True}}]
    stored = [
        {"action": {"step": "pick", "picks": {"0": 3, "1": 1}}, "at": "2025-06-01T18:00:41.207+02:00"},
        {"undo": {"confirmed": True}, "at": "2025-06-01T18:00:42.000+02:00"},
    ]
    running = snapshot.LogDigest("toy", {"seats": 2}, 1)
    running.add(live[:1])
    running.add(live[1:])
    assert running.hexdigest() == snapshot.digest("toy", {"seats": 2}, 1, stored)
    assert snapshot.digest("toy", {"seats": 2}, 1, stored[:1]) != snapshot.digest("toy", {"seats": 2}, 1, stored)
    assert snapshot.digest("toy", {"seats": 2}, 2, stored) != snapshot.digest("toy", {"seats": 2}, 1, stored)
    live_chain, stored_chain = snapshot.Chain("toy", {"seats": 2}, 1), snapshot.Chain("toy", {"seats": 2}, 1)
    live_chain.extend([live[0]["action"]])
    stored_chain.extend([stored[0]["action"]])
    assert live_chain.hexdigest(1) == stored_chain.hexdigest(1) != live_chain.hexdigest(0)
    assert snapshot.Chain("toy", {"seats": 2}, 2).hexdigest(0) != live_chain.hexdigest(0)


def test_a_log_without_snapshots_replays_as_before():
    played = churned_log(TOY, 2, 8, 30, rounds=30)
    plain = Session(TOY, played.options, played.seed, snapshot.Log(played.entries))
    assert plain.resumed_from is None
    same(plain, played)


def test_an_undo_behind_the_snapshot_starts_from_an_older_snapshot_not_the_start():
    played = churned_log(TOY, 2, 5, 40, undos=0, rounds=30)
    records = [Session(TOY, played.options, played.seed, played.entries[:n]).snapshot() for n in (10, 20, 30)]
    resumed = Session(TOY, played.options, played.seed, played.entries, snapshots=records)
    whole = Session(TOY, played.options, played.seed, played.entries)
    assert resumed.resumed_from == 30 and set(resumed._states.stored) == {10, 20}
    for step in range(15):
        expected, got = whole.plan_undo(True), resumed.plan_undo(True)
        assert got.state == expected.state
        whole.commit(expected)
        resumed.commit(got)
        if step == 10:  # behind the snapshot of 30: the one of 20 was read, not the start replayed
            assert 20 in resumed._states.kept and 20 not in resumed._states.stored
            assert 10 in resumed._states.stored
    same(resumed, whole)
