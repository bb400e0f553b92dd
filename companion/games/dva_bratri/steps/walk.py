"""The teaching walk (``mode = "teach"``, see teach.py): the whole walk queued as tasks the game's
own steps answer, and after every answer what needs no key settled, until the queue is empty."""

from __future__ import annotations

from ....engine import Msg, announce
from .. import box, rest, reveal, teach
from .identify import reveal_as
from .treasures import take_token


def begin(state: dict) -> None:
    """The whole walk as queued tasks: nine tiles per set not yet known in full, then the tokens
    (after a game: only what it left half-known, rest.plan)."""
    if state.get("rest") is not None:
        state["queue"] = rest.plan(state, state["rest"])
        advance(state)
        return
    queue = []
    for set_key in state["sets"]:
        if all(teach.complete(state, t) for t in box.set_tiles(set_key)):
            continue
        queue += [{"t": "reveal", "teach": True, "set": set_key, "n": n} for n in range(1, teach.TILES_PER_SET + 1)]
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
            reveal_as(state, head, reveal.new_look_tile(state, head, looks[0][0]))
            continue
        if head["t"] == "treasure" and "token" not in head:
            if any(box.treasure_known(state, t) for t in teach.unseen_tokens(state)):
                break
            take_token(state, head, next(t for t in teach.unseen_tokens(state) if not box.treasure_known(state, t)))
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
