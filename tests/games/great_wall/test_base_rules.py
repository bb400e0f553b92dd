"""The Great Wall as the base game plays it (rules version 2): Longest Road, development cards,
the deck the rulebook leaves, and refusals that name the rule broken. Each test quotes the
rulebook passage it comes from; sessions recorded by 0.2.0 replay with ``"rules": 1``."""

import json
from pathlib import Path

import pytest

from companion.engine import RuleError, Session
from companion.engine.session import ReplayError
from companion.games.great_wall import GAME

from .helpers import act, build, roll, started

OLD_EXAMPLE = Path(__file__).with_name("recorded") / "example-0.2.0.json"


def refused(s: Session, step: str, value=None, seat=None) -> str:
    with pytest.raises(RuleError) as error:
        act(s, step, value, seat)
    return error.value.rule


def next_turn_of(s: Session, seat: int, rolled: bool = True) -> None:
    """End the turn in progress, then every other seat rolls 3 and ends, up to ``seat``'s roll
    (``rolled``: and past it)."""
    if s.prompt.step == "build":
        build(s, "end")
    while s.state["turn"] != seat:
        roll(s, 3)
        build(s, "end")
    if rolled:
        roll(s, 3)


def knight(s: Session) -> None:
    build(s, "knight")
    act(s, "knight_action", "stop")  # the knight's actions are the Great Wall's own


def buy(s: Session, card: str) -> None:
    seat = s.state["turn"]
    build(s, "dev")
    s.submit({"step": "dev_card", "picks": {str(seat): card}})


# -- Longest Road ---------------------------------------------------------------------------------


def test_longest_road_is_refused_to_a_seat_with_fewer_than_five_roads():
    """CZ: "Pravidla po Nejdelší obchodní stezku jsou stejná jako v základní hře." The base game
    gives the card to the first continuous road of at least 5 segments, so a seat with 3 or 4
    roads built cannot hold it (0.2.0 accepted it and gave +2)."""
    s = started()
    roll(s, 3)
    build(s, "longest_road")
    assert [o.value for o in s.prompt.options_for(0)] == [None]  # only "nobody": 3 roads each
    assert refused(s, "longest_road", 0) == "catan.longest_road_five"
    act(s, "longest_road", None)
    build(s, "road")
    build(s, "longest_road")
    assert refused(s, "longest_road", 0) == "catan.longest_road_five"  # 4 roads
    act(s, "longest_road", None)
    build(s, "road")
    build(s, "longest_road")
    act(s, "longest_road", 0)  # 5 roads
    assert s.state["longest_road"] == 0 and s.score().totals[0] == 5


# -- development cards ----------------------------------------------------------------------------


def test_a_card_is_not_played_in_the_turn_it_was_bought():
    """Base game (the scenario plays by it: "V tomto scénáři platí v zásadě pravidla základní
    hry"): a development card may not be played in the turn it was bought; on a later turn it
    may, also before the roll."""
    s = started()
    roll(s, 3)
    buy(s, "other")
    assert refused(s, "build", "knight") == "catan.card_bought_this_turn"
    next_turn_of(s, 0)
    knight(s)
    assert s.state["knights"][0] == 1


def test_a_card_bought_this_turn_is_not_offered_before_the_next_roll_either():
    """The same rule before the roll: the knight "*" is offered only for a card bought earlier."""
    s = started()
    roll(s, 3)
    buy(s, "other")
    build(s, "end")
    roll(s, 3)
    buy(s, "other")  # player 2's card, bought this turn
    build(s, "end")
    for _ in (2, 3):
        roll(s, 3)
        build(s, "end")
    assert "knight" in [o.value for o in s.prompt.options_for(0)]  # player 1's next turn
    roll(s, 3)
    build(s, "end")
    assert "knight" in [o.value for o in s.prompt.options_for(1)]  # bought on his last turn


def test_a_vp_card_is_never_played_as_a_knight():
    """Base game: victory point cards are never played; they are revealed only to win. The box
    knows which bought cards were VP cards (the secret pick), so a seat whose only card is a VP
    card plays no knight, neither before the roll nor in the build menu."""
    s = started()
    roll(s, 3)
    buy(s, "vp")
    next_turn_of(s, 0)
    assert refused(s, "build", "knight") == "catan.vp_card_never_played"
    next_turn_of(s, 0, rolled=False)
    # the roll's "*" is offered on what the table knows (a card bought earlier): the offer must
    # not tell that the card is a VP card; picked, it is refused
    assert "knight" in [o.value for o in s.prompt.options_for(0)]
    with pytest.raises(RuleError) as error:
        roll(s, "knight")
    assert error.value.rule == "catan.vp_card_never_played"


def test_the_knight_refused_for_a_vp_card_tells_the_table_only_what_it_sees():
    """A bought card's kind is the buyer's secret: the refusal of his knight says to the table only
    that he cannot play a card now; why (his card is a VP card) goes to his own pad screen and
    phone. Through the real table, with the roll's "*" (knight before the roll) on his pad."""
    from companion.table.seat_screens import seat_screen
    from companion.table.table import Table
    from companion.web.views import seat_view

    from ...table.helpers import MemoryRecorder, pad

    s = started()
    roll(s, 3)
    buy(s, "vp")
    next_turn_of(s, 0, rolled=False)
    with pytest.raises(RuleError) as error:
        roll(s, "knight")
    assert error.value.rule == "catan.vp_card_never_played"
    assert "VP" not in error.value.msg.en and "VB" not in error.value.msg.cs
    assert "VP card" in error.value.private.en and "karta VB" in error.value.private.cs
    recorder = MemoryRecorder()
    table = Table(recorder, {GAME.name: GAME}, "en", new_seed=lambda: s.seed)
    sid = recorder.create_session(GAME.name, s.options, s.seed, [])
    recorder.sessions[sid]["entries"] = list(s.entries)
    assert table.resume(sid, GAME.name, s.options, s.seed, list(s.entries))
    for event in pad(1, "*"):
        table.handle(event)
    panel = " ".join(table.frame().lines)
    assert "cannot play a card now" in panel and "VP" not in panel
    assert "VP card" in " ".join(seat_screen(table, 0).ask) and "VP card" in seat_view(table, 0)["refused"]
    assert all("VP" not in seat_view(table, seat)["refused"] for seat in range(1, 4))


def test_a_knight_refused_says_the_same_to_the_table_whatever_the_hidden_card_is():
    """Two tables that differ only in the kind of card a seat bought (VP or another): when every
    knight of the deck has been played (which the table counts), both refuse his knight for that
    reason, in the same words; the VP card is never the reason the table reads."""
    import copy

    from companion.games.catan import core

    told = []
    for card in ("vp", "other"):
        s = started()
        roll(s, 3)
        buy(s, card)
        next_turn_of(s, 0, rolled=False)
        state = copy.deepcopy(s.state)
        assert state["deck"] is not None
        state["knights"][1] = state["deck"]["knights"]  # every knight of the deck played by seat 2
        error = core.knight_refused(state, 0)
        told.append((error.rule, error.msg))
    assert told[0] == told[1] and told[0][0] == "catan.no_knight_left"


def test_two_vp_cards_and_one_other_give_one_knight_and_no_largest_army():
    """The issue's case: two VP cards and one other card gave three knights and Largest Army
    ("knights played <= cards bought"). One card can be played as a knight, once."""
    s = started()
    roll(s, 3)
    buy(s, "vp")
    next_turn_of(s, 0)
    buy(s, "vp")
    next_turn_of(s, 0)
    buy(s, "other")
    next_turn_of(s, 0)
    knight(s)
    next_turn_of(s, 0)
    assert refused(s, "build", "knight") == "catan.vp_card_never_played"
    assert s.state["knights"][0] == 1 and s.state["army"] is None


def test_the_four_player_deck_is_what_the_rulebook_leaves_of_the_base_deck():
    """CZ: "Bez ohledu na to, zda hrajete ve čtyřech nebo v šesti, vyřaďte ze hry následující
    akční karty: Univerzita, Katedrála, Parlament (Radnice z nové verze základní hry) a po jedné
    kartě Pokrok Monopol, Vynález a Stavba silnic." The base game's standard deck (14 knights,
    5 VP, 2 Road Building, 2 Year of Plenty, 2 Monopoly) less these is 19 cards: 14 knights,
    2 VP cards, 3 progress cards. With 6 players the 5-6 extension's cards are not known: no count."""
    assert started().state["deck"] == {"cards": 19, "vp": 2, "knights": 14}
    assert started(seats=6).state["deck"] is None


def test_no_card_is_bought_after_the_last_and_no_vp_card_beyond_those_in_the_deck():
    """The 19 cards of the 4-player deck: the 20th purchase is refused; a third VP card is not
    in the deck; once the 17 other cards are bought only VP cards are left."""
    s = started()
    roll(s, 3)
    buy(s, "vp")
    buy(s, "vp")
    build(s, "dev")
    with pytest.raises(RuleError) as error:
        s.submit({"step": "dev_card", "picks": {"0": "vp"}})
    assert error.value.rule == "catan.no_vp_card_left"
    s.submit({"step": "dev_card", "picks": {"0": "other"}})
    for _ in range(16):
        buy(s, "other")
    assert sum(s.state["dev_bought"]) == 19
    assert refused(s, "build", "dev") == "catan.deck_empty"


def test_only_vp_cards_left_refuses_another_card():
    s = started()
    roll(s, 3)
    for _ in range(17):
        buy(s, "other")
    build(s, "dev")
    with pytest.raises(RuleError) as error:
        s.submit({"step": "dev_card", "picks": {"0": "other"}})
    assert error.value.rule == "catan.only_vp_cards_left"
    s.submit({"step": "dev_card", "picks": {"0": "vp"}})


def test_six_players_buy_without_a_deck_count():
    s = started(seats=6)
    roll(s, 3)
    for _ in range(20):
        buy(s, "other")
    assert s.state["dev_bought"][0] == 20


# -- refusals that name the right rule ---------------------------------------------------------------


@pytest.mark.parametrize("value", [13, 1, 0, -2])
def test_an_impossible_roll_is_refused_as_one(value):
    """Two dice sum to 2-12 (base game); 0.2.0 refused 13, 1 or 0 as "no card to play as a
    knight" (``great_wall.no_knight_card``)."""
    s = started()
    with pytest.raises(RuleError) as error:
        roll(s, value)
    assert error.value.rule == "catan.no_such_roll" and str(value) in error.value.msg.en


def test_gathering_hex_iv_does_not_exist_on_the_four_player_board():
    """CZ: "Pokud hrajete ve čtyřech, sklopte levou třetinu plánu" and "Hrajete-li ve čtyřech,
    vyřaďte ze hry žetony s římskými čísly IV a V": hex IV is not on the board, so an attack
    number taught for it is refused as such, not as "that arrow has its number already"."""
    s = started(box={})
    roll(s, 8)
    with pytest.raises(RuleError) as error:
        act(s, "attack_number", [3, "left"])
    assert error.value.rule == "great_wall.no_such_gathering_hex"
    assert "IV" in error.value.msg.en and "I to III" in error.value.msg.en


def test_the_knight_before_the_roll_still_names_the_missing_card():
    s = started()
    with pytest.raises(RuleError) as error:
        roll(s, "knight")
    assert error.value.rule == "great_wall.no_knight_card"


# -- sessions recorded by 0.2.0 ------------------------------------------------------------------------


def test_a_session_recorded_under_the_old_rules_replays_as_recorded_and_is_refused_under_the_new():
    """docs/games/great_wall-example.json as 0.2.0 shipped it: Player 2 bought one card, a VP
    card, and played a knight with it. Without the option it replays by the rules it was played by (version
    1), to China's fall; under today's rules (``"rules": 2``) that action is refused, naming the rule."""
    doc = json.loads(OLD_EXAMPLE.read_text(encoding="utf-8"))
    assert "rules" not in doc["options"]
    assert Session(GAME, doc["options"], doc["seed"], doc["entries"]).over  # no option: the rules it was played by
    with pytest.raises(ReplayError) as error:
        Session(GAME, {**doc["options"], "rules": 2}, doc["seed"], doc["entries"])
    assert "catan.vp_card_never_played" in str(error.value) and "action 68" in str(error.value)
    s = Session(GAME, {**doc["options"], "rules": 1}, doc["seed"], doc["entries"])
    assert s.over and s.state["over"]["winner"] is None and s.state["great_wall"]["breaches"] == 5
    assert s.score().totals[0] == s.score().totals[1] == 8 and "rules" not in s.state


def test_a_new_session_records_the_rules_version():
    s = Session(GAME, {"seats": 4}, 1)
    assert s.options["rules"] == 3 and s.state["rules"] == 3


def test_what_is_offered_never_tells_a_vp_card_from_another():
    """The VP card stays secret: the next turn's questions list the same answers whichever card
    was bought (only a knight actually played with a VP card is refused)."""
    prompts = []
    for card in ("vp", "other"):
        s = started()
        roll(s, 3)
        buy(s, card)
        seen = []
        for _ in range(4):
            build(s, "end")
            seen.append([o.value for o in s.prompt.options_for(s.state["turn"])])
            roll(s, 3)
            seen.append([o.value for o in s.prompt.options_for(s.state["turn"])])
        prompts.append(seen)
    assert prompts[0] == prompts[1]


def test_the_roll_is_typed_as_its_sum_since_star_is_the_knight_before_it():
    """Rules 3 (issue 35): no sum is "#"; "*" is the knight before the roll, so a sum is typed
    and entered with "#" ("8 #", "12 #"); rules 2 kept one key a sum with 12 on "#"."""
    s = started()
    codes = {o.value: o.code for o in s.prompt.options_for(s.prompt.seats[0]) if o.value != "knight"}
    assert codes == {n: str(n) for n in range(2, 13)}
    assert s.prompt.detail.en == "Type the dice sum (2–12), then press #."
    old = started(rules=2)
    assert {o.value: o.code for o in old.prompt.options_for(0)}[12] == "#"


def test_attack_numbers_keep_their_codes_as_arrows_are_learnt():
    """Rules 3 (issue 35): every arrow has its code for the whole game; one told already is
    unoffered and refused by its rule (rules 2 numbered the free ones as listed)."""
    from companion.games.great_wall.steps import AttackNumber

    s = started(box={})  # no attack number known yet
    task = {"seat": 0, "number": 9}
    before = AttackNumber().prompt(s.state, task)
    every = {json.dumps(o.value): o.code for o in (*before.options_for(0), *before.unoffered_for(0))}
    assert [0, "left"] in [o.value for o in before.options_for(0)]
    s.state["great_wall"]["numbers"][0][0] = 9  # hex I's left arrow told
    prompt = AttackNumber().prompt(s.state, task)
    now = {json.dumps(o.value): o.code for o in (*prompt.options_for(0), *prompt.unoffered_for(0))}
    assert now == every and set(every[json.dumps(None)]) == {"0"}
    assert [0, "left"] in [o.value for o in prompt.unoffered_for(0)]
    assert AttackNumber().explain(s.state, task, 0, [0, "left"]).rule == "great_wall.arrow_known"
