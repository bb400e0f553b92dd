"""The summary kept in the history index (start seat, decision times): stats and BG Stats read
the index, never the archives; an index written before the summary existed is filled once."""

from __future__ import annotations

import json
from datetime import timedelta

from companion.cli import main
from companion.store import Store
from companion.store.index import PROMISE, index_summary, read_index

from .conftest import PRAGUE


def _timed_games(path, count=3):
    from datetime import datetime

    now = [datetime(2025, 6, 1, 18, 0, tzinfo=PRAGUE)]
    with Store(path, clock=lambda: now[0]) as store:
        for winner in range(count):
            session = store.create_session("vaaalbara", {}, 1, ["Modrá", "Fialová"])
            store.append(session, {"action": {"step": "start_player", "value": 1}})
            now[0] += timedelta(seconds=10)
            store.append(session, {"action": {"step": "a", "seat": 0}})
            now[0] += timedelta(seconds=4)
            store.append(session, {"action": {"step": "b", "seat": 1}})
            store.finish(session, {"totals": {"0": 5, "1": 4}}, winner % 2)


def _stats(capsys, folder) -> dict:
    capsys.readouterr()
    assert main(["stats", "--json", "--data-dir", str(folder)]) == 0
    return json.loads(capsys.readouterr().out)


def _bgstats(capsys, folder) -> list:
    capsys.readouterr()
    assert main(["export", "--format", "bgstats-plays", "--data-dir", str(folder)]) == 0
    return json.loads(capsys.readouterr().out)


def _strip_summaries(index_path):
    """The index as the version before summaries wrote it: records without them, no promise."""
    tables = read_index(index_path)
    for record in tables["history"].values():
        for key in ("summary", "start_seat", "decisions"):
            record.pop(key, None)
    header = {"format": "companion-store", "version": 1, "tables": tables}
    index_path.write_text(json.dumps(header, ensure_ascii=False) + "\n", encoding="utf-8")


def test_stats_and_bgstats_read_the_index_not_the_archives(tmp_path, capsys):
    _timed_games(tmp_path / "companion.db")
    stats, plays = _stats(capsys, tmp_path), _bgstats(capsys, tmp_path)
    for archive in (tmp_path / "history").glob("*.json"):
        archive.write_text("not json", encoding="utf-8")  # any archive read would now fail
    assert _stats(capsys, tmp_path) == stats
    assert _bgstats(capsys, tmp_path) == plays
    assert "warning" not in capsys.readouterr().err
    assert stats["vaaalbara"]["decision_s"] == {
        "Fialová": {"average": 4.0, "decisions": 3},
        "Modrá": {"average": 10.0, "decisions": 3},
    }
    assert [[p["startPlayer"] for p in play["players"]] for play in plays] == [[False, True]] * 3


def test_an_index_without_summaries_is_read_and_then_filled_once(tmp_path, capsys):
    _timed_games(tmp_path / "companion.db")
    index = tmp_path / "history" / "index.db"
    stats, plays = _stats(capsys, tmp_path), _bgstats(capsys, tmp_path)
    _strip_summaries(index)
    assert index_summary(index) == 0
    before = index.read_bytes()
    # read-only commands (the table may run) fill the summaries in memory from the archives
    assert _stats(capsys, tmp_path) == stats and _bgstats(capsys, tmp_path) == plays
    assert index.read_bytes() == before
    # the table's store (the writer) fills them once and keeps them
    Store(tmp_path / "companion.db").close()
    assert index_summary(index) == PROMISE
    assert all(record["summary"] == 1 for record in read_index(index)["history"].values())
    filled = index.read_bytes()
    Store(tmp_path / "companion.db").close()
    assert index.read_bytes() == filled  # done once: a second start reads only the header
    for archive in (tmp_path / "history").glob("*.json"):
        archive.unlink()
    assert _stats(capsys, tmp_path) == stats and _bgstats(capsys, tmp_path) == plays


def test_an_unreadable_archive_without_summary_is_skipped_with_a_warning(tmp_path, capsys):
    _timed_games(tmp_path / "companion.db", count=2)
    _strip_summaries(tmp_path / "history" / "index.db")
    broken = sorted((tmp_path / "history").glob("*.json"))[0]
    broken.write_text("{", encoding="utf-8")
    stats = _stats(capsys, tmp_path)
    assert stats["vaaalbara"]["plays"] == 1
    Store(tmp_path / "companion.db").close()  # the writer cannot fill it: no promise, tried again
    assert index_summary(tmp_path / "history" / "index.db") == 0
    capsys.readouterr()
    assert main(["stats", "--data-dir", str(tmp_path)]) == 0
    assert f"{broken.name}: cannot read the archived session" in capsys.readouterr().err


def test_history_hands_out_no_copies_but_nothing_stored_changes(tmp_path, clock):
    with Store(tmp_path / "companion.db", clock=clock) as store:
        session = store.create_session("vaaalbara", {}, 1, ["A", "B"])
        store.finish(session, {"totals": {"0": 1, "1": 0}}, 0)
        store.history()[0]["game"] = "changed"
        assert store.history()[0]["game"] == "vaaalbara"


def test_companion_history_reads_the_index_once(tmp_path, capsys, monkeypatch):
    from companion.store import index

    _timed_games(tmp_path / "companion.db", count=2)
    with Store(tmp_path / "companion.db") as store:
        store.abandon(store.create_session("vaaalbara", {}, 1, ["Modrá", "Fialová"]))
    reads = []
    real, scan = index.read_index_checked, index.scan_index
    monkeypatch.setattr(index, "read_index_checked", lambda *args: reads.append(1) or real(*args))
    monkeypatch.setattr(index, "scan_index", lambda *args: reads.append(1) or scan(*args))
    capsys.readouterr()
    assert main(["history", "--data-dir", str(tmp_path)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(reads) == 1 and len(lines) == 3 and "abandoned" in lines[0]
    assert sum("winner: Modrá" in line for line in lines) == 1 and sum("winner: Fialová" in line for line in lines) == 1


def test_the_index_keeps_the_scores_without_their_breakdown_and_the_archive_keeps_them_whole(store, clock):
    scores = {"final": True, "totals": {"0": 5, "1": 4}, "breakdown": {"0": {"lands": 5}, "1": {"lands": 4}}}
    session = store.create_session("vaaalbara", {}, 1, ["Modrá", "Fialová"])
    assert store.finish(session, scores, 0)["scores"] == scores
    assert store.history()[0]["scores"] == {"final": True, "totals": {"0": 5, "1": 4}}
    assert store.session_document(session)["meta"]["scores"] == scores
    (store.history_dir / "index.db").unlink()  # rebuilt from the archive: the same
    assert store.history()[0]["scores"] == {"final": True, "totals": {"0": 5, "1": 4}}


def test_an_index_holding_the_breakdowns_is_rewritten_without_them_once(tmp_path):
    """An index written by the previous version (summarised, promise 1, scores whole) loses the
    breakdowns at the table's next start; the archives keep them; then it is not touched again."""
    from companion.store.index import write_index

    path = tmp_path / "companion.db"
    scores = {"final": True, "totals": {"0": 5, "1": 4}, "breakdown": {"0": {"lands": 5}, "1": {"lands": 4}}}
    with Store(path) as store:
        session = store.create_session("vaaalbara", {}, 1, ["Modrá", "Fialová"])
        store.finish(session, scores, 0)
    index = tmp_path / "history" / "index.db"
    tables = read_index(index)
    tables["history"][str(session)]["scores"] = scores
    write_index(index, tables, 1)  # as the previous version kept it
    with Store(path, read_only=True) as reader:  # a reader changes nothing
        assert reader.history()[0]["scores"] == scores
    assert index_summary(index) == 1
    Store(path).close()
    assert index_summary(index) == PROMISE
    assert read_index(index)["history"][str(session)]["scores"] == {"final": True, "totals": {"0": 5, "1": 4}}
    with Store(path) as store:
        assert store.session_document(session)["meta"]["scores"] == scores
    rewritten = index.read_bytes()
    Store(path).close()
    assert index.read_bytes() == rewritten
