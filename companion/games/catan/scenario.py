"""What a Catan scenario adds to the shared core: numbers, steps and hooks.

A scenario subclasses ``Scenario``, sets its numbers and overrides only the hooks it needs; the
defaults are the base game's. Every hook gets the working state (a private copy the engine
throws away on a refusal) and changes it in place; scenario data lives under
``state[scenario.name]``. See the package docstring for the whole contract.
"""

from __future__ import annotations

from typing import Any

from ...engine import Msg, Option, RuleError, Setting, Step
from ...engine.i18n import join


class Scenario:
    name: str = ""  # the registry name, also the key of its state
    title: Msg = Msg("", "")
    min_seats: int = 4
    max_seats: int = 6
    players: Msg | None = None  # the refusal of a wrong player count
    target: int = 10  # VP that win on the player's own turn
    start_settlements: int = 2  # on the board after the founding phase
    start_roads: int = 2
    dev_cards: bool = True  # development cards: bought secretly, knights played
    army_vp: int | None = 2  # Largest Army's VP; None: no Largest Army
    special_building_from: int = 5  # seat counts from which the special building phase runs
    settings: tuple[Setting, ...] = ()  # its menu settings (Game.settings)
    extra_options: tuple[str, ...] = ()  # option keys only its check_options knows
    steps: tuple[Step, ...] = ()  # its own steps, next to the core's
    # a roll option on "*" (the Great Wall's knight before the roll): with rules 3 the roll is
    # then typed as its sum and "#"; without one, 12 is "*" and every sum stays one key
    star_before_roll: bool = False

    # -- setup --------------------------------------------------------------------------------
    def check_options(self, options: dict[str, Any]) -> dict[str, Any]:
        """Check and complete the options the declared settings cannot (box data, combinations)."""
        return options

    def setup(self, state: dict, options: dict[str, Any]) -> None:
        """Add ``state[self.name]`` (the core state is built already)."""

    def setup_tasks(self, state: dict) -> list[dict]:
        """Questions asked once the starting player is known, before the founding screen
        (tasks ``{"step": <one of its steps>, ...}``, asked in order)."""
        return []

    def founding_text(self, state: dict) -> Msg:
        """How the table founds its settlements (the founding screen)."""
        raise NotImplementedError

    # -- the turn -----------------------------------------------------------------------------
    def roll_options(self, state: dict, seat: int) -> tuple[Option, ...]:
        """Extra options of the roll prompt besides the sums (codes not 0-9 or "#")."""
        return ()

    def roll_choice(self, state: dict, seat: int, value: Any) -> None:
        """One of ``roll_options`` was picked instead of a sum."""

    def roll_explain(self, state: dict, seat: int, value: Any) -> RuleError | None:
        """Why one of its roll options is not offered now (None: the core's generic reason)."""
        return None

    def seven(self, state: dict, seat: int) -> Msg:
        """What happens on a 7 besides discarding (the robber's stand-in)."""
        raise NotImplementedError

    def after_roll(self, state: dict, seat: int, roll: int) -> None:
        """Everything the scenario does on a roll, before production is taken from the board."""

    def built(self, state: dict, seat: int, piece: str) -> None:
        """A road, settlement or city was just built (``piece``); the core counted it."""

    def knight(self, state: dict, seat: int) -> None:
        """A knight was just played (counted, Largest Army settled): its scenario effect."""

    def menu_options(self, state: dict, seat: int, special: bool) -> list[Option]:
        """Extra items of the build menu (``special``: the special building phase). Codes 7, 8,
        9 and 0 are free for scenarios (and 4, 5 when it has no development cards)."""
        return []

    def revealed(self, state: dict) -> tuple[Msg, ...]:
        """What the end announces of the hidden points (every seat whose total they change is
        named): the VP cards turned up, "Karty VB: Hráč 1 (2), Hráč 4 (1). Hráč 5 (1)." (two
        seats a sentence, so the panel pages between them)."""
        held = [(s, state["vp_cards"][s]) for s in range(state["seats"]) if self.dev_cards and state["vp_cards"][s]]
        if not held:
            return ()
        from . import core, texts

        parts = [Msg("{w} ({n})", "{w} ({n})").format(w=core.named(state, s), n=n) for s, n in held]
        pairs = [join(parts[i : i + 2]) + Msg(".", ".") for i in range(0, len(parts), 2)]
        return (texts.VP_CARDS_SHOWN + join(pairs, " "),)

    def menu_items(self, state: dict, seat: int, special: bool) -> list[Option]:
        """Every extra item the build menu knows, offered now or not, with its key (those not
        offered are refused by ``menu_explain`` when typed). Default: ``menu_options``."""
        return self.menu_options(state, seat, special)

    def menu_detail(self, state: dict, seat: int, special: bool) -> Msg | None:
        """The build menu's detail, read with ▼ (None: none)."""
        return None

    def menu_choice(self, state: dict, seat: int, value: Any, special: bool) -> None:
        """One of ``menu_options`` was picked."""

    def menu_explain(self, state: dict, seat: int, value: Any, special: bool) -> RuleError | None:
        """Why one of its menu items is not offered now (None: the core's generic reason)."""
        return None

    def end_turn(self, state: dict, seat: int) -> None:
        """The player ended his turn (before the special building phase)."""

    def special_over(self, state: dict, seat: int) -> None:
        """The special building phase after ``seat``'s turn is over (everyone built or passed),
        before the next turn begins; questions it queues are asked first, then the next turn
        begins. Called once per phase, so only with ``special_building_from`` seats or more."""

    # -- points and the end -------------------------------------------------------------------
    def public_points(self, state: dict, seat: int) -> dict[str, int]:
        """The scenario's public VP of a seat by kind (negative for a penalty)."""
        return {}

    def hidden_points(self, state: dict, seat: int) -> dict[str, int]:
        """VP only the box knows until the end (they still count for the win)."""
        return {}

    def win_points(self, state: dict, seat: int, points: dict[str, int]) -> dict[str, int]:
        """Which parts of the seat's true total (``points``, by kind) count towards ``target``
        on his own turn; the win's reveal names these. Default: all of them."""
        return points

    def win_waits(self, state: dict) -> bool:
        """True while a question queued by the turn just ended must be answered before the
        player now on turn may win (Troy's battle). Default: never."""
        return False

    def lost(self, state: dict) -> Msg | None:
        """Why everyone has lost now (None: the game goes on)."""
        return None

    def lost_said(self, state: dict, why: Msg) -> Msg:
        """What the panel announces of ``lost``'s reason (the ranking screen shows the rest).
        Default: all of it."""
        return why

    def ranking(self, state: dict, totals: dict[int, int]) -> list[int]:
        """Final order of seats (the winner, if any, is put first by the core)."""
        return sorted(totals, key=lambda s: (-totals[s], s))

    def tie_key(self, state: dict, totals: dict[int, int], seat: int) -> Any:
        """What the final order compares for ``seat``: seats with equal keys share a place
        (``ranking`` only lists them in some order). Default: the total alone."""
        return totals[seat]

    def game_over(self, state: dict) -> None:
        """Called once as the game ends, however it ends (``state["over"]`` is set: winner,
        ranking, why): the scenario's reveals. Its events come before the reason's."""

    def points_label(self, key: str, value: int) -> Msg:
        """A scenario's part of a total for the final reveal ("2 žetony postihu")."""
        return Msg(f"{key} {value}", f"{key} {value}")

    # -- what players see ---------------------------------------------------------------------
    def view(self, state: dict, seat: int | None) -> dict:
        """The scenario's public part of the view (``seat``: what that seat may also see)."""
        return {}

    def seat_lines(self, state: dict, seat: int, own: tuple[Msg, ...]) -> tuple[Msg, ...]:
        """A seat's own pad screen: ``own`` is the core's (its true total, its VP cards face
        down); a scenario adds what only that seat knows of it."""
        return own

    def learned_box(self, state: dict) -> dict:
        return {}
