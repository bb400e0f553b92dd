"""The digest's worked cases GW1-GW8 (../shared/research/catan_scenarios.md, part C), played
through the game's own steps. Player 1's fortress is at section 1 (index 0) and so on; gathering
hex II (index 1) sends 9 to its left arrow (section 2) and 8 to its right (section 3)."""

import pytest

from companion.engine import RuleError

from .helpers import act, build, events, gw, roll, started, with_state

RED = 2  # the player whose fortress is at section 3, the right arrow of hex II
SECTION = 2  # section 3 (index 2)


def test_gw1_breach_then_the_lowered_wall_breached_again_by_two():
    s = started()
    with_state(s, wall=[0, 0, 2, 0], attack=[0, 0, 2, 0], gathering=[0, 3, 0])
    points = s.score().totals[RED]
    roll(s, 8)  # hex II's right arrow: a 3rd raider at section 3
    g = gw(s)
    assert g["attack"][SECTION] == 0 and g["behind"][SECTION] == 3  # 3 > 2: all three cross
    assert g["wall"][RED] == 1 and g["penalties"][RED] == 1 and g["breaches"] == 1
    assert s.score().totals[RED] == points - 1
    assert "8: raider II → section 3: breach 1/5! 3 raiders cross. Player 3: wall 1, penalty." in events(s)
    assert any("Player 3: -1 VP" in e for e in events(s))
    build(s, "end")
    # follow-up: no wall built, two more raiders breach it again (2 > 1)
    roll(s, 8)
    assert gw(s)["attack"][SECTION] == 1 and gw(s)["breaches"] == 1  # 1 > 1 is false
    build(s, "end")
    roll(s, 8)
    g = gw(s)
    assert g["breaches"] == 2 and g["wall"][RED] == 0 and g["penalties"][RED] == 2
    assert g["behind"][SECTION] == 5
    # a repeated breach tells how to place onto hexes already occupied
    assert any("Gaps first." in e for e in events(s))


def test_gw2_wall_levels_in_order_several_per_turn():
    s = started()
    with_state(s, wall=[2, 0, 0, 0])
    roll(s, 3)
    assert ("wall", "wall 3") in [(o.value, o.label.en) for o in s.prompt.options[0]]
    assert s.prompt.detail.en == "Wall 3: ore, lumber, brick, grain."  # the cost, read with ▼
    build(s, "wall")
    assert gw(s)["wall"][0] == 3
    assert "Wall 3 built by Player 1. Cost: ore, lumber, brick, grain." in events(s)
    # level 4 right away in the same turn; its cost is not known, so the tile's back is read
    build(s, "wall")
    assert gw(s)["wall"][0] == 4 and s.prompt.step == "wall_cost"
    # "straight from 2 to 4" cannot even be entered: each press builds the next level
    assert [o.value for o in s.prompt.options[0]] == [0, 1, 2, 3, "back"]


def test_gw3_dice_routing_before_production():
    s = started()
    with_state(s, gathering=[0, 2, 0], wall=[5, 5, 5, 5])
    roll(s, 8)
    assert gw(s)["attack"] == [0, 0, 1, 0] and gw(s)["gathering"] == [0, 1, 0]
    assert s.prompt.step == "build"  # moved before anything else (production)
    build(s, "end")
    roll(s, 9)
    assert gw(s)["attack"] == [0, 1, 1, 0] and gw(s)["gathering"] == [0, 0, 0]
    build(s, "end")
    roll(s, 8)  # hex II is empty now: nothing moves
    assert gw(s)["attack"] == [0, 1, 1, 0]


def test_gw4_an_attack_hex_holds_five_and_a_level_five_wall_is_safe():
    s = started()
    with_state(s, gathering=[0, 4, 0], attack=[0, 0, 5, 0], wall=[0, 0, 5, 0])
    roll(s, 8)
    assert gw(s)["attack"][SECTION] == 5 and gw(s)["gathering"][1] == 4 and gw(s)["breaches"] == 0
    assert any("section 3 is full" in e for e in events(s))


@pytest.mark.parametrize("seats, limit", [(4, 5), (6, 7)])
def test_gw5_china_falls_at_the_breach_limit_and_the_least_defeated_is_named(seats, limit):
    s = started(seats)
    with_state(s, breaches=limit - 2, gathering=[0, 3] + [0] * (gw(s)["numerals"] - 2))
    s.state["pieces"][3]["city"] = 2  # player 4 has the most VP: 3 settlements + 2 cities = 7
    roll(s, 8)  # a level-0 wall at section 3: a breach, not yet the last
    assert not s.over and gw(s)["breaches"] == limit - 1
    build(s, "end")
    while s.prompt.step == "special_who":
        act(s, "special_who", None)
    roll(s, 8)
    assert s.over and gw(s)["breaches"] == limit
    scores = s.score()
    assert s.state["over"]["winner"] is None  # everyone lost
    assert scores.ranking[0] == 3 and scores.final
    assert scores.nobody_won and scores.winners == () and scores.winner is None and scores.places[0] == 1
    # the reason names the least defeated; the panel announces the fall (the ranking opens on him)
    why = s.state["over"]["why"]
    assert why["en"] == "China has fallen: everyone loses. The least defeated: Player\u00a04 (7\u00a0VP)."
    assert why["cs"] == "Čína padla, všichni prohráli. Nejméně poražený: Hráč\u00a04 (7\u00a0VB)."
    assert events(s)[-2:] == ["China has fallen: everyone loses.", "Player 3: -1 VP (1)"]  # the last penalty


def test_gw6_points_with_largest_army_worth_one():
    s = started()
    st = s.state
    st["pieces"][0].update(settlement=2, city=1)
    st["longest_road"] = 0
    st["army"] = 0
    st["vp_cards"][0] = 1
    st["great_wall"]["penalties"][0] = 2
    from companion.games.catan import core
    from companion.games.great_wall import GAME

    assert core.true_total(GAME.scenario, st, 0) == 2 + 2 + 2 + 1 + 1 - 2 == 6
    assert core.public_total(GAME.scenario, st, 0) == 5  # the VP card stays hidden


def test_gw7_a_city_draws_raider_three_and_four_players_have_no_four():
    s = started(physical_bag=True)
    roll(s, 3)
    build(s, "city")
    assert s.prompt.step == "raider_drawn"
    assert [o.value for o in s.prompt.options[0]] == [0, 1, 2]  # I-III only with 4 players
    with pytest.raises(RuleError) as refused:
        act(s, "raider_drawn", 3)
    assert refused.value.rule == "great_wall.no_such_numeral"
    act(s, "raider_drawn", 2)
    assert gw(s)["gathering"] == [0, 0, 1] and gw(s)["bag"] == [7, 7, 6]
    assert any("Raider III to gathering hex III." in e for e in events(s))


def test_gw8_a_level_zero_wall_is_breached_by_one_raider():
    s = started()
    with_state(s, gathering=[0, 1, 0])
    roll(s, 8)
    g = gw(s)
    assert g["breaches"] == 1 and g["wall"][RED] == 0 and g["penalties"][RED] == 1 and g["behind"][SECTION] == 1
