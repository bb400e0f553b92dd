"""A phone asks for a seat (the web table): the host answers on the box, over the game, and the
panel says that the seat now plays on a phone (or that a phone took it over)."""

from __future__ import annotations

from companion.hw.screen import laid_out
from companion.surface.events import KeyEvent, SeatClaim
from companion.table.flow import Claim, GameMenu, MainMenu, Play
from companion.table.table import Table

from ..engine.toy import GAME as TOY
from .helpers import MemoryRecorder, host, pad, press, toy_table


class Replies:
    def __init__(self):
        self.given: list[bool] = []

    def __call__(self, ok: bool) -> None:
        self.given.append(ok)


def test_the_host_lets_a_phone_in_and_the_question_underneath_is_as_it_was():
    table, _ = toy_table()
    press(table, pad(1, "3"))  # seat 1 is typing its pick
    typed = table.answer.collector.entries[0].typed
    replies = Replies()
    table.handle(SeatClaim(1, "Jana", False, replies))
    frame = table.frame()
    assert isinstance(table.screen, Claim) and frame.header == "Phone"
    assert (
        " ".join(frame.lines[:2]) == "Jana asks for a seat: Player 2." and frame.lines[frame.selected] == "Yes, let in"
    )
    drawn = [(row["text"], row["lit"]) for row in laid_out(frame, table.panel)["rows"][1:]]
    assert ("No", False) in drawn and ("Yes, let in", True) in drawn  # both answers on the panel
    press(table, pad(2, "#"))  # a pad key does not answer the host's question
    assert replies.given == [] and isinstance(table.screen, Claim)
    press(table, host("ok"))
    assert replies.given == [True] and isinstance(table.screen, Play)
    assert [m.en for m in table.messages.notice] == ["Player 2 plays on a phone (Jana)."]
    assert table.answer.collector.entries[0].typed == typed


def test_the_host_can_refuse_and_a_take_over_is_said_with_no_as_its_default():
    table, _ = toy_table()
    replies = Replies()
    table.handle(SeatClaim(0, "Petr", True, replies))
    frame = table.frame()
    assert frame.header == "Phone takes a seat over" and frame.lines[frame.selected] == "No"
    press(table, host("ok"))
    assert replies.given == [False] and [m.en for m in table.messages.notice] == ["Phone not let in."]
    table.handle(SeatClaim(0, "Petr", True, replies))
    press(table, host("up", "ok"))
    assert [m.en for m in table.messages.notice] == ["Player 1: a phone took over the seat (Petr)."]


def test_without_a_game_or_for_a_seat_it_has_not_the_phone_is_refused_at_once():
    replies = Replies()
    table = Table(MemoryRecorder(), {"toy": TOY}, "en")
    table.handle(SeatClaim(0, "Jana", False, replies))
    assert replies.given == [False] and isinstance(table.screen, MainMenu)
    table, _ = toy_table()
    table.handle(SeatClaim(7, "Jana", False, replies))
    assert replies.given == [False, False] and isinstance(table.screen, Play)


def test_a_claim_while_the_game_menu_is_open_waits_for_the_game():
    table, _ = toy_table()
    press(table, [KeyEvent(None, "menu")])
    replies = Replies()
    table.handle(SeatClaim(1, "Jana", False, replies))
    assert isinstance(table.screen, GameMenu)
    press(table, host("back"))
    assert isinstance(table.screen, Claim)
    press(table, host("ok"))
    assert replies.given == [True] and isinstance(table.screen, Play)


def test_a_device_that_takes_a_seat_over_does_not_read_the_seats_refusal():
    """The reason a hidden entry was refused is the refused device's alone: after a take-over
    the new device starts with no refusal, no note and nothing typed."""
    from companion.games import load
    from companion.table import claims
    from companion.table.seat_screens import seat_screen
    from companion.web.views import seat_view

    table = Table(MemoryRecorder(), {"vaaalbara": load("vaaalbara")}, "en", new_seed=lambda: 1)
    press(table, host("ok", "ok"))
    press(table, pad(1, "99#"))
    assert "99" in seat_view(table, 0)["refused"]
    claims.take_over(table, 0)
    assert seat_view(table, 0)["refused"] == ""
    assert "99" not in " ".join(seat_screen(table, 0).ask)
