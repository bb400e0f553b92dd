"""How long Jindřich's turn takes to compute, as a ratio against a baseline in the same process.

Baseline: one deep copy of the same game state (what the session does for every action anyway).
Measured: the whole ``jindrich_top`` action through Game.apply (take, place, treasure, unit, the
confirmation text) on a mid-game position, and the bare decision (which tile, which place).
Run: python benchmarks/bench_jindrich.py [--quick]
"""

from __future__ import annotations

import argparse
import copy
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from companion.games.dva_bratri import GAME, jindrich
from tests.games.dva_bratri.driver import Table, made_up_box


def mid_game_state() -> tuple[dict, object]:
    """Play a scripted solo game until Jindřich's turn in round 8: the state and its prompt."""
    table = Table({"seats": 1, "level": 3, "box": made_up_box()}, 2)
    table.assigned, table.plan, table.last_step = {}, {"done": set()}, None
    owner = None
    while True:
        s = table.session.state
        p = table.session.prompt
        if p.step == "jindrich_top" and s["round"] >= 8:
            return s, p
        if (s["active"], s["round"]) != owner:
            owner, table.plan = (s["active"], s["round"]), {"done": set()}
        table.step()


def per_call(fn, repeat: int = 300) -> float:
    best = float("inf")
    for _ in range(5):
        start = time.perf_counter()
        for _ in range(repeat):
            fn()
        best = min(best, (time.perf_counter() - start) / repeat)
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a few repetitions only (a check that it runs)")
    args = parser.parse_args()
    repeat = 5 if args.quick else 300
    state, prompt = mid_game_state()
    # the colour on the top of the supply, as the table asks it: one the supply can still show
    # (the prompt's first option; a fixed colour may be gone from the supply by then)
    options = prompt.options.get(-1) or next(iter(prompt.options.values()), ())
    top = options[0].value if options else None
    action = {"step": "jindrich_top", "seat": None, "value": top}
    baseline = per_call(lambda: copy.deepcopy(state), repeat)
    turn = per_call(lambda: GAME.apply(copy.deepcopy(state), dict(action)), repeat)
    slot = jindrich.choose_take(state, top)
    tile = state["offer"]["slots"][slot]
    decide = per_call(lambda: (jindrich.choose_take(state, top), jindrich.choose_place(state, tile)), repeat)
    print(f"board tiles: {len(state['board'])}")
    print(f"baseline (deep copy of the state): {baseline * 1e3:.3f} ms")
    print(f"Jindřich's whole turn via apply:   {turn * 1e3:.3f} ms = {turn / baseline:.1f} x baseline")
    print(f"his decision alone:                {decide * 1e3:.4f} ms = {decide / baseline:.2f} x baseline")
    print("budget: 10 ms; " + ("OK" if turn < 0.010 else "TOO SLOW"))


if __name__ == "__main__":
    main()
