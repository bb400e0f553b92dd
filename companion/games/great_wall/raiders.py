"""The raiders and the wall: the bag, the roll before production, breaches, knights, wall levels.

Pure rules over ``state["great_wall"]`` (``gw`` below). Indices are 0-based: gathering hex 0 is
numeral I, section 0 is wall section 1. Gathering hex k lies between sections k and k+1; its
left arrow points to section k, its right arrow to section k+1 (box.toml, inferred).
Raiders are counted, not named: a chip's numeral matters only while it is in the bag.
"""

from __future__ import annotations

from ...engine import Ask, RuleError, rng
from ..catan import core
from . import texts
from .texts import NAME, refuse

SIDES = ("left", "right")
TOP_LEVEL = 5


def gw(state: dict) -> dict:
    return state[NAME]


def owner(state: dict, section: int) -> int | None:
    """The seat whose fortress is at ``section`` (None: nobody's, with 5 players)."""
    fortress = gw(state)["fortress"]
    return fortress.index(section) if section in fortress else None


def wall_of(state: dict, section: int) -> int:
    """Watchtowers at ``section``: its owner's wall level, 0 without an owner."""
    seat = owner(state, section)
    return 0 if seat is None else gw(state)["wall"][seat]


# -- bag -> gathering hex (on every settlement or city built) ---------------------------------------


def draw(state: dict, seat: int) -> None:
    """The box draws a chip from its bag, or (physical bag) asks which numeral was drawn."""
    g = gw(state)
    if not any(g["bag"]):
        core.tell(state, texts.EMPTY_BAG)
        return
    if g["physical_bag"]:
        core.ask_first(state, {"step": "raider_drawn", "seat": seat})
        return
    chips = [k for k, count in enumerate(g["bag"]) for _ in range(count)]
    place(state, rng.choice(state, chips))


def place(state: dict, numeral: int) -> None:
    g = gw(state)
    if g["bag"][numeral] == 0:
        raise refuse(
            "not_in_bag",
            "V sáčku už žádný nájezdník {n} není.",
            "No raider {n} is left in the bag.",
            n=texts.roman(numeral),
        )
    g["bag"][numeral] -= 1
    g["gathering"][numeral] += 1
    core.tell(state, texts.drawn(numeral))


# -- the roll: gathering hex -> attack hex -> breach, before production ----------------------------


def route(state: dict, number: int) -> tuple[int, int] | None:
    """(gathering hex, section) the number sends a raider to; None when it is no attack number."""
    for k, sides in enumerate(gw(state)["numbers"]):
        for side, printed in zip(SIDES, sides):
            if printed == number:
                return k, k + SIDES.index(side)
    return None


def known(state: dict, number: int) -> bool:
    """The box knows whether ``number`` is an attack number on this board."""
    g = gw(state)
    every = [n for sides in g["numbers"] for n in sides]
    return number in every or number in g["not_attack"] or None not in every


def roll(state: dict, number: int) -> None:
    """Move one raider if the number is an attack number, its hex has one and the target has
    room; then a breach if the attack hex holds more raiders than the wall has towers. An
    attack number the box does not know yet is asked first (then the roll is carried out again)."""
    if number == 7:
        return
    if not known(state, number):
        raise Ask({"step": "attack_number", "number": number, "seat": state["turn"]})
    found = route(state, number)
    if found is None:
        return
    g = gw(state)
    gathering, section = found
    if g["gathering"][gathering] == 0:
        return
    if g["attack"][section] >= g["cap"]:
        core.tell(state, texts.full(number, section))
        return
    g["gathering"][gathering] -= 1
    g["attack"][section] += 1
    if g["attack"][section] > wall_of(state, section):
        breach(state, section, number, gathering)
        return
    core.tell(state, texts.moved(number, gathering, section, g["attack"][section], g["cap"]))
    if any(g["behind"]):
        core.tell(state, texts.BEHIND)


def breach(state: dict, section: int, number: int, gathering: int) -> None:
    """The raider rolled ``number`` has come from ``gathering``: all raiders of the attack hex
    cross; the wall drops a level (not below 0), its owner takes a penalty token, the breach is
    counted; the table is told what to move."""
    g = gw(state)
    crossing, again = g["attack"][section], g["behind"][section] > 0
    g["behind"][section] += crossing
    g["attack"][section] = 0
    g["breaches"] += 1
    seat = owner(state, section)
    if seat is not None:
        g["wall"][seat] = max(0, g["wall"][seat] - 1)
        g["penalties"][seat] += 1
    msg = texts.breach(
        number,
        gathering,
        section,
        None if seat is None else core.named(state, seat),
        crossing,
        0 if seat is None else g["wall"][seat],
        g["breaches"],
        g["breach_limit"],
        again,
    )
    core.tell(state, msg)


def fallen(state: dict) -> bool:
    g = gw(state)
    return g["breaches"] >= g["breach_limit"]


# -- wall levels ------------------------------------------------------------------------------------


def next_cost(state: dict, seat: int):
    level = gw(state)["wall"][seat] + 1
    return None if level > TOP_LEVEL else gw(state)["costs"][str(level)]


def build_wall(state: dict, seat: int) -> int:
    """The next level, in order (several per turn are several presses); returns it."""
    g = gw(state)
    level = g["wall"][seat] + 1
    if level > TOP_LEVEL:
        raise refuse("wall_top", "Zeď už má 5 strážních věží.", "The wall already has 5 watchtowers.")
    g["wall"][seat] = level
    core.tell(state, texts.wall_built(core.named(state, seat), level, g["costs"][str(level)]))
    return level


# -- knights: two of three actions ------------------------------------------------------------------


def knight_actions(state: dict, done: list[str]) -> list[str]:
    """What a knight may still do: move (between gathering hexes), expel (from the land),
    pirate (once); "move" and "expel" may each be taken twice."""
    g = gw(state)
    actions = []
    if any(g["gathering"]) and g["numerals"] > 1:
        actions.append("move")
    if any(g["behind"]):
        actions.append("expel")
    if "pirate" not in done:
        actions.append("pirate")
    return actions


# The refusals a knight's move or expulsion can meet: raised here by the rule, and given by the
# steps' explain() when a player picks an option the prompt did not offer.


def no_such_hex(state: dict, gathering) -> RuleError | None:
    """A gathering hex the board of this player count does not have (with 4 players the left
    third is folded under: hexes I-III only), or None when it is on the board."""
    numerals = gw(state)["numerals"]
    if type(gathering) is not int or 0 <= gathering < numerals:
        return None
    name = texts.roman(gathering) if 0 <= gathering < len(texts.ROMAN) else str(gathering + 1)
    return refuse(
        "no_such_gathering_hex",
        "Shromaždiště {g} na tomto plánu není (ve hře je jen I až {m}).",
        "There is no gathering hex {g} on this board (only I to {m} are played).",
        g=name,
        m=texts.roman(numerals - 1),
    )


def no_raider_on(gathering: int):
    return refuse(
        "no_raider_there",
        "Na shromaždišti {g} žádný nájezdník není.",
        "There is no raider on gathering hex {g}.",
        g=texts.roman(gathering),
    )


def no_raider_behind(section: int):
    return refuse(
        "no_raider_behind", "Za úsekem {s} žádný nájezdník není.", "No raider is behind section {s}.", s=section + 1
    )


def all_in_bag(numeral: int):
    return refuse(
        "numeral_all_in_bag",
        "Všichni nájezdníci {n} jsou v sáčku.",
        "Every raider {n} is in the bag.",
        n=texts.roman(numeral),
    )


def move_between(state: dict, source: int, target: int) -> None:
    g = gw(state)
    if source == target or g["gathering"][source] == 0:
        raise no_raider_on(source)
    g["gathering"][source] -= 1
    g["gathering"][target] += 1
    core.tell(state, texts.raider_moved(source, target))


def expel(state: dict, section: int, numeral: int) -> None:
    g = gw(state)
    if g["behind"][section] == 0:
        raise no_raider_behind(section)
    if g["bag"][numeral] >= g["per_numeral"]:
        raise all_in_bag(numeral)
    g["behind"][section] -= 1
    g["bag"][numeral] += 1
    core.tell(state, texts.expelled(section, numeral))
