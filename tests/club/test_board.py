"""The league's change after a game on the board page ("Anna: 1,512 → 1,530"), set once the
ended game is archived and shared, in the board's language; none without a club."""

from __future__ import annotations

import queue
from types import SimpleNamespace

from companion.app import App
from companion.club.runner import ClubLink
from companion.engine import Msg
from companion.known_games import KNOWN
from companion.store import Store
from companion.table.flow import Over
from companion.web.views import all_views

from ..web.phones import PhoneTable


class Web:
    """The web table's publish, kept."""

    def __init__(self):
        self.board: dict = {}

    def publish(self, board, seats) -> None:
        self.board = board


class Club:
    """A club whose league rates every play: ``board_lines`` is the runner's own (the play
    found in the history by its session), the league's lines given."""

    def __init__(self):
        self.rated: list[str] = []
        self.club = SimpleNamespace(board_lines=self._lines)

    def _lines(self, store, uid):
        self.rated.append(uid)
        return [
            Msg("Anna: 1\u00a0512 → 1\u00a0530", "Anna: 1,512 → 1,530"),
            Msg("Eva: 1\u00a0500 → 1\u00a0482", "Eva: 1,500 → 1,482"),
        ]

    def collect(self, store) -> int:
        return 1

    def board_lines(self, store, session_id):
        return ClubLink.board_lines(self, store, session_id)  # type: ignore[arg-type]


class Nothing:
    def __getattr__(self, name):
        return lambda *args, **kwargs: None


def test_the_board_shows_each_players_rating_change_once_the_game_is_archived(tmp_path):
    store = Store(tmp_path / "companion.db", rules=KNOWN)
    phones = PhoneTable("vaaalbara", 3, 4, recorder=store)
    phones.table.names.update({0: "Anna", 1: "Eva"})
    phones.play()
    table = phones.table
    assert isinstance(table.screen, Over)
    table.housekeeping()  # archived: now in the history
    web, club = Web(), Club()
    app = App(table, Nothing(), Nothing(), queue.SimpleQueue(), [store.close], web=web, club=club)
    app._tracker = phones.tracker
    before = all_views(table, phones.tracker)[0]
    assert before["ratings"] == []  # no club line before the game is rated
    app._club_collect()
    uid = next(r["uid"] for r in store.history() if r["session"] == table.session_id)
    assert club.rated == [uid]
    assert web.board["ratings"] == ["Anna: 1,512 → 1,530", "Eva: 1,500 → 1,482"]
    table.language = "cs"
    assert all_views(table, phones.tracker)[0]["ratings"][0] == "Anna: 1\u00a0512 → 1\u00a0530"
    store.close()


def test_without_a_club_the_board_has_no_ratings(tmp_path):
    phones = PhoneTable("vaaalbara", 3, 4)
    phones.play()
    assert all_views(phones.table, phones.tracker)[0]["ratings"] == []
