"""Before round 1: the guided box-data check, the drafted starting positions, and the result
screens shown in front of the next step (the start spots and every later result)."""

from __future__ import annotations

from ....engine import Gate, Msg, Option, Prompt, PromptKind, numbered
from ....engine.i18n import join
from ....engine.steps import confirmed, offered_to
from .. import boxcheck, draft, screens, texts
from ..texts import refuse
from .common import TableStep


class BoxCheck(TableStep):
    """One unverified box fact: keep it (#), pick what is printed, or skip the rest (*)."""

    name = boxcheck.STEP

    def task_of(self, state):
        fact, number, total = boxcheck.current(state)
        return {"fact": fact, "number": number, "total": total}

    def prompt(self, state, task):
        check, fact = state["boxcheck"], task["fact"]
        data, partial = boxcheck.records_of(check["data"]), check["partial"]
        resource = boxcheck.next_resource(fact, partial)
        now = boxcheck.describe(fact, boxcheck.value_of(data, fact))
        # what and where first, the progress last: the screen cuts what does not fit
        progress = f" {task['number']}/{task['total']}"
        title = boxcheck.subject(data, fact, resource) + Msg(progress, progress)
        detail = boxcheck.question(data, fact, resource, partial) + Msg(" Teď: {v} [{e}].", " Now: {v} [{e}].").format(
            v=now, e=fact["id"]
        )
        if check.get("stable"):  # asking 2: every answer keeps its code for the whole walk
            listed, unoffered = boxcheck.stable_answers(data, fact, partial)
        else:
            first, pairs = boxcheck.answers(data, fact, partial)
            listed, unoffered = numbered(pairs, first), ()
        options = (
            Option(boxcheck.KEEP, Msg("Nechat: {v}", "Keep: {v}").format(v=now), "#"),
            *listed,
            Option(boxcheck.SKIP, Msg("Přeskočit zbytek", "Skip the rest"), "*"),
        )
        return Prompt(
            PromptKind.CHOICE,
            self.name,
            (),
            title,
            {Prompt.ANYONE: options},
            detail=detail,
            unoffered={Prompt.ANYONE: unoffered} if unoffered else {},
        )

    def apply(self, state, action, task):
        boxcheck.answer(state, task["fact"], action.value)

    def explain(self, state, task, seat, value):
        check, fact = state["boxcheck"], task["fact"]
        data = boxcheck.records_of(check["data"])
        if boxcheck.kind(fact) == "terrain" and value in data.terrains:
            _, pairs = boxcheck.answers(data, fact, check["partial"])
            return refuse(
                "box_check_terrain",
                "Tento díl může ukazovat jen: {t}.",
                "This piece can show only: {t}.",
                t=join([label for _, label in pairs]),
            )
        return refuse("box_check_answer", "Tuto odpověď teď vybrat nelze.", "That answer is not available now.")


class DraftCards(TableStep):
    """Drafted starts: the table lays two face-down cards at every coastal territory."""

    name = "draft_cards"

    def prompt(self, state, task):
        board = state["board"]
        coast = join([texts.territory(board, tid) for tid in board["coast"]])
        return Prompt(
            PromptKind.CONFIRM,
            self.name,
            (),
            Msg("Výběr pozic: karty k pobřeží", "Drafted starts: cards at the coast"),
            detail=Msg(
                "Ke každému pobřežnímu území položte lícem dolů 2 karty surovin příslušné krajiny: {c}.",
                "Put 2 face-down resource cards of the matching terrain next to each coastal territory: {c}.",
            ).format(c=coast),
        )

    def apply(self, state, action, task):
        draft.cards_laid(state)


def _territory_option(state: dict, tid: str) -> Option:
    """The name and terrain first (the screen is narrow), then the cards lying there."""
    board = state["board"]
    label = Msg("{t}, {r}: {c}", "{t}, {r}: {c}").format(
        t=texts.place(board, tid), r=texts.TERRAIN[board["territories"][tid]["terrain"]], c=state["draft"]["cards"][tid]
    )
    return Option(tid, label, str(board["order"].index(tid) + 1))


def _territories_but(state: dict, offered) -> tuple[Option, ...]:
    """The territories not offered, on the keys they have on every screen (their place)."""
    board = state["board"]
    return tuple(
        Option(tid, texts.place(board, tid), str(board["order"].index(tid) + 1))
        for tid in board["order"]
        if tid not in offered
    )


class DraftPlace(TableStep):
    """A settlement (in round 1 with the warrior) on a coastal territory."""

    name = "draft_place"

    def task_of(self, state):
        return {"seat": state["draft"]["queue"][0]}

    def prompt(self, state, task):
        seat, first = task["seat"], state["draft"]["round"] == 1
        title = Msg("{s}: první osada?", "{s}: spot 1?") if first else Msg("{s}: druhá osada?", "{s}: spot 2?")
        places = draft.placements(state, seat)
        options = tuple(_territory_option(state, tid) for tid in places)
        return Prompt(
            PromptKind.CHOICE,
            self.name,
            (seat,),
            title.format(s=texts.seat(seat)),
            {seat: options},
            unoffered={seat: _territories_but(state, places)},
            detail=(
                Msg("Osada a bojovník na pobřeží. ", "A settlement and the warrior on the coast. ")
                if first
                else Msg("Druhá osada na pobřeží. ", "The second settlement on the coast. ")
            )
            + Msg(
                "Vezmi si kartu, která u území leží; třetí osada kartu nedostane.",
                "Take a card lying at that territory; a third settlement gets none.",
            ),
        )

    def gate(self, state, task):
        """The coastal territories the seat may settle, without their names."""
        seat = task["seat"]
        return Gate(PromptKind.CHOICE, self.name, (seat,), offered_to(seat, draft.placements(state, seat)))

    def apply(self, state, action, task):
        draft.place(state, action.value)

    def explain(self, state, task, seat, value):
        return draft.place_refusal(state, value)


class DraftAnchor(TableStep):
    """An earlier settler of an overcrowded territory stays or raises anchor."""

    name = "draft_anchor"

    def task_of(self, state):
        anchor = state["draft"]["anchor"]
        return {"seat": anchor["ask"][0], "territory": anchor["territory"]}

    def prompt(self, state, task):
        board, seat, left = state["board"], task["seat"], task["territory"]
        options = [Option("stay", Msg("Zůstat na {t}", "Stay on {t}").format(t=texts.place(board, left)), "0")]
        targets = draft.anchor_targets(state, seat)
        options += [_territory_option(state, tid) for tid in targets]
        warrior = (
            Msg(" Bojovník pluje s ní.", " The warrior sails along.")
            if draft.WARRIOR_FOLLOWS_ANCHOR
            else Msg(" Bojovník zůstává.", " The warrior stays.")
        )
        return Prompt(
            PromptKind.CHOICE,
            self.name,
            (seat,),
            Msg("{s}: odplout?", "{s}: sail away?").format(s=texts.seat(seat)),
            {seat: tuple(options)},
            unoffered={seat: _territories_but(state, targets + [left])},
            detail=Msg(
                "{t} je přeplněné: zvednout kotvu? Kdo odpluje, přesune svou osadu na méně zaplněné území a vezme si "
                "tam kartu.",
                "{t} is overcrowded: raise anchor? Whoever leaves moves his settlement to a less crowded territory and "
                "takes a card there.",
            ).format(t=texts.territory(board, left))
            + warrior,
        )

    def apply(self, state, action, task):
        draft.anchor(state, action.value)

    def explain(self, state, task, seat, value):
        return draft.anchor_refusal(state, value)


class Shown(TableStep):
    """A result screen (``screens.show``), one step per kind of result: OK goes back to the
    step it was put in front of."""

    def __init__(self, name: str):
        self.name = name

    def task_of(self, state):
        return state["shown"]

    def prompt(self, state, task):
        items = task["items"]
        return Prompt(
            PromptKind.CONFIRM,
            self.name,
            (),
            Msg.from_json(task["title"]),
            detail=join((Msg.from_json(i) for i in items), "; "),
        )

    def gate(self, state, task):
        """Anyone's OK (a confirmation carries no value)."""
        return Gate(PromptKind.CONFIRM, self.name, (), confirmed)

    def apply(self, state, action, task):
        screens.resume(state)
