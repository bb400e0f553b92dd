"""Corrections: when the table and the companion disagree, the table wins.

Menu key 9 leads here. Every correction is an action in the log. It applies no game rule; it
only refuses what the physical box cannot hold: a tile in two places, more tiles or treasure
tokens than there are, two units on one tile, the elite off the board. Each correction is a move
the player has started (``state["pending"]``): "*" drops it.
"""

from __future__ import annotations

import copy

from ....engine import BACK, Action, Msg, Prompt, PromptKind, RuleError, announce, counts
from .. import board, box, moves, reveal, turns
from ..board import NORTH, SOUTH
from ..picture import from_grid
from ..texts import at, refuse, side_name, tile_where, unit_label
from .common import MoveStep, cell_gate, cell_prompt, choice, listed_gate, seats

HAND_AT_REST = moves.HAND_LIMIT  # a player who is not on turn holds at most this many tiles
ITEMS = (
    ("unit", Msg("Jednotka stojí jinde", "A unit stands elsewhere")),
    ("unit_offer", Msg("Jednotka mimo plochu", "A unit off the board")),
    ("remove", Msg("Odebrat destičku", "Remove a tile")),
    ("flip", Msg("Otočit destičku", "Flip a tile")),
    ("offer", Msg("Královská nabídka", "The royal offer")),
    ("hand", Msg("Destičky v ruce", "Tiles in hand")),
    ("supply", Msg("Počet v zásobě", "Tiles in the supply")),
    ("facts", Msg("Údaje na destičce", "A tile's printed facts")),
)
TREASURE_ITEM = ("treasure", Msg("Poklady", "Treasures"))  # solo only
ITEM_VALUES = (*(value for value, _ in ITEMS), BACK.value)  # what ``Correct`` lists, "*" last
SOLO_VALUES = (*ITEM_VALUES[:-1], TREASURE_ITEM[0], BACK.value)
NEXT = {
    "unit": "fix_unit",
    "unit_offer": "fix_unit_offer",
    "remove": "fix_remove",
    "flip": "fix_flip",
    "offer": "fix_offer",
    "supply": "fix_supply",
    "facts": "fix_facts_set",
    "treasure": "fix_treasures",
}


def corrected(state: dict, what: Msg) -> None:
    """The correction is made: say what changed; a treasure may now be met."""
    announce(state, Msg("Oprava: ", "Correction: ") + what)
    turns.clear_met_treasures(state)


def _check_not_final(state: dict) -> None:
    if state["final_left"] is not None:
        raise refuse(
            "supply_final",
            "V závěrečném kole je zásoba prázdná a nabídka se už nedoplňuje.",
            "In the final round the supply is empty and the offer is not refilled any more.",
        )


def told_tiles(state: dict, set_key: str) -> list[str]:
    """Tiles of a set the companion knows something printed about."""
    return [t for t in box.set_tiles(set_key) if box.known(state, t, "building") or box.known(state, t, "colour")]


def _tokens(state: dict) -> list[str]:
    return sorted(k for k, c in state["board"].items() if c["treasure"])


class Correct(MoveStep):
    """What differs on the table."""

    name = "correct"

    def prompt(self, state: dict, task: dict) -> Prompt:
        items = list(ITEMS) + ([TREASURE_ITEM] if state["solo"] else [])
        return choice(
            state, self.name, Msg("Co na stole vypadá jinak?", "What differs on the table?"), items, back=True
        )

    def gate(self, state: dict, task: dict):
        """The items without their labels, and "*"."""
        return listed_gate(state, self.name, PromptKind.CHOICE, SOLO_VALUES if state["solo"] else ITEM_VALUES)

    def carry_out(self, state: dict, action: Action, task: dict) -> None:
        value = action.value
        if value in ("remove", "flip") and len(state["board"]) == 1:
            raise refuse(
                "only_start_tile", "Na ploše leží jen počáteční destička.", "Only the start tile is on the board."
            )
        if value == "supply":
            _check_not_final(state)
        if value == "hand":
            state["pending"] = {"kind": "fix_hand", "side": SOUTH} if state["solo"] else {"kind": "fix_hand_side"}
            return
        state["pending"] = {"kind": NEXT[value]}


# -- units ---------------------------------------------------------------------------------------
class FixUnit(MoveStep):
    name = "fix_unit"

    def prompt(self, state: dict, task: dict) -> Prompt:
        return choice(
            state,
            self.name,
            Msg("Která jednotka?", "Which unit?"),
            [(u, unit_label(state, u)) for u in state["units"]],
            back=True,
        )

    def gate(self, state: dict, task: dict):
        return listed_gate(state, self.name, PromptKind.CHOICE, [*state["units"], BACK.value])

    def carry_out(self, state: dict, action: Action, task: dict) -> None:
        value = action.value
        state["pending"] = {"kind": "fix_unit_to", "unit": value}


class FixUnitTo(MoveStep):
    name = "fix_unit_to"

    def prompt(self, state: dict, task: dict) -> Prompt:
        where = state["units"][task["unit"]]["at"]
        return cell_prompt(
            state,
            self.name,
            Msg("Na které stojí?", "Which tile is it on?"),
            sorted(state["board"]),
            cursor=where if where in state["board"] else None,
        )

    def gate(self, state: dict, task: dict):
        return cell_gate(state, self.name, state["board"].__contains__)

    def carry_out(self, state: dict, action: Action, task: dict) -> None:
        value = action.value
        k, uid = from_grid(state, value), task["unit"]
        if board.unit_at(state, k) not in (None, uid):
            raise refuse(
                "one_unit_per_tile",
                "Na této destičce už stojí jiná jednotka: nejdřív přesuň ji.",
                "Another unit stands on this tile: move that one first.",
            )
        state["units"][uid]["at"] = k
        corrected(state, Msg("jednotka na " + at(k), "unit to " + at(k)))


class FixUnitOffer(MoveStep):
    name = "fix_unit_offer"

    def prompt(self, state: dict, task: dict) -> Prompt:
        return choice(
            state,
            self.name,
            Msg("Která jednotka je mimo plochu?", "Which unit is off the board?"),
            [(u, unit_label(state, u)) for u, v in state["units"].items() if v["at"] in state["board"]],
            back=True,
        )

    def gate(self, state: dict, task: dict):
        on_board = [u for u, v in state["units"].items() if v["at"] in state["board"]]
        return listed_gate(state, self.name, PromptKind.CHOICE, [*on_board, BACK.value])

    def carry_out(self, state: dict, action: Action, task: dict) -> None:
        value = action.value
        unit = state["units"][value]
        if unit["elite"]:
            raise refuse(
                "elite_stays",
                "Elitní jednotka nikdy neopouští herní plochu: přesuň ji na jinou destičku.",
                "The elite unit never leaves the board: move it to another tile instead.",
            )
        if off_the_board(state, unit) == "out":
            corrected(state, Msg("Jindřichova jednotka mimo plochu", "Jindřich's unit off the board"))
        else:
            corrected(state, Msg("jednotka do nabídky", "unit to the offer"))


def off_the_board(state: dict, unit: dict) -> str:
    """A unit leaving the board: Jindřich's go out (they are never in the offer), the others to
    the offer. Returns where it went."""
    unit["at"] = "out" if state["solo"] and unit["side"] == NORTH else "offer"
    return unit["at"]


# -- tiles on the board --------------------------------------------------------------------------
class FixRemove(MoveStep):
    name = "fix_remove"

    def prompt(self, state: dict, task: dict) -> Prompt:
        return cell_prompt(
            state, self.name, Msg("Chybějící destička?", "Which tile is missing?"), sorted(state["board"])
        )

    def gate(self, state: dict, task: dict):
        return cell_gate(state, self.name, state["board"].__contains__)

    def carry_out(self, state: dict, action: Action, task: dict) -> None:
        value = action.value
        k = from_grid(state, value)
        cell = state["board"][k]
        uid = board.unit_at(state, k)
        self._check(state, k, cell, uid)
        if uid is not None:
            off_the_board(state, state["units"][uid])
        del state["board"][k]
        reveal.unsee(state, cell["tile"])
        if state["last_building"] == k:
            state["last_building"] = None
        corrected(state, Msg("destička z " + at(k) + " odebrána", "tile at " + at(k) + " removed"))

    @staticmethod
    def _check(state: dict, k: str, cell: dict, uid: str | None) -> None:
        if k == "0,0":
            raise refuse("start_tile_stays", "Počáteční destička zůstává.", "The start tile stays.")
        if cell["treasure"]:
            raise refuse(
                "treasure_on_tile",
                "Na destičce leží poklad: nejdřív ho odeber nebo přesuň (oprava pokladů).",
                "A treasure lies on this tile: remove or move it first (treasure corrections).",
            )
        if uid is not None and state["units"][uid]["elite"]:
            raise refuse(
                "elite_stays",
                "Na destičce stojí elitní jednotka: nejdřív ji přesuň.",
                "The elite unit stands on this tile: move it first.",
            )


class FixFlip(MoveStep):
    name = "fix_flip"

    def prompt(self, state: dict, task: dict) -> Prompt:
        return cell_prompt(
            state, self.name, Msg("Obrácená destička?", "Which tile is flipped?"), sorted(state["board"])
        )

    def gate(self, state: dict, task: dict):
        return cell_gate(state, self.name, state["board"].__contains__)

    def carry_out(self, state: dict, action: Action, task: dict) -> None:
        value = action.value
        k = from_grid(state, value)
        c = state["board"][k]
        if c["tile"] is None:
            raise refuse(
                "start_tile_stays", "Počáteční destička zůstává lícem dolů.", "The start tile stays face down."
            )
        if c["up"]:
            board.turn_down(c)
        else:
            box.need(state, c["tile"], box.placement_fields(state, c["tile"]))
            c["up"], c["owner"] = True, state["active"]
        corrected(state, Msg("destička na " + at(k) + " otočena", "tile at " + at(k) + " flipped"))


# -- the offer, the hands, the supply ------------------------------------------------------------
class FixOffer(MoveStep):
    name = "fix_offer"

    def prompt(self, state: dict, task: dict) -> Prompt:
        pairs = []
        for n, slot in enumerate(board.offer_order(state), 1):
            tile = state["offer"]["slots"][slot]
            what = box.describe(state, tile) if tile else Msg("prázdno", "empty")
            pairs.append((slot, Msg("{n}. {w}", "{n}. {w}").format(n=n, w=what)))
        return choice(
            state,
            self.name,
            Msg("Která pozice nabídky nesedí? (od štítu)", "Which offer place is wrong? (from the shield)"),
            pairs,
            back=True,
            short=Msg("Která pozice nesedí?", "Which place is off?"),
        )

    def gate(self, state: dict, task: dict):
        return listed_gate(state, self.name, PromptKind.CHOICE, [*board.offer_order(state), BACK.value])

    def carry_out(self, state: dict, action: Action, task: dict) -> None:
        value = action.value
        state["queue"].insert(0, {"t": "reveal", "slot": value, "fix": True})


class FixHandSide(MoveStep):
    name = "fix_hand_side"

    def prompt(self, state: dict, task: dict) -> Prompt:
        return choice(
            state,
            self.name,
            Msg("Čí ruka?", "Whose hand?"),
            [(s, side_name(state, s)) for s in (SOUTH, NORTH)],
            back=True,
        )

    def gate(self, state: dict, task: dict):
        return listed_gate(state, self.name, PromptKind.CHOICE, (SOUTH, NORTH, BACK.value))

    def carry_out(self, state: dict, action: Action, task: dict) -> None:
        value = action.value
        state["pending"] = {"kind": "fix_hand", "side": value}


class FixHand(MoveStep):
    name = "fix_hand"

    def prompt(self, state: dict, task: dict) -> Prompt:
        pairs = [
            (t, Msg("Není v ruce: {d}", "Not held: {d}").format(d=box.describe(state, t)))
            for t in state["hands"][task["side"]]
        ]
        pairs.append(("add", Msg("Má navíc destičku", "Holds another tile")))
        return choice(
            state,
            self.name,
            Msg("{w}: co v ruce nesedí?", "{w}: what is wrong in the hand?").format(w=side_name(state, task["side"])),
            pairs,
            back=True,
        )

    def gate(self, state: dict, task: dict):
        return listed_gate(state, self.name, PromptKind.CHOICE, [*state["hands"][task["side"]], "add", BACK.value])

    def carry_out(self, state: dict, action: Action, task: dict) -> None:
        value = action.value
        side = task["side"]
        if value == "add":
            if side != state["active"] and len(state["hands"][side]) >= HAND_AT_REST:
                raise refuse(
                    "hand_at_rest",
                    "Mimo svůj tah drží hráč nanejvýš 3 destičky.",
                    "Outside their turn a player holds at most 3 tiles.",
                )
            state["queue"].insert(0, {"t": "reveal", "hand": side, "fix": True})
            return
        state["hands"][side].remove(value)
        reveal.unsee(state, value)
        corrected(state, Msg("v ruce není ", "not in the hand: ") + box.describe(state, value))


class CountStep(MoveStep):
    """A count typed as the number and "#" ("*": back)."""

    title = Msg("", "")

    def now(self, state: dict) -> int:
        raise NotImplementedError

    def highest(self, state: dict) -> int:
        raise NotImplementedError

    def check(self, state: dict, value: int) -> None:
        """The box's limit on the count; raises the named refusal."""

    def prompt(self, state: dict, task: dict) -> Prompt:
        return Prompt(
            PromptKind.CHOICE,
            self.name,
            seats(state),
            self.title,
            {-1: counts(self.highest(state), back=True)},
            detail=Msg("Teď {n}. Napiš číslo a #, * = zpět.", "Now {n}. Type the number and #, * = back.").format(
                n=self.now(state)
            ),
        )

    def gate(self, state: dict, task: dict):
        return listed_gate(state, self.name, PromptKind.CHOICE, [*range(self.highest(state) + 1), BACK.value])

    def explain(self, state: dict, task: dict, seat, value) -> RuleError | None:
        """A count above the listed ones breaks the box's limit: name it."""
        if not isinstance(value, int) or isinstance(value, bool):
            return None
        try:
            self.check(state, value)
        except RuleError as error:
            return error
        return None


class FixSupply(CountStep):
    name = "fix_supply"
    title = Msg("Kolik destiček je v zásobě?", "How many tiles are in the supply?")

    def now(self, state: dict) -> int:
        return state["supply"]

    def highest(self, state: dict) -> int:
        return box.SUPPLY_AT_SETUP

    def check(self, state: dict, value: int) -> None:
        """The final round was refused before this step (Correct): only the count is left."""
        if value > reveal.supply_max(state):
            raise refuse(
                "supply_count",
                "Destiček v zásobě může být nanejvýš {m}: ostatní už se ve hře ukázaly.",
                "The supply can hold at most {m} tiles: the others have already turned up.",
                m=reveal.supply_max(state),
            )

    def carry_out(self, state: dict, action: Action, task: dict) -> None:
        value = action.value
        self.check(state, value)
        state["supply"] = value
        state["final_trigger"] = value == 0  # an empty supply ends the game after this turn
        corrected(state, Msg("destiček v zásobě: {n}", "tiles in the supply: {n}").format(n=value))


# -- printed facts of a tile ---------------------------------------------------------------------
class FixFactsSet(MoveStep):
    name = "fix_facts_set"

    def prompt(self, state: dict, task: dict) -> Prompt:
        return choice(
            state,
            self.name,
            Msg("Ze které sady je destička?", "Which set is the tile from?"),
            [(s, box.set_name(s)) for s in state["sets"]],
            back=True,
        )

    def gate(self, state: dict, task: dict):
        return listed_gate(state, self.name, PromptKind.CHOICE, [*state["sets"], BACK.value])

    def carry_out(self, state: dict, action: Action, task: dict) -> None:
        value = action.value
        if not told_tiles(state, value):
            raise refuse(
                "nothing_told",
                "O žádné destičce z této sady zatím nic nevím.",
                "I know nothing about any tile of this set yet.",
            )
        state["pending"] = {"kind": "fix_facts_tile", "set": value}


class FixFactsTile(MoveStep):
    """Ask all facts the tile had (and what its place on the board needs) again."""

    name = "fix_facts_tile"

    def prompt(self, state: dict, task: dict) -> Prompt:
        pairs = [
            (t, Msg("{d} {w}", "{d} {w}").format(d=box.describe(state, t), w=tile_where(state, t)))
            for t in told_tiles(state, task["set"])
        ]
        return choice(
            state,
            self.name,
            Msg("Která destička má špatné údaje?", "Which tile's facts are wrong?"),
            pairs,
            back=True,
            detail=Msg("Pak zadáš všechny její údaje znovu.", "Then you enter all its facts again."),
        )

    def gate(self, state: dict, task: dict):
        return listed_gate(state, self.name, PromptKind.CHOICE, [*told_tiles(state, task["set"]), BACK.value])

    def carry_out(self, state: dict, action: Action, task: dict) -> None:
        value = action.value
        found = board.tile_place(state, value)
        face_up = found is not None and found[0] == "board" and state["board"][found[1]]["up"]
        fields = ["building", "colour"] + [
            f for f in ("cost", "roads", "params") if box.known(state, value, f) or (face_up and f != "cost")
        ]
        before = {
            "facts": copy.deepcopy(state["learned"]["tiles"].get(value)),
            "colours": {k: c["colour"] for k, c in state["board"].items() if c["tile"] == value},
        }
        state["queue"].insert(0, box.learn_task(value, fields, resume=None, relearn=True, before=before))


# -- treasures (solo) ----------------------------------------------------------------------------
class FixTreasures(MoveStep):
    name = "fix_treasures"

    def prompt(self, state: dict, task: dict) -> Prompt:
        return choice(
            state,
            self.name,
            Msg("Co s poklady nesedí?", "What is wrong with the treasures?"),
            [
                ("remove", Msg("Poklad na stole není", "A treasure is not there")),
                ("move", Msg("Poklad leží jinde", "A treasure lies elsewhere")),
                ("stack", Msg("Počet na hromádce", "The stack's count")),
                ("facts", Msg("Podmínka pokladu", "A treasure's condition")),
            ],
            back=True,
        )

    def carry_out(self, state: dict, action: Action, task: dict) -> None:
        value = action.value
        if value == "stack":
            state["pending"] = {"kind": "fix_stack"}
            return
        if not _tokens(state):
            raise refuse("no_treasure_on_board", "Na ploše neleží žádný poklad.", "No treasure lies on the board.")
        state["pending"] = {
            "kind": {"remove": "fix_treasure", "move": "fix_token_from", "facts": "fix_token_facts"}[value]
        }


class WhichToken(MoveStep):
    """A treasure on the board, on the map."""

    title = Msg("", "")

    def prompt(self, state: dict, task: dict) -> Prompt:
        tokens = _tokens(state)
        return cell_prompt(state, self.name, self.title, tokens, cursor=tokens[0] if tokens else None)


class FixTreasure(WhichToken):
    name = "fix_treasure"
    title = Msg("Který poklad na stole není?", "Which treasure is not there?")

    def carry_out(self, state: dict, action: Action, task: dict) -> None:
        value = action.value
        k = from_grid(state, value)
        state["board"][k]["treasure"] = None
        state["treasures"]["cleared"] += 1
        corrected(state, Msg("poklad z " + at(k) + " odebrán", "treasure at " + at(k) + " removed"))


class FixTokenFrom(WhichToken):
    name = "fix_token_from"
    title = Msg("Přesunutý poklad?", "Misplaced treasure?")

    def carry_out(self, state: dict, action: Action, task: dict) -> None:
        value = action.value
        state["pending"] = {"kind": "fix_token_to", "from": from_grid(state, value)}


class FixTokenTo(MoveStep):
    name = "fix_token_to"

    def prompt(self, state: dict, task: dict) -> Prompt:
        return cell_prompt(
            state, self.name, Msg("Na které leží?", "Where does it lie?"), sorted(state["board"]), cursor=task["from"]
        )

    def carry_out(self, state: dict, action: Action, task: dict) -> None:
        value = action.value
        k, source = from_grid(state, value), task["from"]
        if k != source and state["board"][k]["treasure"]:
            raise refuse(
                "one_treasure_per_tile", "Na této destičce už poklad leží.", "A treasure lies on this tile already."
            )
        token = state["board"][source]["treasure"]
        state["board"][source]["treasure"] = None
        state["board"][k]["treasure"] = token
        corrected(state, Msg("poklad na " + at(k), "treasure to " + at(k)))


class FixTokenFacts(WhichToken):
    name = "fix_token_facts"
    title = Msg("Který poklad má jinou podmínku?", "Which treasure shows another condition?")

    def carry_out(self, state: dict, action: Action, task: dict) -> None:
        value = action.value
        k = from_grid(state, value)
        token = state["board"][k]["treasure"]
        state["queue"].insert(
            0,
            {
                "t": "treasure",
                "at": k,
                "token": token,
                "partial": {},
                "relearn": True,
                "before": {"facts": copy.deepcopy(state["learned"]["treasures"].get(token))},
            },
        )


class FixStack(CountStep):
    name = "fix_stack"
    title = Msg("Kolik pokladů je na hromádce?", "How many treasures are in the stack?")

    def now(self, state: dict) -> int:
        return state["treasures"]["stack"]

    def highest(self, state: dict) -> int:
        return len(box.treasure_entries())

    def check(self, state: dict, value: int) -> None:
        highest = turns.tokens_in_play(state) - len(state["treasures"]["seen"])
        if value > highest:
            raise refuse(
                "stack_count",
                "Pokladů na hromádce může být nanejvýš {m}: ostatní jsou odebrané podle obtížnosti nebo už vylosované.",
                "The stack can hold at most {m} treasures: the others were removed for the level or drawn already.",
                m=highest,
            )

    def carry_out(self, state: dict, action: Action, task: dict) -> None:
        value = action.value
        self.check(state, value)
        state["treasures"]["stack"] = value
        corrected(state, Msg("pokladů na hromádce: {n}", "treasures in the stack: {n}").format(n=value))


STEPS = (
    Correct(),
    FixUnit(),
    FixUnitTo(),
    FixUnitOffer(),
    FixRemove(),
    FixFlip(),
    FixOffer(),
    FixHandSide(),
    FixHand(),
    FixSupply(),
    FixFactsSet(),
    FixFactsTile(),
    FixTreasures(),
    FixTreasure(),
    FixTokenFrom(),
    FixTokenTo(),
    FixTokenFacts(),
    FixStack(),
)
