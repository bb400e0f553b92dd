"""The shared Catan core, played with the base game as the smallest scenario (base.py)."""

import pytest

from companion.engine import RuleError, Session

from .base import GAME


def started(seats=4) -> Session:
    s = Session(GAME, {"seats": seats}, 1)
    s.submit({"step": "first_player", "seat": None, "value": 0})
    s.submit({"step": "founding", "seat": None, "value": None})
    return s


def act(s, step, value=None, seat=None):
    assert s.prompt.step == step, (s.prompt.step, step)
    who = seat if seat is not None else (s.prompt.seats[0] if len(s.prompt.seats) == 1 else None)
    s.submit({"step": step, "seat": who, "value": value})


def test_a_roll_recorded_by_rules_2_keeps_its_one_key_codes():
    s = Session(GAME, {"seats": 4, "rules": 2}, 1)
    s.submit({"step": "first_player", "seat": None, "value": 0})
    s.submit({"step": "founding", "seat": None, "value": None})
    codes = {o.value: o.code for o in s.prompt.options[0]}
    assert codes == {2: "2", 3: "3", 4: "4", 5: "5", 6: "6", 7: "7", 8: "8", 9: "9", 10: "0", 11: "1", 12: "#"}
    assert s.prompt.detail.en == "2–9: press that number; 0 = 10, 1 = 11, # = 12."


def turn(s, *builds):
    act(s, "roll", 3)
    for item in builds:
        act(s, "build", item)
    act(s, "build", "end")


def why(s):
    return s.state["over"]["why"]["en"]


def recent(s):
    return [m["en"].replace("\u00a0", " ") for m in s.state["recent"]]


def test_the_roll_is_one_key_with_no_default_and_every_build_one_key():
    """Rules 3 (issue 35): no sum is "#", where the host cursor starts and a habit key confirms;
    12 is "*" (a scenario with a knight before the roll on "*" types the sum: the Great Wall)."""
    s = started()
    codes = {o.value: o.code for o in s.prompt.options[0]}
    assert codes == {2: "2", 3: "3", 4: "4", 5: "5", 6: "6", 7: "7", 8: "8", 9: "9", 10: "0", 11: "1", 12: "*"}
    assert s.state["rules"] == 3 and "#" not in codes.values()
    assert s.prompt.detail.en == "2–9: press that number; 0 = 10, 1 = 11, * = 12."
    act(s, "roll", 12)
    menu = {o.value: o.code for o in s.prompt.options[0]}
    assert menu == {
        "road": "1",
        "settlement": "2",
        "city": "3",
        "dev": "4",
        "knight": "5",
        "longest_road": "6",
        "end": "#",
    }


def test_pieces_are_limited_and_a_city_replaces_a_settlement():
    s = started()
    act(s, "roll", 5)
    for _ in range(3):
        act(s, "build", "settlement")
    with pytest.raises(RuleError) as refused:
        act(s, "build", "settlement")
    assert refused.value.rule == "catan.no_pieces"
    for _ in range(4):
        act(s, "build", "city")
    assert s.state["pieces"][0] == {"road": 2, "settlement": 1, "city": 4}
    with pytest.raises(RuleError) as refused:
        act(s, "build", "city")
    assert refused.value.rule == "catan.no_pieces"


def test_a_city_needs_a_settlement():
    s = started()
    s.state["pieces"][0]["settlement"] = 0
    act(s, "roll", 5)
    with pytest.raises(RuleError) as refused:
        act(s, "build", "city")
    assert refused.value.rule == "catan.city_needs_settlement"


def test_every_public_score_change_is_announced_with_the_seat():
    s = started()
    act(s, "roll", 5)
    act(s, "build", "settlement")
    assert recent(s)[-1] == "Player 1: +1 VP (3)"
    for _ in range(3):  # 5 roads: what Longest Road needs at least
        act(s, "build", "road")
    act(s, "build", "longest_road")
    act(s, "longest_road", 0)
    assert recent(s)[-2:] == ["Longest Road: Player 1.", "Player 1: +2 VP (5)"]
    act(s, "build", "longest_road")
    act(s, "longest_road", None)
    assert "Player 1: -2 VP (3)" in recent(s)


def test_knights_need_cards_bought_one_per_turn_and_largest_army_needs_strictly_more():
    s = started()
    act(s, "roll", 5)
    with pytest.raises(RuleError) as refused:
        act(s, "build", "knight")
    assert refused.value.rule == "catan.no_card"
    s.state["dev_bought"] = [5, 5, 0, 0]
    act(s, "build", "knight")
    with pytest.raises(RuleError) as refused:
        act(s, "build", "knight")
    assert refused.value.rule == "catan.one_card_per_turn"
    act(s, "build", "end")

    def knight_of(seat):
        while s.state["turn"] != seat:
            turn(s)
        turn(s, "knight")

    knight_of(1)
    knight_of(0)
    assert s.state["knights"][0] == 2 and s.state["knights"][1] == 1
    knight_of(0)  # player 1: 3 knights, Largest Army (+2 in the base game)
    assert s.state["army"] == 0 and "Largest Army: Player 1." in recent(s)
    knight_of(1)
    knight_of(1)  # player 2: 3, only equal: player 1 keeps it
    assert s.state["army"] == 0
    knight_of(1)  # player 2: 4 > 3
    assert s.state["army"] == 1 and s.score().totals[1] == 4 and s.score().totals[0] == 2


def test_a_vp_card_costs_the_same_keys_and_stays_hidden_until_the_win():
    s = started()
    act(s, "roll", 5)
    act(s, "build", "dev")
    prompt = s.prompt
    assert prompt.kind.hidden and prompt.seats == (0,)
    assert [(o.value, o.code) for o in prompt.options[0]] == [("other", "1"), ("vp", "2")]
    s.submit({"step": "dev_card", "picks": {"0": "vp"}})
    assert s.score().totals[0] == 2 and not s.score().final
    assert recent(s) == [] and GAME.view(s.state)["public_points"] == [2, 2, 2, 2]
    for item in ("city", "city", "settlement", "city", "settlement", "city"):
        act(s, "build", item)
    assert not s.over  # 8 public + 1 hidden = 9
    act(s, "build", "settlement")  # 10 with the hidden card: the win
    assert s.over and s.state["over"]["winner"] == 0
    # the reason keeps what made the win; the panel hears the winner and the points only (the
    # ranking screen shows every total)
    assert why(s) == "Player 1 wins with 10 VP: 1 settlement, 4 cities, 1 VP card."
    assert recent(s)[-1] == "VP cards: Player 1 (1)."
    assert s.state["recent"][-1]["cs"] == "Karty VB: Hráč\u00a01 (1)."
    assert s.score().final and s.score().ranking[0] == 0


def test_a_win_is_only_on_ones_own_turn_in_the_special_phase_it_waits():
    s = started(5)
    s.state["pieces"][2].update(settlement=1, city=4)  # 9
    turn(s)
    assert s.prompt.step == "special_who"
    assert [o.value for o in s.prompt.options[-1]] == [1, 2, 3, 4, None]
    act(s, "special_who", 2)
    assert [o.value for o in s.prompt.options[2]] == ["road", "settlement", "city", "dev", "longest_road", "done"]
    act(s, "special_build", "settlement", seat=2)  # 10, not his turn
    assert not s.over
    act(s, "special_build", "done", seat=2)
    with pytest.raises(RuleError) as refused:  # player 2 was passed over
        act(s, "special_who", 1)
    assert refused.value.rule == "catan.special_passed"
    act(s, "special_who", None)
    turn(s)
    act(s, "special_who", None)
    assert s.over and s.state["over"]["winner"] == 2 and s.state["turn"] == 2


def test_the_header_shows_the_phase_and_every_seats_public_points():
    s = started()
    assert s.status().phase.cs == "Hod 2·2·2·2" and s.status().turn == 0
    act(s, "roll", 5)
    act(s, "build", "city")
    assert s.status().phase.en == "Build 3·2·2·2"
