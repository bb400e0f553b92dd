"""What a first Dva bratři game on a fresh box costs at the table (issue 35): box answers and keys,
before → after, in one run.

Played: a whole first solo game (level 1, the first-game sets, roads scored) and a first
two-player game, both with an empty box memory, by a scripted table (tests/games/dva_bratri/
driver.py: a made-up box stands for the owner's) whose player builds what the tiles' printed
costs let him pay, as a person who sees the tiles does (the driver's own player picks at
random and is refused most builds, so it is asked almost no cost, road or effect).

Counted:
- **box answers**: answers about what is printed on a tile or token (every ``learn_*`` step,
  ``identify_tile``); naming which tile turned up (``reveal_*``), the back of the supply's top
  tile and the token drawn are table answers every game needs;
- **keys**: what a player types on his pad for every answer (a list of one-key codes: one key;
  longer codes, or a number: its digits and ``#``; a confirmation: one key); reading a long
  detail is not counted;
- **Jindřich's turn**: the keys from the back of the supply's top tile to the next turn of the
  player (the refill, the treasure and the questions his placement asks), mean and most.

"before" is the same script run on commit a09ad82 (a ``git worktree`` in a temporary folder,
in a child process), "after" on this tree. Goal: at most 30 box answers in the first solo game,
at most 12 keys for a Jindřich turn. Besides the one game of seed 4, the first solo game is
played on seeds 1-12 and the most keys any of Jindřich's turns took there is printed
("jindrich keys most, 12 seeds").

Run: python3 benchmarks/bench_first_game.py [--quick]
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, os.environ.get("BENCH_FIRST_GAME_ROOT", str(ROOT)))

BEFORE = "a09ad82"
SEED = 4
SEEDS = range(1, 13)  # the solo games whose longest Jindřich turn is reported too
GAMES = {
    "first solo game": {
        "seats": 1,
        "level": 1,
        "sets": ["putovani", "dominium", "obchod_cirkev"],
        "colour": "white",
        "roads": True,
        "mode": "play",
    },
    "first two-player game": {
        "seats": 2,
        "sets": ["putovani", "dominium", "obchod_cirkev"],
        "colour": "white",
        "roads": True,
        "mode": "play",
    },
}
JINDRICH = 1  # his side (board.NORTH)
TABLE_STEPS = ("reveal_set", "reveal_tile", "treasure_id", "start_colour", "jindrich_top", "start_player")


def builder_table():
    """The driver's scripted table with a player who builds what he can pay for."""
    from companion.engine import PromptKind
    from companion.games.dva_bratri import board, picture
    from tests.games.dva_bratri.driver import Table

    class Builder(Table):
        def affordable(self, state, side):
            have = board.resources(state, side)
            for tile in state["hands"][side]:
                if board.shortfall(self.fact(self.real(tile), "cost"), have) <= state["turn"]["discounts"]:
                    return tile
            return None

        def play(self, prompt, opts):
            s = self.session.state
            side = s["active"]
            room = any(board.touches_own_unit(s, side, k) for k in board.frontier(s))
            if prompt.step == "turn":
                if not s["turn"]["taken"] and "take" not in self.plan["done"]:
                    self.plan["done"].add("take")
                    return "take"
                if room and "build" not in self.plan["done"] and self.affordable(s, side):
                    self.plan["done"].add("build")
                    return "build"
                if len(s["hands"][side]) > 3 and room and "terrain" not in self.plan["done"]:
                    self.plan["done"].add("terrain")
                    return "terrain"
                return "end"
            if prompt.step == "take_tile":
                return opts[0]
            if prompt.step == "build_tile":
                return self.affordable(s, side) or "back"
            if prompt.step == "terrain_tile":
                return next(o for o in opts if o != "back")
            if prompt.kind is PromptKind.CELL:
                legal = [o for o in opts if o != "back" and board.touches_own_unit(s, side, picture.from_grid(s, o))]
                return legal[0] if legal else "back"
            return super().play(prompt, opts)

    return Builder


def pad_keys(prompt, value) -> int:
    """Keys a player types for ``value``: one for a list of one-key codes or a confirmation, else
    the code's (or number's) digits and #."""
    from companion.engine import PromptKind

    if prompt.kind is PromptKind.CONFIRM:
        return 1
    if prompt.kind is PromptKind.NUMBER:
        return len(str(value)) + 1
    options = prompt.options_for(prompt.seats[0] if prompt.seats else None)
    code = next((o.code for o in options if o.value == value), "?")
    return 1 if all(len(o.code) == 1 for o in options) else len(code) + 1


def measure(options: dict, seed: int = SEED) -> dict:
    from tests.games.dva_bratri.driver import made_up_box

    table = builder_table()(options, seed, made_up_box())
    table.assigned, table.plan, table.last_step = {}, {"done": set()}, None
    answers = box = keys = box_keys = 0
    jindrich: list[int] = []
    by_step: dict[str, int] = {}
    owner = None
    for _ in range(5000):
        session = table.session
        if session.over:
            break
        state, prompt = session.state, session.prompt
        if (state["active"], state["round"]) != owner:
            owner, table.plan = (state["active"], state["round"]), {"done": set()}
        head = dict(state["queue"][0]) if state["queue"] else {}
        value = table.answer(prompt)
        n = pad_keys(prompt, value)
        seen = list(state["seen"])
        table.session.submit({"step": prompt.step, "seat": None, "value": value})
        table.note_reveal(seen)
        answers, keys = answers + 1, keys + n
        if prompt.step == "jindrich_top":
            jindrich.append(0)
        if jindrich and _his(prompt.step, head):
            jindrich[-1] += n
        if prompt.step.startswith("learn_") or prompt.step == "identify_tile":
            box, box_keys = box + 1, box_keys + n
            by_step[prompt.step] = by_step.get(prompt.step, 0) + 1
    return {
        "answers": answers,
        "keys": keys,
        "box answers": box,
        "box keys": box_keys,
        "by step": by_step,
        "jindrich turn keys": jindrich,
        "jindrich turns": len(jindrich),
        "jindrich keys mean": round(sum(jindrich) / len(jindrich), 1) if jindrich else 0,
        "jindrich keys most": max(jindrich, default=0),
        "over": table.session.over,
    }


def _his(step: str, head: dict) -> bool:
    """A question of Jindřich's turn: the top tile's back, his placement, the refill after it
    (it must show the told colour), the treasure on his tile and what his placement reads."""
    if step.startswith("jindrich"):
        return True
    if head.get("t") == "treasure" and "later" in head:  # asking 5: a condition asked once it could
        return head["later"] == JINDRICH  # be met belongs to the turn whose placement made it so
    return (
        head.get("t") == "treasure"
        or "expect" in head
        or "jindrich" in head
        or (bool(head.get("resume")) and head["resume"].get("step") == "jindrich_top")
    )


def his_turns(options: dict, seed: int) -> list[int]:
    """The keys of each of Jindřich's turns in one game the builder's script plays (a test
    holds every turn to the goal)."""
    return measure(options, seed)["jindrich turn keys"]


def figures() -> dict:
    out = {name: measure(options) for name, options in GAMES.items()}
    solo = GAMES["first solo game"]
    out["first solo game"]["jindrich keys most, 12 seeds"] = max(
        max(measure(solo, seed)["jindrich turn keys"], default=0) for seed in SEEDS
    )
    return out


def before_figures() -> dict:
    """The same script on commit BEFORE, in a child process over a temporary worktree."""
    with tempfile.TemporaryDirectory() as tmp:
        tree = Path(tmp) / "before"
        subprocess.run(
            ["git", "worktree", "add", "--detach", str(tree), BEFORE], cwd=ROOT, check=True, capture_output=True
        )
        try:
            env = dict(os.environ, BENCH_FIRST_GAME_ROOT=str(tree), PYTHONPATH=str(tree))
            done = subprocess.run(
                [sys.executable, str(Path(__file__).resolve()), "--json"],
                cwd=tree,
                env=env,
                check=True,
                capture_output=True,
                text=True,
            )
        finally:
            subprocess.run(["git", "worktree", "remove", "--force", str(tree)], cwd=ROOT, capture_output=True)
    return json.loads(done.stdout)


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="today's figures only (no 'before' worktree)")
    parser.add_argument("--json", action="store_true", help="print today's figures as JSON (used for 'before')")
    args = parser.parse_args()
    after = figures()
    if args.json:
        print(json.dumps(after))
        return 0
    before = None if args.quick else before_figures()
    for name, now in after.items():
        print(name)
        keys = ("answers", "keys", "box answers", "box keys", "jindrich keys mean", "jindrich keys most")
        for key in (*keys, "jindrich keys most, 12 seeds"):
            if key not in now:
                continue
            if before is None:
                print(f"  {key:28} {now[key]}")
                continue
            was = before[name][key]
            ratio = f"{now[key] / was:.2f}" if was else "-"
            print(f"  {key:28} {was:>6} → {now[key]:<6} (× {ratio})")
        steps = ", ".join(f"{s} {n}" for s, n in sorted(now["by step"].items()))
        print(f"  box answers by step now: {steps}")
        if before is not None:
            steps = ", ".join(f"{s} {n}" for s, n in sorted(before[name]["by step"].items()))
            print(f"  box answers by step before: {steps}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
