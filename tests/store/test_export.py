"""History export (CSV, JSON) and reading session files, with a clear reason for bad ones."""

from __future__ import annotations

import csv
import io
import json

import pytest
from tinydb import TinyDB

from companion.store import SessionFileError, load_session_file, write_history_csv, write_history_json
from companion.store.export import META_FIELDS

from .conftest import play

SEATS = ["Anna", "Řehoř", "Šárka"]


@pytest.fixture
def played(store, clock):
    first = play(store, clock, "vaalbara", SEATS, actions=4, winner=1, minutes=40)
    second = play(store, clock, "kolonie", ["Eva", "Jan"], actions=2, winner=None, minutes=5)
    store.create_session("vaalbara", {}, 3, ["X"])  # unfinished: not in the history
    return store, first, second


def test_csv_has_one_row_per_finished_session(played, tmp_path):
    store, first, second = played
    out = tmp_path / "history.csv"
    assert write_history_csv(store, out) == 2
    rows = list(csv.DictReader(io.StringIO(out.read_text(encoding="utf-8"))))
    assert list(rows[0]) == ["id", "game", "started", "finished", "duration_s", "seats", "scores", "winner", "actions"]
    assert rows[1] == {
        "id": str(first),
        "game": "vaalbara",
        "started": "2025-06-01T18:00:00+02:00",
        "finished": "2025-06-01T18:40:00+02:00",
        "duration_s": "2400",
        "seats": "Anna; Řehoř; Šárka",
        "scores": "Anna: 10; Řehoř: 9; Šárka: 8",
        "winner": "Řehoř",
        "actions": "4",
    }
    assert (rows[0]["id"], rows[0]["winner"], rows[0]["scores"]) == (str(second), "", "Eva: 10; Jan: 9")


def test_csv_to_a_stream(played):
    store, _, _ = played
    buffer = io.StringIO()
    write_history_csv(store, buffer)
    assert buffer.getvalue().count("\n") == 3


def test_json_export_is_a_list_of_full_session_documents(played, tmp_path):
    store, first, second = played
    out = tmp_path / "history.json"
    assert write_history_json(store, out) == 2
    text = out.read_text(encoding="utf-8")
    assert "Řehoř" in text  # readable, not \u escapes
    documents = json.loads(text)
    assert [doc["meta"]["id"] for doc in documents] == [second, first]
    assert documents[1] == store.session_document(first)
    assert len(documents[1]["entries"]) == 4


def test_a_session_document_round_trips_through_a_file(played, tmp_path):
    store, first, _ = played
    path = tmp_path / "session.json"
    path.write_text(json.dumps(store.session_document(first), ensure_ascii=False), encoding="utf-8")
    assert load_session_file(path) == store.session_document(first)


def test_a_history_export_is_loadable_by_session_id(played, tmp_path):
    store, first, second = played
    out = tmp_path / "history.json"
    write_history_json(store, out)
    assert load_session_file(out, session_id=first) == store.session_document(first)
    with pytest.raises(SessionFileError, match=rf"holds 2 sessions \(ids {second}, {first}\)"):
        load_session_file(out)
    with pytest.raises(SessionFileError, match="no session with id 99"):
        load_session_file(out, session_id=99)


def test_a_session_stored_in_a_tinydb_json_file_loads(played, tmp_path):
    store, first, _ = played
    path = tmp_path / "tiny.json"
    with TinyDB(path, ensure_ascii=False, encoding="utf-8") as db:
        db.insert(store.session_document(first))
    assert load_session_file(path) == store.session_document(first)


def test_a_layout1_store_dumped_through_tinydb_loads(tmp_path):
    """The old layout's tables (sessions, log-<id>, history) in a TinyDB JSON file."""
    from companion.store.journal import parse_journal
    from tests.store.test_migration import V1

    tables, _ = parse_journal(V1, V1.read_bytes())
    keep = {name: tables[name] for name in ("sessions", "history", "log-3")}
    keep["sessions"] = {"3": keep["sessions"]["3"]}
    path = tmp_path / "dump.json"
    path.write_text(json.dumps(keep), encoding="utf-8")
    document = load_session_file(path)
    assert document["version"] == 2 and document["game"] == "dva_bratri" and document["meta"]["id"] == 3
    assert document["entries"] == [tables["log-3"][key] for key in sorted(tables["log-3"], key=int)]
    assert document["meta"]["winner"] == tables["history"]["3"]["winner"]


def valid_document():
    return {
        "format": "companion-session",
        "version": 1,
        "game": "vaalbara",
        "options": {},
        "seed": 1,
        "entries": [{"action": {"step": "x"}}],
        "meta": {"id": 1, "started": None, "finished": None, "seats": ["A"], "scores": None, "winner": None},
    }


def write(tmp_path, content) -> str:
    path = tmp_path / "session.json"
    if isinstance(content, bytes):
        path.write_bytes(content)
    elif isinstance(content, str):
        path.write_text(content, encoding="utf-8")
    else:
        path.write_text(json.dumps(content), encoding="utf-8")
    return str(path)


def changed(**fields):
    document = valid_document()
    for name, value in fields.items():
        if value is ...:
            del document[name]
        else:
            document[name] = value
    return document


@pytest.mark.parametrize(
    "content, problem",
    [
        (b"", "is empty"),
        ("not json at all", "is not valid JSON: Expecting value at line 1, column 1"),
        (json.dumps(valid_document())[:-25], "is truncated"),
        (b'{"format": "companion-session", "game": "\xff"}', "is not UTF-8 text"),
        ([1, 2], "holds no companion session"),
        ({"hello": "world"}, "holds no companion session"),
        (changed(seed=...), "is missing the field 'seed'"),
        (changed(seed=..., entries=...), "is missing the fields 'seed', 'entries'"),
        (changed(format="companion-save"), "has format 'companion-save'"),
        (changed(version=3), "is version 3; this companion reads versions 1 and 2"),
        (changed(meta={"finished": "yesterday"}), "'meta.finished' must be an ISO 8601 time"),
        (changed(meta={"seats": "Anna"}), "'meta.seats' must be a list of names"),
        (changed(meta={"winner": "1"}), "'meta.winner' must be a whole number or null, not a string"),
        (changed(meta={"uid": "abc"}), "'meta.uid' must be a UUID"),
        (changed(entries=[{"action": {}, "at": "noon"}]), "entry 0: 'at' must be an ISO 8601 time"),
        (changed(entries=[{"action": {}, "locked": {"x": "2025-06-01T18:00:00+02:00"}}]), "entry 0: 'locked' maps"),
        (changed(entries=[{"action": {}, "when": 1}]), "entry 0: unknown log entry field 'when'"),
        ("[" * 100 + "]" * 100, "nested more than 64 levels"),
        ("[" * 100000 + "]" * 100000, "nested too deeply"),
        (changed(version="1"), "is version '1'"),
        (changed(entries={"0": {}}), "'entries' must be a list, not an object"),
        (changed(entries=[{"action": {}}, {"jump": 1}]), "entry 1: unknown log entry kind 'jump'"),
        (changed(seed="42"), "'seed' must be an integer, not a string"),
        (changed(options=[]), "'options' must be an object, not a list"),
        (changed(game=""), "'game' must be a game's name"),
        (changed(meta=[1]), "'meta' must be an object"),
        (
            '{"format":"companion-store","version":1,"tables":{}}\n{"insert":"t","docs":{}}\n',
            "is the companion's store",
        ),
    ],
)
def test_malformed_session_files_get_a_clear_message(tmp_path, content, problem):
    path = write(tmp_path, content)
    with pytest.raises(SessionFileError) as caught:
        load_session_file(path)
    message = str(caught.value)
    assert message.startswith(f"{path}: ")
    assert problem in message
    assert "\n" not in message and "Traceback" not in message
    assert caught.value.__suppress_context__ or caught.value.__cause__ is None


def test_missing_file_and_directory(tmp_path):
    with pytest.raises(SessionFileError, match="no such file"):
        load_session_file(tmp_path / "nope.json")
    with pytest.raises(SessionFileError, match="is a directory"):
        load_session_file(tmp_path)


def test_a_document_without_meta_is_accepted(tmp_path):
    """Every meta field an export writes is there, empty, so a reader never meets a missing key."""
    path = write(tmp_path, changed(meta=...))
    assert load_session_file(path)["meta"] == dict.fromkeys(META_FIELDS)
    assert {"uid", "started", "scores", "winner"} <= set(META_FIELDS)


def test_czech_in_a_session_file(tmp_path):
    document = changed(options={"hráči": "Čeněk a Ďábel"})
    path = tmp_path / "s.json"
    path.write_text(json.dumps(document, ensure_ascii=False), encoding="utf-8")
    assert load_session_file(path)["options"] == {"hráči": "Čeněk a Ďábel"}
