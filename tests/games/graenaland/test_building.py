import pytest

from companion.engine import RuleError
from companion.games.graenaland import GAME, building
from companion.games.graenaland.payment import army_costs, covers, markets_for

from .helpers import apply, empty_board, session, state, to_step


def build_state(seats=4, **options):
    """The main player's (seat 0) building phase of round 1, every proposal passed."""
    s = session(seats=seats, **options)
    to_step(s, "move")
    s.submit({"step": "move", "picks": {str(x): "warrior:stay" for x in s.prompt.seats}})
    while s.prompt.step == "propose":
        s.submit({"step": "propose", "seat": s.prompt.seats[0], "value": "pass"})
    assert s.prompt.step == "build" and s.prompt.seats == (0,)
    return s.state


def build(st, value, seat=0):
    return apply(st, {"step": "build", "seat": seat, "value": value})


def refused(st, value, rule, seat=0):
    with pytest.raises(RuleError) as err:
        build(st, value, seat)
    assert err.value.rule == f"graenaland.{rule}", err.value
    assert err.value.text("cs") and err.value.text("en")


# -- rulebook examples ------------------------------------------------------------------------
def test_army_increase_with_two_strongholds():
    """p.7: with a plains and a forest stronghold the army grows for grain + ore + livestock,
    grain + ore + wood, or 4 grain + ore."""
    st = empty_board(state())
    st["buildings"]["C1"] = {"stronghold": 0}   # plains
    st["buildings"]["C3"] = {"stronghold": 0}   # forest
    options = army_costs(st, 0)
    assert options == [{"grain": 4, "ore": 1}, {"grain": 1, "ore": 1, "livestock": 1},
                       {"grain": 1, "ore": 1, "wood": 1}]
    for paid in ({"grain": 1, "ore": 1, "livestock": 1}, {"grain": 1, "ore": 1, "wood": 1}, {"grain": 4, "ore": 1}):
        assert any(covers(cost, paid) for cost in options)
    assert not any(covers(cost, {"grain": 1, "ore": 1}) for cost in options)
    assert not any(covers(cost, {"grain": 2, "ore": 2}) for cost in options)
    after = build(build_state(), "army")
    assert after["army"][0] == 2


def test_market_substitution():
    """p.8: a settlement for 2 wood + 2 livestock may be paid 2 wood + livestock + any card."""
    cost = {"wood": 2, "livestock": 2}
    assert covers(cost, {"wood": 2, "livestock": 1, "grain": 1}, markets=1)
    assert covers(cost, {"wood": 2, "livestock": 1, "supply": [["ore", "grain"]]}, markets=1)
    assert not covers(cost, {"wood": 2, "livestock": 1, "grain": 1}, markets=0)
    assert not covers(cost, {"wood": 2, "grain": 2}, markets=1)       # a second swap needs a second market
    assert covers(cost, {"wood": 2, "grain": 2}, markets=2)
    assert covers(cost, {"wood": 2, "livestock": 1, "gold": 1})          # gold is wild anyway
    assert covers(cost, {"wood": 1, "livestock": 2, "supply": [["wood", "ore"]]})   # one side of a supply card
    assert covers(cost, {"livestock": 2, "supply": [["wood", "wood"]]})             # both sides, one build


def test_markets_count_per_territory_with_a_house():
    st = empty_board(state())
    st["settlements"]["C1"] = {"0": 3}
    st["settlements"]["C2"] = {"0": 1}
    st["public"]["C1"] = ["market"]
    st["public"]["C2"] = ["market"]
    st["public"]["C3"] = ["market"]
    assert markets_for(st, 0) == 2 and markets_for(st, 1) == 0


# -- placements -------------------------------------------------------------------------------
def test_settlement_where_you_have_a_house_or_next_to_it():
    st = build_state()                         # seat 0 starts on C1 and I1
    for ok in ("settlement:C1", "settlement:C2", "settlement:I2"):
        assert ok in building.legal(st, 0, "main")
    refused(st, "settlement:C4", "settlement_not_adjacent")
    after = build(st, "settlement:C2")
    assert after["settlements"]["C2"] == {"1": 1, "0": 1}


def test_buildings_need_an_own_settlement_no_mountains_one_of_each_kind():
    st = build_state()
    refused(st, "church:C2", "building_needs_settlement")
    st["settlements"]["I2"]["0"] = 1
    refused(st, "church:I2", "no_buildings_on_mountains")
    st["buildings"]["C1"]["stronghold"] = 1
    refused(st, "stronghold:C1", "building_taken")
    after = build(st, "church:C1")
    assert after["buildings"]["C1"] == {"stronghold": 1, "church": 0}
    assert after["heroes"][0]["priest"] is None and after["pending"][0] == {"priest": "C1"}  # warrior there


def test_printed_symbols_limit_buildings_once_known():
    st = build_state(box={"pieces": {"T1": {"buildings": ["hall"]}}})
    refused(st, "church:C1", "no_building_symbol")
    assert "hall:C1" in building.legal(st, 0, "main")


def test_public_buildings_need_a_house_once_per_kind_while_tiles_last():
    st = build_state(box={"public": {"market": {"tiles": 1}}})
    refused(st, "road:C2", "public_needs_house")
    after = build(st, "road:C1")
    assert after["public"]["C1"] == ["road"]
    refused(after, "road:C1", "public_exists")
    after = build(after, "market:C1")
    refused(after, "market:I1", "public_tiles_used_up")


def test_palisade_fee_is_announced_for_a_first_house_there():
    st = build_state()
    st["public"]["C2"] = ["palisade"]
    after = build(st, "settlement:C2")
    assert any("Palisade: Player 1 gives one resource card to each of: Player 2" in m["en"] for m in after["recent"])
    again = build(after, "settlement:C2")       # a second house there pays no fee
    assert "Palisade" not in again["recent"][-1]["en"] and "settlement" in again["recent"][-1]["en"]


def test_houses_run_out_at_thirteen_on_the_board():
    st = build_state()
    st["settlements"]["C1"]["0"] = 12           # 12 + I1 = 13 houses, the 14th marks the army
    assert building.houses_left(st, 0) == 0
    refused(st, "settlement:C1", "no_houses_left")


def test_supply_card_once_and_required_before_finishing():
    st = build_state()
    refused(st, "done", "supply_card_required")
    after = build(st, "supply")
    assert after["supply"] == {"deck": 12, "display": 3, "taken": True}
    refused(after, "supply", "supply_once")
    finished = build(after, "done")
    assert finished["main"] == 1 and finished["supply"] == {"deck": 11, "display": 4, "taken": False}
    assert finished["round"] == 2 and finished["step"] == "production"


def test_refusals_through_the_session_change_nothing():
    s = session()
    to_step(s, "move")
    s.submit({"step": "move", "picks": {str(x): "warrior:stay" for x in s.prompt.seats}})
    while s.prompt.step == "propose":
        s.submit({"step": "propose", "seat": s.prompt.seats[0], "value": "pass"})
    before = (s.state, list(s.entries), s.prompt)
    with pytest.raises(RuleError) as err:
        s.submit({"step": "build", "seat": 0, "value": "done"})
    assert err.value.rule == "graenaland.supply_card_required"
    with pytest.raises(RuleError):
        s.submit({"step": "build", "seat": 0, "value": "settlement:C4"})
    with pytest.raises(RuleError):
        s.submit({"step": "build", "seat": 1, "value": "supply"})
    assert (s.state, s.entries, s.prompt) == before


def test_joint_public_building_once_per_round():
    st = build_state()
    after = build(st, "coop:road:C1")
    assert after["step"] == "coop_result" and GAME.prompt(after).seats == (0,)
    declined = apply(after, {"step": "coop_result", "seat": 0, "value": "not_built"})
    assert declined["public"]["C1"] == [] and declined["step"] == "build"
    assert not [v for v in building.legal(declined, 0, "main") if v.startswith("coop")]
    refused(declined, "coop:road:C1", "coop_once_per_round")
    assert "road:C1" in building.legal(declined, 0, "main")      # paying alone is still fine
    built = apply(after, {"step": "coop_result", "seat": 0, "value": "built"})
    assert built["public"]["C1"] == ["road"]


def test_five_player_grant_replaces_the_joint_build():
    st = build_state(seats=5, five_player_grant=True)
    assert "grant:2" in building.legal(st, 0, "main")
    after = build(st, "grant:2")
    prompt = GAME.prompt(after)
    assert prompt.seats == (2,) and "nothing" in [o.value for o in prompt.options[2]]
    assert "supply" not in [o.value for o in prompt.options[2]]
    granted = apply(after, {"step": "build", "seat": 2, "value": "army"})
    assert granted["army"][2] == 2 and granted["builder"] == 0 and granted["mode"] == "main"
    refused(granted, "coop:road:C1", "coop_once_per_round")
    refused(granted, "grant:3", "coop_once_per_round")


# -- box data that changes what is offered (digest U14-U16) -----------------------------------
def test_a_known_army_track_end_caps_the_army():
    st = build_state(box={"army_max": {"value": 2, "verified": True, "source": "my box"}})
    assert "army" in building.legal(st, 0, "main")
    after = build(st, "army")
    assert "army" not in building.legal(after, 0, "main")
    refused(after, "army", "army_track_end")
    free = build_state()                       # "unknown": no cap
    free["army"][0] = 40
    assert "army" in building.legal(free, 0, "main")


def test_houses_limit_building_unless_the_box_data_says_otherwise():
    st = build_state(box={"house_limit": {"value": False, "verified": True, "source": "house rule"}})
    st["settlements"]["C1"]["0"] = 12
    assert building.houses_left(st, 0) == 0 and "settlement:C1" in building.legal(st, 0, "main")
    limited = build_state()
    limited["settlements"]["C1"]["0"] = 12
    assert not [v for v in building.legal(limited, 0, "main") if v.startswith(("settlement", "church", "hall"))]


def test_no_supply_card_once_deck_and_display_are_used_up():
    st = build_state()
    st["supply"] = {"deck": 0, "display": 0, "taken": False}
    prompt = GAME.prompt(st)
    assert "supply" not in [o.value for o in prompt.options[0]]
    assert "supply" not in prompt.detail.en.lower() and "zásob" not in prompt.detail.cs
    refused(st, "supply", "supply_empty")
    with pytest.raises(RuleError) as err:
        build(st, "supply")
    assert "deck is empty" in err.value.text("en") and "balíček je prázdný" in err.value.text("cs")
    finished = build(st, "done")               # finishing needs no supply card now
    assert finished["supply"] == {"deck": 0, "display": 0, "taken": False} and finished["main"] == 1
