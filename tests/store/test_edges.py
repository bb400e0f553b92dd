"""The edges of the store: damaged records named by file and line, a journal whose file was
deleted, a zeroed tail, non-finite numbers; nothing stops the box and nothing is lost silently."""

from __future__ import annotations

import json
import shutil

import pytest

from companion.app import make_table
from companion.known_games import KNOWN
from companion.store import Store, StoreError
from companion.store.journal import JournalDB, loads
from companion.table.flow import MainMenu, Play
from companion.table.table import Table

from ..engine.toy import GAME as TOY
from ..table.helpers import host, pad, press


def _damage(path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def test_a_session_record_without_its_seed_is_named_by_file_and_line_and_the_box_starts(tmp_path):
    path = tmp_path / "companion.db"
    with Store(path) as store:
        store.create_session("gheos", {}, 5, ["A", "B"])
    _damage(path, '"seed":5,', "")
    with Store(path) as store:
        assert store.unfinished() is None  # never offered for resuming
        (problem,) = store.problems
        assert f"{path}, line 2: session 1 is damaged ('seed' is missing)" in problem
        table = make_table(store, "en")
        assert isinstance(table.screen, MainMenu)
        assert any("line 2" in msg.en and "'seed' is missing" in msg.en for msg in table.messages.notice)
        assert all(msg.cs.startswith("Úložiště: ") for msg in table.messages.notice)
        assert store.create_session("gheos", {}, 6, ["A", "B"]) == 2  # the id is not reused
        with pytest.raises(StoreError, match="session 1 is damaged"):
            store.append(1, {"action": {"step": "x"}})
    assert '"seed"' not in path.read_text(encoding="utf-8").split("\n")[1]  # kept as it was


@pytest.mark.parametrize(
    ("old", "new", "said"),
    [
        ('"started":"', '"started":"yesterday', "'started' must be an ISO 8601 time"),
        ('"seats":["A","B"]', '"seats":[1,2]', "'seats' must be a list of names"),
        ('"game":"gheos"', '"game":7', "'game' must be a game's name"),
        ('"options":{}', '"options":[]', "'options' must be an object"),
    ],
)
def test_every_field_of_a_running_session_is_checked(tmp_path, old, new, said):
    path = tmp_path / "companion.db"
    with Store(path) as store:
        store.create_session("gheos", {}, 5, ["A", "B"])
    _damage(path, old, new)
    with Store(path) as store:
        assert store.unfinished() is None
        assert said in store.problems[0] and "line 2" in store.problems[0]


def test_a_damaged_log_entry_names_its_line(tmp_path):
    path = tmp_path / "companion.db"
    with Store(path) as store:
        session = store.create_session("gheos", {}, 5, ["A", "B"])
        store.append(session, {"action": {"step": "a"}})
        store.append(session, {"action": {"step": "b"}})
    _damage(path, '{"action":{"step":"b"}', '{"jump":{"step":"b"}')
    with Store(path) as store:
        assert store.unfinished() is None
        assert "line 4: session 1 is damaged (log entry 2: unknown log entry kind 'jump')" in store.problems[0]


def test_a_damaged_session_counter_is_recounted(tmp_path):
    path = tmp_path / "companion.db"
    with Store(path) as store:
        store.create_session("gheos", {}, 5, ["A", "B"])
    _damage(path, '"next_session":1', '"next_session":"x"')
    with Store(path) as store:
        assert "meta 'next_session' is not a count" in " ".join(store.problems)
        assert store.create_session("gheos", {}, 5, ["A"]) == 2


def test_nan_and_infinity_are_refused_in_the_journal(tmp_path):
    path = tmp_path / "companion.db"
    with Store(path) as store:
        store.create_session("gheos", {}, 5, ["A", "B"])
    _damage(path, '"seed":5', '"seed":NaN')
    with pytest.raises(StoreError, match=r"line 2: malformed record: NaN"):
        Store(path)
    _damage(path, '"seed":NaN', '"seed":1e999')
    with pytest.raises(StoreError, match="line 2: malformed record: 1e999 is too large"):
        Store(path)
    for text in ("NaN", "-Infinity", "[Infinity]", "1e400"):
        with pytest.raises(ValueError):
            loads(text)


def test_a_journal_deleted_with_its_directory_is_never_acknowledged_again(tmp_path):
    data = tmp_path / "data"
    data.mkdir()
    store = Store(data / "companion.db")
    table = Table(store, {"toy": TOY}, "en", new_seed=lambda: 5)
    press(table, host("ok", "ok"))
    session = table.session_id
    press(table, pad(1, "3#"))  # locked, nothing stored yet
    shutil.rmtree(data)
    press(table, pad(2, "1#"))  # the reveal: stored, but into a file nothing can reach
    assert table.session.prompt.step == "pick"  # not acknowledged
    assert "deleted" in " ".join(table.frame().lines)
    with pytest.raises(StoreError, match="deleted"):
        store.append(session, {"action": {"step": "pick", "seat": 0, "value": 1}})
    store.close()


def test_a_zeroed_tail_that_cut_records_is_said_on_the_panel(tmp_path):
    path = tmp_path / "companion.db"
    with Store(path) as store:
        session = store.create_session("gheos", {}, 5, ["A", "B"])
        for n in range(9):
            store.append(session, {"action": {"step": "a", "value": n}})
    raw = path.read_bytes()
    lines = raw.split(b"\n")
    keep = b"\n".join(lines[:4]) + b"\n"
    path.write_bytes(keep + b"\0" * (len(raw) - len(keep)))  # seven records zeroed
    with Store(path) as store:
        assert len(store.entries(session)) == 2
        (problem,) = store.problems
        assert "zeroed" in problem and "may be lost" in problem
        table = make_table(store, "en")
        assert any("zeroed" in msg.en for msg in table.messages.notice)
    assert path.read_bytes() == keep


def test_a_torn_last_line_alone_is_no_problem(tmp_path):
    path = tmp_path / "companion.db"
    with Store(path) as store:
        session = store.create_session("gheos", {}, 5, ["A", "B"])
        store.append(session, {"action": {"step": "a"}})
    with open(path, "ab") as handle:
        handle.write(b'{"insert":"log-1","do')
    with Store(path) as store:
        assert store.problems == [] and len(store.entries(session)) == 1


def test_journal_lines_are_known_for_each_document(tmp_path):
    path = tmp_path / "j.db"
    with JournalDB(path) as db:
        db.table("t").insert({"a": 1})
        db.table("t").insert({"a": 2})
    with JournalDB(path) as db:
        assert db.storage.lines == {("t", "1"): 2, ("t", "2"): 3}
    assert json.loads(path.read_text().split("\n")[0])["format"] == "companion-store"


@pytest.mark.parametrize(("game", "seats"), [("vaaalbara", 3), ("graenaland", 3), ("great_wall", 4), ("gheos", 2)])
@pytest.mark.parametrize("bad", ['{"a": NaN}', '{"a": Infinity}', '{"a": -Infinity}', '{"a": 1e999}'])
def test_a_box_memory_file_with_a_non_finite_number_is_moved_aside_and_the_game_starts(tmp_path, game, seats, bad):
    from companion.store.boxes import BoxFiles

    (tmp_path / "box").mkdir()
    (tmp_path / "box" / f"{game}.json").write_text(bad, encoding="utf-8")
    with Store(tmp_path / "companion.db", rules=KNOWN) as store:
        memory = BoxFiles(tmp_path / "box", rebuild=store.learned_box, check=KNOWN.memory_problem)
        table = make_table(store, "en", seed=1, box_memory=memory)
        table.new_game(game, {"seats": seats})
        assert isinstance(table.screen, Play)
        (notice,) = table.messages.notice
        assert notice.en == f"Damaged box data moved aside: box/{game}.json.bad-1"
        assert notice.cs == f"Poškozená data krabice odložena: box/{game}.json.bad-1"
        assert store.unfinished()["game"] == game
    assert sorted(p.name for p in (tmp_path / "box").iterdir()) == [f"{game}.json.bad-1"]


def test_a_preference_without_its_value_is_named_and_the_default_used(tmp_path, caplog):
    path = tmp_path / "companion.db"
    with Store(path) as store:
        store.set_preference("language", "en")
    _damage(path, ',"value":"en"', "")
    with Store(path) as store:
        assert store.preference("language", "cs") == "cs"
    assert f"{path}, line 2: the saved language has no 'value'" in caplog.text


@pytest.mark.parametrize(
    ("old", "new", "said"),
    [
        ('{"undo":{"confirmed":true}', '{"undo":{"confirmed":1}', "an undo entry is"),
        ('{"undo":{"confirmed":true}', '{"undo":{"confirmed":true,"x":1}', "an undo entry is"),
        ('{"action":{"step":"b"}', '{"action":["b"]', "action must be an object"),
        ('+00:00"}', '"}', "'at' must be an ISO 8601 time with its UTC offset"),
    ],
)
def test_a_log_entry_of_the_usual_shape_with_one_bad_part_in_a_compacted_journal_is_named(tmp_path, old, new, said):
    """A compacted journal holds the whole log on line 1, checked a table at a time: one
    entry that only nearly has the usual shape is still found and named, with its line."""
    path = tmp_path / "companion.db"
    with Store(path) as store:
        session = store.create_session("gheos", {}, 5, ["A", "B"])
        store.append(session, {"action": {"step": "a"}})
        store.append(session, {"undo": {"confirmed": True}})
        store.append(session, {"action": {"step": "b"}})
        store._db.rewrite(store._db.tables_data())  # compacted: every document on line 1
    assert len(path.read_text(encoding="utf-8").splitlines()) == 1
    text = path.read_text(encoding="utf-8")
    where = text.rindex(old) if old.startswith("+") else text.index(old)
    path.write_text(text[:where] + new + text[where + len(old) :], encoding="utf-8")
    with Store(path) as store:
        assert store.unfinished() is None
        (problem,) = store.problems
        assert f"{path}, line 1: session 1 is damaged (log entry " in problem and said in problem


def test_documents_read_from_the_header_and_from_later_lines_are_named_by_their_line(tmp_path):
    path = tmp_path / "companion.db"
    with JournalDB(path) as db:
        db.rewrite({"t": {str(i): {"n": i} for i in range(1, 1001)}})
        db.table("t").insert({"n": 1001})
    with JournalDB(path) as db:
        lines = db.storage.lines
        assert lines.get(("t", "1")) == 1 and lines.get(("t", "1000")) == 1
        assert lines.get(("t", "1001")) == 2
        assert lines.get(("t", "1002")) is None and lines.get(("u", "1")) is None
        db.table("t").insert({"n": 1002})  # appended after opening: no line known, as before
        assert lines.get(("t", "1002")) is None
