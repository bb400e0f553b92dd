"""Solo treasures: which token was drawn onto Jindřich's tile, and its condition when the
companion does not know it yet (or a correction enters it again).

The task is the queue's head ``{"t": "treasure", "at": place}``; once identified it carries
``token`` and the answers so far in ``partial`` (``done`` lists the fields learned).
"""

from __future__ import annotations

from ....engine import Msg, Prompt, PromptKind, announce, answered
from .. import box, turns
from ..texts import at, colour_opts, place_text, refuse, treasure_text
from .common import DvaStep, choice, seats
from .learning import COMPASS, LearnStep, compass_options


def missing(state: dict, task: dict) -> list[str]:
    """Condition fields still to ask; a correction asks them all again."""
    done = task["partial"].get("done", [])
    return [
        f
        for f in box.TREASURE_FIELDS
        if f not in done and (task.get("relearn") or not box.treasure_field_known(state, task["token"], f))
    ]


def _kind(state: dict, task: dict) -> str:
    return task["partial"].get("kind") or box.treasure_fact(state, task["token"], "kind")


def _asks_place(state: dict, task: dict) -> bool:
    """A positional condition: the next answer is a marked place (then its colour)."""
    items = task["partial"].get("need", [])
    return _kind(state, task) == "positional" and (not items or "colour" in items[-1]) and len(items) < 2


def step_for(state: dict, task: dict) -> str:
    """The step a treasure task awaits: the token, or the next part of its condition."""
    if "token" not in task:
        return "treasure_id"
    if one_answer(state, task):
        return "learn_condition"
    if missing(state, task)[0] == "kind":
        return "learn_kind"
    return "learn_pos" if _asks_place(state, task) else "learn_need"


def one_answer(state: dict, task: dict) -> bool:
    """A drawn token whose condition is not known at all is told in one typed number
    (``asking`` 4, in a game); the walks and corrections ask it part by part."""
    return (
        box.when_needed(state)
        and not (task.get("teach") or task.get("rest") or task.get("relearn"))
        and missing(state, task) == list(box.TREASURE_FIELDS)
        and not task["partial"]
    )


# the digits of a condition typed at once: its kind, then each pictured tile (a positional one's
# place as a compass key first), a colour as 1 green, 2 grey, 3 yellow, 4 any (brown)
KIND_DIGITS = {"1": "vertical", "2": "horizontal", "3": "positional"}
COLOUR_DIGITS = {"1": "green", "2": "grey", "3": "yellow", "4": "any"}


def condition_of(value: int, places_alone: bool = False) -> tuple[str, list[dict]] | None:
    """'112' = column: green + grey; '32184' = positional: north green, south any; None: not one.
    ``places_alone`` (``asking`` 6): '328' = positional: north and south, any tiles (the rules'
    marked places take tiles of any kind, so their colours need not be typed)."""
    digits = str(value)
    kind = KIND_DIGITS.get(digits[:1])
    lengths = (5, 3) if kind == "positional" and places_alone else (5 if kind == "positional" else 3,)
    if kind is None or len(digits) not in lengths:
        return None
    need: list[dict] = []
    rest = digits[1:]
    coloured = kind != "positional" or len(digits) == 5
    while rest:
        item: dict = {}
        if kind == "positional":
            if rest[0] not in COMPASS:
                return None
            item["pos"], rest = list(COMPASS[rest[0]]), rest[1:]
        if not coloured:
            item["colour"] = "any"
        elif rest[0] not in COLOUR_DIGITS:
            return None
        else:
            item["colour"], rest = COLOUR_DIGITS[rest[0]], rest[1:]
        need.append(item)
    if kind == "positional" and need[0]["pos"] == need[1]["pos"]:
        return None
    return kind, need


class LearnCondition(LearnStep):
    """A drawn token's whole condition as one number (``asking`` 4): 112 = column: green + grey;
    221 = row: grey + green; 32184 = positional: north green, south any."""

    name = "learn_condition"
    brief = Msg("Podmínka: číslice?", "Condition: digits?")

    def prompt(self, state: dict, task: dict) -> Prompt:
        detail = (
            Msg(
                "1 sloupec, 2 řada: pak dvě barvy (1 zelená, 2 šedá, 3 žlutá, 4 hnědá = libovolná);"
                " 3 místa: pak dva směry jako kompas. Např. 112, 328.",
                "1 column, 2 row: then two colours (1 green, 2 grey, 3 yellow, 4 brown = any);"
                " 3 places: then two compass keys. E.g. 112, 328.",
            )
            if box.folded(state)
            else Msg(
                "1 sloupec, 2 řada, 3 místa; pak barvy: 1 zelená, 2 šedá, 3 žlutá, 4 hnědá (libovolná);"
                " u míst před barvou směr jako kompas. Např. 112, 32184.",
                "1 column, 2 row, 3 places; then colours: 1 green, 2 grey, 3 yellow, 4 brown (any);"
                " for places a compass key before each colour. E.g. 112, 32184.",
            )
        )
        return Prompt(
            PromptKind.NUMBER,
            self.name,
            seats(state),
            _who(task, state) + Msg("podmínka jako číslice?", "its condition as digits?"),
            minimum=111,  # the smallest condition: column, green + green
            maximum=39894,
            detail=detail,
            short=self.brief,
        )

    def answer(self, state: dict, value, task: dict, learning: dict) -> None:
        read = condition_of(value, box.folded(state))
        if read is None and box.folded(state):
            raise refuse(
                "condition_digits",
                "Podmínka: 1 sloupec nebo 2 řada a dvě barvy 1–4 (112), nebo 3 místa a dva směry (328).",
                "Condition: 1 column or 2 row and two colours 1-4 (112), or 3 places and two compass keys (328).",
            )
        if read is None:
            raise refuse(
                "condition_digits",
                "Podmínka: 3 číslice (1 sloupec nebo 2 řada, dvě barvy 1–4), nebo 5 (3, pak dvakrát směr a barva).",
                "Condition: 3 digits (1 column or 2 row, two colours 1-4), or 5 (3, then a place and a colour twice).",
            )
        kind, need = read
        box.learn_fact(state, "treasures", task["token"], "kind", kind)
        box.learn_fact(state, "treasures", task["token"], "need", need)
        task["partial"]["done"] = list(box.TREASURE_FIELDS)
        progress(state, task)


def progress(state: dict, task: dict) -> None:
    """All of the condition known: the task is done, and the treasure may leave at once."""
    if missing(state, task):
        return
    answered(state, task)
    if task.get("relearn"):
        announce(
            state,
            Msg("Oprava: podmínka pokladu na {a}: {c}", "Correction: the condition of the treasure on {a}: {c}").format(
                a=at(task["at"]), c=treasure_text(state, task["token"])
            ),
        )
    turns.clear_met_treasures(state)


def _who(task: dict, state: dict | None = None) -> Msg:
    if task.get("rest") and state is not None:  # the walk after a game: where the token lies
        note = task["rest"]
        return Msg("Poklad {n}/{k} ({w}): ", "Treasure {n}/{k} ({w}): ").format(
            n=note["n"], k=note["k"], w=place_text(state, note["at"])
        )
    if task.get("teach"):
        return Msg("Poklad {n}/{k}: ", "Treasure {n}/{k}: ").format(n=task["n"], k=len(box.treasure_entries()))
    return Msg("Poklad na {a}: ", "Treasure on {a}: ").format(a=at(task["at"]))


def _skippable(task: dict) -> bool:
    """ "*" drops a correction, or skips a token the walk after a game names (not at hand)."""
    return bool(task.get("relearn") or task.get("rest"))


def take_token(state: dict, task: dict, token: str) -> None:
    """The token turned up is ``token``: on Jindřich's tile in a game, in the owner's hand in the
    teaching walk; then its condition is asked if not known."""
    task["token"], task["partial"] = token, {}
    state["treasures"]["seen"].append(token)
    if not task.get("teach"):
        state["board"][task["at"]]["treasure"] = token
        if box.condition_later(state) and missing(state, task) and not turns.condition_possible(state, task["at"]):
            answered(state, task)  # asked once it could be met (turns.ask_possible_conditions)
            return
        if box.folded(state) and missing(state, task) and not turns.one_more_condition(state):
            answered(state, task)  # this placement asked another condition: the next one asks this
            return
    progress(state, task)


class TreasureId(DvaStep):
    """Which token it is: one line per condition the companion knows, or another one."""

    name = "treasure_id"

    def prompt(self, state: dict, task: dict) -> Prompt:
        pairs, sigs, unknown = [], set(), False
        for tid in box.treasure_entries():
            if tid in state["treasures"]["seen"]:
                continue
            if not box.treasure_known(state, tid):
                unknown = True
                continue
            sig = repr((box.treasure_fact(state, tid, "kind"), box.treasure_fact(state, tid, "need")))
            if sig not in sigs:
                sigs.add(sig)
                pairs.append((tid, treasure_text(state, tid)))
        if unknown:
            pairs.append(("new", Msg("Jiný (zatím neznámý)", "Another (not known yet)")))
        title = (
            (_who(task) + Msg("který to je?", "which one is it?"))
            if task.get("teach")
            else Msg("Otoč poklad na {a}: který to je?", "Turn up the treasure on {a}: which one is it?").format(
                a=at(task["at"])
            )
        )
        return choice(state, self.name, title, pairs, short=Msg("Který poklad?", "Which treasure?"))

    def apply(self, state: dict, action, task: dict) -> None:
        value = action.value
        if value == "new":
            value = box.next_unknown_token(state)
        take_token(state, task, value)


class LearnKind(LearnStep):
    """Vertical, horizontal or positional."""

    name = "learn_kind"

    def prompt(self, state: dict, task: dict) -> Prompt:
        pairs = [
            ("vertical", Msg("svislá (sloupec)", "vertical (column)")),
            ("horizontal", Msg("vodorovná (řada)", "horizontal (row)")),
            ("positional", Msg("poziční", "positional")),
        ]
        return choice(
            state, self.name, _who(task, state) + Msg("jaká podmínka?", "which condition?"), pairs, _skippable(task)
        )

    def answer(self, state: dict, value, task: dict, learning: dict) -> None:
        task["partial"]["kind"] = value
        box.learn_fact(state, "treasures", task["token"], "kind", value)
        task["partial"].setdefault("done", []).append("kind")
        progress(state, task)


class LearnPos(LearnStep):
    """A marked place of a positional condition, as a compass key from the token."""

    name = "learn_pos"

    def prompt(self, state: dict, task: dict) -> Prompt:
        items = task["partial"].get("need", [])
        return Prompt(
            PromptKind.CHOICE,
            self.name,
            seats(state),
            _who(task, state)
            + Msg("{i}. vyznačená pozice (kompas, z tvého pohledu)", "marked place {i} (compass, your view)").format(
                i=len(items) + 1
            ),
            {-1: compass_options(_skippable(task))},
            short=Msg("Vyznačené místo {i}?", "Marked place {i}?").format(i=len(items) + 1),
        )

    def answer(self, state: dict, value, task: dict, learning: dict) -> None:
        task["partial"].setdefault("need", []).append({"pos": list(value)})


class LearnNeed(LearnStep):
    """The colour of a pictured tile (for a positional condition: of the place just given)."""

    name = "learn_need"

    def prompt(self, state: dict, task: dict) -> Prompt:
        items = task["partial"].get("need", [])
        n = len(items) if _kind(state, task) != "positional" else len(items) - 1
        return choice(
            state,
            self.name,
            _who(task, state) + Msg("barva {i}. destičky", "colour of tile {i}").format(i=n + 1),
            colour_opts(True),
            _skippable(task),
        )

    def answer(self, state: dict, value, task: dict, learning: dict) -> None:
        items = task["partial"].setdefault("need", [])
        if items and "colour" not in items[-1]:
            items[-1]["colour"] = value
        else:
            items.append({"colour": value})
        if len(items) == 2 and "colour" in items[-1]:
            box.learn_fact(state, "treasures", task["token"], "need", items)
            task["partial"].setdefault("done", []).append("need")
            progress(state, task)


STEPS = (TreasureId(), LearnKind(), LearnPos(), LearnNeed(), LearnCondition())
