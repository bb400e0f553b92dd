"""The example as the engine sees it: its settings, its steps, where a state stands, what
players see and the score. It only wires things together; the decisions are in ``steps.py``."""

from __future__ import annotations

from ...engine import At, Game, Msg, Scores, Setting, Status, Steps, queued
from ...engine import rng as random_draws
from .box import BOX
from .steps import Bonus, Pick, Roll, Star, refuse


class Example(Game):
    name = "example"
    title = Msg("Příklad", "Example")
    min_seats, max_seats = 2, 4
    settings = (Setting("rounds", Msg("Kola", "Rounds"), tuple((n, Msg(str(n), str(n))) for n in (3, 2, 5))),)
    steps = Steps(Pick(), Roll(), Bonus(), Star())

    def check_options(self, options):
        """What the settings cannot say: the box a session is given (the star's face, taught
        in an earlier session) must name a face of the die."""
        star = options.get("box", {}).get("star")
        if star is not None and (type(star) is not int or not 1 <= star <= BOX.faces):
            raise refuse("box_star", "Hvězda musí být na stěně 1–{n}.", "The star must be on face 1–{n}.", n=BOX.faces)
        return options

    def setup(self, options, seed):
        options = self.validate_options(options)
        seats = options["seats"]
        return {
            "seats": seats,
            "round": 1,
            "rounds": options["rounds"],
            "faces": BOX.faces,  # what the rules need of the box, kept as plain values
            "star": options.get("box", {}).get("star"),
            "phase": "pick",
            "picks": None,
            "die": None,
            "points": [0] * seats,
            "rng": random_draws.new(seed),
            "queue": [],
            "recent": [],
        }

    def where(self, state):
        """A queued question first, then the end, then the phase; each names its step."""
        task = queued(state)
        if task is not None:
            return At(task["t"], task)
        if state["round"] > state["rounds"]:
            return None
        return At(state["phase"], {})

    def view(self, state, seat=None):
        return {"round": state["round"], "picks": state["picks"], "die": state["die"], "points": state["points"]}

    def score(self, state):
        totals = dict(enumerate(state["points"]))
        over = state["round"] > state["rounds"]
        ranking = tuple(sorted(totals, key=lambda s: -totals[s])) if over else ()
        places = tuple(1 + sum(totals[o] > totals[s] for o in totals) for s in ranking)
        return Scores(totals, ranking=ranking, final=over, places=places)

    def status(self, state):
        phases = {"pick": Msg("Volba", "Picking"), "roll": Msg("Kostka", "The die"), "bonus": Msg("Bonus", "Bonus")}
        return Status(min(state["round"], state["rounds"]), state["rounds"], phases[state["phase"]])

    def learned_box(self, state):
        """What this session taught the box: the star's face, for the next session."""
        return {} if state["star"] is None else {"star": state["star"]}
