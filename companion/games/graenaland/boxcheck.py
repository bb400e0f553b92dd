"""Guided correction of the box data on the device (setup option ``check_box``).

Before the first round, and before any other setup step, the table walks through every fact
that is still unverified and matters with this player count: one public question per fact,
answered on the host buttons or any pad. ``#`` keeps the value as it is (it stays unverified and
is asked again next time), picking a value (the current one included) confirms it, ``*`` skips
the rest. Facts are grouped per board piece, in the order the pieces lie on the table, then the
reference card, the army track, the houses and the supply cards.

Every answer is an action in the log. A correction is re-checked with ``box.check`` against
the whole data before it is accepted, then applied to ``state["board"]`` and recorded in
``state["learned"]`` (box.toml's shape) so ``learned_box`` hands it to the next session.

The walk keeps the data being corrected in the state (``state["boxcheck"]["data"]``, box.toml's
shape, as recorded sessions have it) and reads its facts from the records of that data
(``records_of``).

Not asked here, because a 128x64 screen cannot show them usefully: which piece lies where
(``layouts.N.pieces``, and with it a piece's ``coastal`` row and corner label), the neighbours
with their compass directions, the starting spots, and the victory-point cards' thresholds.
"""

from __future__ import annotations

import copy
import threading
from itertools import combinations, product

from ...engine import Msg, Option, numbered, plural
from ...engine.choices import NO, YES
from ...engine.i18n import join
from . import box, texts
from .box import UNKNOWN
from .building import BUILDINGS
from .payment import RESOURCES as COST_RESOURCES
from .texts import note

STEP = "box_check"
KEEP, SKIP = "keep", "skip"
DEVICE = "corrected on the device"
# resources a printed cost is entered in (COST_RESOURCES, payment's; gold is wild: a cost
# showing gold goes in the file)
MOST_PER_RESOURCE = 5
ARMY_TRACK_ENDS = range(3, 16)
PIECE_FACTS = ("terrain", "settlement_cost", "buildings", "stronghold_resource", "improvement_resource")
# the few combinations of building symbols a piece can show
BUILDING_SETS = [list(c) for n in range(4) for c in combinations(BUILDINGS, n)]
GENITIVE = {"grain": "obilí", "livestock": "dobytka", "wood": "dřeva", "ore": "rudy", "gold": "zlata"}


# -- the records of the data being checked ------------------------------------------------------
_READING = threading.Lock()  # the table and the web may read at once

# the same few data objects, by identity: a replay asks the one state's walk data several
# times an action, and marshalling the whole data for its key costs more than the question. The
# walk never changes its data in place (``_correct`` puts a new version in), and the objects are
# held here, so an identity found stands for the same data.
_SAME: list[tuple[dict, box.Box]] = []


def records_of(data: dict, read: box.Box | None = None) -> box.Box:
    """The records of box data in box.toml's shape (the walk's, kept in the state), read once
    per version of the data (``box.parsed``); ``read``: its records, just made by ``box.check``."""
    with _READING:
        for held, found in _SAME:
            if held is data:
                return found
    found = box.parsed(data, read)
    with _READING:
        if len(_SAME) >= 4:
            del _SAME[0]
        _SAME.append((data, found))
    return found


# -- which facts are open ----------------------------------------------------------------------
def _open(mark: box.Mark, field: str) -> bool:
    return not mark.verified and field not in mark.confirmed


def open_facts(data: box.Box, seats: int, every: bool = False) -> list[dict]:
    """Every unverified fact this player count uses, in the order they are asked; ``every``:
    the facts of all pieces of every layout (teaching the box away from play)."""
    out = _every_piece_fact(data) if every else _piece_facts(data, data.layouts[seats])
    for group, kinds, entries in (
        ("costs", data.building_kinds, data.costs),
        ("public", data.public_kinds, data.public),
    ):
        out += [
            {"id": f"{group}.{kind}.cost", "group": group, "key": kind, "field": "cost"}
            for kind in kinds
            if _open(entries[kind].mark, "cost")
        ]
    out += [
        {"id": f"{group}.value", "group": group, "key": None, "field": "value"}
        for group in ("army_max", "house_limit")
        if _open(data.marks[group], "value")
    ]
    out += [
        {
            "id": f"supply_cards.faces.{number}",
            "group": "supply_cards",
            "key": None,
            "field": f"faces.{number}",
            "card": number,
        }
        for number in range(1, data.supply_cards + 1)
        if _open(data.marks["supply_cards"], f"faces.{number}")
    ]
    return out


def _piece_facts(data: box.Box, layout: box.Layout) -> list[dict]:
    """The pieces' facts, piece by piece in the order they lie on the table."""
    out = []
    for tid in (*layout.coast, *layout.inland):
        pid = layout.pieces[tid]
        out += [
            {"id": f"pieces.{pid}.{field}", "group": "pieces", "key": pid, "field": field, "where": tid}
            for field in PIECE_FACTS
            if _asked(data.pieces[pid], field)
        ]
    return out


def _every_piece_fact(data: box.Box) -> list[dict]:
    """Each piece once, as the box holds them (by its label), whatever layout it belongs to."""
    out, seen = [], set()
    for n in sorted(data.layouts):
        for fact in _piece_facts(data, data.layouts[n]):
            if fact["id"] not in seen:
                seen.add(fact["id"])
                out.append({**fact, "teach": True})
    return out


def _asked(piece: box.Piece, field: str) -> bool:
    """Open, and printed at all: no building symbols on mountains (p.6), no stronghold
    resource where no stronghold symbol is."""
    if not _open(piece.mark, field):
        return False
    if field in ("buildings", "stronghold_resource") and piece.terrain == "mountains":
        return False
    return not (field == "stronghold_resource" and piece.buildings != UNKNOWN and "stronghold" not in piece.buildings)


def begin(state: dict, data: dict, every: bool = False, stable: bool = False) -> None:
    """Put the walk in front of whatever step setup ended at; nothing to ask = no walk.
    ``every``: the teaching walk (setting ``mode = "teach"``), every piece of every layout,
    and no game after it. ``stable`` (asking 2): every answer keeps its code for the whole walk."""
    if not open_facts(records_of(data), state["seats"], every):
        if every:
            state["step"] = "over"
        return
    state["boxcheck"] = {
        "data": box.copied(data),  # the session's own copy: the walk replaces it as it corrects
        "done": [],
        "partial": {},
        "counts": {"corrected": 0, "confirmed": 0, "kept": 0},
        "resume": {"step": "over" if every else state["step"], "phase": state["phase"]},
    }
    if every:
        state["boxcheck"]["every"] = True
    if stable:
        state["boxcheck"]["stable"] = True
    state["step"], state["phase"] = STEP, "setup"
    note(
        state,
        Msg(
            "Kontrola údajů z krabice: vyberte, co je vytištěno; # ponechá, * přeskočí zbytek.",
            "Box data check: pick what is printed; # keeps, * skips the rest.",
        ),
    )


def current(state: dict) -> tuple[dict, int, int]:
    """The fact asked now, its number and the total (the total shrinks when an answer makes
    later facts moot, e.g. a piece corrected to mountains has no building symbols)."""
    check = state["boxcheck"]
    every = check.get("every", False)
    left = [f for f in open_facts(records_of(check["data"]), state["seats"], every) if f["id"] not in check["done"]]
    return left[0], len(check["done"]) + 1, len(check["done"]) + len(left)


def _piece_of(data: box.Box, fact: dict) -> box.Piece:
    return data.pieces[fact["key"]]


def _mark_of(data: box.Box, fact: dict) -> box.Mark:
    group = fact["group"]
    if group == "pieces":
        return data.pieces[fact["key"]].mark
    if group in ("costs", "public"):
        return (data.costs if group == "costs" else data.public)[fact["key"]].mark
    return data.marks[group]


def value_of(data: box.Box, fact: dict):
    """The fact's value as the data has it now (a list where box.toml has a list)."""
    group, field = fact["group"], fact["field"]
    if group == "supply_cards":
        return box.faces_of(data)[fact["card"] - 1]
    if group == "pieces":
        value = getattr(_piece_of(data, fact), field)
        return list(value) if isinstance(value, tuple) else copy.deepcopy(value)
    if group in ("costs", "public"):
        return copy.deepcopy((data.costs if group == "costs" else data.public)[fact["key"]].cost)
    return data.army_max if group == "army_max" else data.house_limit


def _is_cost(fact: dict) -> bool:
    return fact["field"] in ("settlement_cost", "cost")


def kind(fact: dict) -> str:
    """What is asked: terrain, buildings, resource, cost, army_max, house_limit or face."""
    field = fact["field"]
    if field in ("terrain", "buildings"):
        return field
    if field.endswith("_resource"):
        return "resource"
    if _is_cost(fact):
        return "cost"
    return fact["group"] if fact["group"] in ("army_max", "house_limit") else "face"


# -- texts -------------------------------------------------------------------------------------
def _place(data: box.Box, fact: dict) -> Msg:
    """'Pobřeží 2': the row and the count from the west, as on the table (see texts.territory)."""
    return texts.row_place(_piece_of(data, fact).coastal, fact["where"])


def _resource(value: str) -> Msg:
    if value == "none":
        return Msg("žádná", "none")
    return texts.RESOURCE.get(value, Msg("neznámá", "unknown")) if value != UNKNOWN else Msg("neznámá", "unknown")


def _cost_text(cost) -> Msg:
    if cost == UNKNOWN:
        return Msg("neznámá", "unknown")
    if set(cost) == {"any"}:
        return Msg(f"{cost['any']}× dle dílu", f"{cost['any']} as printed")
    return join([Msg(f"{n}× {texts.RESOURCE[r].cs}", f"{n} {texts.RESOURCE[r].en}") for r, n in cost.items()], " + ")


def _buildings_text(kinds) -> Msg:
    if kinds == UNKNOWN:
        return Msg("neznámé", "unknown")
    if not kinds:
        return Msg("žádné", "none")
    return join([texts.BUILDING[k] for k in kinds], " + ")


def _face_text(face) -> Msg:
    if face == UNKNOWN:
        return Msg("neznámá", "unknown")
    return join([texts.RESOURCE[r] for r in face], " + ")


def _army_text(value) -> Msg:
    return Msg("bez omezení", "no cap") if value == UNKNOWN else Msg(str(value), str(value))


def _limit_text(value) -> Msg:
    return Msg("omezují", "they limit") if value else Msg("neomezují", "they do not limit")


DESCRIBE = {
    "terrain": lambda value: texts.TERRAIN[value],
    "cost": _cost_text,
    "buildings": _buildings_text,
    "resource": _resource,
    "army_max": _army_text,
    "house_limit": _limit_text,
    "face": _face_text,
}


def describe(fact: dict, value) -> Msg:
    """A value of the fact as the screen shows it."""
    return DESCRIBE[kind(fact)](value)


PIECE_SUBJECT = {
    "terrain": Msg("terén", "terrain"),
    "buildings": Msg("budovy", "buildings"),
    "stronghold_resource": Msg("tvrz", "stronghold"),
    "improvement_resource": Msg("zlepšení", "improvement"),
}


def subject(data: box.Box, fact: dict, resource: str | None) -> Msg:
    """The short title line: where and what."""
    field = fact["field"]
    if fact["group"] == "pieces":
        if field == "settlement_cost":
            what = Msg("osada – ", "settlement – ") + texts.RESOURCE[_cost_resource(resource)]
        else:
            what = PIECE_SUBJECT[field]
        where = _piece(fact) if fact.get("teach") else _place(data, fact) + Msg(": ", ": ")
        return where + what
    if _is_cost(fact):
        return texts.capital(_cost_name(fact)) + Msg(": ", ": ") + texts.RESOURCE[_cost_resource(resource)]
    return {"army_max": Msg("Počitadlo vojska", "Army track"), "house_limit": Msg("Domečky", "Houses")}.get(
        fact["group"]
    ) or Msg(f"Karta zásob {fact['card']}", f"Supply card {fact['card']}")


def named(data: box.Box, fact: dict) -> Msg:
    """What a fact is about, as players name it ("P3 osada", "Tvrz"), not its data path."""
    if fact["group"] == "pieces":
        what = Msg("osada", "settlement") if fact["field"] == "settlement_cost" else PIECE_SUBJECT[fact["field"]]
        where = Msg("Díl {p}", "Piece {p}").format(p=fact["key"]) if fact.get("teach") else _place(data, fact)
        return where + Msg(", ", ", ") + what
    if _is_cost(fact):
        return texts.capital(_cost_name(fact))
    return subject(data, fact, None)


def _cost_name(fact: dict) -> Msg:
    return (texts.BUILDING if fact["group"] == "costs" else texts.PUBLIC)[fact["key"]]


def _settlement_total(data: box.Box, fact: dict) -> int:
    piece = _piece_of(data, fact)
    return box.settlement_total(piece.terrain, piece.coastal)


PIECE_QUESTION = {
    "terrain": Msg("jaký terén na něm je?", "which terrain is it?"),
    "buildings": Msg("které symboly budov jsou na něm vytištěny?", "which building symbols are printed on it?"),
    "stronghold_resource": Msg(
        "která surovina je pod symbolem tvrze?", "which resource is under the stronghold symbol?"
    ),
    "improvement_resource": Msg(
        "kterou surovinu ukazuje políčko zlepšení uprostřed?",
        "which resource does the improvement square in the middle show?",
    ),
}


def question(data: box.Box, fact: dict, resource: str | None, partial: dict) -> Msg:
    """The whole question, for the screen's detail lines; a cost says what is entered so far."""
    field = fact["field"]
    if field in PIECE_QUESTION:
        return _piece(fact) + PIECE_QUESTION[field]
    if field == "settlement_cost":
        total = _settlement_total(data, fact)
        asked = _piece(fact) + Msg(
            f"osada tu stojí celkem {total} {plural(total, 'surovinu', 'suroviny', 'surovin')}. Kolik z toho je {{r}}?",
            f"a settlement here costs {total} resources in all. How many of them are {{r}}?",
        ).format(r=texts.RESOURCE[_cost_resource(resource)])
    elif field == "cost":
        asked = Msg("Přehledová karta: kolik {g} stojí {b}?", "Reference card: how much {r} does the {b} cost?").format(
            g=GENITIVE[_cost_resource(resource)], r=texts.RESOURCE[_cost_resource(resource)].en, b=_cost_name(fact)
        )
    else:
        return _other_question(data, fact)
    if partial:
        asked = asked + Msg(" Zadáno: ", " Entered: ") + _cost_text(partial) + Msg(".", ".")
    return asked


def _cost_resource(resource: str | None) -> str:
    """The resource a cost question is about: a cost is always asked resource by resource."""
    if resource is None:
        raise ValueError("a cost question without the resource it asks about")
    return resource


def _piece(fact: dict) -> Msg:
    return Msg("Díl {p}: ", "Piece {p}: ").format(p=fact["key"])


def _other_question(data: box.Box, fact: dict) -> Msg:
    if fact["group"] == "army_max":
        return Msg(
            "Jaké nejvyšší číslo je na počitadle síly vojska?", "What is the highest number on the army-strength track?"
        )
    if fact["group"] == "house_limit":
        rules = data.rules
        return Msg(
            "Omezují domečky stavění? Klan má {n} domečků, {a} z nich na počitadle vojska.",
            "Do the houses limit building? A clan has {n} houses, {a} of them on the army track.",
        ).format(n=rules["houses_per_player"], a=rules["houses_on_army_track"])
    return Msg(
        "Které dvě suroviny ukazuje karta zásob č. {n}, v pořadí shora (zleva)? Každá karta je jiná.",
        "Which two resources does supply card no. {n} show, top (left) first? Every card is different.",
    ).format(n=fact["card"])


# -- the answers offered -----------------------------------------------------------------------
def next_resource(fact: dict, partial: dict) -> str | None:
    """The resource a cost is asked for next (a cost is entered resource by resource)."""
    return next((r for r in COST_RESOURCES if r not in partial), None) if _is_cost(fact) else None


def _terrain_answers(data: box.Box, fact: dict, partial: dict) -> tuple[int, list]:
    return 1, [(t, texts.TERRAIN[t]) for t in data.row_terrains[_piece_of(data, fact).coastal]]


def _building_answers(data: box.Box, fact: dict, partial: dict) -> tuple[int, list]:
    return 1, [("+".join(kinds) or "none", _buildings_text(kinds)) for kinds in BUILDING_SETS]


def _resource_answers(data: box.Box, fact: dict, partial: dict) -> tuple[int, list]:
    return 1, [(r, texts.RESOURCE[r]) for r in data.resources]


def _cost_answers(data: box.Box, fact: dict, partial: dict) -> tuple[int, list]:
    resource = next_resource(fact, partial)
    if fact["field"] == "settlement_cost":
        low, high = 0, _settlement_total(data, fact) - sum(partial.values())
    else:
        nothing_yet = resource == COST_RESOURCES[-1] and not any(partial.values())
        low, high = (1 if nothing_yet else 0), MOST_PER_RESOURCE  # a cost is never empty
    name = texts.RESOURCE[_cost_resource(resource)]
    return low, [(n, Msg(f"{n}× {name.cs}", f"{n} {name.en}")) for n in range(low, high + 1)]


def _army_answers(data: box.Box, fact: dict, partial: dict) -> tuple[int, list]:
    return ARMY_TRACK_ENDS[0], [(n, Msg(str(n), str(n))) for n in ARMY_TRACK_ENDS]


def _limit_answers(data: box.Box, fact: dict, partial: dict) -> tuple[int, list]:
    return 1, [
        (YES, Msg("Ano, bez domečku se nestaví", "Yes, no house, no build")),
        (NO, Msg("Ne, stavět lze dál", "No, building goes on")),
    ]


def _face_answers(data: box.Box, fact: dict, partial: dict) -> tuple[int, list]:
    pairs = product(data.resources, repeat=2)  # 16 different cards need the order too
    return 1, [(f"{a}+{b}", _face_text([a, b])) for a, b in pairs]


ANSWERS = {
    "terrain": _terrain_answers,
    "buildings": _building_answers,
    "resource": _resource_answers,
    "cost": _cost_answers,
    "army_max": _army_answers,
    "house_limit": _limit_answers,
    "face": _face_answers,
}


NUMBERS = ("cost", "army_max")  # kinds whose answers are counts: a count's code is itself


def stable_answers(data: box.Box, fact: dict, partial: dict) -> tuple[tuple[Option, ...], tuple[Option, ...]]:
    """Asking 2: (offered, unoffered) answers, each with the code it has for the whole walk: a
    terrain its place among the box's terrains (an inland piece offers hills and mountains as
    3 and 4), a count itself (3 is "3" for a cost and for the army track), any other list its
    fixed order."""
    first, pairs = answers(data, fact, partial)
    fixed = kind(fact)
    if fixed == "terrain":
        offered = {value for value, _ in pairs}
        every = [Option(t, texts.TERRAIN[t], str(i + 1)) for i, t in enumerate(data.terrains)]
        return tuple(o for o in every if o.value in offered), tuple(o for o in every if o.value not in offered)
    if fixed in NUMBERS:
        options = tuple(Option(n, label, str(n)) for n, label in pairs)
        lowest = 0 if fixed == "cost" else first
        highest = max([MOST_PER_RESOURCE] + [n for n, _ in pairs]) if fixed == "cost" else pairs[-1][0]
        known = {o.value for o in options}
        left = tuple(Option(n, Msg(str(n), str(n)), str(n)) for n in range(lowest, highest + 1) if n not in known)
        return options, left
    return numbered(pairs, first), ()


def answers(data: box.Box, fact: dict, partial: dict) -> tuple[int, list[tuple]]:
    """The values that can be picked, as (value, label) pairs numbered from the first number
    returned (a cost part from its lowest count, the army track from its shortest end)."""
    return ANSWERS[kind(fact)](data, fact, partial)


# -- answers -----------------------------------------------------------------------------------
def answer(state: dict, fact: dict, value) -> None:
    """One answer to ``fact``: keep, skip the rest, one part of a cost, or a whole value to
    check and learn."""
    check = state["boxcheck"]
    if value == SKIP:
        finish(state)
        return
    if value == KEEP:
        check["done"].append(fact["id"])
        check["partial"] = {}
        check["counts"]["kept"] += 1
        _advance(state)
        return
    if _is_cost(fact):
        check["partial"][next_resource(fact, check["partial"])] = value
        value = _whole_cost(records_of(check["data"]), fact, check["partial"])
        if value is None:
            return
    _correct(state, fact, value)


def _whole_cost(data: box.Box, fact: dict, partial: dict) -> dict | None:
    """The cost once every part is known: a settlement's last resource is what is left of the
    known total; None while parts are missing."""
    left = [r for r in COST_RESOURCES if r not in partial]
    if fact["field"] == "settlement_cost":
        remaining = _settlement_total(data, fact) - sum(partial.values())
        if remaining == 0 or len(left) == 1:
            partial.update(dict.fromkeys(left, 0))
            partial[COST_RESOURCES[-1]] += remaining
            left = []
    if left:
        return None
    return {r: n for r, n in partial.items() if n}


def _changes(data: box.Box, fact: dict, value) -> tuple[dict, list[str], list[str]]:
    """(new field values, fields confirmed, fields no longer confirmed) for one answer, with
    what the rules derive from it (mountains carry no building symbols, p.6)."""
    field = fact["field"]
    if fact["group"] == "supply_cards":
        faces = box.faces_of(data)
        faces[fact["card"] - 1] = value.split("+")
        return {"faces": faces}, [field], []
    if fact["group"] == "house_limit":
        return {"value": value == YES}, [field], []
    if field == "terrain":
        return _terrain_changes(_piece_of(data, fact), value)
    if field == "buildings":
        return _building_changes(_piece_of(data, fact), [] if value == "none" else value.split("+"))
    return {field: value}, [field], []


def _terrain_changes(piece: box.Piece, value: str) -> tuple[dict, list[str], list[str]]:
    changes: dict[str, object] = {"terrain": value}
    confirmed, dropped = ["terrain"], []
    if set(piece.settlement_cost) == {"any"}:
        changes["settlement_cost"] = {"any": box.settlement_total(value, piece.coastal)}
    if value == "mountains":
        changes.update(buildings=[], stronghold_resource="none")
        confirmed += ["buildings", "stronghold_resource"]
    elif piece.terrain == "mountains":
        if piece.buildings == ():
            changes["buildings"] = UNKNOWN
        if piece.stronghold_resource == "none":
            changes["stronghold_resource"] = UNKNOWN
        dropped = ["buildings", "stronghold_resource"]
    return changes, confirmed, dropped


def _building_changes(piece: box.Piece, kinds: list[str]) -> tuple[dict, list[str], list[str]]:
    changes: dict[str, object] = {"buildings": kinds}
    confirmed, dropped = ["buildings"], []
    if "stronghold" not in kinds:
        changes["stronghold_resource"] = "none"
        confirmed.append("stronghold_resource")
    elif piece.stronghold_resource == "none":
        changes["stronghold_resource"] = UNKNOWN
        dropped.append("stronghold_resource")
    return changes, confirmed, dropped


def _source(mark: box.Mark, confirmed: list[str]) -> str:
    """'corrected on the device: terrain; before: <the file's note>' without piling up."""
    before = mark.source
    if before.startswith(DEVICE) and "; before: " in before:
        before = before.split("; before: ", 1)[1]
    return f"{DEVICE}: {', '.join(confirmed)}; before: {before}"


def _correct(state: dict, fact: dict, value) -> None:
    check = state["boxcheck"]
    data = records_of(check["data"])
    mark = _mark_of(data, fact)
    old = value_of(data, fact)
    changes, confirmed, dropped = _changes(data, fact, value)
    fields = data.confirmable(fact["group"])
    done = set(mark.confirmed) - set(dropped) | set(confirmed)
    patch = dict(changes, confirmed=[f for f in fields if f in done])
    if set(fields) <= done:
        patch.update(verified=True, source=DEVICE)
    else:
        patch.update(verified=False, source=_source(mark, patch["confirmed"]))
    patch = {fact["group"]: {fact["key"]: patch} if fact["key"] else patch}
    candidate = box.merge(check["data"], patch)
    records = records_of(candidate, box.check(candidate, on_device=True))
    check["data"] = candidate
    state["learned"] = box.merge(state.get("learned") or {}, patch)
    fresh = box.board_for(records, state["seats"])
    for key in ("territories", "costs", "public", "rules", "supply", "unverified"):
        state["board"][key] = fresh[key]
    new = value_of(records, fact)
    shown = describe(fact, new)
    if new == old:
        check["counts"]["confirmed"] += 1
        note(state, Msg("{e}: {v} (potvrzeno).", "{e}: {v} (confirmed).").format(e=named(data, fact), v=shown))
    else:
        check["counts"]["corrected"] += 1
        note(state, Msg("{e}: {v} (opraveno).", "{e}: {v} (corrected).").format(e=named(data, fact), v=shown))
    check["done"].append(fact["id"])
    check["partial"] = {}
    _advance(state)


def _advance(state: dict) -> None:
    check = state["boxcheck"]
    facts = open_facts(records_of(check["data"]), state["seats"], check.get("every", False))
    if not any(f["id"] not in check["done"] for f in facts):
        finish(state)


def finish(state: dict) -> None:
    """Back to the step setup ended at; the corrections stay in the board and in "learned"."""
    check = state.pop("boxcheck")
    state["step"], state["phase"] = check["resume"]["step"], check["resume"]["phase"]
    counts = check["counts"]
    note(
        state,
        Msg(
            "Krabice: opraveno {c}, potvrzeno {k}, ponecháno {p}.",
            "Box: {c} corrected, {k} confirmed, {p} kept.",
        ).format(c=counts["corrected"], k=counts["confirmed"], p=counts["kept"]),
    )
