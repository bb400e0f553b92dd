"""The journal storage: TinyDB semantics kept, inserts appended, rewrites atomic, damage explained."""

from __future__ import annotations

import json
import logging
import os

import pytest
from tinydb import Query
from tinydb.table import Document

from companion.store import journal
from companion.store.journal import JournalDB, JournalStorage, StoreError


@pytest.fixture
def path(tmp_path):
    return tmp_path / "companion.db"


def lines(path):
    return path.read_bytes().decode("utf-8").splitlines()


def test_round_trip_through_tinydb_queries(path):
    with JournalDB(path) as db:
        players = db.table("players")
        assert players.insert({"name": "Anna", "score": 3}) == 1
        assert players.insert_multiple([{"name": "Petr", "score": 9}, {"name": "Řehoř", "score": 5}]) == [2, 3]
        assert [doc["name"] for doc in players.search(Query().score > 4)] == ["Petr", "Řehoř"]
    with JournalDB(path) as db:
        players = db.table("players")
        assert players.get(doc_id=3) == {"name": "Řehoř", "score": 5}
        assert players.get(Query().name == "Anna").doc_id == 1
        assert players.insert({"name": "Eva"}) == 4  # ids continue after a reopen
        assert db.tables() == {"players"}


def test_insert_appends_one_line_and_leaves_the_rest_untouched(path):
    with JournalDB(path) as db:
        table = db.table("log")
        table.insert_multiple({"n": n} for n in range(1000))
        before = path.read_bytes()
        table.insert({"n": "next"})
        after = path.read_bytes()
    assert after.startswith(before)
    assert json.loads(after[len(before) :]) == {"insert": "log", "docs": {"1001": {"n": "next"}}}
    assert after.endswith(b"\n") and after[len(before) :].count(b"\n") == 1


def test_insert_multiple_is_one_line(path):
    with JournalDB(path) as db:
        db.table("t").insert_multiple([{"a": 1}, {"a": 2}, {"a": 3}])
    assert len(lines(path)) == 2


def test_update_remove_and_truncate_compact_into_one_snapshot_line(path):
    with JournalDB(path) as db:
        table = db.table("t")
        table.insert_multiple({"n": n} for n in range(5))
        table.insert({"n": 5})
        table.update({"seen": True}, Query().n < 2)
        assert len(lines(path)) == 1
        table.remove(Query().n == 4)
        db.table("other").insert({"x": 1})
        db.table("other").truncate()
        assert table.insert({"n": 6}) == 7
    with JournalDB(path) as db:
        table = db.table("t")
        assert [doc["n"] for doc in table.all()] == [0, 1, 2, 3, 5, 6]
        assert table.get(doc_id=1) == {"n": 0, "seen": True}
        assert len(db.table("other")) == 0
    header = json.loads(lines(path)[0])
    assert header["format"] == "companion-store" and header["version"] == 1


def test_drop_table_is_persisted(path):
    with JournalDB(path) as db:
        db.table("a").insert({"x": 1})
        db.table("b").insert({"x": 2})
        db.drop_table("a")
    with JournalDB(path) as db:
        assert db.tables() == {"b"}


def test_a_failed_snapshot_rename_leaves_the_file_and_the_data_as_they_were(path, monkeypatch):
    with JournalDB(path) as db:
        table = db.table("t")
        table.insert_multiple({"n": n} for n in range(10))
        before = path.read_bytes()

        def refuse(*args):
            raise OSError(28, "No space left on device")

        monkeypatch.setattr(journal.os, "replace", refuse)
        with pytest.raises(StoreError, match="No space left"):
            table.update({"n": -1})
        monkeypatch.undo()
        assert path.read_bytes() == before
        assert [doc["n"] for doc in table.all()] == list(range(10))  # the in-memory edit was undone
        assert not [name for name in os.listdir(path.parent) if ".tmp-" in name]
        table.insert({"n": 10})  # and the store keeps working
    with JournalDB(path) as db:
        assert len(db.table("t")) == 11


def test_a_value_that_is_not_json_changes_nothing(path):
    with JournalDB(path) as db:
        table = db.table("t")
        table.insert({"n": 1})
        before = path.read_bytes()
        with pytest.raises(TypeError):
            table.insert({"n": object()})
        with pytest.raises(ValueError):
            table.update({"n": float("nan")})
        assert path.read_bytes() == before
        assert table.all() == [{"n": 1}]
        assert table.insert({"n": 2}) == 2  # no id was skipped


def test_a_half_written_append_is_taken_back(path, monkeypatch):
    with JournalDB(path) as db:
        table = db.table("t")
        table.insert({"n": 1})
        before = path.read_bytes()
        real_write = os.write

        def half_then_fail(fd, data):
            real_write(fd, bytes(data[: len(data) // 2]))
            raise OSError(5, "Input/output error")

        monkeypatch.setattr(journal.os, "write", half_then_fail)
        with pytest.raises(StoreError, match="Input/output error"):
            table.insert({"n": 2, "text": "x" * 100})
        monkeypatch.undo()
        assert path.read_bytes() == before
        assert table.insert({"n": 3}) == 2
    with JournalDB(path) as db:
        assert [doc["n"] for doc in db.table("t").all()] == [1, 3]


def test_documents_read_back_as_they_were_stored(path):
    """The cache holds the JSON round trip, so a reopen never reads anything different."""
    with JournalDB(path) as db:
        db.table("t").insert({"totals": {0: 5}, "pair": (1, 2)})
        live = db.table("t").all()
    with JournalDB(path) as db:
        assert db.table("t").all() == live == [{"totals": {"0": 5}, "pair": [1, 2]}]


@pytest.mark.parametrize("torn", [b'{"insert":"t","docs":{"3":{"n":', b"\x00" * 37, b"{", b" "])
def test_a_torn_last_line_is_cut_and_reported(path, torn, caplog):
    with JournalDB(path) as db:
        db.table("t").insert({"n": 1})
        db.table("t").insert({"n": 2})
    good = path.read_bytes()
    path.write_bytes(good + torn)
    with caplog.at_level(logging.WARNING, logger="companion.store"), JournalDB(path) as db:
        assert [doc["n"] for doc in db.table("t").all()] == [1, 2]
        assert db.table("t").insert({"n": 3}) == 3
    said = "was zeroed" if b"\x00" in torn else "torn last line"  # zeros: records may be lost
    assert said in caplog.text and str(path) in caplog.text
    assert path.read_bytes().startswith(good)
    with JournalDB(path) as db:
        assert len(db.table("t")) == 3


def test_read_only_ignores_a_torn_line_without_cutting_it(path):
    with JournalDB(path) as db:
        db.table("t").insert({"n": 1})
    path.write_bytes(path.read_bytes() + b'{"ins')
    before = path.read_bytes()
    with JournalDB(path, read_only=True) as db:
        assert db.table("t").all() == [{"n": 1}]
        with pytest.raises(StoreError, match="read-only"):
            db.table("t").insert({"n": 2})
    assert path.read_bytes() == before


def corrupt_middle(path, replacement: bytes):
    with JournalDB(path) as db:
        for n in range(4):
            db.table("t").insert({"n": n})
    data = path.read_bytes().split(b"\n")
    data[2] = replacement
    path.write_bytes(b"\n".join(data))
    return path.read_bytes()


@pytest.mark.parametrize(
    "replacement, reason",
    [
        (b'{"insert":"t","docs":{"2":{"n":1}', "malformed record"),
        (b'{"insert":"t"}', "malformed record"),
        (b'{"insert":"t","docs":{"1":{"n":9}}}', "already exists"),
        (b'{"insert":"t","docs":{"x":{"n":9}}}', "bad document id"),
        (b'{"insert":"t","docs":{"9":[1]}}', "not an object"),
        (b'{"insert":"t","docs":{"2":{"n":"\xff"}}}', "not UTF-8"),
    ],
)
def test_a_corrupt_middle_line_raises_and_changes_nothing(path, replacement, reason):
    before = corrupt_middle(path, replacement)
    with pytest.raises(StoreError, match=reason) as caught:
        JournalDB(path)
    assert f"{path}, line 3:" in str(caught.value)
    assert caught.value.line == 3
    assert path.read_bytes() == before
    with pytest.raises(StoreError):  # the lock was released: the error repeats, not "in use"
        JournalDB(path)
    assert path.read_bytes() == before


@pytest.mark.parametrize(
    "content, reason",
    [
        (b'{"_default": {"1": {"a": 1}}}', "not a companion store journal"),  # TinyDB's JSONStorage
        (b'{"_default": {}}\n', "not a companion store journal"),
        (b"hello\nworld\n", "line 1 is not JSON"),
        (b'{"format":"companion-store","version":2,"tables":{}}\n', "version 2 is not supported"),
        (b'{"format":"companion-store","version":1}\n', 'no "tables"'),
    ],
)
def test_a_file_that_is_not_a_journal_is_refused_untouched(path, content, reason):
    path.write_bytes(content)
    with pytest.raises(StoreError, match=reason) as caught:
        JournalDB(path)
    assert str(path) in str(caught.value)
    assert path.read_bytes() == content


def test_an_empty_or_missing_file_becomes_an_empty_journal(path):
    path.write_bytes(b"")
    with JournalDB(path) as db:
        assert db.tables() == set()
    assert lines(path) == ['{"format":"companion-store","version":1,"tables":{}}']
    nested = path.parent / "a" / "b" / "store.db"
    with JournalDB(nested, create_dirs=True) as db:
        db.table("t").insert({"x": 1})
    assert nested.exists()


def test_a_second_writer_is_refused_but_a_reader_is_welcome(path):
    with JournalDB(path) as db:
        db.table("t").insert({"n": 1})
        with pytest.raises(StoreError, match="another process"):
            JournalDB(path)
        with JournalDB(path, read_only=True) as reader:
            assert reader.table("t").all() == [{"n": 1}]


def test_a_temporary_left_by_an_interrupted_snapshot_is_removed(path):
    with JournalDB(path) as db:
        db.table("t").insert({"n": 1})
    stale = path.parent / f".{path.name}.tmp-0123456789ab"
    stale.write_bytes(b'{"format":"companion-store",')
    with JournalDB(path) as db:
        assert db.table("t").all() == [{"n": 1}]
    assert not stale.exists()


def test_czech_text_is_stored_readable(path):
    text = "Příliš žluťoučký kůň úpěl ďábelské ódy"
    with JournalDB(path) as db:
        db.table("t").insert({"text": text})
    assert text.encode("utf-8") in path.read_bytes()
    with JournalDB(path) as db:
        db.table("t").update({"more": "Šárka"})
    assert "Šárka".encode() in path.read_bytes()
    with JournalDB(path) as db:
        assert db.table("t").all() == [{"text": text, "more": "Šárka"}]


def test_a_snapshot_keeps_the_file_mode(path):
    with JournalDB(path) as db:
        db.table("t").insert({"n": 1})
        os.chmod(path, 0o600)
        db.table("t").update({"n": 2})
    assert path.stat().st_mode & 0o777 == 0o600


def test_explicit_document_ids_mix_with_automatic_ones(path):
    with JournalDB(path) as db:
        table = db.table("t")
        assert table.insert(Document({"a": 1}, doc_id=5)) == 5
        assert table.insert({"a": 2}) == 6
        with pytest.raises(ValueError, match="already exists"):
            table.insert(Document({"a": 3}, doc_id=5))
        assert table.upsert(Document({"a": 4}, doc_id=9)) == [9]


def test_closed_storage_refuses_writes(path):
    storage = JournalStorage(path)
    storage.close()
    storage.close()
    with pytest.raises(StoreError, match="closed"):
        storage.append("t", {1: {}})


def test_the_store_works_again_once_a_failed_writes_cause_is_gone(tmp_path):
    """A full card: the append fails and so does taking the partial line back. The store
    refuses while the card is full and works again, without a restart, once there is room."""
    import errno
    from unittest import mock

    from companion.store import Store, StoreError
    from companion.store import journal as journal_module

    path = tmp_path / "companion.db"
    store = Store(path)
    session = store.create_session("g", {}, 1, ["A"])
    store.append(session, {"action": {"n": 0}})
    real_write = os.write

    def half_then_full(fd, data):
        real_write(fd, bytes(data[: len(data) // 2]))
        raise OSError(errno.ENOSPC, "No space left on device")

    full = OSError(errno.ENOSPC, "No space left on device")
    with (
        mock.patch.object(journal_module.os, "write", half_then_full),
        mock.patch.object(journal_module.os, "ftruncate", side_effect=full),
    ):
        with pytest.raises(StoreError, match="No space left"):
            store.append(session, {"action": {"n": 1}})
        with pytest.raises(StoreError):  # still full: refused, nothing half-written is trusted
            store.append(session, {"action": {"n": 1}})
    assert store.append(session, {"action": {"n": 1}}) == 1  # room again: works
    store.close()
    with Store(path) as reopened:
        assert [e["action"]["n"] for e in reopened.entries(session)] == [0, 1]
