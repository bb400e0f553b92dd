"""Gheos: key presses a player makes through the real table, per kind of turn.

    python3 benchmarks/bench_gheos.py [--quick]   (counts are quick: --quick changes nothing)

Counted, not timed: every key event from the acting player's ``act`` list until the next
player's, through companion.table.Table, once on the pads (a list's code; a count of more than
one digit typed and entered with #; # keeps the count told last time) and once on the host
buttons alone (down to the option, OK). A key that puts an announcement away, when it takes the
panel before a list, is counted too. Counts the table told before stay unchanged unless a turn
says otherwise. The goal: a turn without scoring takes at most 3 keys on the pads.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # this tree's companion, not an installed one

from benchmarks.keycount import put_news_away, resumed_table
from companion.engine import PromptKind, Session
from companion.games.gheos import GAME
from companion.hw.emulated import parse_script

SEED = 0
COLOURS = ("red", "green", "yellow", "blue")


def four_civilisations() -> Session:
    """4 players, each founded one civilisation and took followers of others; the pyramids and
    cups of the civilisations player 1 holds were told once already. Player 1 is to play."""
    s = Session(GAME, {"seats": 4}, SEED)
    s.submit({"step": "start_player", "seat": None, "value": 0})
    for colour in COLOURS:
        answer(s, [("act", colour), ("found_wheat", 2), ("draw", "ordinary")])
    answer(s, [("act", "green"), ("draw", "epoch")] + [("pyramids", 1)] * 4 + [("draw", "ordinary")])
    for seat in (1, 2, 3):
        answer(s, [("act", COLOURS[(seat + 1) % 4]), ("draw", "ordinary")])
    answer(s, [("act", "blue"), ("draw", "token")] + [("cups", 2)] * 3 + [("draw", "ordinary")])
    for seat in (1, 2, 3):
        answer(s, [("act", COLOURS[(seat + 2) % 4]), ("draw", "ordinary")])
    assert s.state["turn"] == 0 and s.prompt.step == "act"
    return s


def answer(s: Session, answers) -> None:
    for step, value in answers:
        assert s.prompt.step == step, (s.prompt.step, step)
        seat = s.prompt.seats[0] if len(s.prompt.seats) == 1 else None
        s.submit({"step": step, "seat": seat, "value": value})


# (name, the turn's answers as (step, value)); the value "keep" picks the count told last time
TURNS = [
    ("typical: take a follower, draw", [("act", "red"), ("draw", "ordinary")]),
    ("found a civilisation (2 wheat), draw", [("act", "black"), ("found_wheat", 2), ("draw", "ordinary")]),
    (
        "scoring token, 3 colours held, counts unchanged, draw",
        [("act", "red"), ("draw", "token"), ("cups", "keep"), ("cups", "keep"), ("cups", "keep"), ("draw", "ordinary")],
    ),
    (
        "epoch drawn with 4 civilisations, counts unchanged",
        [("act", "red"), ("draw", "epoch")] + [("pyramids", "keep")] * 4 + [("draw", "ordinary")],
    ),
    (
        "epoch drawn with 4 civilisations, every count new",
        [
            ("act", "red"),
            ("draw", "epoch"),
            ("pyramids", 3),
            ("pyramids", 2),
            ("pyramids", 0),
            ("pyramids", 12),
            ("draw", "ordinary"),
        ],
    ),
    (
        "two epochs drawn in a row",
        [("act", "red"), ("draw", "epoch")] + [("pyramids", "keep")] * 4 + [("draw", "epoch"), ("draw", "ordinary")],
    ),
    (
        "war of 2 (pay, swords 2:1), take, draw",
        [
            ("act", "war"),
            ("war_civs", "red"),
            ("war_civs", "green"),
            ("war_civs", "done"),
            ("pay", "red"),
            ("swords", 2),
            ("swords", 1),
            ("act", "red"),
            ("draw", "ordinary"),
        ],
    ),
    (
        "war of 2, swords tied (the player chooses), take, draw",
        [
            ("act", "war"),
            ("war_civs", "red"),
            ("war_civs", "green"),
            ("war_civs", "done"),
            ("pay", "red"),
            ("swords", 1),
            ("swords", 1),
            ("war_winner", "red"),
            ("act", "red"),
            ("draw", "ordinary"),
        ],
    ),
    (
        "migration (2 parts), take, draw",
        [
            ("act", "migration"),
            ("migrant", "red"),
            ("pay", "red"),
            ("part_kind", "continent"),
            ("part_wheat", 3),
            ("part_kind", "island"),
            ("part_wheat", 1),
            ("part_kind", "done"),
            ("migration_occupied", "none"),
            ("act", "red"),
            ("draw", "ordinary"),
        ],
    ),
]


def pad_keys(prompt, value) -> list[str]:
    """What a player types on his pad: one key for a list of one-key codes, else the code's
    digits and # (a code of # or * is one key)."""
    seat = prompt.seats[0]
    if prompt.kind is PromptKind.CONFIRM:
        return [f"pad {seat + 1} #"]
    options = prompt.options_for(seat)
    option = next(o for o in options if o.value == value)
    keys = (
        [option.code]
        if option.code in ("#", "*") or all(len(o.code) == 1 for o in options)
        else list(option.code) + ["#"]
    )
    return [f"pad {seat + 1} {' '.join(keys)}"]


def host_keys(prompt, value, cursor: int = 0) -> list[str]:
    """Down (or up) from where the table put the cursor (on a list picked from again, it may
    stand on "done" already) to the option, then OK."""
    if prompt.kind is PromptKind.CONFIRM:
        return ["host ok"]
    index = [o.value for o in prompt.options_for(prompt.seats[0])].index(value)
    moves = ["down"] * (index - cursor) if index >= cursor else ["up"] * (cursor - index)
    return ["host " + " ".join([*moves, "ok"])]


def count(turn, on_pads: bool) -> int:
    session = four_civilisations()
    table = resumed_table(GAME, dict(session.options), SEED, session.entries)
    pressed = 0
    for step, value in turn:
        pressed += put_news_away(table)
        prompt = table.session.prompt
        assert prompt.step == step, (prompt.step, step)
        if value == "keep":
            value = prompt.options_for(prompt.seats[0])[0].value
            assert prompt.options_for(prompt.seats[0])[0].code == "#"
        keys = pad_keys(prompt, value) if on_pads else host_keys(prompt, value, table.answer.cursor)
        events = parse_script("\n".join(keys))
        for event in events:
            table.handle(event)
        pressed += len(events)
        assert not table.messages.notice, [m.en for m in table.messages.notice]
    pressed += put_news_away(table)  # the next player puts them away first
    assert table.session.prompt.step == "act" and table.session.state["turn"] == 1
    return pressed


def quick_flag() -> None:
    """``--quick`` is accepted (every benchmark has it): counts take a second already."""
    import argparse

    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="the same counts (they are quick)")
    parser.parse_args()


def main() -> int:
    quick_flag()
    rows = [(name, count(turn, True), count(turn, False)) for name, turn in TURNS]
    width = max(len(name) for name, _, _ in rows)
    print(f"{'turn':<{width}}  pads  host")
    for name, pads, host in rows:
        print(f"{name:<{width}}  {pads:>4}  {host:>4}")
    worst = max(pads for name, pads, _ in rows[:2])
    print(
        f"a turn without scoring: at most {worst} keys on the pads (goal: at most 3) -> "
        f"{'met' if worst <= 3 else 'NOT met'}"
    )
    return 0 if worst <= 3 else 1


if __name__ == "__main__":
    sys.exit(main())
