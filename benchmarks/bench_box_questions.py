"""How many questions about the box a Dva bratři solo game asks (issue 14's figures).

The same scripted solo game (level 1, the first-game sets, one seed, a made-up box that stands
for the owner's; tests/games/dva_bratri/driver.py) is played:
- as sessions recorded before the ``mode`` setting asked (``asking`` 1), for comparison;
- a first game with an empty box memory;
- a second game of the same sets with what the first one learned (another shuffle);
- the walk after the first game that its ``Game.follow_up`` offers (over the tiles it left
  half-known, while they lie on the table), and the second game after that walk;
- a game after the teaching walk (and the walk itself).

Counted: **box questions**, the answers about what is printed on a tile or token (the learn_*
steps, telling look-alike tiles apart: identify_tile, and naming a tile not known yet in
reveal_tile: "new", or its building and colour at once); apart from them **table answers**
(which set and tile turned up, the token drawn, the start tile's colour, the back of the supply's
top tile) that every game needs however well the box is known, and **moves**, everything else.
A walk's ``rest_tile`` pick (picking up a tile whose only question is a typed cost) is counted
as a table answer. **answers** is all three; for the walk after a game it must equal the count
its offer names.

Run: python3 -m benchmarks.bench_box_questions  (prints the counts; no timing).
"""

from __future__ import annotations

import re
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from companion.engine import Session
from companion.games.dva_bratri import GAME
from tests.games.dva_bratri.driver import Table, made_up_box

# every learn_* step asks what is printed; so do telling look-alikes apart and naming a new tile
BOX_STEPS = {name for name in GAME.steps if name.startswith("learn_")} | {"identify_tile", "reveal_tile new"}
TABLE_STEPS = {"reveal_set", "reveal_tile", "treasure_id", "start_colour", "jindrich_top", "start_player", "rest_tile"}
FIRST_GAME = {
    "seats": 1,
    "level": 1,
    "sets": ["putovani", "dominium", "obchod_cirkev"],
    "colour": "white",
    "roads": True,
}
SEED = 4


def counted(entries) -> dict:
    """Answers per kind, and per step for the box questions."""
    steps = Counter(e["action"]["step"] for e in entries if "action" in e)
    # naming a tile not known yet ("new", or its building and colour at once) teaches the box
    steps["reveal_tile new"] = sum(
        1
        for e in entries
        if "action" in e and e["action"]["step"] == "reveal_tile" and str(e["action"]["value"]).startswith("new")
    )
    steps["reveal_tile"] -= steps["reveal_tile new"]
    # asking 6: a refill of a told colour names its set and its tile at once ("putovani/new:inn:grey")
    folded_new = sum(
        1
        for e in entries
        if "action" in e and e["action"]["step"] == "reveal_set" and "/new" in str(e["action"]["value"])
    )
    steps["reveal_tile new"] += folded_new
    steps["reveal_set"] -= folded_new
    box = {s: n for s, n in steps.items() if s in BOX_STEPS and n}
    return {
        "answers": sum(1 for e in entries if "action" in e),
        "box": sum(box.values()),
        "table": sum(n for s, n in steps.items() if s in TABLE_STEPS),
        "moves": sum(n for s, n in steps.items() if s not in BOX_STEPS | TABLE_STEPS),
        "by_step": box,
    }


def play(options: dict, seed: int, truth: dict) -> tuple[Session, dict]:
    table = Table(options, seed, truth)
    session = table.play_game()
    return session, counted(session.entries)


def played(options: dict, seed: int, truth: dict) -> Table:
    """The scripted table after a whole game (it knows which physical tile each id is)."""
    table = Table(options, seed, truth)
    table.play_game()
    return table


def after_game_walk(game: Table, truth: dict) -> tuple[Session, int]:
    """The walk the ended game offers (Game.follow_up), started as the appliance does (its
    options plus the box memory) and answered from the pieces still on the table: the owner
    holds the tile the game named by that id. Returns the walk and the answers the offer named."""
    follow = GAME.follow_up(game.session.state)
    offered = int(re.search(r"(\d+) answers", follow.question.en).group(1))  # "..., 53 answers; ..."
    table = Table({**follow.options, "box": GAME.learned_box(game.session.state)}, SEED, truth)
    table.assigned, table.plan, table.last_step = dict(game.assigned), {"done": set()}, None
    while not table.session.over:
        table.step()
    return table.session, offered


def teach(sets: list[str], truth: dict, memory: dict | None = None) -> tuple[Session, dict]:
    """The teaching walk through the tables's driver: it answers each question from the tile in hand."""
    table = Table({"seats": 1, "sets": sets, "mode": "teach", "box": memory or {}}, SEED, truth)
    table.assigned, table.plan, table.last_step = {}, {"done": set()}, None
    table.note_reveal([])  # the first tile turned up when the walk began
    while not table.session.over:
        table.step()
    return table.session, counted(table.session.entries)


def figures() -> dict:
    truth = made_up_box()
    out = {}
    _, out["recorded flow, first game"] = play(FIRST_GAME, SEED, truth)  # no "mode": asking 1
    options = {**FIRST_GAME, "mode": "play"}
    first = played(options, SEED, truth)
    out["first game, empty memory"] = counted(first.session.entries)
    memory = GAME.learned_box(first.session.state)
    _, out["second game, same sets"] = play({**options, "box": memory}, SEED + 1, truth)
    rest, offered = after_game_walk(first, truth)
    out["after-game walk"] = {**counted(rest.entries), "offered": offered}
    rested = GAME.learned_box(rest.state)
    _, out["second game after the after-game walk"] = play({**options, "box": rested}, SEED + 1, truth)
    walk, out["teaching walk"] = teach(FIRST_GAME["sets"], truth)
    _, out["game after the walk"] = play({**options, "box": GAME.learned_box(walk.state)}, SEED + 1, truth)
    return out


def quick_flag() -> None:
    """``--quick`` is accepted (every benchmark has it): counts take a second already."""
    import argparse

    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="the same counts (they are quick)")
    parser.parse_args()


def main() -> int:
    quick_flag()
    for name, c in figures().items():
        detail = ", ".join(f"{s} {n}" for s, n in sorted(c["by_step"].items()))
        offer = f"  offer named {c['offered']} answers" if "offered" in c else ""
        print(
            f"{name:38} answers {c['answers']:4}  box questions {c['box']:4}  table answers {c['table']:3}"
            f"  moves {c['moves']:3}  ({detail}){offer}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
