"""The player's turn: the menu, then each move as its own steps (which tile, where, which unit),
"*" dropping a move that is not finished; siege and the hand limit as questions after a move.

A started move is ``state["pending"]`` (the task of its steps): ``{"kind": ...}`` plus what is
chosen so far (``tile``, ``unit``).
"""

from __future__ import annotations

from ....engine import BACK, Action, Msg, Option, Prompt, PromptKind, announce, answered
from .. import board, box, moves, turns
from ..board import SOUTH
from ..picture import from_grid
from ..texts import at, ordinal, resources, side_name, unit_label
from .common import DvaStep, MoveStep, cell_gate, cell_prompt, choice, listed_gate, seats

MENU = (
    Option("take", Msg("Vzít destičku", "Take a tile"), "1"),
    Option("build", Msg("Postavit budovu", "Build"), "2"),
    Option("terrain", Msg("Volný terén", "Lay free terrain"), "3"),
    Option("step", Msg("Posunout jednotku", "Step a unit"), "4"),
    Option("call", Msg("Povolat z nabídky", "Call in a unit"), "5"),
    Option("withdraw", Msg("Stáhnout do nabídky", "Withdraw a unit"), "6"),
    Option("camp", Msg("Využít ležení", "Use a camp"), "7"),
    Option("correct", Msg("Opravit obraz stolu", "Correct the picture"), "9"),
    Option("end", Msg("Ukončit tah", "End the turn"), "#"),
)
# asking 4: ending is "0", so the cursor (which starts on "#") stands on no habit answer; the
# first move of a turn is a take
MENU_WHEN_NEEDED = tuple(Option(o.value, o.label, "0") if o.value == "end" else o for o in MENU)
MENU_VALUES = tuple(o.value for o in MENU)
# what a menu choice needs before its move starts
MENU_CHECKS = {
    "take": moves.check_can_take,
    "build": moves.check_holds_tile,
    "terrain": moves.check_holds_tile,
    "call": moves.check_unit_in_offer,
    "camp": moves.check_camp,
}


class Turn(DvaStep):
    """The menu of the player on turn."""

    name = "turn"
    enumerable = True  # the whole menu is always listed; the checks come with the choice

    def prompt(self, state: dict, task: dict) -> Prompt:
        side = state["active"]
        detail = Msg("Dosah {r}, suroviny {s}, v ruce {h}.", "Reach {r}, resources {s}, in hand {h}.").format(
            r=board.reach(state, side), s=resources(board.resources(state, side)), h=len(state["hands"][side])
        )
        if state["final_left"] is not None:
            title = Msg("Tvůj poslední tah: co uděláš?", "Your last turn: what next?")
        elif state["final_trigger"]:  # this turn's take emptied the supply
            title = Msg("Zásoba došla, poslední kolo: co dál?", "Supply empty, final round: what next?")
        else:
            title = Msg("Tvůj tah: co uděláš?", "Your turn: what next?")
        return Prompt(
            PromptKind.CHOICE,
            self.name,
            seats(state),
            title,
            {-1: MENU_WHEN_NEEDED if box.when_needed(state) else MENU},
            detail=detail,
        )

    def gate(self, state: dict, task: dict):
        return listed_gate(state, self.name, PromptKind.CHOICE, MENU_VALUES)  # the same values either way

    def apply(self, state: dict, action, task: dict) -> None:
        side, value = state["active"], action.value
        if value == "end":
            self._end(state, side)
            return
        if value in MENU_CHECKS:
            MENU_CHECKS[value](state, side)
        state["pending"] = {"kind": "call_to" if value == "call" else value}

    @staticmethod
    def _end(state: dict, side: int) -> None:
        moves.check_end(state, side)
        if len(state["hands"][side]) > moves.HAND_LIMIT:
            state["queue"].insert(0, {"t": "discard"})
            return
        turns.end_turn(state)


class TakeTile(MoveStep):
    """A tile from the royal offer, counted clockwise from the shield, within reach."""

    name = "take_tile"
    takes = ("take",)
    unlisted_rule = "offer_place_empty"
    unlisted = (
        "{who}: na tomto místě královské nabídky žádná destička neleží.",
        "{who}: no tile lies at that place of the royal offer.",
    )

    def prompt(self, state: dict, task: dict) -> Prompt:
        pairs = [
            (i, Msg("{n} {d}", "{n} {d}").format(n=ordinal(n + 1), d=box.describe(state, state["offer"]["slots"][i])))
            for n, i in enumerate(board.clockwise(state))
        ]
        return choice(
            state,
            self.name,
            Msg("Kterou destičku si bereš? (pořadí od štítu)", "Which tile do you take? (order from the shield)"),
            pairs,
            back=True,
            short=Msg("Kterou si bereš?", "Which do you take?"),
            detail=Msg("Tvůj dosah: {r}.", "Your reach: {r}.").format(r=board.reach(state, state["active"])),
        )

    def gate(self, state: dict, task: dict):
        return listed_gate(state, self.name, PromptKind.CHOICE, [*board.clockwise(state), BACK.value])

    def carry_out(self, state: dict, action: Action, task: dict) -> None:
        value = action.value
        side = state["active"]
        moves.check_take(state, side, value)
        tile = state["offer"]["slots"][value]
        refill = turns.take_from_offer(state, value)
        state["hands"][side].append(tile)
        state["turn"]["taken"] = True
        announce(
            state,
            Msg("{w} si bere: {d}.", "{w} takes: {d}.").format(w=side_name(state, side), d=box.describe(state, tile)),
        )
        if refill is not None:
            state["queue"].insert(0, {"t": "reveal", "slot": refill})


# the refusal of a tile the player does not hold, for every step picking one from the hand
NOT_IN_HAND = ("{who}: destičku {v} v ruce nemáš.", "{who}: you do not hold the tile {v}.")


class HandTile(MoveStep):
    """A tile from the hand (to build, or to lay face down)."""

    title = Msg("", "")
    unlisted_rule = "not_in_hand"
    unlisted = NOT_IN_HAND

    def prompt(self, state: dict, task: dict) -> Prompt:
        pairs = [(t, box.describe(state, t)) for t in state["hands"][state["active"]]]
        return choice(state, self.name, self.title, pairs, back=True)

    def gate(self, state: dict, task: dict):
        return listed_gate(state, self.name, PromptKind.CHOICE, [*state["hands"][state["active"]], BACK.value])


class BuildTile(HandTile):
    name = "build_tile"
    takes = ("build",)
    title = Msg("Kterou destičku stavíš?", "Which tile do you build?")

    def carry_out(self, state: dict, action: Action, task: dict) -> None:
        value = action.value
        if box.when_needed(state):  # the cost decides the build; roads and effect are asked when read
            box.need(state, value, ["cost"])
            moves.check_pay(state, state["active"], value)
        elif state.get("asking", 1) >= box.ASKING_COST_FIRST:  # a build nobody can pay for asks nothing more
            box.need(state, value, ["cost"])
            moves.check_pay(state, state["active"], value)
            box.need(state, value, box.placement_fields(state, value))
        else:  # as recorded: every missing fact in one go, then the cost
            box.need(state, value, ["cost"] + box.placement_fields(state, value))
            moves.check_pay(state, state["active"], value)
        state["pending"] = {"kind": "build_at", "tile": value}


class TerrainTile(HandTile):
    name = "terrain_tile"
    takes = ("terrain",)
    title = Msg("Kterou destičku kladeš lícem dolů?", "Which tile do you lay face down?")

    def carry_out(self, state: dict, action: Action, task: dict) -> None:
        value = action.value
        state["pending"] = {"kind": "terrain_at", "tile": value}


class PlaceTile(MoveStep):
    """Where the chosen tile goes: any free place touching the landscape is shown. The tile
    leaves the hand for the board; ``face_up`` and the hooks say what differs."""

    face_up = False

    def prompt(self, state: dict, task: dict) -> Prompt:
        return cell_prompt(
            state,
            self.name,
            box.describe(state, task["tile"]) + Msg(": kam ji položíš?", ": where does it go?"),
            board.frontier(state),
            box.describe(state, task["tile"]),
            short=box.describe(state, task["tile"]),  # the one row above the map: what is placed
        )

    def gate(self, state: dict, task: dict):
        return cell_gate(state, self.name, lambda k: board.on_frontier(state, k))

    def carry_out(self, state: dict, action: Action, task: dict) -> None:
        value = action.value
        side, tile = state["active"], task["tile"]
        k = from_grid(state, value)
        moves.check_place(state, side, k)
        self.pay(state, side, tile)
        state["hands"][side].remove(tile)
        board.place(state, k, tile, box.fact(state, tile, "colour"), self.face_up, side if self.face_up else None)
        announce(state, self.laid(state, side, tile, k))
        turns.clear_met_treasures(state)
        self.then(state, side, tile, k)

    def pay(self, state: dict, side: int, tile: str) -> None:
        """Before the tile leaves the hand: what placing it costs."""

    def laid(self, state: dict, side: int, tile: str, k: str) -> Msg:
        """The tile lies on ``k``: its bookkeeping, and the public message."""
        raise NotImplementedError

    def then(self, state: dict, side: int, tile: str, k: str) -> None:
        """After the treasures are checked: what the placed tile brings about."""


class BuildAt(PlaceTile):
    name = "build_at"
    face_up = True

    def pay(self, state: dict, side: int, tile: str) -> None:
        state["turn"]["discounts"] -= moves.check_pay(state, side, tile)
        if _roads_read_next(state, side):  # asked now, about the tile in hand (``asking`` 6)
            box.need(state, tile, ["roads"])

    def laid(self, state: dict, side: int, tile: str, k: str) -> Msg:
        if side == SOUTH:
            state["last_building"] = k  # the scaffolding token
        return Msg("{w} staví na {a}: {d}.", "{w} builds at {a}: {d}.").format(
            w=side_name(state, side), d=box.describe(state, tile), a=at(k)
        )

    def then(self, state: dict, side: int, tile: str, k: str) -> None:
        if box.fact(state, tile, "building") == "siege_tower":
            targets = turns.siege_targets(state, k, side)
            if targets:
                state["queue"].insert(0, {"t": "siege", "targets": targets})


def _roads_read_next(state: dict, side: int) -> bool:
    """``asking`` 6, solo: your new building is the anchor of Jindřich's next placement, which
    reads its roads (and roads scored read them anyway), so they are asked while you lay it
    rather than about "your last building" in his turn. Not in your very last turn when roads
    are not scored: nothing would read them."""
    if not (box.folded(state) and state["solo"] and side == SOUTH):
        return False
    return bool(state["roads"]) or state["final_left"] != 1


class TerrainAt(PlaceTile):
    name = "terrain_at"

    def laid(self, state: dict, side: int, tile: str, k: str) -> Msg:
        state["turn"]["discounts"] += 1
        return Msg(
            "{w} klade volný terén na {a} (sleva o 1 surovinu).", "{w} lays free terrain at {a} (1 resource off)."
        ).format(w=side_name(state, side), a=at(k))


class Siege(DvaStep):
    """Two own siege towers touch an opponent's building: destroy it, or not."""

    name = "siege"
    unlisted_rule = "not_under_siege"
    unlisted = (
        "{who}: {v} nesousedí se dvěma tvými obléhacími věžemi.",
        "{who}: {v} does not touch two of your siege towers.",
    )

    def prompt(self, state: dict, task: dict) -> Prompt:
        pairs = []
        for k in task["targets"]:
            building = board.building_at(state, k)
            assert building is not None, "a siege target is a building"
            destroy = Msg("Zničit budovu na {a}: {b}", "Destroy the building at {a}: {b}")
            pairs.append((k, destroy.format(b=box.building_name(building), a=at(k))))
        pairs.append(("no", Msg("Nic neničit", "Destroy nothing")))
        return choice(
            state,
            self.name,
            Msg(
                "Dvě tvé obléhací věže sousedí se soupeřovou budovou.",
                "Two of your siege towers touch an opponent's building.",
            ),
            pairs,
        )

    def apply(self, state: dict, action, task: dict) -> None:
        answered(state, task)
        if action.value != "no":
            board.turn_down(state["board"][action.value])
            announce(
                state,
                Msg(
                    "Budova na {a} je zničena: je z ní volný terén.",
                    "The building at {a} is destroyed: it is free terrain now.",
                ).format(a=at(action.value)),
            )


class WhichUnit(MoveStep):
    """One of the player's units on the board."""

    unlisted_rule = "not_own_unit_on_board"
    unlisted = ("{who}: {v} není tvoje jednotka na herní ploše.", "{who}: {v} is not one of your units on the board.")

    def prompt(self, state: dict, task: dict) -> Prompt:
        units = [u for u in board.units_of(state, state["active"]) if state["units"][u]["at"] in state["board"]]
        if box.when_needed(state):  # a unit keeps its code all game; one that cannot go is not listed
            listed = [
                Option(u, unit_label(state, u), str(n)) for n, u in enumerate(board.units_of(state, state["active"]), 1)
            ]
            shown = [o for o in listed if o.value in units and self.can_go(state, o.value)]
            return Prompt(
                PromptKind.CHOICE,
                self.name,
                seats(state),
                Msg("Kterou jednotku?", "Which unit?"),
                {-1: (*shown, BACK)},
                unoffered={-1: tuple(o for o in listed if o not in shown)},
            )
        return choice(
            state,
            self.name,
            Msg("Kterou jednotku?", "Which unit?"),
            [(u, unit_label(state, u)) for u in units],
            back=True,
        )

    def gate(self, state: dict, task: dict):
        """The units the prompt lists and "*", without their labels."""
        units = [u for u in board.units_of(state, state["active"]) if state["units"][u]["at"] in state["board"]]
        if box.when_needed(state):
            units = [u for u in units if self.can_go(state, u)]
        return listed_gate(state, self.name, PromptKind.CHOICE, [*units, BACK.value])

    def can_go(self, state: dict, uid: str) -> bool:
        return True


class StepUnit(WhichUnit):
    name = "step_unit"
    takes = ("step",)

    def carry_out(self, state: dict, action: Action, task: dict) -> None:
        value = action.value
        moves.check_unit_free(state, value)
        state["pending"] = {"kind": "step_to", "unit": value}


class WithdrawUnit(WhichUnit):
    name = "withdraw_unit"
    takes = ("withdraw",)

    def can_go(self, state: dict, uid: str) -> bool:
        return not state["units"][uid]["elite"]  # the elite never leaves the board

    def carry_out(self, state: dict, action: Action, task: dict) -> None:
        value = action.value
        moves.check_withdraw(state, value)
        turns.move_unit(state, value, "offer")


class StepTo(MoveStep):
    """The neighbouring tile the unit steps onto."""

    name = "step_to"

    def prompt(self, state: dict, task: dict) -> Prompt:
        return cell_prompt(
            state,
            self.name,
            Msg("Na kterou destičku?", "Onto which tile?"),
            sorted(state["board"]),
            cursor=state["units"][task["unit"]]["at"],
        )

    def gate(self, state: dict, task: dict):
        return cell_gate(state, self.name, state["board"].__contains__)

    def carry_out(self, state: dict, action: Action, task: dict) -> None:
        value = action.value
        uid, k = task["unit"], from_grid(state, value)
        moves.check_step(state, uid, k)
        turns.move_unit(state, uid, k)


class CallTo(MoveStep):
    """The tile a unit from the royal offer comes onto."""

    name = "call_to"

    def prompt(self, state: dict, task: dict) -> Prompt:
        return cell_prompt(state, self.name, Msg("Na kterou destičku?", "Onto which tile?"), sorted(state["board"]))

    def gate(self, state: dict, task: dict):
        return cell_gate(state, self.name, state["board"].__contains__)

    def carry_out(self, state: dict, action: Action, task: dict) -> None:
        value = action.value
        side, k = state["active"], from_grid(state, value)
        waiting = [u for u in board.units_of(state, side) if state["units"][u]["at"] == "offer"]
        free = [u for u in waiting if u not in state["turn"]["moved"]]
        if not free:
            moves.check_unit_free(state, waiting[0])
        moves.check_call(state, side, k)
        turns.move_unit(state, free[0], k)


class CampAt(MoveStep):
    """An unused camp flipped: the player may take another tile this turn."""

    name = "camp_at"
    takes = ("camp",)
    unlisted_rule = "no_unused_camp_there"
    unlisted = ("{who}: na {v} nemáš nevyužité ležení.", "{who}: you have no unused camp at {v}.")

    def prompt(self, state: dict, task: dict) -> Prompt:
        camps = [k for k, b in board.buildings_of(state, state["active"]) if b == "camp"]
        return choice(
            state,
            self.name,
            Msg("Které ležení?", "Which camp?"),
            [(k, Msg("Ležení " + at(k), "Camp " + at(k))) for k in camps],
            back=True,
        )

    def carry_out(self, state: dict, action: Action, task: dict) -> None:
        value = action.value
        board.turn_down(state["board"][value])
        state["turn"]["taken"] = False
        state["offer"]["crown"] = state["active"]
        announce(
            state, Msg("Ležení otočeno: můžeš si vzít další destičku.", "Camp flipped: you may take another tile.")
        )


class Discard(DvaStep):
    """More than 3 tiles at the end of the turn: one at a time back to the box ("*": not yet)."""

    name = "discard"
    unlisted_rule = HandTile.unlisted_rule
    unlisted = NOT_IN_HAND

    def prompt(self, state: dict, task: dict) -> Prompt:
        pairs = [(tile, box.describe(state, tile)) for tile in state["hands"][state["active"]]]
        return choice(
            state,
            self.name,
            Msg(
                "V ruce smíš mít nanejvýš 3 destičky: kterou vrátíš do krabice?",
                "You may keep at most 3 tiles: which one goes back to the box?",
            ),
            pairs,
            back=True,
            short=Msg("Kterou vrátíš?", "Which goes back?"),
            detail=Msg("* = tah ještě neukončuj", "* = do not end the turn yet"),
        )

    def apply(self, state: dict, action, task: dict) -> None:
        if action.value == BACK.value:  # the turn goes on: build or lay terrain before ending it
            state["queue"].pop(0)
            return
        side = state["active"]
        state["hands"][side].remove(action.value)
        announce(
            state,
            Msg("Destička do krabice: {d}", "Tile back to the box: {d}").format(d=box.describe(state, action.value)),
        )
        if len(state["hands"][side]) <= moves.HAND_LIMIT:
            answered(state, task)
            turns.end_turn(state)


STEPS = (
    Turn(),
    TakeTile(),
    BuildTile(),
    TerrainTile(),
    BuildAt(),
    TerrainAt(),
    Siege(),
    StepUnit(),
    WithdrawUnit(),
    StepTo(),
    CallTo(),
    CampAt(),
    Discard(),
)
