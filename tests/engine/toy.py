"""A bare game for the engine's and the table's own tests, which drive it key by key.

Not the game to copy: that is ``companion/games/example/`` (docs/architecture.md shows it),
registered and passing the conformance suite. This one is not registered and keeps what those
tests were written against (its picks keyed by seat number in the state, short announcements).

Each round every seat secretly picks 1-3, then a public die is rolled (chance) and the first seat
adds a bonus; highest pick + die + bonus scores. A bonus of 4 is forbidden by a rule; a bonus of
5 needs the table to say first whether the die shows a star (an interruption, then the bonus is
carried out again).
"""

from companion.engine import (
    Action,
    Ask,
    At,
    Game,
    Msg,
    Prompt,
    PromptKind,
    Scores,
    Status,
    Step,
    Steps,
    announce,
    answered,
    counts,
    numbered,
    queued,
    refuser,
    rng,
)

refuse = refuser("toy")  # refuse("no_four", cs, en) is the refusal "toy.no_four"


class Pick(Step):
    """Every seat picks 1-3 in secret; revealed together."""

    name = "pick"

    def prompt(self, state, task):
        seats = tuple(range(state["seats"]))
        options = numbered((v, Msg(str(v), str(v))) for v in (1, 2, 3))
        return Prompt(PromptKind.SECRET_CHOICE, self.name, seats, Msg("Vyber", "Pick"), dict.fromkeys(seats, options))

    def apply(self, state, action, task):
        state["picks"] = dict(action.picks)
        state["phase"] = "roll"


class Roll(Step):
    """The host rolls the die: the box draws it (a chance event)."""

    name = "roll"

    def prompt(self, state, task):
        return Prompt(PromptKind.CONFIRM, self.name, (), Msg("Hoď", "Roll"))

    def apply(self, state, action, task):
        state["die"] = rng.randint(state, 1, 6)
        state["phase"] = "bonus"


class Bonus(Step):
    """The first seat adds a bonus 0-5 (4 is forbidden; 5 asks about the star first)."""

    name = "bonus"

    def prompt(self, state, task):
        return Prompt(PromptKind.NUMBER, self.name, (0,), Msg("Bonus", "Bonus"), minimum=0, maximum=state["bonus_max"])

    def apply(self, state, action: Action, task):
        if action.value == 4:
            raise refuse("no_four", "Čtyřka je zakázaná.", "Four is forbidden.")
        if action.value == 5 and state["star"] is None:
            raise Ask({"t": "star"})
        best = max(state["picks"], key=lambda s: state["picks"][s])
        state["points"][best] += state["die"] + action.value + (1 if state["star"] else 0)
        announce(state, Msg("{s}: +{n}", "{s}: +{n}").format(s=best + 1, n=state["die"] + action.value))
        state.update(round=state["round"] + 1, phase="pick", star=None)


class Star(Step):
    """Asked only when a rule needs it: does the die show a star?"""

    name = "star"

    def prompt(self, state, task):
        return Prompt(
            PromptKind.CHOICE, self.name, (0,), Msg("Hvězda na kostce?", "A star on the die?"), {-1: counts(1)}
        )

    def apply(self, state, action, task):
        state["star"] = bool(action.value)
        answered(state, task)


class Toy(Game):
    name = "toy"
    title = Msg("Hračka", "Toy")
    min_seats, max_seats = 2, 4
    steps = Steps(Pick(), Roll(), Bonus(), Star())
    extra_options = ("rounds",)  # set by tests only, so not a menu setting

    def check_options(self, options):
        rounds = options.setdefault("rounds", 2)
        if type(rounds) is not int or rounds < 1:
            raise refuse("rounds", "Hraje se aspoň 1 kolo.", "At least 1 round is played.")
        return options

    def setup(self, options, seed):
        options = self.validate_options(options)
        seats = options["seats"]
        return {
            "seats": seats,
            "round": 1,
            "rounds": options["rounds"],
            "picks": None,
            "points": [0] * seats,
            "phase": "pick",
            "rng": rng.new(seed),
            "die": None,
            "star": None,
            "bonus_max": 5,
            "queue": [],
            "recent": [],
        }

    def where(self, state):
        """A queued question first, then the phase; each names its step (the engine's
        ``awaiting`` looks it up in ``steps``)."""
        task = queued(state)
        if task is not None:
            return At(task["t"], task)
        if state["round"] > state["rounds"]:
            return None
        return At(state["phase"], {})

    def view(self, state, seat=None):
        return {"round": state["round"], "points": state["points"]}

    def score(self, state):
        totals = dict(enumerate(state["points"]))
        over = state["round"] > state["rounds"]
        ranking = tuple(sorted(totals, key=lambda s: -totals[s])) if over else ()
        return Scores(totals, ranking=ranking, final=over)

    def status(self, state):
        return Status(
            min(state["round"], state["rounds"]),
            state["rounds"],
            Msg("Volba", "Picking") if state["phase"] == "pick" else Msg("Kostka", "Die"),
        )


GAME = Toy()
