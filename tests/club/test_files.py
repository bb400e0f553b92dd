"""The club's own files: what counted survives a cut, a torn line never counts."""

from __future__ import annotations

import os

from companion.club.files import Journal, Outbox, State


def test_the_outbox_keeps_what_waits_and_forgets_what_the_broker_acknowledged(tmp_path):
    box = Outbox(tmp_path)
    box.add("plays/1", "t/1", "{}")
    box.add("plays/2", "t/2", '{"č": 1}')
    box.add("plays/1", "t/1", "{}")  # already waiting: not twice
    box.sent("plays/1")
    box.close()
    again = Outbox(tmp_path)
    assert [(k, t, p) for k, t, p in again.pending()] == [("plays/2", "t/2", '{"č": 1}'.encode())]
    again.close()


def test_a_line_torn_by_a_power_cut_is_cut_off_and_the_rest_counts(tmp_path):
    box = Outbox(tmp_path)
    box.add("plays/1", "t/1", "{}")
    box.close()
    with open(tmp_path / "outbox", "ab") as handle:
        handle.write(b'{"add": "plays/2", "topic": "t/2", "payl')  # the cut came mid-write
    again = Outbox(tmp_path)
    assert [key for key, _, _ in again.pending()] == ["plays/1"]
    again.add("plays/3", "t/3", "{}")
    again.close()
    assert [key for key, _, _ in Outbox(tmp_path).pending()] == ["plays/1", "plays/3"]


def test_each_line_is_on_disk_before_append_returns(tmp_path, monkeypatch):
    synced = []
    real = os.fsync
    monkeypatch.setattr(os, "fsync", lambda fd: (synced.append(fd), real(fd)))
    journal = Journal(tmp_path / "j")
    journal.append({"a": 1})
    assert synced
    journal.close()


def test_the_state_remembers_origins_conflicts_and_people(tmp_path):
    state = State(tmp_path)
    state.add({"play": "u", "box": "garden", "raw": "r1", "content": "c1"})
    state.add({"conflict": "u", "box": "x", "raw": "r2", "content": "c2", "file": "f"})
    state.add({"person": {"id": "abcdefgh", "op": "rename", "from": "A", "to": "B", "at": "t"}})
    state.close()
    again = State(tmp_path)
    assert again.origins() == {"u": "garden"}
    assert again.known_raw("u", "r1") and again.known_raw("u", "r2") and not again.known_raw("u", "r3")
    assert again.known_person("abcdefgh")


def test_a_reader_beside_the_writer_changes_nothing(tmp_path):
    """``companion club status`` while the table runs: a torn line the writer is still writing
    stays as it is, a compaction the writer would do is not done, nothing is created."""
    box = Outbox(tmp_path)
    box.add("plays/1", "t/1", "{}")
    box.add("plays/2", "t/2", "{}")
    box.sent("plays/1")
    with open(tmp_path / "outbox", "ab") as handle:
        handle.write(b'{"add": "plays/3"')  # the writer is in the middle of this line
    before = (tmp_path / "outbox").read_bytes()
    reader = Outbox(tmp_path, read_only=True)
    assert [key for key, _, _ in reader.pending()] == ["plays/2"]
    assert (tmp_path / "outbox").read_bytes() == before
    assert State(tmp_path / "nothing", read_only=True).origins() == {}
    assert not (tmp_path / "nothing").exists()
