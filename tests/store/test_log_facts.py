"""A finished log is read once for its index record (``records.log_facts``): what that one pass
finds is what each reading on its own finds (the kept actions, the start seat, every decision's
time, the clock's length and steps), for the recorded games and for the entries they lack (an
undo, a secret choice's locks, a clock that steps back, times missing)."""

from __future__ import annotations

import json
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest

from companion.store.records import count_actions, decision_times, log_facts, start_seat, summary

ROOT = Path(__file__).resolve().parents[2]
PRAGUE = timezone(timedelta(hours=1))
START = datetime(2026, 11, 30, 19, 0, tzinfo=PRAGUE)


def at(seconds: float) -> str:
    return (START + timedelta(seconds=seconds)).isoformat(timespec="milliseconds")


def per_seat(started: str | None, entries: list) -> dict[str, list]:
    """The decisions per seat as ``decision_times`` gives them, entry by entry."""
    totals: dict[str, list] = {}
    for seat, seconds in decision_times({"meta": {"started": started}, "entries": entries}):
        count_total = totals.setdefault(str(seat), [0, 0.0])
        count_total[0] += 1
        count_total[1] += seconds
    return {seat: [count, round(total, 3)] for seat, (count, total) in sorted(totals.items())}


def clock_by_hand(times: list[float | None]) -> tuple[float, int]:
    """Seconds counted and steps back seen along ``times`` (None: not known)."""
    elapsed, steps, before = 0.0, 0, None
    for moment in times:
        if moment is None:
            continue
        if before is not None:
            if moment - before < -1.0:
                steps += 1
            elif moment > before:
                elapsed += moment - before
        before = moment
    return elapsed, steps


def recorded_logs() -> list[list]:
    logs = []
    for path in sorted((ROOT / "tests/data/corpus").glob("*-[0-9].json")):
        for game in json.loads(path.read_text(encoding="utf-8"))["games"]:
            logs.append([{**entry, "at": at(20 * (k + 1))} for k, entry in enumerate(game["entries"])])
    return logs


@pytest.mark.parametrize("number", range(0, 60, 7))
def test_one_pass_agrees_with_each_reading_over_recorded_games(number):
    entries = recorded_logs()[number]
    started, finished = at(0), at(20 * (len(entries) + 1))
    facts = log_facts(started, entries, finished)
    assert facts.actions == count_actions(entries)
    assert facts.start_seat == start_seat(entries)
    assert facts.decisions == per_seat(started, entries)
    assert facts.decisions and facts.actions > 0
    assert facts.steps == 0
    assert facts.elapsed == pytest.approx(20 * (len(entries) + 1))
    alone = summary(started, entries)
    assert alone == summary(started, entries, facts)
    assert (alone["start_seat"], alone["decisions"]) == (facts.start_seat, facts.decisions)


def test_undo_locks_missing_times_and_a_step_back():
    entries = [
        {"action": {"step": "start_player", "seat": 0, "value": 2}, "at": at(10)},
        {"undo": {"confirmed": True}, "at": at(12)},
        {"action": {"step": "start_player", "seat": 0, "value": 1}, "at": at(15)},
        {"action": {"step": "vote", "seat": None, "value": [1, 0]}, "at": at(40), "locked": {"0": at(30), "1": at(38)}},
        {"action": {"step": "move", "seat": 1}},  # no time: an older recording
        {"action": {"step": "move", "seat": 0}, "at": at(-3600)},  # the clock set back an hour
        {"action": {"step": "move", "seat": 1}, "at": at(-3590)},
    ]
    started, finished = at(0), at(-3500)
    facts = log_facts(started, entries, finished)
    assert facts.actions == count_actions(entries) == 5
    assert facts.start_seat == start_seat(entries) == 1  # the undone answer does not count
    assert facts.decisions == per_seat(started, entries)
    assert facts.decisions["1"][0] == 2 and facts.decisions["0"][0] == 4  # a lock each, and the moves
    times = [0, 10, 12, 15, 40, None, -3600, -3590, -3500]
    assert (facts.elapsed, facts.steps) == pytest.approx(clock_by_hand(times))
    assert facts.steps == 1 and facts.elapsed == pytest.approx(40 + 10 + 90)


def test_a_log_without_a_start_or_times():
    entries = [{"action": {"step": "move", "seat": 0}}, {"undo": {"confirmed": False}}]
    facts = log_facts(None, entries, None)
    assert facts == (0.0, 0, 0, None, {})
