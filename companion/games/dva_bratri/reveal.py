"""Which tile can be the one lying on the table: the candidates of a set, the colours a set still
has room for, look-alikes and the printed facts that tell them apart, the count of tiles.

Tiles a correction takes out of the picture count as not turned up yet (the companion cannot
know where they went); tiles it puts in come from those not in the picture.
"""

from __future__ import annotations

from . import board, box
from .texts import refuse

# printed facts that tell apart two known tiles of the same building and colour, asked in this order
TELLING_FIELDS = ("roads", "cost", "params")


def candidates(state: dict, set_key: str, fix: bool) -> list[str]:
    """Tiles of a set that may be the one on the table: from the supply only tiles that have
    not turned up yet; in a correction any tile not already in the picture (no tile twice)."""
    if fix:
        used = board.tiles_in_play(state)
        return [t for t in box.set_tiles(set_key) if t not in used]
    return [t for t in box.set_tiles(set_key) if t not in state["seen"]]


def _is_colour(state: dict, tile: str, colour: str) -> bool:
    return box.known(state, tile, "colour") and box.fact(state, tile, "colour") == colour


def may_show(state: dict, tile: str, colour: str | None) -> bool:
    """Can this tile be of ``colour``? A known colour must match; an unknown one needs a tile
    of that colour its set has not been told about yet (3 of each colour per set)."""
    if colour is None:
        return True
    if box.known(state, tile, "colour"):
        return box.fact(state, tile, "colour") == colour
    set_key = box.fact(state, tile, "set")
    told = sum(1 for t in box.set_tiles(set_key) if _is_colour(state, t, colour))
    return told < box.sets()[set_key].colours[colour]


def supply_may_show(state: dict, colour: str) -> bool:
    """Some tile still in the supply can have this colour on its back."""
    return any(may_show(state, t, colour) for s in state["sets"] for t in candidates(state, s, False))


def named(state: dict, tile: str) -> bool:
    """The companion can name the tile: its building and colour are known."""
    return box.known(state, tile, "building") and box.known(state, tile, "colour")


def new_tiles(state: dict, task: dict) -> list[str]:
    """Tiles of the task's set the companion cannot name yet (first one is used for 'new')."""
    return [
        t
        for t in candidates(state, task["set"], task.get("fix", False))
        if not named(state, t) and may_show(state, t, task.get("expect"))
    ]


NEW_LOOK = "new:"  # an answer naming a tile not known yet: "new:<building>:<colour>"


def new_looks(state: dict, task: dict) -> list[tuple[str, str, str]]:
    """(answer, building, colour) for every building and colour a tile the companion cannot name
    yet may show (a colour its set has room for, the colour the table told for the supply's top)."""
    fresh = new_tiles(state, task)
    out = []
    for building in box.sets()[task["set"]].buildings:
        for colour in [task["expect"]] if task.get("expect") else box.COLOURS:
            if any(_may_be(state, t, building, colour) for t in fresh):
                out.append((f"{NEW_LOOK}{building}:{colour}", building, colour))
    return out


def _may_be(state: dict, tile: str, building: str, colour: str) -> bool:
    if box.known(state, tile, "building") and box.fact(state, tile, "building") != building:
        return False
    return may_show(state, tile, colour)


def new_look_target(state: dict, task: dict, value: str) -> str:
    """The tile not known yet that an answer 'new:<building>:<colour>' names."""
    building, _, colour = value.removeprefix(NEW_LOOK).partition(":")
    return next(t for t in new_tiles(state, task) if _may_be(state, t, building, colour))


def new_look_tile(state: dict, task: dict, value: str) -> str:
    """That tile, which learns the building and colour from the answer."""
    building, _, colour = value.removeprefix(NEW_LOOK).partition(":")
    tile = new_look_target(state, task, value)
    for field, fact_value in (("building", building), ("colour", colour)):
        if not box.known(state, tile, field):
            box.learn_fact(state, "tiles", tile, field, fact_value)
    return tile


def look_alikes(state: dict, task: dict) -> list[list[str]]:
    """Candidates whose building and colour are known, grouped by building and colour (the
    label players see), in the catalog's order."""
    groups: dict[tuple, list[str]] = {}
    for tid in candidates(state, task["set"], task.get("fix", False)):
        if named(state, tid):
            label = (box.fact(state, tid, "building"), box.fact(state, tid, "colour"))
            groups.setdefault(label, []).append(tid)
    return list(groups.values())


def heads_look_alikes(state: dict, task: dict, tile: str) -> bool:
    """``tile`` is the first of its group in ``look_alikes`` (the tile the list names), asked
    of the candidates up to it only."""
    before = set()
    for tid in candidates(state, task["set"], task.get("fix", False)):
        if named(state, tid):
            label = (box.fact(state, tid, "building"), box.fact(state, tid, "colour"))
            if tid == tile:
                return label not in before
            before.add(label)
    return False


def telling_fields(building: str) -> list[str]:
    return [f for f in TELLING_FIELDS if f != "params" or box.buildings()[building].params]


def norm(field: str, value):
    """A printed fact in one form: roads as a set of edges, a cost with all three resources."""
    if field == "roads":
        return sorted(value)
    if field == "cost":
        return {r: int(value.get(r, 0)) for r in box.RESOURCE_ORDER}
    return value


def prints(state: dict, tile: str, field: str, value) -> bool:
    """The tile's known fact ``field`` is ``value`` (False when it is not known)."""
    return box.known(state, tile, field) and norm(field, box.fact(state, tile, field)) == norm(field, value)


def printed(state: dict, tile: str, answers: dict, fields: list[str]) -> dict:
    """The telling facts as far as known, the table's answers filling what is not."""
    out = {}
    for f in fields:
        if f in answers:
            out[f] = norm(f, answers[f])
        elif box.known(state, tile, f):
            out[f] = norm(f, box.fact(state, tile, f))
    return out


def agreeing(state: dict, tile: str, answers: dict) -> int | None:
    """How many answers the tile's known facts confirm; None when one contradicts them."""
    same = 0
    for f, v in answers.items():
        if box.known(state, tile, f):
            if not prints(state, tile, f, v):
                return None
            same += 1
    return same


# -- the count of tiles ---------------------------------------------------------------------------
def unsee(state: dict, tile: str) -> None:
    """A tile taken out of the picture may still lie in the supply."""
    if tile in state["seen"]:
        state["seen"].remove(tile)


def supply_max(state: dict) -> int:
    """Tiles that have not turned up, less the face-down start tile."""
    return box.TILES_IN_GAME - 1 - len(state["seen"])


def check_tile_count(state: dict, tile: str, freed: int = 0) -> None:
    """A tile that never turned up can join the picture only if the supply leaves room."""
    if tile in state["seen"] or state["supply"] <= supply_max(state) + freed - 1:
        return
    raise refuse(
        "tile_count",
        "Ve hře je jen {n} destiček a {s} z nich má být v zásobě: nejdřív oprav počet v zásobě.",
        "There are only {n} tiles in the game and {s} of them should be in the supply: correct the supply count first.",
        n=box.TILES_IN_GAME,
        s=state["supply"],
    )
