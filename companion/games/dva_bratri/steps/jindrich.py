"""Jindřich's turn (solo): the table tells the colour on the back of the supply's top tile, the
companion decides what he takes and where it goes, and shows the placement on the map.

That is all he does (solo rules, "Průběh hry", phases 1 and 2 with steps 3 and 4). The base
game's effects that are the owner's choice are no part of his turn: he never flips a camp for
another tile (Ležení: "můžete otočit") and never destroys with two siege towers (Obléhací věž:
"můžete tuto budovu zničit ... Ničení není povinné"). His unused camps score their 2 points and
his towers count for his fortresses, as for any player.
"""

from __future__ import annotations

from ....engine import Gate, Msg, Option, Prompt, PromptKind, announce, answered
from ....engine.steps import confirmed
from .. import board, box, jindrich, picture, reveal, turns
from ..board import NORTH
from ..texts import CROSS_COLOURS, NOTHING, at, colour_opts, ordinal
from .common import DvaStep, choice, seats


class JindrichTop(DvaStep):
    """The colour on the back of the supply's top tile (a plain confirm once the supply is empty),
    then his whole turn: take, place upside down for free, treasure, unit."""

    name = "jindrich_top"
    takes = ("jindrich",)
    unlisted_rule = "supply_colour"
    unlisted = (
        "{who}: {v} – takový rub už nemůže mít žádná destička v zásobě.",
        "{who}: {v} – no tile still in the supply can have that back.",
    )

    def prompt(self, state: dict, task: dict) -> Prompt:
        if state["supply"] > 0 and state.get("asking", 1) >= box.ASKING_COST_FIRST:
            # a colour keeps its key (1 green, 2 grey, 3 yellow); one no tile left can show is
            # not offered, and its key names that rule
            options = [Option(c, m, str(n)) for n, (c, m) in enumerate(colour_opts(), 1)]
            shown = [o for o in options if reveal.supply_may_show(state, o.value)]
            return Prompt(
                PromptKind.CHOICE,
                self.name,
                seats(state),
                Msg(
                    "Jindřich: jakou barvu má rub vrchní destičky zásoby?",
                    "Jindřich: what colour is the back of the supply's top tile?",
                ),
                {-1: tuple(shown)},
                short=Msg("Rub vrchní destičky?", "Top tile's back?"),
                unoffered={-1: tuple(o for o in options if o not in shown)},
            )
        if state["supply"] > 0:
            pairs = [(c, m) for c, m in colour_opts() if reveal.supply_may_show(state, c)]
            return choice(
                state,
                self.name,
                Msg(
                    "Jindřich: jakou barvu má rub vrchní destičky zásoby?",
                    "Jindřich: what colour is the back of the supply's top tile?",
                ),
                pairs,
                short=Msg("Rub vrchní destičky?", "Top tile's back?"),
            )
        return Prompt(
            PromptKind.CONFIRM,
            self.name,
            seats(state),
            Msg("Jindřich je na tahu (zásoba je prázdná).", "Jindřich's turn (the supply is empty)."),
        )

    def gate(self, state: dict, task: dict):
        """A colour some tile still in the supply can show, asked of the answer alone (the
        prompt asks it of all three); the empty supply's confirm has no gate."""
        if state["supply"] <= 0:
            return None

        def offers(seat, value):
            return type(value) is str and value in box.COLOURS and reveal.supply_may_show(state, value)

        return Gate(PromptKind.CHOICE, self.name, seats(state), offers)

    def apply(self, state: dict, action, task: dict) -> None:
        top = action.value if state["supply"] > 0 else None
        slot = jindrich.choose_take(state, top)
        if slot is None:
            answered(state, task)
            announce(state, Msg("Jindřich nemá co vzít.", "Jindřich has nothing to take."))
            turns.end_turn(state)
            return
        tile = state["offer"]["slots"][slot]
        if state.get("asking", 1) == 1:  # recorded sessions were asked before his placement
            box.need(state, tile, box.placement_fields(state, tile))
        position = board.clockwise(state).index(slot) + 1
        msg = _took(state, tile, position)
        answered(state, task)
        last = state["final_left"] is not None  # his turn is the game's last one
        refill = turns.take_from_offer(state, slot)
        if box.when_needed(state) and state["final_trigger"] and not last:  # this take emptied the supply
            msg += Msg(
                "Zásoba došla: je to poslední kolo, každý odehraje ještě jeden tah. ",
                "The supply is empty: this is the final round, each side plays one more turn. ",
            )
        anchor = jindrich.anchor(state)
        spot = _chosen_place(state, tile, position, anchor)
        if spot is not None and not box.when_needed(state):  # a tile on the board is scored: its
            box.need(state, tile, box.placement_fields(state, tile))  # roads and effect (not under rule D)
        tasks: list[dict]
        if spot is None:
            k, title, msg, tasks = None, *_to_the_box(state, tile, msg), []
        else:
            k = spot[0]
            title, msg, tasks = _place(state, tile, spot, anchor, msg)
        if box.only_deciding(state):  # the map leaves one row: his building first, whole (the
            title = _map_title(state, tile, k, last)  # header names Jindřich)
        elif box.when_needed(state) and last:
            title = Msg("Poslední tah – ", "Last turn – ") + title
        done = {"t": "jindrich_done", "msg": msg.to_json(), "title": title.to_json(), "at": k, "anchor": anchor}
        if box.only_deciding(state):  # the map leaves the title one row: his building, whole
            done["short"] = _building(state, tile).to_json()  # (the header says it is Jindřich)
        tasks.insert(0, done)
        if refill is not None:
            tasks.insert(1, {"t": "reveal", "slot": refill, "expect": top})
        state["queue"][0:0] = tasks
        # the panel's announcement in one sentence (his confirmation shows the place on the map
        # and the whole instruction a key away; the pad screen and the history keep it too)
        announce(state, _in_short(state, tile, position, k))
        turns.end_turn(state)


def _map_title(state: dict, tile: str, k: str | None, last: bool) -> Msg:
    """'Lapkovská tvrz → [2,1]', 'Mlýn → krabice – poslední tah': the building first, so the one
    row above the map shows it whole (``asking`` 5)."""
    where = at(k) if k is not None else Msg("krabice", "box")
    title = Msg("{b} → {w}", "{b} → {w}").format(b=_building(state, tile), w=where)
    return title + Msg(" – poslední tah", " – last turn") if last else title


def _chosen_place(state: dict, tile: str, position: int, anchor: str) -> tuple[str, str] | None:
    """Where his tile goes; a road his placement reads and nobody told yet is asked about the
    tile it is printed on, named first: his tile ("Jindřich bere 2. od štítu: Hostinec – zelená")
    or your last building (``asking`` 4; before, the question named the building alone)."""
    try:
        return jindrich.choose_place(state, tile)
    except box.NeedFacts as ask:
        if box.when_needed(state):
            ask.task["jindrich"] = {"tile": tile, "position": position, "anchor": anchor}
        raise


def asker(state: dict, learning: dict) -> Msg:
    """Whose roads Jindřich's placement reads: 'Jindřich bere 2. od štítu: Hostinec – zelená: '
    or 'Tvá poslední budova (Tržiště – šedá, [1,0]): '."""
    note = learning["jindrich"]
    if learning["tile"] == note["tile"]:
        return Msg("Jindřich bere {n} od štítu: {d}: ", "Jindřich takes the {n} from the shield: {d}: ").format(
            n=ordinal(note["position"]), d=box.describe(state, note["tile"])
        )
    last = (
        Msg("Tvá poslední budova", "Your last building")
        if state["last_building"]
        else Msg("Počáteční destička", "The start tile")
    )
    return Msg("{w} ({d}, {a}): ", "{w} ({d}, {a}): ").format(
        w=last, d=box.describe(state, learning["tile"]), a=at(note["anchor"])
    )


def _took(state: dict, tile: str, position: int) -> Msg:
    """'Jindřich takes the 2nd tile from the shield: Inn – grey, Travel set.'"""
    from_set = (
        Msg(", sada {s}", ", {s} set").format(s=box.set_name(box.fact(state, tile, "set")))
        if box.known(state, tile, "set")
        else NOTHING
    )
    return Msg(
        "Jindřich bere {n} destičku od štítu: {d}{f}. ", "Jindřich takes the {n} tile from the shield: {d}{f}. "
    ).format(d=box.describe(state, tile), f=from_set, n=ordinal(position))


def _in_short(state: dict, tile: str, position: int, k: str | None) -> Msg:
    """'Jindřich: 3rd from the shield, Farm → [0,1].' (or '→ the box')."""
    where = at(k) if k is not None else Msg("krabice", "the box")
    return Msg("Jindřich: {n} od štítu, {b} → {w}.", "Jindřich: {n} from the shield, {b} → {w}.").format(
        n=ordinal(position), b=_building(state, tile), w=where
    )


def _building(state: dict, tile: str) -> Msg:
    return box.building_name(box.fact(state, tile, "building"))


def _to_the_box(state: dict, tile: str, msg: Msg) -> tuple[Msg, Msg]:
    """No free place around the anchor (rule D): the tile leaves the game."""
    title = Msg("Jindřich: {b} do krabice", "Jindřich: {b} to the box").format(b=_building(state, tile))
    around = (
        Msg("tvé poslední budovy", "your last building")
        if state["last_building"]
        else Msg("počáteční destičky", "the start tile")
    )
    return title, msg + Msg(
        "Kolem {w} není volné místo: destička jde do krabice.",
        "There is no free place around {w}: the tile goes back to the box.",
    ).format(w=around)


def _place(state: dict, tile: str, spot: tuple[str, str], anchor: str, msg: Msg) -> tuple[Msg, Msg, list[dict]]:
    """His tile upside down on ``spot``, his unit of its colour onto it, a treasure on top."""
    k, letter = spot
    colour = box.fact(state, tile, "colour")
    board.place(state, k, tile, colour, True, NORTH)
    state["units"][jindrich.unit_for(state, colour)]["at"] = k
    what = (
        Msg("od tvé poslední budovy", "of your last building")
        if state["last_building"]
        else Msg("od počáteční destičky", "of the start tile")
    )
    title = Msg("Jindřich: {b} na {a}", "Jindřich: {b} at {a}").format(b=_building(state, tile), a=at(k))
    msg += Msg(
        "Polož destičku nohama vzhůru na {a}, {w} {t} (pravidlo {l}), a postav na ni jeho jednotku se {x} křížkem.",
        "Put it upside down at {a}, {w} {t} (rule {l}), and his unit with the {c} cross onto it.",
    ).format(
        a=at(k),
        w=Msg(*jindrich.direction_words(anchor, k)),
        t=what,
        l="A/B" if letter == "AB" else letter,
        x=CROSS_COLOURS[colour],
        c=box.colour_name(colour),
    )
    tasks = []
    if state["treasures"]["stack"] > 0:
        state["treasures"]["stack"] -= 1
        msg += Msg(" Navrch polož poklad z hromádky.", " Put a treasure from the stack on top.")
        tasks.append({"t": "treasure", "at": k})
        if box.folded(state) and not box.told_conditions(state):
            tasks = _unasked_token(state, k)
    turns.clear_met_treasures(state)
    return title, msg, tasks


def _unasked_token(state: dict, k: str) -> list[dict]:
    """``asking`` 6: no condition the box knows can be on the token, so "which one is it?" has
    one answer and is not asked: the token is one not known yet, lying face up on his tile. Its
    condition is asked as any unknown one is, once it could be met (turns.ask_possible_conditions,
    after his placement and the refill)."""
    token = box.next_unknown_token(state)
    state["treasures"]["seen"].append(token)
    state["board"][k]["treasure"] = token
    return []


class JindrichDone(DvaStep):
    """His placement as a picture: the map drawn around the cursor, from the solo player's side
    (he has no seat of his own, so nothing is turned)."""

    name = "jindrich_done"

    def prompt(self, state: dict, task: dict) -> Prompt:
        return Prompt(
            PromptKind.CONFIRM,
            self.name,
            seats(state),
            Msg.from_json(task["title"]),
            detail=Msg.from_json(task["msg"]),
            short=Msg.from_json(task["short"]) if "short" in task else None,
            **picture.map_fields(state, task["at"] or task["anchor"]),
        )

    def gate(self, state: dict, task: dict) -> Gate:
        """An OK (the map is not drawn)."""
        return Gate(PromptKind.CONFIRM, self.name, seats(state), confirmed)

    def apply(self, state: dict, action, task: dict) -> None:
        answered(state, task)


STEPS = (JindrichTop(), JindrichDone())
