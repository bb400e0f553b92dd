"""The game's end: the victory-point cards (kept at setup, claimed, their thresholds typed in
once revealed) and the main player's announcement of the base game."""

from __future__ import annotations

from ....engine import YES_NO, Gate, Msg, Option, Prompt, PromptKind, numbered
from ....engine.choices import YES
from ....engine.steps import in_range
from .. import announcing, goals, texts, victory
from ..texts import refuse
from .common import TableStep, picks_by_seat


class KeepVpCard(TableStep):
    """Expansion: every seat types the number of the card it keeps, hidden."""

    name = "keep_vp_card"

    def prompt(self, state, task):
        seats, count = tuple(range(state["seats"])), state["vp"]["cards"]
        cards = numbered((n, Msg(f"Karta č. {n}", f"Card no. {n}")) for n in range(1, count + 1))
        return Prompt(
            PromptKind.SECRET_CHOICE,
            self.name,
            seats,
            Msg("Karta VB: zadej její číslo", "VP card: enter its number"),
            dict.fromkeys(seats, cards),
            detail=Msg(
                "Rozdejte každému 3 karty vítězných bodů. Každý si jednu tajně nechá, dvě odloží lícem dolů a na padu "
                "zadá číslo své karty (01–{n}) a #.",
                "Deal 3 victory-point cards to each player. Each keeps one secretly, discards two face down and enters "
                "his card's number on the pad (01-{n}), then #.",
            ).format(n=count),
        )

    def apply(self, state, action, task):
        announcing.vp_cards_kept(state, picks_by_seat(action.picks))

    def explain(self, state, task, seat, value):
        return victory.card_number_refusal(state["vp"]["cards"])


class Claim(TableStep):
    """Expansion: before the main player builds, who claims to have won (p.11)?"""

    name = "claim"

    def prompt(self, state, task):
        win = state["board"]["vp"]["win"]
        options = [Option("done", Msg("Nikdo další", "Nobody else"), "#")]
        order = goals.clockwise(state, state["main"])
        options += [Option(f"seat:{s}", texts.seat(s), str(s + 1)) for s in order if str(s) not in state["claims"]]
        claimed = tuple(Option(f"seat:{s}", texts.seat(s), str(s + 1)) for s in order if str(s) in state["claims"])
        return Prompt(
            PromptKind.CHOICE,
            self.name,
            (),
            Msg("Ohlásí někdo {w}+ VB?", "Who claims {w}+ VP?").format(w=win),
            {Prompt.ANYONE: tuple(options)},
            unoffered={Prompt.ANYONE: claimed},
            detail=Msg(
                "Kdo má aspoň {w} vítězných bodů, může ohlásit vítězství.",
                "Whoever has at least {w} victory points may announce victory.",
            ).format(w=win),
        )

    def explain(self, state, task, seat, value):
        text = str(value)
        if not text.startswith("seat:") or not text[5:].isdigit() or int(text[5:]) >= state["seats"]:
            return refuse(
                "claim_unknown_seat",
                "Ohlásit může jen hráč u stolu.",
                "Only a player at the table can claim.",
            )
        return refuse(
            "claim_once",
            "{s} už ohlásil vítězství; každý hráč ohlašuje jen jednou.",
            "{s} has already claimed; every player claims once.",
            s=texts.seat(int(text[5:])),
        )

    def apply(self, state, action, task):
        if action.value == "done":
            announcing.claim_done(state)
        else:
            state["claimant"] = int(str(action.value).split(":")[1])
            state["step"] = "claim_points"


class ClaimPoints(TableStep):
    """The claimant says how many VP he claims."""

    name = "claim_points"

    def task_of(self, state):
        return {"seat": state["claimant"]}

    def prompt(self, state, task):
        seat, win = task["seat"], state["board"]["vp"]["win"]
        return Prompt(
            PromptKind.NUMBER,
            self.name,
            (seat,),
            Msg("{s}: kolik VB?", "{s}: VP claimed?").format(s=texts.seat(seat)),
            minimum=win,
            maximum=victory.CLAIM_MAX,
            detail=Msg(
                "Kolik vítězných bodů ohlašuješ (nejméně {w}).", "How many victory points you claim (at least {w})."
            ).format(w=win),
        )

    def apply(self, state, action, task):
        state["claims"][str(state.pop("claimant"))] = action.value
        state["step"] = "claim"


class VpThreshold(TableStep):
    """One threshold of a revealed card whose values the box data does not know."""

    name = "vp_threshold"

    def task_of(self, state):
        return state["vp"]["learning"]

    def prompt(self, state, task):
        levels = task["levels"]
        column, level = goals.COLUMNS[len(levels) // 3], len(levels) % 3 + 1
        # the card is public now: anyone may type (the column and level first, the screen is narrow)
        return Prompt(
            PromptKind.NUMBER,
            self.name,
            (),
            Msg("{g} {l}/3, karta {c}", "{g} {l}/3, card {c}").format(
                c=task["card"], g=texts.GOAL_SHORT[column], l=level
            ),
            minimum=victory.lowest_threshold(levels),
            maximum=victory.THRESHOLD_MAX,
            detail=Msg(
                "Opiš z odkryté karty č. {c} stupně sloupců zleva doprava ({k}/15): hodnoty karty zatím neznáme, uloží "
                "se pro příští hry.",
                "Copy the levels from revealed card no. {c}, column by column, left to right ({k}/15): the card is not "
                "known yet and is kept for later games.",
            ).format(c=task["card"], k=len(levels) + 1),
        )

    def gate(self, state, task):
        return Gate(
            PromptKind.NUMBER, self.name, (), in_range(victory.lowest_threshold(task["levels"]), victory.THRESHOLD_MAX)
        )

    def apply(self, state, action, task):
        victory.threshold_entered(state, action.value)


class Announce(TableStep):
    """Base game: a main player meeting 3 goals may announce victory (p.9)."""

    name = "announce"
    enumerable = True  # yes or no

    def task_of(self, state):
        return {"seat": state["main"]}

    def prompt(self, state, task):
        main = task["seat"]
        return Prompt(
            PromptKind.CHOICE,
            self.name,
            (main,),
            Msg("{s}: ohlásí výhru?", "{s}: announce?").format(s=texts.seat(main)),
            {main: YES_NO},
            detail=Msg(
                "{s} splňuje {n} cíle a může ohlásit vítězství.", "{s} meets {n} goals and may announce victory."
            ).format(s=texts.seat(main), n=state["board"]["goals"]["needed"]),
        )

    def apply(self, state, action, task):
        if action.value == YES and not goals.can_announce(state, task["seat"]):
            raise refuse("goals_not_met", "K vítězství jsou třeba 3 splněné cíle.", "Victory needs 3 goals met.")
        announcing.announced(state, action.value)
