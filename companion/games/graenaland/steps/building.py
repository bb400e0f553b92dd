"""Phase 4: the build menu (the main player, an offered build, the final building) and the
joint public building's outcome."""

from __future__ import annotations

from ....engine import Gate, Msg, Option, Prompt, PromptKind, RuleError
from .. import building, rounds, texts
from .common import TableStep

ENDS = ("done", "nothing")  # typed with "#", the last line of the menu
TITLE = {
    "main": Msg("{s} staví", "{s} builds"),
    "final": Msg("{s} staví naposled", "{s}: last build"),
    "grant": Msg("{s}: stavba navíc", "{s}: one build"),
}


class Build(TableStep):
    """Everything the builder may build now, then how he ends ("done", or "nothing" for an
    offered build, typed "#"). Each build's code says what and where (``building.code``), so
    it keeps its keys from turn to turn."""

    name = "build"

    def task_of(self, state):
        return {"seat": state["builder"], "mode": state["mode"]}

    def prompt(self, state, task):
        seat, mode = task["seat"], task["mode"]
        values = building.legal(state, seat, mode)
        values.append("nothing" if mode == "grant" else "done")
        builds = values[:-1]  # the end ("done", "nothing") is typed "#"
        options = tuple(
            Option(v, building.label(state, v, seat), code)
            for v, code in zip(values, [*building.codes(state, builds), "#"])
        )
        offered = set(values)
        # every other build keeps its code, so a pad typing it hears the rule it breaks now
        # (a settlement away from one's houses, a hall that may not stand there)
        others = [v for v in building.candidates(state, seat, mode) if v not in offered]
        unoffered = tuple(
            Option(v, building.what(state, v), code) for v, code in zip(others, building.codes(state, others))
        )
        return Prompt(
            PromptKind.CHOICE,
            self.name,
            (seat,),
            TITLE[mode].format(s=texts.seat(seat)),
            {seat: options},
            detail=_build_detail(state, mode),
            unoffered={seat: unoffered},
        )

    def gate(self, state, task):
        """The menu's builds without their labels and codes: a build among the candidates that
        no rule refuses (``building.legal``, asked of the one build), or the end."""
        seat, mode = task["seat"], task["mode"]
        end = "nothing" if mode == "grant" else "done"

        def offers(answering, value):
            if answering != seat or type(value) is not str:
                return False
            if value == end:
                return True
            return (
                value in building.candidates(state, seat, mode) and building.refused(state, seat, value, mode) is None
            )

        return Gate(PromptKind.CHOICE, self.name, (seat,), offers)

    def apply(self, state, action, task):
        if action.value == "done":  # listed always; finishing may still need the supply card
            building.check(state, task["seat"], action.value, task["mode"])
        rounds.built(state, action.value)

    def explain(self, state, task, seat, value):
        try:
            building.check(state, task["seat"], str(value), task["mode"])
        except RuleError as error:
            return _named(task["seat"], error)
        except (ValueError, IndexError):
            pass  # not even a build value
        return None


def _named(seat: int, error: RuleError) -> RuleError:
    """The refusal with the seat first, as players call it: 'Hráč 2: Osadu lze postavit …'."""
    return RuleError(error.rule, Msg("{s}: ", "{s}: ").format(s=texts.seat(seat)) + error.msg)


def _build_detail(state: dict, mode: str) -> Msg:
    if mode == "final":
        return Msg("Bez karty zásob a bez veřejných staveb.", "No supply card and no public buildings.")
    if mode == "grant":
        return Msg(
            "Jedna stavba, platíš sám: bez tržiště a karty zásob.", "One build, paid alone: no market, no supply card."
        )
    if not state["supply"]["taken"] and state["supply"]["display"] > 0:
        return Msg("Nezapomeň si vzít kartu zásob.", "Remember to take a supply card.")
    return Msg("Stav, co zaplatíš.", "Build what you can pay for.")


class CoopResult(TableStep):
    """Did the players build the joint public building together? The main player answers."""

    name = "coop_result"
    shows_turn = False  # the building is named first
    enumerable = True  # built or not: both are always offered

    def task_of(self, state):
        return {"seat": state["main"], **state["coop"]}

    def prompt(self, state, task):
        board, main, kind, tid = state["board"], task["seat"], task["kind"], task["territory"]
        # the main player answers (his LED and the header's ship show it); the question first
        return Prompt(
            PromptKind.CHOICE,
            self.name,
            (main,),
            Msg("Stojí {p} {t}?", "{P} {t} built?").format(
                p=texts.PUBLIC_SHORT[kind], P=texts.capital(texts.PUBLIC_SHORT[kind]), t=texts.tag(board, tid)
            ),
            {
                main: (
                    Option("built", Msg("Postaveno", "Built"), "#"),
                    Option("not_built", Msg("Nepostaveno", "Not built"), "*"),
                )
            },
            detail=Msg("Postavili jste společně {p} – {t}?", "Did you build the joint {p} – {t}?").format(
                p=texts.PUBLIC[kind], t=texts.territory(board, tid)
            ),
        )

    def apply(self, state, action, task):
        if action.value == "built":
            building.check_public(state, task["seat"], task["kind"], task["territory"], "main")
        rounds.coop_decided(state, action.value)
