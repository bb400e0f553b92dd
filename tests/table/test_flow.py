"""The interruption flow (``companion.table.flow``): one screen object has the keys at a time,
and every interruption of a question (the in-game menu, the undo question, a phone's claim)
gives the question back as it was."""

from __future__ import annotations

import pytest

from companion.surface.events import KeyEvent, SeatClaim
from companion.table import flow
from companion.table.flow import GameMenu, Over, Play, UndoAsk

from .helpers import host, pad, press, toy_table


def bonus_table():
    """The toy at its bonus question (a number the host counts up), both picks revealed."""
    table, recorder = toy_table()
    press(table, pad(1, "1#") + pad(2, "2#") + host("ok"))
    assert table.prompt.step == "bonus" and isinstance(table.screen, Play)
    return table, recorder


def test_menu_then_undo_question_then_a_claim_and_the_question_is_answered_as_it_stood():
    table, recorder = bonus_table()
    press(table, host("up", "up"))  # the host has counted to 2
    modes = [table.screen.name]
    press(table, [KeyEvent(None, "menu")])
    modes.append(table.screen.name)
    press(table, host("down"))  # the menu's cursor moves, not the question's value
    assert table.answer.number == 2 and table.screen.cursor == 1
    press(table, host("ok"))  # "undo" in the menu: back to the question, then asked
    modes.append(table.screen.name)
    press(table, host("back"))  # not now
    modes.append(table.screen.name)
    answers = []
    table.handle(SeatClaim(1, "Jana", False, answers.append))
    modes.append(table.screen.name)
    press(table, host("down", "ok"))  # the claim's cursor to "no", and no
    modes.append(table.screen.name)
    assert modes == ["play", "game_menu", "undo", "play", "claim", "play"]
    assert answers == [False] and table.answer.number == 2
    press(table, host("ok"))  # the question takes what the host had counted before it all
    entries = next(iter(recorder.sessions.values()))["entries"]
    assert entries[-1]["action"] == {"step": "bonus", "seat": 0, "value": 2}


def test_a_claim_over_the_final_ranking_gives_the_ranking_back():
    table, _ = bonus_table()
    press(table, host("ok") + pad(1, "1#") + pad(2, "2#") + host("ok", "ok"))  # the second round
    assert isinstance(table.screen, Over)
    over = table.screen
    answers = []
    table.handle(SeatClaim(0, "Petr", False, answers.append))
    assert isinstance(table.screen, flow.Claim) and table.screen.under is over
    press(table, host("ok"))
    assert answers == [True] and table.screen is over


def test_the_menu_key_opens_the_game_menu_over_the_game_screens_only():
    table, _ = bonus_table()
    press(table, host("back"))  # the undo question
    assert isinstance(table.screen, UndoAsk)
    press(table, [KeyEvent(None, "menu")])
    assert isinstance(table.screen, GameMenu)
    press(table, [KeyEvent(None, "menu")])  # not a menu over the menu
    assert isinstance(table.screen, GameMenu)
    press(table, host("back"))
    assert isinstance(table.screen, Play)


@pytest.mark.parametrize(
    ("screen", "in_game", "claims"),
    [
        (flow.Play, True, True),
        (flow.UndoAsk, True, False),
        (flow.UndoAll, True, False),
        (flow.Over, False, True),
        (flow.GameMenu, False, False),
        (flow.MainMenu, False, False),
        (flow.RestartQuestion, False, False),
        (flow.Pair, False, False),
    ],
)
def test_each_screen_says_what_may_interrupt_it(screen, in_game, claims):
    assert (screen.in_game, screen.takes_claims) == (in_game, claims)


def test_every_screen_has_a_name_of_its_own():
    screens = [flow.Play, flow.UndoAsk, flow.UndoAll, flow.Over, flow.MainMenu, flow.RestartQuestion]
    screens += [flow.GameMenu, flow.Claim, flow.Pair]
    names = [s.name for s in screens]
    assert (
        sorted(names)
        == sorted(set(names))
        == sorted(["play", "undo", "undo_all", "over", "menu", "resume", "game_menu", "claim", "pair"])
    )
