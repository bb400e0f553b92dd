"""Expansion: victory-point cards dealt on the table, kept secretly, revealed to prove a claim
(rulebook p.10-11, digest 12.3-12.4), and thresholds learned from revealed cards."""

import io
import json
import logging
import queue
from datetime import datetime

import pytest

from companion.app import App
from companion.engine import PromptKind, RuleError, Session
from companion.games.graenaland import GAME, goals
from companion.hw.emulated import TextOutput
from companion.hw.screen import render
from companion.store import Store
from companion.surface.events import KeyEvent
from companion.table.table import Table
from tests.table.test_secrecy import without_box_id

from .helpers import apply, empty_board, past_shown, state, state_after, to_step
from .test_victory import vp_box

PRODUCTION = {"step": "production", "seat": None, "value": None}
# the rulebook's example card (p.10-11) is known only through its example; these values are
# one card consistent with it (houses: level 2 <= 8 < level 3, territories: level 1 >= 3,
# largest: level 1 <= 5 < level 2, buildings: level 2 <= 3 < level 3, army: level 1 <= 3 < level 2)
T6_CARD = {
    "houses": [6, 8, 10],
    "territories": [3, 4, 5],
    "largest": [4, 6, 7],
    "buildings": [2, 3, 4],
    "army": [3, 4, 5],
}
UNKNOWN_CARD = 15  # vp_box() knows cards 1-12; box.toml does not know 15


def keep(s, cards):
    s.submit({"step": "keep_vp_card", "picks": {str(seat): card for seat, card in enumerate(cards)}})


def t6_position(st, seat):
    """p.11: 8 houses, only 2 territories with 2+ houses, 5 houses on one, 3 buildings, army 3."""
    st["settlements"]["C1"][str(seat)] = 3
    st["buildings"]["C1"].update({"church": seat, "hall": seat})
    st["settlements"]["C2"][str(seat)] = 1
    st["buildings"]["C2"]["stronghold"] = seat
    st["settlements"]["I1"][str(seat)] = 1
    st["army"][seat] = 3
    return st


def at_claim(picks, seats=4, box=None):
    """A hand-made state at the claim step of round 1, with the given kept cards."""
    st = state(seats=seats, vp_cards=True, box=vp_box() if box is None else box)
    st = apply(st, {"step": "keep_vp_card", "picks": {str(s): c for s, c in enumerate(picks)}})
    empty_board(st)
    st = apply(st, PRODUCTION)  # nothing settled: nothing produced
    for mine in st["heroes"]:
        mine["warrior"] = "C4"
    st = state_after(st, {"step": "move", "picks": {str(s): "warrior:stay" for s in range(1, seats)}})
    assert GAME.prompt(st).step == "claim"
    return st


def claim(st, *claims):
    for seat, points in claims:
        st = apply(st, {"step": "claim", "seat": None, "value": f"seat:{seat}"})
        st = apply(st, {"step": "claim_points", "seat": seat, "value": points})
    return apply(st, {"step": "claim", "seat": None, "value": "done"})


def build_done(st):
    """Finish one build and confirm the screen that may follow (the claim's result)."""
    seat = GAME.prompt(st).seats[0]
    return state_after(st, {"step": "build", "seat": seat, "value": "done"})


def enter_card(st, card):
    for column in goals.COLUMNS:
        for level in card[column]:
            st = apply(st, {"step": "vp_threshold", "seat": None, "value": level})
    return st


def recent(st):
    return [m["en"] for m in st["recent"]]


# -- keeping a card --------------------------------------------------------------------------
def test_the_table_deals_and_each_player_enters_the_number_of_his_card():
    s = past_shown(Session(GAME, {"seats": 4, "vp_cards": True}, 0))
    p = s.prompt
    assert p.kind is PromptKind.SECRET_CHOICE and p.step == "keep_vp_card" and p.seats == (0, 1, 2, 3)
    assert [o.code for o in p.options[0]] == [f"{n:02d}" for n in range(1, 21)]
    assert [o.value for o in p.options[0]] == list(range(1, 21))
    assert all(p.options[seat] == p.options[0] for seat in p.seats)  # nothing is dealt by the companion
    assert "Deal 3 victory-point cards to each player" in p.detail.en and "Rozdejte každému 3 karty" in p.detail.cs
    keep(s, [4, 9, 17, 1])
    assert s.prompt.step == "production"
    assert GAME.view(s.state, 2)["vp_card"] == {"kept": 17, "thresholds": None, "points": None}
    public = GAME.view(s.state)
    assert "vp_card" not in public and public["vp_cards"] == {}


def test_nothing_public_tells_the_kept_cards_apart():
    runs = []
    for cards in ([4, 9, 1, 17], [20, 2, 13, 5]):
        s = past_shown(Session(GAME, {"seats": 4, "vp_cards": True, "box": vp_box(20)}, 0))
        keep(s, cards)
        to_step(s, "build")
        runs.append(
            (
                json.dumps(GAME.view(s.state)),
                s.status(),
                s.score(),
                s.prompt,
                [GAME.seat_label(s.state, seat) for seat in range(4)],
            )
        )
    assert runs[0] == runs[1]
    scores = runs[0][2]
    assert scores.totals == {0: 0, 1: 0, 2: 0, 3: 0} and scores.breakdown == {0: {}, 1: {}, 2: {}, 3: {}}


def test_a_card_entered_twice_is_refused_without_naming_it():
    s = past_shown(Session(GAME, {"seats": 4, "vp_cards": True}, 0))
    with pytest.raises(RuleError) as err:
        keep(s, [7, 7, 3, 4])
    assert err.value.rule == "graenaland.vp_card_twice"
    assert "7" not in err.value.text("en") and "7" not in err.value.text("cs")
    with pytest.raises(RuleError) as err:
        apply(s.state, {"step": "keep_vp_card", "picks": {"0": 21, "1": 1, "2": 2, "3": 3}})
    assert err.value.rule == "graenaland.vp_card_number"


def _observe(tmp, cards, caplog):
    """Everything a bystander could see or read after each key, for one run."""
    tmp.mkdir()
    clock = datetime(2026, 1, 1, 12, 0, 0).astimezone()
    store = Store(tmp / "companion.db", clock=lambda: clock)
    out = io.StringIO()
    output = TextOutput(out=out)
    table = Table(store, {"graenaland": GAME}, "cs", new_seed=lambda: 11)
    app = App(table, output, output, queue.SimpleQueue())
    options = GAME.validate_options({"seats": 3, "vp_cards": True})
    sid = store.create_session("graenaland", options, 11, ["Hráč 1", "Hráč 2", "Hráč 3"])
    assert table.resume(sid, "graenaland", options, 11, [])
    events = [KeyEvent(None, "ok")]  # the start spots
    for seat, card in enumerate(cards):
        events += [KeyEvent(seat, key, "pad") for key in f"{card:02d}#"]
    events += [KeyEvent(None, "ok")]  # confirm the production after the reveal
    trace = []
    caplog.clear()
    with caplog.at_level(logging.DEBUG):
        for event in events:
            table.handle(event)
            app.refresh()
            files = tuple(sorted((p.name, without_box_id(p.read_bytes())) for p in tmp.iterdir() if p.is_file()))
            trace.append(
                (
                    render(table.frame()).tobytes(),
                    repr(sorted(table.leds().items())),
                    out.getvalue(),
                    caplog.text,
                    files,
                )
            )
    assert table.session.prompt.step == "move"
    store.close()
    return trace


def test_on_the_table_the_kept_card_never_shows_on_screen_leds_output_or_log(tmp_path, caplog):
    """Picks cost the same keys; before the reveal nothing differs, after it only the session
    file (the log holds the revealed picks); the screen never names a kept card."""
    a = _observe(tmp_path / "a", [3, 12, 20], caplog)
    b = _observe(tmp_path / "b", [19, 1, 7], caplog)
    assert len(a) == len(b) == 11
    reveal = 9  # the third seat's "#"
    for index in range(len(a)):
        for what, left, right in zip(("frame", "leds", "stdout", "log"), a[index][:4], b[index][:4]):
            assert left == right, f"{what} differs after event {index}"
        assert (a[index][4] == b[index][4]) == (index < reveal), f"files after event {index}"


# -- the alternative end ---------------------------------------------------------------------
def test_the_nearest_claim_clockwise_from_the_main_player_goes_first():
    st = claim(at_claim([1, 2, 3, 4]), (3, 6), (1, 6))
    assert st["announcer"] == 1 and GAME.prompt(st).seats == (1,) and st["phase"] == "final"
    st = claim(at_claim([1, 2, 3, 4]), (3, 6), (0, 6))
    assert st["announcer"] == 0  # the main player himself is nearest


def test_a_higher_claim_goes_first():
    st = claim(at_claim([1, 2, 3, 4]), (1, 6), (3, 7))
    assert st["announcer"] == 3


def test_without_a_claim_the_main_player_builds_as_usual():
    st = claim(at_claim([1, 2, 3, 4]))
    assert GAME.prompt(st).step == "build" and st["mode"] == "main" and st["announcer"] is None


def test_rulebook_example_card_gives_six_points_and_proves_the_claim():
    """T6 (p.10-11): the card's thresholds are asked once it is revealed, then the claim holds."""
    st = claim(t6_position(at_claim([1, UNKNOWN_CARD, 2, 3]), 1), (1, 6))
    assert GAME.prompt(st).seats == (1,) and st["mode"] == "final"
    assert "supply" not in [o.value for o in GAME.prompt(st).options[1]]
    st = apply(st, {"step": "build", "seat": 1, "value": "done"})  # the announcer builds first, then reveals
    assert "Player 2 reveals victory-point card no. 15." in recent(st)
    assert GAME.view(st)["vp_cards"]["1"]["kept"] == UNKNOWN_CARD and "0" not in GAME.view(st)["vp_cards"]
    p = GAME.prompt(st)
    assert p.kind is PromptKind.NUMBER and p.step == "vp_threshold" and p.seats == ()  # public: anyone types
    assert p.title.en == "Houses 1/3, card 15" and p.title.cs == "Sídla 1/3, karta 15"
    assert p.minimum == 0
    st = apply(st, {"step": "vp_threshold", "seat": 1, "value": 6})
    assert GAME.prompt(st).minimum == 6 and st["vp"]["learning"] == {"seat": 1, "card": 15, "levels": [6]}
    st = apply(st, {"step": "vp_threshold", "seat": 1, "value": 8})
    st = apply(st, {"step": "vp_threshold", "seat": 1, "value": 10})
    assert st["vp"]["learning"]["levels"] == [6, 8, 10] and GAME.prompt(st).minimum == 0  # territories next
    rest = {k: v for k, v in T6_CARD.items() if k != "houses"}
    for column in goals.COLUMNS[1:]:
        for level in rest[column]:
            st = apply(st, {"step": "vp_threshold", "seat": None, "value": level})
    assert st["vp"]["claim"] == {"seat": 1, "claimed": 6, "reached": 6, "met": True}
    assert "Player 2 has 6 VP and meets his claim; the others build once more." in recent(st)
    # the result has its own screen before the others build
    shown = GAME.prompt(st)
    assert shown.kind is PromptKind.CONFIRM and shown.step == "claim_result"
    assert shown.detail.cs.split("; ") == ["Hráč 2: karta č. 15", "má 6 VB, ohlásil 6", "Ostatní ještě jednou stavějí."]
    st = apply(st, {"step": "claim_result", "seat": None, "value": None})
    order = []
    while GAME.prompt(st) is not None:
        order.append(GAME.prompt(st).seats[0])
        st = build_done(st)
    assert order == [2, 3, 0]  # cards 1, 2 and 3 are known: nothing more to ask
    scores = GAME.score(st)
    assert scores.breakdown[1] == {"houses": 2, "territories": 0, "largest": 1, "buildings": 2, "army": 1}
    assert scores.totals[1] == 6 and scores.winner == 1 and scores.ranking[0] == 1
    learned = [c for c in GAME.learned_box(st)["vp_cards"] if c["id"] == UNKNOWN_CARD]
    assert [{k: v for k, v in c.items() if k != "source"} for c in learned] == [
        {"id": UNKNOWN_CARD, **T6_CARD, "verified": True}
    ]


def one_known_card():
    return {"vp_cards": [{"id": 1, **T6_CARD, "verified": True, "source": "test card"}]}


def test_learned_thresholds_are_known_in_the_next_session():
    st = claim(t6_position(at_claim([1, UNKNOWN_CARD, 2, 3], box=one_known_card()), 1), (1, 6))
    st = enter_card(build_done(st), T6_CARD)
    assert st["vp"]["claim"]["met"]
    box = GAME.learned_box(st)
    later = Session(GAME, {"seats": 4, "vp_cards": True, "box": box}, 0)
    cards = later.state["board"]["vp_cards"]
    assert cards[str(UNKNOWN_CARD)] == T6_CARD
    # the session's own correction (card 1) stays: box data merges vp_cards by id
    assert cards["1"] == T6_CARD and "2" not in cards


def test_a_missed_claim_ends_the_game_with_the_announcer_last():
    st = claim(t6_position(at_claim([1, 2, 3, 4]), 2), (2, 7))
    st = apply(st, {"step": "build", "seat": 2, "value": "done"})
    shown = GAME.prompt(st)
    assert shown.step == "claim_result" and st["vp"]["claim"]["met"] is False
    assert shown.detail.cs.split("; ") == [
        "Hráč 3: karta č. 3",
        "má 6 VB, ohlásil 7",
        "Hra přesto končí, Hráč 3 bude poslední.",
    ]
    st = apply(st, {"step": "claim_result", "seat": None, "value": None})
    assert st["vp"]["claim"] == {"seat": 2, "claimed": 7, "reached": 6, "met": False}
    assert "Player 3 has only 6 of the 7 VP claimed: the claim fails. The game still ends and he comes last." in recent(
        st
    )
    assert st["recent"][-2]["en"].startswith("Player 3 has only 6")
    assert st["recent"][-1]["en"] == "Player 3: +6 (Houses, Largest, Buildings, Army)"  # his card, revealed
    while GAME.prompt(st) is not None:
        st = build_done(st)
    scores = GAME.score(st)
    assert scores.totals == {0: 0, 1: 0, 2: 6, 3: 0}
    # the others level on 0 VP share first place (listed clockwise from the announcer): a draw
    assert scores.ranking == (3, 0, 1, 2) and scores.places == (1, 1, 1, 4)
    assert scores.winners == (3, 0, 1) and scores.winner is None
    assert GAME.seat_label(st, 2).en == "Player 3 ✗" and GAME.seat_label(st, 3).en == "Player 4"


def test_every_card_is_revealed_at_the_end_and_unknown_ones_are_asked():
    st = claim(t6_position(at_claim([1, 2, 16, 3], box=one_known_card()), 0), (0, 6))
    st = build_done(st)  # card 1 is known: checked at once
    assert st["vp"]["claim"]["met"]
    for _ in range(3):
        st = build_done(st)
    # cards 2, 16 and 3 are unknown in the file: each is asked, in seat order from the announcer
    asked = []
    while GAME.prompt(st) is not None:
        p = GAME.prompt(st)
        assert p.step == "vp_threshold"
        if p.title.en.startswith("Houses 1/3"):
            asked.append(p.title.en.split(", ")[1])
        st = apply(st, {"step": "vp_threshold", "seat": None, "value": p.minimum})
    assert asked == ["card 2", "card 16", "card 3"]
    assert set(GAME.view(st)["vp_cards"]) == {"0", "1", "2", "3"}
    assert GAME.score(st).final and GAME.score(st).ranking[0] == 0


def test_card_levels_rise_within_a_column():
    st = claim(t6_position(at_claim([1, UNKNOWN_CARD, 2, 3]), 1), (1, 6))
    st = apply(build_done(st), {"step": "vp_threshold", "seat": 1, "value": 5})
    with pytest.raises(RuleError) as err:
        apply(st, {"step": "vp_threshold", "seat": 1, "value": 4})
    assert err.value.rule == "session.number_out_of_range"
    assert apply(st, {"step": "vp_threshold", "seat": 1, "value": 5})["vp"]["learning"]["levels"] == [5, 5]


def test_thresholds_marked_unverified_are_asked_like_unknown_ones():
    box = {"vp_cards": [{"id": 1, **T6_CARD, "verified": False, "source": "a guess"}]}
    st = claim(t6_position(at_claim([1, 2, 3, 4], box=box), 0), (0, 6))
    assert "1" not in st["board"]["vp_cards"] and GAME.view(st, 0)["vp_card"]["thresholds"] is None
    st = build_done(st)
    assert GAME.prompt(st).step == "vp_threshold" and st["vp"]["learning"] == {"seat": 0, "card": 1, "levels": []}
    st = enter_card(st, T6_CARD)
    assert st["vp"]["claim"]["met"] and GAME.learned_box(st)["vp_cards"][0]["verified"] is True
