"""What an interrupted write leaves is named so that the next export, start or import removes
it, and a batch an import did not commit never comes back as history, not even when the index
is lost and rebuilt from the archives (issue 34, point 5)."""

from __future__ import annotations

import fcntl
import json
import os

import pytest

from companion.known_games import KNOWN
from companion.store import Store, index
from companion.store.journal import StoreError, atomic_chunks

from .test_cli import data, run  # noqa: F401 (the fixture)


def left_by_a_kill(path, content: bytes = b"[\n{half an export") -> os.PathLike:
    """A temporary file as a killed writer leaves it: named like the write's, unlocked."""
    path.write_bytes(content)
    return path


def test_the_next_export_removes_what_a_killed_export_left(data, tmp_path, capsys):  # noqa: F811
    out = tmp_path / "out.json"
    stale = left_by_a_kill(tmp_path / ".out.json.tmp-0123456789ab")
    other = left_by_a_kill(tmp_path / ".other.json.tmp-0123456789ab")  # another file's: not this export's
    code, _, err = run(capsys, "export", "--format", "json", "--out", str(out), "--data-dir", str(data))
    assert (code, err) == (0, "")
    assert not stale.exists() and other.exists()
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.startswith(".out")) == []
    json.loads(out.read_text(encoding="utf-8"))


def test_a_temporary_file_being_written_is_left_alone(tmp_path):
    busy = left_by_a_kill(tmp_path / ".out.json.tmp-0123456789ab")
    fd = os.open(busy, os.O_RDONLY)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)  # a live writer holds its temporary file locked
        atomic_chunks(tmp_path / "out.json", [b"[]\n"])
        assert busy.exists()
    finally:
        os.close(fd)
    atomic_chunks(tmp_path / "out.json", [b"[]\n"])
    assert not busy.exists()


def test_a_start_and_an_import_remove_what_a_killed_import_left(data, tmp_path, capsys):  # noqa: F811
    history = data / "history"
    stale = [
        left_by_a_kill(history / ".0b175bcb-ef65-56df-980b-e1b4efd78860.json.tmp-0123456789ab", b'{"format"'),
        left_by_a_kill(history / ".index.db.tmp-0123456789ab", b'{"format"'),
    ]
    with Store(data / "companion.db", read_only=True, rules=KNOWN):
        assert all(path.exists() for path in stale)  # a reader changes nothing
    with Store(data / "companion.db", rules=KNOWN):  # the table's start
        assert not any(path.exists() for path in stale)
    again = left_by_a_kill(history / ".6c3be06f-d8f1-5351-a22a-0e040ffe178f.json.tmp-ba9876543210", b"{")
    backup = tmp_path / "backup.json"
    assert run(capsys, "export", "--format", "json", "--out", str(backup), "--data-dir", str(data))[0] == 0
    code, out, _ = run(capsys, "import", str(backup), "--data-dir", str(data))
    assert code == 0 and "0 sessions" in out and not again.exists()


def test_an_interrupted_batch_never_comes_back_as_history(data, tmp_path, capsys, monkeypatch):  # noqa: F811
    backup = tmp_path / "backup.json"
    assert run(capsys, "export", "--format", "json", "--out", str(backup), "--data-dir", str(data))[0] == 0
    documents = json.loads(backup.read_text(encoding="utf-8"))
    card = tmp_path / "card"
    real = index.append_index
    calls = []

    def cut_at_the_second_commit(path, records):
        calls.append(1)
        if len(calls) == 2:
            raise StoreError("the power went")  # the second batch's archives written, not committed
        return real(path, records)

    monkeypatch.setattr(index, "append_index", cut_at_the_second_commit)
    with Store(card / "companion.db", rules=KNOWN) as store, pytest.raises(StoreError):
        store.import_documents(documents, batch=4)
    monkeypatch.setattr(index, "append_index", real)
    (card / "history" / "index.db").unlink()  # and then the index is lost
    with Store(card / "companion.db", rules=KNOWN) as store:
        assert len(store.history()) == 4  # the first batch only, rebuilt from its archives
        assert not (card / "history" / ".import").exists()
        assert len(list((card / "history").glob("*.json"))) == 4
        added, skipped = store.import_documents(documents, batch=4)  # importing again completes it
    assert (added, skipped) == (len(documents) - 4, 4)


def test_a_committed_batch_cut_off_before_its_archives_moved_is_completed(data, tmp_path, capsys):  # noqa: F811
    backup = tmp_path / "backup.json"
    assert run(capsys, "export", "--format", "json", "--out", str(backup), "--data-dir", str(data))[0] == 0
    documents = json.loads(backup.read_text(encoding="utf-8"))
    card = tmp_path / "card"
    with Store(card / "companion.db", rules=KNOWN) as store:
        store.import_documents(documents[:4], batch=4)
        uids = {record["uid"] for record in store.history()}
    staging = card / "history" / ".import"
    staging.mkdir()
    for uid in sorted(uids)[:2]:  # as if the power went between the commit and the moves
        os.replace(card / "history" / f"{uid}.json", staging / f"{uid}.json")
    code, out, err = run(capsys, "export", "--format", "json", "--data-dir", str(card))  # a reader finds them
    assert (code, err) == (0, "") and len(json.loads(out)) == 4
    with Store(card / "companion.db", rules=KNOWN) as store:
        assert {record["uid"] for record in store.history()} == uids
    assert not staging.exists() and all((card / "history" / f"{uid}.json").exists() for uid in uids)
