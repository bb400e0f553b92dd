"""CatanGame: the engine's Game for one Catan scenario (core steps + the scenario's own)."""

from __future__ import annotations

from typing import Any

from ...engine import At, Game, Msg, Scores, Setting, Status, Steps, recent
from ...engine.i18n import YOUR_TOTAL
from ...engine.steps import Action
from . import core, texts
from .scenario import Scenario
from .steps import CHOOSE, STEPS, register

RECENT_SHOWN = 4

# The rules version (core.RULES): never in the menu. A new session records the newest
# (``new_options``); a session file without the option, recorded by companion 0.2.0 or earlier,
# replays by the rules it was played by (version 1, the setting's default).
RULES_SETTING = Setting(
    "rules",
    Msg("Verze pravidel", "Rules version"),
    (
        (1, Msg("1: do verze 0.2.0", "1: up to version 0.2.0")),
        (2, Msg("2: jako základní hra", "2: as the base game")),
        (3, Msg("3: kódy se nemění", "3: codes never move")),
    ),
    offered=False,
)


class CatanGame(Game):
    """A Catan scenario as the engine sees it. Not registered itself: each scenario's package
    exposes ``GAME = CatanGame(TheScenario())``."""

    recent_kept = texts.EVENTS_KEPT

    def __init__(self, scenario: Scenario):
        self.scenario = scenario
        self.name = scenario.name
        self.title = scenario.title
        self.min_seats, self.max_seats = scenario.min_seats, scenario.max_seats
        self.players = scenario.players
        self.settings = (*scenario.settings, RULES_SETTING)
        self.extra_options = scenario.extra_options
        self.steps = Steps(*STEPS, *scenario.steps, choose=CHOOSE)
        register(scenario)

    # -- setup -----------------------------------------------------------------------------------
    def new_options(self, options: dict[str, Any]) -> dict[str, Any]:
        """A new session plays by the newest rules and records it."""
        return {"rules": core.RULES, **options}

    def check_options(self, options: dict[str, Any]) -> dict[str, Any]:
        return self.scenario.check_options(options)

    def setup(self, options: dict[str, Any], seed: int) -> dict:
        options = self.validate_options(options)
        state = core.new_state(self.scenario, options, seed)
        self.scenario.setup(state, options)
        return state

    # -- the flow ----------------------------------------------------------------------------------
    def where(self, state: dict) -> At | None:
        """A queued question first (its ``step`` names its step); else the phase, whose step the
        steps table names (the phase "first" is the step ``first_player``; "special" asks who
        builds, then that player's menu)."""
        if state["phase"] == "over":
            return None
        if state["queue"]:
            task = state["queue"][0]
            return At(task["step"], task)
        return At(state["phase"], {})

    def perform(self, state: dict, action: Action) -> None:
        """Every answer clears the last board instruction, then the end is checked."""
        state["hint"] = None
        super().perform(state, action)
        core.settle(self.scenario, state)

    def score_events(self, before: dict, after: dict) -> tuple[Msg, ...]:
        """Every change of a public total while the game runs ("Hráč 2: +1 VB (5)"); at the end
        the hidden points revealed, by the scenario (``Scenario.revealed``: the VP cards by
        default) in short sentences. The ranking screen shows every total, the breakdown stays in
        the scores and the reason of the end in ``state["over"]``."""
        old, new = self.score(before), self.score(after)
        if new.final and not old.final:
            public = tuple(  # a change with nothing hidden in it (the winning build): said as usual
                texts.score_change(core.who(after, s), new.totals[s] - old.totals[s], new.totals[s])
                for s in new.totals
                if new.totals[s] != old.totals.get(s) and not any(core.hidden_points(self.scenario, after, s).values())
            )
            return public + self.scenario.revealed(after)
        return tuple(
            texts.score_change(core.who(after, s), new.totals[s] - old.totals[s], new.totals[s])
            for s in new.totals
            if new.totals[s] != old.totals.get(s)
        )

    # -- what players see --------------------------------------------------------------------------
    def seat_lines(self, state: dict, seat: int) -> tuple[Msg, ...]:
        """The seat's true total (hidden points included) and the VP cards it holds face down."""
        own: tuple[Msg, ...] = (YOUR_TOTAL.format(n=core.true_total(self.scenario, state, seat)),)
        cards = core.hidden_points(self.scenario, state, seat).get("vp_cards", 0)
        if cards:
            own += (texts.VP_CARDS_HELD.format(n=cards),)
        return self.scenario.seat_lines(state, seat, own)

    def view(self, state: dict, seat: int | None = None) -> dict:
        """Public: pieces, knights, special cards, public points; hidden VP only for ``seat``
        (everyone's once the game is over)."""
        scenario, seats = self.scenario, range(state["seats"])
        view = {
            "game": self.name,
            "phase": state["phase"],
            "turn": state["turn"],
            "round": state["round"],
            "pieces": [dict(p) for p in state["pieces"]],
            "knights": list(state["knights"]),
            "army": state["army"],
            "longest_road": state["longest_road"],
            "dev_bought": list(state["dev_bought"]),
            "last_roll": state["last_roll"],
            "public_points": [core.public_total(scenario, state, s) for s in seats],
            "events": list(state["recent"]),
            **scenario.view(state, None),
        }
        if state["over"] is not None:
            view["totals"] = [core.true_total(scenario, state, s) for s in seats]
            view["breakdown"] = [core.breakdown(scenario, state, s) for s in seats]
            view["over"] = dict(state["over"])
        if seat is not None:
            view["seat"] = seat
            view["my_total"] = core.true_total(scenario, state, seat)
            view["my_hidden"] = core.hidden_points(scenario, state, seat)
            view.update(scenario.view(state, seat))
        return view

    def score(self, state: dict) -> Scores:
        """While the game runs only public points (hidden VP stay hidden); at the end the true
        totals with the winner first."""
        scenario, seats = self.scenario, range(state["seats"])
        if state["over"] is None:
            return Scores(
                {s: core.public_total(scenario, state, s) for s in seats},
                {s: core.public_points(scenario, state, s) for s in seats},
            )
        return Scores(
            {s: core.true_total(scenario, state, s) for s in seats},
            {s: core.breakdown(scenario, state, s) for s in seats},
            ranking=tuple(state["over"]["ranking"]),
            final=True,
            places=tuple(state["over"].get("places") or ()),
            nobody_won=state["over"]["winner"] is None,
        )

    def status(self, state: dict) -> Status:
        """Header: the phase and every seat's public points ("Stavba 3·4·2·5", no round: six
        two-digit totals fill the 128 px line); whose turn goes in front of the question."""
        points = "·".join(str(core.public_total(self.scenario, state, s)) for s in range(state["seats"]))
        phase = texts.PHASE.get(state["phase"], texts.PHASE["build"])
        header = phase + Msg(" " + points, " " + points) if state["phase"] not in ("first", "founding") else phase
        turn = state["turn"]
        if state["phase"] == "special":
            turn = state["special"]["builder"]
        elif state["phase"] in ("first", "founding", "over"):
            turn = None
        return Status(None, None, header, turn, recent(state, RECENT_SHOWN))

    def seat_label(self, state: dict, seat: int) -> Msg:
        return core.who(state, seat)

    def learned_box(self, state: dict) -> dict:
        return self.scenario.learned_box(state)
