"""The short walk after a game: teach the box the rest of what it half-knows.

A played game names every tile that turns up (its building and colour) but asks a tile's cost,
roads and effect only when a rule needs them, so a tile that was never built leaves the box
half-known and the next game asks about it. Right after the game those tiles still lie on the
table, so the game offers (``Game.follow_up``) a teaching walk over just them: option ``rest``
of a ``mode = "teach"`` session maps each piece's id to where it lies (``place_code``).

The walk names each tile (its look and place) and asks only its missing facts with the usual
learn questions; ``*`` on a tile's first question skips it (it stays half-known). A tile whose
only missing fact is typed as a number (its cost) is first named by a ``rest_tile`` pick, so
``*`` can skip it there. Tiles of the same look lying in one pile (the box, a hand) cannot be
told apart by their place: each of them is asked all its telling facts, and the answers go to
the half-known tile they fit (``settle``), never to a tile whose known facts differ.
"""

from __future__ import annotations

from ...engine import Msg, announce, answered
from . import board, box, reveal

PILES = ("box", "hand")  # places holding several tiles: look-alikes there are told apart by facts
PAIR_POSITIONS_GUESS = 2  # a workshop's pairs are not known before asked: counted as 2 pairs
REST_STEP = "rest_tile"


# -- where a piece lies -------------------------------------------------------------------------
def place_code(state: dict, tile: str) -> str | None:
    """Where a finished game left a tile, as the ``rest`` option writes it: 'offer:4' (counted
    from the shield), 'board:1,-1' ('board:1,-1:down' face down), 'hand:0', 'box' (out of play);
    None for a tile that never turned up (still in the supply)."""
    found = board.tile_place(state, tile)
    if found is None:
        return "box" if tile in state["seen"] else None
    where, spot = found
    if where == "offer":
        assert isinstance(spot, int)  # an offer slot is its index
        return f"offer:{board.offer_position(state, spot)}"
    if where == "hand":
        return f"hand:{spot}"
    return f"board:{spot}" + ("" if state["board"][spot]["up"] else ":down")


def token_code(state: dict, token: str) -> str | None:
    """Where a token lies: 'board:x,y' on a tile, 'box' once it left; None when never drawn."""
    if token not in state["treasures"]["seen"]:
        return None
    spot = next((k for k, c in state["board"].items() if c.get("treasure") == token), None)
    return "box" if spot is None else f"board:{spot}"


def valid_code(code) -> bool:
    """A place code as ``place_code`` writes it (checked when the option is read)."""
    if not isinstance(code, str):
        return False
    kind, _, rest = code.partition(":")
    if kind == "box":
        return rest == ""
    if kind == "offer":
        return rest in {str(n) for n in range(1, 7)}
    if kind == "hand":
        return rest in ("0", "1")
    if kind == "board":
        cell, _, down = rest.partition(":")
        parts = cell.split(",")
        return down in ("", "down") and len(parts) == 2 and all(p.lstrip("-").isdigit() for p in parts)
    return False


def pile(code: str) -> bool:
    return code.partition(":")[0] in PILES


def places(state: dict) -> dict[str, str]:
    """Every piece of the game's sets that a finished game left somewhere: tiles and tokens."""
    out = {}
    for set_key in state["sets"]:
        for tile in box.set_tiles(set_key):
            code = place_code(state, tile)
            if code is not None:
                out[tile] = code
    for token in box.treasure_entries():
        code = token_code(state, token)
        if code is not None:
            out[token] = code
    return out


# -- what is half-known --------------------------------------------------------------------------
def missing_fields(state: dict, tile: str) -> list[str]:
    """The printed facts a named tile still lacks, in the order the walk asks them: roads first
    (a pick, so ``*`` can skip the tile), its effect, then the cost (a typed number)."""
    building = box.fact(state, tile, "building")
    wanted = ["roads"] + (["params"] if box.buildings()[building].params else []) + ["cost"]
    return [f for f in wanted if not box.known(state, tile, f)]


def telling_fields(state: dict, tile: str) -> list[str]:
    """Every printed fact of the tile's building, in the walk's order (for a look-alike pile)."""
    building = box.fact(state, tile, "building")
    return ["roads"] + (["params"] if box.buildings()[building].params else []) + ["cost"]


def typed(state: dict, tile: str, field: str) -> bool:
    """The question for this fact is a typed number (the cost, a workshop's count of pairs)."""
    if field == "cost":
        return True
    return field == "params" and box.buildings()[box.fact(state, tile, "building")].params[0] == "pairs"


def half_known(state: dict, tile: str) -> bool:
    return reveal.named(state, tile) and bool(missing_fields(state, tile))


def look(state: dict, tile: str) -> tuple:
    return box.fact(state, tile, "set"), box.fact(state, tile, "building"), box.fact(state, tile, "colour")


def pile_mates(state: dict, tile: str, where: dict[str, str]) -> list[str]:
    """The other named tiles of the same look lying in the same pile (the box, a hand): the
    owner cannot tell by the place which of them is which."""
    code = where.get(tile)
    if code is None or not pile(code):
        return []
    return [
        t
        for t in box.set_tiles(box.fact(state, tile, "set"))
        if t != tile and where.get(t) == code and reveal.named(state, t) and look(state, t) == look(state, tile)
    ]


def plan(state: dict, where: dict[str, str]) -> list[dict]:
    """The walk as queued tasks: each half-known tile that lies somewhere (``where``), then each
    token lying somewhere whose condition is not known in full. A tile with look-alikes in its
    pile is asked every telling fact (``among``: the half-known ones the answers may go to)."""
    tasks: list[dict] = []
    for tile in (t for s in state["sets"] for t in box.set_tiles(s) if t in where and half_known(state, t)):
        note: dict = {"at": where[tile]}
        mates = pile_mates(state, tile, where)
        if mates:
            note["alike"] = len(mates) + 1
            note["among"] = [t for t in [tile, *mates] if half_known(state, t)]
            tasks.append(box.learn_task(tile, telling_fields(state, tile), resume=None, rest=note, answers={}))
            continue
        fields = missing_fields(state, tile)
        if typed(state, tile, fields[0]):
            note["hold"] = True  # a typed number has no "*": the tile is named by a pick first
        tasks.append(box.learn_task(tile, fields, resume=None, rest=note))
    tasks += [
        {"t": "treasure", "token": t, "partial": {}, "rest": {"at": code}}
        for t, code in where.items()
        if t in box.treasure_entries() and not box.treasure_known(state, t)
    ]
    for n, task in enumerate(tasks, 1):
        task["rest"]["n"], task["rest"]["k"] = n, len(tasks)
    return tasks


# -- how many answers it takes -------------------------------------------------------------------
def answers(state: dict, tasks: list[dict]) -> tuple[int, bool]:
    """The answers the walk asks if nothing is skipped, and whether that count is exact (a
    workshop's pairs and a token's unknown kind decide how many places follow)."""
    total, exact = 0, True
    for task in tasks:
        if task["t"] == "treasure":
            n, sure = _token_answers(state, task["token"])
        else:
            n, sure = _tile_answers(state, task)
        total += n
        exact = exact and sure
    return total, exact


def _tile_answers(state: dict, task: dict) -> tuple[int, bool]:
    n, sure = int(bool(task["rest"].get("hold"))), True
    building = box.fact(state, task["tile"], "building")
    for field in task["fields"]:
        if field != "params":
            n += 1
            continue
        for param in box.buildings()[building].params:
            if param == "pairs":
                n += 1 + 2 * PAIR_POSITIONS_GUESS
                sure = False
            else:
                n += 1
    return n, sure


def _token_answers(state: dict, token: str) -> tuple[int, bool]:
    kind_known = box.treasure_field_known(state, token, "kind")
    n = 0 if kind_known else 1
    if not box.treasure_field_known(state, token, "need"):
        if not kind_known:
            return n + 2, False  # a positional condition asks its two places too
        n += 4 if box.treasure_fact(state, token, "kind") == "positional" else 2
    return n, True


# -- settling a look-alike pile's answers --------------------------------------------------------
def settle(state: dict, learning: dict) -> None:
    """All telling facts of the tile in hand are answered: they go to a half-known tile of the
    pile whose known facts they fit (the best known of those). When a tile of the pile known in
    full (or taught a moment ago) prints the same, or none fits, the owner may hold another
    tile: nothing is recorded and the questions start again (``*`` skips)."""
    given = learning["answers"]
    tile = learning["tile"]
    pile_tiles = [tile, *pile_mates(state, tile, state["rest"])]
    fits = [t for t in pile_tiles if half_known(state, t) and reveal.agreeing(state, t, given) is not None]
    twin = any(
        not half_known(state, t) and all(reveal.prints(state, t, f, v) for f, v in given.items()) for t in pile_tiles
    )
    if not fits or twin:
        learning["fields"], learning["answers"], learning["partial"] = telling_fields(state, tile), {}, {}
        announce(
            state,
            Msg(
                "Tuto destičku krabice už zná, nebo se neshoduje: vezmi jinou (* přeskočí).",
                "The box knows this tile already, or it does not fit: take another one (* skips).",
            ),
        )
        return
    chosen = max(fits, key=lambda t: sum(box.known(state, t, f) for f in given))
    for field, value in given.items():
        if not box.known(state, chosen, field):
            box.learn_fact(state, "tiles", chosen, field, value)
    answered(state, learning)


def finished(state: dict) -> Msg:
    """The walk's last words: how many pieces it taught and skipped."""
    skipped = state.get("skipped", 0)
    if not skipped:
        return Msg(
            "Hotovo: krabice zná vše z této hry, další hra se na to ptát nebude.",
            "Done: the box knows everything from this game; the next game will not ask about it.",
        )
    return Msg(
        "Hotovo; přeskočeno: {n}. Na ty se zeptá až hra, která je potřebuje.",
        "Done; skipped: {n}. A game asks about those when it needs them.",
    ).format(n=skipped)
