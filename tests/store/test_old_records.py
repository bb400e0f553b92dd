"""Sessions recorded before seat names and game titles were stored with them (tests/data/store/v2:
start records and archives without ``names``, ``title`` or ``teaching``) load, list, count and
export exactly as the version that wrote them printed (tests/data/store/v2-expected), and a game
that was still running ends as that version would have ended it."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from companion.cli import main
from companion.engine import Session
from companion.games import load
from companion.known_games import KNOWN
from companion.store import Store
from companion.store.rules import NO_GAMES

DATA = Path(__file__).resolve().parents[1] / "data" / "store"
V2, EXPECTED = DATA / "v2", DATA / "v2-expected"
SOLO_RUNNING, WALK = 12, 13
COMMANDS = {
    "history": ["history"],
    "stats": ["stats"],
    "stats_json": ["stats", "--json"],
    "export_format_csv": ["export", "--format", "csv"],
    "export_format_json": ["export", "--format", "json"],
    "export_format_bgstats": ["export", "--format", "bgstats"],
    "export_format_bgstats_plays": ["export", "--format", "bgstats-plays"],
}


@pytest.fixture
def old(tmp_path) -> Path:
    folder = tmp_path / "data"
    shutil.copytree(V2, folder)
    return folder


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_history_stats_and_exports_print_what_the_older_version_printed(old, capsys, name):
    assert main([*COMMANDS[name], "--data-dir", str(old)]) == 0
    out, err = capsys.readouterr()
    expected = (EXPECTED / f"{name}.out").read_text(encoding="utf-8")
    if name == "export_format_json":  # now one session a line (the C encoder), the same JSON
        assert json.loads(out) == json.loads(expected) and not err
        assert out.count("\n") == 2 + len(json.loads(out))
        return
    assert out == expected and not err


def test_an_index_rebuilt_from_old_archives_still_knows_the_teaching_walk(old, capsys):
    (old / "history" / "index.db").unlink()
    assert main(["history", "--data-dir", str(old)]) == 0
    out, err = capsys.readouterr()
    assert out == (EXPECTED / "history.out").read_text(encoding="utf-8")
    assert "rebuilt from 11 archived sessions" in err  # its archive says nothing of a walk: the game does


def test_the_old_records_carry_none_of_the_new_fields(old):
    """The fixture is the old form: what the other tests here load really lacks the fields."""
    with Store(old / "companion.db", read_only=True) as store:
        running = store.session(SOLO_RUNNING)
        assert not {"names", "title", "teaching"} & set(running)
        for document in store.history_documents():
            assert not {"title", "teaching", "players"} & set(document["meta"])


def test_a_game_recorded_before_names_were_stored_ends_as_that_version_ended_it(old):
    rules = load("dva_bratri")
    with Store(old / "companion.db", rules=KNOWN) as store:
        record, entries = store.session(SOLO_RUNNING), store.entries(SOLO_RUNNING)
        last = next(game for game in _corpus_games() if game["seed"] == record["seed"])["entries"][-1]
        store.append(SOLO_RUNNING, last)
        session = Session(rules, record["options"], record["seed"], [*entries, last])
        assert session.over
        scores = session.score()
        result = store.finish(SOLO_RUNNING, scores.to_json(), scores.winner)
        assert result["names"] == ["Modrý", "Jindřich"]  # the game named the seat past the labels
        assert "title" not in result and "teaching" not in result
        meta = store.session_document(SOLO_RUNNING)["meta"]
        assert not {"title", "teaching"} & set(meta)  # archived in the form that version wrote
        assert store.history()[0]["names"] == ["Modrý", "Jindřich"]


def test_without_the_games_an_old_running_game_ends_with_numbered_seats(old):
    """The migration asks the games it is given; a store opened without them numbers the seat."""
    with Store(old / "companion.db", rules=NO_GAMES) as store:
        result = store.finish(SOLO_RUNNING, {"totals": {"0": 30, "1": 50}}, 1)
    assert result["names"] == ["Modrý", "seat 2"]


def test_a_new_session_beside_the_old_ones_is_described_when_it_is_created(old):
    rules = load("dva_bratri")
    options = {"seats": 1, "level": 3, "sets": ["straz", "putovani", "valceni"], "colour": "white", "roads": True}
    state = Session(rules, options, 9, []).state
    with Store(old / "companion.db", rules=KNOWN) as store:
        new = store.create_session("dva_bratri", options, 9, [rules.seat_label(state, 0).cs])
        record = store.session(new)
    assert record["names"] == ["Bílý", "Jindřich"]
    assert record["title"] == {"cs": "Dva bratři", "en": "The Two Heirs"} and "teaching" not in record


def _corpus_games() -> list[dict]:
    import json

    corpus = Path(__file__).resolve().parents[1] / "data" / "corpus" / "dva_bratri-1.json"
    return json.loads(corpus.read_text(encoding="utf-8"))["games"]
