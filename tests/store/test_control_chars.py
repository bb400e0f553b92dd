"""Control characters in stored names (an imported file's seat labels) never reach a terminal or
an export: history, CSV, JSON, BG Stats and stats show them as U+FFFD or escape them."""

from __future__ import annotations

import csv
import io
import json
import re

import pytest

from companion.store import Store

from .test_cli import run

EVIL = "\x1b]0;pwned\x07A\x9b2J\u202eB"
RAW = re.compile("[\x00-\x09\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")


@pytest.fixture
def data(tmp_path, clock):
    folder = tmp_path / "data"
    with Store(folder / "companion.db", clock=clock) as store:
        session = store.create_session("vaaalbara", {}, 1, [EVIL, "Bob"])
        clock.advance(700)
        store.finish(session, {"totals": {"0": 5, "1": 3}, "ranking": [0, 1], "winners": [0]}, 0)
    return folder


@pytest.mark.parametrize(
    "argv",
    [
        ("history",),
        ("export", "--format", "csv"),
        ("export", "--format", "json"),
        ("export", "--format", "bgstats"),
        ("export", "--format", "bgstats-plays"),
        ("stats",),
        ("stats", "--json"),
    ],
)
def test_no_control_character_reaches_the_terminal(data, capsys, argv):
    code, out, err = run(capsys, *argv, "--data-dir", str(data))
    assert code == 0, err
    assert not RAW.search(out) and not RAW.search(err)
    assert "pwned" in out or "pwned" in json.dumps(out)


def test_the_csv_file_holds_no_control_character_and_json_keeps_the_name(data, tmp_path, capsys):
    out = tmp_path / "games.csv"
    assert run(capsys, "export", "--format", "csv", "--out", str(out), "--data-dir", str(data))[0] == 0
    text = out.read_text(encoding="utf-8")
    assert not RAW.search(text)
    (row,) = list(csv.DictReader(io.StringIO(text)))
    assert row["winner"] == "\ufffd]0;pwned\ufffdA\ufffd2J\ufffdB"
    backup = tmp_path / "backup.json"
    assert run(capsys, "export", "--format", "json", "--out", str(backup), "--data-dir", str(data))[0] == 0
    assert not RAW.search(backup.read_text(encoding="utf-8"))
    assert json.loads(backup.read_text(encoding="utf-8"))[0]["meta"]["seats"][0] == EVIL  # the data is kept


def test_an_error_message_does_not_echo_control_characters(tmp_path, capsys):
    code, _, err = run(capsys, "replay", str(tmp_path / "x\x1b[2Jy.json"))
    assert code != 0 and "\x1b" not in err and "x\ufffd[2Jy.json" in err
