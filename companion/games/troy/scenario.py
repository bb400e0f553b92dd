"""Troy's part of the state, ``state["troy"]``, beside the Catan core's:

- ``box``: the session's corrections of data/box.toml (the ``box`` option), ``row_mode``;
- ``allegiance``: seat (str) -> "troy" | "mycenae", **secret** until the game ends;
- ``row`` (secret; None when the cards lie on the table) and ``row_count`` (public);
- ``wins`` per city (the saga track), ``battles`` (public results, newest last);
- ``trade_points``, ``ships`` (how many built) per seat, ``chits`` (ship 5: seat -> resource),
  ``sea_people`` ([seat, ship] they stand on, or None);
- ``donated`` / ``row_used`` (this turn's donation; ship 3/6 uses as [seat, ship], since in the
  special building phase several players may use theirs);
- ``taken`` (secret): seat -> the cards the box drew for it from the row, newest last.
"""

from __future__ import annotations

from .box import Box, with_override
from .support import new_row


def new_part(box: Box, seats: int, row_mode: str, override: dict) -> dict:
    return {
        "box": override,
        "row_mode": row_mode,
        "allegiance": {},
        **new_row(box, row_mode),
        "wins": {"troy": 0, "mycenae": 0},
        "battles": [],
        "trade_points": [0] * seats,
        "ships": [0] * seats,
        "chits": {},
        "sea_people": None,
        "donated": False,
        "row_used": [],
        "taken": {},
    }


def box_of(state: dict) -> Box:
    """The box data this session plays with (the shipped file and its corrections)."""
    return with_override(state["troy"]["box"])


def part(state: dict) -> dict:
    return state["troy"]


def trade_point_refused(box: Box, troy: dict) -> bool:
    """A limited bank (``trade_point_bank`` > 0) with no token left in it."""
    return bool(box.trade_point_bank) and sum(troy["trade_points"]) >= box.trade_point_bank
