"""`companion import` reads a JSON export as a stream (``export.read_sessions``): the same
sessions and the same one-line refusals as reading it whole, holding about one session."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from companion.store import export
from companion.store.export import SessionFileError, load_sessions, read_sessions

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))

from bench_history import games_from_corpus, session_document


@pytest.fixture(scope="module")
def documents() -> list[dict]:
    corpus = games_from_corpus()
    return [session_document(n, corpus[n % len(corpus)]) for n in range(9)]


def _both(path: Path):
    """What reading whole and reading as a stream give: the sessions, or the error line."""
    found = []
    for read in (load_sessions, lambda p: list(read_sessions(p))):
        try:
            found.append(read(path))
        except SessionFileError as error:
            found.append(str(error))
    return found


@pytest.mark.parametrize("chunk", [7, 1000, 1 << 16])
def test_the_stream_gives_what_reading_whole_gives(documents, tmp_path, monkeypatch, chunk):
    monkeypatch.setattr(export, "STREAM_CHUNK", chunk)  # 7 bytes: Czech letters split between reads
    path = tmp_path / "backup.json"
    text = "\ufeff" + json.dumps(["not a session", *documents, 5], indent=2, ensure_ascii=False)
    path.write_text(text, encoding="utf-8")
    whole, streamed = _both(path)
    assert isinstance(whole, list) and streamed == whole and len(streamed) == len(documents)


def test_the_stream_holds_about_one_session(documents, tmp_path, monkeypatch):
    path = tmp_path / "backup.json"
    path.write_text(json.dumps(documents * 5, indent=2, ensure_ascii=False), encoding="utf-8")
    held = []
    real_more = export._Buffer.more

    def more(self, at_least=0):
        result = real_more(self, at_least)
        held.append(len(self.text))
        return result

    monkeypatch.setattr(export, "STREAM_CHUNK", 4096)
    monkeypatch.setattr(export._Buffer, "more", more)
    assert len(list(read_sessions(path))) == 45
    largest = max(len(json.dumps(doc, indent=2, ensure_ascii=False)) for doc in documents)
    assert max(held) < 2 * largest + 2 * 4096 < path.stat().st_size / 10


def _replace_nth(text: str, old: str, new: str, n: int) -> str:
    at = -1
    for _ in range(n):
        at = text.index(old, at + 1)
    return text[:at] + new + text[at + len(old) :]


BREAKS = {
    "a bad entry in session 4": lambda text: _replace_nth(text, '"action": {', '"jump": {', 140),
    "NaN": lambda text: text.replace('"seed": ', '"seed": NaN, "x": ', 1),
    "cut short": lambda text: text[: len(text) // 2],
    "cut inside a string": lambda text: text[: text.rindex('"Modr') + 3],
    "a missing comma": lambda text: text.replace("},\n  {", "}\n  {", 1),
    "extra data": lambda text: text + "x",
    "an empty list": lambda text: "[]",
    "nothing but white space after [": lambda text: "[  \n",
    "too deep": lambda text: "[" + "[" * 70 + "]" * 70 + "]",
    "not UTF-8": lambda text: text.replace("Modrá", "Modr\udcff", 1),
}


@pytest.mark.parametrize("damage", BREAKS)
def test_a_damaged_export_is_refused_in_one_line_as_when_read_whole(documents, tmp_path, damage):
    path = tmp_path / "backup.json"
    text = BREAKS[damage](json.dumps(documents, indent=2, ensure_ascii=False))
    path.write_bytes(text.encode("utf-8", errors="surrogateescape"))
    whole, streamed = _both(path)
    assert isinstance(streamed, str) and "\n" not in streamed
    if damage == "a bad entry in session 4":  # 44 + 45 + 48 entries before it
        assert streamed.endswith("session 4 of 9: entry 2: unknown log entry kind 'jump'")
    if damage in ("cut short", "cut inside a string"):
        assert "is truncated" in whole and "is truncated" in streamed
    else:
        assert streamed == whole


def test_a_single_session_file_still_reads(documents, tmp_path):
    path = tmp_path / "one.json"
    path.write_text(json.dumps(documents[0]), encoding="utf-8")
    assert list(read_sessions(path)) == load_sessions(path)
