"""The history commands end to end: history, export (csv, json, bgstats), import, stats; every
error one line on stderr with a non-zero exit, never a traceback."""

from __future__ import annotations

import csv
import io
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from companion.cli import main
from companion.known_games import KNOWN
from companion.store import Store
from companion.store.index import append_index

from .test_migration import FINISHED, V1

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def data(tmp_path) -> Path:
    """A data directory holding the layout-1 test store (migrated by the first writer)."""
    folder = tmp_path / "data"
    folder.mkdir()
    shutil.copyfile(V1, folder / "companion.db")
    with Store(folder / "companion.db", rules=KNOWN):
        pass
    return folder


def run(capsys, *argv) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def links_to_plays(out: str) -> list[dict]:
    """The plays of `export --format bgstats`: one BG Stats createPlay link a line."""
    from urllib.parse import parse_qs, urlsplit

    plays = []
    for line in out.splitlines():
        link = urlsplit(line)
        assert (link.scheme, link.netloc, link.path) == ("https", "app.bgstatsapp.com", "/createPlay.html")
        (data,) = parse_qs(link.query)["data"]
        plays.append(json.loads(data))
    return plays


def one_line_error(err: str) -> None:
    assert err.startswith("companion: ") and err.count("\n") == 1 and "Traceback" not in err


def test_history_names_jindrich_as_the_winner_of_a_solo_dva_bratri(data, capsys):
    code, out, err = run(capsys, "history", "--data-dir", str(data))
    assert code == 0 and not err
    lines = out.splitlines()
    assert len(lines) == FINISHED + 1  # and the game ended from the in-game menu
    assert [line for line in lines if "abandoned" in line] == [
        "2025-06-02T02:40  vaaalbara  Modrá, Fialová, Žlutá  abandoned  (0 min)"
    ]
    solo = [line for line in lines if "dva_bratri  Modrý  " in line or "dva_bratri  Bílý  " in line]
    assert len(solo) == 2 and all("winner: Jindřich" in line for line in solo)


def test_csv_and_bgstats_name_jindrich_too(data, capsys):
    code, out, _ = run(capsys, "export", "--format", "csv", "--data-dir", str(data))
    rows = [row for row in csv.DictReader(io.StringIO(out)) if row["game"] == "dva_bratri" and ";" not in row["seats"]]
    assert code == 0 and [row["winner"] for row in rows] == ["Jindřich", "Jindřich"]
    assert all("Jindřich: " in row["scores"] for row in rows)
    code, out, _ = run(capsys, "export", "--format", "bgstats", "--data-dir", str(data))
    plays = links_to_plays(out)
    assert code == 0 and len(plays) == FINISHED
    solo = [
        play
        for play in plays
        if play["game"]["sourceGameId"] == "dva_bratri"
        and len(play["players"]) == 2
        and play["players"][1]["name"] == "Jindřich"
    ]
    assert len(solo) == 2
    for play in solo:
        assert play["players"][1]["winner"] is True and play["players"][1]["rank"] == 1
        assert play["players"][0]["winner"] is False
        assert not any(player["startPlayer"] for player in play["players"])  # a solo game records no start


def test_bgstats_play_has_the_documented_fields(data, capsys):
    with Store(data / "companion.db", rules=KNOWN) as store:
        record = store.history()[0]
    _, out, _ = run(capsys, "export", "--format", "bgstats", "--data-dir", str(data))
    play = links_to_plays(out)[0]
    assert set(play) == {"board", "durationMin", "comments", "game", "location", "playDate", "players"}
    assert play["game"] == {"name": "Vaaalbara", "sourceGameId": "vaaalbara", "highestWins": True, "noPoints": False}
    assert play["playDate"] == record["started"][:10] + " " + record["started"][11:19]
    assert play["durationMin"] == record["duration_s"] // 60  # whole minutes, as `history` shows them
    totals = record["scores"]["totals"]
    assert [(p["name"], p["score"]) for p in play["players"]] == [
        (record["seats"][int(seat)], total) for seat, total in sorted(totals.items(), key=lambda i: int(i[0]))
    ]
    ranks = {record["seats"][seat]: place for place, seat in enumerate(record["scores"]["ranking"], start=1)}
    assert {p["name"]: p["rank"] for p in play["players"]} == ranks
    assert [p["winner"] for p in play["players"]] == [seat == record["winner"] for seat in range(len(totals))]


def test_history_with_a_finished_null_record_still_lists(data, capsys):
    append_index(
        data / "history" / "index.db",
        {
            "history": {
                "99": {
                    "session": 99,
                    "uid": "00000000-0000-4000-8000-000000000099",
                    "game": "vaaalbara",
                    "finished": None,
                    "started": None,
                    "seats": ["A"],
                    "scores": None,
                    "winner": None,
                    "duration_s": None,
                    "actions": 0,
                }
            }
        },
    )
    code, out, err = run(capsys, "history", "--data-dir", str(data))
    assert code == 0 and not err
    assert out.splitlines()[-1].startswith("?  vaaalbara  A  winner: -")


def test_export_to_a_place_that_cannot_be_written_is_one_line(data, tmp_path, capsys):
    locked = tmp_path / "locked"
    locked.mkdir()
    locked.chmod(0o500)
    try:
        for target in (locked / "out.csv", tmp_path / "missing" / "out.csv"):
            code, out, err = run(capsys, "export", "--out", str(target), "--data-dir", str(data))
            if os.geteuid() == 0 and target.parent == locked:
                continue  # root writes anyway
            assert code != 0 and not out
            one_line_error(err)
            assert f"cannot write {target}" in err
    finally:
        locked.chmod(0o700)


def test_a_broken_pipe_is_one_line_and_non_zero(data):
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    child = subprocess.Popen(
        [sys.executable, "-m", "companion", "export", "--format", "json", "--data-dir", str(data)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=env,
    )
    child.stdout.close()  # the reader goes away before anything is read
    err = child.stderr.read().decode()
    assert child.wait() != 0
    one_line_error(err)


def test_a_deeply_nested_session_file_is_one_line(tmp_path, capsys):
    path = tmp_path / "deep.json"
    path.write_text('{"format": "companion-session", "entries": ' + "[" * 200000 + "]" * 200000 + "}")
    for argv in (["replay", str(path)], ["import", str(path), "--data-dir", str(tmp_path)]):
        code, _, err = run(capsys, *argv)
        assert code != 0
        one_line_error(err)
        assert "nested" in err


def test_import_adds_an_export_once_and_refuses_a_bad_file_whole(data, tmp_path, capsys):
    export = tmp_path / "backup.json"
    assert run(capsys, "export", "--format", "json", "--out", str(export), "--data-dir", str(data))[0] == 0
    fresh = tmp_path / "new-card"
    fresh.mkdir()
    code, out, err = run(capsys, "import", str(export), "--data-dir", str(fresh))
    assert (code, err) == (0, "") and out == f"imported {FINISHED} sessions; 0 already here\n"
    code, out, _ = run(capsys, "import", str(export), "--data-dir", str(fresh))
    assert out == f"imported 0 sessions; {FINISHED} already here\n"
    with Store(fresh / "companion.db", rules=KNOWN) as store, Store(data / "companion.db", rules=KNOWN) as source:
        assert [
            (r["uid"], store.session_document(r["session"])["meta"]["scores"], r["names"]) for r in store.history()
        ] == [
            (r["uid"], source.session_document(r["session"])["meta"]["scores"], r["names"]) for r in source.history()
        ]  # the whole scores, breakdown too (the index keeps them without it)
        first = store.history()[0]["session"]
        assert store.entries(first) == source.entries(source.history()[0]["session"])
    before = sorted((p.name, p.read_bytes()) for p in (fresh / "history").iterdir())
    documents = json.loads(export.read_text(encoding="utf-8"))
    documents[3]["entries"][2] = {"jump": 1}
    export.write_text(json.dumps(documents), encoding="utf-8")
    code, out, err = run(capsys, "import", str(export), "--data-dir", str(fresh))
    assert code != 0 and not out
    one_line_error(err)
    assert "nothing changed" in err and "session 4 of 9: entry 2" in err
    documents[3]["entries"][2] = {"action": {}}
    documents[5]["game"] = "chess"
    export.write_text(json.dumps(documents), encoding="utf-8")
    code, _, err = run(capsys, "import", str(export), "--data-dir", str(fresh))
    assert code != 0 and "unknown game 'chess'" in err
    assert sorted((p.name, p.read_bytes()) for p in (fresh / "history").iterdir()) == before


def test_stats_per_game_with_decision_times(tmp_path, capsys):
    from datetime import datetime, timedelta, timezone

    now = [datetime(2025, 6, 1, 18, 0, tzinfo=timezone(timedelta(hours=2)))]
    with Store(tmp_path / "companion.db", clock=lambda: now[0], rules=KNOWN) as store:
        for winner in (0, 1, 0):
            session = store.create_session("vaaalbara", {}, 1, ["Modrá", "Fialová"])
            now[0] += timedelta(seconds=10)  # seat 0 thinks 10 s
            store.append(session, {"action": {"step": "a", "seat": 0}})
            now[0] += timedelta(seconds=4)  # a secret choice: seat 0 locked after 1 s, seat 1 after 3 s
            store.append(
                session,
                {
                    "action": {"step": "pick", "picks": {"0": 1, "1": 2}},
                    "locked": {0: now[0] - timedelta(seconds=3), 1: now[0] - timedelta(seconds=1)},
                },
            )
            now[0] += timedelta(seconds=6)
            store.append(session, {"action": {"step": "b", "seat": 1}})
            store.finish(session, {"totals": {"0": 5, "1": 4}}, winner)
    code, out, _ = run(capsys, "stats", "--json", "--data-dir", str(tmp_path))
    assert code == 0
    stats = json.loads(out)["vaaalbara"]
    assert stats["plays"] == 3 and stats["wins"] == {"Modrá": 2, "Fialová": 1}
    assert stats["average_duration_s"] == 20
    assert stats["decision_s"] == {
        "Modrá": {"average": 5.5, "decisions": 6},
        "Fialová": {"average": 4.5, "decisions": 6},
    }
    code, out, _ = run(capsys, "stats", "--data-dir", str(tmp_path))
    assert code == 0
    assert out.splitlines() == [
        "vaaalbara: 3 plays, 0 min on average",
        "  wins: Modrá 2, Fialová 1",
        "  average decision: Fialová 4.5 s, Modrá 5.5 s",
    ]


def test_a_draw_is_named_a_draw_in_history_csv_bgstats_and_stats(tmp_path, capsys):
    """A draw (first place shared) names both in the history and the exports and is counted as
    a draw, never as the first seat's win; a result stored before places were recorded (no
    "winners", no "places") still reads with its one winner and ranks 1, 2."""
    with Store(tmp_path / "companion.db", rules=KNOWN) as store:
        drawn = store.create_session("dva_bratri", {"seats": 2}, 1, ["Modrá", "Fialová"])
        store.append(drawn, {"action": {"step": "a", "seat": 0}})
        scores = {"final": True, "totals": {"0": 40, "1": 40}, "ranking": [0, 1], "places": [1, 1], "winners": [0, 1]}
        store.finish(drawn, scores, None)
        old = store.create_session("dva_bratri", {"seats": 2}, 2, ["Modrá", "Fialová"])
        store.append(old, {"action": {"step": "a", "seat": 0}})
        store.finish(old, {"final": True, "totals": {"0": 30, "1": 41}, "ranking": [1, 0]}, 1)
    code, out, _ = run(capsys, "history", "--data-dir", str(tmp_path))
    assert code == 0 and "draw: Modrá, Fialová" in out and "winner: Fialová" in out
    _, out, _ = run(capsys, "export", "--format", "csv", "--data-dir", str(tmp_path))
    assert sorted(row["winner"] for row in csv.DictReader(io.StringIO(out))) == ["Fialová", "Modrá; Fialová"]
    _, out, _ = run(capsys, "export", "--format", "bgstats", "--data-dir", str(tmp_path))
    plays = links_to_plays(out)
    assert sorted([(p["rank"], p["winner"]) for p in play["players"]] for play in plays) == [
        [(1, True), (1, True)],
        [(2, False), (1, True)],
    ]
    _, out, _ = run(capsys, "stats", "--json", "--data-dir", str(tmp_path))
    stats = json.loads(out)["dva_bratri"]
    assert stats["wins"] == {"Fialová": 1} and stats["draws"] == 1 and stats["no_winner"] == 0
    _, out, _ = run(capsys, "stats", "--data-dir", str(tmp_path))
    assert "  wins: Fialová 1, draws 1" in out.splitlines()
