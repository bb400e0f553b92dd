"""The history index is a cache of the archives: a damaged line (a flipped bit) is rebuilt from
them with a warning naming the file and the line, and history, stats and the exports never leave
out a game whose archive is intact (issue 34, point 2)."""

from __future__ import annotations

import json
import shutil

import pytest

from companion.known_games import KNOWN
from companion.store import Store

from .conftest import Clock, play
from .test_cli import links_to_plays, run

GAMES = 6
STEP = 5  # every fifth byte (every byte: the same, five times slower)


@pytest.fixture
def data(tmp_path):
    """Six finished games, each indexed by a line of its own (as the table appends them)."""
    folder = tmp_path / "data"
    clock = Clock()
    with Store(folder / "companion.db", clock=clock, rules=KNOWN) as store:
        for n in range(GAMES):
            play(store, clock, "gheos", ["Modrá", "Fialová"], 3 + n)
    return folder


def listed(folder) -> set[str]:
    with Store(folder / "companion.db", read_only=True, rules=KNOWN) as store:
        return {record["uid"] for record in store.history()}


def test_every_flipped_byte_of_the_index_leaves_every_game_listed(data, tmp_path):
    index = data / "history" / "index.db"
    whole = index.read_bytes()
    games = listed(data)
    assert len(games) == GAMES
    first_line = whole.index(b"\n") + 1
    for offset in range(first_line, len(whole) - 1, STEP):
        copy = tmp_path / f"copy-{offset}"
        shutil.copytree(data, copy)
        damaged = bytearray(whole)
        damaged[offset] ^= 0x20
        (copy / "history" / "index.db").write_bytes(bytes(damaged))
        assert listed(copy) == games, f"a flip at byte {offset} lost a game"
        shutil.rmtree(copy)


def test_a_damaged_line_is_named_without_verbose_and_the_game_is_exported(data, capsys):
    index = data / "history" / "index.db"
    lines = index.read_bytes().split(b"\n")
    fifth = bytearray(lines[4])
    fifth[len(fifth) // 2] ^= 0x20  # the damage: the middle of line 5
    fifth[fifth.index(b'"history"') + 2] ^= 0x20  # and surely damaged: "hIstory" is no table
    lines[4] = bytes(fifth)
    index.write_bytes(b"\n".join(lines))
    code, out, err = run(capsys, "history", "--data-dir", str(data))
    assert code == 0 and len(out.splitlines()) == GAMES
    assert err.count("\n") == 1 and f"{index}: line 5 damaged; rebuilt from {GAMES} archived sessions" in err
    code, out, err = run(capsys, "export", "--format", "json", "--data-dir", str(data))
    assert code == 0 and len(json.loads(out)) == GAMES and err == ""  # saved by the command before
    code, out, err = run(capsys, "stats", "--json", "--data-dir", str(data))
    assert code == 0 and json.loads(out)["gheos"]["plays"] == GAMES and err == ""


def test_while_the_table_runs_the_rebuilt_index_stays_in_memory(data, capsys):
    index = data / "history" / "index.db"
    lines = index.read_bytes().split(b"\n")
    lines[2] = lines[2].replace(b'"docs"', b'"dOcs"')
    damaged = b"\n".join(lines)
    index.write_bytes(damaged)
    with Store(data / "companion.db", rules=KNOWN):  # the table: it holds the writer lock
        for _ in range(2):
            code, out, err = run(capsys, "export", "--format", "bgstats", "--data-dir", str(data))
            assert code == 0 and len(links_to_plays(out)) == GAMES
            assert "line 3 damaged" in err and "in memory: the table is running" in err
        assert index.read_bytes() == damaged  # never written under a running table
    code, out, err = run(capsys, "history", "--data-dir", str(data))  # the table is stopped now
    assert code == 0 and len(out.splitlines()) == GAMES and "line 3 damaged" in err
    code, out, err = run(capsys, "history", "--data-dir", str(data))
    assert code == 0 and err == ""


def test_the_writer_saves_the_rebuilt_index_and_it_is_sound_afterwards(data):
    index = data / "history" / "index.db"
    index.write_bytes(index.read_bytes().replace(b'"uid":"', b'"uId":"', 1))
    with Store(data / "companion.db", rules=KNOWN) as store:
        assert len(store.uids()) == GAMES
        assert any("damaged; rebuilt from 6 archived sessions" in note for note in store.notes)
    with Store(data / "companion.db", read_only=True, rules=KNOWN) as store:
        assert len(store.history()) == GAMES and store.notes == []
