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
"""

from __future__ import annotations

from ...engine import Msg, announce
from . import box, rest, reveal

TILES_PER_SET = 9


def complete(state: dict, tile: str) -> bool:
    """Every printed fact of the tile is known (``params`` only for a building with an effect)."""
    if not all(box.known(state, tile, f) for f in ("building", "colour", "cost", "roads")):
        return False
    return not box.buildings()[box.fact(state, tile, "building")]["params"] or box.known(state, tile, "params")


def tile_fields(state: dict, tile: str) -> list[str]:
    """The facts the walk still asks of a tile, in the order the learn questions take them."""
    return [f for f in box.TILE_FIELDS if not box.known(state, tile, f)]


def begin(state: dict) -> None:
    """The whole walk as queued tasks: nine tiles per set not yet known in full, then the tokens
    (after a game: only what it left half-known, rest.plan)."""
    if state.get("rest") is not None:
        state["queue"] = rest.plan(state, state["rest"])
        advance(state)
        return
    queue = []
    for set_key in state["sets"]:
        if all(complete(state, t) for t in box.set_tiles(set_key)):
            continue
        queue += [{"t": "reveal", "teach": True, "set": set_key, "n": n} for n in range(1, TILES_PER_SET + 1)]
    tokens = list(box.treasure_entries())
    if not all(box.treasure_known(state, t) for t in tokens):
        queue += [{"t": "treasure", "teach": True, "n": n} for n in range(1, len(tokens) + 1)]
    state["queue"] = queue
    advance(state)


def advance(state: dict) -> None:
    """Settle what needs no key (a tile of a set with nothing known to pick, a token when no
    known condition is left to pick), and end the walk when the queue is empty."""
    queue = state["queue"]
    while queue:
        head = queue[0]
        if not head.get("teach"):
            break
        if head["t"] == "reveal" and "identify" not in head:
            looks = reveal.new_looks(state, head)
            if reveal.look_alikes(state, head) or len(looks) != 1:
                break
            from .steps.identify import reveal_as  # steps import this module's helpers

            reveal_as(state, head, reveal.new_look_tile(state, head, looks[0][0]))
            continue
        if head["t"] == "treasure" and "token" not in head:
            if any(box.treasure_known(state, t) for t in unseen_tokens(state)):
                break
            from .steps.treasures import take_token

            take_token(state, head, next(t for t in unseen_tokens(state) if not box.treasure_known(state, t)))
            continue
        break
    if not queue and not state["over"]:
        state["over"] = True
        if state.get("rest") is not None:
            announce(state, rest.finished(state))
            return
        announce(
            state,
            Msg(
                "Krabice je naučená: další hra se na destičky ptát nebude.",
                "The box is taught: the next game asks nothing about tiles.",
            ),
        )


def unseen_tokens(state: dict) -> list[str]:
    return [t for t in box.treasure_entries() if t not in state["treasures"]["seen"]]


def title(state: dict, task: dict) -> Msg:
    """'Putování 3/9' / 'Travel 3/9': the set and the tile's turn in the walk."""
    if task["t"] == "treasure":
        return Msg("Poklad {n}/{k}", "Treasure {n}/{k}").format(n=task["n"], k=len(box.treasure_entries()))
    return Msg("{s} {n}/{k}", "{s} {n}/{k}").format(s=box.set_name(task["set"]), n=task["n"], k=TILES_PER_SET)
