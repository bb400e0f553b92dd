"""The game protocol: options, prompts, refusals, hidden totals, status, JSON state."""

import json

import pytest

from companion.engine import Msg, PromptKind, RuleError
from companion.games import load
from companion.games.vaaalbara import GAME

from .helpers import answer, new, play_round
from .test_games import play_four_player_game


def test_registry_loads_the_game():
    assert load("vaaalbara") is GAME
    assert (GAME.min_seats, GAME.max_seats) == (2, 5)


def test_options_are_completed_with_the_box_defaults():
    options = GAME.validate_options({"seats": 3})
    assert options["clans"] == ["blue", "purple", "yellow"]
    assert options["warrior_reveal_keeps_card"] is True and options["ties_use_current_omens"] is True
    assert GAME.validate_options({"seats": 2, "falconer_gain_capped": False})["falconer_gain_capped"] is False


@pytest.mark.parametrize(
    "options, rule",
    [
        ({"seats": 1}, "vaaalbara.seats"),
        ({"seats": 6}, "vaaalbara.seats"),
        ({"seats": True}, "vaaalbara.seats"),
        ({}, "vaaalbara.seats"),
        ({"seats": 2, "clans": ["blue"]}, "vaaalbara.clans"),
        ({"seats": 2, "clans": ["blue", "blue"]}, "vaaalbara.clans"),
        ({"seats": 2, "clans": ["blue", "pink"]}, "vaaalbara.clans"),
        ({"seats": 2, "ties_use_current_omens": "yes"}, "vaaalbara.bad_option"),
        ({"seats": 2, "speed": 3}, "vaaalbara.bad_option"),
    ],
)
def test_bad_options_are_refused_naming_the_rule(options, rule):
    with pytest.raises(RuleError) as err:
        GAME.validate_options(options)
    assert err.value.rule == rule
    assert err.value.text("cs") and err.value.text("en")


def test_seat_labels_are_clan_colours():
    s = new(5)
    assert GAME.seat_label(s.state, 0) == Msg("Modrá", "Blue")
    assert GAME.seat_label(s.state, 4).en != ""
    s = new(2, clans=["red", "green"])
    assert [GAME.seat_label(s.state, seat).cs for seat in (0, 1)] == ["Červená", "Zelená"]


def test_pick_character_offers_what_each_seat_can_still_hold():
    s = new(3)
    prompt = s.prompt
    assert (prompt.kind, prompt.step, prompt.seats) == (PromptKind.SECRET_CHOICE, "pick_character", (0, 1, 2))
    assert [(o.value, o.code) for o in prompt.options_for(0)][:3] == [(1, "1"), (2, "2"), (3, "3")]
    assert prompt.options_for(0)[7].label == Msg("Porodní bába", "Midwife")
    play_round(s, [4, 5, 9], ["field"] * 3)
    assert [len(s.prompt.options_for(seat)) for seat in range(3)] == [11, 11, 11]
    assert 4 not in [o.value for o in s.prompt.options_for(0)]
    assert 4 in [o.value for o in s.prompt.options_for(1)]


def test_take_land_is_one_key_among_nine():
    s = new(2)
    answer(s, "pick_character", [3, 4])
    prompt = s.prompt
    assert (prompt.kind, prompt.seats) == (PromptKind.CHOICE, (0,))
    assert [o.code for o in prompt.options_for(None)] == [str(n) for n in range(1, 10)]
    assert prompt.step == "take_land" and s.state["turn"] == 0


def test_end_round_is_for_anyone():
    s = new(2)
    play_round(s, [3, 4], ["field"] * 2, end=False)
    assert (s.prompt.kind, s.prompt.step, s.prompt.seats) == (PromptKind.CONFIRM, "end_round", ())
    answer(s, "end_round", seat=1)
    assert s.state["round"] == 2 and s.prompt.step == "pick_character"


def refuses(s, action, rule):
    before_state, before_entries = json.dumps(s.state, sort_keys=True), list(s.entries)
    with pytest.raises(RuleError) as err:
        s.submit(action)
    assert err.value.rule == rule
    assert json.dumps(s.state, sort_keys=True) == before_state and s.entries == before_entries
    return err.value


def test_refusals_leave_the_session_unchanged():
    s = new(3)
    refuses(s, {"step": "take_land", "seat": 0, "value": "field"}, "session.wrong_step")
    refuses(s, {"step": "pick_character", "picks": {"0": 2, "1": 3}}, "session.picks_incomplete")
    refuses(s, {"step": "pick_character", "picks": {"0": 2, "1": 3, "2": 13}}, "vaaalbara.no_such_character")
    # True == 1, but the engine compares types too: refused, and the step names the rule
    refuses(s, {"step": "pick_character", "picks": {"0": True, "1": 3, "2": 4}}, "vaaalbara.no_such_character")
    answer(s, "pick_character", [2, 3, 4])
    refuses(s, {"step": "bard_target", "seat": 0, "value": 0}, "vaaalbara.bard_other_player")
    refuses(s, {"step": "bard_target", "seat": 1, "value": 2}, "session.not_your_turn")
    answer(s, "bard_target", 1, seat=0)
    refuses(s, {"step": "take_land", "seat": 0, "value": "swamp"}, "vaaalbara.unknown_land")
    play_round_rest = [("take_land", "field")] * 3
    for step, value in play_round_rest:
        answer(s, step, value)
    answer(s, "end_round")
    refuses(s, {"step": "pick_character", "picks": {"0": 2, "1": 5, "2": 6}}, "vaaalbara.character_discarded")


def test_refusals_from_the_rules_name_the_rule_in_both_languages():
    s = new(3)
    play_round(s, [2, 3, 4], ["field"] * 3, bard_target=[1])
    state = s.state
    cases = [
        (
            {"step": "pick_character", "picks": {"0": 2, "1": 5, "2": 6}},
            "vaaalbara.character_discarded",
            "Modrá: Bardka už leží v odhozených kartách.",
            "Blue: the Bard is on your discard pile.",
        ),
        ({"step": "pick_character", "picks": {"0": 5}}, "session.picks_incomplete", None, None),
        ({"step": "take_land", "seat": 0, "value": "field"}, "session.wrong_step", None, None),
    ]
    for action, rule, cs, en in cases:
        with pytest.raises(RuleError) as err:
            GAME.apply(json.loads(json.dumps(state)), action)
        assert err.value.rule == rule
        if cs:
            assert (err.value.text("cs"), err.value.text("en")) == (cs, en)
    answer(s, "pick_character", [5, 5, 6])
    for value, rule in (("field", "vaaalbara.unknown_seat"), (2, "vaaalbara.omen_among_tied")):
        with pytest.raises(RuleError) as err:
            GAME.apply(json.loads(json.dumps(s.state)), {"step": "omen_best", "seat": None, "value": value})
        assert err.value.rule == rule
    answer(s, "omen_best", 1)
    with pytest.raises(RuleError) as err:
        GAME.apply(json.loads(json.dumps(s.state)), {"step": "take_land", "seat": 0, "value": "field"})
    assert err.value.rule == "session.not_your_turn" and "Fialová" in err.value.text("cs")
    with pytest.raises(RuleError) as err:
        GAME.apply(json.loads(json.dumps(s.state)), {"step": "take_land", "seat": 1, "value": "lake"})
    assert err.value.rule == "vaaalbara.unknown_land"


def test_warrior_answer_must_be_yes_or_no():
    s = new(2)
    answer(s, "pick_character", [1, 4])
    with pytest.raises(RuleError) as err:
        GAME.apply(json.loads(json.dumps(s.state)), {"step": "warrior_reveal", "seat": 1, "value": True})
    assert err.value.rule == "vaaalbara.warrior_yes_or_no"


def test_nothing_is_accepted_after_the_game():
    s = play_four_player_game()
    refuses(s, {"step": "end_round", "seat": None, "value": None}, "session.game_over")
    with pytest.raises(RuleError) as err:
        GAME.apply(s.state, {"step": "end_round"})
    assert err.value.rule == "session.game_over"


def test_public_view_hides_totals_until_the_game_is_over():
    s = new(4)
    play_round(s, [4, 5, 9, 11], ["forest4", "field", "river", "meadow"])
    public = GAME.view(s.state)
    json.dumps(public)
    assert "totals" not in public and "ranking" not in public and "my_total" not in public
    assert all("points" not in key for key in public)
    assert public["domains"][0] == ["forest4"] and public["discards"][3] == [11]
    own = GAME.view(s.state, 0)
    assert own["my_total"] == 2 + 4 + 4 and own["my_breakdown"]["characters"] == 4
    assert "totals" not in own
    done = play_four_player_game()
    assert GAME.view(done.state)["totals"] == [92, 51, 108, 62]
    assert GAME.view(done.state)["ranking"] == [2, 0, 3, 1]


def test_picks_are_not_in_the_state_before_the_reveal():
    s = new(2)
    assert s.state["picks"] is None and GAME.view(s.state)["picks"] is None
    answer(s, "pick_character", [3, 4])
    assert GAME.view(s.state)["picks"] == [3, 4]


def test_score_is_final_only_at_the_end():
    s = new(2)
    scores = GAME.score(s.state)
    assert scores.totals == {0: 2, 1: 2} and not scores.final and scores.ranking == ()
    assert scores.breakdown[0] == {"start": 2, "lands": 0, "characters": 0, "falconer_losses": 0, "end_bonus": 0}


def test_status_follows_the_round():
    s = new(4)
    status = s.status()
    assert (status.round, status.rounds, status.phase.cs, status.turn) == (1, 9, "Přidělení", None)
    answer(s, "pick_character", [3, 3, 10, 12])
    assert s.status().phase == Msg("Vyhodnocení", "Resolution") and s.status().turn is None
    # the reveal names every clan's character, one row each, in seat order
    assert [m.en for m in s.status().recent[-4:]] == [
        "Blue: Hunter",
        "Purple: Hunter",
        "Yellow: Woodcarver",
        "Red: Farmer",
    ]
    assert s.status().recent[-3].cs == "Fialová: Lovec"
    answer(s, "omen_best", 1)
    assert s.status().turn == 1
    for _ in range(4):
        answer(s, "take_land", "field")
    assert s.status().phase == Msg("Konec kola", "End of round")
    assert len(s.status().recent) <= 6 and s.status().recent[-1].en == "Red: +4 (Field, Farmer ×2)"
