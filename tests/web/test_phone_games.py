"""Whole games of every game played on phones only (issue 32): each player taps what their
phone's touch form offers, nothing else reaches the table, and no moment of the game waits for
the host's buttons. Also the touch forms' contract: one form per question kind, the taps each
costs, a tap on a question the table has left, an answer not offered, and a hidden pick that
looks the same to everyone else whatever it is."""

from __future__ import annotations

import statistics

import pytest

from companion.engine import PromptKind
from companion.games import available, load
from companion.surface.events import HOST_SEAT, KeyEvent, PhoneAnswer, PhoneLanguage, PhonePresence, SeatClaim
from companion.table.flow import Claim, Over, Play
from companion.web.views import all_views, board_view, seat_view

from .helpers import vaaalbara_table
from .phones import PhoneTable, form_taps


def cases():
    for name in available():
        game = load(name)
        for seats in sorted({game.min_seats, game.max_seats}):
            yield pytest.param(name, seats, id=f"{name}-{seats}")


@pytest.mark.parametrize(("name", "seats"), list(cases()))
def test_a_whole_game_is_played_on_phones_alone(name, seats):
    phones = PhoneTable(name, seats, seed=3)
    tally = phones.play()
    assert isinstance(phones.table.screen, Over)
    assert tally.host_keys == []  # no moment of the game waited for the host's buttons
    assert tally.answers > seats
    # a typical answer costs at most two taps
    assert statistics.median(tally.each) <= 2


def test_every_question_kind_has_its_touch_form():
    seen = set()
    for name in available():
        game = load(name)
        for seats in sorted({game.min_seats, game.max_seats}):
            seen |= set(PhoneTable(name, seats, seed=3).play().by_kind)
    assert {"list", "yesno", "number", "confirm", "cell", "rose", "counts"} <= seen


def test_a_list_names_its_options_in_words_with_the_pads_codes():
    table = vaaalbara_table(3)
    view = seat_view(table, 0)
    form, prompt = view["form"], table.running.prompt
    assert form["kind"] == "list" and form["hidden"]
    assert [o["label"] for o in form["options"]] == [o.label.en for o in prompt.options_for(0)]
    assert [o["code"] for o in form["options"]] == [o.code.zfill(2) for o in prompt.options_for(0)]
    assert form["ok"] == "Lock in" and form["chosen"] == ""


def test_a_troy_donation_is_a_counter_per_card_kind_and_costs_the_cards_given_plus_one():
    phones = PhoneTable("troy", 4, seed=3)
    for _ in range(3000):
        found = [v for v in phones.views().values() if v["form"]["kind"] == "counts"]
        if found or not phones.step():
            break
    assert found, "no donation in the game"
    form = found[0]["form"]
    assert form["kinds"] == ["lumber", "brick", "wool", "grain", "ore"] and form["hidden"]
    prompt = phones.table.running.prompt
    assert len(form["mixes"]) == len(prompt.options_for(prompt.seats[0]))  # every mix has its counts
    assert all(sum(mix) == form["total"] for mix in form["mixes"].values())
    assert {form_taps(form, code) for code in form["mixes"]} == {form["total"] + 1}


def test_a_vaaalbara_pick_costs_two_taps_whichever_character():
    table = vaaalbara_table(3)
    form = seat_view(table, 0)["form"]
    assert {form_taps(form, o["code"]) for o in form["options"]} == {2}


def hidden_run(code: str):
    """A 3-seat Vaaalbara where Blue locks ``code`` from its phone: every view but Blue's, after
    each tap up to the last lock, and the views after the reveal."""
    table = vaaalbara_table(3)
    seen = []
    q = table.answer.asked
    for seat, pick in ((0, code), (1, "05")):
        table.handle(PhoneAnswer(seat, q, code=pick))
        board, seats = all_views(table)
        seen.append((board, {s: v for s, v in seats.items() if s != 0}))
    return table, seen


def test_a_hidden_pick_from_a_phone_looks_the_same_to_everyone_else_whatever_it_is():
    runs = [hidden_run(code) for code in ("01", "03", "12")]
    assert runs[0][1] == runs[1][1] == runs[2][1]
    for table, _ in runs:
        assert table.answer.secret is not None and table.answer.secret.locked_seats() == (0, 1)
    table, _ = runs[1]
    mine = seat_view(table, 0)
    assert mine["form"]["chosen"] == "03" and mine["locked"] == "Hunter"
    table.handle(PhoneAnswer(2, table.answer.asked, code="09"))  # the last lock: the reveal
    assert table.answer.secret is None or not table.answer.secret.locked_seats()
    assert any("Hunter" in line for line in board_view(table)["log"])


def test_a_hidden_pick_can_be_changed_until_the_last_lock():
    table = vaaalbara_table(3)
    q = table.answer.asked
    table.handle(PhoneAnswer(0, q, code="01"))
    table.handle(PhoneAnswer(0, q, code="04"))
    assert seat_view(table, 0)["form"]["chosen"] == "04"


def test_a_tap_on_a_question_the_table_has_left_answers_nothing():
    table = vaaalbara_table(3)
    stale = table.answer.asked - 1
    table.handle(PhoneAnswer(0, stale, code="01"))
    assert table.answer.secret is not None and table.answer.secret.locked_seats() == ()
    table.handle(KeyEvent(None, "menu"))  # under the in-game menu the question is not on the table
    table.handle(PhoneAnswer(0, table.play.answer.asked, code="01"))
    assert table.play.answer.secret is not None and table.play.answer.secret.locked_seats() == ()


def first_view_with_off(name: str, seats: int, hidden: bool):
    """A table of ``name`` played on phones up to a question that knows answers it does not
    offer now, of the kind ``hidden`` asks for; the table, the seat and its view."""
    phones = PhoneTable(name, seats, seed=3)
    for _ in range(3000):
        views = phones.views()
        found = [(s, v) for s, v in views.items() if v["form"].get("off") and bool(v["form"].get("hidden")) == hidden]
        if found:
            return (phones, *found[0])
        if isinstance(phones.table.screen, Over) or not phones.step():
            pytest.fail(f"no {'hidden' if hidden else 'public'} question of {name} offered fewer answers than it knows")
    pytest.fail("the game did not end")


def test_an_option_that_names_a_seat_names_its_player_too():
    phones, seat, _view = first_view_with_off("vaaalbara", 3, hidden=False)  # an omen tie: seats
    phones.table.names[1] = "Anna"
    labels = [o["label"] for o in seat_view(phones.table, seat)["form"]["options"]]
    assert "Purple (Anna)" in labels or any(
        o["label"] == "Purple (Anna)" for o in seat_view(phones.table, seat)["form"]["off"]
    )


def test_a_public_answer_not_offered_is_greyed_and_its_tap_refused_by_the_games_sentence():
    """An omen tie names only the tied clans: the form greys the others, and a tap on one is
    refused with the game's sentence, as the pad's code would be."""
    phones, seat, view = first_view_with_off("vaaalbara", 3, hidden=False)
    off = view["form"]["off"][0]
    assert off["why"] == -1 and view["form"]["reasons"] == []  # not worked out on the key path
    value = next(
        o.value
        for o in phones.table.running.prompt.unoffered_for(seat)
        if o.code.zfill(len(off["code"])) == off["code"]
    )
    expected = phones.table.running.refusal(seat, value).msg.en
    entries = len(phones.table.running.entries)
    phones.table.handle(PhoneAnswer(seat, view["form"]["q"], code=off["code"]))
    assert len(phones.table.running.entries) == entries
    assert any(expected in line for line in [m.en for m in phones.table.messages.notice])


def test_a_hidden_answer_not_offered_comes_with_the_seats_own_reason():
    _phones, _seat, view = first_view_with_off("vaaalbara", 3, hidden=True)
    form = view["form"]
    assert form["reasons"] and all(0 <= o["why"] < len(form["reasons"]) for o in form["off"])


def test_an_open_confirmation_is_answered_from_any_phone():
    phones = PhoneTable("vaaalbara", 3, seed=3)
    for _ in range(400):
        prompt = phones.table.running.prompt
        if prompt is not None and prompt.kind is PromptKind.CONFIRM and not prompt.seats:
            break
        if not phones.step():
            phones.table.handle(KeyEvent(None, "ok"))
    else:
        pytest.fail("no open confirmation")
    entries = len(phones.table.running.entries)
    views = phones.views()
    assert all(v["form"]["kind"] == "confirm" for v in views.values())
    phones.table.handle(PhoneAnswer(2, views[2]["form"]["q"]))
    assert len(phones.table.running.entries) == entries + 1
    assert phones.table.running.entries[-1].get("seat") is None  # logged as the host's OK would be


def test_a_seat_not_asked_is_told_what_the_table_waits_for_and_from_whom():
    phones = PhoneTable("vaaalbara", 3, seed=3)
    for _ in range(400):
        views = phones.views()
        waiting = [v for v in views.values() if v["form"]["kind"] == "wait"]
        prompt = phones.table.running.prompt
        if waiting and prompt is not None and not prompt.kind.hidden:
            break
        if not phones.step():
            phones.table.handle(KeyEvent(None, "ok"))
    asked = phones.table.seat_label(prompt.seats[0])
    assert all(v["form"]["text"].startswith("Waiting for: ") and asked in v["form"]["text"] for v in waiting)


def test_a_phone_gone_is_named_on_the_panel_and_the_board_until_it_is_back():
    table = vaaalbara_table(3)
    table.names[1] = "Anna"  # as a confirmed claim names the seat
    table.handle(PhonePresence(1, False))
    assert "Anna: phone disconnected." in [m.en for m in table.messages.notice]
    assert [s["away"] for s in board_view(table)["seats"]] == [False, True, False]
    assert [s["away"] for s in seat_view(table, 0)["seats"]] == [False, True, False]
    table.handle(PhonePresence(1, True))
    assert "Anna: phone disconnected." not in [m.en for m in table.messages.notice]
    assert not any(s["away"] for s in board_view(table)["seats"])


def test_each_phone_reads_its_own_language_and_the_panel_keeps_the_tables():
    table = vaaalbara_table(3, language="cs")
    table.handle(PhoneLanguage(2, "en"))
    assert seat_view(table, 2)["lang"] == "en" and seat_view(table, 2)["ask"][0] == "Choose your character in secret"
    assert seat_view(table, 0)["lang"] == "cs" and seat_view(table, 0)["ask"][0] == "Vyberte tajně postavu"
    assert board_view(table)["lang"] == "cs"
    table.handle(PhoneLanguage(2, "de"))  # not a language the box has: nothing changes
    assert seat_view(table, 2)["lang"] == "en"


def test_a_phone_is_let_in_as_the_host_from_any_screen_and_names_nobody():
    table = vaaalbara_table(3)
    answers = []
    table.handle(KeyEvent(None, "menu"))  # over the in-game menu too
    table.handle(SeatClaim(HOST_SEAT, "Petr", False, answers.append, number=1))
    assert isinstance(table.screen, Claim)
    assert "Petr asks to run the box from a phone (host)." in [m.en for m in table.screen.note]
    table.handle(KeyEvent(None, "ok"))  # no phone holds the host's buttons yet: Yes is lit
    assert answers == [True]
    assert table.names == {}
    assert "Petr runs the box from a phone." in [m.en for m in table.messages.notice]
    assert not isinstance(table.screen, (Claim, Play))  # back on the in-game menu it stood over


def test_every_phone_shows_the_totals_the_game_shows_everyone_and_never_a_secret_one():
    vaaalbara = vaaalbara_table(3)
    assert seat_view(vaaalbara, 0)["scores"] == []  # a clan's total lies face down
    phones = PhoneTable("gheos", 2, seed=3)
    phones.table.running  # noqa: B018 (a running game)
    view = seat_view(phones.table, 1)
    public = phones.table.running.game.view(phones.table.running.state)
    if "totals" in public:
        assert [s["points"] for s in view["scores"]] == public["totals"]
    else:
        assert view["scores"] == []
    troy = PhoneTable("troy", 4, seed=3)
    for _ in range(40):
        troy.step()
    counted = troy.table.running.game.view(troy.table.running.state)["public_points"]
    assert [s["points"] for s in seat_view(troy.table, 0)["scores"]] == counted
