"""The box-file reading the games share: one line naming the file and the entry, never a traceback."""

import pytest

from companion.games import boxfile
from companion.games.boxfile import BoxDataError, read_toml, require_exactly, typed
from companion.games.graenaland import box as graenaland_box
from companion.games.great_wall import box as great_wall_box


def test_a_file_is_read_as_written(tmp_path):
    path = tmp_path / "box.toml"
    path.write_text('[facts]\nrounds = { value = 4, verified = true }\nname = "Hráč"\n', encoding="utf-8")
    assert read_toml(path) == {"facts": {"rounds": {"value": 4, "verified": True}, "name": "Hráč"}}


def test_a_missing_file_names_the_file(tmp_path):
    with pytest.raises(BoxDataError, match=r"^nothere\.toml: cannot be read \(No such file or directory\)$"):
        read_toml(tmp_path / "nothere.toml")


def test_bad_toml_names_the_file_on_one_line(tmp_path):
    path = tmp_path / "box.toml"
    path.write_text("[facts\n", encoding="utf-8")
    with pytest.raises(BoxDataError, match=r"^box\.toml: is not valid TOML \(") as raised:
        read_toml(path)
    assert "\n" not in str(raised.value)


@pytest.mark.parametrize(
    ("table", "kind", "message"),
    [
        ("x", int, "box.toml: fact 'rounds' is not a table"),
        ({}, int, "box.toml: fact 'rounds' has no 'value'"),
        ({"value": True}, int, "box.toml: fact 'rounds' 'value' must be int, not True"),
        ({"value": "4"}, (int, str, bool), None),
        ({"value": 4.0}, (int, bool), "box.toml: fact 'rounds' 'value' must be int or bool, not 4.0"),
        ({"value": 1}, bool, "box.toml: fact 'rounds' 'value' must be bool, not 1"),
    ],
)
def test_a_value_must_have_its_kind(table, kind, message):
    if message is None:
        assert typed("box.toml", "fact 'rounds'", table, "value", kind) == "4"
        return
    with pytest.raises(BoxDataError) as raised:
        typed("box.toml", "fact 'rounds'", table, "value", kind)
    assert str(raised.value) == message


@pytest.mark.parametrize(
    ("found", "message"),
    [
        (["forest", "meadow"], None),
        (["forest"], "box.toml: land types missing: meadow"),
        (["forest", "meadow", "sea"], "box.toml: land types unknown: sea"),
        (["forest", "meadow", "forest"], "box.toml: land types defined twice: forest"),
    ],
)
def test_ids_must_be_exactly_those_the_rules_name(found, message):
    if message is None:
        require_exactly("box.toml", "land types", found, ("meadow", "forest"))
        return
    with pytest.raises(BoxDataError) as raised:
        require_exactly("box.toml", "land types", found, ("meadow", "forest"))
    assert str(raised.value) == message


def test_the_games_share_one_error_class():
    from companion.games.example.box import BoxDataError as example_error
    from companion.games.gheos.box import BoxDataError as gheos_error
    from companion.games.troy.box import BoxDataError as troy_error
    from companion.games.vaaalbara.box import BoxDataError as vaaalbara_error

    assert gheos_error is troy_error is vaaalbara_error is example_error is boxfile.BoxDataError
    assert great_wall_box.BoxDataError is boxfile.BoxDataError
    assert issubclass(graenaland_box.BoxProblems, boxfile.BoxDataError)


def _shipped_records():
    from companion.games.dva_bratri import box as dva_bratri_box
    from companion.games.example import box as example_box
    from companion.games.gheos import box as gheos_box
    from companion.games.troy import box as troy_box
    from companion.games.vaaalbara import box as vaaalbara_box

    return {
        "vaaalbara": vaaalbara_box.BOX,
        "gheos": gheos_box.BOX,
        "troy": troy_box.BOX,
        "great_wall": great_wall_box.with_override({}),
        "dva_bratri": dva_bratri_box.CATALOG,
        "graenaland": graenaland_box.parse(graenaland_box.load()),
        "example": example_box.BOX,
    }


def test_every_game_reads_its_box_data_into_typed_frozen_records():
    import dataclasses

    from companion.games import REGISTRY

    records = _shipped_records()
    assert set(records) == set(REGISTRY)  # every registered game, one loader shape
    for game, box in records.items():
        assert dataclasses.is_dataclass(box), game
        field = dataclasses.fields(box)[0].name
        with pytest.raises(dataclasses.FrozenInstanceError):
            setattr(box, field, None)


@pytest.mark.parametrize(
    ("main", "argv"),
    [(great_wall_box.main, lambda p: [p]), (graenaland_box.main, lambda p: ["box", p])],
)
def test_the_box_checkers_report_an_unreadable_file_in_one_line(tmp_path, capsys, main, argv):
    broken = tmp_path / "mine.toml"
    broken.write_text("not = [toml\n", encoding="utf-8")
    assert main(argv(str(broken))) == 1
    printed = capsys.readouterr().out.splitlines()
    assert len(printed) == 1 and printed[0].startswith("mine.toml: is not valid TOML (")
    assert main(argv(str(tmp_path / "gone.toml"))) == 1
    assert capsys.readouterr().out == "gone.toml: cannot be read (No such file or directory)\n"


def test_a_table_reads_typed_values_and_names_the_file_and_the_entry_when_one_is_wrong():
    from companion.engine import Msg
    from companion.games.boxfile import Table

    land = Table("box.toml", "land 'forest'", {"cs": "les", "en": "forest", "cards": [1, 2], "name": {"cs": "a"}})
    assert land.msg() == Msg("les", "forest")
    assert land.list_of("cards", int) == [1, 2]
    for read, problem in (
        (lambda: Table("box.toml", "[facts]", ["not", "a", "table"]), "box.toml: [facts] is not a table"),
        (lambda: land.get("cards", str), "box.toml: land 'forest' 'cards' must be str, not [1, 2]"),
        (lambda: land.list_of("en", int), "box.toml: land 'forest' 'en' must be list, not 'forest'"),
        (lambda: Table("b", "x", {"v": [True]}).list_of("v", int), "b: x 'v' must be a non-empty list of int"),
        (lambda: land.msg("name"), "box.toml: land 'forest' 'name' has no 'en'"),
        (lambda: land.fail("is odd"), "box.toml: land 'forest' is odd"),
    ):
        with pytest.raises(BoxDataError) as error:
            read()
        assert str(error.value) == problem


def test_a_check_can_collect_every_problem_each_in_czech_and_english():
    from companion.engine import Msg
    from companion.games.boxfile import BoxProblems, Problems

    problems = Problems("box.toml")
    assert problems.entry("[rules]", ["a", "list"]) is None
    rules = problems.entry("[rules]", {"rounds": True, "verified": 1, "source": "", "start": 2})
    assert rules is not None
    assert rules.whole("start", least=1) and not rules.whole("rounds")
    assert not rules.flag("verified") and not rules.text("source", "uveďte zdroj", "name the source")
    rules.add(None, "má {n} kol navíc", "has {n} rounds too many", n=2)
    assert rules.sub("missing") is not None and rules.sub("start") is None
    assert problems.exactly(["b", "c", "c", ["x"]], ["a", "b", "c"]) == (["a"], [["x"]], ["c"])
    with pytest.raises(BoxProblems) as raised:
        problems.raise_any()
    assert isinstance(raised.value, BoxDataError)
    assert raised.value.problems == [
        Msg("[rules]: má být tabulka", "[rules]: must be a table"),
        Msg("[rules].rounds: má být celé číslo", "[rules].rounds: must be a whole number"),
        Msg("[rules].verified: má být true nebo false", "[rules].verified: must be true or false"),
        Msg("[rules].source: uveďte zdroj", "[rules].source: name the source"),
        Msg("[rules]: má 2 kol navíc", "[rules]: has 2 rounds too many"),
        Msg("[rules].start: má být tabulka", "[rules].start: must be a table"),
    ]
    assert str(raised.value) == "box.toml: [rules]: must be a table"
    assert raised.value.summary() == Msg(
        "[rules]: má být tabulka (a ještě 5 dalších problémů)", "[rules]: must be a table (and 5 more)"
    )
    Problems("box.toml").raise_any()  # nothing found, nothing raised


@pytest.mark.parametrize(
    ("count", "cs"), [(0, ""), (1, " (a ještě 1 další problém)"), (3, " (a ještě 3 další problémy)")]
)
def test_how_many_more_problems_is_said_in_czech_grammatical_number(count, cs):
    from companion.games.boxfile import more

    assert more(count).cs == cs
    assert more(count).en == ("" if count == 0 else f" (and {count} more)")
