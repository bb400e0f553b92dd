"""Graenaland's box file is checked through boxfile's collecting shape, like the other games'
files, and names every problem in the same words as before."""

import copy
import hashlib
import json
from pathlib import Path

import pytest

from companion.engine import Msg, RuleError
from companion.games import boxfile
from companion.games.graenaland import box, boxschema

OLD = json.loads((Path(__file__).parent / "data" / "problems-by-old-schema.json").read_text(encoding="utf-8"))


def _paths(node, prefix=()):
    yield prefix
    if isinstance(node, dict):
        for key, value in node.items():
            yield from _paths(value, (*prefix, key))
    elif isinstance(node, list):
        for index, value in enumerate(node):
            yield from _paths(value, (*prefix, index))


def _changed(data, path, bad):
    out = copy.deepcopy(data)
    node = out
    for key in path[:-1]:
        node = node[key]
    if bad == "DEL":
        del node[path[-1]]
    else:
        node[path[-1]] = copy.deepcopy(bad)
    return out


def _cases():
    """Every one-value change of the recorded data: each table, list and value in turn made
    wrong in each of a few ways, or removed."""
    for path in list(_paths(OLD["data"]))[1:]:
        for bad in OLD["bad"]:
            yield list(path), bad, _changed(OLD["data"], path, bad)


META_LISTS = ("resources", "terrains", "buildings", "public", "coastal_terrains", "inland_terrains", "along_coast")


def _meta_not_text(data) -> str | None:
    """The first list of [meta] that is not a list of text (now a problem of its own)."""
    meta = data.get("meta")
    if not isinstance(meta, dict):
        return None
    for key in (k for k in META_LISTS if k in meta):
        if not isinstance(meta[key], list) or not all(isinstance(v, str) for v in meta[key]):
            return key
    return None


def test_every_problem_keeps_its_words_and_order_for_every_one_value_change():
    crashed = set(OLD["crashed"])
    digests: dict = {}
    for index, (path, bad, data) in enumerate(_cases()):
        found = [[p.cs, p.en] for p in box.problems(data)]  # never a crash
        wrong_meta = _meta_not_text(data)
        if wrong_meta:
            assert found[0] == [f"meta.{wrong_meta}: má být seznam textů", f"meta.{wrong_meta}: must be a list of text"]
        elif index in crashed:  # the old checks broke on these (a value where a table was due, ...)
            assert found and all(cs.split(":")[0] == en.split(":")[0] for cs, en in found)
        else:
            digests.setdefault(path[0], hashlib.sha256()).update(
                json.dumps([path, bad, found], ensure_ascii=False).encode()
            )
    assert {section: d.hexdigest() for section, d in digests.items()} == OLD["digests"]


def test_a_broken_file_is_refused_through_boxfile_with_every_problem_in_both_languages():
    data = copy.deepcopy(box.load())
    data["pieces"]["T3"]["settlement_cost"] = {"any": 4}
    data["army_max"]["value"] = -2
    data["layouts"]["4"]["neighbours"]["C1"]["E"] = "C3"
    with pytest.raises(boxfile.BoxDataError) as raised:
        box.parse(data, "mine.toml")
    error = raised.value
    assert type(error) is boxfile.BoxProblems and box.BoxProblems is boxfile.BoxProblems
    names = [p.en.split(":")[0] for p in error.problems]
    assert names[:2] == ["army_max.value", "pieces.T3.settlement_cost"] and len(names) >= 3
    assert any(name.startswith("layouts.4.neighbours.C1") for name in names)
    for problem in error.problems:
        assert problem.cs.split(":")[0] == problem.en.split(":")[0] and problem.cs != problem.en
    assert str(error) == ("mine.toml: army_max.value: a whole number at least the starting strength, or \"unknown\"")
    more = len(error.problems) - 1
    assert error.summary().en == f"{error.problems[0].en} (and {more} more)"
    assert error.summary().cs.startswith(error.problems[0].cs + f" (a ještě {more} ")
    assert boxschema.collect(data, "mine.toml").found == error.problems


@pytest.mark.parametrize(
    ("table", "value", "first"),
    [
        ("rules", "x", Msg("rules: má být tabulka", "rules: must be a table")),
        ("supply", [], Msg("supply: má být tabulka", "supply: must be a table")),
        ("costs", 7, Msg("costs.stronghold: chybí", "costs.stronghold: missing")),
        ("public", None, Msg("public.road: chybí", "public.road: missing")),
        (
            "vp_cards",
            3,
            Msg("vp_cards: obsahuje hodnotu nesprávného typu", "vp_cards: holds a value of the wrong type"),
        ),
    ],
)
def test_a_value_where_a_table_is_due_is_a_problem_not_a_crash(table, value, first):
    data = copy.deepcopy(box.load())
    data[table] = value
    assert box.problems(data)[0] == first
    with pytest.raises(RuleError) as refused:
        box.check(data)
    assert refused.value.rule == "graenaland.box_data" and first.en in refused.value.text("en")


def test_a_layout_of_the_wrong_shape_is_named_at_setup_not_a_crash():
    from companion.engine import Session
    from companion.games.graenaland import GAME

    with pytest.raises(RuleError) as refused:
        Session(GAME, {"seats": 4, "box": {"layouts": {"4": {"coast": 3}}}}, 0)
    assert refused.value.rule == "graenaland.box_data"
    assert "layouts.4: holds a value of the wrong type" in refused.value.text("en")
    assert "layouts.4: obsahuje hodnotu nesprávného typu" in refused.value.text("cs")
    data = copy.deepcopy(box.load())
    data["meta"]["resources"] = None
    assert box.problems(data) == [Msg("meta.resources: má být seznam textů", "meta.resources: must be a list of text")]
