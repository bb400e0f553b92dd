"""Vaaalbara (2-5 players, 9 rounds): the game as the engine sees it.

The cards stay physical: the companion does not model the land deck, the rows or the clan decks.
It keeps what players would otherwise track by hand (hidden VP, the turn order, who acted when)
and asks only what the table knows and it cannot: each seat's character (hidden), which clan has
the best omens when a tie needs it, the land each player takes, and some characters' choices.
"""

from __future__ import annotations

from typing import Any

from ...engine import Action, At, Game, Msg, Scores, Setting, Status, Steps, recent
from ...engine.i18n import YOUR_TOTAL
from .box import BOX, SETTINGS
from .common import ASSIGN, CATEGORIES, KEPT_EVENTS, OVER, RESOLVE, ROUNDS, START, clan, refuse, total
from .flow import advance
from .steps.characters import DECISIONS
from .steps.round import EndRound, FinalOmenBest, OmenBest, PickCharacter, TakeLand
from .texts import ON_OFF, PHASE_NAMES, SETTING_LABELS

RECENT_EVENTS = 6  # shown by status()

STEPS = Steps(PickCharacter(), OmenBest(), *DECISIONS, TakeLand(), EndRound(), FinalOmenBest())

# The readings of the rulebook's open questions, true or false, defaults from data/box.toml: setup
# options a session file may set, not offered in the menu (the table's menu stays one press).
RULE_SETTINGS = tuple(
    Setting(name, SETTING_LABELS[name], ON_OFF, default=BOX.settings[name].default, offered=False) for name in SETTINGS
)


def clans_ok(clans: Any, seats: int) -> bool:
    """One clan per seat, all different, each one of the box."""
    return (
        isinstance(clans, list)
        and len(clans) == seats
        and all(isinstance(c, str) and c in BOX.clans for c in clans)
        and len(set(clans)) == len(clans)
    )


class Vaaalbara(Game):
    """Hidden character picks, then turns in initiative order; hidden VP totals until the end."""

    name = "vaaalbara"
    title = Msg("Vaaalbara", "Vaaalbara")
    min_seats, max_seats = 2, 5
    players = Msg("Vaaalbaru hrají 2 až 5 hráči.", "Vaaalbara is played by 2 to 5 players.")
    steps = STEPS
    recent_kept = KEPT_EVENTS
    settings = RULE_SETTINGS
    extra_options = ("clans",)

    # -- setup -----------------------------------------------------------------------------------
    def check_options(self, options: dict[str, Any]) -> dict[str, Any]:
        """Clans in seat order (the box's order by default)."""
        seats = options["seats"]
        clans = options.get("clans", list(BOX.default_clans[:seats]))
        if not clans_ok(clans, seats):
            raise refuse(
                "clans",
                "Každé místo potřebuje jiný klan, jeden z: {ids}.",
                "Every seat needs a different clan, one of: {ids}.",
                ids=", ".join(BOX.clans),
            )
        return {**options, "clans": list(clans)}

    def setup(self, options: dict[str, Any], seed: int) -> dict:
        """The state at the start of round 1. The seed is unused: this game needs no chance."""
        options = self.validate_options(options)
        seats = options["seats"]
        state = {
            "seats": seats,
            "clans": options["clans"],
            "rules": {name: options[name] for name in SETTINGS},
            "round": 1,
            "phase": ASSIGN,
            "await": None,  # the awaited step's task ({"step": name, ...}), see flow.py
            "picks": None,  # initiative per seat, once revealed
            "acted": [],  # seats that finished their turn this round, in order
            "turn": None,  # the seat whose turn it is
            "order": None,  # the fixed turn order when ties are settled at the reveal
            "omens": [],  # [better, worse] seat pairs known from the current top card
            "discards": [[] for _ in range(seats)],
            "domains": [[] for _ in range(seats)],
            "points": [{c: (BOX.facts["start_vp"] if c == START else 0) for c in CATEGORIES} for _ in range(seats)],
            "ranking": None,
            "recent": [],
        }
        advance(state)
        return state

    def where(self, state: dict) -> At | None:
        """The task in ``state["await"]`` names its step (flow.py); None: the game is over."""
        task = state["await"]
        return None if task is None else At(task["step"], task)

    def perform(self, state: dict, action: Action) -> None:
        """After every answer, what needs nobody runs until a step is awaited (flow.advance)."""
        super().perform(state, action)
        advance(state)

    # -- what players see --------------------------------------------------------------------------
    def view(self, state: dict, seat: int | None = None) -> dict:
        """Everything on the table is public; VP totals are not, until the game is over."""
        public = {
            "game": self.name,
            "round": state["round"],
            "rounds": ROUNDS,
            "phase": state["phase"],
            "clans": list(state["clans"]),
            "picks": list(state["picks"]) if state["picks"] is not None else None,
            "acted": list(state["acted"]),
            "turn": state["turn"],
            "discards": [list(d) for d in state["discards"]],
            "domains": [list(d) for d in state["domains"]],
            "omens": [list(pair) for pair in state["omens"]],
            "events": list(state["recent"]),
            "rules": dict(state["rules"]),
        }
        if state["phase"] == OVER:
            public["totals"] = [total(state, s) for s in range(state["seats"])]
            public["ranking"] = list(state["ranking"])
        if seat is not None:
            public["seat"] = seat
            public["my_total"] = total(state, seat)
            public["my_breakdown"] = dict(state["points"][seat])
        return public

    def seat_lines(self, state: dict, seat: int) -> tuple[Msg, ...]:
        """A seat's own total: the tokens lie face down, only their owner knows it."""
        return (YOUR_TOTAL.format(n=total(state, seat)),)

    def score(self, state: dict) -> Scores:
        seats = range(state["seats"])
        over = state["phase"] == OVER
        return Scores(
            {s: total(state, s) for s in seats},
            {s: dict(state["points"][s]) for s in seats},
            ranking=tuple(state["ranking"]) if over else (),
            final=over,
        )

    def status(self, state: dict) -> Status:
        return Status(
            state["round"],
            ROUNDS,
            PHASE_NAMES[state["phase"]],
            turn=state["turn"] if state["phase"] == RESOLVE else None,
            recent=recent(state, RECENT_EVENTS),
        )

    def seat_label(self, state: dict, seat: int) -> Msg:
        return clan(state, seat)
