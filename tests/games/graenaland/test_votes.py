import pytest

from companion.engine import PromptKind, RuleError
from companion.games.graenaland import GAME
from companion.games.graenaland.votes import passes, weight, weights

from .helpers import apply, empty_board, ok, past_shown, session, state, state_after, to_step

YELLOW, RED, WHITE, BLUE, PURPLE = range(5)


def palisade_example():
    """p.8: yellow 1 settlement; red settlement + warrior; white warrior (army 3); blue warrior;
    purple skald; nobody but yellow and red has a house there."""
    st = empty_board(state(seats=5))
    st["public"]["C2"] = ["palisade"]
    st["settlements"]["C2"] = {str(YELLOW): 1, str(RED): 1}
    st["heroes"][RED]["warrior"] = "C2"
    st["heroes"][WHITE]["warrior"] = "C2"
    st["heroes"][BLUE]["warrior"] = "C2"
    st["heroes"][PURPLE]["skald"] = "C2"
    st["army"] = [1, 1, 3, 1, 1]
    return st


def test_rulebook_palisade_example():
    st = palisade_example()
    assert weights(st, "C2") == {YELLOW: 1, RED: 2, WHITE: 2, BLUE: 0, PURPLE: 3}
    assert sum(weights(st, "C2").values()) == 8
    assert not passes(4, 8) and passes(5, 8)


def test_exactly_half_fails():
    assert not passes(2, 4) and passes(3, 4) and not passes(0, 0)


def test_priest_cancels_every_warrior_and_gives_no_vote():
    st = empty_board(state())
    st["heroes"][0]["warrior"] = "C1"
    st["heroes"][1]["warrior"] = "C1"
    st["heroes"][2]["priest"] = "C1"
    st["army"] = [3, 2, 1, 1]
    assert weights(st, "C1") == {0: 0, 1: 0, 2: 0, 3: 0}
    st["heroes"][3]["skald"] = "C1"  # the skald counts the cancelled warriors all the same
    assert weight(st, 3, "C1") == 3


def test_lone_skald_gives_nothing_and_houses_give_one_each():
    st = empty_board(state())
    st["heroes"][1]["skald"] = "I1"
    st["settlements"]["I1"] = {"2": 2}
    st["buildings"]["I1"] = {"church": 2}
    assert weights(st, "I1") == {0: 0, 1: 0, 2: 3, 3: 0}


def test_three_player_variant_votes():
    st = empty_board(state(seats=3))
    assert st["options"]["three_player_variant"] is True
    st["heroes"][0]["warrior"] = "C1"
    st["heroes"][1]["skald"] = "C1"
    st["army"] = [2, 1, 1]
    assert weights(st, "C1") == {0: 3, 1: 2, 2: 0}  # warrior army + 1; skald 1 + 1 other hero
    st["heroes"][2]["priest"] = "C1"
    assert weights(st, "C1") == {0: 1, 1: 3, 2: 1}  # priest 1 and warriors set to 1
    st["public"]["C1"] = ["palisade"]
    st["settlements"]["C1"] = {"1": 1}
    # houseless players lose 1 on every hero; seat 1 has a house there
    assert weights(st, "C1") == {0: 0, 1: 4, 2: 0}


def test_three_player_variant_can_be_switched_off():
    st = empty_board(state(seats=3, three_player_variant=False))
    st["heroes"][0]["warrior"] = "C1"
    assert weight(st, 0, "C1") == 1


def _distribution_session(**options):
    """Round 1, 4 players: after production every start territory holds one card."""
    s = session(**options)
    to_step(s, "move")
    s.submit({"step": "move", "picks": {"1": "warrior:stay", "2": "warrior:stay", "3": "warrior:stay"}})
    return past_shown(s)


def test_proposal_split_and_hidden_weighted_vote():
    s = _distribution_session()
    p = s.prompt
    assert p.step == "propose" and p.seats == (1,)  # from the main player's left
    # seat 1 has votes on C2 (settlement + warrior) and I2 (settlement); I2 also holds seat 3's house
    assert {o.value for o in p.options[1]} >= {"C2", "I2", "pass"}
    s.submit({"step": "propose", "seat": 1, "value": "I2"})
    assert s.prompt.kind is PromptKind.NUMBER and s.prompt.seats == (1,)
    assert s.prompt.step == "split" and s.prompt.maximum == 1
    s.submit({"step": "split", "seat": 1, "value": 1})
    vote = s.prompt
    assert vote.kind is PromptKind.VOTE and set(vote.seats) == {1, 3}
    assert [(o.value, o.code) for o in vote.options[1]] == [("yes", "#"), ("no", "*")]
    s.submit({"step": "vote", "picks": {"1": "yes", "3": "no"}})  # 1 of 2: exactly half fails
    last = GAME.view(s.state)["last_vote"]
    assert last["passed"] is False and last["weights"] == {"1": 1, "3": 1} and last["choices"] is None
    assert s.state["cards"]["I2"] == 1
    # the result has its own screen: the table reads it before the next proposal
    result = s.prompt
    assert result.kind is PromptKind.CONFIRM and result.step == "vote_result"
    assert result.title.cs == "Návrh zamítnut"  # the state said it above (passed is False)
    assert result.detail.cs.split("; ") == ["Karty zůstávají: Vnitrozemí 2", "pro 1, proti 1 (celkem 2)"]
    s.submit(ok("vote_result"))
    # seat 1 cannot propose again this round; seat 2 is next
    assert s.prompt.step == "propose" and s.prompt.seats == (2,)


def test_the_same_territory_may_be_proposed_again_by_another_player():
    s = _distribution_session()
    s.submit({"step": "propose", "seat": 1, "value": "I2"})
    s.submit({"step": "split", "seat": 1, "value": 1})
    s.submit({"step": "vote", "picks": {"1": "yes", "3": "no"}})
    s.submit(ok("vote_result"))
    s.submit({"step": "propose", "seat": 2, "value": "pass"})
    assert s.prompt.seats == (3,) and "I2" in [o.value for o in s.prompt.options[3]]
    s.submit({"step": "propose", "seat": 3, "value": "I2"})
    s.submit({"step": "split", "seat": 3, "value": 0})  # all to seat 1, seat 3 asks first
    s.submit({"step": "vote", "picks": {"1": "yes", "3": "yes"}})
    assert s.state["last_vote"]["shares"] == {"3": 0, "1": 1} and s.state["last_vote"]["passed"]
    assert s.state["cards"]["I2"] == 0
    result = s.prompt
    assert s.status().phase.cs == "Rozdělení ⚓1"
    assert result.detail.cs.split("; ") == ["Hráč 2 bere 1 kartu", "Vnitrozemí 2: pro 2, proti 0 (celkem 2)"]
    assert result.detail.en.split("; ") == ["Player 2 takes 1 card", "Inland 2: for 2, against 0 (total 2)"]
    s.submit(ok("vote_result"))
    assert s.prompt.step == "build"  # everyone had one proposal: building starts


def test_a_passed_proposal_clears_the_territory_and_the_main_player_votes_and_receives():
    st = apply(state(), {"step": "production", "seat": None, "value": None})
    # seat 1's warrior walks west onto C1, where the main player (seat 0) has a house and his warrior
    st = state_after(st, {"step": "move", "picks": {"1": "warrior:W", "2": "warrior:stay", "3": "warrior:stay"}})
    assert st["step"] == "propose" and weights(st, "C1") == {0: 2, 1: 1, 2: 0, 3: 0}
    st = apply(st, {"step": "propose", "seat": 1, "value": "C1"})
    assert st["proposal"]["recipients"] == [1, 0]
    st = apply(st, {"step": "split", "seat": 1, "value": 0})  # everything to the main player
    assert GAME.prompt(st).seats == (1, 0)
    st = apply(st, {"step": "vote", "picks": {"0": "yes", "1": "no"}})
    assert st["last_vote"]["passed"] and st["last_vote"]["shares"] == {"1": 0, "0": 1}
    assert st["cards"]["C1"] == 0
    assert GAME.prompt(st).detail.cs.split("; ") == ["Hráč 1 bere 1 kartu", "Pobřeží 1: pro 2, proti 1 (celkem 3)"]


def test_proposal_only_where_the_proposer_has_a_vote():
    st = apply(state(), {"step": "production", "seat": None, "value": None})
    st = state_after(st, {"step": "move", "picks": {"1": "warrior:stay", "2": "warrior:stay", "3": "warrior:stay"}})
    assert "C1" not in [o.value for o in GAME.prompt(st).options[1]]
    with pytest.raises(RuleError) as err:
        apply(st, {"step": "propose", "seat": 1, "value": "C1"})
    assert err.value.rule == "graenaland.proposal_needs_vote"


def test_open_voting_asks_each_voter_in_turn():
    s = _distribution_session(open_votes=True)
    s.submit({"step": "propose", "seat": 1, "value": "I2"})
    s.submit({"step": "split", "seat": 1, "value": 1})
    assert s.prompt.kind is PromptKind.CHOICE and s.prompt.seats == (1,)
    assert s.prompt.step == "vote_open"
    s.submit({"step": "vote_open", "seat": 1, "value": "yes"})
    assert s.prompt.seats == (3,)
    s.submit({"step": "vote_open", "seat": 3, "value": "yes"})
    assert s.state["last_vote"]["choices"] == {"1": "yes", "3": "yes"}
    assert s.state["last_vote"]["passed"] and s.prompt.step == "vote_result"


def test_view_shows_each_players_weight_per_territory():
    st = palisade_example()
    view = GAME.view(st)
    assert view["territories"]["C2"]["votes"] == {"0": 1, "1": 2, "2": 2, "4": 3}


def test_three_player_skald_on_a_palisaded_territory():
    """3-player changes: every hero +1, and the palisade takes 1 from every hero of a player
    without a house there (p.9); a skald counts the other heroes there."""
    st = empty_board(state(seats=3))
    st["public"]["C2"] = ["palisade"]
    st["settlements"]["C2"] = {"0": 1}
    st["heroes"][1]["skald"] = "C2"
    st["heroes"][2]["warrior"] = "C2"
    st["army"] = [1, 1, 2]
    # skald: 1 other hero + 1 (variant) - 1 (palisade, no house) = 1; warrior 2 + 1 - 1 = 2
    assert weights(st, "C2") == {0: 1, 1: 1, 2: 2}
    st["settlements"]["C2"]["1"] = 1  # a house there: no palisade penalty
    assert weight(st, 1, "C2") == 1 + 2
    priest = empty_board(state(seats=3))  # a priest of a player without a house there
    priest["public"]["C2"] = ["palisade"]
    priest["settlements"]["C2"] = {"0": 1}
    priest["heroes"][1]["priest"] = "C2"
    priest["heroes"][1]["warrior"] = "C2"
    priest["army"] = [1, 1, 1]
    # the priest cancels warriors' votes; his own 1 (variant) - 1 (palisade) = 0
    assert weight(priest, 1, "C2") == 0
    alone = empty_board(state(seats=3))
    alone["public"]["C2"] = ["palisade"]
    alone["heroes"][1]["skald"] = "C2"  # alone: 0 + 1 - 1, never below 0
    assert weight(alone, 1, "C2") == 0
    base = empty_board(state(seats=4))  # base game: the palisade spares the skald
    base["public"]["C2"] = ["palisade"]
    base["heroes"][1]["skald"] = "C2"
    base["heroes"][2]["warrior"] = "C2"
    assert weight(base, 1, "C2") == 1


def test_a_territory_a_passed_proposal_emptied_is_refused_for_its_cards_naming_player_and_place():
    """Issue 35: Hráč 4 has a vote on Vnitrozemí 2 (his house) but a passed proposal took its
    cards: pressing its code says no cards lie there (not that he has no vote), naming him and
    the territory."""
    s = _distribution_session()
    s.submit({"step": "propose", "seat": 1, "value": "I2"})
    s.submit({"step": "split", "seat": 1, "value": 1})
    s.submit({"step": "vote", "picks": {"1": "yes", "3": "yes"}})
    assert s.state["cards"]["I2"] == 0
    s.submit(ok("vote_result"))
    s.submit({"step": "propose", "seat": 2, "value": "pass"})
    assert s.prompt.seats == (3,) and weights(s.state, "I2")[3] > 0
    code = next(o.code for o in s.prompt.unoffered_for(3) if o.value == "I2")
    error = s.refusal(3, "I2")
    assert error.rule == "graenaland.proposal_no_cards"
    assert error.msg.cs == "Hráč 4: na území Vnitrozemí 2 neleží žádné karty."
    assert error.msg.en == "Player 4: no cards lie on Inland 2."
    with pytest.raises(RuleError) as err:
        s.submit({"step": "propose", "seat": 3, "value": "I2"})
    assert err.value.rule == "graenaland.proposal_no_cards" and code


def test_a_territory_without_a_vote_is_refused_naming_player_and_place():
    st = apply(state(), {"step": "production", "seat": None, "value": None})
    st = state_after(st, {"step": "move", "picks": {"1": "warrior:stay", "2": "warrior:stay", "3": "warrior:stay"}})
    with pytest.raises(RuleError) as err:
        apply(st, {"step": "propose", "seat": 1, "value": "C1"})
    assert err.value.rule == "graenaland.proposal_needs_vote"
    assert err.value.msg.cs == "Hráč 2: na území Pobřeží 1 nemáš hlas."
    assert err.value.msg.en == "Player 2: you have no vote on Coast 1."
