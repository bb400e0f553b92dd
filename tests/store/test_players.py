"""Players by name: a seat of a running session gets its player's name at any time (a phone's
when the host lets it in, one chosen for a pad seat); the names stay with the session through
its archive, the history index, an export and an import, and history, stats and the exports
name the person instead of the seat's colour."""

from __future__ import annotations

import json
from functools import partial

import pytest

from companion.cli import main
from companion.known_games import KNOWN
from companion.run import claim_answer, name_seat
from companion.store import Store, StoreError
from companion.store.export import load_session_file
from companion.store.reports import bgstats_plays, game_stats
from companion.surface.events import KeyEvent, SeatClaim
from companion.table.table import Table

from ..engine.toy import GAME as TOY

SEATS = ["Modrá", "Fialová", "Žlutá"]


def named_game(store, clock, players: dict[int, str], *, seats=SEATS, winner=0, game="vaalbara") -> int:
    """A whole game (scores 10, 9, 8...) whose ``players`` were named half-way through."""
    session = store.create_session(game, {"variant": "basic"}, 7, seats)
    store.append(session, {"action": {"step": "pick", "seat": 0, "value": 1}})
    for seat, name in players.items():
        store.name_player(session, seat, name)
    clock.advance(600)
    totals = {str(seat): 10 - seat for seat in range(len(seats))}
    store.finish(session, {"final": True, "totals": totals, "winner": winner, "winners": [winner]}, winner)
    clock.advance(60)
    return session


# -- naming --------------------------------------------------------------------------------------
def test_a_name_is_kept_trimmed_and_the_latest_naming_of_a_seat_wins(store):
    session = store.create_session("vaalbara", {}, 1, SEATS)
    assert store.name_player(session, 0, "  Anna  ") == "Anna"
    store.append(session, {"action": {"step": "pick", "seat": 0, "value": 1}})
    store.name_player(session, 2, "Řehoř  Novák")
    store.name_player(session, 0, "Anička")
    assert store.players(session) == {0: "Anička", 2: "Řehoř Novák"}
    assert store.name_player(session, 2, None) is None  # the name taken away again
    assert store.players(session) == {0: "Anička"}
    assert store.session(session)["players"] == {"0": "Anička"}


@pytest.mark.parametrize(
    ("name", "why"),
    [
        ("", "at least one letter"),
        ("   ", "at least one letter"),
        ("x" * 25, "at most 24 characters, not 25"),
        ("Anna\x1b[2J", "cannot be shown"),
        ("Anna\u202e", "cannot be shown"),
        (7, "is text, not int"),
    ],
)
def test_a_name_that_is_empty_too_long_or_unprintable_is_refused_in_one_line(store, name, why):
    session = store.create_session("vaalbara", {}, 1, SEATS)
    with pytest.raises(ValueError, match=why) as refused:
        store.name_player(session, 0, name)
    assert "\n" not in str(refused.value)
    assert store.players(session) == {}


def test_a_name_of_24_characters_is_kept_and_a_seat_the_session_lacks_is_refused(store):
    session = store.create_session("vaalbara", {}, 1, SEATS)
    assert store.name_player(session, 1, "Ž" * 24) == "Ž" * 24
    for seat in (3, -1, True, "1"):
        with pytest.raises(ValueError, match="has seats 0 to 2"):
            store.name_player(session, seat, "Anna")


def test_an_ended_or_read_only_session_takes_no_name(store, clock, db_path):
    session = named_game(store, clock, {})
    with pytest.raises(StoreError, match="finished; its log is closed"):
        store.name_player(session, 0, "Anna")
    running = store.create_session("vaalbara", {}, 1, SEATS)
    store.close()
    with Store(db_path, read_only=True) as reader, pytest.raises(StoreError, match="read-only"):
        reader.name_player(running, 0, "Anna")


def test_names_survive_a_restart_of_the_box(db_path, clock):
    with Store(db_path, clock=clock, rules=KNOWN) as store:
        session = store.create_session("vaalbara", {}, 1, SEATS)
        store.name_player(session, 1, "Petr")
    with Store(db_path, clock=clock, rules=KNOWN) as store:
        assert store.unfinished()["players"] == {"1": "Petr"}
        store.name_player(session, 0, "Anna")
        assert store.players(session) == {0: "Anna", 1: "Petr"}


# -- into the history -----------------------------------------------------------------------------
def test_the_names_go_into_the_archive_the_index_and_a_rebuilt_index(store, clock, db_path):
    session = named_game(store, clock, {0: "Anna", 2: "Řehoř"})
    assert store.history()[0]["players"] == {"0": "Anna", "2": "Řehoř"}
    assert store.session_document(session)["meta"]["players"] == {"0": "Anna", "2": "Řehoř"}
    assert store.players(session) == {0: "Anna", 2: "Řehoř"}
    store.close()
    (db_path.parent / "history" / "index.db").unlink()
    with Store(db_path, rules=KNOWN) as again:
        assert again.history()[0]["players"] == {"0": "Anna", "2": "Řehoř"}


def test_an_abandoned_session_keeps_its_names(store):
    session = store.create_session("vaalbara", {}, 1, SEATS)
    store.name_player(session, 1, "Petr")
    store.abandon(session)
    assert store.abandoned()[0]["players"] == {"1": "Petr"}
    assert store.session_document(session)["meta"]["players"] == {"1": "Petr"}


def test_history_names_the_person_and_keeps_the_colour_of_an_unnamed_seat(store, clock, db_path, capsys):
    named_game(store, clock, {0: "Anna", 2: "Řehoř"})
    store.close()
    assert main(["history", "--data-dir", str(db_path.parent)]) == 0
    line = capsys.readouterr().out.splitlines()[0]
    assert "vaalbara  Anna (Modrá), Fialová, Řehoř (Žlutá)  winner: Anna  (10 min)" in line


def test_stats_count_a_person_across_seats_and_unnamed_seats_by_colour(store, clock):
    named_game(store, clock, {0: "Anna"}, winner=0)
    named_game(store, clock, {1: "Anna", 0: "Petr"}, winner=1)  # Anna on the purple seat now
    named_game(store, clock, {}, winner=0)  # nobody named: the blue seat won
    stats = game_stats(store.summaries())["vaalbara"]
    assert stats["wins"] == {"Anna": 2, "Modrá": 1}


def test_csv_json_and_bgstats_exports_name_the_person(store, clock, db_path, tmp_path):
    named_game(store, clock, {0: "Anna"})
    store.close()
    csv_path, json_path = tmp_path / "h.csv", tmp_path / "h.json"
    assert main(["export", "--format", "csv", "--out", str(csv_path), "--data-dir", str(db_path.parent)]) == 0
    row = csv_path.read_text(encoding="utf-8").splitlines()[1]
    assert "Anna (Modrá); Fialová; Žlutá" in row and "Anna: 10; Fialová: 9; Žlutá: 8" in row and row.endswith(",Anna,1")
    assert main(["export", "--format", "json", "--out", str(json_path), "--data-dir", str(db_path.parent)]) == 0
    assert json.loads(json_path.read_text(encoding="utf-8"))[0]["meta"]["players"] == {"0": "Anna"}
    with Store(db_path, read_only=True, rules=KNOWN) as reader:
        (play_,) = bgstats_plays(reader.summaries(), KNOWN.facts)
    first, second = play_["players"][:2]
    assert (first["name"], first["sourcePlayerId"], first["role"], first["winner"]) == (
        "Anna",
        "player-Anna",
        "Modrá",
        True,
    )
    assert (second["name"], second["sourcePlayerId"], second["role"]) == ("Fialová", "vaalbara-seat-2", "")


def test_the_names_survive_an_export_and_an_import_into_another_box(store, clock, db_path, tmp_path):
    session = named_game(store, clock, {1: "Petr"})
    exported = tmp_path / "one.json"
    exported.write_text(json.dumps(store.session_document(session), ensure_ascii=False), encoding="utf-8")
    with Store(tmp_path / "other" / "companion.db", rules=KNOWN) as other:
        assert other.import_documents([load_session_file(exported)]) == (1, 0)
        assert other.history()[0]["players"] == {"1": "Petr"}
        assert other.players(other.history()[0]["session"]) == {1: "Petr"}


def test_a_file_with_a_bad_name_is_refused_in_one_line(store, clock, tmp_path):
    from companion.store.export import SessionFileError

    document = store.session_document(named_game(store, clock, {1: "Petr"}))
    document["meta"]["players"] = {"1": "Petr\x07"}
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    with pytest.raises(SessionFileError, match=r"'meta.players': seat 1: .*cannot be shown"):
        load_session_file(path)


# -- names seen before ----------------------------------------------------------------------------
def test_known_names_are_the_latest_first_each_once_and_bounded(store, clock, db_path):
    named_game(store, clock, {0: "Anna", 1: "Petr"})
    store.tidy()  # the ended game leaves the live journal: its names stay known
    running = store.create_session("vaalbara", {}, 1, SEATS)
    clock.advance(5)
    store.name_player(running, 2, "Jana")
    clock.advance(5)
    store.name_player(running, 0, "anna")  # the same person, written differently
    assert store.known_names() == ["anna", "Jana", "Petr"]  # Anna once, as she was last written
    assert store.known_names(limit=2) == ["anna", "Jana"]
    store.close()
    with Store(db_path, rules=KNOWN) as again:
        assert again.known_names() == ["anna", "Jana", "Petr"]


def test_known_names_are_kept_to_a_bound(store, clock):
    session = store.create_session("vaalbara", {}, 1, SEATS)
    for n in range(40):
        clock.advance(1)
        store.name_player(session, n % 3, f"Hráč {n}")
    names = store.known_names()
    assert len(names) == 16 and names[0] == "Hráč 39" and names[-1] == "Hráč 24"


# -- a phone's name joins the session when the host lets it in -------------------------------------
def test_the_host_letting_a_phone_in_names_the_seats_player(store):
    table = Table(store, {"toy": TOY}, "en", new_seed=lambda: 5)
    for key in ("ok", "ok"):  # the toy, two seats
        table.handle(KeyEvent(None, key))
    answered: list[tuple[int, bool]] = []
    phone_answer = lambda seat, ok: answered.append((seat, ok))  # noqa: E731 (the web table's answer_claim)
    named = partial(name_seat, table)
    table.handle(SeatClaim(1, "Jana", False, partial(claim_answer, phone_answer, named, 1, "Jana")))
    table.handle(KeyEvent(None, "ok"))  # yes, let in
    assert answered == [(1, True)] and store.players(table.session_id) == {1: "Jana"}
    table.handle(SeatClaim(0, "Petr", False, partial(claim_answer, phone_answer, named, 0, "Petr")))
    table.handle(KeyEvent(None, "down"))
    table.handle(KeyEvent(None, "ok"))  # no
    assert answered[-1] == (0, False) and store.players(table.session_id) == {1: "Jana"}


def test_a_name_the_store_refuses_leaves_the_phone_let_in(store, caplog):
    table = Table(store, {"toy": TOY}, "en", new_seed=lambda: 5)
    for key in ("ok", "ok"):
        table.handle(KeyEvent(None, key))
    answered: list[tuple[int, bool]] = []
    name_seat(table, 0, "")
    claim_answer(lambda seat, ok: answered.append((seat, ok)), partial(name_seat, table), 0, "x" * 30, True)
    assert answered == [(0, True)] and store.players(table.session_id) == {}
    assert "seat 1's name is not kept: a player's name needs at least one letter" in caplog.text


def test_a_damaged_name_in_the_journal_is_left_out_with_a_warning_and_the_game_goes_on(db_path, clock, caplog):
    with Store(db_path, clock=clock, rules=KNOWN) as store:
        session = store.create_session("vaalbara", {}, 1, SEATS)
        store.name_player(session, 0, "Anna")
        store.name_player(session, 1, "Petr")
    text = db_path.read_text(encoding="utf-8").replace('"name":"Petr"', '"name":"Pe\\u001btr"')
    db_path.write_text(text, encoding="utf-8")
    with Store(db_path, clock=clock, rules=KNOWN) as store:
        assert store.unfinished()["id"] == session and store.players(session) == {0: "Anna"}
        store.append(session, {"action": {"step": "pick", "seat": 0, "value": 1}})
    assert f"a player's name of session {session} is damaged (seat 1: " in caplog.text
    assert "line 4" in caplog.text
