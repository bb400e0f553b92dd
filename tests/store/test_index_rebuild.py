"""A missing or zeroed history index is rebuilt from the archives; one unreadable archive is
skipped with a one-line warning naming it, and the rest is still listed and exported."""

from __future__ import annotations

import json

import pytest

from companion.store import Store

from .test_cli import data, links_to_plays, run  # noqa: F401 (the fixture)
from .test_migration import FINISHED


@pytest.mark.parametrize("damage", ["missing", "zeroed", "emptied"])
def test_the_history_comes_back_from_the_archives(data, capsys, damage):  # noqa: F811
    index = data / "history" / "index.db"
    code, before, _ = run(capsys, "history", "--data-dir", str(data))
    if damage == "missing":
        index.unlink()
    else:
        index.write_bytes(b"\0" * index.stat().st_size if damage == "zeroed" else b"")
    code, out, err = run(capsys, "history", "--data-dir", str(data))
    assert code == 0 and out == before
    assert err.count("\n") == 1 and "warning:" in err and f"rebuilt from {FINISHED + 1} archived sessions" in err
    code, out, _ = run(capsys, "export", "--format", "bgstats", "--data-dir", str(data))
    assert code == 0 and len(links_to_plays(out)) == FINISHED
    # no table holds the writer lock: the read-only command saved the rebuilt index (under the lock)
    assert json.loads(index.read_text(encoding="utf-8").splitlines()[0])["format"] == "companion-store"
    with Store(data / "companion.db") as store:
        assert len(store.history()) == FINISHED
    code, out, err = run(capsys, "history", "--data-dir", str(data))
    assert (code, err, out) == (0, "", before)


def test_an_unreadable_archive_is_skipped_with_a_warning_and_the_rest_exported(data, capsys):  # noqa: F811
    with Store(data / "companion.db") as store:
        victim = store.history()[2]
    archive = data / "history" / f"{victim['uid']}.json"
    archive.write_bytes(b"\0" * 100)
    code, out, err = run(capsys, "export", "--format", "json", "--data-dir", str(data))
    assert code == 0, err
    assert err.count("\n") == 1 and str(archive) in err and "skipped" in err and "Traceback" not in err
    for argv in (("stats", "--json"), ("export", "--format", "bgstats")):  # the index's summaries: no archive read
        code, out, err = run(capsys, *argv, "--data-dir", str(data))
        assert (code, err) == (0, "")
    assert len(links_to_plays(out)) == FINISHED
    code, out, _ = run(capsys, "export", "--format", "json", "--data-dir", str(data))
    assert len(json.loads(out)) == FINISHED - 1
