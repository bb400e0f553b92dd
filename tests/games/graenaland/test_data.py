import copy

import pytest

from companion.engine import RuleError, Session
from companion.games import load
from companion.games.graenaland import GAME, box


def data():
    return copy.deepcopy(box.load())


def test_shipped_file_is_consistent_and_registered():
    assert box.problems(data()) == []
    assert load("graenaland") is GAME


def test_every_entry_says_whether_it_is_verified_and_where_it_comes_from():
    d = data()
    for group in ("pieces", "public", "costs"):
        for entry in d[group].values():
            assert isinstance(entry["verified"], bool) and entry["source"]
    for layout in d["layouts"].values():
        for part in (layout, layout["neighbours"], layout["start"]):
            assert isinstance(part["verified"], bool) and part["source"]
    assert len(d["vp_cards"]) == d["vp"]["cards"] == 20
    names = box.unverified(d)
    assert "pieces.T1" in names and "layouts.4.neighbours" in names and "costs.church" in names
    assert "costs.army" not in names  # the base army cost is in the rulebook text


def test_verified_rule_values():
    d = data()
    assert d["rules"]["houses_per_player"] == 14 and d["rules"]["army_start"] == 1
    assert d["costs"]["army"]["cost"] == {"grain": 4, "ore": 1}
    assert d["supply"]["cards"] == 16 and d["supply"]["display"] == 4
    assert {k: v["tiles"] for k, v in d["public"].items()} == {"road": 6, "market": 6, "palisade": 6, "improvement": 9}
    for n in (3, 4, 5):
        layout = d["layouts"][str(n)]
        assert (len(layout["coast"]), len(layout["inland"])) == (n, n - 1)


def test_neighbour_symmetry_is_checked_and_names_the_entry():
    d = data()
    d["layouts"]["4"]["neighbours"]["C2"]["NE"] = "I3"
    found = box.problems(d)
    assert any(p.en.startswith("layouts.4.neighbours.C2.NE") and "I3's SW must be C2" in p.en for p in found)
    assert any(
        p.cs.startswith("layouts.4.neighbours.C2.NE") and "I3 musí mít na směru SW území C2" in p.cs for p in found
    )


def test_settlement_cost_total_must_match_the_rulebook():
    d = data()
    d["pieces"]["T3"]["settlement_cost"] = {"any": 4}
    (problem,) = box.problems(d)
    assert problem.en.startswith("pieces.T3.settlement_cost") and "says 5" in problem.en
    assert problem.cs == "pieces.T3.settlement_cost: součet je 4, pravidla na takovém dílu uvádějí 5"


def test_wrong_pieces_and_start_spots_are_named():
    d = data()
    d["layouts"]["3"]["pieces"]["C3"] = "T6"  # a 4,5 piece in the 3-player layout
    d["layouts"]["5"]["start"]["2"]["warrior"] = "C5"
    del d["pieces"]["T1"]["verified"]
    found = [p.en for p in box.problems(d)]
    assert any("layouts.3.pieces.C3" in p and "corner label" in p for p in found)
    assert any(p.startswith("layouts.5.start.2.warrior") for p in found)
    assert any(p == "pieces.T1.verified: must be true or false" for p in found)


def test_a_broken_override_is_refused_at_setup_with_the_entry_named():
    with pytest.raises(RuleError) as err:
        Session(GAME, {"seats": 4, "box": {"layouts": {"4": {"neighbours": {"C1": {"E": "I3"}}}}}}, 0)
    assert err.value.rule == "graenaland.box_data"
    assert "layouts.4.neighbours.C1.E" in err.value.text("en")
    # players read what to do, not a file name
    assert err.value.text("cs").endswith("Opravte je podle své krabice.") and "box.toml" not in err.value.text("cs")


def test_a_correct_override_is_used_and_kept_in_the_state():
    fix = {"pieces": {"T1": {"improvement_resource": "grain", "verified": True, "source": "my box"}}}
    s = Session(GAME, {"seats": 4, "box": fix}, 0)
    assert s.state["board"]["territories"]["C1"]["improvement_resource"] == "grain"
    assert "pieces.T1" not in s.state["board"]["unverified"]


def test_vp_expansion_starts_without_known_card_thresholds():
    """Cards are dealt on the table and their thresholds asked once revealed (test_vp_cards.py)."""
    s = Session(GAME, {"seats": 4, "vp_cards": True}, 0)
    s.submit({"step": "start_spots", "seat": None, "value": None})
    assert s.prompt.step == "keep_vp_card"


def test_bad_options_are_refused():
    with pytest.raises(RuleError) as err:
        Session(GAME, {"seats": 2}, 0)
    assert err.value.rule == "graenaland.seats" and err.value.text("en") == "Graenaland is for 3 to 5 players."
    for options, name in (
        ({"seats": 4, "three_player_variant": True}, "three_player_variant"),
        ({"seats": 4, "five_player_grant": True}, "five_player_grant"),
        ({"seats": 4, "colour": "red"}, "colour"),
    ):
        with pytest.raises(RuleError) as err:
            Session(GAME, options, 0)
        assert err.value.rule == "graenaland.bad_option" and name in err.value.text("en")


def test_the_three_player_changes_are_off_with_more_players():
    for seats in (4, 5):
        assert Session(GAME, {"seats": seats}, 0).state["options"]["three_player_variant"] is False
        assert GAME.validate_options({"seats": seats, "three_player_variant": False})["three_player_variant"] is False


def test_vp_cards_merge_by_id_other_lists_replace():
    base = data()
    merged = box.merge(
        base,
        {
            "vp_cards": [
                {
                    "id": 7,
                    "houses": [5, 7, 9],
                    "territories": [2, 3, 4],
                    "largest": [3, 4, 5],
                    "buildings": [1, 2, 3],
                    "army": [2, 3, 4],
                    "verified": True,
                    "source": "my box",
                }
            ]
        },
    )
    assert len(merged["vp_cards"]) == 20
    seven = next(c for c in merged["vp_cards"] if c["id"] == 7)
    assert "thresholds" not in seven and seven["houses"] == [5, 7, 9] and seven["source"] == "my box"
    assert next(c for c in merged["vp_cards"] if c["id"] == 1) == base["vp_cards"][0]
    assert set(box.known_vp_cards(merged)) == {"1", "7"}
    assert box.problems(merged) == []
    again = box.merge(merged, {"vp_cards": [{"id": 7, "verified": False}]})  # a partial card
    assert next(c for c in again["vp_cards"] if c["id"] == 7)["houses"] == [5, 7, 9]
    added = box.merge(base, {"vp_cards": [{"id": 21, "thresholds": "unknown", "verified": False, "source": "x"}]})
    assert [c["id"] for c in added["vp_cards"]][-2:] == [20, 21]
    # other lists replace, and a cost replaces the old cost instead of adding resources
    layouts = box.merge(base, {"layouts": {"4": {"coast": ["C1"]}}, "costs": {"army": {"cost": {"wood": 2}}}})
    assert layouts["layouts"]["4"]["coast"] == ["C1"] and layouts["costs"]["army"]["cost"] == {"wood": 2}
    assert layouts["layouts"]["4"]["inland"] == base["layouts"]["4"]["inland"]


def test_every_problem_is_a_sentence_in_both_languages_naming_its_entry():
    d = data()
    d["pieces"]["T1"]["terrain"] = "mountains"  # a coastal piece is never mountains (S4)
    d["army_max"]["value"] = -2
    d["house_limit"]["value"] = "maybe"
    d["pieces"]["T2"]["confirmed"] = ["colour"]
    d["supply_cards"]["faces"] = [["grain", "wood"]] * 16
    found = box.problems(d)
    names = [p.en.split(":")[0] for p in found]
    assert {
        "pieces.T1.terrain",
        "army_max.value",
        "house_limit.value",
        "pieces.T2.confirmed",
        "supply_cards.faces.2",
    } <= set(names)
    for problem in found:
        assert problem.cs.split(":")[0] == problem.en.split(":")[0] and problem.cs != problem.en
    with pytest.raises(RuleError) as err:
        box.check(d)
    assert err.value.text("en").startswith(f"The box data is wrong – {found[0].en} (and {len(found) - 1} more)")
    assert f"(a ještě {len(found) - 1} dalších problémů)" in err.value.text("cs")
    d = data()
    d["army_max"]["value"] = "ten"
    d["house_limit"]["value"] = 1
    with pytest.raises(RuleError) as err:
        box.check(d, on_device=True)
    assert err.value.rule == "graenaland.box_correction" and "(a ještě 1 další problém)" in err.value.text("cs")
    assert "data/box.toml" not in err.value.text("en")


def test_the_checker_prints_every_problem(tmp_path, capsys):
    assert box.main(["box"]) == 0
    assert "0 problem(s)" in capsys.readouterr().out
    broken = tmp_path / "box.toml"
    broken.write_text(
        box.BOX_FILE.read_text(encoding="utf-8").replace(
            'terrain = "hills"\ncoastal = false', 'terrain = "lava"\ncoastal = false', 1
        ),
        encoding="utf-8",
    )
    assert box.main(["box", str(broken)]) == 1
    out = capsys.readouterr().out
    assert "pieces.T3.terrain: 'lava' is not one of plains, forest, hills, mountains" in out
    assert "pieces.T3.terrain: 'lava' není žádný z terénů pláně, les, kopce, hory" in out


def test_czech_problems_name_terrains_in_czech():
    d = data()
    d["pieces"]["T3"]["terrain"] = "forest"  # an inland piece
    d["pieces"]["T3"]["settlement_cost"] = {"any": 5}
    found = [p for p in box.problems(d) if p.en.startswith("pieces.T3.terrain")]
    assert found[0].cs == "pieces.T3.terrain: vnitrozemský díl je jen kopce / hory (S4)"
    assert found[0].en == "pieces.T3.terrain: an inland piece is hills / mountains only (S4)"
    for english in ("plains", "forest", "hills", "mountains"):
        assert english not in found[0].cs
