"""Telling apart tiles of the same building and colour, and putting the revealed tile where it
turned up (the offer, or a hand in a correction)."""

from __future__ import annotations

from ....engine import Msg, announce, answered
from .. import box, reveal
from ..texts import NOTHING


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
    return next((f for f in fields if f not in answers and len({repr(p.get(f)) for p in printed.values()}) > 1),
                None)


def _settled(state: dict, ident: dict, fits: list[str], answers: dict, fields: list[str]) -> tuple[str, dict]:
    """The tile it is, and the facts it takes from the answers."""
    if fits:  # all still possible print the same: the one the companion knows best
        tile = max(fits, key=lambda t: sum(box.known(state, t, f) for f in fields))
        if tile in ident["unseen"]:
            answers = {"building": ident["building"], "colour": ident["colour"], **answers}
        return tile, answers
    tile = max(ident["group"], key=lambda t: sum(1 for f, v in answers.items() if reveal.prints(state, t, f, v)))
    announce(state, Msg("Oprava: zapamatované údaje destičky {d} nesouhlasily, platí zadané.",
                        "Correction: what was remembered of the tile {d} was wrong; your answers hold.").format(
        d=box.describe(state, tile)))
    return tile, answers


def _take_answers(state: dict, tile: str, answers: dict) -> None:
    for f, v in answers.items():
        if not reveal.prints(state, tile, f, v):
            state["learned"]["tiles"].setdefault(tile, {})[f] = v


def reveal_as(state: dict, task: dict, tile: str) -> None:
    """The revealed tile is ``tile``: it goes into the offer place or the hand."""
    if task.get("fix"):  # the tile it replaces leaves the picture
        _replace(state, task, tile)
    answered(state, task)
    if "slot" in task:
        state["offer"]["slots"][task["slot"]] = tile
    else:
        state["hands"][task["hand"]].append(tile)
    if tile not in state["seen"]:
        state["seen"].append(tile)
    missing = [f for f in ("building", "colour") if not box.known(state, tile, f)]
    if missing:
        state["queue"].insert(0, box.learn_task(tile, missing, resume=None, expect=task.get("expect")))
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
