import pytest

from companion.engine import PromptKind, RuleError
from companion.games.graenaland import GAME, building
from companion.games.graenaland.payment import army_costs, covers, markets_for

from .helpers import apply, empty_board, ok, past_shown, session, state, to_step


def build_state(seats=4, **options):
    """The main player's (seat 0) building phase of round 1, every proposal passed. The rules of
    a build are asked through the one-list menu (``asking`` 2, as recorded sessions keep it):
    the same checks decide the two-step menu of ``asking`` 3 (test_two_step_build.py)."""
    s = session(seats=seats, **{"asking": 2, **options})
    to_step(s, "move")
    s.submit({"step": "move", "picks": {str(x): "warrior:stay" for x in s.prompt.seats}})
    past_shown(s)
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
    st["buildings"]["C1"] = {"stronghold": 0}  # plains
    st["buildings"]["C3"] = {"stronghold": 0}  # forest
    options = army_costs(st, 0)
    assert options == [
        {"grain": 4, "ore": 1},
        {"grain": 1, "ore": 1, "livestock": 1},
        {"grain": 1, "ore": 1, "wood": 1},
    ]
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
    assert not covers(cost, {"wood": 2, "grain": 2}, markets=1)  # a second swap needs a second market
    assert covers(cost, {"wood": 2, "grain": 2}, markets=2)
    assert covers(cost, {"wood": 2, "livestock": 1, "gold": 1})  # gold is wild anyway
    assert covers(cost, {"wood": 1, "livestock": 2, "supply": [["wood", "ore"]]})  # one side of a supply card
    assert covers(cost, {"livestock": 2, "supply": [["wood", "wood"]]})  # both sides, one build


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
    st = build_state()  # seat 0 starts on C1 and I1
    for place in ("settlement:C1", "settlement:C2", "settlement:I2"):
        assert place in building.legal(st, 0, "main")
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
    # who pays whom is in no state (the cards are the players'): only the sentence names them
    assert any(m["en"] == "Player\u00a01 pays a card to Player\u00a02." for m in after["recent"])
    # the fee has its own screen: the table hands the card over, then building goes on
    fee = GAME.prompt(after)
    assert fee.kind is PromptKind.CONFIRM and fee.step == "build_result" and after["shown"]["resume"]["step"] == "build"
    assert fee.title.cs == "Palisáda: po kartě"  # which result screen it is: said only in words
    # the screen lists the announcement itself, so the table says it there once
    assert fee.detail.cs.split("; ") == ["Hráč\u00a01 dá po kartě: Hráč\u00a02."]
    assert fee.detail.en.split("; ") == [after["recent"][-1]["en"]]
    after = apply(after, ok("build_result"))
    assert after["step"] == "build" and after["settlements"]["C2"] == {"1": 1, "0": 1}
    again = build(after, "settlement:C2")  # a second house there pays no fee
    assert again["shown"] is None and again["step"] == "build" and again["settlements"]["C2"] == {"1": 1, "0": 2}


def test_houses_run_out_at_thirteen_on_the_board():
    st = build_state()
    st["settlements"]["C1"]["0"] = 12  # 12 + I1 = 13 houses, the 14th marks the army
    assert building.houses_left(st, 0) == 0
    refused(st, "settlement:C1", "no_houses_left")
    # the counts come from the box data
    fewer = build_state(box={"rules": {"houses_per_player": 10}})
    fewer["settlements"]["C1"]["0"] = 7  # 7 + I1 = 8 houses: one left of 10 (1 marks the army)
    assert building.houses_left(fewer, 0) == 1 and "settlement:C1" in building.legal(fewer, 0, "main")
    fewer["settlements"]["C1"]["0"] = 8
    assert building.houses_left(fewer, 0) == 0
    with pytest.raises(RuleError) as err:
        build(fewer, "settlement:C1")
    assert err.value.rule == "graenaland.no_houses_left"
    assert "each clan has 10" in err.value.text("en")  # the sentence says why, with the box's count


def test_supply_card_once_and_required_before_finishing():
    st = build_state()
    refused(st, "done", "supply_card_required")
    after = build(st, "supply")
    assert after["supply"] == {"deck": 12, "display": 3, "taken": True, "turned": False}
    refused(after, "supply", "supply_once")
    finished = build(after, "done")
    assert finished["main"] == 1 and finished["supply"] == {"deck": 11, "display": 4, "taken": False, "turned": True}
    assert finished["round"] == 2 and finished["step"] == "production"
    # the next production screen tells the table to turn up the new card first
    assert GAME.prompt(finished).detail.cs.split("; ")[0] == "Otočte novou kartu zásob."


def test_refusals_through_the_session_change_nothing():
    s = session()
    to_step(s, "move")
    s.submit({"step": "move", "picks": {str(x): "warrior:stay" for x in s.prompt.seats}})
    past_shown(s)
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
    assert "road:C1" in building.legal(declined, 0, "main")  # paying alone is still fine
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
    free = build_state()  # "unknown": no cap
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
    st["supply"] = {"deck": 0, "display": 0, "taken": False, "turned": False}
    prompt = GAME.prompt(st)
    assert "supply" not in [o.value for o in prompt.options[0]]
    assert "supply" not in prompt.detail.en.lower() and "zásob" not in prompt.detail.cs
    refused(st, "supply", "supply_empty")
    finished = build(st, "done")  # finishing needs no supply card now
    assert finished["supply"] == {"deck": 0, "display": 0, "taken": False, "turned": False} and finished["main"] == 1
    assert "zásob" not in GAME.prompt(finished).detail.cs


# -- a later church or hall may move the hero (p.7) -------------------------------------------
def hero_state():
    """Seat 0 building, his priest already in play on C1, settlements on C1 and C2 (4 players)."""
    st = build_state()
    st["settlements"]["C2"]["0"] = 1
    st["heroes"][0].update(warrior="I1", priest="C1")
    st["buildings"]["C1"]["church"] = 0
    return st


def test_a_later_church_moves_the_priest_there():
    st = hero_state()
    legal = building.legal(st, 0, "main")
    assert "church:C2" in legal and "church:C2:move" in legal
    labels = {o.value: o.label for o in GAME.prompt(st).options[0]}
    assert labels["church:C2:move"].cs == "Kostel P2+kněz · ?" and labels["church:C2"].cs == "Kostel P2 · ?"
    after = build(st, "church:C2:move")
    assert after["heroes"][0]["priest"] == "C2" and after["buildings"]["C2"]["church"] == 0
    shown = GAME.prompt(after)
    assert shown.step == "build_result" and after["shown"]["resume"]["step"] == "build"
    assert shown.detail.cs == "Hráč 1: kněz → Pobřeží 2"  # the table's instruction: who, what, where
    before, now = GAME.score(st), GAME.score(after)  # the goal it meets too
    assert now.breakdown[0]["buildings"] == before.breakdown[0]["buildings"] + 1
    assert now.totals[0] == before.totals[0] + 1
    stays = build(st, "church:C2")  # without moving: the priest stays, no screen
    assert stays["heroes"][0]["priest"] == "C1" and stays["step"] == "build" and stays["shown"] is None
    assert stays["buildings"]["C2"]["church"] == 0


def test_moving_a_hero_onto_another_own_hero_is_refused():
    st = hero_state()
    st["heroes"][0]["warrior"] = "C2"
    assert "church:C2:move" not in building.legal(st, 0, "main") and "church:C2" in building.legal(st, 0, "main")
    refused(st, "church:C2:move", "hero_would_share")
    with pytest.raises(RuleError) as err:
        build(st, "church:C2:move")
    assert err.value.text("cs") == (
        "Hráč 1: Na Pobřeží 2 (pláně) už stojí jiný tvůj hrdina; dva tvoji hrdinové nesmějí stát na jednom území."
    )
    refused(st, "hall:C2:move", "hero_not_in_play")  # no skald yet


def test_build_menu_lines_show_what_where_and_the_cost():
    st = build_state(box={"costs": {"stronghold": {"cost": {"wood": 2, "ore": 1}}}})
    labels = {o.value: o.label for o in GAME.prompt(st).options[0]}
    assert labels["settlement:C1"].cs == "Osada P1 · 4 sur." and labels["settlement:C1"].en == "Settlement C1 · 4 res."
    assert labels["settlement:I1"].cs == "Osada V1 · 5 sur."
    assert labels["stronghold:C1"].cs == "Tvrz P1 · 2Dř+1R" and labels["stronghold:C1"].en == "Stronghold C1 · 2W+1O"
    assert labels["church:C1"].cs == "Kostel P1 · ?"  # the reference card's cost is not known
    assert labels["army"].cs == "Vojsko +1 · 4O+1R" and labels["army"].en == "Army +1 · 4G+1O"
    assert labels["road:C1"].cs == "Cesta P1 · ?" and labels["coop:improvement:C1"].en == "Joint impr. C1 · ?"
    assert labels["supply"].cs == "Vzít kartu zásob" and labels["done"].cs == "Konec stavby"
    st["buildings"]["C1"]["stronghold"] = 0  # a stronghold adds a cheaper army price
    assert (
        GAME.prompt(st).options[0][[o.value for o in GAME.prompt(st).options[0]].index("army")].label.cs
        == "Vojsko +1 · 4O+1R / 1O+1R+1D"
    )


def test_a_build_keeps_its_code_from_turn_to_turn():
    """The code says what and where (kind digit, then the territory's number), not the line of
    the menu: the supply card is 99 whatever else can be built."""
    st = build_state()
    codes = {o.value: o.code for o in GAME.prompt(st).options[0]}
    assert codes["settlement:C1"] == "11" and codes["settlement:I1"] == "1" + str(st["board"]["order"].index("I1") + 1)
    assert codes["stronghold:C1"] == "21" and codes["army"] == "90" and codes["supply"] == "99"
    assert codes["coop:improvement:C1"] == "981" and codes["done"] == "#"
    st["settlements"]["C2"]["0"] = 1  # more to build: the same things keep their codes
    again = {o.value: o.code for o in GAME.prompt(st).options[0]}
    assert len(again) > len(codes) and all(again[v] == c for v, c in codes.items() if v in again)
    st["supply"]["taken"] = True
    assert "supply" not in {o.value for o in GAME.prompt(st).options[0]}
    assert {o.value: o.code for o in GAME.prompt(st).options[0]}["army"] == "90"


def test_moved_heroes_and_offered_builds_have_codes_of_their_own():
    st = hero_state()
    codes = {o.value: o.code for o in GAME.prompt(st).options[0]}
    assert codes["church:C2"] == "32" and codes["church:C2:move"] == "932"
    assert len(set(codes.values())) == len(codes)


def test_a_menu_line_and_a_code_follow_the_board_they_are_made_for():
    """Menu lines and codes are made once per build (a menu names some 90): a board whose
    costs or order differ still gets its own, and a cost no cache can hold its line all the same."""
    st = build_state()
    first = building.label(st, "stronghold:C1", 0)
    st["board"]["costs"] = {**st["board"]["costs"], "stronghold": {"wood": 3}}
    assert building.label(st, "stronghold:C1", 0).cs == first.cs.split(" · ")[0] + " · 3Dř"
    assert building.label(st, "stronghold:C1", 0) != first
    st["board"]["costs"]["stronghold"] = {"wood": [3]}  # not as the schema has it: no cache, made each time
    assert building.label(st, "stronghold:C1", 0).cs == first.cs.split(" · ")[0] + " · [3]Dř"
    values = ["settlement:C1", "church:C2:move", "coop:road:C3", "grant:2", "army", "supply"]
    assert building.codes(st, values) == ["11", "932", "953", "913", "90", "99"]
    st["board"]["order"] = list(reversed(st["board"]["order"]))
    assert building.code(st, "settlement:C1") == "1" + str(len(st["board"]["order"]))
    with pytest.raises(ValueError):
        building.code(st, "settlement:Z9")
