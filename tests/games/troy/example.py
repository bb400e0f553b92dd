"""The example session of docs/games/troy-example.json: a 4-player game with the box keeping
the support row, written as a table would play it, turn by turn. ``python3 -m
tests.games.troy.example`` writes the file; test_docs.py checks the file is this game and
that it replays to its end."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from companion.engine import Session
from companion.games.troy import GAME

EXAMPLE = Path(__file__).resolve().parents[3] / "docs" / "games" / "troy-example.json"
OPTIONS = {"seats": 4, "row": "box"}
SEED = 2001
ALLEGIANCE = ["mycenae", "troy", "troy", "mycenae"]
# what each seat gives when it donates: Mycenae's supporters lumber and grain, Troy's ore and wool
GIFTS = {
    "mycenae": [["lumber", "grain"], ["lumber", "grain", "grain"]],
    "troy": [["wool", "ore"], ["wool", "ore", "ore"]],
}
ROLLS = [6, 8, 5, 9, 7, 4, 10, 11, 3, 8, 6, 12, 9, 5, 7, 2]
# builds per (round, seat): the pieces the table built that turn, in menu values
BUILDS = {
    (1, 0): ["road"],
    (1, 1): ["settlement"],
    (2, 2): ["road", "settlement"],
    (2, 3): ["city"],
    (3, 0): ["city"],
    (3, 1): ["city"],
    (4, 2): ["city"],
    (4, 3): ["settlement"],
    (5, 0): ["road", "road", "settlement", "longest_road"],
    (5, 1): ["city"],
    (6, 2): ["settlement"],
    (6, 3): ["city"],
    (7, 0): ["city"],
    (7, 1): ["settlement", "city"],
    (8, 2): ["city"],
    (8, 3): ["road"],
    (9, 0): ["settlement"],
    (9, 1): ["settlement"],
    (10, 2): ["city"],
    (10, 3): ["settlement"],
    (11, 0): ["city"],
    (11, 1): ["city"],
    (12, 2): ["settlement"],
    (12, 3): ["city"],
}
LONGEST_ROAD = {(5, 0): 0}


def example_session() -> Session:
    session = Session(GAME, OPTIONS, SEED)
    turns = 0

    def act(step, value=None, seat=None, picks=None):
        action = {"step": step, "picks": picks} if picks is not None else {"step": step, "seat": seat, "value": value}
        assert session.prompt.step == step, (session.prompt.step, action)
        session.submit(action)

    act("first_player", 0)
    act("allegiance", picks={str(s): c for s, c in enumerate(ALLEGIANCE)})
    act("founding")
    while not session.over:
        state = session.state
        seat, round_ = state["turn"], state["round"]
        act("roll", ROLLS[turns % len(ROLLS)], seat)
        turns += 1
        if session.over:
            break
        if session.prompt.step == "sea_people":
            act("sea_people", "sea", seat)
        troy = session.state["troy"]
        if troy["trade_points"][seat] >= 2 and troy["ships"][seat] < 7:
            act("build", "ship", seat)
            if session.prompt.step == "chit":
                act("chit", session.prompt.options_for(seat)[0].value, seat)
            act("sea_people", "sea", seat)
        troy = session.state["troy"]
        if troy["ships"][seat] >= 3 and troy["sea_people"] != [seat, 3] and troy["row_count"]:
            act("build", "ship3", seat)  # the swap with the row: the box draws, only he looks
            act("row_look", None, seat)
            act("row_card", None, seat)
            act("put_back", picks={str(seat): "brick"})
        for item in BUILDS.get((round_, seat), []):
            if session.over:
                break
            act("build", item, seat)
            if item == "longest_road":
                act("longest_road", LONGEST_ROAD[(round_, seat)], seat)
        if session.over:
            break
        gift = GIFTS[ALLEGIANCE[seat]][(round_ + seat) % 2]
        act("build", "donate", seat)
        act("donate_count", len(gift), seat)
        act("donate_cards", picks={str(seat): gift})
        if session.over:
            break
        act("build", "end", seat)
        while not session.over and session.prompt.step in ("battle", "battle_result"):
            act(session.prompt.step)
    return session


def document() -> dict:
    session = example_session()
    return {
        "format": "companion-session",
        "version": 1,
        "game": "troy",
        "options": {**OPTIONS, "rules": session.options["rules"]},  # with the rules version a new game records
        "seed": SEED,
        "entries": session.entries,
    }


def write() -> None:
    doc = document()
    lines = [json.dumps({k: v for k, v in doc.items() if k != "entries"}, ensure_ascii=False)[:-1] + ', "entries": [']
    lines += ["  " + json.dumps(e, ensure_ascii=False) + "," for e in doc["entries"]]
    lines[-1] = lines[-1].rstrip(",")
    lines.append("]}")
    EXAMPLE.write_text("\n".join(lines) + "\n", encoding="utf-8")


if __name__ == "__main__":
    write()
    sys.exit(0)
