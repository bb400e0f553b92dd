"""The box data file: complete, readable, and a broken copy is refused naming the entry."""

import re

import pytest

from companion.games.vaaalbara.box import BOX_FILE, SETTINGS, BoxDataError, load_box

BOX = load_box()


def test_six_land_types_with_colours_and_nine_pad_codes():
    assert list(BOX.land_types) == ["meadow", "forest", "mountain", "field", "village", "river"]
    assert {t: BOX.land_types[t].colour.en for t in BOX.land_types} == {
        "meadow": "red",
        "forest": "green",
        "mountain": "purple",
        "field": "yellow",
        "village": "brown",
        "river": "blue",
    }
    assert [(c.id, c.code) for c in BOX.land_cards.values()] == [
        ("meadow", "1"),
        ("forest3", "2"),
        ("forest4", "3"),
        ("forest5", "4"),
        ("forest6", "5"),
        ("mountain", "6"),
        ("field", "7"),
        ("village", "8"),
        ("river", "9"),
    ]
    assert BOX.land_cards["forest5"].forest_value == 5
    assert BOX.land_cards["river"].name.cs == "Řeka"


def test_twelve_characters_in_czech_and_english():
    assert sorted(BOX.characters) == list(range(1, 13))
    assert BOX.characters[8].name.cs == "Porodní bába"
    assert BOX.characters[10].name.en == "Woodcarver"
    assert all(c.name.cs and c.name.en for c in BOX.characters.values())


def test_clans_and_the_unverified_fifth_colour():
    assert BOX.default_clans == ("blue", "purple", "yellow", "red", "green")
    assert BOX.clans["blue"].name.cs == "Modrá" and BOX.clans["blue"].verified
    assert not BOX.clans["green"].verified


def test_every_rule_setting_says_whether_it_is_verified_and_why():
    assert set(BOX.settings) == set(SETTINGS)
    for rule in BOX.settings.values():
        assert isinstance(rule.default, bool) and isinstance(rule.verified, bool)
        assert rule.note and rule.question
    assert BOX.settings["ties_use_current_omens"].question == "V-U8"


def broken_copy(tmp_path, old: str, new: str):
    text = BOX_FILE.read_text(encoding="utf-8")
    assert old in text
    path = tmp_path / "box.toml"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return path


@pytest.mark.parametrize(
    "old, new, named",
    [
        ('initiative = 7\ncs = "Stopař"', 'initiative = 7\nname = "Stopař"', "character 7"),
        ("initiative = 12", "initiative = 13", "characters missing: 12"),
        ('id = "village"', 'id = "swamp"', "land types missing: village"),
        ("values = [3, 4, 5, 6]", 'values = "3-6"', "land 'forest'"),
        ('cs_masculine = "fialový"\n', "", "clan 'purple'"),
        ('clans = ["blue", "purple", "yellow", "red", "green"]', 'clans = ["blue", "pink"]', "[defaults]"),
        (
            "[rules.falconer_gain_capped]\nvalue = true",
            "[rules.falconer_gain_capped]\nvalue = 1",
            "rule setting 'falconer_gain_capped'",
        ),
        ("[rules.warrior_player_gains]", "[rules.warrior_gives_cake]", "rule settings missing: warrior_player_gains"),
        ("[facts.start_vp]\nvalue = 2", "[facts.start_vp]\nvalue = \"two\"", "fact 'start_vp'"),
        ("[[land]]\nid = \"river\"", "[[land]\nid = \"river\"", "not valid TOML"),
    ],
)
def test_a_broken_file_names_the_entry(tmp_path, old, new, named):
    with pytest.raises(BoxDataError, match=re.escape(named)):
        load_box(broken_copy(tmp_path, old, new))


def test_a_missing_file_is_named(tmp_path):
    with pytest.raises(BoxDataError, match=r"nothere\.toml"):
        load_box(tmp_path / "nothere.toml")
