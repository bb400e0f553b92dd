"""Phase 4: the build menu (the main player, an offered build, the final building) and the
joint public building's outcome."""

from __future__ import annotations

from ....engine import BACK, Gate, Msg, Option, Prompt, PromptKind, RuleError
from .. import building, rounds, texts
from .common import TableStep

ENDS = ("done", "nothing")  # typed with "#", the last line of the menu
TITLE = {
    "main": Msg("{s} staví", "{s} builds"),
    "final": Msg("{s} staví naposled", "{s}: last build"),
    "grant": Msg("{s}: stavba navíc", "{s}: one build"),
}


# ``asking`` 3 (issue 35): the build menu in two steps, first what (a kind, one key that never
# moves), then where or to whom (``build_where``). Sessions recorded before keep the one list.
TWO_STEPS = 3
KIND_CODES = {
    **building.KIND_DIGIT,  # settlement 1, stronghold 2, church 3, hall 4, road 5 ... improvement 8
    "army": "9",
    "supply": "0",
    "grant": "*",
}
END_CODE = "#"


def two_steps(state: dict) -> bool:
    return state.get("asking", 1) >= TWO_STEPS


def kind_of(value: str) -> str:
    """What a build value builds: 'settlement:C3' and a joint 'coop:road:C2' are a settlement and
    a road, a church moving its priest a church; 'grant:2' an offered build."""
    parts = value.split(":")
    return parts[1] if parts[0] == "coop" else parts[0]


def kind_label(kind: str, mode: str) -> Msg:
    if kind in building.ENDS_WORDS:
        return building.WORDS[kind]
    if kind == "settlement":
        return Msg("Osada", "Settlement")
    if kind in building.BUILDINGS:
        return texts.capital(texts.BUILDING[kind])
    if kind in building.PUBLIC:
        return texts.capital(texts.PUBLIC_SHORT[kind])
    if kind == "army":
        return Msg("Vojsko +1", "Army +1")
    if kind == "supply":
        return building.WORDS["supply"]
    return Msg("Nabídnout stavbu", "Offer a build")


def _by_kind(values: list[str]) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for value in values:
        out.setdefault(kind_of(value), []).append(value)
    return out


class Build(TableStep):
    """Everything the builder may build now, then how he ends ("done", or "nothing" for an
    offered build, typed "#"). Each build's code says what and where (``building.code``), so
    it keeps its keys from turn to turn. ``asking`` 3: the kinds only, a key each; a kind with
    places goes on to ``build_where``."""

    name = "build"

    def task_of(self, state):
        return {"seat": state["builder"], "mode": state["mode"]}

    def prompt(self, state, task):
        if two_steps(state):
            return self._kinds(state, task)
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

    @staticmethod
    def _kinds(state, task):
        """What to build, by kind: those with a build no rule refuses now; the others keep
        their keys and are refused with the rule of their first build."""
        seat, mode = task["seat"], task["mode"]
        legal = _by_kind(building.legal(state, seat, mode))
        every = _by_kind(building.candidates(state, seat, mode))
        end = "nothing" if mode == "grant" else "done"
        listed = [k for k in KIND_CODES if k in legal]
        options = (
            *(Option(_kind_value(k, legal), kind_label(k, mode), KIND_CODES[k]) for k in listed),
            Option(end, building.WORDS[end], END_CODE),
        )
        unoffered = tuple(
            Option(_kind_value(k, every), kind_label(k, mode), KIND_CODES[k])
            for k in KIND_CODES
            if k in every and k not in legal
        )
        return Prompt(
            PromptKind.CHOICE,
            Build.name,
            (seat,),
            TITLE[mode].format(s=texts.seat(seat)),  # one row: two kinds a page on 128×64
            {seat: options},
            detail=_build_detail(state, mode),
            unoffered={seat: unoffered},
        )

    def gate(self, state, task):
        """The menu's builds without their labels and codes: a build among the candidates that
        no rule refuses (``building.legal``, asked of the one build), or the end."""
        seat, mode = task["seat"], task["mode"]
        end = "nothing" if mode == "grant" else "done"
        if two_steps(state):
            return Gate(PromptKind.CHOICE, self.name, (seat,), _kind_gate(state, seat, mode, end))

        def offers(answering, value):
            if answering != seat or type(value) is not str:
                return False
            if value == end:
                return True
            return (
                building.is_candidate(state, seat, value, mode) and building.refused(state, seat, value, mode) is None
            )

        return Gate(PromptKind.CHOICE, self.name, (seat,), offers)

    def apply(self, state, action, task):
        if action.value == "done":  # listed always; finishing may still need the supply card
            building.check(state, task["seat"], action.value, task["mode"])
        if two_steps(state) and action.value in WHERE_KINDS:
            state["build_kind"], state["step"] = action.value, BuildWhere.name
            return
        rounds.built(state, action.value)

    def explain(self, state, task, seat, value):
        if two_steps(state) and value in WHERE_KINDS:  # a kind with no build allowed now: its first one's rule
            first = _by_kind(building.candidates(state, task["seat"], task["mode"])).get(str(value))
            if not first:
                return None
            value = first[0]
        try:
            building.check(state, task["seat"], str(value), task["mode"])
        except RuleError as error:
            return _named(task["seat"], error)
        except (ValueError, IndexError):
            pass  # not even a build value
        return None


# the kinds answered with a place or a seat next; the army and the supply card are built at once
WHERE_KINDS = tuple(k for k in KIND_CODES if k not in ("army", "supply"))


def _kind_value(kind: str, builds: dict[str, list[str]]) -> str:
    """The answer that picks a kind: the kind itself, or the one build it names ('army')."""
    return kind if kind in WHERE_KINDS else builds[kind][0]


def _kind_gate(state, seat, mode, end):
    def offers(answering, value):
        if answering != seat or type(value) is not str:
            return False
        if value == end:
            return True
        if value in ("army", "supply"):
            return (
                building.is_candidate(state, seat, value, mode) and building.refused(state, seat, value, mode) is None
            )
        if value not in WHERE_KINDS:
            return False
        held = building.Holdings(state, seat)
        return any(
            building.refused(state, seat, v, mode, held) is None
            for v in building.candidates(state, seat, mode)
            if kind_of(v) == value
        )

    return offers


class BuildWhere(TableStep):
    """``asking`` 3: where the kind chosen goes (or to whom an offered build): its builds no rule
    refuses now, each coded by its territory's place in the board order (a church moving its
    hero, a joint public building: 9 before it; a seat: its number); "*" back to the kinds."""

    name = "build_where"
    shows_turn = False  # the builder was named on the kinds; one row for the question, two places a page

    def task_of(self, state):
        return {"seat": state["builder"], "mode": state["mode"], "kind": state.get("build_kind")}

    def prompt(self, state, task):
        seat, mode, kind = task["seat"], task["mode"], task["kind"]
        values = [v for v in building.legal(state, seat, mode) if kind_of(v) == kind]
        others = [v for v in building.candidates(state, seat, mode) if kind_of(v) == kind and v not in values]
        options = (*(Option(v, building.label(state, v, seat), where_code(state, v)) for v in values), BACK)
        title = (
            Msg("Nabídnout komu?", "Offer to whom?")
            if kind == "grant"
            else Msg("{k} – kde?", "{k} – where?").format(k=kind_label(kind, mode))
        )
        return Prompt(
            PromptKind.CHOICE,
            self.name,
            (seat,),
            title,
            {seat: options},
            detail=_build_detail(state, mode),
            unoffered={seat: tuple(Option(v, building.what(state, v), where_code(state, v)) for v in others)},
        )

    def gate(self, state, task):
        seat, mode, kind = task["seat"], task["mode"], task["kind"]

        def offers(answering, value):
            if answering != seat or type(value) is not str:
                return False
            if value == BACK.value:
                return True
            return (
                kind_of(value) == kind
                and value in building.candidates(state, seat, mode)
                and building.refused(state, seat, value, mode) is None
            )

        return Gate(PromptKind.CHOICE, self.name, (seat,), offers)

    def apply(self, state, action, task):
        state["step"] = Build.name
        state.pop("build_kind", None)
        if action.value != BACK.value:
            rounds.built(state, action.value)

    def explain(self, state, task, seat, value):
        if kind_of(str(value)) != task["kind"]:  # another kind's build: back to the kinds first
            return _named(
                task["seat"],
                RuleError(
                    "graenaland.build_other_kind",
                    Msg(
                        "teď se vybírá místo pro „{k}“; jinou stavbu zvolíš po * (zpět).",
                        "choosing a place for “{k}” now; press * (back) for another build.",
                    ).format(k=kind_label(task["kind"], task["mode"])),
                ),
            )
        try:
            building.check(state, task["seat"], str(value), task["mode"])
        except RuleError as error:
            return _named(task["seat"], error)
        except (ValueError, IndexError, KeyError):
            pass
        return None


def where_code(state: dict, value: str) -> str:
    """A build's key once its kind is chosen: its territory's place in the board order (a
    church or hall moving its hero, a joint public building: 9 before it); an offered build: the
    seat's number. The same key all game for the same build."""
    parts = value.split(":")
    if parts[0] == "grant":
        return str(int(parts[1]) + 1)
    full = building.code(state, value)  # "13", "934", "952": kind digit(s), then the place
    kind_digits = 2 if full.startswith(building.RARE) else 1
    place = full[kind_digits:]
    return (building.RARE + place) if full.startswith(building.RARE) else place


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
