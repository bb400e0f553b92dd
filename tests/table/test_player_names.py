"""Players by name on the table: a pad seat's player is named on the host buttons (the in-game
menu's "Player names": the seats, then the names seen before or none), durably in the store
before the panel says so; the question underneath is given back as it was; the final ranking
and the web views name the players; a recorder that keeps no names offers no entry."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from functools import partial
from itertools import count

import pytest

from companion.app import make_table
from companion.hw.screen import cut_lines, laid_out
from companion.known_games import KNOWN
from companion.run import claim_answer, name_seat
from companion.store import Store
from companion.surface.events import KeyEvent, SeatClaim
from companion.surface.panel import Panel
from companion.table import texts
from companion.table.flow import GameMenu, Over, Play, RestartQuestion
from companion.table.table import Table
from companion.web.views import board_view, seat_view

from ..engine.toy import GAME as TOY
from .helpers import host, pad, press, toy_table

PANELS = {"128x64": Panel(128, 64), "128x128": Panel(128, 128), "256x64": Panel(256, 64)}
LONGEST = "Ž" * 24  # the longest name the store keeps


def ticking():
    """A store's clock a second later at every reading: which name came last is never a tie."""
    moments = (datetime(2026, 11, 27, 18, 0, tzinfo=UTC) + timedelta(seconds=n) for n in count())
    return lambda: next(moments)


def opened(tmp_path) -> Store:
    return Store(tmp_path / "companion.db", clock=ticking(), rules=KNOWN)


@pytest.fixture
def store(tmp_path):
    with opened(tmp_path) as store:
        yield store


def seen_before(store: Store, *names: str) -> None:
    """An earlier game at this table whose players had ``names`` (the last one the most recent)."""
    earlier = store.create_session("toy", {}, 1, ["Hráč 1", "Hráč 2", "Hráč 3"][: len(names)])
    for seat, name in enumerate(names):
        store.name_player(earlier, seat, name)
    store.abandon(earlier)


def bonus_table(store, language="en", panel: Panel | None = None) -> Table:
    """The toy over the store at its bonus question (a number the host counts up)."""
    table = Table(store, {"toy": TOY}, language, new_seed=lambda: 5, **({"panel": panel} if panel else {}))
    press(table, host("ok", "ok") + pad(1, "1#") + pad(2, "2#") + host("ok"))
    assert table.prompt.step == "bonus" and isinstance(table.screen, Play)
    return table


def labels(table: Table) -> list[str]:
    return [item.label.get(table.language) for item in table.screen.items]


def open_names(table: Table) -> None:
    """The in-game menu, then its "Player names"."""
    press(table, host("menu"))
    press(table, host(*["down"] * labels(table).index(texts.GAME_MENU_NAMES.get(table.language)), "ok"))


def test_the_host_names_a_pad_seat_and_the_question_is_given_back_as_it_was(store):
    seen_before(store, "Anna", "Petr")
    table = bonus_table(store)
    press(table, host("up", "up"))  # the host has counted to 2
    open_names(table)
    assert isinstance(table.screen, GameMenu) and table.frame().header == "Player names"
    assert labels(table) == ["Player 1: —", "Player 2: —", "← back to the game"]
    press(table, host("ok"))  # seat 1: the names seen before, the most recent first
    assert table.frame().header == "Name: Player 1"
    assert labels(table) == ["Petr", "Anna", "No name", "← back"]
    press(table, host("down", "ok"))  # Anna
    assert store.players(table.session_id) == {0: "Anna"}  # in the store before the panel says so
    frame = table.frame()
    assert frame.header == "Player names" and frame.lines[0] == "Name saved."
    assert labels(table) == ["Player 1: Anna", "Player 2: —", "← back to the game"] and table.screen.cursor == 0
    press(table, host("down", "ok"))  # seat 2: Anna plays seat 1 already
    assert labels(table) == ["Petr", "No name", "← back"]
    assert table.frame().lines[0] != texts.NAMES_ON_PHONES.en  # names are offered: no note
    press(table, host("back"))  # back: the seats again, the cursor on seat 2
    assert table.frame().header == "Player names" and table.screen.cursor == 1
    press(table, host("back"))  # back: the question, as the host left it
    assert isinstance(table.screen, Play) and table.answer.number == 2 and table.prompt.step == "bonus"
    press(table, host("ok"))  # and the host's keys still answer it
    assert store.entries(table.session_id)[-1]["action"] == {"step": "bonus", "seat": 0, "value": 2}


def test_a_name_is_taken_away_and_the_seats_own_name_is_where_the_cursor_starts(store):
    seen_before(store, "Anna")
    table = bonus_table(store, "cs")
    table.name_player(1, "Anna")
    seen_before(store, "Petr")  # named later, elsewhere: first in the list
    open_names(table)
    press(table, host("down", "ok"))  # seat 2
    assert labels(table) == ["Petr", "Anna", "Bez jména", "← zpět"] and table.screen.cursor == 1  # on its name
    press(table, host("down", "ok"))  # no name
    assert store.players(table.session_id) == {} and table.names == {}
    assert labels(table)[1] == "Hráč 2: —" and table.frame().lines[0] == "Místo je bez jména."
    press(table, host("down", "ok"))  # "back to the game", the item
    assert isinstance(table.screen, Play) and table.prompt.step == "bonus"


def test_at_a_new_table_no_names_are_known_and_the_panel_says_where_names_come_from(store):
    table = bonus_table(store, "cs")
    open_names(table)
    press(table, host("ok"))
    assert labels(table) == ["Bez jména", "← zpět"]
    assert " ".join(table.frame().lines).startswith("Nová jména se píšou na telefonu.")


def test_a_name_the_recorder_cannot_keep_is_said_and_nothing_changes(store, monkeypatch):
    seen_before(store, "Anna")
    table = bonus_table(store)
    open_names(table)
    press(table, host("ok"))

    def full(*args):
        raise OSError("disk full")

    monkeypatch.setattr(store, "name_player", full)
    press(table, host("ok"))  # Anna, not kept
    assert table.names == {} and table.frame().header == "Name: Player 1"
    assert table.messages.notice == [texts.NAME_FAILED.format(why="disk full")]
    answered = []
    claim_answer(lambda seat, ok: answered.append(ok), partial(name_seat, table), 1, "Jana", True)
    assert answered == [True] and table.names == {}  # the phone is let in all the same, nameless


def test_a_recorder_that_keeps_no_names_has_no_entry():
    table, _ = toy_table()
    press(table, host("menu"))
    assert isinstance(table.screen, GameMenu) and not table.keeps_names
    assert texts.GAME_MENU_NAMES.en not in labels(table)
    assert labels(table)[:3] == ["Continue", "Undo the last action", "End this game"]


def test_a_phones_name_and_a_restart_keep_the_seats_names(tmp_path):
    with opened(tmp_path) as store:
        table = make_table(store, "en", seed=3)
        press(table, host("ok", "ok"))  # Vaaalbara, the fewest players
        answered = []
        phone = partial(claim_answer, lambda seat, ok: answered.append(ok), partial(name_seat, table), 1, "Jana")
        table.handle(SeatClaim(1, "Jana", False, phone))
        press(table, host("ok"))  # the host lets the phone in: its name joins the session
        assert answered == [True] and table.names == {1: "Jana"}
        open_names(table)
        assert labels(table)[1] == f"{table.seat_label(1)}: Jana"
    with opened(tmp_path) as store:
        table = make_table(store, "en", seed=3)
        assert isinstance(table.screen, RestartQuestion)
        press(table, host("ok"))  # continue
        assert isinstance(table.screen, Play) and table.names == {1: "Jana"}


def ended_toy(store, names: dict[int, str], language="en", panel: Panel | None = None) -> Table:
    table = bonus_table(store, language, panel)
    for seat, name in names.items():
        table.name_player(seat, name)
    press(table, host("ok") + pad(1, "1#") + pad(2, "2#") + host("ok", "ok"))
    assert isinstance(table.screen, Over)
    return table


def test_the_final_ranking_names_the_players_whose_rows_fit(store):
    table = ended_toy(store, {0: "Anna", 1: LONGEST})
    scores = table.screen.scores
    expected = [
        f"{place}. {'Anna' if seat == 0 else 'Player 2'} {scores.totals[seat]}" for seat, place in scores.placed
    ]
    assert list(table.frame().lines[: len(expected)]) == expected  # the longest name would not fit a row
    view = board_view(table)
    assert {row["seat"]: row["name"] for row in view["ranking"]} == {0: "Anna", 1: LONGEST}
    assert ">Anna</text>" in view["plots"]["scores"] and ">Player 1<" not in view["plots"]["scores"]


def test_the_board_and_the_seats_phone_show_a_named_seats_name_beside_its_colour(store):
    table = bonus_table(store)
    table.name_player(0, "Anna")
    view = board_view(table)
    assert [(seat["label"], seat["name"]) for seat in view["seats"]] == [("Player 1", "Anna"), ("Player 2", "")]
    assert seat_view(table, 0)["name"] == "Anna" and seat_view(table, 1)["name"] == ""


@pytest.mark.parametrize("size", list(PANELS))
@pytest.mark.parametrize("language", ["cs", "en"])
def test_every_names_screen_fits_the_panel(tmp_path, size, language):
    """The seats with the longest names, the names seen before, the notices and the ranking: no
    row cut, the row under the cursor shown."""
    with opened(tmp_path) as store:
        seen_before(store, "Řehoř Novák", LONGEST, "Anička")
        table = bonus_table(store, language, PANELS[size])
        table.name_player(1, LONGEST)
        open_names(table)
        frames = [table.frame()]
        for keys in (["ok"], ["down", "down"], ["ok"], ["ok"], ["down", "ok"]):
            press(table, host(*keys))
            frames.append(table.frame())
        press(table, host("back", "back"))
        frames += [ended_toy(store, {0: "Řehoř Novák", 1: LONGEST}, language, PANELS[size]).frame()]
        for frame in frames:
            assert cut_lines(frame, PANELS[size]) == []
            if frame.selected is not None:
                lit = [row["text"] for row in laid_out(frame, PANELS[size])["rows"][1:] if row["lit"]]
                assert lit and lit[0] == frame.lines[frame.selected]


def test_a_key_on_a_pad_does_nothing_in_the_names_menu(store):
    table = bonus_table(store)
    open_names(table)
    before = (labels(table), table.screen.cursor)
    press(table, [KeyEvent(0, "1"), KeyEvent(1, "#")])
    assert (labels(table), table.screen.cursor, table.screen.name) == (*before, "game_menu")
