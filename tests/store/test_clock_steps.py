"""A wall clock that steps back during a game (a Pi without a real-time clock, set by NTP or by
hand) is recorded as such: the game is dated and timed by its start and its log, listed where
it belongs, and its backup restores (issue 34, point 1)."""

from __future__ import annotations

import json
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest

from companion import games
from companion.engine import Session
from companion.known_games import KNOWN
from companion.store import Store

from .test_cli import run

ROOT = Path(__file__).resolve().parents[2]
PRAGUE = timezone(timedelta(hours=1))
CORPUS = json.loads((ROOT / "tests/data/corpus/vaaalbara-2.json").read_text(encoding="utf-8"))["games"]


class SteppingClock:
    def __init__(self, start: datetime):
        self.now = start

    def __call__(self) -> datetime:
        return self.now


def play_real(store: Store, clock: SteppingClock, game: dict, steps: dict[int, timedelta] | None = None) -> int:
    """A real Vaaalbara game, 20 s an action; ``steps``: {entry number: the clock set back by}."""
    rules = games.load("vaaalbara")
    session = store.create_session("vaaalbara", game["options"], game["seed"], ["Modrá", "Fialová"])
    for number, entry in enumerate(game["entries"]):
        clock.now += timedelta(seconds=20)
        if steps and number in steps:
            clock.now -= steps[number]
        store.append(session, entry)
    clock.now += timedelta(seconds=20)
    scores = Session(rules, game["options"], game["seed"], game["entries"]).score()
    store.finish(session, scores.to_json(), scores.winner)
    clock.now += timedelta(minutes=5)
    return session


@pytest.fixture
def data(tmp_path):
    """Seven good games, then the issue's: its clock set back 2 h, then a day, mid-game."""
    folder = tmp_path / "data"
    clock = SteppingClock(datetime(2026, 11, 20, 19, 0, tzinfo=PRAGUE))
    with Store(folder / "companion.db", clock=clock, rules=KNOWN) as store:
        for n in range(7):
            play_real(store, clock, CORPUS[n])
            clock.now += timedelta(days=1)
        clock.now = datetime(2026, 12, 1, 19, 36, tzinfo=PRAGUE)
        third = len(CORPUS[7]["entries"]) // 3
        play_real(store, clock, CORPUS[7], {third: timedelta(hours=2), 2 * third: timedelta(days=1)})
    return folder


def test_the_stepped_game_is_recorded_as_such_and_dated_by_its_start(data):
    with Store(data / "companion.db", read_only=True, rules=KNOWN) as store:
        newest = store.history()[0]
        document = next(store.history_documents())
    entries = len(CORPUS[7]["entries"])
    assert newest["finished"] < newest["started"]  # what the wall clock said
    assert newest["clock_step"] is True and document["meta"]["clock_step"] is True
    assert newest["duration_s"] == 20 * (entries + 1) - 2 * 20  # two gaps stepped back: left out
    assert newest["date"].startswith("2026-12-01T19:")  # not a day early
    assert all("clock_step" not in record for record in store.history()[1:])


def test_its_backup_restores_onto_a_new_card_with_the_good_ones(data, tmp_path, capsys):
    backup = tmp_path / "backup.json"
    code, _, err = run(capsys, "export", "--format", "json", "--out", str(backup), "--data-dir", str(data))
    assert (code, err) == (0, "")
    card = tmp_path / "card"
    card.mkdir()
    code, out, err = run(capsys, "import", str(backup), "--data-dir", str(card))
    assert (code, err) == (0, "") and out.startswith("imported 8 sessions")
    _, before, _ = run(capsys, "history", "--data-dir", str(data))
    _, after, _ = run(capsys, "history", "--data-dir", str(card))
    assert after == before
    assert after.splitlines()[0].startswith("2026-12-01T19:")  # newest first, on its day
    with Store(card / "companion.db", read_only=True, rules=KNOWN) as store:
        assert store.history()[0]["clock_step"] is True


def test_history_orders_the_stepped_game_by_what_its_log_knows(data, capsys):
    code, out, _ = run(capsys, "history", "--data-dir", str(data))
    assert code == 0
    dates = [line[:16] for line in out.splitlines()]
    assert len(dates) == 8 and dates == sorted(dates, reverse=True)
    code, out, _ = run(capsys, "export", "--format", "csv", "--data-dir", str(data))
    assert code == 0
    row = out.splitlines()[1].split(",")
    assert row[3].startswith("2026-12-01T19:")  # the CSV's finished: the log's end, not the stepped clock


def test_a_game_without_a_step_keeps_its_times_as_they_were(tmp_path):
    clock = SteppingClock(datetime(2026, 11, 20, 19, 0, tzinfo=PRAGUE))
    with Store(tmp_path / "companion.db", clock=clock, rules=KNOWN) as store:
        play_real(store, clock, CORPUS[0])
        (record,) = store.history()
    assert "clock_step" not in record and record["date"] == record["finished"]
    assert record["duration_s"] == 20 * (len(CORPUS[0]["entries"]) + 1)
