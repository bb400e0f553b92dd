"""Telling apart tiles of the same building and colour, and putting the revealed tile where it
turned up (the offer, or a hand in a correction)."""

from __future__ import annotations

from ....engine import Msg, announce, answered
from ....engine.i18n import join
from .. import box, reveal
from ..texts import NOTHING, resources, road_text


def identify_next(state: dict, task: dict) -> None:
    """Narrow the look-alikes down with the answers so far: ask the next fact in which those
    still possible differ, or settle on the tile. A tile whose facts are unknown gets the
    answers as its facts; it never takes over another tile's."""
    ident = task["identify"]
    answers, fields = ident["answers"], reveal.telling_fields(ident["building"])
    fits = [t for t in ident["group"] + ident["unseen"] if reveal.agreeing(state, t, answers) is not None]
    # no tile prints these facts and the set has no room for another of this colour: all of it
    # first, to find the closest and to correct all of it
    ask = _differing(state, fits, answers, fields) if fits else next((f for f in fields if f not in answers), None)
    if ask is not None:
        ident["fields"], ident["partial"] = [ask], {}
        return
    tile, answers = _settled(state, ident, fits, answers, fields)
    _take_answers(state, tile, answers)
    del task["identify"]
    reveal_as(state, task, tile)


def _differing(state: dict, fits: list[str], answers: dict, fields: list[str]) -> str | None:
    """The first fact not asked yet in which the tiles still possible differ."""
    printed = {t: reveal.printed(state, t, answers, fields) for t in fits}
    return next((f for f in fields if f not in answers and len({repr(p.get(f)) for p in printed.values()}) > 1), None)


def _settled(state: dict, ident: dict, fits: list[str], answers: dict, fields: list[str]) -> tuple[str, dict]:
    """The tile it is, and the facts it takes from the answers."""
    if fits:  # all still possible print the same: the one the companion knows best
        tile = max(fits, key=lambda t: sum(box.known(state, t, f) for f in fields))
        if tile in ident["unseen"]:
            answers = {"building": ident["building"], "colour": ident["colour"], **answers}
        return tile, answers
    tile = max(ident["group"], key=lambda t: sum(1 for f, v in answers.items() if reveal.prints(state, t, f, v)))
    announce(
        state,
        Msg(
            "Oprava: zapamatované údaje destičky {d} nesouhlasily, platí zadané.",
            "Correction: what was remembered of the tile {d} was wrong; your answers hold.",
        ).format(d=box.describe(state, tile)),
    )
    return tile, answers


def _take_answers(state: dict, tile: str, answers: dict) -> None:
    for f, v in answers.items():
        if not reveal.prints(state, tile, f, v):
            box.learn_fact(state, "tiles", tile, f, v)


def reveal_as(state: dict, task: dict, tile: str) -> None:
    """The revealed tile is ``tile``: it goes into the offer place or the hand."""
    if task.get("fix"):  # the tile it replaces leaves the picture
        _replace(state, task, tile)
    answered(state, task)
    if task.get("teach"):
        pass  # the owner holds the tile: it goes nowhere
    elif "slot" in task:
        state["offer"]["slots"][task["slot"]] = tile
    else:
        state["hands"][task["hand"]].append(tile)
    if tile not in state["seen"]:
        state["seen"].append(tile)
    if task.get("teach"):
        _teach_facts(state, task, tile)
        return
    told = state.get("asking", 1) > 1 and _colour_told(state, task, tile)
    missing = [f for f in ("building", "colour") if not box.known(state, tile, f)]
    if missing:
        extra = {"announce": True} if told and "slot" in task else {}
        state["queue"].insert(0, box.learn_task(tile, missing, resume=None, expect=task.get("expect"), **extra))
        return
    where = Msg("V nabídce: ", "In the offer: ") if "slot" in task else Msg("Do ruky: ", "Into the hand: ")
    prefix = Msg("Oprava: ", "Correction: ") if task.get("fix") else NOTHING
    announce(state, prefix + where + box.describe(state, tile))


def _replace(state: dict, task: dict, tile: str) -> None:
    """A correction's tile joins the picture where another may have been (the box's count holds)."""
    old = state["offer"]["slots"][task["slot"]] if "slot" in task else None
    reveal.check_tile_count(state, tile, freed=int(bool(old) and old in state["seen"]))
    if old:
        reveal.unsee(state, old)


def forced_colour(state: dict, tile: str) -> str | None:
    """The only colour the tile's set still has room for (3 tiles of each colour), if only one."""
    if box.known(state, tile, "colour"):
        return None
    room = [c for c in box.COLOURS if reveal.may_show(state, tile, c)]
    return room[0] if len(room) == 1 else None


def _colour_told(state: dict, task: dict, tile: str) -> bool:
    """The tile's colour needs no question: the table told it as the back of the supply's top
    tile (Jindřich's turn), or it is the only colour its set has room for. Recorded as learned."""
    if box.known(state, tile, "colour"):
        return False
    colour = task.get("expect") or forced_colour(state, tile)
    if colour is None:
        return False
    box.learn_fact(state, "tiles", tile, "colour", colour)
    return True


def _teach_facts(state: dict, task: dict, tile: str) -> None:
    """In the teaching walk every printed fact not known yet is asked at once."""
    from ..teach import tile_fields

    _colour_told(state, task, tile)
    fields = tile_fields(state, tile)
    if fields:
        state["queue"].insert(0, box.learn_task(tile, fields, resume=None, teach={"set": task["set"], "n": task["n"]}))


# -- one pick among look-alikes (sessions asking the fewest questions) ----------------------------
OTHER = "other"


def _print_text(state: dict, printed: dict) -> Msg:
    """What a tile prints as far as known: 'silnice: nahoře, dole · 1D 0K 0O · řada'."""
    parts = []
    if "roads" in printed:
        parts.append(Msg("silnice: ", "roads: ") + road_text(printed["roads"]) if printed["roads"] else road_text([]))
    if "cost" in printed:
        parts.append(resources(printed["cost"]))
    for name, value in sorted(printed.get("params", {}).items()):
        parts.append(_param_text(name, value))
    return join(parts, " · ")


def _param_text(name: str, value) -> Msg:
    if name == "line":
        return Msg("řada", "row") if value == "row" else Msg("sloupec", "column")
    if name == "pairs":
        return Msg("dvojic: {n}", "pairs: {n}").format(n=len(value))
    if value == "all":
        return Msg("všechny dílny", "all workshops")
    return box.building_name(value) if value in box.buildings() else Msg(str(value), str(value))


def _prints(state: dict, ident: dict) -> tuple[dict, list[str]]:
    """The known tiles by what they print (distinct prints only, the best known of each), and
    the tiles nothing tells apart from a new copy (known ones with no telling fact, unseen ones)."""
    fields = reveal.telling_fields(ident["building"])
    shown: dict[str, tuple[str, dict]] = {}
    blank = []
    for tile in ident["group"]:
        printed = reveal.printed(state, tile, {}, fields)
        if printed:
            shown.setdefault(repr(sorted(printed.items())), (tile, printed))
        else:
            blank.append(tile)
    return dict(shown.values()), blank + ident["unseen"]


def pick_options(state: dict, ident: dict) -> list[tuple]:
    shown, others = _prints(state, ident)
    pairs = [(tile, _print_text(state, printed)) for tile, printed in shown.items()]
    if others:
        pairs.append((OTHER, Msg("Jiná – vypadá jinak", "Another – it looks different")))
    return pairs


def pick_or_settle(state: dict, task: dict) -> None:
    """Ask only when the prints differ: one known print, or nothing known to tell: settled."""
    options = pick_options(state, task["identify"])
    if len(options) == 1:
        settle_pick(state, task, options[0][0])


def settle_pick(state: dict, task: dict, value: str) -> None:
    """The picked print's tile; 'another' is a known tile with nothing printed remembered, else
    a copy not known yet, which takes the building and colour (its other facts are asked when
    a rule needs them)."""
    ident = task.pop("identify")
    tile = value
    if value == OTHER:
        _, others = _prints(state, ident)
        tile = others[0]
        if tile in ident["unseen"]:
            _take_answers(state, tile, {"building": ident["building"], "colour": ident["colour"]})
    reveal_as(state, task, tile)
