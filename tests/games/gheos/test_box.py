"""The box data file: what it holds, and a broken file refused with the entry named."""

import tomllib

import pytest

from companion.games.gheos import box as box_module
from companion.games.gheos.box import (
    BOX,
    BOX_FILE,
    COLOURS,
    READINGS,
    BoxDataError,
    parse,
)
from companion.games.gheos.texts import HEADER
from companion.surface.panel import BOLD_CONDENSED, LINE_PX, font


def raw() -> dict:
    with BOX_FILE.open("rb") as handle:
        return tomllib.load(handle)


def test_the_box_holds_the_rulebooks_numbers_and_six_colours_coded_one_to_six():
    assert BOX.facts["followers_per_colour"] == 5 and BOX.facts["tokens_per_player"] == 3
    assert BOX.facts["tiles"] == 60 and BOX.facts["epoch_tiles"] == 8
    assert [BOX.epoch_limit(n) for n in (2, 3, 4)] == [6, 7, 8]
    assert tuple(BOX.colours) == COLOURS
    assert [c.code for c in BOX.colours.values()] == ["1", "2", "3", "4", "5", "6"]
    assert [c.name.cs for c in BOX.colours.values()] == ["červená", "zelená", "žlutá", "modrá", "černá", "bílá"]
    assert all(c.verified for c in BOX.colours.values())
    assert tuple(BOX.readings) == READINGS and not any(r.verified for r in BOX.readings.values())


@pytest.mark.parametrize(
    "breakage, named",
    [
        (lambda d: d["facts"].pop("hand"), "[facts]"),
        (lambda d: d["facts"]["tiles"].update(value="sixty"), "fact 'tiles'"),
        (lambda d: d["colour"].pop(), "colours"),
        (lambda d: d["colour"][0].update(cs="rot"), "colour 'red'"),
        (lambda d: d["rules"].pop("hide_scores"), "[rules]"),
        (lambda d: d["rules"]["found_cap"].pop("verified"), "rule 'found_cap'"),
    ],
)
def test_a_broken_file_is_refused_naming_the_entry(breakage, named):
    data = raw()
    breakage(data)
    with pytest.raises(BoxDataError) as error:
        parse(data)
    assert named in str(error.value) and "box.toml" in str(error.value)


def test_an_unreadable_file_is_refused_with_its_name(tmp_path):
    broken = tmp_path / "box.toml"
    broken.write_text("[facts\n", encoding="utf-8")
    with pytest.raises(BoxDataError, match=r"box\.toml: is not valid TOML"):
        box_module.load_box(broken)
    with pytest.raises(BoxDataError, match="cannot be read"):
        box_module.load_box(tmp_path / "missing.toml")


def test_the_longest_header_fits_the_panel_in_both_languages():
    longest = HEADER.format(e=8, limit=8, tokens="3 3 3 3")
    for lang in ("cs", "en"):
        assert font(BOLD_CONDENSED, 10).getlength(longest.get(lang)) <= LINE_PX


@pytest.mark.parametrize(
    "breakage, problem",
    [
        (lambda d: d["facts"].pop("hand"), "box.toml: [facts] missing: hand"),
        (lambda d: d["facts"].update(cards={"value": 1, "verified": False}), "box.toml: [facts] unknown: cards"),
        (lambda d: d["colour"].append(dict(d["colour"][0])), "box.toml: colours defined twice: red"),
        (lambda d: d["rules"].pop("hide_scores"), "box.toml: [rules] missing: hide_scores"),
    ],
)
def test_a_list_of_ids_is_checked_the_way_every_box_file_checks_it(breakage, problem):
    """The ids of the facts, colours and rules must be exactly the rules' ids: the shared check
    (``boxfile.require_exactly``) names the first kind of problem."""
    data = raw()
    breakage(data)
    with pytest.raises(BoxDataError) as error:
        parse(data)
    assert str(error.value) == problem
