"""The game: setup, which step the state awaits, views, scores and the status line.

The table is the truth about hidden things: which tile turned up in the offer, the colour on the
back of the supply's top tile, which treasure token was drawn. The companion asks for them, and
for any printed fact it does not know yet (learning the box), then checks and scores the rest.

State keys worth knowing: ``board`` ("x,y" -> cell), ``offer`` (7 slots, the shield's index and
crown), ``units``, ``hands`` (per side), ``turn`` (this turn's take / moved units / discounts),
``queue`` (questions and confirmations to handle before anything else, head first),
``pending`` (a move the player has started; "*" drops it), ``learned`` (facts the table told
us), ``seen`` (tiles that have turned up; the others may still be in the supply), ``recent``
(public events).
"""

from __future__ import annotations

import copy
from typing import Any

from ...engine import At, Awaited, FollowUp, Game, Msg, Scores, Setting, Status, queued, recent, rng
from ...engine.i18n import counted, join
from . import board, box, rest, scoring, turns
from .board import NORTH, SOUTH, xy
from .box import (
    ASKING_COST_FIRST,
    ASKING_FEWEST,
    ASKING_FOLDED,
    ASKING_ONLY_DECIDING,
    ASKING_RECORDED,
    ASKING_WHEN_NEEDED,
    COLOURS,
)
from .picture import label
from .steps import STEPS, walk
from .texts import PLAYER_COLOURS, RECENT_KEPT, SCORE_PARTS, at, refuse, side_name

FIRST_GAME_SETS = ["putovani", "dominium", "obchod_cirkev"]
BOX_GROUPS = ("tiles", "treasures")
# How the game asks about the box (option ``asking``, set by the game itself, never in the menu):
# 1 = as sessions recorded before the ``mode`` setting existed (they replay with the questions
#     they were answered with); 2 = only what decides something: a colour the table told or the
#     set leaves no choice for is not asked, look-alikes are one pick among their differing
#     prints, Jindřich's tile is asked nothing when it goes to the box, two players enter who
#     won the shield toss.
# 3 = as 2, and a build's cost is checked as soon as it is known (a build the player cannot pay
#     for is refused before its roads and row are asked); a revealed tile not known yet is typed
#     as its building's number and its colour's (1 green, 2 grey, 3 yellow).
# 4 = as 3, and a fact is asked only when a decision needs it now: a build asks its cost alone;
#     a tile's roads are asked when Jindřich's placement reads them (naming his tile, or your
#     last building, first) and its effect and the roads still unknown once the last turn is
#     played, before the final scoring; a treasure's condition is one typed answer; a set keeps
#     its code for the whole game; the turn menu's "end" is 0, so the cursor starts on "take".
# 5 = as 4, and only what decides something now: Jindřich's tile's roads are not asked when only
#     one place is across a road of your last building (rules A and B put it there alike; the
#     instruction says "rule A/B"); a treasure drawn onto his tile is identified at once, but its
#     condition is asked only once it could be met (two other tiles in its row, its column or
#     around it), about the treasure on that place.
# 6 = as 5, and Jindřich's turn folds its questions: the roads of a building you lay are asked
#     then, about the tile in your hand (in solo his placement reads them next; they are scored
#     anyway when roads are scored), not about "your last building" in his turn; a treasure
#     token no condition told yet can be is not asked for (the question of its condition says
#     to turn it up); the refill after his take, whose back colour the table told, is named in
#     one answer, its set and its tile together.
# (the levels live in box.py, which the steps read too)
ASKING_NOW = ASKING_FOLDED  # what a new session asks


STATUS_EVENTS = 6  # the newest public events the status carries


class DvaBratri(Game):
    name = "dva_bratri"
    title = Msg("Dva bratři", "The Two Heirs")
    min_seats, max_seats = 1, 2
    players = Msg("Hraje 1 hráč (proti Jindřichovi), nebo 2 hráči.", "One player (against Jindřich) or two players.")
    settings = (
        Setting(
            "level",
            Msg("Jindřich", "Jindřich"),
            ((2, Msg("Statečný", "Brave")), (3, Msg("Neúprosný", "Relentless")), (1, Msg("Chudý", "Poor"))),
            seats=(1,),
        ),
        Setting(
            "sets",
            Msg("Sady", "Sets"),
            tuple((k, v.name) for k, v in box.sets().items()),
            pick=3,
            default=list(FIRST_GAME_SETS),
        ),
        Setting("colour", Msg("Barva hráče 1", "Player 1 colour"), tuple((k, m) for k, m in PLAYER_COLOURS.items())),
        Setting(
            "roads",
            Msg("Bodovat silnice", "Score roads"),
            ((True, Msg("ano", "yes")), (False, Msg("ne (1. hra)", "no (1st game)"))),
        ),
        Setting(
            "mode",
            Msg("Režim", "Mode"),
            (("play", Msg("hra", "play")), ("teach", Msg("naučit krabici", "teach the box"))),
        ),
    )
    # asking: see above; rest: a teaching walk over what a finished game left half-known (rest.py),
    # {piece id: where it lies}, set by follow_up, never in the menu
    extra_options = ("asking", "rest")
    steps = STEPS
    recent_kept = RECENT_KEPT
    shared_parts = ("learned",)  # replaced whole by box.learn, never changed in place
    running_score = False  # scored once, at the end of the game (score_events tells the totals)

    # -- setup ---------------------------------------------------------------------------------
    def validate_options(self, options: dict[str, Any]) -> dict[str, Any]:
        """Options recorded before the ``mode`` setting existed keep the questions they were
        answered with (``asking`` 1); a session records the level it was started with, so it
        replays with the same questions; a new one asks as ``ASKING_NOW``."""
        recorded_before = isinstance(options, dict) and "mode" not in options and "asking" not in options
        options = super().validate_options(options)
        options.setdefault("asking", ASKING_RECORDED if recorded_before else ASKING_NOW)
        return options

    def is_teaching(self, options: Any) -> bool:
        return isinstance(options, dict) and options.get("mode") == "teach"

    def memory_problem(self, memory: Any) -> str | None:
        return box.memory_problem(memory)

    def check_options(self, options: dict[str, Any]) -> dict[str, Any]:
        """Box data (saved per box by the appliance) holds only tiles and treasures."""
        if any(g not in BOX_GROUPS for g in options["box"]):
            raise refuse(
                "bad_option",
                "Volba box: data krabice mají jen části 'tiles' a 'treasures'.",
                "Option box: box data has only 'tiles' and 'treasures' parts.",
            )
        if options.get("asking", ASKING_NOW) not in (
            ASKING_RECORDED,
            ASKING_FEWEST,
            ASKING_COST_FIRST,
            ASKING_WHEN_NEEDED,
            ASKING_ONLY_DECIDING,
            ASKING_FOLDED,
        ):
            raise refuse("bad_option", "Volba asking je 1 až 6.", "Option asking is 1 to 6.")
        if "rest" in options:
            _check_rest(options)
        return options

    def setup(self, options: dict[str, Any], seed: int) -> dict:
        options = self.validate_options(options)
        solo = options["seats"] == 1
        other = "blue" if options["colour"] == "white" else "white"
        state: dict[str, Any] = {
            "game": self.name,
            "seats": options["seats"],
            "solo": solo,
            "level": options["level"],
            "sets": list(options["sets"]),
            "colours": [options["colour"], other],
            "roads": bool(options["roads"]),
            "box": copy.deepcopy(options["box"]),
            "learned": {"tiles": {}, "treasures": {}},
            "rng": rng.new(seed),
            "supply": box.SUPPLY_AT_SETUP,
            "seen": [],
            "start_colour": None,
            "offer": {"slots": [None] * 7, "shield": 0, "crown": SOUTH},
            "board": {},
            "units": {},
            "hands": [[], []],
            "active": SOUTH,
            "round": 1,
            "turn": turns.fresh_turn(),
            "last_building": None,
            "treasures": {"stack": 0, "seen": [], "cleared": 0},
            "final_trigger": False,
            "final_left": None,
            "over": False,
            "queue": [],
            "pending": None,
            "recent": [],
        }
        if options["asking"] > ASKING_RECORDED:
            state["asking"] = options["asking"]
        board.place(state, "0,0", None, "green", False, None)  # colour asked below
        state["units"]["0e"] = {"side": SOUTH, "elite": True, "cross": None, "at": "0,0"}
        for u in ("0a", "0b"):
            state["units"][u] = {"side": SOUTH, "elite": False, "cross": None, "at": "offer"}
        (_solo_setup if solo else _duel_setup)(state)
        state["queue"] = [{"t": "reveal", "slot": i} for i in range(1, 7)] + [{"t": "start_colour"}]
        if not solo and options["asking"] > ASKING_RECORDED:
            state["queue"].insert(0, {"t": "start_player"})
        if options["mode"] == "teach":
            if "rest" in options:
                state["rest"] = dict(options["rest"])
            _teach_setup(state)
        return state

    def perform(self, state: dict, action) -> None:
        """The teaching walk settles what needs no key after every answer (walk.advance)."""
        super().perform(state, action)
        if state.get("mode") == "teach":
            walk.advance(state)
        elif box.when_needed(state):
            turns.finish_when_told(state)

    # -- what the state awaits -----------------------------------------------------------------
    def where(self, state: dict) -> At | None:
        """The queue's head first (even after the end: his last placement is still shown), then
        the end, a started move, or the turn's menu. A queued task's kind is its ``t``, a
        started move's its ``kind``; the steps table names their steps."""
        task = queued(state)
        if task is not None:
            return At(task["t"], task)
        if state["over"]:
            return None
        pending = state["pending"]
        if pending:
            return At(pending["kind"], pending)
        return At("turn", {})

    # -- labels --------------------------------------------------------------------------------
    def seat_label(self, state: dict, seat: int) -> Msg:
        return side_name(state, seat)

    # -- views and scores ----------------------------------------------------------------------
    def view(self, state: dict, seat: int | None = None) -> dict:
        offer = [
            {"slot": i, "tile": t, "text": box.describe(state, t).to_json() if t else None}
            for i, t in enumerate(state["offer"]["slots"])
        ]
        out = {
            "board": [_cell_view(state, k, c) for k, c in sorted(state["board"].items())],
            "offer": offer,
            "shield": state["offer"]["shield"],
            "crown": state["offer"]["crown"],
            "supply": state["supply"],
            "units": state["units"],
            "active": state["active"],
            "hand_sizes": [len(h) for h in state["hands"]],
            "last_building": state["last_building"],
            "treasures": {"stack": state["treasures"]["stack"], "cleared": state["treasures"]["cleared"]},
            "reach": [board.reach(state, s) for s in (SOUTH, NORTH)],
        }
        if seat is not None and seat < 2:
            out["hand"] = [{"tile": t, "text": box.describe(state, t).to_json()} for t in state["hands"][seat]]
        return out

    def follow_up(self, state: dict) -> FollowUp | None:
        """After a played game that left tiles or tokens half-known (named, but cost, roads or
        effect never asked): the walk over just them, while they still lie on the table."""
        if state.get("mode") == "teach" or not state["over"]:
            return None
        where = rest.places(state)
        tasks = rest.plan(state, where)
        if not tasks:
            return None
        n, exact = rest.answers(state, tasks)
        tiles = sum(1 for t in tasks if t["t"] == "learn")
        pieces = counted(tiles, ("destičku", "destičky", "destiček"), ("tile", "tiles"))
        if len(tasks) > tiles:
            tokens = counted(len(tasks) - tiles, ("poklad", "poklady", "pokladů"), ("treasure", "treasures"))
            pieces = Msg("{a} a {b}", "{a} and {b}").format(a=pieces, b=tokens)
        replies = counted(n, ("odpověď", "odpovědi", "odpovědí"), ("answer", "answers"))
        if not exact:
            replies = Msg("asi {r}", "about {r}").format(r=replies)
        question = Msg(
            "Doučit krabici zbytek z této hry? {p}, {r}; další hra se na ně neptá.",
            "Teach the box the rest from this game? {p}, {r}; the next game won't ask them.",
        ).format(p=pieces, r=replies)
        options = {
            "seats": state["seats"],
            "sets": list(state["sets"]),
            "colour": state["colours"][0],
            "mode": "teach",
            "rest": where,
        }
        return FollowUp(question, options)

    def learned_box(self, state: dict) -> dict:
        """Box overrides (the setup option's plus what was learned), ready to save per box."""
        out = copy.deepcopy(state["box"])
        for group in BOX_GROUPS:
            target = out.setdefault(group, {})
            for ident, facts in state["learned"][group].items():
                target.setdefault(ident, {}).update(copy.deepcopy(facts))
        return out

    def _side_scores(self, state: dict) -> list[dict]:
        """Each side's breakdown and total, South first."""
        return [_side_score(state, side) for side in (SOUTH, NORTH)]

    def answer_text(self, state: dict, prompt, value) -> Msg | None:
        """A place on the map by the tile beside it ("[2,1] východně od Les – zelená"); other
        answers by their option's label."""
        if not (isinstance(value, list) and len(value) == 2 and all(type(v) is int for v in value)):
            return None
        from .picture import from_grid

        k = from_grid(state, value)
        where = Msg(at(k), at(k))
        x, y = xy(k)
        for dx, dy in board.RING:
            beside = board.cell(state, board.key(x - dx, y - dy))
            if beside is not None and beside.get("tile"):
                cs, en = board.DIRECTION_NAMES[(dx, dy)]
                tile = box.describe(state, beside["tile"])  # "Les – zelená": its name is enough here
                name = Msg(tile.cs.split(" – ")[0], tile.en.split(" – ")[0])
                return where + Msg(" {d} od {t}", " {d} of {t}").format(d=Msg(cs, en), t=name)
        return where

    def score_part(self, part: str) -> Msg | None:
        return SCORE_PARTS.get(part)

    def seat_lines(self, state: dict, seat: int) -> tuple[Msg, ...]:
        """How many tiles the seat holds (what they are lies in front of it)."""
        if seat >= 2:
            return ()
        return (Msg("V ruce: {n}", "In hand: {n}").format(n=len(state["hands"][seat])),)

    def score(self, state: dict) -> Scores:
        try:
            parts = self._side_scores(state)
        except box.NeedFacts:  # asking 4, in play: facts only the final scoring reads are not told yet
            parts = [{"total": 0} for _ in (SOUTH, NORTH)]
        totals = {s: parts[s]["total"] for s in (SOUTH, NORTH)}
        breakdown = {s: {k: v for k, v in parts[s].items() if k != "total"} for s in (SOUTH, NORTH)}
        ranking = _ranking(state, totals) if state["over"] else ()
        places = (1, 1) if state["over"] and _drawn(state, totals) else ()
        return Scores(totals, breakdown, ranking, state["over"], places)

    def score_events(self, before: dict, after: dict) -> tuple[Msg, ...]:
        """The final scoring, once the game ends: every side's total and its parts."""
        if not after["over"] or before["over"]:
            return ()
        scores = self.score(after)
        return tuple(_final_line(after, side, scores) for side in (SOUTH, NORTH))

    def status(self, state: dict) -> Status:
        awaited = self.awaiting(state)
        phase = _phase(awaited)
        # the final round shows as "Kolo 11/11": the last one (the header has no room for words)
        final = state["final_left"] is not None or state["final_trigger"]
        jindrich_acts = state["solo"] and (
            state["active"] == NORTH or (awaited is not None and awaited.step.startswith("jindrich"))
        )
        turn = None if jindrich_acts else state["active"]
        shown = state["round"]
        if box.when_needed(state) and state["solo"] and state["active"] == SOUTH and _his_turn_open(state):
            shown -= 1  # his turn ended the round, but its confirmation and questions still belong to it
        return Status(shown, shown if final else None, phase, turn, recent(state, STATUS_EVENTS))


def _his_turn_open(state: dict) -> bool:
    """Jindřich's turn still has its confirmation, the refill, the treasure or a question his
    placement reads in the queue."""
    return any(_his_task(t) for t in state["queue"])


def _his_task(task: dict) -> bool:
    """A question of his turn (a treasure's condition asked later belongs to the turn whose
    placement made it possible: ``later`` names that side)."""
    if task["t"] == "treasure":
        return task.get("later", NORTH) == NORTH
    return task["t"] == "jindrich_done" or "expect" in task or "jindrich" in task


def _final_line(state: dict, side: int, scores: Scores) -> Msg:
    """'Bílý: 34 b. (budovy 30, silnice 4)'; 'Bílý: 0 b.' with nothing scored (sessions recorded
    before the ``asking`` option wrote empty brackets, and replay so)."""
    parts = [
        Msg("{k} {v}", "{k} {v}").format(k=SCORE_PARTS.get(part, Msg(part, part)), v=points)
        for part, points in scores.breakdown[side].items()
        if points
    ]
    total = Msg("{w}: {n} b.", "{w}: {n} pts").format(w=side_name(state, side), n=scores.totals[side])
    if parts or state.get("asking", ASKING_RECORDED) == ASKING_RECORDED:
        return total + Msg(" ({p})", " ({p})").format(p=join(parts))
    return total


def _solo_setup(state: dict) -> None:
    """All his units wait at the edge; which of them is the elite does not matter to him."""
    for colour in COLOURS:
        state["units"]["1" + colour] = {"side": NORTH, "elite": False, "cross": colour, "at": "out"}
    state["treasures"]["stack"] = turns.tokens_in_play(state)


def _duel_setup(state: dict) -> None:
    state["units"]["1e"] = {"side": NORTH, "elite": True, "cross": None, "at": "0,0"}
    for u in ("1a", "1b"):
        state["units"][u] = {"side": NORTH, "elite": False, "cross": None, "at": "offer"}
    if state.get("asking", ASKING_RECORDED) > ASKING_RECORDED:
        return  # the table tells who won the toss (start_player)
    state["active"] = rng.randint(state, 0, 1)  # recorded sessions: the box tossed the shield
    state["offer"]["crown"] = state["active"]


def _check_rest(options: dict) -> None:
    """Option rest: the pieces of a teaching walk after a game, each with where it lies."""
    where = options["rest"]
    pieces = set(box.tile_entries()) | set(box.treasure_entries())
    if (
        options["mode"] != "teach"
        or not isinstance(where, dict)
        or not all(k in pieces and rest.valid_code(v) for k, v in where.items())
    ):
        raise refuse(
            "bad_option",
            "Volba rest: jen s režimem teach, id destiček a pokladů s místem, kde leží.",
            "Option rest: only with mode teach, tile and token ids with where each lies.",
        )


def _teach_setup(state: dict) -> None:
    """The teaching walk instead of a game: the chosen sets' tiles and the tokens, in turn."""
    state["mode"] = "teach"
    state["treasures"]["stack"] = 0  # no game: no treasures in play
    walk.begin(state)


def _cell_view(state: dict, k: str, c: dict) -> dict:
    x, y = xy(k)
    entry = {
        "x": x,
        "y": y,
        "colour": c["colour"],
        "up": c["up"],
        "owner": c["owner"],
        "label": label(state, k),
        "treasure": c["treasure"],
    }
    if c["tile"]:
        entry["tile"] = c["tile"]
        entry["text"] = box.describe(state, c["tile"]).to_json()
    return entry


def _side_score(state: dict, side: int) -> dict:
    s = scoring.side_score(state, side, jindrich=state["solo"] and side == NORTH)
    if not state["roads"]:
        s["total"] -= s["roads"]
        s["roads"] = 0
    return s


def _ranking(state: dict, totals: dict[int, int]) -> tuple[int, ...]:
    if state.get("mode") == "teach":  # nobody played: the seats in their order
        return (SOUTH, NORTH)
    if state["solo"]:  # the player wins only with strictly more points
        return (SOUTH, NORTH) if totals[SOUTH] > totals[NORTH] else (NORTH, SOUTH)
    return (NORTH, SOUTH) if _standing(state, totals, NORTH) > _standing(state, totals, SOUTH) else (SOUTH, NORTH)


def _standing(state: dict, totals: dict[int, int], side: int) -> tuple[int, int]:
    """What decides the winner of a game for two: points, then units in the royal offer."""
    return totals[side], board.in_offer(state, side)


def _drawn(state: dict, totals: dict[int, int]) -> bool:
    """Level on points and on units in the offer: a draw ("both brothers go back to their father
    and ask for more land"). The solo player who only equals Jindřich has lost."""
    playing = state.get("mode") != "teach" and not state["solo"]
    return playing and _standing(state, totals, SOUTH) == _standing(state, totals, NORTH)


def _phase(awaited: Awaited | None) -> Msg:
    """The header's phase, read from the awaited step and its task: one word, so that
    "Kolo 11/11 · Oprava" fits the panel's header."""
    if awaited is None:
        return Msg("Konec hry", "Game over")
    step, task = awaited
    if step.startswith("jindrich"):
        return Msg("Jindřich", "Jindřich")
    if step.startswith(("fix", "correct")) or task.get("fix") or task.get("relearn"):
        return Msg("Oprava", "Correction")
    if step.startswith(("reveal", "learn", "treasure", "start", "rest")):
        return Msg("Otázka", "Question")
    return Msg("Tah", "Turn")
