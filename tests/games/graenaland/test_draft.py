"""Expansion: drafting the starting positions (rulebook p.10 "Počáteční pozice", digest 12.2)."""

import random

import pytest

from companion.engine import PromptKind, RuleError, Session
from companion.games.graenaland import GAME, draft

from .helpers import apply, play_randomly, session, state


def drafting(seats=4, **options):
    s = session(seats=seats, draft_starts=True, **options)
    s.submit({"step": "draft_cards", "seat": None, "value": None})
    return s


def place(s, *spots):
    for tid in spots:
        assert s.prompt.step == "draft_place", s.prompt.step
        s.submit({"step": "draft_place", "seat": s.prompt.seats[0], "value": tid})


def answer(s, value):
    assert s.prompt.step == "draft_anchor"
    s.submit({"step": "draft_anchor", "seat": s.prompt.seats[0], "value": value})


def offered(s):
    return [o.value for o in s.prompt.options[s.prompt.seats[0]]]


def recent(s):
    return [m["en"] for m in s.state["recent"]]


def test_cards_are_laid_first_and_nothing_stands_on_the_board():
    s = session(draft_starts=True)
    p = s.prompt
    assert p.kind is PromptKind.CONFIRM and p.step == "draft_cards"
    assert s.state["draft"]["cards"] == {"C1": 2, "C2": 2, "C3": 2, "C4": 2}  # 2 cards on every coast piece
    assert "lícem dolů 2 karty" in p.detail.cs and "Coast 4 (forest)" in p.detail.en  # the table's instruction
    assert all(not spot for spot in s.state["settlements"].values())
    assert all(mine["warrior"] is None for mine in s.state["heroes"])
    assert not any("Each player takes 2 resource cards" in m for m in recent(s))
    assert s.state["phase"] == "setup"


def test_round_one_clockwise_settlement_and_warrior_then_round_two_backwards():
    s = drafting()
    seen = []
    for tid in ("C1", "C2", "C3", "C4"):
        p = s.prompt
        assert p.kind is PromptKind.CHOICE and s.state["draft"]["round"] == 1
        assert p.title.cs == f"Hráč {p.seats[0] + 1}: první osada?"
        assert p.detail.en.startswith("A settlement and the warrior on the coast.")
        assert [(o.value, o.code) for o in p.options[p.seats[0]]] == [
            ("C1", "1"),
            ("C2", "2"),
            ("C3", "3"),
            ("C4", "4"),
        ]
        seen.append(p.seats[0])
        place(s, tid)
    assert seen == [0, 1, 2, 3]
    assert [mine["warrior"] for mine in s.state["heroes"]] == ["C1", "C2", "C3", "C4"]
    assert s.state["draft"]["cards"] == {"C1": 1, "C2": 1, "C3": 1, "C4": 1}
    seen = []
    for tid in ("C1", "C2", "C3", "C4"):
        seen.append(s.prompt.seats[0])
        assert s.state["draft"]["round"] == 2
        place(s, tid)
    assert seen == [3, 2, 1, 0]
    assert s.state["settlements"]["C1"] == {"0": 1, "3": 1}
    assert [mine["warrior"] for mine in s.state["heroes"]] == ["C1", "C2", "C3", "C4"]  # no heroes in round 2
    assert not any(s.state["draft"]["cards"].values())  # nothing left to discard
    assert s.prompt.step == "draft_done" and s.prompt.detail.cs.split("; ") == [
        "Žádné karty nezbyly.",
        "Vzaté karty jsou vaše počáteční suroviny, další si nikdo nebere.",
    ]
    s.submit({"step": "draft_done", "seat": None, "value": None})
    assert s.prompt.step == "production"


def test_cards_are_taken_while_one_lies_there_and_a_third_settler_gets_none():
    s = drafting()
    place(s, "C1", "C1")
    assert s.state["draft"]["cards"]["C1"] == 0
    assert recent(s)[-1] == "Player 2: settlement and warrior → Coast 1 (plains), takes a card."
    place(s, "C1")
    assert s.state["draft"]["cards"]["C1"] == 0
    assert "Player 3: settlement and warrior → Coast 1 (plains), no card left." in recent(s)


def test_inland_territories_are_refused():
    st = apply(state(draft_starts=True), {"step": "draft_cards", "seat": None, "value": None})
    with pytest.raises(RuleError) as err:
        apply(st, {"step": "draft_place", "seat": 0, "value": "I1"})
    assert err.value.rule == "graenaland.draft_coast_only"


def test_overcrowding_asks_the_first_settler_then_the_second_never_the_newcomer():
    s = drafting()
    place(s, "C1", "C1", "C1")
    p = s.prompt
    assert p.step == "draft_anchor" and p.seats == (0,)
    assert "overcrowded" in recent(s)[-1]
    assert offered(s) == ["stay", "C2", "C3", "C4"] and p.options[0][0].code == "0"
    assert p.title.cs == "Hráč 1: odplout?" and p.detail.cs.startswith("Pobřeží 1 (pláně) je přeplněné")
    assert [o.label.cs for o in p.options[0][:2]] == ["Zůstat na Pobřeží 1", "Pobřeží 2, pláně: 2"]
    answer(s, "stay")
    assert s.prompt.step == "draft_anchor" and s.prompt.seats == (1,)
    answer(s, "stay")
    assert s.prompt.step == "draft_place" and s.prompt.seats == (3,)  # seat 2, the newcomer, is not asked
    assert recent(s)[-1] == "Every settlement stays – Coast 1 (plains)."
    assert s.state["settlements"]["C1"] == {"0": 1, "1": 1, "2": 1}


def test_raising_anchor_moves_the_settlement_takes_a_card_and_leaves_the_warrior():
    s = drafting()
    place(s, "C1", "C1", "C1")
    assert s.prompt.detail.en.endswith("The warrior stays.") and s.prompt.detail.cs.endswith("Bojovník zůstává.")
    answer(s, "stay")
    answer(s, "C3")  # the second settler leaves
    assert s.state["settlements"]["C1"] == {"0": 1, "2": 1} and s.state["settlements"]["C3"] == {"1": 1}
    assert s.state["draft"]["cards"] == {"C1": 0, "C2": 2, "C3": 1, "C4": 2}
    assert s.state["draft"]["first"]["1"] == "C3"
    assert draft.WARRIOR_FOLLOWS_ANCHOR is False
    assert s.state["heroes"][1]["warrior"] == "C1"  # the unverified reading: only the settlement sails
    assert "The warrior stays – Coast 1 (plains)." in recent(s)
    assert s.prompt.step == "draft_place" and s.prompt.seats == (3,)
    # round 2 then keeps him off his moved first house
    place(s, "C4")
    assert s.prompt.seats == (3,) and s.state["draft"]["round"] == 2
    place(s, "C2", "C4")
    assert s.prompt.seats == (1,) and "C3" not in offered(s)


def test_with_the_other_reading_the_warrior_sails_along(monkeypatch):
    monkeypatch.setattr(draft, "WARRIOR_FOLLOWS_ANCHOR", True)
    s = drafting()
    place(s, "C1", "C1", "C1")
    assert s.prompt.detail.en.endswith("The warrior sails along.")
    answer(s, "C2")
    assert s.state["heroes"][0]["warrior"] == "C2"


def _crowded_round_two():
    """Round 1: seats 0, 1 on C2 and 2, 3 on C1; round 2: 3 and 2 on C3; seat 1 overcrowds C1."""
    s = drafting()
    place(s, "C2", "C2", "C1", "C1", "C3", "C3", "C1")
    return s


def test_only_less_crowded_territories_and_never_ones_own_other_territory():
    s = _crowded_round_two()
    assert s.prompt.step == "draft_anchor" and s.prompt.seats == (2,)
    # C2 holds two settlements (no card left): not less crowded; C3 holds seat 2's other settlement
    assert offered(s) == ["stay", "C4"]
    st = s.state
    with pytest.raises(RuleError) as err:
        apply(st, {"step": "draft_anchor", "seat": 2, "value": "C2"})
    assert err.value.rule == "graenaland.draft_anchor_less_crowded"
    with pytest.raises(RuleError) as err:
        apply(st, {"step": "draft_anchor", "seat": 2, "value": "C3"})
    assert err.value.rule == "graenaland.draft_not_both_on_one"
    with pytest.raises(RuleError):
        s.submit({"step": "draft_anchor", "seat": 2, "value": "C2"})  # not even offered


def test_nobody_puts_both_settlements_on_one_territory():
    s = drafting()
    place(s, "C1", "C2", "C3", "C4")
    assert s.prompt.seats == (3,) and "C4" not in offered(s)
    with pytest.raises(RuleError) as err:
        apply(s.state, {"step": "draft_place", "seat": 3, "value": "C4"})
    assert err.value.rule == "graenaland.draft_not_both_on_one"
    with pytest.raises(RuleError):
        s.submit({"step": "draft_place", "seat": 3, "value": "C4"})


def test_the_second_to_last_settlement_leaves_a_card_away_from_the_last_players_first_house():
    s = drafting()
    place(s, "C1", "C2", "C3", "C3", "C4", "C2")
    # seat 1 places the second-to-last settlement; cards lie at C1 (seat 0's first house) and C4
    assert s.prompt.seats == (1,) and s.state["draft"]["cards"] == {"C1": 1, "C2": 0, "C3": 0, "C4": 1}
    assert offered(s) == ["C1", "C3"]  # C4 would take the last card away from C1
    with pytest.raises(RuleError) as err:
        apply(s.state, {"step": "draft_place", "seat": 1, "value": "C4"})
    assert err.value.rule == "graenaland.draft_leave_card_for_last"
    place(s, "C3")  # overcrowds C3: the anchor moves obey the same rule
    assert s.prompt.step == "draft_anchor" and s.prompt.seats == (2,)
    assert offered(s) == ["stay", "C1"]
    with pytest.raises(RuleError) as err:
        apply(s.state, {"step": "draft_anchor", "seat": 2, "value": "C4"})
    assert err.value.rule == "graenaland.draft_anchor_less_crowded"
    answer(s, "stay")
    answer(s, "stay")
    assert s.prompt.seats == (0,) and offered(s) == ["C2", "C3", "C4"]  # a card waits for him at C4


def test_the_last_player_may_not_sail_where_the_last_cards_lie_together():
    s = drafting()
    place(s, "C1", "C2", "C3", "C3", "C1", "C2")
    assert s.state["draft"]["cards"] == {"C1": 0, "C2": 0, "C3": 0, "C4": 2}
    place(s, "C1")  # seat 1, second-to-last, overcrowds seat 0's first house
    # seat 0 would take a card at C4 and find the other one next to his first house: he is skipped
    assert s.prompt.step == "draft_anchor" and s.prompt.seats == (3,)
    answer(s, "C4")
    assert s.prompt.seats == (0,) and s.state["draft"]["cards"]["C4"] == 1


def test_the_rule_is_dropped_only_when_no_spot_could_keep_it():
    """Two coastal territories (a corrected layout) can make the rule impossible to keep."""
    st = state(seats=3, draft_starts=True)
    st["board"]["coast"] = ["C1", "C2"]
    draft.begin(st)
    st = apply(st, {"step": "draft_cards", "seat": None, "value": None})
    for seat, tid in ((0, "C1"), (1, "C2"), (2, "C1")):
        st = apply(st, {"step": "draft_place", "seat": seat, "value": tid})
    st = apply(st, {"step": "draft_place", "seat": 2, "value": "C2"})
    assert GAME.prompt(st).seats == (1,) and st["draft"]["cards"] == {"C1": 0, "C2": 0}
    assert [o.value for o in GAME.prompt(st).options[1]] == ["C1"]


def test_leftover_cards_are_discarded_and_play_goes_on_as_after_the_normal_setup():
    s = drafting()
    place(s, "C1", "C1", "C1")
    answer(s, "stay")
    answer(s, "stay")
    place(s, "C2", "C3", "C4", "C2", "C3")
    # the table discards on its own screen, then play goes on
    done = s.prompt
    assert done.kind is PromptKind.CONFIRM and done.step == "draft_done" and s.state["phase"] == "setup"
    assert {tid: n for tid, n in s.state["draft"]["cards"].items() if n} == {"C4": 1}  # what is left to discard
    assert done.title.cs == "Pozice vybrány" and done.detail.cs.split("; ") == [
        "Odložte zbylé karty:",
        "Pobřeží 4: 1 karta",
        "Vzaté karty jsou vaše počáteční suroviny, další si nikdo nebere.",
    ]
    assert done.detail.en.split("; ")[:2] == ["Discard the leftover cards:", "Coast 4: 1 card"]
    s.submit({"step": "draft_done", "seat": None, "value": None})
    assert s.prompt.step == "production" and s.state["phase"] == "production"
    for seat in range(4):
        spots = [tid for tid, owners in s.state["settlements"].items() if str(seat) in owners]
        assert len(spots) == 2 and all(s.state["board"]["territories"][t]["coastal"] for t in spots)
    assert "draft" not in GAME.view(s.state)


def test_vp_cards_follow_the_draft():
    s = drafting(vp_cards=True)
    place(s, "C1", "C2", "C3", "C4", "C1", "C2", "C3", "C4")
    s.submit({"step": "draft_done", "seat": None, "value": None})
    assert s.prompt.step == "keep_vp_card"


@pytest.mark.parametrize("seats", [3, 4, 5])
def test_random_drafts_replay_and_keep_the_rules(seats):
    for seed in range(15):
        s = session(seats=seats, seed=seed, draft_starts=True)
        rand = random.Random(seed)
        while s.prompt.step.startswith("draft"):
            play_randomly(s, rand, 1)
            assert all(n >= 0 for n in s.state["draft"]["cards"].values())
            for tid, settlers in s.state["draft"]["arrivals"].items():
                # a card lies there exactly while fewer than two settlers stand there
                assert s.state["draft"]["cards"][tid] == max(0, 2 - len(settlers))
        assert s.prompt.step == "production"
        assert s.entries[-1]["action"]["step"] == "draft_done"
        for seat in range(seats):
            spots = [tid for tid, owners in s.state["settlements"].items() if str(seat) in owners]
            assert len(spots) == 2 and all(s.state["board"]["territories"][t]["coastal"] for t in spots)
        again = Session(GAME, s.options, seed, s.entries)
        assert again.state == s.state
