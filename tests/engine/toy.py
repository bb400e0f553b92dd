"""A tiny game for engine and table tests: each round every seat secretly picks 1-3, then a
public die is rolled (chance) and the host confirms; highest pick + die wins the round."""

from companion.engine import Game, Msg, Option, Prompt, PromptKind, RuleError, Scores, Status
from companion.engine import rng


class Toy(Game):
    name = "toy"
    title = Msg("Hračka", "Toy")
    min_seats, max_seats = 2, 4

    def setup(self, options, seed):
        return {"seats": options.get("seats", 2), "round": 1, "rounds": options.get("rounds", 2),
                "picks": None, "points": [0] * options.get("seats", 2), "phase": "pick",
                "rng": rng.new(seed), "die": None}

    def prompt(self, state):
        if state["round"] > state["rounds"]:
            return None
        seats = tuple(range(state["seats"]))
        if state["phase"] == "pick":
            opts = tuple(Option(v, Msg(str(v), str(v)), str(v)) for v in (1, 2, 3))
            return Prompt(PromptKind.SECRET_CHOICE, "pick", seats, Msg("Vyber", "Pick"),
                          {s: opts for s in seats})
        if state["phase"] == "roll":
            return Prompt(PromptKind.CONFIRM, "roll", (), Msg("Hoď", "Roll"))
        return Prompt(PromptKind.NUMBER, "bonus", (0,), Msg("Bonus", "Bonus"), minimum=0, maximum=5)

    def apply(self, state, action):
        if action["step"] == "pick":
            state["picks"] = {int(k): v for k, v in action["picks"].items()}
            state["phase"] = "roll"
        elif action["step"] == "roll":
            state["die"] = rng.randint(state, 1, 6)
            state["phase"] = "bonus"
        else:
            if action["value"] == 4:
                raise RuleError("toy.no_four", Msg("Čtyřka je zakázaná.", "Four is forbidden."))
            best = max(state["picks"], key=lambda s: state["picks"][s])
            state["points"][best] += state["die"] + action["value"]
            state["round"] += 1
            state["phase"] = "pick"
        return state

    def view(self, state, seat=None):
        return {"round": state["round"], "points": state["points"]}

    def score(self, state):
        totals = dict(enumerate(state["points"]))
        over = state["round"] > state["rounds"]
        ranking = tuple(sorted(totals, key=lambda s: -totals[s])) if over else ()
        return Scores(totals, ranking=ranking, final=over)

    def status(self, state):
        return Status(min(state["round"], state["rounds"]), state["rounds"],
                      Msg("Volba", "Picking") if state["phase"] == "pick" else Msg("Kostka", "Die"))


GAME = Toy()
