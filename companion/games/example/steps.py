"""The example's four decisions, one ``Step`` each: its prompt and what the answer does."""

from __future__ import annotations

from ...engine import Action, Ask, Msg, Prompt, PromptKind, Step, announce, answered, counts, numbered, refuser, rng
from ...engine.i18n import player

refuse = refuser("example")  # refuse("no_four", cs, en) is the refusal "example.no_four"

PICKS = (1, 2, 3)
BONUS_MAX = 5


def leader(state: dict) -> int:
    """The seat with the highest pick (on a tie, the first of them)."""
    picks = state["picks"]
    return picks.index(max(picks))


class Pick(Step):
    """Every seat picks 1-3 in secret; the picks are revealed together."""

    name = "pick"
    enumerable = True  # the prompt always lists 1, 2 and 3

    def prompt(self, state, task):
        seats = tuple(range(state["seats"]))
        options = numbered((v, Msg(str(v), str(v))) for v in PICKS)
        return Prompt(
            PromptKind.SECRET_CHOICE, self.name, seats, Msg("Vyber 1–3", "Pick 1–3"), dict.fromkeys(seats, options)
        )

    def apply(self, state, action: Action, task):
        state["picks"] = [action.picks[seat] for seat in range(state["seats"])]  # a list: JSON keeps it
        announce(state, Msg("Volby: {p}", "Picks: {p}").format(p=", ".join(map(str, state["picks"]))))
        state["phase"] = "roll"


class Roll(Step):
    """The host confirms the roll; the box draws the die (a chance event, kept in the state)."""

    name = "roll"

    def prompt(self, state, task):
        return Prompt(PromptKind.CONFIRM, self.name, (), Msg("Hoď kostkou", "Roll the die"))

    def apply(self, state, action, task):
        state["die"] = rng.randint(state, 1, state["faces"])
        announce(state, Msg("Kostka: {n}", "Die: {n}").format(n=state["die"]))
        state["phase"] = "bonus"


class Bonus(Step):
    """The leader adds a bonus 0-5 to the die (4 is forbidden; 5 needs the star's face)."""

    name = "bonus"

    def prompt(self, state, task):
        title = Msg("{s}: bonus 0–5?", "{s}: bonus 0–5?").format(s=player(leader(state)))
        return Prompt(PromptKind.NUMBER, self.name, (leader(state),), title, minimum=0, maximum=BONUS_MAX)

    def apply(self, state, action: Action, task):
        if action.value == 4:
            raise refuse("no_four", "Bonus 4 pravidla zakazují.", "The rules forbid a bonus of 4.")
        if action.value == BONUS_MAX and state["star"] is None:
            raise Ask({"t": "star"})  # asked first; then this bonus is carried out again
        seat = leader(state)
        star = action.value == BONUS_MAX and state["die"] == state["star"]
        gained = state["die"] + action.value + (1 if star else 0)
        state["points"][seat] += gained
        why = Msg(" (s hvězdou)", " (with the star)") if star else Msg("", "")
        announce(state, Msg("{s}: +{n}{w}", "{s}: +{n}{w}").format(s=player(seat), n=gained, w=why))
        state.update(round=state["round"] + 1, phase="pick", picks=None, die=None)


class Star(Step):
    """Asked once, when a bonus of 5 first needs it: which face of the die bears the star."""

    name = "star"
    enumerable = True  # the prompt always lists every face

    def prompt(self, state, task):
        title = Msg("Na které stěně kostky je hvězda?", "Which face of the die bears the star?")
        return Prompt(PromptKind.CHOICE, self.name, (leader(state),), title, {-1: counts(state["faces"], 1)})

    def apply(self, state, action, task):
        state["star"] = action.value
        answered(state, task)
