"""The table as its screens and helpers see it (``Host``), and what every screen is (``Screen``).

``table.Table`` is the one object that implements ``Host``; the modules of ``companion/table``
name only this Protocol, never ``Table``, so none of them imports the table back (``table.py``
imports them all, nothing imports ``table.py``: ``tests/test_layers.py`` keeps it so).
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import Any, ClassVar, NamedTuple, Protocol

from ..engine import Msg, Prompt, Session
from ..surface.events import KeyEvent, RawPadKey, SeatClaim
from ..surface.frame import Frame, LedState
from ..surface.panel import Panel
from . import texts
from .parts import Fittings, Messages, SeatSignals


class Host(Protocol):
    """What a screen, a menu or a helper may read and call on the table."""

    fittings: Fittings
    language: str
    brightness: int
    session: Session | None
    names: dict[int, str]  # the running game's players' names, by seat
    screen: Screen  # what has the keys now
    signals: SeatSignals
    messages: Messages
    pending_resume: dict | None  # the unfinished session a restart found
    claims: list[SeatClaim]  # phones asking for a seat, answered by the host in turn
    game_serial: int  # counted up as each game starts: a phone's seat lasts one game (claims)
    joining: Any  # the web table's QR codes (``joining.Joining``), None without the web table

    @property
    def play(self) -> Screen:
        """The question of the running game (``flow.Play``), which holds the answer being typed."""

    @property
    def answer(self) -> Any:
        """The answer being typed to the question (``answer.Answer``), the question's own."""

    @property
    def panel(self) -> Panel: ...

    @property
    def games(self) -> Any: ...

    @property
    def running(self) -> Session: ...

    @property
    def running_id(self) -> int: ...

    @property
    def prompt(self) -> Prompt: ...

    @property
    def keeps_names(self) -> bool: ...

    # the seats of the running game
    def seat_count(self) -> int: ...

    def seat_label(self, seat: int) -> str: ...

    def seat_msg(self, seat: int) -> Msg: ...

    # answering and refusing
    def commit(self, action: dict, seat: int | None, locked: dict[int, datetime] | None = None) -> None: ...

    def persist(self, entry: dict) -> bool: ...

    def refuse(self, msg: Msg, seat: int | None, own: Msg | None = None, owner: int | None = None) -> None: ...

    def refuse_secret(self, seat: int, reason: Msg) -> None: ...

    def secret_locked(self, seat: int) -> None: ...

    def blink_error(self, seat: int) -> None: ...

    def collecting_secrets(self) -> bool: ...

    def reveal_waiting(self) -> None: ...

    def reset_input(self) -> None: ...

    def remember_box(self) -> None: ...

    # from one screen to another
    def ask_undo(self) -> None: ...

    def do_undo(self, everyone: bool) -> None: ...

    def back_to_play(self) -> None: ...

    def main_menu(self) -> None: ...

    def finish_pairing(self, mapping: dict[str, int] | None) -> None: ...

    def leave_game(self) -> None: ...

    def new_game(self, name: str, options: dict, use_memory: bool = True) -> None: ...

    def end_game(self) -> None: ...

    def start(self, session: Session, session_id: int) -> None: ...

    def resume(
        self,
        session_id: int,
        game_name: str,
        options: dict,
        seed: int,
        entries: list[dict],
        replayed: Session | None = None,
    ) -> bool: ...

    def abandon(self, session_id: int) -> bool: ...

    # preferences and players' names
    def set_language(self, language: str) -> None: ...

    def set_brightness(self, level: int) -> None: ...

    def name_player(self, seat: int, name: str | None) -> None: ...

    def known_names(self) -> list[str]: ...

    def reload_names(self) -> None: ...


class MenuItem(NamedTuple):
    """One line of a menu and what OK on it does."""

    label: Msg
    act: Callable[[], object]  # what it returns is not used


class Screen:
    """What the keys do and what the panel shows while this screen is up (see ``flow``)."""

    name: ClassVar[str]  # the screen's name in logs and in the board's view ("play", "menu", ...)
    in_game: ClassVar[bool] = False  # the host's menu key opens the in-game menu over it
    takes_claims: ClassVar[bool] = False  # a phone asking for a seat is asked over it
    pads_clear_notice: ClassVar[bool] = True  # a pad key puts the notice away

    def on_key(self, table: Host, event: KeyEvent) -> None:
        """A key, after the table put the notice and the seat's red blink away."""

    def keeps_notice(self, table: Host, event: KeyEvent) -> bool:
        """Whether this key leaves the notice on the panel (it opens or reads the notice's rest)."""
        return False

    def on_unseated_pad(self, table: Host, event: RawPadKey) -> None:
        """A key of a pad that has no seat: outside pairing it is only named."""
        table.messages.notice = [texts.UNPAIRED_PAD]

    def frame(self, table: Host) -> Frame:
        raise NotImplementedError

    def leds(self, table: Host, states: dict[int, LedState]) -> None:
        """Light the seats this screen waits for (none by default)."""
