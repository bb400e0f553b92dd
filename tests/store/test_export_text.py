"""The JSON export writes each archive's text as it was read (checked as a session file is),
not the document encoded again: the same data as the documents the history holds, one session
a line, with the characters ``json_text`` escapes escaped; an archive of another shape (an
indented file) is encoded again, on one line."""

from __future__ import annotations

import io
import json

from companion.known_games import KNOWN
from companion.store import Store
from companion.store.export import history_json_items, json_text, write_history_json

from .conftest import Clock, play


def _store(folder, names=("Modrá", "Fialová")):
    clock = Clock()
    store = Store(folder / "companion.db", clock=clock, rules=KNOWN)
    for _ in range(3):
        play(store, clock, "gheos", list(names), 4)
    return store


def test_the_export_holds_the_archives_data_one_session_a_line(tmp_path):
    with _store(tmp_path) as store:
        documents = list(store.history_documents())
        out = io.StringIO()
        assert write_history_json(store, out) == 3
    text = out.getvalue()
    assert json.loads(text) == documents
    lines = text.splitlines()
    assert lines[0] == "[" and lines[-1] == "]" and len(lines) == 5
    assert [json.loads(line.rstrip(",")) for line in lines[1:-1]] == documents


def test_characters_the_export_escapes_are_escaped_in_an_archives_text(tmp_path):
    odd = "Li\u2028né\x85\u202e"  # a line separator, a C1 control, a reordering mark
    with _store(tmp_path, (odd, "Fialová")) as store:
        items = list(history_json_items(store))
        documents = list(store.history_documents())
    assert items == [json_text(document, separators=(",", ":")) for document in documents]
    for item in items:
        assert "\u2028" not in item and "\x85" not in item and "\u202e" not in item
        assert "\\u2028" in item and "Fialová" in item  # Czech stays readable


def test_an_indented_archive_is_encoded_again_on_one_line(tmp_path):
    with _store(tmp_path) as store:
        archive = sorted((tmp_path / "history").glob("*-*.json"))[0]
        document = json.loads(archive.read_text(encoding="utf-8"))
        archive.write_text(json.dumps(document, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
        items = list(history_json_items(store))
    assert len(items) == 3 and all("\n" not in item for item in items)
    assert document in [json.loads(item) for item in items]
