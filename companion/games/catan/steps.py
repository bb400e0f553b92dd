"""The core's steps: who starts, the founding screen, the roll, the build menu, the special
building phase, Longest Road and the secret development card.

Each step reads the scenario from ``scenario_of(state)`` so one step object serves every
scenario; the scenario's own steps sit beside these in the game's steps table.
"""

from __future__ import annotations

from ...engine import Gate, Msg, Option, Prompt, PromptKind, RuleError, Step, numbered
from ...engine.steps import offered
from . import core, texts

ROLL_CODES = {**{n: str(n) for n in range(2, 10)}, 10: "0", 11: "1", 12: "#"}  # rules 1 and 2
# rules 3: a sum typed as itself and entered with "#" (no option is "#", so the host cursor starts
# on no likely-looking roll and a habit "#" confirms nothing)
TYPED_ROLL_CODES = {n: str(n) for n in core.SUMS}
# rules 3 without a roll option on "*" (Troy, the base game): one key a sum, 12 on "*"
STAR_ROLL_CODES = {**ROLL_CODES, 12: "*"}
MENU_CODES = {"road": "1", "settlement": "2", "city": "3", "dev": "4", "knight": "5", "longest_road": "6"}
VP, OTHER = "vp", "other"

_SCENARIOS: dict[str, object] = {}


def register(scenario) -> None:
    """Make a scenario known to the core's steps (done by CatanGame)."""
    _SCENARIOS[scenario.name] = scenario


def scenario_of(state: dict):
    return _SCENARIOS[state["scenario"]]


def not_now(state: dict, seat: int | None, value) -> RuleError:
    """The core's reason for an answer its prompt does not offer now."""
    return core.refuse(
        "not_now",
        "{w}: {v} teď nelze.",
        "{w}: {v} is not possible now.",
        w=core.who(state, seat) if seat is not None else Msg("Stůl", "The table"),
        v=texts.MENU_ITEM.get(value, Msg(str(value), str(value)))
        if isinstance(value, str)
        else Msg(str(value), str(value)),
    )


def seat_options(state: dict, seats) -> tuple[Option, ...]:
    return tuple(Option(s, core.who(state, s), str(s + 1)) for s in seats)


class FirstPlayer(Step):
    """The table rolls for the start; anyone enters who rolled highest."""

    name = "first_player"
    takes = ("first",)  # the phase "first"
    enumerable = True

    def prompt(self, state, task):
        return Prompt(
            PromptKind.CHOICE, self.name, (), texts.FIRST, {Prompt.ANYONE: seat_options(state, range(state["seats"]))}
        )

    def gate(self, state, task):
        """Every seat at the table, without its name."""
        seats = state["seats"]
        return Gate(PromptKind.CHOICE, self.name, (), lambda seat, value: type(value) is int and 0 <= value < seats)

    def apply(self, state, action, task):
        state["first"] = action.value
        state["turn"] = action.value
        state["phase"] = "founding"
        for question in scenario_of(state).setup_tasks(state):
            core.ask(state, question)


class Founding(Step):
    """The founding screen: how and in which order the table places its first settlements."""

    name = "founding"

    def prompt(self, state, task):
        return Prompt(
            PromptKind.CONFIRM,
            self.name,
            (),
            Msg("Zakládací fáze", "Founding phase"),
            detail=scenario_of(state).founding_text(state),
        )

    def apply(self, state, action, task):
        core.start_turn(state, state["first"])


class Roll(Step):
    """The player on turn enters the dice sum. No sum is "#" (rules 3: the host cursor starts on
    no likely-looking roll and a habit "#" confirms nothing): one key, 10 = 0, 11 = 1, 12 = *;
    typed as itself and "#" where "*" is the knight before the roll (the Great Wall). Rules 1
    and 2: one key, 12 = #."""

    name = "roll"

    def prompt(self, state, task):
        seat = state["turn"]
        scenario = scenario_of(state)
        if not core.stable_codes(state):
            codes, detail = ROLL_CODES, texts.ROLL_DETAIL
        elif scenario.star_before_roll:
            codes, detail = TYPED_ROLL_CODES, texts.TYPED_ROLL_DETAIL
        else:
            codes, detail = STAR_ROLL_CODES, texts.STAR_ROLL_DETAIL
        options = tuple(Option(n, Msg(str(n), str(n)), codes[n]) for n in core.SUMS)
        options += scenario.roll_options(state, seat)
        return Prompt(PromptKind.CHOICE, self.name, (seat,), texts.ROLL, {seat: options}, detail=detail)

    def gate(self, state, task):
        """The sums and the scenario's roll options, without their labels and codes."""
        seat = state["turn"]
        extra = scenario_of(state).roll_options(state, seat)

        def offers(answering, value):
            if answering != seat:
                return False
            if type(value) is int and value in core.SUMS:
                return True
            return any(value == o.value and type(value) is type(o.value) for o in extra)

        return Gate(PromptKind.CHOICE, self.name, (seat,), offers)

    def explain(self, state, task, seat, value):
        if type(value) is int and value not in core.SUMS:
            return core.refuse(
                "no_such_roll",
                "{w}: {v} na dvou kostkách padnout nemůže (součet je 2 až 12).",
                "{w}: two dice cannot roll {v} (the sum is 2 to 12).",
                w=core.who(state, state["turn"]),
                v=value,
            )
        return scenario_of(state).roll_explain(state, state["turn"], value) or not_now(state, state["turn"], value)

    def apply(self, state, action, task):
        scenario = scenario_of(state)
        if isinstance(action.value, int):
            core.roll(scenario, state, action.seat, action.value)
        else:
            scenario.roll_choice(state, action.seat, action.value)


def menu_options(state: dict, seat: int, special: bool) -> tuple[Option, ...]:
    scenario = scenario_of(state)
    keys = ["road", "settlement", "city"]
    if scenario.dev_cards:
        keys.append("dev")
        if not special:
            keys.append("knight")
    keys.append("longest_road")
    options = [Option(key, texts.MENU_ITEM[key], MENU_CODES[key]) for key in keys]
    options += scenario.menu_options(state, seat, special)
    options.append(Option("done" if special else "end", texts.MENU_ITEM["done" if special else "end"], "#"))
    return tuple(options)


def menu_unoffered(state: dict, seat: int, special: bool, offered: tuple[Option, ...]) -> tuple[Option, ...]:
    """The menu items known but not offered now, with their own keys: a pad typing one hears
    the rule (``menu_explain``), not a generic refusal. The knight in the special building
    phase, and the scenario's items it does not offer now (``Scenario.menu_items``)."""
    scenario = scenario_of(state)
    known = []
    if scenario.dev_cards and special:
        known.append(Option("knight", texts.MENU_ITEM["knight"], MENU_CODES["knight"]))
    known += scenario.menu_items(state, seat, special)
    values, codes = [o.value for o in offered], {o.code for o in offered}
    return tuple(o for o in known if o.value not in values and o.code not in codes)


def menu_gate(step: Step, state: dict, seat: int, special: bool) -> Gate:
    """The build menu's items without its labels, detail and unoffered items: the core's items
    (``menu_options``'s first ones and the end) as they are, the scenario's asked only for
    another value."""
    scenario = scenario_of(state)
    keys = {"road", "settlement", "city", "longest_road", "done" if special else "end"}
    if scenario.dev_cards:
        keys.add("dev")
        if not special:
            keys.add("knight")

    def offers(answering, value):
        if answering != seat:
            return False
        if type(value) is str and value in keys:
            return True
        return any(
            value == o.value and type(value) is type(o.value) for o in scenario.menu_options(state, seat, special)
        )

    return Gate(PromptKind.CHOICE, step.name, (seat,), offers)


def menu_prompt(step: Step, state: dict, seat: int, special: bool) -> Prompt:
    """The build menu (``special``: in the special building phase), with the scenario's detail
    (read with ▼) and the items it does not offer now."""
    scenario = scenario_of(state)
    options = menu_options(state, seat, special)
    unoffered = menu_unoffered(state, seat, special, options)
    return Prompt(
        PromptKind.CHOICE,
        step.name,
        (seat,),
        texts.SPECIAL_MENU if special else texts.MENU,
        {seat: options},
        detail=scenario.menu_detail(state, seat, special),
        unoffered={seat: unoffered} if unoffered else {},
    )


def menu_explain(state: dict, seat: int, value, special: bool) -> RuleError:
    """Why a build-menu item is not offered now: the scenario's reason, else the core's."""
    scenario = scenario_of(state)
    reason = scenario.menu_explain(state, seat, value, special)
    if reason is not None:
        return reason
    if value == "knight" and special:
        return core.refuse(
            "knight_own_turn",
            "{w}: rytíře lze hrát jen ve svém tahu.",
            "{w}: a knight is played on one's own turn only.",
            w=core.who(state, seat),
        )
    return not_now(state, seat, value)


def menu_choice(state: dict, seat: int, value, special: bool) -> None:
    scenario = scenario_of(state)
    if value in core.LIMITS:
        core.build(scenario, state, seat, value)
    elif value == "dev":
        reason = core.buy_refused(state)
        if reason is not None:
            raise reason
        core.ask_first(state, {"step": "dev_card", "seat": seat})
    elif value == "knight":
        core.play_knight(scenario, state, seat)
    elif value == "longest_road":
        core.ask_first(state, {"step": "longest_road", "seat": seat})
    elif value == "end":
        core.end_turn(scenario, state, seat)
    elif value == "done":
        core.special_done(scenario, state)
    else:
        scenario.menu_choice(state, seat, value, special)


class Build(Step):
    """The build menu of the player on turn; one key per build, "#" ends the turn."""

    name = "build"

    def prompt(self, state, task):
        return menu_prompt(self, state, state["turn"], False)

    def gate(self, state, task):
        return menu_gate(self, state, state["turn"], False)

    def explain(self, state, task, seat, value):
        return menu_explain(state, state["turn"], value, False)

    def apply(self, state, action, task):
        menu_choice(state, action.seat, action.value, False)


class SpecialBuild(Step):
    """The special building phase (5-6 players): one player's build menu, no trading."""

    name = "special_build"

    def prompt(self, state, task):
        return menu_prompt(self, state, state["special"]["builder"], True)

    def gate(self, state, task):
        return menu_gate(self, state, state["special"]["builder"], True)

    def explain(self, state, task, seat, value):
        return menu_explain(state, state["special"]["builder"], value, True)

    def apply(self, state, action, task):
        menu_choice(state, action.seat, action.value, True)


class SpecialWho(Step):
    """Who builds next in the special building phase (clockwise); "#" when nobody else does."""

    name = "special_who"

    def prompt(self, state, task):
        options = seat_options(state, state["special"]["left"]) + (Option(None, texts.NOBODY_ELSE, "#"),)
        return Prompt(PromptKind.CHOICE, self.name, (), texts.SPECIAL_WHO, {Prompt.ANYONE: options})

    def gate(self, state, task):
        return Gate(PromptKind.CHOICE, self.name, (), offered([*state["special"]["left"], None]))

    def explain(self, state, task, seat, value):
        if type(value) is int and 0 <= value < state["seats"]:
            return core.refuse(
                "special_passed",
                "{w} už ve zvláštní fázi stavěl, přeskočil ji, nebo je na tahu.",
                "{w} has built or passed in this special phase, or is the player on turn.",
                w=core.who(state, value),
            )
        return None

    def apply(self, state, action, task):
        core.special_pick(scenario_of(state), state, action.value)


class LongestRoad(Step):
    """The table's claim: who holds Longest Road now (0: nobody). Rules 2 lists only the seats
    with at least 5 roads built."""

    name = "longest_road"

    def prompt(self, state, task):
        seats = [s for s in range(state["seats"]) if core.road_refused(state, s) is None]
        options = seat_options(state, seats) + (Option(None, texts.NOBODY, "0"),)
        return Prompt(PromptKind.CHOICE, self.name, (task["seat"],), texts.ROAD_WHO, {task["seat"]: options})

    def gate(self, state, task):
        seat = task["seat"]
        values = [s for s in range(state["seats"]) if core.road_refused(state, s) is None]
        listed = offered([*values, None])
        return Gate(
            PromptKind.CHOICE, self.name, (seat,), lambda answering, value: answering == seat and listed(seat, value)
        )

    def explain(self, state, task, seat, value):
        if type(value) is int and 0 <= value < state["seats"]:
            return core.road_refused(state, value)
        return None

    def apply(self, state, action, task):
        core.finish(state, task)
        core.claim_road(state, action.value)


class DevCard(Step):
    """A development card bought: the buyer enters on his pad whether it is a VP card. Both
    answers cost the same keys and look the same; only the total the box keeps differs."""

    name = "dev_card"
    enumerable = True

    def prompt(self, state, task):
        seat = task["seat"]
        options = numbered(((OTHER, texts.DEV_OTHER), (VP, texts.DEV_VP)))
        return Prompt(
            PromptKind.SECRET_CHOICE, self.name, (seat,), texts.DEV_CARD, {seat: options}, detail=texts.DEV_DETAIL
        )

    def gate(self, state, task):
        """The buyer's two answers, without their words."""
        seat = task["seat"]
        return Gate(
            PromptKind.SECRET_CHOICE, self.name, (seat,), lambda asked, value: asked == seat and value in (OTHER, VP)
        )

    def apply(self, state, action, task):
        core.finish(state, task)
        core.buy_card(state, task["seat"], action.picks[task["seat"]] == VP)


STEPS = (FirstPlayer(), Founding(), Roll(), Build(), SpecialBuild(), SpecialWho(), LongestRoad(), DevCard())


def special_step(state: dict, task: dict) -> str:
    """The special building phase asks who builds next, then that player's build menu."""
    return SpecialWho.name if state["special"]["builder"] is None else SpecialBuild.name


# the phases several steps take, each with the function naming the step it awaits now
CHOOSE = {"special": special_step}
