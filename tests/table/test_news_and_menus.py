"""Announcements on the panel, the in-game menu, the question after a restart, the LEDs that
time out, pad notices that go with their pad, and menus whose items each fit one row."""

from __future__ import annotations

import pytest

from companion.engine import Session
from companion.games import REGISTRY, available, load
from companion.hw.screen import cut_lines, visible_lines
from companion.surface.events import KeyEvent, PadPresence, PadTrouble, Tick
from companion.surface.frame import LED_ERROR, LED_WAITING
from companion.surface.panel import SMALLEST, Panel
from companion.table.flow import GameMenu, MainMenu, Play, RestartQuestion, UndoAll, UndoAsk
from companion.table.table import Table

from ..engine.toy import GAME as TOY
from .helpers import MemoryRecorder, host, pad, press, toy_table


def vaaalbara_table(seats=2, language="cs"):
    recorder = MemoryRecorder()
    games = {name: load(name) for name in available()}
    table = Table(recorder, games, language, new_seed=lambda: 3)
    press(table, host("ok") + host(*["down"] * (seats - 2), "ok"))  # Vaaalbara, the player count
    return table, recorder


def reveal_characters(table):
    """Every seat picks its first character, its code typed to the prompt's width, then #."""
    from companion.table.secret import code_width, padded

    prompt = table.session.prompt
    width = code_width({s: prompt.options_for(s) for s in prompt.seats})
    for seat in prompt.seats:
        press(table, pad(seat + 1, padded(prompt.options_for(seat)[0].code, width) + "#"))


# -- announcements ---------------------------------------------------------------------------------


def test_the_reveal_stays_on_the_panel_until_a_host_key_and_a_pad_key_goes_to_the_question():
    """A pad key never only puts an announcement away: it answers the question its seat is asked
    (the last announcement screen names that question); the host's OK reads them away."""
    table, recorder = vaaalbara_table()
    reveal_characters(table)
    entries = list(recorder.sessions["s1"]["entries"])
    frame = table.frame()
    assert table.news_blocks()
    assert " ".join(frame.lines).startswith("Modrá: ")  # what the reveal showed, whole
    assert set(frame.roles) <= {"news", "notice"}
    assert frame.footer.startswith("OK → ") or frame.footer == "OK: k otázce"
    press(table, host("ok"))  # the host reads it away: nothing is answered
    assert recorder.sessions["s1"]["entries"] == entries
    assert not table.messages.news and isinstance(table.screen, Play)
    assert "question" in table.frame().roles

    table, recorder = vaaalbara_table()
    reveal_characters(table)
    prompt = table.session.prompt
    seat = (prompt.seats or (0,))[0]
    code = prompt.options_for(seat)[0].code
    press(table, pad(seat + 1, code + ("#" if len(code) > 1 or prompt.kind.name == "NUMBER" else "")))
    assert len(recorder.sessions["s1"]["entries"]) == len(entries) + 1  # the key answered


def test_gains_of_a_turn_are_announced_in_order_with_their_reason():
    table, _ = vaaalbara_table()
    reveal_characters(table)
    press(table, host("ok"))  # the reveal read
    announced = []
    for _ in range(12):  # answer the round on the host
        if table.session.prompt is None or table.session.prompt.kind.hidden:
            break
        press(table, host("ok"))
        announced += [m.cs for m in table.messages.news]
        if table.news_blocks():
            press(table, host("ok"))
    assert any(": +" in line for line in announced), announced  # "Modrá: +4 (Les 4)"


def test_a_long_announcement_reads_a_screen_at_a_time_then_any_key_goes_on():
    table, _ = vaaalbara_table(seats=5)
    reveal_characters(table)
    from companion.engine import Msg

    table.messages.news = [Msg(f"Zpráva číslo {n} pro celý stůl", f"News number {n} for the table") for n in range(6)]
    first = table.frame()
    assert first.lines[0] == "Zpráva číslo 0 pro" and "▼" in first.footer
    press(table, host("down"))
    assert table.frame().lines != first.lines and table.messages.news
    press(table, host("down", "down", "down", "down", "down"))
    assert not table.messages.news  # down at the end goes on


def test_announcements_sit_on_top_of_a_confirmation_and_its_ok_goes_on():
    table, rec = toy_table()
    from companion.engine import Msg

    press(table, pad(1, "3#") + pad(2, "1#"))  # the reveal; next: roll (confirm)
    table.messages.news = [Msg("Odhalení", "Revealed: 3 and 1")]
    assert not table.news_blocks()
    assert table.frame().lines[0] == "Revealed: 3 and 1"
    press(table, host("ok"))  # the confirmation itself is answered
    assert table.session.prompt.step == "bonus"
    assert rec.sessions["s1"]["entries"][-1]["action"]["step"] == "roll"


def test_an_action_announcing_nothing_leaves_no_announcement():
    table, _ = toy_table()
    press(table, pad(1, "3#") + pad(2, "1#") + host("ok"))
    assert table.messages.news == []


# -- the in-game menu ------------------------------------------------------------------------------


class PreferenceRecorder(MemoryRecorder):
    def __init__(self):
        super().__init__()
        self.preferences, self.abandoned = {}, []

    def set_preference(self, name, value):
        self.preferences[name] = value

    def abandon(self, sid):
        self.abandoned.append(sid)


def test_menu_key_opens_the_game_menu_anywhere_in_a_game_and_back_returns():
    table, _ = toy_table()
    press(table, pad(1, "3#"))  # a pick is locked
    press(table, host("menu"))
    frame = table.frame()
    assert isinstance(table.screen, GameMenu) and frame.header == "Game menu"
    assert [item.label.en for item in table.screen.items][:3] == ["Continue", "Undo the last action", "End this game"]
    press(table, host("back"))
    assert isinstance(table.screen, Play) and table.answer.secret.locked_seats() == (0,)


def test_end_this_game_keeps_it_as_abandoned_after_a_second_question():
    recorder = PreferenceRecorder()
    table = Table(recorder, {"toy": TOY}, "en", new_seed=lambda: 5)
    press(table, host("ok", "ok"))
    press(table, host("menu", "down", "down", "ok"))  # End this game
    assert isinstance(table.screen, GameMenu) and "abandoned" in " ".join(table.frame().lines)
    press(table, host("ok"))  # the first answer is "no"
    assert isinstance(table.screen, GameMenu) and recorder.abandoned == []
    press(table, host("down", "down", "ok", "down", "ok"))  # End this game -> yes
    assert recorder.abandoned == ["s1"] and isinstance(table.screen, MainMenu) and table.session is None
    assert "history" in " ".join(table.frame().lines)


def test_language_and_brightness_are_saved():
    recorder = PreferenceRecorder()
    table = Table(recorder, {"toy": TOY}, "cs", new_seed=lambda: 5)
    press(table, host("ok", "ok", "menu"))
    press(table, host("down", "down", "down", "ok"))  # language
    assert table.language == "en" and recorder.preferences == {"language": "en"}
    assert table.frame().lines[table.frame().selected] == "Language: English"
    press(table, host("down", "ok"))  # brightness 5 -> 1
    assert table.brightness == 1 and recorder.preferences["brightness"] == 1
    press(table, host("up", "up", "up", "up", "ok"))  # continue
    assert isinstance(table.screen, Play)


def test_undo_from_the_menu_asks_as_back_does():
    table, _rec = toy_table()
    press(table, pad(1, "3#") + pad(2, "1#"))
    press(table, host("menu", "down", "ok"))
    assert isinstance(table.screen, UndoAsk)  # the same question back asks
    press(table, host("ok"))
    assert isinstance(table.screen, UndoAll)  # a reveal: every seat agrees


def test_a_pad_that_came_back_during_the_undo_question_reveals_when_play_goes_on():
    table, rec = toy_table()
    press(table, pad(1, "3#") + pad(2, "1#") + host("ok") + pad(1, "1#"))  # round 1 played
    press(table, pad(1, "3#"))
    table.handle(PadPresence(1, False))
    press(table, pad(2, "2#"))  # locked, but its pad is gone
    press(table, host("back"))  # the undo question
    assert isinstance(table.screen, UndoAsk)
    table.handle(PadPresence(1, True))
    assert len(rec.sessions["s1"]["entries"]) == 3
    press(table, host("back"))  # no undo: play goes on
    assert rec.sessions["s1"]["entries"][-1]["action"]["picks"] == {"0": 3, "1": 2}


# -- after a restart -------------------------------------------------------------------------------


def unfinished_toy(recorder, entries):
    sid = recorder.create_session("toy", {"seats": 2}, 5, [])
    recorder.sessions[sid]["entries"] = list(entries)
    return sid


def test_a_restart_asks_to_continue_or_end_the_unfinished_game():
    recorder = PreferenceRecorder()
    entries = [{"action": {"step": "pick", "picks": {"0": 1, "1": 2}}}]
    sid = unfinished_toy(recorder, entries)
    table = Table(recorder, {"toy": TOY}, "en")
    table.offer_resume(sid, "toy", {"seats": 2}, 5, entries)
    frame = table.frame()
    assert isinstance(table.screen, RestartQuestion) and frame.header == "Unfinished: Toy"
    assert frame.lines[:2] == ("Round 1/2, Die", "Continue it")  # where it stopped; the answer lit
    assert frame.selected == 1
    press(table, host("back", "down", "up"))  # must be answered; says what it asks
    assert isinstance(table.screen, RestartQuestion) and "Round 1/2, Die" in " ".join(table.frame().lines)
    press(table, host("ok"))
    assert isinstance(table.screen, Play) and table.session.prompt.step == "roll"

    table = Table(recorder, {"toy": TOY}, "en")
    table.offer_resume(sid, "toy", {"seats": 2}, 5, entries)
    press(table, host("down", "ok"))
    assert recorder.abandoned == [sid] and isinstance(table.screen, MainMenu)


@pytest.mark.parametrize("size", [(128, 64), (256, 64), (128, 128)])
def test_a_menu_longer_than_the_panel_says_that_the_arrows_reach_the_rest(size):
    """The restart question with a notice above it: on 64 rows "End it" is below the screen, so
    the footer says ▲▼ reach more (a menu that fits says nothing)."""
    from companion.engine import Msg

    recorder = PreferenceRecorder()
    entries = [{"action": {"step": "pick", "picks": {"0": 1, "1": 2}}}]
    sid = unfinished_toy(recorder, entries)
    panel = Panel.of_size(*size)
    table = Table(recorder, {"toy": TOY}, "en", panel=panel)
    table.offer_resume(sid, "toy", {"seats": 2}, 5, entries)
    assert visible_lines(table.frame(), panel.layout(has_footer=False).rows)[1] == table.frame().lines
    table.messages.notice = [Msg("Pad 3 je novější: aktualizujte krabici.", "Pad 3 is newer: update the box.")]
    frame = table.frame()
    rows_without_footer = panel.layout(has_footer=False).rows
    hidden = visible_lines(frame, rows_without_footer)[1] != frame.lines
    assert hidden == (size[1] == 64)
    assert ("▲▼" in frame.footer) == hidden
    assert frame.lines[-1] == "End it" and not cut_lines(frame, panel)


def test_a_session_that_no_longer_replays_is_offered_for_ending_with_its_reason():
    recorder = PreferenceRecorder()
    entries = [
        {"action": {"step": "pick", "picks": {"0": 1, "1": 2}}},
        {"action": {"step": "roll", "seat": None, "value": None}},
        {"action": {"step": "bonus", "seat": 0, "value": 4}},
    ]  # the toy forbids 4
    sid = unfinished_toy(recorder, entries)
    table = Table(recorder, {"toy": TOY}, "en")
    table.offer_resume(sid, "toy", {"seats": 2}, 5, entries)
    frame = table.frame()
    assert [item.label.en for item in table.screen.items] == ["End it"]
    assert "Does not replay: Four is forbidden." in " ".join(frame.lines)
    assert not cut_lines(frame)
    press(table, host("down"))
    assert "Does not replay: Four is forbidden." in " ".join(table.frame().lines)
    press(table, host("ok"))
    assert recorder.abandoned == [sid]


def test_after_a_restart_during_a_secret_pick_the_panel_names_who_picks_again():
    recorder = MemoryRecorder()
    sid = unfinished_toy(recorder, [])
    table = Table(recorder, {"toy": TOY}, "en")
    assert table.resume(sid, "toy", {"seats": 2}, 5, [])
    text = " ".join(table.frame().lines)
    assert "Enter your secret picks again: Player 1, Player 2." in text


# -- LEDs and pad notices --------------------------------------------------------------------------


def test_a_red_blink_ends_by_itself():
    now = [100.0]
    table = Table(MemoryRecorder(), {"toy": TOY}, "en", new_seed=lambda: 5, clock=lambda: now[0])
    press(table, host("ok", "ok"))
    press(table, pad(1, "7#"))
    assert table.leds()[0] == LED_ERROR and table.deadline() == pytest.approx(102.0)
    now[0] = 102.5
    table.handle(Tick())
    assert table.leds()[0] == LED_WAITING and table.deadline() is None


def test_a_pad_trouble_is_named_once_and_its_notice_goes_when_the_pad_is_fine():
    table = Table(MemoryRecorder(), {}, "en")
    table.handle(PadTrouble("A7", "duplicate_id"))
    assert "A7" in " ".join(table.frame().lines)
    table.handle(KeyEvent(None, "down"))
    table.handle(PadTrouble("A7", "duplicate_id"))  # the same trouble again: no new notice
    assert table.messages.notice == []
    table.handle(PadTrouble("A7", ""))
    assert "A7" not in " ".join(table.frame().lines)


# -- menus fit -------------------------------------------------------------------------------------


@pytest.mark.parametrize("language", ["cs", "en"])
def test_every_main_menu_item_takes_one_row(language):
    games = {name: load(name) for name in REGISTRY}
    table = Table(MemoryRecorder(), games, language)
    assert all(len(SMALLEST.rows(item.label.get(language))) == 1 for item in table.screen.items)
    assert len(table.frame().lines) == len(table.screen.items)
    assert not cut_lines(table.frame())


# -- the host buttons pick what they highlight -----------------------------------------------------


def test_the_host_buttons_can_pick_every_option_they_highlight():
    """On a prompt one seat answers, OK on the host answers for that seat: every option the
    cursor can reach is accepted as it would be from that seat's pad (Graenaland's builds)."""
    import random

    from companion.engine import PromptKind, RuleError

    from ..games.playout import random_action

    game = load("graenaland")
    session = Session(game, {"seats": 3}, 11)
    rnd, checked = random.Random(3), 0
    while not session.over and checked < 60:
        prompt = session.prompt
        if prompt.kind is PromptKind.CHOICE and len(prompt.seats) == 1 and prompt.step == "build":
            for index, option in enumerate(prompt.options_for(prompt.seats[0])):
                recorder = MemoryRecorder()
                table = Table(recorder, {"graenaland": game}, "en")
                sid = recorder.create_session("graenaland", session.options, 11, [])
                assert table.resume(sid, "graenaland", session.options, 11, list(session.entries))
                table.messages.news = []
                press(
                    table,
                    host(*["down"] * ((index - table.answer.cursor) % len(prompt.options_for(prompt.seats[0]))), "ok"),
                )
                seat_action = {"step": prompt.step, "seat": prompt.seats[0], "value": option.value}
                try:
                    session.evaluate(seat_action)
                except RuleError:
                    continue  # refused from the pad too: the rule says why
                assert recorder.sessions[sid]["entries"][-1] == {"action": seat_action}, (index, table.messages.notice)
                checked += 1
        session.commit(random_action(session, rnd))
    assert checked >= 20


@pytest.mark.parametrize(
    "language, sentence",
    [
        ("cs", "Pad PADA posílá klávesy příliš rychle: zaseklá klávesa?"),
        ("en", "Pad PADA sends keys too fast: a stuck key?"),
    ],
)
def test_a_flooding_pad_is_named_on_the_panel_in_play_until_its_all_clear(language, sentence):
    """The pad hub's rate limit names a pad sending keys faster than anyone presses; the panel
    says which pad, whole, in the game; its all-clear takes the notice away."""
    table, _ = toy_table(language)
    table.handle(PadTrouble("PADA", "flooding", "Pad PADA on /dev/ttyACM0 sends more keys ..."))
    shown = " ".join(table.frame().lines)
    assert sentence in shown
    assert isinstance(table.screen, Play)
    table.handle(PadTrouble("PADA", ""))
    assert "PADA" not in " ".join(table.frame().lines)
