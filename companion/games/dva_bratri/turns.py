"""The course of the game outside any one question: taking from the royal offer, moving units,
treasures leaving the game, siege targets, and the end of a turn and of the game."""

from __future__ import annotations

from ...engine import Msg, announce
from ...engine.i18n import counted
from . import board, box, jindrich
from .board import NORTH, SOUTH
from .texts import at


def fresh_turn() -> dict:
    """This turn's bookkeeping: a tile taken, the units moved, discounts from free terrain."""
    return {"taken": False, "moved": [], "discounts": 0}


def tokens_in_play(state: dict) -> int:
    """Treasure tokens left in the game after the level removed some unseen."""
    return len(box.treasure_entries()) - jindrich.LEVELS[state["level"]]


def take_from_offer(state: dict, slot: int) -> int | None:
    """The shield moves into the emptied slot and turns; its old slot is refilled from the
    supply (none left: the final round is coming, nothing is refilled any more). Returns the
    slot to refill."""
    offer = state["offer"]
    old = offer["shield"]
    offer["slots"][slot] = None
    offer["shield"] = slot
    offer["crown"] = NORTH if state["active"] == SOUTH else SOUTH
    if state["supply"] > 0 and state["final_left"] is None:
        state["supply"] -= 1
        if state["supply"] == 0:
            state["final_trigger"] = True
            announce(
                state,
                Msg(
                    "Zásoba došla: každý odehraje ještě jeden tah.",
                    "The supply is empty: each side plays one more turn.",
                ),
            )
        return old
    return None


def move_unit(state: dict, uid: str, to: str) -> None:
    """A unit moves (onto a tile or into the offer): it has moved this turn."""
    state["units"][uid]["at"] = to
    state["turn"]["moved"].append(uid)
    where = Msg("do nabídky", "to the offer") if to == "offer" else Msg("na " + at(to), "to " + at(to))
    announce(state, Msg("Jednotka {w}", "Unit {w}").format(w=where))


def siege_targets(state: dict, k: str, side: int) -> list[str]:
    """Opponent buildings touched by a side by this tower and by another own siege tower."""
    return [
        n
        for n in board.ring(k, board.SIDES4)
        if _opponent_building(state, n, side) and _other_tower_touches(state, n, k, side)
    ]


def _opponent_building(state: dict, k: str, side: int) -> bool:
    c = state["board"].get(k)
    return board.is_building(c) and c["owner"] != side


def _other_tower_touches(state: dict, target: str, tower: str, side: int) -> bool:
    return any(
        m != tower
        and board.is_building(state["board"].get(m))
        and state["board"][m]["owner"] == side
        and board.building_at(state, m) == "siege_tower"
        for m in board.ring(target, board.SIDES4)
    )


def _waits_for_condition(state: dict, k: str) -> bool:
    """A treasure on ``k`` is still being identified (its task in the queue) or unknown."""
    token = state["board"][k]["treasure"]
    if not token or not box.treasure_known(state, token):
        return True
    return any(t["t"] == "treasure" and t["at"] == k for t in state["queue"])


def condition_possible(state: dict, k: str) -> bool:
    """Whatever a treasure's printed condition, it can be met on ``k`` only with two other
    tiles in its column, its row or around it (a positional condition marks two neighbours)."""
    x, y = board.xy(k)
    others = [board.xy(o) for o in state["board"] if o != k]
    column = sum(ox == x for ox, _ in others)
    row = sum(oy == y for _, oy in others)
    around = sum(o in state["board"] for o in board.ring(k))
    return column >= 2 or row >= 2 or around >= 2


def ask_possible_conditions(state: dict) -> None:
    """``asking`` 5: a treasure on the board whose condition is not known is asked about once it
    could be met (named by its place), before anything else waits. ``asking`` 6: one a
    placement; another one due waits for the next placement (or the final scoring), which
    changes no outcome: a condition met stays met, as tiles only join the board and keep their
    colours, and nothing in play reads whether a treasure still lies there."""
    if not box.condition_later(state):
        return
    for k in sorted(state["board"]):
        token = state["board"][k].get("treasure")
        if not token or box.treasure_known(state, token) or not condition_possible(state, k):
            continue
        if any(t["t"] == "treasure" and t["at"] == k for t in state["queue"]):
            continue
        if box.folded(state) and not one_more_condition(state):
            return
        # "later": the side whose placement made it possible (the question is part of that turn)
        state["queue"].insert(0, {"t": "treasure", "at": k, "token": token, "partial": {}, "later": state["active"]})


def one_more_condition(state: dict) -> bool:
    """``asking`` 6: no condition asked for the placement that made the board this size yet (the
    board's size counts placements: it only grows, but for a correction); this one is."""
    if state.get("condition_asked_at") == len(state["board"]):
        return False
    state["condition_asked_at"] = len(state["board"])
    return True


def conditions_left(state: dict) -> list[dict]:
    """``asking`` 6, before the final scoring: the treasures whose condition could be met and is
    still not known (a placement asked another one), asked about their places."""
    return [
        {"t": "treasure", "at": k, "token": c["treasure"], "partial": {}}
        for k, c in sorted(state["board"].items())
        if c.get("treasure") and not box.treasure_known(state, c["treasure"]) and condition_possible(state, k)
    ]


def clear_met_treasures(state: dict) -> None:
    """A treasure whose condition is met leaves the game at once (also right when placed)."""
    ask_possible_conditions(state)
    for k in sorted(state["board"]):
        if _waits_for_condition(state, k):
            continue
        if jindrich.condition_met(state, k, state["board"][k]["treasure"]):
            state["board"][k]["treasure"] = None
            state["treasures"]["cleared"] += 1
            announce(
                state,
                Msg(
                    "Podmínka pokladu na {a} je splněna: odeber ho ze hry.",
                    "Treasure on {a}: its condition is met; remove it.",  # 3 rows: no page parts it
                ).format(a=at(k)),
            )


def finish_when_told(state: dict) -> None:
    """After the last turn (``asking`` 4): once his last placement and its questions are done,
    the facts the final scoring reads and nobody told yet (the built tiles' roads and effects)
    are asked, each about the tile named by its look and place; then the game is over."""
    if state["over"] or state["final_left"] != 0 or state["queue"] or state.get("mode") == "teach":
        return
    if not state.get("final_asked"):
        state["final_asked"] = True
        if box.folded(state):
            state["queue"].extend(conditions_left(state))
        for k, c in sorted(state["board"].items(), key=lambda kc: (-board.xy(kc[0])[1], board.xy(kc[0])[0])):
            if board.is_building(c):
                fields = box.scoring_fields(state, c["tile"])
                if fields:
                    state["queue"].append(box.learn_task(c["tile"], fields, final=f"board:{k}"))
        if state["queue"]:
            announce(
                state,
                Msg(
                    "Poslední tah je odehrán. Pro závěrečné bodování: {n}.",
                    "The last turn is played. For the final scoring: {n}.",
                ).format(n=counted(len(state["queue"]), ("otázka", "otázky", "otázek"), ("question", "questions"))),
            )
            return
    state["over"] = True
    announce(state, Msg("Konec hry: závěrečné bodování.", "Game over: final scoring."))


def end_turn(state: dict) -> None:
    """Next side's turn; after the supply ran out each side plays one more turn, then the end."""
    state["turn"] = fresh_turn()
    state["pending"] = None
    if state["final_left"] is not None:
        state["final_left"] -= 1
    elif state["final_trigger"]:
        state["final_left"] = 2
    if state["final_left"] == 0:
        if box.when_needed(state):  # the facts the final scoring reads are asked first
            state["pending"] = None
            finish_when_told(state)
            return
        state["over"] = True
        announce(state, Msg("Konec hry: závěrečné bodování.", "Game over: final scoring."))
        return
    state["active"] = NORTH if state["active"] == SOUTH else SOUTH
    if state["active"] == SOUTH:
        state["round"] += 1
    if state["solo"] and state["active"] == NORTH:
        state["queue"].append({"t": "jindrich"})
