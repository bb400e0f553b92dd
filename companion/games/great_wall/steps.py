"""The Great Wall's own decisions: the fortress section, a raider drawn from the cloth bag, a
knight's two actions, and the printed facts the table teaches the box (an attack number when
first rolled, a wall tile's cost when first built)."""

from __future__ import annotations

from ...engine import BACK, Gate, Msg, Option, Prompt, PromptKind, Step, answered, counts, numbered
from ...engine.steps import offered_to
from ..catan import core
from . import raiders, texts
from .box import RESOURCES, SIDES
from .raiders import gw


def numeral_options(indices) -> tuple[Option, ...]:
    return tuple(Option(k, Msg(texts.roman(k), texts.roman(k)), str(k + 1)) for k in indices)


def seat_choice(
    step: Step,
    task: dict,
    question: Msg,
    options: tuple[Option, ...],
    detail: Msg | None = None,
    short: Msg | None = None,
    unoffered: tuple[Option, ...] = (),
) -> Prompt:
    """Every Great Wall decision is one player's (the task's seat) choice among options.
    ``unoffered``: the answers the step knows but does not offer now, with their own codes (a
    pad typing one hears the step's rule)."""
    seat = task["seat"]
    return Prompt(
        PromptKind.CHOICE,
        step.name,
        (seat,),
        question,
        {seat: options},
        detail=detail,
        short=short,
        unoffered={seat: unoffered} if unoffered else {},
    )


def left_out(every: tuple[Option, ...], offered: tuple[Option, ...]) -> tuple[Option, ...]:
    """The options of ``every`` not among ``offered`` (same value)."""
    values = [o.value for o in offered]
    return tuple(o for o in every if o.value not in values)


class Fortress(Step):
    """Each player, in founding order, names the wall section at his border fortress."""

    name = "fortress"

    def prompt(self, state, task):
        taken = gw(state)["fortress"]
        free = [s for s in range(gw(state)["sections"]) if s not in taken]
        every = tuple(Option(s, texts.section(s), str(s + 1)) for s in range(gw(state)["sections"]))
        options = tuple(o for o in every if o.value in free)
        return seat_choice(
            self,
            task,
            texts.FORTRESS.format(s=core.who(state, task["seat"])),
            options,
            detail=texts.FORTRESS_DETAIL,
            unoffered=left_out(every, options),
        )

    def gate(self, state, task):
        """The sections without a fortress, without their names."""
        taken = gw(state)["fortress"]
        free = [s for s in range(gw(state)["sections"]) if s not in taken]
        return Gate(PromptKind.CHOICE, self.name, (task["seat"],), offered_to(task["seat"], free))

    def explain(self, state, task, seat, value):
        if value in gw(state)["fortress"]:
            return raiders.refuse(
                "section_taken", "U tohoto úseku už pevnost stojí.", "A fortress already stands at this section."
            )
        return None

    def apply(self, state, action, task):
        core.finish(state, task)
        gw(state)["fortress"][task["seat"]] = action.value


class RaiderDrawn(Step):
    """The cloth bag: the builder draws a chip and enters its numeral."""

    name = "raider_drawn"

    def prompt(self, state, task):
        options = numeral_options(k for k, count in enumerate(gw(state)["bag"]) if count)
        every = numeral_options(range(gw(state)["numerals"]))
        return seat_choice(
            self, task, texts.DRAW_WHICH, options, short=texts.DRAW_SHORT, unoffered=left_out(every, options)
        )

    def gate(self, state, task):
        """The numerals left in the bag."""
        left = [k for k, count in enumerate(gw(state)["bag"]) if count]
        return Gate(PromptKind.CHOICE, self.name, (task["seat"],), offered_to(task["seat"], left))

    def explain(self, state, task, seat, value):
        if type(value) is int and 0 <= value < gw(state)["numerals"]:
            return raiders.refuse(
                "not_in_bag",
                "V sáčku už žádný nájezdník {n} není.",
                "No raider {n} is left in the bag.",
                n=texts.roman(value),
            )
        return raiders.refuse(
            "no_such_numeral",
            "Takové číslo se s tímto počtem hráčů nehraje.",
            "That numeral is not played with this many players.",
        )

    def apply(self, state, action, task):
        core.finish(state, task)
        raiders.place(state, action.value)


class AttackNumber(Step):
    """A sum rolled for the first time: where it is printed (or nowhere). Remembered for the box."""

    name = "attack_number"

    def prompt(self, state, task):
        numbers = gw(state)["numbers"]
        free = [(k, side) for k, sides in enumerate(numbers) for side, n in zip(SIDES, sides) if n is None]
        question = texts.attack_question(task["number"])
        if not core.stable_codes(state):  # rules 1 and 2: the free arrows numbered as they are now
            options = numbered(
                [(None, texts.NOT_ATTACK)] + [([k, side], texts.attack_slot(k, side)) for k, side in free], first=0
            )
            return seat_choice(self, task, question, options, detail=texts.ATTACK_DETAIL)
        # rules 3: every arrow keeps its code for the whole game; one told already is unoffered
        every = numbered(
            [(None, texts.NOT_ATTACK)]
            + [([k, side], texts.attack_slot(k, side)) for k in range(len(numbers)) for side in SIDES],
            first=0,
        )
        options = tuple(o for o in every if o.value is None or tuple(o.value) in free)
        return seat_choice(
            self, task, question, options, detail=texts.ATTACK_DETAIL, unoffered=left_out(every, options)
        )

    def gate(self, state, task):
        """None (not an attack number) and the arrows without a number, as [hex, side]."""
        numbers, seat = gw(state)["numbers"], task["seat"]
        free = [[k, side] for k, sides in enumerate(numbers) for side, n in zip(SIDES, sides) if n is None]

        def offers(answering, value) -> bool:
            if answering != seat:
                return False
            return value is None or (type(value) is list and value in free)

        return Gate(PromptKind.CHOICE, self.name, (seat,), offers)

    def explain(self, state, task, seat, value):
        if isinstance(value, list) and len(value) == 2:
            missing = raiders.no_such_hex(state, value[0])
            if missing is not None:
                return missing
        return raiders.refuse(
            "arrow_known",
            "{w}: tato šipka už své číslo má.",
            "{w}: that arrow has its number already.",
            w=core.who(state, task["seat"]),
        )

    def apply(self, state, action, task):
        g = gw(state)
        number = task["number"]
        if action.value is None:
            g["not_attack"].append(number)
        else:
            k, side = action.value
            g["numbers"][k][SIDES.index(side)] = number
            g["learned"].setdefault("gathering", {}).setdefault(str(k + 1), {})[side] = number
            if not g["gathering"][k]:  # a raider moving at once names the gathering hex and section
                core.note(state, texts.learned_number(number, k, side))
        answered(state, task)


class WallCost(Step):
    """A wall level built whose printed cost is unknown: the builder reads the tile's back, one
    resource at a time (0-3; * = not now)."""

    name = "wall_cost"
    enumerable = True

    def prompt(self, state, task):
        resource = RESOURCES[len(task["cost"])]
        return seat_choice(
            self, task, texts.cost_question(task["level"], resource), counts(3, back=True), detail=texts.COST_DETAIL
        )

    def gate(self, state, task):
        """0 to 3 of the resource asked, or "back"."""
        return Gate(PromptKind.CHOICE, self.name, (task["seat"],), offered_to(task["seat"], (0, 1, 2, 3, BACK.value)))

    def apply(self, state, action, task):
        g = gw(state)
        if action.value == BACK.value:
            g["cost_skipped"].append(task["level"])
            core.finish(state, task)
            return
        task["cost"] = task["cost"] + [action.value]
        if len(task["cost"]) < len(RESOURCES):
            return
        cost = {r: n for r, n in zip(RESOURCES, task["cost"]) if n}
        if not cost:
            task["cost"] = task["cost"][:-1]
            raise raiders.refuse(
                "cost_empty",
                "Díl zdi něco stojí: zadej aspoň jednu surovinu.",
                "A wall tile costs something: enter at least one resource.",
            )
        core.finish(state, task)
        level = str(task["level"])
        g["costs"][level] = cost
        g["learned"].setdefault("wall", {})[level] = {"cost": cost}
        core.note(state, texts.learned_cost(task["level"], cost))


class KnightAction(Step):
    """A knight's action 1 or 2: move a raider between gathering hexes, expel one from the land,
    or move the pirate (once); "#" when the player does no more."""

    name = "knight_action"

    def prompt(self, state, task):
        codes = {"move": "1", "expel": "2", "pirate": "3"}
        possible = raiders.knight_actions(state, task["done"])
        options = tuple(Option(a, texts.KNIGHT_ACTIONS[a], codes[a]) for a in possible)
        options += (Option("stop", texts.KNIGHT_ACTIONS["stop"], "#"),)
        unoffered = tuple(Option(a, texts.KNIGHT_ACTIONS[a], c) for a, c in codes.items() if a not in possible)
        return seat_choice(self, task, texts.KNIGHT.format(n=task["n"]), options, unoffered=unoffered)

    def gate(self, state, task):
        """The actions the knight may still take and "stop", without their words."""
        knight, possible = task["seat"], (*raiders.knight_actions(state, task["done"]), "stop")

        def offers(seat, value) -> bool:
            return seat == knight and type(value) is str and value in possible

        return Gate(PromptKind.CHOICE, self.name, (knight,), offers)

    def explain(self, state, task, seat, value):
        who = core.who(state, task["seat"])
        if value == "pirate":
            return raiders.refuse(
                "pirate_once",
                "{w}: piráta lze rytířem přesunout jen jednou.",
                "{w}: a knight moves the pirate once only.",
                w=who,
            )
        if value == "move":
            return raiders.refuse(
                "no_raider_to_move",
                "{w}: na shromaždištích není nájezdník k přesunu.",
                "{w}: no raider on the gathering hexes to move.",
                w=who,
            )
        return raiders.refuse(
            "no_raider_behind_wall", "{w}: za zdí žádný nájezdník není.", "{w}: no raider is behind the wall.", w=who
        )

    def apply(self, state, action, task):
        core.finish(state, task)
        done = task["done"] + [action.value]
        if action.value == "move":
            core.ask_first(state, {"step": "raider_from", "seat": task["seat"], "n": task["n"], "done": done})
        elif action.value == "expel":
            core.ask_first(state, {"step": "expel_from", "seat": task["seat"], "n": task["n"], "done": done})
        elif action.value == "pirate":
            core.tell(state, texts.PIRATE)
            next_action(state, task, done)


def next_action(state: dict, task: dict, done: list[str]) -> None:
    """After the first action, the second (if anything is left to do)."""
    if task["n"] == 1 and raiders.knight_actions(state, done):
        core.ask_first(state, {"step": "knight_action", "seat": task["seat"], "n": 2, "done": done})


class RaiderFrom(Step):
    name = "raider_from"

    def explain(self, state, task, seat, value):
        return raiders.no_such_hex(state, value) or raiders.no_raider_on(value)

    def prompt(self, state, task):
        options = numeral_options(k for k, count in enumerate(gw(state)["gathering"]) if count)
        every = numeral_options(range(gw(state)["numerals"]))
        return seat_choice(self, task, texts.MOVE_FROM, options, unoffered=left_out(every, options))

    def apply(self, state, action, task):
        core.finish(state, task)
        core.ask_first(state, {**task, "step": "raider_to", "source": action.value})


class RaiderTo(Step):
    name = "raider_to"

    def explain(self, state, task, seat, value):
        missing = raiders.no_such_hex(state, value)
        if missing is not None:
            return missing
        return raiders.refuse(
            "same_gathering_hex",
            "Nájezdník jde na jiné shromaždiště, ne na {g}.",
            "The raider goes to another gathering hex, not {g}.",
            g=texts.roman(value),
        )

    def prompt(self, state, task):
        options = numeral_options(k for k in range(gw(state)["numerals"]) if k != task["source"])
        return seat_choice(self, task, texts.MOVE_TO, options, unoffered=numeral_options([task["source"]]))

    def apply(self, state, action, task):
        core.finish(state, task)
        raiders.move_between(state, task["source"], action.value)
        next_action(state, task, task["done"])


class ExpelFrom(Step):
    name = "expel_from"

    def explain(self, state, task, seat, value):
        return raiders.no_raider_behind(value)

    def prompt(self, state, task):
        every = tuple(Option(s, texts.section(s), str(s + 1)) for s in range(len(gw(state)["behind"])))
        options = tuple(o for o in every if gw(state)["behind"][o.value])
        return seat_choice(self, task, texts.EXPEL_FROM, options, unoffered=left_out(every, options))

    def apply(self, state, action, task):
        core.finish(state, task)
        core.ask_first(state, {**task, "step": "expel_numeral", "section": action.value})


class ExpelNumeral(Step):
    """The chip goes back into the bag: which numeral is on its back (one not all in the bag)."""

    name = "expel_numeral"

    def explain(self, state, task, seat, value):
        return raiders.no_such_hex(state, value) or raiders.all_in_bag(value)

    def prompt(self, state, task):
        g = gw(state)
        options = numeral_options(k for k in range(g["numerals"]) if g["bag"][k] < g["per_numeral"])
        every = numeral_options(range(g["numerals"]))
        return seat_choice(
            self, task, texts.EXPEL_NUMERAL, options, short=texts.EXPEL_SHORT, unoffered=left_out(every, options)
        )

    def apply(self, state, action, task):
        core.finish(state, task)
        raiders.expel(state, task["section"], action.value)
        next_action(state, task, task["done"])


STEPS = (
    Fortress(),
    RaiderDrawn(),
    AttackNumber(),
    WallCost(),
    KnightAction(),
    RaiderFrom(),
    RaiderTo(),
    ExpelFrom(),
    ExpelNumeral(),
)
