import copy

import pytest

from companion.engine import RuleError, Session
from companion.games import load
from companion.games.graenaland import GAME, boxdata


def data():
    return copy.deepcopy(boxdata.load())


def test_shipped_file_is_consistent_and_registered():
    assert boxdata.problems(data()) == []
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
    names = boxdata.unverified(d)
    assert "pieces.T1" in names and "layouts.4.neighbours" in names and "costs.church" in names
    assert "costs.army" not in names  # the base army cost is in the rulebook text


def test_verified_rule_values():
    d = data()
    assert d["rules"]["houses_per_player"] == 14 and d["rules"]["army_start"] == 1
    assert d["costs"]["army"]["cost"] == {"grain": 4, "ore": 1}
    assert d["supply"]["cards"] == 16 and d["supply"]["display"] == 4
    assert {k: v["tiles"] for k, v in d["public"].items()} == {
        "road": 6, "market": 6, "palisade": 6, "improvement": 9}
    for n in (3, 4, 5):
        layout = d["layouts"][str(n)]
        assert (len(layout["coast"]), len(layout["inland"])) == (n, n - 1)


def test_neighbour_symmetry_is_checked_and_names_the_entry():
    d = data()
    d["layouts"]["4"]["neighbours"]["C2"]["NE"] = "I3"
    found = boxdata.problems(d)
    assert any(p.startswith("layouts.4.neighbours.C2.NE") and "I3's SW must be C2" in p for p in found)


def test_settlement_cost_total_must_match_the_rulebook():
    d = data()
    d["pieces"]["T3"]["settlement_cost"] = {"any": 4}
    assert any(p.startswith("pieces.T3.settlement_cost") and "says 5" in p for p in boxdata.problems(d))


def test_wrong_pieces_and_start_spots_are_named():
    d = data()
    d["layouts"]["3"]["pieces"]["C3"] = "T6"      # a 4,5 piece in the 3-player layout
    d["layouts"]["5"]["start"]["2"]["warrior"] = "C5"
    del d["pieces"]["T1"]["verified"]
    found = boxdata.problems(d)
    assert any("layouts.3.pieces.C3" in p and "corner label" in p for p in found)
    assert any(p.startswith("layouts.5.start.2.warrior") for p in found)
    assert any(p == "pieces.T1.verified: must be true or false" for p in found)


def test_a_broken_override_is_refused_at_setup_with_the_entry_named():
    with pytest.raises(RuleError) as err:
        Session(GAME, {"seats": 4, "box": {"layouts": {"4": {"neighbours": {"C1": {"E": "I3"}}}}}}, 0)
    assert err.value.rule == "graenaland.box_data"
    assert "layouts.4.neighbours.C1.E" in err.value.text("en")
    assert "data/box.toml" in err.value.text("cs")


def test_a_correct_override_is_used_and_kept_in_the_state():
    fix = {"pieces": {"T1": {"improvement_resource": "grain", "verified": True, "source": "my box"}}}
    s = Session(GAME, {"seats": 4, "box": fix}, 0)
    assert s.state["board"]["territories"]["C1"]["improvement_resource"] == "grain"
    assert "pieces.T1" not in s.state["board"]["unverified"]


def test_vp_expansion_refuses_unknown_cards_by_name():
    with pytest.raises(RuleError) as err:
        Session(GAME, {"seats": 4, "vp_cards": True}, 0)
    assert err.value.rule == "graenaland.vp_cards_unknown"
    assert "vp_cards id 2" in err.value.text("en")


def test_bad_options_are_refused():
    for options, name in (({"seats": 2}, "seats"), ({"seats": 4, "three_player_variant": True}, "three_player_variant"),
                          ({"seats": 4, "five_player_grant": True}, "five_player_grant"),
                          ({"seats": 4, "colour": "red"}, "colour")):
        with pytest.raises(RuleError) as err:
            Session(GAME, options, 0)
        assert err.value.rule == "graenaland.bad_option" and name in err.value.text("en")
