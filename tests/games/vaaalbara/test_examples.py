"""The digest's worked examples V1-V10 (§12), played through the engine's Session."""

from companion.games.vaaalbara import GAME

from .helpers import answer, breakdown, events, gains, new, play_round, totals

BLUE, PURPLE, YELLOW, RED = 0, 1, 2, 3


def rulebook_round_one(s):
    """Round 1 leaving the domains the rulebook's round-2 example implies."""
    play_round(s, [4, 5, 9, 11], ["forest4", "field", "river", "meadow"])


def test_v1_rulebook_round_two_gains_and_order():
    s = new(4)
    rulebook_round_one(s)
    before = totals(s)
    answer(s, "pick_character", [3, 3, 10, 12])
    # Blue and Purple tie at 3: the table is asked about exactly them
    assert s.prompt.step == "omen_best" and s.prompt.seats == ()
    assert [o.value for o in s.prompt.options_for(None)] == [BLUE, PURPLE]
    answer(s, "omen_best", BLUE)
    for land in ("meadow", "field", "river", "field"):
        answer(s, "take_land", land)
    assert s.state["acted"] == [BLUE, PURPLE, YELLOW, RED]
    assert gains(before, totals(s)) == {BLUE: 3 + 2, PURPLE: 0 + 4, YELLOW: 0 + 12, RED: 4}
    # a gain of nothing (the second Hunter, the Woodcarver) is not announced
    assert events(s)[-6:] == [
        "Nejlepší znamení: Modrá",
        "Modrá: +3 (Lovec)",
        "Modrá: +2 (Louka)",
        "Fialová: +4 (Pole)",
        "Žlutá: +12 (Řeka)",
        "Červená: +4 (Pole, Zemědělec ×2)",
    ]
    assert s.prompt.step == "end_round"


def test_v2_end_bonus_57_becomes_62():
    # Karel (seat 0) takes his last land, a village, and reaches 57; 5 land types give +5.
    state = GAME.setup({"seats": 2}, 0)
    state.update(
        {"round": 9, "phase": "resolve", "picks": [4, 9], "acted": [1], "turn": 0, "await": {"step": "take_land"}}
    )
    state["domains"] = [
        ["field", "field", "field", "meadow", "meadow", "forest3", "forest5", "river"],
        ["mountain"] * 9,
    ]
    state["points"][0]["lands"] = 45  # 2 start + 45 = 47; the village adds 2 x 5 types = 10
    state = GAME.apply(state, {"step": "take_land", "seat": 0, "value": "village"})
    scores = GAME.score(state)
    assert scores.breakdown[0]["end_bonus"] == 5
    assert scores.totals[0] - 5 == 57 and scores.totals[0] == 62
    assert scores.final and scores.ranking == (0, 1)


def two_player_rounds(s, seat0_picks, seat0_lands, seat1_picks, seat1_lands, **answers):
    """Per round, the 'lands' VP seat 0 gained."""
    gained = []
    for round_index, (p0, l0, p1, l1) in enumerate(zip(seat0_picks, seat0_lands, seat1_picks, seat1_lands)):
        before = breakdown(s, 0)["lands"]
        round_answers = {k: v[round_index] for k, v in answers.items() if v[round_index] is not None}
        play_round(s, [p0, p1], [l0, l1], **round_answers)
        gained.append(breakdown(s, 0)["lands"] - before)
    return gained


def test_v3_mountains_second_and_fourth_score():
    s = new(2)
    got = two_player_rounds(
        s,
        [3, 4, 5, 6, 10, 9, 7, 1],
        ["forest3", "mountain"] * 4,
        [10, 3, 4, 5, 6, 12, 9, 8],
        ["forest3"] * 8,
        warrior_reveal=[None] * 7 + [["no"]],
        midwife_take_back=[None] * 7 + [[10]],
    )
    assert got == [3, 0, 3, 10, 3, 0, 3, 20]
    assert sum(got[1::2]) == 30


def test_v3_fourth_mountain_with_the_farmer_gives_40():
    s = new(2)
    got = two_player_rounds(
        s,
        [3, 4, 5, 6, 10, 9, 7, 12],
        ["forest3", "mountain"] * 4,
        [10, 3, 4, 5, 6, 12, 9, 8],
        ["forest3"] * 8,
        midwife_take_back=[None] * 7 + [[10]],
    )
    assert got[1::2] == [0, 10, 0, 40]


def test_v4_carpenter_counts_forests_before_the_land():
    s = new(2)
    play_round(s, [3, 10], ["forest3", "field"])
    play_round(s, [4, 10 - 1], ["forest4", "field"])
    before = breakdown(s, 0)
    play_round(s, [5, 10 + 2], ["forest5", "field"])
    after = breakdown(s, 0)
    assert after["characters"] - before["characters"] == 3 * 2
    assert after["lands"] - before["lands"] == 5


def test_v5_river_uses_the_initiative_capped_at_six():
    s = new(2)
    play_round(s, [4, 10], ["river", "field"])
    before = breakdown(s, 0)["lands"]
    play_round(s, [8, 3], ["river", "field"], midwife_take_back=[4])
    assert breakdown(s, 0)["lands"] - before == 6 * 2  # Midwife 8, capped at 6

    s = new(2)
    play_round(s, [4, 10], ["river", "field"])
    before = breakdown(s, 0)["lands"]
    play_round(s, [1, 3], ["river", "field"], warrior_reveal=["no"])
    assert breakdown(s, 0)["lands"] - before == 1 * 2  # Warrior 1


def test_v6_falconer_steals_from_the_player_just_before():
    a, b, c = 0, 1, 2
    s = new(3)
    seen = play_round(s, [2, 6, 6], ["forest3"] * 3, end=False, bard_target=[c], omen_best=[b])
    assert seen.index("omen_best") > seen.index("bard_target")  # asked only when the tie comes up
    assert s.state["acted"] == [a, b, c]
    assert [breakdown(s, seat)["falconer_losses"] for seat in (a, b, c)] == [-2, -2, 0]
    assert [breakdown(s, seat)["characters"] for seat in (a, b, c)] == [0, 2, 2 + 2]  # c also got the Bard's 2


def test_v6_variant_falconer_acting_first_gains_nothing():
    a, b, c = 0, 1, 2
    s = new(3)
    play_round(s, [7, 6, 6], ["forest3"] * 3, end=False, omen_best=[b])
    assert s.state["acted"] == [b, c, a]
    assert breakdown(s, b)["characters"] == 0 and breakdown(s, b)["falconer_losses"] == -2
    assert breakdown(s, c)["characters"] == 2
    assert not any(e.startswith("Fialová: +0") for e in events(s))  # nothing gained, nothing announced


def test_v7_seer_two_players_and_four_players():
    for other, expected in ((7, 2), (8, 0)):
        s = new(2)
        play_round(s, [4, other], ["field", "field"])
        assert breakdown(s, 0)["characters"] == expected
    s = new(4)
    play_round(s, [4, 3, 12, 11], ["field"] * 4)  # neighbours of seat 0: seat 1 (3) and seat 3 (11)
    assert breakdown(s, 0)["characters"] == 4


def test_v8_village_counts_distinct_types_including_itself():
    s = new(2)
    got = two_player_rounds(
        s, [3, 4, 5, 9, 10], ["field", "field", "meadow", "forest3", "village"], [10, 9, 4, 3, 5], ["forest3"] * 5
    )
    assert got[-1] == 2 * 4


def test_v9_meadow_counts_own_and_both_neighbours():
    s = new(4)
    play_round(s, [3, 4, 5, 9], ["meadow", "meadow", "meadow", "field"])
    play_round(s, [4, 3, 9, 5], ["field", "meadow", "meadow", "field"])
    before = breakdown(s, 0)["lands"]
    play_round(s, [5, 9, 3, 4], ["meadow", "field", "field", "field"])
    # own 1 + this one, seat 1 has 2, seat 3 has none; seat 2 (2 meadows) is not a neighbour
    assert breakdown(s, 0)["lands"] - before == 1 + 1 + 2 + 0


def test_v10_three_woodcarvers_only_the_worst_omens_gains():
    s = new(3, clans=["blue", "yellow", "red"])
    blue, yellow, red = 0, 1, 2
    seen = play_round(s, [10, 10, 10], ["forest3"] * 3, end=False, omen_best=[red, yellow])
    assert seen.count("omen_best") == 2
    assert s.state["acted"] == [red, yellow, blue]
    assert [breakdown(s, seat)["characters"] for seat in (blue, yellow, red)] == [5, 0, 0]
