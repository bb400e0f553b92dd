"""The Great Wall on the Catan core: key presses a player makes through the real table, per
kind of turn.

    python3 benchmarks/bench_catan.py

Counted, not timed: every key event (pad keys, and the host's OK that puts an announcement away
when it takes the panel before a list) from the roll prompt of player 1 until the next player's
roll prompt (with 6 players: until the special building phase is closed), through
companion.table.Table with the engine and the Catan core. The board's attack numbers are taught
(gathering hex II: 9 left, 8 right; 3 is no attack number with 4 players). The goal for a typical
turn (a roll and one build, then the end of the turn) is at most 4 keys.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # this tree's companion, not an installed one

from benchmarks.keycount import put_news_away, resumed_table, secret_pick_keys, typed_code_keys
from companion.engine import Session
from companion.games.great_wall import GAME
from companion.hw.emulated import parse_script
from tests.games.great_wall.helpers import TAUGHT
from tests.keyscript import keys_for_value

SEED = 3
TYPICAL = "roll 3, road, end"
# (name, seats, given great_wall values, the turn's actions as (step, value))
TURNS = [
    (TYPICAL, 4, {}, [("roll", 3), ("build", "road"), ("build", "end")]),
    ("roll 3, settlement (a raider drawn), end", 4, {}, [("roll", 3), ("build", "settlement"), ("build", "end")]),
    (
        "roll 8 moves a raider, road, end",
        4,
        {"gathering": [0, 2, 0], "wall": [0, 0, 3, 0]},
        [("roll", 8), ("build", "road"), ("build", "end")],
    ),
    (
        "roll 8 breaches section 3, road, end",
        4,
        {"gathering": [0, 2, 0]},
        [("roll", 8), ("build", "road"), ("build", "end")],
    ),
    ("roll 7, city, end", 4, {}, [("roll", 7), ("build", "city"), ("build", "end")]),
    (
        "roll 3, wall level 3 (cost known), end",
        4,
        {"wall": [2, 0, 0, 0]},
        [("roll", 3), ("build", "wall"), ("build", "end")],
    ),
    (
        "roll 3, development card (secret), end",
        4,
        {},
        [("roll", 3), ("build", "dev"), ("dev_card", "vp"), ("build", "end")],
    ),
    (
        "6 players: roll 3, road, end, nobody builds extra",
        6,
        {},
        [("roll", 3), ("build", "road"), ("build", "end"), ("special_who", None)],
    ),
]


def started(seats: int) -> Session:
    session = Session(GAME, {"seats": seats, "box": TAUGHT}, SEED)
    session.submit({"step": "first_player", "seat": None, "value": 0})
    for seat in range(seats):
        session.submit({"step": "fortress", "seat": seat, "value": seat})
    session.submit({"step": "founding", "seat": None, "value": None})
    return session


def keys(prompt, value) -> list[str]:
    if prompt.kind.hidden:
        return secret_pick_keys(prompt, value)
    if not prompt.seats:  # anyone answers: a pad types the code (the host would walk the list)
        option = next(o for o in prompt.options_for(None) if o.value == value)
        return [f"pad 1 {' '.join(option.code)}" + ("" if len(option.code) == 1 else " #")]
    return typed_code_keys(prompt, value) or keys_for_value(
        prompt, prompt.seats[0] if len(prompt.seats) == 1 else None, value
    )


def count(seats: int, given: dict, turn: list[tuple]) -> int:
    """Key events of player 1's turn on a table resumed at his roll."""
    session = started(seats)
    table = resumed_table(GAME, dict(session.options), SEED, session.entries)
    table.session.state["great_wall"].update(given)  # the position this turn starts from
    table.session.prompt = GAME.prompt(table.session.state)
    pressed = 0
    for step, value in turn:
        pressed += put_news_away(table)
        prompt = table.session.prompt
        assert prompt.step == step, (prompt.step, step)
        events = parse_script("\n".join(keys(prompt, value)))
        for event in events:
            table.handle(event)
        pressed += len(events)
    pressed += put_news_away(table)  # the next player reads them first
    assert table.session.prompt.step == "roll" and table.session.state["turn"] == 1
    return pressed


def quick_flag() -> None:
    """``--quick`` is accepted (every benchmark has it): counts take a second already."""
    import argparse

    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="the same counts (they are quick)")
    parser.parse_args()


def main() -> int:
    quick_flag()
    counted = {name: count(seats, given, turn) for name, seats, given, turn in TURNS}
    width = max(map(len, counted))
    for name, pressed in counted.items():
        print(f"{name:<{width}}  {pressed} keys")
    typical = counted[TYPICAL]
    print(f"typical turn: {typical} keys (goal: at most 4) -> {'met' if typical <= 4 else 'NOT met'}")
    return 0 if typical <= 4 else 1


if __name__ == "__main__":
    sys.exit(main())
