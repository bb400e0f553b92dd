"""Troy: key presses a player makes through the real table, per kind of turn.

    python3 benchmarks/bench_troy.py

Counted, not timed: every key event (pad keys and the host's OK that puts an announcement away)
from the prompt of the roll until the next player's roll prompt, through companion.table.Table
with the engine and the Catan core, 4 players, the box as the support row. The goal for a
typical turn (a roll and one build, then the end of the turn) is at most 4 keys.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # this tree's companion, not an installed one

from benchmarks.keycount import resumed_table, secret_pick_keys, typed_code_keys
from companion.engine import Session
from companion.games.troy import GAME
from companion.hw.emulated import parse_script
from tests.keyscript import keys_for_value, submit_and_ack

SEED = 3
OPTIONS = {"seats": 4, "row": "box"}
START = [
    {"step": "first_player", "seat": None, "value": 0},
    {"step": "allegiance", "picks": {"0": "troy", "1": "mycenae", "2": "troy", "3": "mycenae"}},
    {"step": "founding", "seat": None, "value": None},
]
TURNS = {
    "typical: roll 8, settlement, end": [("roll", 8), ("build", "settlement"), ("build", "end")],
    "roll 6, donate 2 cards, end": [
        ("roll", 6),
        ("build", "donate"),
        ("donate_count", 2),
        ("donate_cards", ["lumber", "grain"]),
        ("build", "end"),
    ],
    "roll 7, sea people, end": [("roll", 7), ("sea_people", "sea"), ("build", "end")],
    "roll 9, ship, sea people, end": [("roll", 9), ("build", "ship"), ("sea_people", "sea"), ("build", "end")],
}


def keys(prompt, value) -> list[str]:
    if prompt.kind.hidden:
        return secret_pick_keys(prompt, value)
    return typed_code_keys(prompt, value) or keys_for_value(
        prompt, prompt.seats[0] if len(prompt.seats) == 1 else None, value
    )


def count(turn: list[tuple], trade_points: int) -> int:
    """Key events of one turn of seat 0 on a table resumed at his roll."""
    session = Session(GAME, OPTIONS, SEED)
    for action in START:
        session.submit(action)
    entries = list(session.entries)
    if trade_points:  # a position with trade points: the donations of earlier turns
        session.state["troy"]["trade_points"][0] = trade_points
    table = resumed_table(GAME, dict(session.options), SEED, entries)  # the options as the session holds them
    table.session.state["troy"]["trade_points"][0] = trade_points
    pressed = 0
    for step, value in turn:
        prompt = session.prompt
        assert prompt.step == step, (prompt.step, step)
        action = (
            {"step": step, "picks": {str(prompt.seats[0]): value}}
            if prompt.kind.hidden
            else {"step": step, "seat": prompt.seats[0] if len(prompt.seats) == 1 else None, "value": value}
        )
        lines = keys(prompt, value) + submit_and_ack(session, action)
        events = parse_script("\n".join(lines))
        for event in events:
            table.handle(event)
        pressed += len(events)
        assert table.session.state == session.state, f"the table did not follow at {step}"
    assert session.prompt.step == "roll" and session.prompt.seats == (1,)
    return pressed


def quick_flag() -> None:
    """``--quick`` is accepted (every benchmark has it): counts take a second already."""
    import argparse

    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="the same counts (they are quick)")
    parser.parse_args()


def main() -> None:
    quick_flag()
    print("Troy, 4 players, the box as the row: key presses per turn through the table")
    for name, turn in TURNS.items():
        print(f"  {name:34s} {count(turn, trade_points=2 if any(v == 'ship' for _, v in turn) else 0):2d} keys")
    typical = count(TURNS["typical: roll 8, settlement, end"], 0)
    print(f"typical turn (roll, one build, end): {typical} keys; goal at most 4: {'met' if typical <= 4 else 'MISSED'}")


if __name__ == "__main__":
    main()
