"""Small helpers shared by the game flow and the corrections: option lists, refusals, places.

Kept apart from flow.py so the corrections (corrections.py) can use them without importing the
game class.
"""

from __future__ import annotations

from typing import Any

from ...engine import Msg, Option, RuleError
from . import catalog
from .board import xy
from .catalog import COLOURS

# "*" is the way back out of any move the player has started; its value is not a cell, so a
# CELL prompt can carry it next to its places.
BACK = Option("back", Msg("Zpět", "Back"), "*")
# compass keys of the pad (2 = up = north, 5 unused), as offsets with y up
COMPASS = {"1": (-1, 1), "2": (0, 1), "3": (1, 1), "4": (-1, 0), "6": (1, 0), "7": (-1, -1),
           "8": (0, -1), "9": (1, -1)}
MAX_RECENT = 6
TILES_IN_GAME = 27  # 3 sets of 9


def refuse(rule: str, cs: str, en: str, **values) -> RuleError:
    msg = Msg(cs, en)
    return RuleError(f"dva_bratri.{rule}", msg.format(**values) if values else msg)


def codes(n: int) -> list[str]:
    """Pad codes for n options: one key each up to 9, else two digits."""
    return [str(i + 1) for i in range(n)] if n <= 9 else [f"{i + 1:02d}" for i in range(n)]


def choices(pairs: list[tuple[Any, Msg]], back: bool = False) -> tuple[Option, ...]:
    opts = [Option(v, label, c) for (v, label), c in zip(pairs, codes(len(pairs)))]
    return tuple(opts + ([BACK] if back else []))


def counts(highest: int) -> tuple[Option, ...]:
    """0..highest typed as themselves (the table pads "7" to "07"), then "*" for back."""
    return tuple(Option(n, Msg(str(n), str(n)), str(n)) for n in range(highest + 1)) + (BACK,)


def say(state: dict, msg: Msg) -> None:
    """Remember a public event for the status line (the newest few only)."""
    state["recent"] = (state["recent"] + [msg.to_json()])[-MAX_RECENT:]


def colour_opts(extra_any: bool = False) -> list[tuple[str, Msg]]:
    out = [(c, catalog.colour_name(c)) for c in COLOURS]
    return out + ([("any", Msg("libovolná (hnědá)", "any (brown)"))] if extra_any else [])


def at(k: str) -> str:
    """A board place as players read it: "[x,y]"."""
    x, y = xy(k)
    return f"[{x},{y}]"


def ordinal(n: int) -> Msg:
    """"2." / "2nd": a position counted clockwise from the shield."""
    suffix = {1: "st", 2: "nd", 3: "rd"}.get(n if n < 20 else n % 10, "th")
    return Msg(f"{n}.", f"{n}{suffix}")
