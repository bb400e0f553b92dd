"""The Great Wall as a scenario of the Catan core: its numbers, settings and hooks.

The box is the raider bag (or reads the cloth bag's draws), moves raiders on every roll before
production, detects breaches, keeps the walls, the penalty tokens and the breach count, and ends
the game at 10 VP on one's own turn or when China falls.
"""

from __future__ import annotations

from typing import Any

from ...engine import Msg, Option, Setting, counted
from ...engine.i18n import join
from ..catan import Scenario, core
from . import box, raiders, texts
from .raiders import NAME, gw
from .steps import STEPS

KNIGHT_FIRST = "knight"


class GreatWall(Scenario):
    star_before_roll = True  # "*": a knight before the roll (roll_options)
    name = NAME
    title = Msg("Velká čínská zeď", "The Great Wall")
    min_seats, max_seats = 4, 6
    players = texts.PLAYERS
    target = 10
    start_settlements = start_roads = 3  # the border fortress and two more
    army_vp = 1  # Largest Army is worth 1 here
    settings = (
        Setting("physical_bag", texts.SETTING_BAG, texts.BAG_VALUES),
        Setting("check_box", texts.SETTING_CHECK, texts.NO_YES),
    )
    steps = STEPS

    # -- setup -----------------------------------------------------------------------------------
    def box_data(self, options: dict) -> box.Box:
        """The shipped file with the remembered corrections, unless the table checks them anew."""
        return box.with_override(None if options.get("check_box") else options.get("box"))

    def check_options(self, options: dict[str, Any]) -> dict[str, Any]:
        box.check(options.get("box"))
        return options

    def setup(self, state: dict, options: dict[str, Any]) -> None:
        seats = options["seats"]
        data = self.box_data(options)
        board = box.board_for(data, seats)
        if core.rules(state) >= 2:  # the development deck, counted when its cards are known
            state["deck"] = box.deck_for(data, seats)
        state[NAME] = {
            **board,
            "bag": [board["per_numeral"]] * board["numerals"],
            "gathering": [0] * board["numerals"],  # raiders per gathering hex
            "attack": [0] * board["sections"],  # raiders per attack hex (in front of section)
            "behind": [0] * board["sections"],  # raiders behind the wall, per section
            "wall": [0] * seats,  # watchtowers per player (0-5)
            "penalties": [0] * seats,
            "breaches": 0,
            "fortress": [None] * seats,  # wall section at each player's fortress
            "not_attack": [],  # sums the table said are no attack number
            "physical_bag": options["physical_bag"],
            "cost_skipped": [],  # levels whose cost the table would not enter now
            "box": options.get("box") or {},  # corrections given at setup
            "learned": {},  # facts taught in this session
        }

    def setup_tasks(self, state: dict) -> list[dict]:
        return [{"step": "fortress", "seat": s} for s in core.clockwise(state, state["first"])]

    def founding_text(self, state: dict) -> Msg:
        return texts.FOUNDING.format(first=core.who(state, state["first"]))

    # -- the turn --------------------------------------------------------------------------------
    def roll_options(self, state: dict, seat: int) -> tuple[Option, ...]:
        """A knight may be played before the roll (to move raiders before they attack). Offered
        on what the table knows only; a seat whose cards left are VP cards is refused if he
        picks it (he knows, the others must not learn it from the offer)."""
        if not core.knight_offered(state, seat):
            return ()
        return (Option(KNIGHT_FIRST, Msg("rytíř před hodem", "knight before the roll"), "*"),)

    def roll_choice(self, state: dict, seat: int, value: Any) -> None:
        core.play_knight(self, state, seat)

    def roll_explain(self, state: dict, seat: int, value: Any):
        """Why the knight before the roll is not offered: the core's rule for knights (a sum
        out of 2-12 is the core's own refusal; anything else its generic one)."""
        if value != KNIGHT_FIRST:
            return None
        if state["card_played"]:
            return core.refuse(
                "one_card_per_turn",
                "Za tah lze zahrát jen jednu akční kartu.",
                "Only one development card may be played per turn.",
            )
        reason = core.knight_refused(state, seat)
        if reason is not None and reason.rule == "catan.no_card":
            return raiders.refuse(
                "no_knight_card",
                "{w} nemá koupenou kartu, kterou by hrál jako rytíře.",
                "{w} has bought no card left to play as a knight.",
                w=core.who(state, seat),
            )
        return reason

    def seven(self, state: dict, seat: int) -> Msg:
        return texts.SEVEN

    def after_roll(self, state: dict, seat: int, roll: int) -> None:
        raiders.roll(state, roll)

    def built(self, state: dict, seat: int, piece: str) -> None:
        if piece in ("settlement", "city"):
            raiders.draw(state, seat)

    def knight(self, state: dict, seat: int) -> None:
        if raiders.knight_actions(state, []):
            core.ask_first(state, {"step": "knight_action", "seat": seat, "n": 1, "done": []})

    def menu_options(self, state: dict, seat: int, special: bool) -> list[Option]:
        level = gw(state)["wall"][seat] + 1
        if level > raiders.TOP_LEVEL:
            return []
        return [Option("wall", texts.wall_item(level), "7")]

    def menu_items(self, state: dict, seat: int, special: bool) -> list[Option]:
        level = min(gw(state)["wall"][seat] + 1, raiders.TOP_LEVEL)
        return [Option("wall", texts.wall_item(level), "7")]

    def menu_detail(self, state: dict, seat: int, special: bool) -> Msg | None:
        """The next wall level's cost (the menu item names the level only)."""
        level = gw(state)["wall"][seat] + 1
        return None if level > raiders.TOP_LEVEL else texts.wall_detail(level, raiders.next_cost(state, seat))

    def menu_explain(self, state: dict, seat: int, value: Any, special: bool):
        if value == "wall":
            return raiders.refuse(
                "wall_top",
                "{w}: zeď už má 5 strážních věží.",
                "{w}: the wall already has 5 watchtowers.",
                w=core.who(state, seat),
            )
        return None

    def menu_choice(self, state: dict, seat: int, value: Any, special: bool) -> None:
        level = raiders.build_wall(state, seat)
        g = gw(state)
        if g["costs"][str(level)] is None and level not in g["cost_skipped"]:
            core.ask_first(state, {"step": "wall_cost", "seat": seat, "level": level, "cost": []})

    # -- points and the end -------------------------------------------------------------------------
    def public_points(self, state: dict, seat: int) -> dict[str, int]:
        return {"penalties": -gw(state)["penalties"][seat]}

    def points_label(self, key: str, value: int) -> Msg:
        one, many = texts.POINT_LABELS[key]
        return counted(abs(value), one, many) + Msg(f" ({value})", f" ({value})")

    def lost(self, state: dict) -> Msg | None:
        """China falls: everyone loses; the most VP at that moment is the least defeated."""
        if not raiders.fallen(state):
            return None
        totals = {s: core.true_total(self, state, s) for s in range(state["seats"])}
        best = max(totals.values())
        return texts.fallen(join(core.named(state, s) for s in totals if totals[s] == best), best)

    def lost_said(self, state: dict, why: Msg) -> Msg:
        """China's fall only: the ranking screen opens on the least defeated."""
        return texts.FALLEN

    def view(self, state: dict, seat: int | None) -> dict:
        if seat is not None:
            return {}
        g = gw(state)
        keys = (
            "bag",
            "gathering",
            "attack",
            "behind",
            "wall",
            "penalties",
            "breaches",
            "breach_limit",
            "fortress",
            "numbers",
            "costs",
            "physical_bag",
        )
        return {NAME: {key: g[key] for key in keys}}

    def learned_box(self, state: dict) -> dict:
        return box.merge(gw(state)["box"], gw(state)["learned"])
