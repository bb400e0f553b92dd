import pytest

from companion.engine import RuleError, Session
from companion.engine.session import ReplayError

from .toy import GAME

PICK = {"step": "pick", "picks": {"0": 3, "1": 1}}
ROLL = {"step": "roll", "seat": None, "value": None}


def test_state_is_replay_of_log():
    s = Session(GAME, {"seats": 2}, seed=7)
    for a in (PICK, ROLL, {"step": "bonus", "seat": 0, "value": 2}):
        s.submit(a)
    again = Session(GAME, {"seats": 2}, 7, s.entries)
    assert again.state == s.state
    assert s.state["points"][0] == s.state["die"] + 2


def test_randomness_is_seeded_and_kept_in_state():
    a, b, c = (Session(GAME, {"seats": 2}, seed) for seed in (1, 1, 2))
    for s in (a, b, c):
        s.submit(PICK)
        s.submit(ROLL)
    assert a.state["die"] == b.state["die"]
    assert a.state["rng"]["draws"] == 1
    dice = {Session(GAME, {"seats": 2}, seed, a.entries).state["die"] for seed in range(30)}
    assert len(dice) > 1


def test_illegal_action_names_rule_in_both_languages_and_changes_nothing():
    s = Session(GAME, {"seats": 2}, 1)
    s.submit(PICK)
    s.submit(ROLL)
    before = (s.state, list(s.entries))
    with pytest.raises(RuleError) as err:
        s.submit({"step": "bonus", "seat": 0, "value": 4})
    assert err.value.rule == "toy.no_four"
    assert "Čtyřka" in err.value.text("cs") and "Four" in err.value.text("en")
    with pytest.raises(RuleError) as err:
        s.submit({"step": "bonus", "seat": 1, "value": 1})
    assert err.value.rule == "session.not_your_turn"
    with pytest.raises(RuleError) as err:
        s.submit({"step": "bonus", "seat": 0, "value": 9})
    assert err.value.rule == "session.number_out_of_range"
    assert (s.state, s.entries) == before


def test_hidden_picks_must_come_together_and_be_legal():
    s = Session(GAME, {"seats": 2}, 1)
    for bad, rule in (
        ({"step": "pick", "picks": {"0": 3}}, "session.picks_incomplete"),
        ({"step": "pick", "picks": {"0": 3, "1": 9}}, "session.not_an_option"),
        ({"step": "roll"}, "session.wrong_step"),
    ):
        with pytest.raises(RuleError) as err:
            s.submit(bad)
        assert err.value.rule == rule
    assert s.entries == []


def test_undo_is_free_until_a_reveal_or_a_draw():
    s = Session(GAME, {"seats": 2}, 1)
    assert s.undo_needs_everyone() is None
    s.submit(PICK)
    assert s.undo_needs_everyone() is True
    with pytest.raises(RuleError) as err:
        s.commit(s.plan_undo())
    assert err.value.rule == "session.undo_needs_everyone"
    s.submit(ROLL)  # the die roll is a chance event
    assert s.undo_needs_everyone() is True
    s.commit(s.plan_undo(everyone_confirmed=True))
    assert s.state["phase"] == "roll" and s.state["die"] is None
    s.submit(ROLL)
    s.submit({"step": "bonus", "seat": 0, "value": 1})
    assert s.undo_needs_everyone() is False
    s.commit(s.plan_undo())
    assert s.state["phase"] == "bonus"
    # the log keeps the undo markers and still replays to the same state
    assert sum("undo" in e for e in s.entries) == 2
    assert Session(GAME, {"seats": 2}, 1, s.entries).state == s.state


def test_replay_names_the_index_of_an_illegal_action():
    entries = [{"action": PICK}, {"action": ROLL}, {"action": {"step": "bonus", "seat": 0, "value": 4}}]
    with pytest.raises(ReplayError) as err:
        Session(GAME, {"seats": 2}, 1, entries)
    assert err.value.index == 2 and err.value.rule == "toy.no_four"
    with pytest.raises(ReplayError) as err:
        Session(GAME, {"seats": 2}, 1, [{"action": PICK}, {"bogus": 1}])
    assert err.value.index == 1


def test_the_header_of_a_committed_state_does_not_build_its_prompt_again():
    """The session built the prompt of every committed state; ``status`` hands it to the game
    (``Game.status_at``), so a game whose header depends on the question (Graenaland's long build
    list) does not build it twice."""
    import random

    from companion.games import load

    from ..games.playout import random_action

    game = load("graenaland")
    session = Session(game, {"seats": 3}, 7)
    rnd = random.Random(7)
    built = []
    real = type(game).prompt

    def counting(self, state):
        built.append(state)
        return real(self, state)

    for _ in range(60):
        if session.over:
            break
        session.commit(random_action(session, rnd))
        type(game).prompt = counting
        try:
            status = session.status()
        finally:
            type(game).prompt = real
        assert status == game.status(session.state)
    assert built == []
