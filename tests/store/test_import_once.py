"""Issue 34, point 6: ``companion import`` reads its file once. Each session is checked, replayed
and staged in ``history/.import/`` in the same reading (``importing.Staging``), and committed
only when every session passed; a refusal anywhere in the file leaves the data directory as it
was, an import killed while checking leaves its staging to the next start, and a table started
while an import checked stops the import with nothing added."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from companion.known_games import KNOWN
from companion.store import Store

from .test_cli import data, one_line_error, run  # noqa: F401 (the fixture)


@pytest.fixture
def backup(data, tmp_path, capsys):  # noqa: F811
    out = tmp_path / "backup.json"
    assert run(capsys, "export", "--format", "json", "--out", str(out), "--data-dir", str(data))[0] == 0
    return out


def tree(folder: Path) -> dict[str, bytes]:
    return {str(path.relative_to(folder)): path.read_bytes() for path in sorted(folder.rglob("*")) if path.is_file()}


def test_the_import_reads_its_file_once(backup, tmp_path, capsys, monkeypatch):
    from companion.store import export

    opened: list[str] = []
    real = export._open_regular
    monkeypatch.setattr(export, "_open_regular", lambda path: opened.append(str(path)) or real(path))
    card = tmp_path / "card"
    code, out, err = run(capsys, "import", str(backup), "--data-dir", str(card))
    count = len(json.loads(backup.read_text(encoding="utf-8")))
    assert (code, err) == (0, "") and f"imported {count} sessions" in out
    assert opened == [str(backup)]
    assert not (card / "history" / ".import").exists()
    code, out, _ = run(capsys, "history", "--data-dir", str(card))
    assert code == 0 and len(out.splitlines()) == count


def test_a_refusal_at_the_end_of_the_file_leaves_the_history_as_it_was(backup, tmp_path, capsys):
    documents = json.loads(backup.read_text(encoding="utf-8"))
    card = tmp_path / "card"
    first = tmp_path / "first.json"
    first.write_text(json.dumps(documents[:3]), encoding="utf-8")
    assert run(capsys, "import", str(first), "--data-dir", str(card))[0] == 0
    before = tree(card)
    documents[-1]["meta"]["winner"] = 99  # every session before it passes and is staged
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(documents), encoding="utf-8")
    code, out, err = run(capsys, "import", str(bad), "--data-dir", str(card))
    assert code != 0 and not out and "import refused, nothing changed" in err and "'meta.winner' is 99" in err
    one_line_error(err)
    assert tree(card) == before


def killed_while_checking(monkeypatch, after: int) -> list:
    """The next import dies (as a kill would: no clean-up) after ``after`` replays; the list
    gets its staging, whose marker the test closes to end the import's life."""
    from companion import known_games
    from companion.store import importing

    real = known_games.replay_problem
    replayed: list[int] = []
    stagings: list = []

    def dies(document):
        if len(replayed) == after:
            raise MemoryError("killed")
        replayed.append(1)
        return real(document)

    real_init = importing.Staging.__init__

    def kept(self, *args, **kwargs):
        real_init(self, *args, **kwargs)
        stagings.append(self)

    monkeypatch.setattr(known_games, "replay_problem", dies)
    monkeypatch.setattr(importing.Staging, "__init__", kept)
    monkeypatch.setattr(importing.Staging, "close", lambda self: None)
    monkeypatch.setattr(importing.Verified, "close", lambda self: None)
    return stagings


def test_an_import_killed_while_checking_leaves_its_staging_to_the_next_start(backup, tmp_path, capsys, monkeypatch):
    documents = json.loads(backup.read_text(encoding="utf-8"))
    card = tmp_path / "card"
    card.mkdir()
    stagings = killed_while_checking(monkeypatch, after=5)
    code, _, err = run(capsys, "import", str(backup), "--data-dir", str(card))
    assert code != 0 and "MemoryError" in err
    monkeypatch.undo()
    staging = card / "history" / ".import"
    assert len(list(staging.glob("*.json"))) == 5 and (staging / "records").exists()
    with Store(card / "companion.db", rules=KNOWN) as table:  # the import still lives: left alone
        assert len(list(staging.glob("*.json"))) == 5 and table.history() == []
    os.close(stagings[0]._marker)  # the import is gone
    with Store(card / "companion.db", rules=KNOWN) as table:  # the table's next start
        assert table.history() == []
    assert not staging.exists()
    assert not list((card / "history").glob("*.json"))
    code, out, err = run(capsys, "import", str(backup), "--data-dir", str(card))
    assert (code, err) == (0, "") and out.startswith(f"imported {len(documents)} sessions")


@pytest.mark.parametrize("plays", [False, True], ids=["runs-on", "plays-a-game-and-stops"])
def test_a_table_started_while_the_import_checked_stops_it_with_nothing_added(
    backup, tmp_path, capsys, monkeypatch, plays
):
    from companion import known_games

    card = tmp_path / "card"
    card.mkdir()
    real = known_games.replay_problem
    table: list[Store] = []

    def the_table_starts(document):
        if not table:
            table.append(Store(card / "companion.db", rules=KNOWN))
            if plays:  # a game begun, then the table stopped: the history moved on
                table[0].create_session("vaaalbara", {}, 7, ["Modrá", "Fialová"])
                table[0].close()
        return real(document)

    monkeypatch.setattr(known_games, "replay_problem", the_table_starts)
    code, out, err = run(capsys, "import", str(backup), "--data-dir", str(card))
    assert code != 0 and not out and "import stopped" in err
    assert ("while the import checked its file" in err) == plays
    one_line_error(err)
    if not plays:
        table[0].close()
    with Store(card / "companion.db", rules=KNOWN) as store:
        assert store.history() == [] and not (card / "history" / ".import").exists()
