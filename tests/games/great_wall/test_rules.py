"""The Great Wall's rules around the worked cases: the bag, facts taught to the box, knights,
the special building phase, hidden VP and the win on one's own turn."""

import pytest

from companion.engine import RuleError, Session
from companion.games.great_wall import GAME, box

from .helpers import act, build, events, gw, roll, started, with_state


def test_the_box_draws_from_its_own_seeded_bag_and_says_where_the_raider_goes():
    draws = []
    for seed in (1, 2, 3, 4):
        s = started(seed=seed)
        roll(s, 3)
        build(s, "settlement")
        g = gw(s)
        assert sum(g["bag"]) == 20 and sum(g["gathering"]) == 1
        numeral = g["gathering"].index(1)
        assert events(s)[-2] == f"Raider {'I' * (numeral + 1)} to gathering hex {'I' * (numeral + 1)}."
        draws.append(numeral)
        again = Session(GAME, s.options, s.seed, s.entries)
        assert again.state == s.state  # the draw replays from the log
    assert len(set(draws)) > 1  # the seed decides


def test_an_empty_bag_draws_nothing():
    s = started()
    with_state(s, bag=[0, 0, 0])
    roll(s, 3)
    build(s, "settlement")
    assert gw(s)["gathering"] == [0, 0, 0] and "The bag is empty: no raider is drawn." in events(s)


def test_an_unknown_attack_number_is_asked_once_then_remembered_for_the_box():
    s = started(box={})
    roll(s, 8)
    prompt = s.prompt
    assert prompt.step == "attack_number" and prompt.seats == (0,)
    assert [o.code for o in prompt.options[0]] == ["0", "1", "2", "3", "4", "5", "6"]
    act(s, "attack_number", [1, "right"])
    assert s.prompt.step == "build" and gw(s)["numbers"][1] == [None, 8]
    assert GAME.learned_box(s.state) == {"gathering": {"2": {"right": 8}}}
    build(s, "end")
    roll(s, 8)  # known now: not asked again
    assert s.prompt.step == "build"
    build(s, "end")
    roll(s, 3)
    act(s, "attack_number", None)  # 3 is no attack number on this board
    build(s, "end")
    roll(s, 3)
    assert s.prompt.step == "build"
    # the next session of this box starts with what was learned
    nxt = started(box=GAME.learned_box(s.state))
    roll(nxt, 8)
    assert nxt.prompt.step == "build"


def test_a_taken_arrow_is_refused_with_its_rule():
    s = started(box={"gathering": {"2": {"right": 8}}})
    roll(s, 9)
    with pytest.raises(RuleError) as refused:
        act(s, "attack_number", [1, "right"])
    assert refused.value.rule == "great_wall.arrow_known"


def test_checking_the_box_asks_again_and_the_new_answer_is_remembered():
    s = started(box={"gathering": {"2": {"right": 8}}}, check_box=True)
    roll(s, 8)
    assert s.prompt.step == "attack_number"
    act(s, "attack_number", [2, "left"])
    assert GAME.learned_box(s.state)["gathering"] == {"2": {"right": 8}, "3": {"left": 8}}
    # both at once would contradict: the box data check refuses it in the menu
    with pytest.raises(RuleError) as refused:
        Session(GAME, {"seats": 4, "box": GAME.learned_box(s.state)}, 1)
    assert refused.value.rule == "great_wall.box_data"


def test_a_wall_cost_unknown_is_read_from_the_tile_once():
    s = started()
    roll(s, 3)
    build(s, "wall")
    for count in (0, 1, 0, 2, 0):  # lumber, brick, wool, grain, ore
        act(s, "wall_cost", count)
    assert gw(s)["costs"]["1"] == {"brick": 1, "grain": 2}
    assert GAME.learned_box(s.state)["wall"] == {"1": {"cost": {"brick": 1, "grain": 2}}}
    assert "Wall 1: cost remembered. Brick, 2×grain." in events(s)
    assert box.with_override(GAME.learned_box(s.state)).wall["1"].cost == {"brick": 1, "grain": 2}


def test_a_cost_nobody_reads_now_stays_unknown_and_is_not_asked_again_this_game():
    s = started()
    with_state(s, wall=[0, 1, 0, 0])
    roll(s, 3)
    build(s, "wall")
    act(s, "wall_cost", "back")
    assert gw(s)["costs"]["1"] is None and s.prompt.step == "build"
    build(s, "end")
    roll(s, 3)
    build(s, "wall")  # player 2 builds level 2: asked (another level)
    assert s.prompt.step == "wall_cost"


def test_a_tile_that_costs_nothing_is_refused():
    s = started()
    roll(s, 3)
    build(s, "wall")
    for _ in range(4):
        act(s, "wall_cost", 0)
    with pytest.raises(RuleError) as refused:
        act(s, "wall_cost", 0)
    assert refused.value.rule == "great_wall.cost_empty"


def test_a_knight_moves_a_raider_and_expels_one_back_into_the_bag():
    s = started()
    s.state["dev_bought"][0] = 1
    with_state(s, gathering=[2, 0, 0], behind=[0, 1, 0, 0], bag=[5, 7, 6])  # (refreshes the prompt)
    act(s, "roll", "knight")  # before the roll
    assert s.state["knights"][0] == 1 and s.prompt.step == "knight_action"
    act(s, "knight_action", "move")
    act(s, "raider_from", 0)
    act(s, "raider_to", 2)
    assert gw(s)["gathering"] == [1, 0, 1]
    act(s, "knight_action", "expel")
    act(s, "expel_from", 1)
    assert [o.value for o in s.prompt.options[0]] == [0, 2]  # II: all 7 are in the bag
    act(s, "expel_numeral", 2)
    assert gw(s)["behind"] == [0, 0, 0, 0] and gw(s)["bag"] == [5, 7, 7]
    assert s.prompt.step == "roll"  # two actions done: now the roll
    with pytest.raises(RuleError) as refused:  # one development card per turn
        GAME.apply(s.state, {"step": "roll", "seat": 0, "value": "knight"})
    assert refused.value.rule == "great_wall.no_knight_card" or refused.value.rule.startswith("catan.")


def test_the_pirate_once_per_knight():
    s = started()
    s.state["dev_bought"][0] = 1
    with_state(s)
    roll(s, 3)
    build(s, "knight")
    act(s, "knight_action", "pirate")
    assert s.prompt.step == "build"  # nothing else possible: no raiders anywhere
    assert "Pirate to another sea hex, 1 card from a player." in events(s)


def test_largest_army_is_worth_one_here():
    s = started()
    s.state["dev_bought"][0] = 3
    with_state(s)
    for _ in range(3):
        roll(s, 3)
        build(s, "knight")
        act(s, "knight_action", "stop")
        build(s, "end")
        for _ in range(3):
            roll(s, 3)
            build(s, "end")
    assert s.state["army"] == 0 and s.score().totals[0] == 4
    assert "Largest Army: Player 1." in events(s) or any("Player 1: +1 VP (4)" in e for e in events(s))


def test_six_players_build_in_the_special_phase_clockwise_and_only_on_ones_turn_win():
    s = started(6)
    s.state["pieces"][2].update(settlement=2, city=3)  # 8 VP
    s.state["vp_cards"][2] = 1  # 9 true
    roll(s, 3)
    build(s, "end")
    prompt = s.prompt
    assert prompt.step == "special_who" and [o.value for o in prompt.options[-1]] == [1, 2, 3, 4, 5, None]
    act(s, "special_who", 2)  # player 3 builds; player 2 passed
    build_item = s.prompt
    assert build_item.step == "special_build" and "knight" not in [o.value for o in build_item.options[2]]
    act(s, "special_build", "settlement", seat=2)  # 10 true VP, but not his turn
    assert not s.over
    act(s, "special_build", "done", seat=2)
    assert [o.value for o in s.prompt.options[-1]] == [3, 4, 5, None]
    act(s, "special_who", None)
    assert s.prompt.step == "roll" and s.state["turn"] == 1
    roll(s, 3)
    build(s, "end")
    act(s, "special_who", None)
    assert s.over and s.state["over"]["winner"] == 2  # at the start of his own turn
    assert s.state["over"]["why"]["en"] == "Player 3 wins with 10 VP: 3 settlements, 3 cities, 1 VP card."
    assert events(s)[-1] == "VP cards: Player 3 (1)."  # the ranking screen names the winner


def test_the_vp_card_is_hidden_until_the_end():
    s = started()
    roll(s, 3)
    build(s, "dev")
    assert s.prompt.step == "dev_card" and s.prompt.kind.hidden
    s.submit({"step": "dev_card", "picks": {"0": "vp"}})
    public = GAME.view(s.state)
    assert "totals" not in public and public["public_points"] == [3, 3, 3, 3]
    assert GAME.view(s.state, 0)["my_total"] == 4 and GAME.view(s.state, 0)["my_hidden"] == {"vp_cards": 1}
    assert s.score().totals[0] == 3
