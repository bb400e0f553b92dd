"""The example session in docs/games/gheos-example.json: a short 2-player game (Adam seat 1,
Eve seat 2) that shows every part of the companion -- founding, taking, a scoring token, epochs,
a temple, a war, a migration and the end when every token is used. Regenerate the file after a
rule change with

    python -m tests.games.gheos.example
"""

from __future__ import annotations

import json
from pathlib import Path

from companion.engine import Session
from companion.games.gheos import GAME

EXAMPLE = Path(__file__).resolve().parents[3] / "docs" / "games" / "gheos-example.json"
OPTIONS = {"seats": 2, "asking": 1}  # recorded before a founding asked with no default
SEED = 0

# (step, value) in the order the box asks; a turn a line (the seat answers its own questions)
TURNS = [
    [("start_player", 0)],
    [("act", "red"), ("found_wheat", 2), ("draw", "ordinary")],  # Adam founds red
    [("act", "blue"), ("found_wheat", 2), ("draw", "ordinary")],  # Eve founds blue
    [
        ("act", "blue"),
        ("draw", "token"),
        ("cups", 3),
        ("cups", 1),  # Adam: token
        ("draw", "epoch"),
        ("pyramids", 1),
        ("pyramids", 0),
        ("draw", "ordinary"),
    ],  # and an epoch
    [
        ("act", "temple"),
        ("temple_type", "cups"),
        ("temple_civ", "blue"),
        ("temple_symbols", 2),
        ("act", "red"),
        ("draw", "token"),
        ("cups", 3),
        ("cups", 1),
        ("draw", "ordinary"),
    ],  # Eve
    [
        ("act", "war"),
        ("pay", "blue"),
        ("swords", 2),
        ("swords", 1),  # Adam's war
        ("act", "green"),
        ("found_wheat", 1),
        ("draw", "ordinary"),
    ],
    [("act", "ledger"), ("ledger", None), ("act", "red"), ("draw", "token"), ("cups", 3), ("draw", "ordinary")],  # Eve
    [
        ("act", "migration"),
        ("migrant", "red"),
        ("pay", "green"),  # Adam's migration
        ("part_kind", "continent"),
        ("part_wheat", 3),
        ("part_kind", "island"),
        ("part_wheat", 3),
        ("part_kind", "done"),
        ("migration_occupied", "none"),
        ("act", "red"),
        ("draw", "token"),
        ("cups", 4),
        ("draw", "epoch"),
        ("pyramids", 2),
        ("draw", "epoch"),
        ("draw", "ordinary"),
    ],
    [("act", "green"), ("draw", "ordinary")],  # Eve
    [("act", "green"), ("draw", "token"), ("cups", 2), ("cups", 1), ("draw", "ordinary")],  # Adam
    [
        ("act", "green"),
        ("draw", "token"),
        ("cups", 2),
        ("cups", 1),  # Eve: the last token
        ("draw", "ordinary"),
    ],  # the final round: this turn's cups are known, none asked
]


def entries() -> list[dict]:
    session = Session(GAME, OPTIONS, SEED)
    for turn in TURNS:
        for step, value in turn:
            prompt = session.prompt
            assert prompt is not None and prompt.step == step, (step, prompt and prompt.step)
            seat = prompt.seats[0] if len(prompt.seats) == 1 else None
            session.submit({"step": step, "seat": seat, "value": value})
    assert session.over
    return session.entries


def document() -> dict:
    return {
        "format": "companion-session",
        "version": 1,
        "game": "gheos",
        "options": OPTIONS,
        "seed": SEED,
        "entries": entries(),
    }


def write() -> None:
    doc = document()
    lines = ",\n".join("    " + json.dumps(e, ensure_ascii=False) for e in doc["entries"])
    head = {k: v for k, v in doc.items() if k != "entries"}
    text = json.dumps(head, ensure_ascii=False, indent=2)[:-2] + ',\n  "entries": [\n' + lines + "\n  ]\n}\n"
    EXAMPLE.write_text(text, encoding="utf-8")


if __name__ == "__main__":
    write()
