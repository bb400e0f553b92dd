"""Ships and the sea people: a ship built (its benefit at once, ship 5's chit), and where the sea
people went after every ship and on a 7 (the ship they stand on loses its benefit)."""

from __future__ import annotations

from ....engine import Msg, Option, Prompt, PromptKind
from ...catan import core
from .. import ships, texts
from ..box import RESOURCES
from ..scenario import box_of, part
from .common import QueuedStep, choice, name, one_seat, queue

OPEN_SEA = "sea"
STAY = "stay"
OPEN_SEA_LABEL = Msg("volné moře", "open sea")
STAY_LABEL = Msg("zůstává", "they stay")
SEA_PEOPLE_QUESTION = Msg("Kam jde mořský národ?", "Where do the sea people go?")
SEA_PEOPLE_DETAIL = Msg(
    "Můžeš si vzít kartu hráči u toho pole (ne obchodní body).",
    "You may steal a card from a player at that hex (not trade points).",
)


def build_ship(state: dict, seat: int) -> None:
    """Pay the trade points, take the benefit; ship 5 then picks its chit; the sea people move."""
    box, troy = box_of(state), part(state)
    number = ships.build(box, troy, seat)
    note(
        state,
        Msg("{s} staví loď {n} ({b}); zaplať vlnu a dřevo.", "{s} builds ship {n} ({b}); pay wool and lumber.").format(
            s=name(state, seat), n=number, b=texts.SHIP_BENEFITS[number]
        ),
    )
    tasks = [{"step": "chit", "seat": seat}] if number == ships.CHIT and ships.chits_left(box, troy) else []
    queue(state, *tasks, {"step": "sea_people", "seat": seat, "why": "ship"})


class Chit(QueuedStep):
    """Ship 5: which resource's 2:1 chit the player takes (those still in the supply)."""

    name = "chit"

    def explain(self, state: dict, task: dict, seat, value):
        if value in RESOURCES:
            return texts.refuse(
                "chit_gone",
                "{s}: kartičky 2:1 ({r}) už došly.",
                "{s}: the 2:1 chits ({r}) are gone.",
                s=name(state, task["seat"]),
                r=texts.resource(value),
            )
        return None

    def prompt(self, state: dict, task: dict) -> Prompt:
        left = ships.chits_left(box_of(state), part(state))
        return choice(
            self.name,
            task["seat"],
            Msg("Kterou kartičku 2:1 bereš?", "Which 2:1 chit do you take?"),
            ((r, texts.resource(r)) for r in left),
        )

    def carry_out(self, state: dict, action, task: dict) -> None:
        part(state)["chits"][str(task["seat"])] = action.value
        note(
            state,
            Msg("{s} bere kartičku 2:1: {r}.", "{s} takes the 2:1 chit: {r}.").format(
                s=name(state, task["seat"]), r=texts.resource(action.value)
            ),
        )


def ship_label(state: dict, seat: int, number: int) -> Msg:
    return Msg("{s}: loď {n}", "{s}: ship {n}").format(s=name(state, seat), n=number)


class SeaPeople(QueuedStep):
    """Where the mover put the sea people: open sea or one of the ships (the steal is done with
    the cards; trade points cannot be stolen). After a ship they must move; on a 7 too, unless the
    box's reading ``seven_moves_sea_people`` is turned off."""

    name = "sea_people"

    def explain(self, state: dict, task: dict, seat, value):
        who, troy = name(state, task["seat"]), part(state)
        if value == STAY or (value is not None and value == troy["sea_people"]):
            return texts.refuse(
                "sea_people_move", "{s}: mořský národ se musí přesunout.", "{s}: the sea people must move.", s=who
            )
        if isinstance(value, list) and len(value) == 2 and all(isinstance(v, int) for v in value):
            return texts.refuse(
                "no_such_ship",
                "{s}: tato loď ještě nestojí ({v}).",
                "{s}: that ship is not built ({v}).",
                s=who,
                v=value,
            )
        return None

    def prompt(self, state: dict, task: dict) -> Prompt:
        troy = part(state)
        may_stay = task["why"] == "seven" and not box_of(state).rules["seven_moves_sea_people"]
        if core.stable_codes(state):
            return self._stable_prompt(state, task, may_stay)
        pairs: list[tuple[object, Msg]] = [(OPEN_SEA, OPEN_SEA_LABEL)]
        pairs += [(ship, ship_label(state, *ship)) for ship in ships.built_ships(troy) if ship != troy["sea_people"]]
        if may_stay:
            pairs.append((STAY, STAY_LABEL))
        return choice(self.name, task["seat"], SEA_PEOPLE_QUESTION, pairs, detail=SEA_PEOPLE_DETAIL)

    def _stable_prompt(self, state: dict, task: dict, may_stay: bool) -> Prompt:
        """Rules 3: a code per place for the whole game: 0 open sea, a ship its seat's number and
        its own ("23": Hráč 2's ship 3), * they stay; a ship not built, the one they stand on and
        staying when they must move are unoffered (a pad typing one hears why)."""
        troy = part(state)
        every = [Option(OPEN_SEA, OPEN_SEA_LABEL, "0")]
        every += [
            Option([seat, n], ship_label(state, seat, n), f"{seat + 1}{n}")
            for seat in range(len(troy["ships"]))
            for n in range(1, box_of(state).ship_count + 1)
        ]
        every.append(Option(STAY, STAY_LABEL, "*"))
        built = ships.built_ships(troy)

        def offered(o: Option) -> bool:
            if o.value == STAY:
                return may_stay
            return o.value == OPEN_SEA or (o.value in built and o.value != troy["sea_people"])

        seat = task["seat"]
        return Prompt(
            PromptKind.CHOICE,
            self.name,
            one_seat(seat),
            SEA_PEOPLE_QUESTION,
            {-1: tuple(o for o in every if offered(o))},
            detail=SEA_PEOPLE_DETAIL,
            unoffered={-1: tuple(o for o in every if not offered(o))},
        )

    def carry_out(self, state: dict, action, task: dict) -> None:
        troy = part(state)
        if action.value == STAY:
            return
        troy["sea_people"] = None if action.value == OPEN_SEA else list(action.value)
        if troy["sea_people"] is None:
            note(state, Msg("Mořský národ jde na volné moře.", "The sea people go to open sea."))
            return
        seat, number = troy["sea_people"]  # "na loď 1 (Hráč 3)": no case for the seat's name
        note(
            state,
            Msg("Mořský národ jde na loď {n} ({s}).", "The sea people go onto ship {n} ({s}).").format(
                n=number, s=name(state, seat)
            ),
        )


def note(state: dict, msg: Msg) -> None:
    core.note(state, msg)


STEPS = (Chit(), SeaPeople())
