"""`companion box`: show and forget what the table learned about a game's box."""

import json

from companion.cli import main
from companion.known_games import KNOWN
from companion.store.boxes import BoxFiles


def test_box_shows_learned_facts_and_forget_removes_them(tmp_path, capsys):
    BoxFiles(tmp_path / "box").save("dva_bratri", {"tiles": {"PUT-1": {"colour": "green"}}})
    assert main(["box", "dva_bratri", "--data-dir", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert json.loads(out.split("\n", 1)[1]) == {"tiles": {"PUT-1": {"colour": "green"}}}
    assert main(["box", "dva_bratri", "--forget", "--data-dir", str(tmp_path)]) == 0
    assert "forgot" in capsys.readouterr().out
    assert not (tmp_path / "box" / "dva_bratri.json").exists()
    assert main(["box", "dva_bratri", "--data-dir", str(tmp_path)]) == 0
    assert "nothing learned yet" in capsys.readouterr().out


def test_box_names_an_unknown_game(tmp_path, capsys):
    assert main(["box", "chess", "--data-dir", str(tmp_path)]) == 2
    assert "no game 'chess'" in capsys.readouterr().err


def test_box_names_memory_the_game_cannot_use_and_forget_clears_it(tmp_path, capsys):
    path = tmp_path / "box" / "graenaland.json"
    path.parent.mkdir()
    path.write_text('{"pieces": "x"}', encoding="utf-8")
    assert main(["box", "graenaland", "--data-dir", str(tmp_path)]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "pieces: must be a table, not text" in err and "--forget" in err
    assert path.exists()  # showing changes nothing
    assert main(["box", "graenaland", "--forget", "--data-dir", str(tmp_path)]) == 0
    assert not path.exists()
    assert BoxFiles(tmp_path / "box").load("graenaland") == {}


# -- sharing: --export, --import, the checked file shipped with a game -------------------------------
import io  # noqa: E402

import pytest  # noqa: E402

from companion.store import boxes  # noqa: E402

INN = {"building": "inn", "colour": "green", "roads": ["N", "S"]}


def saved(tmp_path, memory, game="dva_bratri"):
    BoxFiles(tmp_path / "box").save(game, memory)


def own(tmp_path, game="dva_bratri"):
    return json.loads((tmp_path / "box" / f"{game}.json").read_text(encoding="utf-8"))


def test_export_writes_a_file_that_imports_into_an_empty_table(tmp_path, capsys):
    saved(tmp_path / "a", {"tiles": {"PUT-1": INN}})
    out = tmp_path / "inn.json"
    assert (
        main(["box", "dva_bratri", "--export", str(out), "--checked-by", "Jana", "--data-dir", str(tmp_path / "a")])
        == 0
    )
    doc = json.loads(out.read_text(encoding="utf-8"))
    assert doc == {
        "format": "companion-box",
        "version": 1,
        "game": "dva_bratri",
        "checked_by": "Jana",
        "verified": True,
        "box": {"tiles": {"PUT-1": INN}},
    }
    capsys.readouterr()
    (tmp_path / "b").mkdir()  # an empty table's data directory
    assert main(["box", "dva_bratri", "--import", str(out), "--data-dir", str(tmp_path / "b")]) == 0
    assert "(checked by Jana): 3 facts added, 0 differing" in capsys.readouterr().out
    assert own(tmp_path / "b") == {"tiles": {"PUT-1": INN}}


def test_import_merges_and_a_script_must_choose_what_differs(tmp_path, capsys, monkeypatch):
    saved(tmp_path, {"tiles": {"PUT-1": INN}})
    theirs = tmp_path / "theirs.json"
    theirs.write_text(
        json.dumps(
            boxes.share_document(
                "dva_bratri",
                {
                    "tiles": {
                        "PUT-1": dict(INN, roads=["E", "W"], cost={"wood": 1, "stone": 0, "grain": 0}),
                        "PUT-2": {"building": "pilgrimage", "colour": "grey"},
                    }
                },
            )
        ),
        encoding="utf-8",
    )
    monkeypatch.setattr("sys.stdin", io.StringIO(""))  # not a terminal
    assert main(["box", "dva_bratri", "--import", str(theirs), "--data-dir", str(tmp_path)]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "1 facts differ" in err and "tiles.PUT-1.roads" in err and "--prefer" in err
    assert own(tmp_path) == {"tiles": {"PUT-1": INN}}  # nothing changed
    assert main(["box", "dva_bratri", "--import", str(theirs), "--prefer", "mine", "--data-dir", str(tmp_path)]) == 0
    assert "3 facts added, 1 differing (0 taken from the file, 1 kept)" in capsys.readouterr().out
    assert own(tmp_path)["tiles"] == {
        "PUT-1": dict(INN, cost={"wood": 1, "stone": 0, "grain": 0}),
        "PUT-2": {"building": "pilgrimage", "colour": "grey"},
    }
    assert main(["box", "dva_bratri", "--import", str(theirs), "--prefer", "theirs", "--data-dir", str(tmp_path)]) == 0
    assert own(tmp_path)["tiles"]["PUT-1"]["roads"] == ["E", "W"]


def test_import_asks_on_a_terminal_for_each_differing_fact(tmp_path, capsys, monkeypatch):
    saved(tmp_path, {"tiles": {"PUT-1": INN}})
    theirs = tmp_path / "theirs.json"
    theirs.write_text(json.dumps({"tiles": {"PUT-1": dict(INN, colour="grey", roads=["E"])}}), encoding="utf-8")
    answers = iter(["x", "t", "m"])
    monkeypatch.setattr("sys.stdin.isatty", lambda: True, raising=False)
    monkeypatch.setattr("builtins.input", lambda prompt: next(answers))
    assert main(["box", "dva_bratri", "--import", str(theirs), "--data-dir", str(tmp_path)]) == 0
    assert own(tmp_path)["tiles"]["PUT-1"] == dict(INN, colour="grey")  # colour theirs, roads mine
    monkeypatch.setattr("builtins.input", lambda prompt: "q")
    before = own(tmp_path)
    assert main(["box", "dva_bratri", "--import", str(theirs), "--data-dir", str(tmp_path)]) == 1
    assert "nothing was changed" in capsys.readouterr().err and own(tmp_path) == before


@pytest.mark.parametrize(
    "content, says",
    [
        ("{not json", "is not JSON"),
        ("[1, 2]", "top level is not an object"),
        (
            json.dumps({"format": "companion-box", "version": 1, "game": "graenaland", "box": {}}),
            "is box data for 'graenaland'",
        ),
        (json.dumps({"format": "companion-box", "version": 9, "game": "dva_bratri", "box": {}}), "version 9"),
        (json.dumps({"tiles": {"PUT-1": {"colour": "purple"}}}), "colour: must be one of"),
        (json.dumps({"tiles": {"XYZ-1": {"colour": "green"}}}), "no such piece"),
        ("[" * 100000, "nested too deeply"),
    ],
)
def test_import_refuses_a_bad_file_in_one_line_and_changes_nothing(tmp_path, capsys, content, says):
    saved(tmp_path, {"tiles": {"PUT-1": INN}})
    bad = tmp_path / "bad.json"
    bad.write_text(content, encoding="utf-8")
    assert main(["box", "dva_bratri", "--import", str(bad), "--data-dir", str(tmp_path)]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and says in err
    assert own(tmp_path) == {"tiles": {"PUT-1": INN}}


def test_export_and_import_refusals(tmp_path, capsys):
    assert main(["box", "dva_bratri", "--export", str(tmp_path / "x.json"), "--data-dir", str(tmp_path)]) == 1
    assert "nothing to export" in capsys.readouterr().err
    assert main(["box", "dva_bratri", "--import", str(tmp_path / "missing.json"), "--data-dir", str(tmp_path)]) == 1
    assert "no such file" in capsys.readouterr().err
    assert main(["box", "dva_bratri", "--prefer", "mine", "--data-dir", str(tmp_path)]) == 2
    assert "--prefer goes with --import" in capsys.readouterr().err
    saved(tmp_path, {"tiles": {"PUT-1": INN}})
    assert main(["box", "dva_bratri", "--export", "-", "--data-dir", str(tmp_path)]) == 0
    assert json.loads(capsys.readouterr().out)["box"] == {"tiles": {"PUT-1": INN}}


def test_graenaland_import_joins_confirmations_and_keeps_the_marks_of_the_chosen_side(tmp_path, capsys):
    mine = {"pieces": {"T1": {"terrain": "plains", "confirmed": ["terrain"], "source": "corrected on the device"}}}
    saved(tmp_path, mine, "graenaland")
    theirs = tmp_path / "g.json"
    theirs.write_text(
        json.dumps(
            boxes.share_document(
                "graenaland",
                {
                    "pieces": {
                        "T1": {
                            "terrain": "plains",
                            "confirmed": ["terrain", "buildings"],
                            "buildings": [],
                            "source": "checked",
                        }
                    }
                },
                "Petr",
            )
        ),
        encoding="utf-8",
    )
    assert main(["box", "graenaland", "--import", str(theirs), "--data-dir", str(tmp_path)]) == 0
    got = own(tmp_path, "graenaland")["pieces"]["T1"]
    assert got["confirmed"] == ["terrain", "buildings"] and got["buildings"] == []
    assert got["source"] == "corrected on the device"  # no fact of theirs won: my marks stay


def test_a_checked_file_shipped_with_the_game_is_used_under_the_tables_own_facts(tmp_path, capsys, monkeypatch):
    checked = {"tiles": {"PUT-1": dict(INN, cost={"wood": 0, "stone": 1, "grain": 0}), "PUT-2": {"building": "inn"}}}
    monkeypatch.setattr(
        boxes,
        "shipped_checked",
        lambda game, check: (checked, {"checked_by": "Jana", "verified": True}) if game == "dva_bratri" else ({}, {}),
    )
    memory = BoxFiles(tmp_path / "box", check=KNOWN.memory_problem)
    assert memory.load("dva_bratri") == checked  # nothing learned yet: the checked file
    memory.save("dva_bratri", {"tiles": {"PUT-1": dict(INN, roads=["W"])}})
    loaded = memory.load("dva_bratri")
    assert loaded["tiles"]["PUT-1"]["roads"] == ["W"] and loaded["tiles"]["PUT-1"]["cost"]["stone"] == 1
    assert loaded["tiles"]["PUT-2"] == {"building": "inn"}
    monkeypatch.setattr("companion.store.boxes.shipped_checked", boxes.shipped_checked)
    assert main(["box", "dva_bratri", "--data-dir", str(tmp_path)]) == 0
    assert "checked by Jana" in capsys.readouterr().out


def test_no_checked_file_is_shipped_yet_and_a_broken_one_is_ignored(tmp_path, monkeypatch):
    assert boxes.shipped_checked("dva_bratri") == ({}, {}) and boxes.shipped_checked("graenaland") == ({}, {})
    monkeypatch.setattr(boxes, "CHECKED_FILE", "x.json")
    data = tmp_path / "games" / "dva_bratri" / "data"
    data.mkdir(parents=True)
    (data / "x.json").write_text("{broken", encoding="utf-8")
    monkeypatch.setattr(boxes, "__file__", str(tmp_path / "store" / "boxes.py"))
    assert boxes.shipped_checked("dva_bratri") == ({}, {})


# -- the CLI and a running table never overwrite each other's facts -----------------------------------
PIT = {"building": "marketplace", "colour": "green", "roads": ["E", "W"]}
MILL = {"building": "cathedral", "colour": "green", "roads": ["N"]}


def test_an_import_while_the_table_runs_survives_the_tables_next_save(tmp_path, capsys):
    saved(tmp_path, {"tiles": {"PUT-1": INN}})
    table = BoxFiles(tmp_path / "box")  # the running table's memory
    learned = table.load("dva_bratri")
    shared = tmp_path / "shared.json"
    shared.write_text(json.dumps({"tiles": {"PUT-2": PIT}}), encoding="utf-8")
    assert main(["box", "dva_bratri", "--import", str(shared), "--data-dir", str(tmp_path)]) == 0
    capsys.readouterr()
    learned["tiles"]["PUT-3"] = MILL  # the table learns a tile and saves its memory
    table.save("dva_bratri", learned)
    assert own(tmp_path) == {"tiles": {"PUT-1": INN, "PUT-2": PIT, "PUT-3": MILL}}


def test_a_forget_while_the_table_runs_is_not_undone_by_the_tables_next_save(tmp_path, capsys):
    saved(tmp_path, {"tiles": {"PUT-1": INN, "PUT-2": PIT}})
    table = BoxFiles(tmp_path / "box")
    learned = table.load("dva_bratri")
    assert main(["box", "dva_bratri", "--forget", "--data-dir", str(tmp_path)]) == 0
    learned["tiles"]["PUT-3"] = MILL
    table.save("dva_bratri", learned)
    assert own(tmp_path) == {"tiles": {"PUT-3": MILL}}  # only what was learned after the forget


def test_a_table_correction_changes_and_removes_only_its_own_facts(tmp_path):
    saved(tmp_path, {"tiles": {"PUT-1": INN, "PUT-2": PIT}})
    table, other = BoxFiles(tmp_path / "box"), BoxFiles(tmp_path / "box")
    learned = table.load("dva_bratri")
    theirs = other.load("dva_bratri")
    theirs["tiles"]["PUT-2"] = MILL  # another process corrects PUT-2
    other.save("dva_bratri", theirs)
    learned["tiles"]["PUT-1"] = dict(INN, colour="blue")  # the table corrects PUT-1
    del learned["tiles"]["PUT-2"]  # and drops PUT-2, which the other process has changed
    table.save("dva_bratri", learned)
    # fact by fact: what the other process changed on PUT-2 stays; the colour, which it left as
    # the table knew it, goes with the table's removal
    assert own(tmp_path) == {
        "tiles": {"PUT-1": dict(INN, colour="blue"), "PUT-2": {"building": "cathedral", "roads": ["N"]}}
    }


def test_a_file_rebuilt_after_damage_holds_every_fact_not_only_the_changes(tmp_path):
    saved(tmp_path, {"tiles": {"PUT-1": INN}})
    rebuilt = {"tiles": {"PUT-1": INN, "PUT-2": PIT}}
    memory = BoxFiles(tmp_path / "box", rebuild=lambda game: rebuilt)
    assert memory.load("dva_bratri") == {"tiles": {"PUT-1": INN}}  # the first game of the evening
    (tmp_path / "box" / "dva_bratri.json").write_text('{"tiles": ', encoding="utf-8")  # a power cut
    assert memory.load("dva_bratri") == rebuilt
    assert own(tmp_path) == rebuilt


@pytest.mark.parametrize("damage", ["{not json", '{"tiles": {"PUT-1": {"colour": 3}}}', "\udcff"])
def test_export_of_damaged_memory_is_refused_and_changes_nothing_so_the_table_rebuilds_it(tmp_path, capsys, damage):
    """Issue 34, point 3: the refusal says why, moves nothing aside; the table's own repair path
    (its next game of that box) sets the file aside and rebuilds it from the last session."""
    path = tmp_path / "box" / "dva_bratri.json"
    path.parent.mkdir()
    path.write_bytes(damage.encode("utf-8", "surrogateescape"))
    listing = sorted(p.name for p in path.parent.iterdir())
    out = tmp_path / "shared.json"
    assert main(["box", "dva_bratri", "--export", str(out), "--data-dir", str(tmp_path)]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "dva_bratri.json cannot be used" in err and "nothing exported" in err
    assert "nothing learned yet" not in err
    assert sorted(p.name for p in path.parent.iterdir()) == listing and not out.exists()
    assert path.read_bytes() == damage.encode("utf-8", "surrogateescape")
    rebuilt = {"tiles": {"PUT-1": INN}}
    table = BoxFiles(tmp_path / "box", rebuild=lambda game: rebuilt, check=KNOWN.memory_problem)
    loaded = table.load("dva_bratri")
    assert (tmp_path / "box" / "dva_bratri.json.bad-1").exists()
    if "colour" not in damage:  # unreadable: rebuilt from the last session
        assert loaded == rebuilt and own(tmp_path) == rebuilt


@pytest.mark.parametrize(
    ("marks", "says"),
    [
        ({"checked_by": {"name": "Eva"}, "verified": True}, "'checked_by' must be the name of who checked"),
        ({"checked_by": "", "verified": False}, "'checked_by' must be the name of who checked"),
        ({"checked_by": "Eva", "verified": "yes"}, "'verified' must be true or false, not 'yes'"),
        ({"checked_by": None, "verified": True}, "'verified' is true but 'checked_by' names nobody"),
    ],
)
def test_import_refuses_marks_of_the_wrong_type_and_changes_nothing(tmp_path, capsys, marks, says):
    """Issue 34, point 7: who checked a shared file is a name, and whether it is verified a yes/no."""
    saved(tmp_path, {"tiles": {"PUT-1": INN}})
    shared = {"format": "companion-box", "version": 1, "game": "dva_bratri", "box": {"tiles": {"PUT-2": INN}}}
    bad = tmp_path / "shared.json"
    bad.write_text(json.dumps({**shared, **marks}), encoding="utf-8")
    assert main(["box", "dva_bratri", "--import", str(bad), "--data-dir", str(tmp_path)]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and says in err
    assert own(tmp_path) == {"tiles": {"PUT-1": INN}}
