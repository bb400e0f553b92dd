"""Teaching the box away from play (setting ``mode = "teach"``).

With a set's nine tiles in hand, the owner turns them up one after another and tells each tile's
printed facts; then the treasure tokens. It is a session like a game, so it can be stopped and
resumed; ``learned_box`` hands everything to the next game, which then asks nothing about tiles.

The walk uses the game's own questions (``reveal_tile``, the ``learn_*`` steps, ``treasure_id``,
``learn_kind`` / ``learn_need`` / ``learn_pos``) and asks only what the facts leave open:
- each tile is one pick: a known one from the list (it tells which physical tile it is), a new one
  by its building and colour at once; no pick when only one building and colour is left;
- a colour the set has no room left for is not offered, and a colour that is the only one left
  is not asked at all (3 tiles of each colour per set);
- a set or the treasures already known in full are skipped.

With option ``rest`` (where a finished game left its pieces, offered by ``Game.follow_up``) the
walk goes only over the tiles and tokens that game left half-known: see rest.py.

This module holds what the walk knows of the box (what is complete, what is still asked, the
titles); steps/walk.py queues the walk and settles what needs no key.
"""

from __future__ import annotations

from ...engine import Msg
from . import box

TILES_PER_SET = 9


def complete(state: dict, tile: str) -> bool:
    """Every printed fact of the tile is known (``params`` only for a building with an effect)."""
    if not all(box.known(state, tile, f) for f in ("building", "colour", "cost", "roads")):
        return False
    return not box.buildings()[box.fact(state, tile, "building")].params or box.known(state, tile, "params")


def tile_fields(state: dict, tile: str) -> list[str]:
    """The facts the walk still asks of a tile, in the order the learn questions take them."""
    return [f for f in box.TILE_FIELDS if not box.known(state, tile, f)]


def unseen_tokens(state: dict) -> list[str]:
    return [t for t in box.treasure_entries() if t not in state["treasures"]["seen"]]


def title(state: dict, task: dict) -> Msg:
    """'Putování 3/9' / 'Travel 3/9': the set and the tile's turn in the walk."""
    if task["t"] == "treasure":
        return Msg("Poklad {n}/{k}", "Treasure {n}/{k}").format(n=task["n"], k=len(box.treasure_entries()))
    return Msg("{s} {n}/{k}", "{s} {n}/{k}").format(s=box.set_name(task["set"]), n=task["n"], k=TILES_PER_SET)
