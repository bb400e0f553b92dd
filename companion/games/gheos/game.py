"""Gheos (2-4 players): the game as the engine sees it.

The tiles stay physical: the companion never sees the map. It keeps what players would otherwise
track by hand -- the follower ledger, the civilisations in play, points, scoring tokens, epoch
tiles and the tiles left in the stacks -- and asks only the counts that decide an outcome, when
it needs them (see flow.py).
"""

from __future__ import annotations

from typing import Any

from ...engine import At, Game, Msg, Scores, Setting, Status, recent, shared_places
from ...engine.i18n import YOUR_TOTAL, join, player
from .box import BOX, READINGS
from .common import CATEGORIES, COLOURS, KEPT_EVENTS, OVER, START, refuse, total
from .flow import epoch_limit, start_state
from .ledger import followers, held_colours, supply
from .scoring import standing
from .steps import STEPS
from .texts import (
    HEADER,
    OVER_PHASE,
    READING_LABELS,
    READING_VALUES,
    START_PHASE,
    colour_name,
)

RECENT_EVENTS = 4  # shown by status()

# The readings of the rulebook's open questions (U1-U9), defaults from data/box.toml, all unverified:
# offered in the settings menu so a group can switch them.
READING_SETTINGS = tuple(
    Setting(name, READING_LABELS[name], READING_VALUES[name], default=BOX.readings[name].default) for name in READINGS
)


ASKING_NOW = 2


class Gheos(Game):
    """A follower ledger and referee for wars, migrations, epochs, tokens and temples."""

    name = "gheos"
    title = Msg("Gheos", "Gheos")
    bgg_id = 23730  # the English Wikipedia article's infobox (bggid = 23730)
    min_seats, max_seats = 2, 4
    players = Msg("Gheos hrají 2 až 4 hráči.", "Gheos is played by 2 to 4 players.")
    steps = STEPS
    settings = READING_SETTINGS
    recent_kept = KEPT_EVENTS
    # asking 2 (issue 35): a founding's wheat is asked with no default (the last founding's count
    # was of another continent). A session recorded without the option asks as it was answered.
    extra_options = ("asking",)

    def new_options(self, options: dict[str, Any]) -> dict[str, Any]:
        return {"asking": ASKING_NOW, **options}

    def check_options(self, options: dict[str, Any]) -> dict[str, Any]:
        if options.get("asking", 1) not in (1, ASKING_NOW):
            raise refuse("bad_option", "Volba asking je 1, nebo 2.", "Option asking is 1 or 2.")
        return options

    def setup(self, options: dict[str, Any], seed: int) -> dict:
        """The state before the first turn. The seed is unused: the tiles are drawn at the table."""
        options = self.validate_options(options)
        seats = options["seats"]
        facts = BOX.facts
        state = {
            "seats": seats,
            "rules": {name: options[name] for name in READINGS},
            "phase": START,
            "await": None,
            "start": None,
            "turn": None,
            "round": 1,
            "epochs": 0,
            "epoch_limit": epoch_limit(seats),
            # tiles face down: all but the start tile and the hands (epoch tiles drawn at setup go back)
            "stack": facts["tiles"] - facts["start_tiles"] - facts["hand"] * seats,
            "hands": [facts["hand"]] * seats,
            "tokens": [facts["tokens_per_player"]] * seats,
            "in_play": [],
            "held": [dict.fromkeys(COLOURS, 0) for _ in range(seats)],
            "points": [dict.fromkeys(CATEGORIES, 0) for _ in range(seats)],
            "done": {},
            "conflict": None,
            "counting": None,
            "told": {},
            "fresh": {},
            "ending": None,
            "ranking": None,
            "recent": [],
            **({"asking": options["asking"]} if options.get("asking", 1) > 1 else {}),
        }
        start_state(state)
        return state

    def where(self, state: dict) -> At | None:
        """The task in ``state["await"]`` names its step (flow.py); None: the game is over."""
        task = state["await"]
        return None if task is None else At(task["step"], task)

    # -- what players see --------------------------------------------------------------------------
    def view(self, state: dict, seat: int | None = None) -> dict:
        """Everything is public (followers lie in front of their players), but the running totals
        when the reading ``hide_scores`` keeps them hidden until the end."""
        seats = range(state["seats"])
        public = {
            "game": self.name,
            "phase": state["phase"],
            "round": state["round"],
            "start": state["start"],
            "turn": state["turn"],
            "epochs": state["epochs"],
            "epoch_limit": state["epoch_limit"],
            "stack": state["stack"],
            "tokens": list(state["tokens"]),
            "in_play": list(state["in_play"]),
            "held": [dict(h) for h in state["held"]],
            "supply": {c: supply(state, c) for c in state["in_play"]},
            "events": list(state["recent"]),
            "rules": dict(state["rules"]),
        }
        if not state["rules"]["hide_scores"] or state["phase"] == OVER:
            public["totals"] = [total(state, s) for s in seats]
        if state["phase"] == OVER:
            public["ranking"] = list(state["ranking"])
        if seat is not None:
            public["seat"] = seat
            public["my_total"] = total(state, seat)
        return public

    def score(self, state: dict) -> Scores:
        seats = range(state["seats"])
        over = state["phase"] == OVER
        breakdown = {s: {**state["points"][s], "followers": followers(state, s)} for s in seats}
        ranking = tuple(state["ranking"]) if over else ()
        places = shared_places(ranking, lambda seat: standing(state, seat))
        return Scores({s: total(state, s) for s in seats}, breakdown, ranking, over, places)

    def status(self, state: dict) -> Status:
        if state["phase"] == OVER:
            phase = OVER_PHASE
        elif state["phase"] == START:
            phase = START_PHASE
        else:
            phase = HEADER.format(
                e=state["epochs"], limit=state["epoch_limit"], tokens=" ".join(map(str, state["tokens"]))
            )
        return Status(None, None, phase, turn=state["turn"], recent=recent(state, RECENT_EVENTS))

    def seat_label(self, state: dict, seat: int) -> Msg:
        return player(seat)

    def seat_lines(self, state: dict, seat: int) -> tuple[Msg, ...]:
        """A seat's own pad screen: its total (hidden from the others with reading U8), its
        scoring tokens left and the followers it holds."""
        held = held_colours(state, seat)
        followers_text = (
            join([colour_name(c) + Msg(f" {state['held'][seat][c]}", f" {state['held'][seat][c]}") for c in held])
            if held
            else Msg("žádní přívrženci", "no followers")
        )
        return (
            YOUR_TOTAL.format(n=total(state, seat)),
            Msg("Žetony: {n}", "Tokens: {n}").format(n=state["tokens"][seat]),
            followers_text,
        )


GAME = Gheos()
