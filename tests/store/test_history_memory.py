"""Issue 37: `companion history` and `companion stats` hold almost nothing per session. Their
peak of traced memory (tracemalloc, the second run of each: what the first imports is not
counted) is compared at 300 and at 3,000 sessions. A record of the index is some 600 bytes;
`history` held each game's line as a string object in a dict (some 620 bytes of peak a
session), `stats` each game's counted facts (some 350). Now `history` holds the line's UTF-8
text and four numbers (some 300 with its sorting), `stats` nothing but its counts."""

from __future__ import annotations

import contextlib
import io
import tracemalloc

import pytest

from companion.cli import main
from companion.store import Store
from companion.store.index import PROMISE, read_index, write_index

PER_SESSION = {"history": 400, "stats": 60}  # bytes of traced peak per added session at most


def _history_of(folder, count: int, template: dict) -> None:
    """A data directory whose index holds ``count`` finished games (copies of ``template``)."""
    records = {}
    for number in range(1, count + 1):
        record = dict(template, session=number, uid=f"{number:08x}-0000-4000-8000-000000000000")
        when = f"2025-{1 + number % 12:02d}-{1 + number % 28:02d}T{number % 24:02d}:00:00+02:00"
        record["finished"] = record["date"] = when
        records[str(number)] = record
    (folder / "history").mkdir(parents=True)
    write_index(folder / "history" / "index.db", {"history": records, "abandoned": {}}, PROMISE)


@pytest.fixture(scope="module")
def template(tmp_path_factory) -> dict:
    folder = tmp_path_factory.mktemp("one")
    with Store(folder / "companion.db") as store:
        session = store.create_session("vaaalbara", {}, 1, ["Modrá", "Fialová"])
        store.name_player(session, 0, "Řehoř")
        store.finish(session, {"final": True, "totals": {"0": 5, "1": 4}, "winner": 0}, 0)
    (record,) = read_index(folder / "history" / "index.db")["history"].values()
    return record


def _peak(*argv: str) -> int:
    with contextlib.redirect_stdout(io.StringIO()) as out:
        assert main(list(argv)) == 0
    assert out.getvalue()
    tracemalloc.start()
    try:
        with contextlib.redirect_stdout(io.StringIO()):
            assert main(list(argv)) == 0
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


@pytest.mark.parametrize("command", ["history", "stats"])
def test_history_and_stats_hold_almost_nothing_per_session(tmp_path, template, command):
    peaks = {}
    for count in (300, 3000):
        folder = tmp_path / str(count)
        _history_of(folder, count, template)
        peaks[count] = _peak(command, "--data-dir", str(folder))
    growth = (peaks[3000] - peaks[300]) / 2700
    assert growth < PER_SESSION[command], f"{command}: {growth:.0f} bytes of peak memory per added session"


def test_history_lists_the_same_games_in_the_same_order_as_the_index_holds_them(tmp_path, template, capsys):
    """The compact rows give what sorting the records gave: newest first, then by id; a record
    the index holds twice is listed once, as written last."""
    _history_of(tmp_path, 40, template)
    again = dict(template, session=7, uid=f"{7:08x}-0000-4000-8000-000000000000", players={"0": "Anna"})
    again["finished"] = again["date"] = "2030-01-01T10:00:00+02:00"
    from companion.store.index import append_index

    append_index(tmp_path / "history" / "index.db", {"history": {"7": again}})
    assert main(["history", "--data-dir", str(tmp_path)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 40 and lines[0].startswith("2030-01-01T10:00") and "Anna" in lines[0]
    rest = read_index(tmp_path / "history" / "index.db")["history"]
    rest.pop("7")
    order = sorted(rest.values(), key=lambda r: (r["finished"], r["session"]), reverse=True)
    assert [line[:16] for line in lines[1:]] == [record["finished"][:16] for record in order]


def test_stats_counted_as_read_is_what_the_held_records_give(tmp_path, template, capsys):
    """A record the index holds twice counts once, as written last (the earlier one is taken
    back from the tally); the statistics are those of the records themselves."""
    from companion.store.index import append_index
    from companion.store.reports import game_stats, stats_text

    _history_of(tmp_path, 30, template)
    again = dict(template, session=7, uid=f"{7:08x}-0000-4000-8000-000000000000", winner=1, players={"1": "Anna"})
    again["scores"] = {"final": True, "totals": {"0": 1, "1": 9}, "ranking": [1, 0], "winners": [1], "winner": 1}
    append_index(tmp_path / "history" / "index.db", {"history": {"7": again}})
    with Store(tmp_path / "companion.db", read_only=True) as store:
        expected = stats_text(game_stats(store.summaries()))
    assert main(["stats", "--data-dir", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert out == expected and "Anna 1" in out and "Řehoř 29" in out


def test_compact_rows_give_the_order_sorting_the_records_gives():
    """``listing.Rows`` against a plain sort, over histories in order, in reverse and mixed,
    with texts left out (teaching walks) and records written twice (the later counts)."""
    import random

    from companion.store.listing import Rows

    def sorted_records(items):
        last = {(session, finished): (time, finished, session, text) for session, finished, time, text in items}
        return [row[3] for row in sorted(last.values(), key=lambda row: row[:3], reverse=True)]

    chance = random.Random(7)
    for _ in range(2000):
        count, mode = chance.randint(0, 12), chance.choice(["oldest first", "newest first", "mixed"])
        items = []
        for session in range(1, count + 1):
            time = {"oldest first": session, "newest first": -session}.get(mode, chance.randint(0, 4))
            items.append((session, chance.random() < 0.8, float(time), chance.choice([None, f"game {session}"])))
        if items and chance.random() < 0.3:
            again = chance.choice(items)
            items.append((again[0], again[1], chance.choice([again[2], 99.0]), "again"))
        rows = Rows()
        for item in items:
            rows.put(*item)
        assert list(rows.newest_first()) == sorted_records(items), (mode, items)
