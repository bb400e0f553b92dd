"""Issue 34, point 7, the command line's smaller edges: an import onto a new card creates the
data directory (once the file is checked), a player named for a seat the game does not have is
refused, a long export's ids fit one short line, and a long import says how far it is on a
terminal (and nothing elsewhere)."""

from __future__ import annotations

import io
import json

import pytest

from companion.cli import Progress
from companion.store.export import load_session_file

from .test_cli import data, one_line_error, run  # noqa: F401 (the fixture)


@pytest.fixture
def backup(data, tmp_path, capsys):  # noqa: F811
    out = tmp_path / "backup.json"
    assert run(capsys, "export", "--format", "json", "--out", str(out), "--data-dir", str(data))[0] == 0
    return out


def test_an_import_onto_a_new_card_creates_the_data_directory(backup, tmp_path, capsys):
    card = tmp_path / "new" / "card"
    code, out, err = run(capsys, "import", str(backup), "--data-dir", str(card))
    assert (code, err) == (0, "")
    assert out.startswith(f"created {card}; imported ")
    code, out, _ = run(capsys, "history", "--data-dir", str(card))
    assert code == 0 and len(out.splitlines()) == len(json.loads(backup.read_text(encoding="utf-8")))


def test_a_refused_import_creates_nothing(backup, tmp_path, capsys):
    documents = json.loads(backup.read_text(encoding="utf-8"))
    documents[1]["entries"].insert(0, {"jump": {}})
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(documents), encoding="utf-8")
    card = tmp_path / "card"
    code, out, err = run(capsys, "import", str(bad), "--data-dir", str(card))
    assert code != 0 and not out and "import refused, nothing changed" in err
    one_line_error(err)
    assert not card.exists()


def test_a_data_directory_that_is_a_file_is_refused(backup, tmp_path, capsys):
    (tmp_path / "card").write_text("", encoding="utf-8")
    code, _, err = run(capsys, "import", str(backup), "--data-dir", str(tmp_path / "card"))
    assert code != 0 and "is not a directory" in err
    one_line_error(err)


def test_a_player_named_for_a_seat_the_game_does_not_have_is_refused(backup, tmp_path, capsys):
    documents = json.loads(backup.read_text(encoding="utf-8"))
    target = next(n for n, doc in enumerate(documents) if doc["game"] == "vaaalbara")
    seats = len(documents[target]["meta"]["seats"])
    documents[target]["meta"]["players"] = {"0": "Anna", str(seats + 3): "Petr"}
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(documents), encoding="utf-8")
    (tmp_path / "card").mkdir()
    code, _, err = run(capsys, "import", str(bad), "--data-dir", str(tmp_path / "card"))
    assert code != 0 and f"'meta.players' names seat {seats + 3}; its game has seats 0 to {seats - 1}" in err
    one_line_error(err)
    assert not (tmp_path / "card" / "history").exists()


def test_replay_of_a_long_export_names_its_ids_in_one_short_line(backup, tmp_path, capsys):
    documents = json.loads(backup.read_text(encoding="utf-8"))
    many = [dict(documents[n % len(documents)], meta={**documents[0]["meta"], "id": n + 1}) for n in range(3000)]
    path = tmp_path / "many.json"
    path.write_text(json.dumps(many), encoding="utf-8")
    code, out, err = run(capsys, "replay", str(path))
    assert code != 0 and not out
    one_line_error(err)
    assert len(err) < 300 and "holds 3000 sessions (ids 1, 2, 3, 4, 5, 6, 7, ... 2992 more ..., 3000)" in err
    assert load_session_file(path, 2999)["meta"]["id"] == 2999


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_progress_is_shown_on_a_terminal_only(monkeypatch):
    monkeypatch.setattr(Progress, "EVERY_S", 0.0)
    shown = Terminal()
    progress = Progress("checked", shown)
    progress.count(1200, 0.5)
    progress.done()
    assert shown.getvalue() == "\rcompanion: import: checked 1,200 sessions (50% of the file)\x1b[K\r\x1b[K"
    quiet = io.StringIO()
    progress = Progress("checked", quiet)
    progress.count(1200, 0.5)
    progress.done()
    assert quiet.getvalue() == ""


def test_an_import_killed_while_checking_goes_on_where_it_stopped(backup, tmp_path, capsys, monkeypatch):
    """Issue 34, point 6: the sessions a killed import verified are not replayed again."""
    from companion import known_games
    from companion.store.importing import Verified

    documents = json.loads(backup.read_text(encoding="utf-8"))
    card = tmp_path / "card"
    card.mkdir()
    real = known_games.replay_problem
    replayed: list[int] = []

    def killed_after_five(document):
        if len(replayed) == 5:
            raise MemoryError("killed")  # as a kill would, it ends the check half-way
        replayed.append(1)
        return real(document)

    monkeypatch.setattr(known_games, "replay_problem", killed_after_five)
    monkeypatch.setattr(Verified, "close", lambda self: None)  # a kill runs no clean-up
    code, _, err = run(capsys, "import", str(backup), "--data-dir", str(card))
    assert code != 0 and "MemoryError" in err
    assert len((card / "history" / ".import" / "verified").read_text(encoding="utf-8").splitlines()) == 1 + 5
    monkeypatch.undo()
    replayed.clear()
    monkeypatch.setattr(known_games, "replay_problem", lambda document: replayed.append(1) or real(document))
    code, out, err = run(capsys, "import", str(backup), "--data-dir", str(card))
    assert (code, err) == (0, "") and out.startswith(f"imported {len(documents)} sessions")
    assert len(replayed) == len(documents) - 5
    assert not (card / "history" / ".import").exists()


def test_a_changed_session_is_replayed_again(backup, tmp_path, capsys):
    from companion.store.importing import Verified, identity

    documents = json.loads(backup.read_text(encoding="utf-8"))
    card = tmp_path / "card"
    card.mkdir()
    from companion import __version__
    from companion.store.export import read_sessions

    checked = list(read_sessions(backup))
    cache = Verified(card / "history", __version__)
    cache.add(Verified.key(checked[0], identity(checked[0])))  # as a killed import leaves it
    assert Verified(card / "history", __version__).known and not Verified(card / "history", "another").known
    documents[0]["meta"]["winner"] = 99  # not what was verified: its key differs
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(documents), encoding="utf-8")
    code, _, err = run(capsys, "import", str(bad), "--data-dir", str(card))
    assert code != 0 and "'meta.winner' is 99" in err


def test_an_import_while_the_table_runs_is_refused_before_it_checks(backup, tmp_path, capsys):
    from companion.known_games import KNOWN
    from companion.store import Store

    card = tmp_path / "card"
    with Store(card / "companion.db", rules=KNOWN):
        code, out, err = run(capsys, "import", str(backup), "--data-dir", str(card))
    assert code != 0 and not out and "the table is running" in err
    one_line_error(err)


def test_the_check_notes_each_verified_session_by_its_text_without_encoding_it(backup, tmp_path, capsys, monkeypatch):
    """Issue 34, point 6: the note of a verified session is a digest of its text as read (the
    JSON list's item), not of the session encoded again (a second encoding of every log)."""
    from companion.store import importing
    from companion.store.export import read_digested_sessions

    real_key = importing.Verified.key

    def key(document, uid, digest=None):
        if digest is None:
            raise AssertionError("a session encoded again to be noted")
        return real_key(document, uid, digest)

    monkeypatch.setattr(importing.Verified, "key", staticmethod(key))
    noted: list[str] = []
    real = importing.Verified.add
    monkeypatch.setattr(importing.Verified, "add", lambda self, key: noted.append(key) or real(self, key))
    card = tmp_path / "card"
    card.mkdir()
    code, out, err = run(capsys, "import", str(backup), "--data-dir", str(card))
    assert (code, err) == (0, "") and out.startswith("imported")
    digests = [digest for _, digest in read_digested_sessions(backup)]
    assert sorted(key.split()[1] for key in noted) == sorted(digests) and None not in digests
