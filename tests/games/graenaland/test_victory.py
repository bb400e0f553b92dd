import pytest

from companion.engine import PromptKind, RuleError, Session
from companion.games.graenaland import GAME, goals

from .helpers import apply, empty_board, session, state, to_step

EXAMPLE_CARD = {"houses": [6, 8, 10], "territories": [3, 4, 5], "largest": [4, 6, 7],
                "buildings": [2, 3, 4], "army": [3, 4, 5]}


def strong(st, seat=0):
    """8 houses over C1/C2/I1 (4 on C1), two buildings, army 3: all five goals."""
    st["settlements"]["C1"][str(seat)] = 3
    st["buildings"]["C1"]["church"] = seat
    st["settlements"]["C2"][str(seat)] = 1
    st["buildings"]["C2"]["hall"] = seat
    st["settlements"]["I1"][str(seat)] = 2
    st["army"][seat] = 3
    return st


def test_the_five_goals():
    st = strong(empty_board(state()))
    assert goals.stats(st, 0) == {"houses": 8, "territories": 3, "largest": 4, "buildings": 2, "army": 3}
    assert all(goals.goals_met(st, 0).values()) and goals.can_announce(st, 0)
    assert not goals.can_announce(st, 1)


def test_three_player_buildings_goal_skips_the_first_building():
    st = empty_board(state(seats=3))
    st["settlements"]["C1"]["0"] = 1
    st["buildings"]["C1"] = {"church": 0, "hall": 0}
    assert goals.goals_met(st, 0)["buildings"] is False
    assert goals.stats(st, 0)["houses"] == 3        # the first building is still a house
    st["buildings"]["C2"] = {"stronghold": 0}
    assert goals.goals_met(st, 0)["buildings"] is True
    four = empty_board(state(seats=4))
    four["buildings"]["C1"] = {"church": 0, "hall": 0}
    assert goals.goals_met(four, 0)["buildings"] is True


def test_vp_card_example_gives_six_points():
    """p.11: 8 houses, only 2 territories with 2+, 5 on one, 3 buildings, army 3 -> 2+0+1+2+1."""
    have = {"houses": 8, "territories": 2, "largest": 5, "buildings": 3, "army": 3}
    points = goals.vp_points(EXAMPLE_CARD, have)
    assert points == {"houses": 2, "territories": 0, "largest": 1, "buildings": 2, "army": 1}
    assert sum(points.values()) == 6


def _building(s):
    to_step(s, "move")
    s.submit({"step": "move", "picks": {str(x): "warrior:stay" for x in s.prompt.seats}})
    while s.prompt.step == "propose":
        s.submit({"step": "propose", "seat": s.prompt.seats[0], "value": "pass"})


def test_announced_victory_then_one_final_building_each_then_ranking():
    st = empty_board(state())
    st = apply(st, {"step": "production", "seat": None, "value": None})   # nothing settled: no draws
    strong(st)
    st["heroes"] = [{"warrior": "C1", "priest": None, "skald": None} for _ in range(4)]
    st = apply(st, {"step": "move", "picks": {"1": "warrior:stay", "2": "warrior:stay", "3": "warrior:stay"}})
    st["settlements"]["C3"]["2"] = 4      # seat 2 meets "largest territory"
    st = apply(st, {"step": "build", "seat": 0, "value": "supply"})
    st = apply(st, {"step": "build", "seat": 0, "value": "done"})
    prompt = GAME.prompt(st)
    assert prompt.step == "announce" and st["phase"] == "end"
    st = apply(st, {"step": "announce", "seat": 0, "value": "yes"})
    finals = []
    while GAME.prompt(st) is not None:
        prompt = GAME.prompt(st)
        assert prompt.step == "build" and st["phase"] == "final"
        seat = prompt.seats[0]
        values = [o.value for o in prompt.options[seat]]
        assert "supply" not in values and not any(v.split(":")[0] in ("road", "market", "coop") for v in values)
        with pytest.raises(RuleError) as err:
            apply(st, {"step": "build", "seat": seat, "value": "road:C3"})
        assert err.value.rule == "graenaland.no_public_in_final"
        finals.append(seat)
        st = apply(st, {"step": "build", "seat": seat, "value": "done"})
    assert finals == [1, 2, 3]
    scores = GAME.score(st)
    assert scores.final and scores.winner == 0
    assert scores.ranking == (0, 2, 1, 3) and scores.totals[0] == 5 and scores.totals[2] == 1
    assert GAME.status(st).phase.en.startswith("Game over")


def test_declining_or_not_meeting_goals_continues_the_game():
    s = session()
    _building(s)
    s.submit({"step": "build", "seat": 0, "value": "supply"})
    s.submit({"step": "build", "seat": 0, "value": "done"})
    assert s.prompt.step == "production" and s.state["main"] == 1   # no announcement offered
    st = strong(empty_board(state()))
    st["step"], st["phase"] = "announce", "end"
    st = apply(st, {"step": "announce", "seat": 0, "value": "no"})
    assert st["round"] == 2 and st["main"] == 1
    weak = empty_board(state())
    weak["step"], weak["phase"] = "announce", "end"
    with pytest.raises(RuleError) as err:
        apply(weak, {"step": "announce", "seat": 0, "value": "yes"})
    assert err.value.rule == "graenaland.goals_not_met"


# -- expansion: victory-point cards ------------------------------------------------------------
def vp_box(count=12):
    cards = [{"id": i, **EXAMPLE_CARD, "verified": False, "source": "test card"} for i in range(1, count + 1)]
    return {"vp_cards": cards}


def test_vp_cards_are_kept_secretly_and_shown_only_to_their_owner():
    s = Session(GAME, {"seats": 4, "vp_cards": True, "box": vp_box()}, 3)
    p = s.prompt
    assert p.kind is PromptKind.SECRET_CHOICE and p.step == "keep_vp_card" and p.seats == (0, 1, 2, 3)
    assert [o.code for o in p.options[0]] == ["1", "2", "3"]
    dealt = [o.value for s_ in p.seats for o in p.options[s_]]
    assert len(set(dealt)) == 12
    s.submit({"step": "keep_vp_card", "picks": {str(x): p.options[x][1].value for x in p.seats}})
    assert "vp_card" not in GAME.view(s.state)
    mine = GAME.view(s.state, 2)["vp_card"]
    assert mine["kept"] == p.options[2][1].value and mine["thresholds"] == EXAMPLE_CARD
    assert s.prompt.step == "production"


def test_alternative_end_priority_and_vp_ranking():
    s = Session(GAME, {"seats": 4, "vp_cards": True, "box": vp_box()}, 3)
    p = s.prompt
    s.submit({"step": "keep_vp_card", "picks": {str(x): p.options[x][0].value for x in p.seats}})
    to_step(s, "claim")
    assert s.state["phase"] == "building" and s.prompt.seats == ()
    # seats 3 and 1 both claim 6; seat 1 is nearer the main player (seat 0) clockwise
    for seat, points in ((3, 6), (1, 6)):
        s.submit({"step": "claim", "seat": None, "value": f"seat:{seat}"})
        assert s.prompt.kind is PromptKind.NUMBER and s.prompt.seats == (seat,)
        s.submit({"step": "claim_points", "seat": seat, "value": points})
    s.submit({"step": "claim", "seat": None, "value": "done"})
    assert s.state["announcer"] == 1 and s.prompt.seats == (1,) and s.state["phase"] == "final"
    order = []
    while s.prompt is not None:
        order.append(s.prompt.seats[0])
        s.submit({"step": "build", "seat": s.prompt.seats[0], "value": "done"})
    assert order == [1, 2, 3, 0]
    scores = s.score()
    # nobody really has 6 points: the claim failed, so the ranking goes purely by points
    assert scores.final and scores.totals == {0: 0, 1: 0, 2: 0, 3: 0}
    assert scores.ranking == (1, 2, 3, 0)


def test_a_higher_claim_goes_first():
    s = Session(GAME, {"seats": 4, "vp_cards": True, "box": vp_box()}, 3)
    p = s.prompt
    s.submit({"step": "keep_vp_card", "picks": {str(x): p.options[x][0].value for x in p.seats}})
    to_step(s, "claim")
    for seat, points in ((1, 6), (3, 7)):
        s.submit({"step": "claim", "seat": None, "value": f"seat:{seat}"})
        s.submit({"step": "claim_points", "seat": seat, "value": points})
    s.submit({"step": "claim", "seat": None, "value": "done"})
    assert s.state["announcer"] == 3
