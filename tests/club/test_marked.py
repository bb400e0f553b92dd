"""The plays merged from the club's other boxes, marked with the box they came from in
``companion history``, the CSV export (a ``box`` column) and BG Stats (its location); a box
without a club lists and exports as before."""

from __future__ import annotations

import csv
import io
import json

from companion import cli
from companion.club.files import State, arrivals
from companion.known_games import KNOWN
from companion.store import Store

from .plays import Clock, play_example


def two_plays(tmp_path) -> tuple[str, str]:
    """Two finished plays on this box (kitchen): the first merged from the garden's box."""
    store = Store(tmp_path / "companion.db", rules=KNOWN, clock=Clock())
    theirs = play_example(store, 1, ["Eva", "Petr"])
    mine = play_example(store, 2, ["Anna", "Eva"])
    store.close()
    return theirs, mine


def join(tmp_path, theirs: str, mine: str) -> None:
    (tmp_path / "club").mkdir()
    state = State(tmp_path / "club")
    state.add(
        {"joined": {"club": "u-lipy", "box": "kitchen"}},
        {"play": theirs, "box": "garden", "raw": "r1", "content": "c1"},
        {"play": mine, "box": "kitchen", "raw": "r2", "content": "c2"},
    )
    state.close()


def test_history_and_exports_name_the_box_a_play_came_from(tmp_path, capsys):
    theirs, mine = two_plays(tmp_path)
    join(tmp_path, theirs, mine)
    assert arrivals(tmp_path) == {theirs: "garden"}
    assert cli.main(["history", "--data-dir", str(tmp_path)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 2
    assert [line.endswith("  [from garden]") for line in lines] == [False, True]  # newest (mine) first
    assert cli.main(["export", "--format", "csv", "--data-dir", str(tmp_path)]) == 0
    rows = list(csv.DictReader(io.StringIO(capsys.readouterr().out)))
    assert [row["box"] for row in rows] == ["", "garden"]
    assert cli.main(["export", "--format", "bgstats-plays", "--data-dir", str(tmp_path)]) == 0
    plays = json.loads(capsys.readouterr().out)
    assert [play["location"] for play in plays] == ["", "garden"]


def test_without_a_club_nothing_is_marked_and_the_csv_keeps_its_columns(tmp_path, capsys):
    two_plays(tmp_path)
    assert arrivals(tmp_path) == {}
    assert cli.main(["history", "--data-dir", str(tmp_path)]) == 0
    assert "[from" not in capsys.readouterr().out
    assert cli.main(["export", "--format", "csv", "--data-dir", str(tmp_path)]) == 0
    header = capsys.readouterr().out.splitlines()[0]
    assert header == "id,game,started,finished,duration_s,seats,scores,winner,actions"


def test_stats_count_each_games_plays_by_the_box_they_were_played_on(tmp_path, capsys):
    theirs, mine = two_plays(tmp_path)
    join(tmp_path, theirs, mine)
    store = Store(tmp_path / "companion.db", rules=KNOWN, clock=Clock())
    play_example(store, 3, ["Anna", "Petr"])  # a third, this box's own
    store.close()
    assert cli.main(["stats", "--json", "--data-dir", str(tmp_path)]) == 0
    stats = json.loads(capsys.readouterr().out)
    (game,) = stats
    assert stats[game]["plays"] == 3 and stats[game]["boxes"] == {"kitchen": 2, "garden": 1}
    assert cli.main(["stats", "--data-dir", str(tmp_path)]) == 0
    assert "  plays by box: kitchen 2, garden 1" in capsys.readouterr().out.splitlines()  # most plays first


def test_without_a_club_stats_have_no_split_by_box(tmp_path, capsys):
    two_plays(tmp_path)
    assert cli.main(["stats", "--json", "--data-dir", str(tmp_path)]) == 0
    stats = json.loads(capsys.readouterr().out)
    assert all("boxes" not in entry for entry in stats.values())
    assert cli.main(["stats", "--data-dir", str(tmp_path)]) == 0
    assert "by box" not in capsys.readouterr().out
