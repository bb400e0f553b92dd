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


def test_every_problem_keeps_its_words_and_order_for_every_one_value_change():
    crashed = set(OLD["crashed"])
    digests: dict[str, hashlib._Hash] = {}
    named = 0
    for index, (path, bad, data) in enumerate(_cases()):
        if index in crashed:  # meta's lists of the wrong type still break the checks (box.memory_problem catches it)
            try:
                named += bool(box.problems(data))
            except (TypeError, AttributeError, KeyError):
                pass
            continue
        found = [[p.cs, p.en] for p in box.problems(data)]
        digests.setdefault(path[0], hashlib.sha256()).update(
            json.dumps([path, bad, found], ensure_ascii=False).encode()
        )
    assert {section: d.hexdigest() for section, d in digests.items()} == OLD["digests"]
    assert named == 54  # data the old checks broke on (a value where a table was due, ...) is named


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
    ],
)
def test_a_value_where_a_table_is_due_is_a_problem_not_a_crash(table, value, first):
    data = copy.deepcopy(box.load())
    data[table] = value
    assert box.problems(data)[0] == first
    with pytest.raises(RuleError) as refused:
        box.check(data)
    assert refused.value.rule == "graenaland.box_data" and first.en in refused.value.text("en")
