"""Learning a tile's printed facts from the table: building, colour, cost, roads and its effect's
parameters, one question each (the box is learned as it is played, never guessed).

A learning task is the queue's head: ``{"t": "learn", "tile", "fields", "partial"}`` asked
because a move needed the facts (``resume``: the move, carried out again once all are known),
because a tile turned up that the companion cannot name yet, or because a correction enters a
tile's facts again (``relearn``). While look-alike tiles are told apart, the same questions are
asked for the reveal task at the head (its ``identify`` part collects the answers).
"""

from __future__ import annotations

from ....engine import BACK, Gate, Msg, Option, Prompt, PromptKind, announce, answered, numbered
from ....engine.steps import in_range
from .. import box, rest, turns
from ..texts import EDGE_NAMES, RESOURCE_NAMES, colour_opts, place_text, refuse, resources, road_text, tile_where
from .common import DvaStep, choice, listed_gate, seats
from .identify import identify_next

# compass keys of the pad (2 = up = north, 5 unused), as offsets with y up
COMPASS = {"1": (-1, 1), "2": (0, 1), "3": (1, 1), "4": (-1, 0), "6": (1, 0), "7": (-1, -1), "8": (0, -1), "9": (1, -1)}
EDGE_KEYS = {"N": "2", "E": "6", "S": "8", "W": "4"}
# the direction each compass key names, so a line reads "1 severozápad", not "1 1"
COMPASS_NAMES = {
    "1": Msg("severozápad", "north-west"),
    "2": Msg("sever", "north"),
    "3": Msg("severovýchod", "north-east"),
    "4": Msg("západ", "west"),
    "6": Msg("východ", "east"),
    "7": Msg("jihozápad", "south-west"),
    "8": Msg("jih", "south"),
    "9": Msg("jihovýchod", "south-east"),
}


def learning_of(task: dict) -> dict:
    """What is being learned: the learning task itself, or a reveal's telling-apart part."""
    return task["identify"] if task["t"] == "reveal" else task


def _missing_param(state: dict, learning: dict) -> str:
    params = learning["partial"].get("params", {})
    building = box.fact(state, learning["tile"], "building")
    return next(p for p in box.buildings()[building].params if p not in params)


def step_for(state: dict, learning: dict) -> str:
    """The step asking the next fact of a learning task (or of telling look-alikes apart)."""
    if learning.get("rest", {}).get("hold"):
        return rest.REST_STEP
    field = learning["fields"][0]
    if field in ("roads", "cost") and state.get("asking", 1) > 1:
        return {"roads": "learn_road_set", "cost": "learn_cost_digits"}[field]
    if field != "params":
        return "learn_" + field
    param = _missing_param(state, learning)
    if param != "pairs":
        return "learn_" + param
    return "learn_pair_pos" if "pairs_n" in learning["partial"] else "learn_pairs"


def compass_options(back: bool) -> tuple[Option, ...]:
    """A place next to a tile, typed as the pad's compass key."""
    return tuple(Option(list(v), COMPASS_NAMES[c], c) for c, v in COMPASS.items()) + ((BACK,) if back else ())


COMPASS_VALUES = tuple(list(v) for v in COMPASS.values())  # what ``compass_options`` lists, "*" aside


# -- dropping a question ---------------------------------------------------------------------------
def drop(state: dict, task: dict) -> None:
    """ "*" on a question: telling look-alikes apart goes back to the list of tiles; otherwise the
    question and its move are dropped (a dropped correction puts the facts back as they were)."""
    if task["t"] == "reveal":
        del task["identify"]
        return
    state["queue"].pop(0)
    state["pending"] = None
    if task.get("relearn"):
        restore_facts(state, task)
    if task.get("rest"):  # the walk after a game: this piece was not at hand
        state["skipped"] = state.get("skipped", 0) + 1


def restore_facts(state: dict, task: dict) -> None:
    """Re-entering dropped half-way: what was known before it holds again."""
    group = "tiles" if task["t"] == "learn" else "treasures"
    ident = task["tile"] if task["t"] == "learn" else task["token"]
    box.learn(state, group, ident, task["before"]["facts"])
    for k, colour in task["before"].get("colours", {}).items():
        state["board"][k]["colour"] = colour


def cancellable(state: dict, learning: dict) -> bool:
    """Questions asked in the middle of a move the player started (or of re-entering a tile's
    facts) can drop that move; those telling look-alikes apart go back to the list."""
    return (
        bool(learning.get("relearn"))
        or bool(learning.get("identify"))
        or bool(learning.get("rest"))
        or (bool(learning.get("resume")) and bool(state["pending"]))
    )


class LearnStep(DvaStep):
    """One question about a printed fact; "*" drops it (see ``drop``). ``brief`` is the question
    in a few words for one panel row (the title names the tile and the walk first)."""

    brief: Msg | None = None

    def short(self, state: dict, learning: dict) -> Msg | None:
        return self.brief

    def apply(self, state: dict, action, task: dict) -> None:
        if action.value == BACK.value:
            drop(state, task)
            return
        self.answer(state, action.value, task, learning_of(task))

    def answer(self, state: dict, value, task: dict, learning: dict) -> None:
        raise NotImplementedError

    def ask_number(self, state: dict, learning: dict, question: Msg, maximum: int, detail: Msg | None = None) -> Prompt:
        """A count 0..maximum asked of the whole table, saying who asks; the detail names the tile."""
        if detail is None:
            detail = _described(state, learning)
        return Prompt(
            PromptKind.NUMBER,
            self.name,
            seats(state),
            _asker(state, learning) + question,
            minimum=0,
            maximum=maximum,
            detail=detail,
            short=self.short(state, learning),
        )

    def ask_choice(self, state: dict, learning: dict, question: Msg, options: tuple[Option, ...]) -> Prompt:
        """A pick among options for anyone at the table, saying who asks; the detail names the tile."""
        return Prompt(
            PromptKind.CHOICE,
            self.name,
            seats(state),
            _asker(state, learning) + question,
            {-1: options},
            detail=_described(state, learning),
            short=self.short(state, learning),
        )


# -- recording what was learned ------------------------------------------------------------------
def record_fact(state: dict, task: dict, learning: dict, field: str, value) -> None:
    """Record one fact; when the task is complete, carry out the move it was asked for."""
    if learning.get("identify"):  # an answer that tells look-alike tiles apart
        learning["answers"][field] = value
        identify_next(state, task)
        return
    if learning.get("rest", {}).get("among"):  # a look-alike in a pile: which one, once all is told
        learning["answers"][field], learning["partial"] = value, {}
        learning["fields"].pop(0)
        if not learning["fields"]:
            rest.settle(state, learning)
        return
    tile = learning["tile"]
    box.learn_fact(state, "tiles", tile, field, value)
    if field == "colour":  # a corrected colour changes the tile where it lies too
        for c in state["board"].values():
            if c["tile"] == tile:
                c["colour"] = value
    learning["fields"].pop(0)
    if learning["fields"][:1] == ["params"] and not box.buildings()[box.fact(state, tile, "building")].params:
        box.learn_fact(state, "tiles", tile, "params", {})  # a re-entered building without any
        learning["fields"].pop(0)
    if learning["fields"]:
        return
    answered(state, learning)  # the engine then carries out the move it was asked for, if any
    if learning.get("announce"):  # a reveal whose colour needed no question: named now
        announce(state, Msg("V nabídce: {d}", "In the offer: {d}").format(d=box.describe(state, tile)))
    if learning.get("relearn"):
        announce(
            state,
            Msg("Oprava údajů: {d} {w}", "Corrected facts: {d} {w}").format(
                d=box.describe(state, tile), w=tile_where(state, tile)
            ),
        )
        turns.clear_met_treasures(state)


# -- the questions -------------------------------------------------------------------------------
def _asker(state: dict, learning: dict) -> Msg:
    """Whose facts: the tile as players can match it on the table (the ids are printed nowhere)."""
    tile, field = learning["tile"], learning["fields"][0]
    if learning.get("rest"):  # the walk after a game: the tile as it looks and where it lies
        return rest_name(state, learning) + Msg(": ", ": ")
    if learning.get("teach"):  # the walk: the set and the tile's turn, then the building once known
        from ..teach import TILES_PER_SET

        where = Msg("{s} {n}/{k}", "{s} {n}/{k}").format(
            s=box.set_name(learning["teach"]["set"]), n=learning["teach"]["n"], k=TILES_PER_SET
        )
        if field in ("building", "colour") or not box.known(state, tile, "building"):
            return where + Msg(": ", ": ")
        return where + Msg(" ", " ") + box.building_name(box.fact(state, tile, "building")) + Msg(": ", ": ")
    if learning.get("relearn"):
        return Msg("Oprava údajů: ", "Correcting facts: ")
    if learning.get("jindrich"):  # his placement reads a road: the tile named before the question
        from .jindrich import asker

        return asker(state, learning)
    if learning.get("final"):  # before the final scoring: the tile by its look and its place
        return rest_name(state, {**learning, "rest": {"at": learning["final"]}}) + Msg(": ", ": ")
    if field in ("building", "colour") or not box.known(state, tile, "building"):
        return Msg("Nová destička: ", "New tile: ")
    return box.building_name(box.fact(state, tile, "building")) + Msg(": ", ": ")


def rest_name(state: dict, learning: dict) -> Msg:
    """'Hostinec – žlutá ([1,-1])', 'Mlýn – zelená (v krabici, jedna ze 2)'."""
    note = learning["rest"]
    where = place_text(state, note["at"])
    if note.get("alike"):
        where = Msg("{w}, jedna z {n}", "{w}, one of {n}").format(w=where, n=note["alike"])
    return box.describe(state, learning["tile"]) + Msg(" ({w})", " ({w})").format(w=where)


def rest_progress(state: dict, learning: dict) -> Msg:
    """'Doučení 3/11; * = není po ruce' (no '*' where a number is typed: there it clears)."""
    note = learning["rest"]
    count = Msg("Doučení {n}/{k}", "Rest {n}/{k}").format(n=note["n"], k=note["k"])
    if note.get("hold") or not rest.typed(state, learning["tile"], learning["fields"][0]):
        count += Msg("; * = není po ruce", "; * = not at hand")
    if note.get("among"):
        count += Msg("; kteroukoli, ještě nezadanou", "; any one not entered yet")
    return count


def _described(state: dict, learning: dict) -> Msg:
    if learning.get("rest"):
        return rest_progress(state, learning)
    desc = box.describe(state, learning["tile"])
    if learning.get("identify"):
        return Msg(
            "Znám víc destiček {d}; takhle poznám, kterou máš.",
            "I know several tiles {d}; this tells me which one you have.",
        ).format(d=desc)
    return desc


class LearnChoice(LearnStep):
    """A fact picked from a list: ``question`` asks it, ``pairs`` lists the answers."""

    question = Msg("", "")
    with_detail = True

    def pairs(self, state: dict, learning: dict) -> list[tuple]:
        raise NotImplementedError

    def values(self, state: dict, learning: dict) -> list:
        """The answers ``pairs`` lists; a step whose labels cost more names them without."""
        return [value for value, _ in self.pairs(state, learning)]

    def gate(self, state: dict, task: dict):
        """The answers without their labels, and "*" when the question can drop the move."""
        learning = learning_of(task)
        back = [BACK.value] if cancellable(state, learning) else []
        return listed_gate(state, self.name, PromptKind.CHOICE, [*self.values(state, learning), *back])

    def prompt(self, state: dict, task: dict) -> Prompt:
        learning = learning_of(task)
        return choice(
            state,
            self.name,
            _asker(state, learning) + self.question,
            self.pairs(state, learning),
            cancellable(state, learning),
            _described(state, learning) if self.with_detail else None,
            short=self.short(state, learning),
        )


class LearnBuilding(LearnChoice):
    name = "learn_building"
    unlisted_rule = "building_not_in_set"
    unlisted = ("{who}: {v} v sadě této destičky není.", "{who}: {v} is not in this tile's set.")
    question = Msg("jaká je to budova?", "which building is it?")
    brief = Msg("Jaká budova?", "Which building?")
    with_detail = False

    def pairs(self, state: dict, learning: dict) -> list[tuple]:
        set_key = box.fact(state, learning["tile"], "set")
        return [(b, box.building_name(b)) for b in box.sets()[set_key].buildings]

    def values(self, state: dict, learning: dict) -> list:
        return list(box.sets()[box.fact(state, learning["tile"], "set")].buildings)

    def answer(self, state: dict, value, task: dict, learning: dict) -> None:
        record_fact(state, task, learning, "building", value)


class LearnColour(LearnChoice):
    name = "learn_colour"
    question = Msg("jakou má barvu?", "which colour is it?")
    brief = Msg("Jaká barva?", "Which colour?")

    def pairs(self, state: dict, learning: dict) -> list[tuple]:
        return colour_opts()

    def values(self, state: dict, learning: dict) -> list:
        return list(box.COLOURS)

    def answer(self, state: dict, value, task: dict, learning: dict) -> None:
        tile = learning["tile"]
        if learning.get("expect") and value != learning["expect"]:
            raise refuse(
                "reveal_colour_mismatch",
                "Rub vrchní destičky zásoby měl jinou barvu.",
                "The back of the supply's top tile showed another colour.",
            )
        set_key = box.fact(state, tile, "set")
        same = [
            t
            for t in box.set_tiles(set_key)
            if t != tile and box.known(state, t, "colour") and box.fact(state, t, "colour") == value
        ]
        if len(same) >= box.sets()[set_key].colours[value]:
            raise refuse(
                "set_colour_count",
                "Každá sada má jen 3 destičky každé barvy; tato barva je už vyčerpaná.",
                "Each set has only 3 tiles of each colour; this colour is used up.",
            )
        record_fact(state, task, learning, "colour", value)
        if tile in state["offer"]["slots"] and not learning.get("relearn"):
            announce(state, Msg("V nabídce: {d}", "In the offer: {d}").format(d=box.describe(state, tile)))


class LearnCost(LearnStep):
    """The cost, one resource at a time (wood, stone, grain)."""

    name = "learn_cost"

    def short(self, state, learning):
        res = next(r for r in box.RESOURCE_ORDER if r not in learning["partial"].get("cost", {}))
        return Msg("Cena – kolik {r}?", "Cost: {r}?").format(r=RESOURCE_NAMES[res])

    def prompt(self, state: dict, task: dict) -> Prompt:
        learning = learning_of(task)
        res = next(r for r in box.RESOURCE_ORDER if r not in learning["partial"].get("cost", {}))
        desc = _described(state, learning)
        hint = box.buildings()[box.fact(state, learning["tile"], "building")].example_costs
        detail = (
            desc
            if not hint
            else desc + Msg(" – v pravidlech: {h}", " – rulebook example: {h}").format(h=resources(hint[0]))
        )
        # the resource first: the three cost questions must not look alike on the panel
        return self.ask_number(
            state,
            learning,
            Msg("cena – kolik {r}?", "cost – how much {r}?").format(r=RESOURCE_NAMES[res]),
            maximum=5,
            detail=detail,
        )

    def gate(self, state: dict, task: dict) -> Gate:
        return Gate(PromptKind.NUMBER, self.name, seats(state), in_range(0, 5))

    def answer(self, state: dict, value, task: dict, learning: dict) -> None:
        cost = learning["partial"].setdefault("cost", {})
        cost[next(r for r in box.RESOURCE_ORDER if r not in cost)] = value
        if len(cost) == 3:
            record_fact(state, task, learning, "cost", dict(cost))


class LearnCostDigits(LearnStep):
    """The whole cost in one number: its digits are wood, stone and grain as printed (102 = 1 wood,
    0 stone, 2 grain; 2 = 2 grain)."""

    name = "learn_cost_digits"
    brief = Msg("Cena: 3 číslice?", "Cost: 3 digits?")

    def prompt(self, state: dict, task: dict) -> Prompt:
        learning = learning_of(task)
        hint = box.buildings()[box.fact(state, learning["tile"], "building")].example_costs
        example = Msg("např. 102 = 1 dřevo, 0 kamene, 2 obilí", "e.g. 102 = 1 wood, 0 stone, 2 grain")
        detail = _described(state, learning) + Msg(" – ", " – ") + example
        if hint:
            detail += Msg("; v pravidlech: {h}", "; rulebook example: {h}").format(h=resources(hint[0]))
        return self.ask_number(
            state,
            learning,
            Msg("cena – číslice dřevo, kámen, obilí?", "cost – digits wood, stone, grain?"),
            maximum=555,
            detail=detail,
        )

    def answer(self, state: dict, value, task: dict, learning: dict) -> None:
        digits = [value // 100, value // 10 % 10, value % 10]
        if max(digits) > 5:
            raise refuse(
                "cost_digits",
                "Cena: každá číslice (dřevo, kámen, obilí) je 0 až 5.",
                "Cost: each digit (wood, stone, grain) is 0 to 5.",
            )
        record_fact(state, task, learning, "cost", dict(zip(box.RESOURCE_ORDER, digits)))


class LearnRoads(LearnStep):
    """Edges with a road, toggled one by one, then "#" (done)."""

    name = "learn_roads"
    brief = Msg("Kde jsou silnice?", "Which edges: road?")

    def prompt(self, state: dict, task: dict) -> Prompt:
        learning = learning_of(task)
        on = learning["partial"].get("roads", [])
        opts = tuple(
            Option(
                e,
                Msg("{e}: {s}", "{e}: {s}").format(
                    e=EDGE_NAMES[e], s=Msg("silnice", "road") if e in on else Msg("nic", "none")
                ),
                EDGE_KEYS[e],
            )
            for e in box.EDGES
        )
        opts += (Option("done", Msg("Hotovo", "Done"), "#"),) + ((BACK,) if cancellable(state, learning) else ())
        return self.ask_choice(
            state,
            learning,
            Msg(
                "na kterých hranách je silnice? (spodní hranou k tobě)",
                "which edges show a road? (bottom edge towards you)",
            ),
            opts,
        )

    def gate(self, state: dict, task: dict):
        back = (BACK.value,) if cancellable(state, learning_of(task)) else ()
        return listed_gate(state, self.name, PromptKind.CHOICE, (*box.EDGES, "done", *back))

    def answer(self, state: dict, value, task: dict, learning: dict) -> None:
        on = learning["partial"].setdefault("roads", [])
        if value == "done":
            record_fact(state, task, learning, "roads", [e for e in box.EDGES if e in on])
        elif value in on:
            on.remove(value)
        else:
            on.append(value)


# every set of edges a tile can print, fewest roads first (one pick instead of toggling edges)
ROAD_SETS = [
    [e for i, e in enumerate(box.EDGES) if mask >> i & 1]
    for mask in sorted(range(16), key=lambda m: (bin(m).count("1"), m))
]


class LearnRoadSet(LearnStep):
    """The edges with a road, picked at once from the sixteen possible sets."""

    name = "learn_road_set"
    brief = Msg("Kde má silnice?", "Where are its roads?")

    def short(self, state: dict, learning: dict) -> Msg | None:
        """``asking`` 6 asks a building's roads as it is laid: the row names the tile in hand."""
        plain = not any(learning.get(k) for k in ("jindrich", "teach", "rest", "final", "identify", "relearn"))
        if box.folded(state) and plain and box.known(state, learning["tile"], "building"):
            return Msg("{b}: silnice?", "{b}: roads?").format(
                b=box.building_name(box.fact(state, learning["tile"], "building"))
            )
        return self.brief

    def prompt(self, state: dict, task: dict) -> Prompt:
        learning = learning_of(task)
        opts = numbered(((edges, road_text(edges)) for edges in ROAD_SETS), back=cancellable(state, learning))
        return self.ask_choice(
            state,
            learning,
            Msg("kde má silnice? (spodní hranou k tobě)", "where are its roads? (bottom edge towards you)"),
            opts,
        )

    def answer(self, state: dict, value, task: dict, learning: dict) -> None:
        record_fact(state, task, learning, "roads", [e for e in box.EDGES if e in value])


# -- the effect's parameters ---------------------------------------------------------------------
def record_param(state: dict, task: dict, learning: dict, name: str, value) -> None:
    """One parameter of the building's effect; all of them known: the params are learned."""
    params = learning["partial"].setdefault("params", {})
    params[name] = value
    building = box.fact(state, learning["tile"], "building")
    if all(p in params for p in box.buildings()[building].params):
        record_fact(state, task, learning, "params", dict(params))


class LearnParam(LearnChoice):
    """A parameter picked from a list: ``options`` are its values with their names."""

    options: tuple[tuple[str, Msg], ...] = ()

    def pairs(self, state: dict, learning: dict) -> list[tuple]:
        return list(self.options)

    def answer(self, state: dict, value, task: dict, learning: dict) -> None:
        record_param(state, task, learning, self.name.removeprefix("learn_"), value)


class LearnLine(LearnParam):
    name = "learn_line"
    question = Msg("řada, nebo sloupec?", "row or column?")
    brief = Msg("Řada, nebo sloupec?", "Row or column?")
    options = (
        ("row", Msg("řada (vodorovně)", "row (across)")),
        ("column", Msg("sloupec (svisle)", "column (up and down)")),
    )


class LearnDepicts(LearnParam):
    name = "learn_depicts"
    question = Msg("která budova je vyobrazena?", "which building is pictured?")
    brief = Msg("Která budova?", "Which building?")

    def pairs(self, state: dict, learning: dict) -> list[tuple]:
        return [(b, box.building_name(b)) for b in ("farm", "sawmill", "quarry")]


class LearnBoosts(LearnParam):
    name = "learn_boosts"
    question = Msg("kterou dílnu posiluje?", "which workshop does it boost?")
    brief = Msg("Kterou dílnu?", "Which workshop?")

    def pairs(self, state: dict, learning: dict) -> list[tuple]:
        return [(b, box.building_name(b)) for b in ("basket_workshop", "potter_workshop", "cooper_workshop")] + [
            ("all", Msg("všechny dílny", "all workshops"))
        ]


class LearnPairs(LearnStep):
    """How many pairs of places a workshop shows (then each place, see LearnPairPos)."""

    name = "learn_pairs"
    brief = Msg("Kolik dvojic?", "How many pairs?")

    def prompt(self, state: dict, task: dict) -> Prompt:
        learning = learning_of(task)
        return self.ask_number(
            state, learning, Msg("kolik dvojic pozic je vyznačeno?", "how many pairs of places are shown?"), maximum=4
        )

    def answer(self, state: dict, value, task: dict, learning: dict) -> None:
        learning["partial"]["pairs_n"], learning["partial"]["flat"] = value, []
        if value == 0:
            record_param(state, task, learning, "pairs", [])


class LearnPairPos(LearnStep):
    """One place of a pair, as a compass key from the workshop."""

    name = "learn_pair_pos"

    def short(self, state, learning):
        flat = learning["partial"]["flat"]
        return Msg("Dvojice {i}, pozice {j}?", "Pair {i}, place {j}?").format(i=len(flat) // 2 + 1, j=len(flat) % 2 + 1)

    def prompt(self, state: dict, task: dict) -> Prompt:
        learning = learning_of(task)
        flat = learning["partial"]["flat"]
        return self.ask_choice(
            state,
            learning,
            Msg(
                "dvojice {i}, pozice {j} (klávesy jako kompas, spodní hranou k tobě)",
                "pair {i}, place {j} (keys as a compass, bottom edge towards you)",
            ).format(i=len(flat) // 2 + 1, j=len(flat) % 2 + 1),
            compass_options(cancellable(state, learning)),
        )

    def gate(self, state: dict, task: dict):
        back = [BACK.value] if cancellable(state, learning_of(task)) else []
        return listed_gate(state, self.name, PromptKind.CHOICE, [*COMPASS_VALUES, *back])

    def answer(self, state: dict, value, task: dict, learning: dict) -> None:
        part = learning["partial"]
        part["flat"].append(list(value))
        if len(part["flat"]) == 2 * part["pairs_n"]:
            flat = part["flat"]
            record_param(state, task, learning, "pairs", [[flat[i], flat[i + 1]] for i in range(0, len(flat), 2)])


class RestTile(LearnStep):
    """The walk after a game names a tile whose only question left is a typed number (which has
    no "*"): the owner picks it up, or skips it."""

    name = rest.REST_STEP
    enumerable = True
    brief = Msg("Vezmi ji do ruky.", "Pick it up.")

    def prompt(self, state: dict, task: dict) -> Prompt:
        return self.ask_choice(
            state,
            task,
            Msg("vezmi ji do ruky.", "pick it up."),
            (
                Option("hold", Msg("Mám ji", "I have it"), "#"),
                Option(BACK.value, Msg("Není po ruce – přeskočit", "Not at hand – skip"), "*"),
            ),
        )

    def answer(self, state: dict, value, task: dict, learning: dict) -> None:
        del learning["rest"]["hold"]


STEPS = (
    RestTile(),
    LearnBuilding(),
    LearnColour(),
    LearnCost(),
    LearnCostDigits(),
    LearnRoads(),
    LearnRoadSet(),
    LearnLine(),
    LearnDepicts(),
    LearnBoosts(),
    LearnPairs(),
    LearnPairPos(),
)
