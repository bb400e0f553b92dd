"""The guides' steps tables (docs/games/<game>.md, "Steps and answers") are a public format: a
session written from them must do what they say. Sessions are written from each table's values
and replayed on the recorded games' positions:

- ``take_tile`` first: the value is the tile's fixed place on the offer's ring, not its place
  counted from the shield (a session written from the older guide took the wrong tiles from the
  second turn on);
- every value the tables give with its pad key (`` `"take"` (`1`) ``) is offered under that key;
- every whole action the tables write out (`` `{"step": …}` ``) is accepted where its step is asked.
"""

from __future__ import annotations

import json
import random
import re
from functools import cache
from typing import NamedTuple

import pytest

from companion.engine import Prompt, RuleError, Session
from companion.games import load, registered

from .corpus import CORPUS, random_options
from .playout import play
from .test_doc_steps import DOCS, STEP_CELL, table_rows

VALUE_AND_KEY = re.compile(r"`([^`]+)` \(`([0-9*#]+)`\)")
WHOLE_ACTION = re.compile(r"`(\{\"step\".*?\})`")
# whole actions no recorded position accepts: each answers one particular position (the fact
# "mountains" answers, heroes that can move so, a put back after ship 3 with row = table) that
# the recorded random games never reach; the games' own tests play those steps
NOT_REACHED = {("graenaland", "box_check"), ("graenaland", "move"), ("troy", "put_back")}


def rows(name: str) -> dict[str, str]:
    """The steps table of ``name``'s guide: step -> its value cell."""
    found = {}
    for row in table_rows((DOCS / f"{name}.md").read_text(encoding="utf-8")):
        found[STEP_CELL.match(row).group(1)] = [c.strip() for c in row.strip("|").split(" | ")][2]
    return found


class Position(NamedTuple):
    state: dict
    prompt: Prompt | None


NEW_SESSION_ACTIONS = 600  # a random game of a session started now, per player count


@cache
def positions(name: str) -> tuple[Position, ...]:
    """Every position of the game's recorded games (the state before each entry and its prompt),
    and of a random game per player count started now: the recorded ones replay by the version
    they were recorded with, and a guide documents what a session started now asks too."""
    game, out = load(name), []
    games = []
    for path in sorted(CORPUS.glob(f"{name}-*.json")):
        games += [
            (g["options"], g["seed"], g["entries"]) for g in json.loads(path.read_text(encoding="utf-8"))["games"]
        ]
    for seats in range(game.min_seats, game.max_seats + 1):
        seed = 7000 + seats
        hidden = {setting.key for setting in game.settings if not setting.offered}  # as the menu starts it
        options = {k: v for k, v in random_options(game, seats, random.Random(seed)).items() if k not in hidden}
        played = play(game, options, seed, NEW_SESSION_ACTIONS)
        games.append((played.options, seed, played.entries))
    for options, seed, entries in games:
        session = Session(game, options, seed)
        for entry in entries:
            out.append(Position(session.state, session.prompt))
            session.commit(session.plan_undo(True) if "undo" in entry else session.evaluate(entry["action"]))
    return tuple(out)


# -- take_tile: the ring place ------------------------------------------------------------------


def test_take_tile_takes_the_ring_place_the_guide_names_with_the_shield_moved():
    cell = rows("dva_bratri")["take_tile"]
    assert "with the shield at `4` the first place from the shield is `5`" in cell
    game = load("dva_bratri")
    asked = [
        p
        for p in positions("dva_bratri")
        if p.prompt is not None and p.prompt.step == "take_tile" and p.state["offer"]["shield"] == 4
    ]
    assert asked, "no recorded position asks take_tile with the shield at 4"
    checked = 0
    for state, prompt in asked:
        first = prompt.options_for(prompt.seats[0])[0]
        if first.value != 5:  # place 5 is empty here: the first tile from the shield lies further on
            continue
        tile, side = state["offer"]["slots"][5], state["active"]
        done = game.apply(state, {"step": "take_tile", "seat": prompt.seats[0], "value": 5}, prompt)
        assert first.code == "1"  # the first place from the shield, under key 1
        assert done["hands"][side][-1] == tile  # the tile that lay first from the shield
        assert done["offer"]["shield"] == 5 and done["offer"]["slots"][5] is None
        checked += 1
    assert checked


def test_take_tile_values_are_ring_places_on_every_turn():
    """Every offered take_tile value is the ring place of the tile it lists, on every turn (the
    shield anywhere); its key counts the tiles from the shield."""
    turns = 0
    for state, prompt in positions("dva_bratri"):
        if prompt is None or prompt.step != "take_tile":
            continue
        offer = state["offer"]
        ring = [(offer["shield"] + i) % 7 for i in range(1, 7)]
        listed = [o for o in prompt.options_for(prompt.seats[0]) if o.value != "back"]
        assert [o.value for o in listed] == [place for place in ring if offer["slots"][place] is not None]
        assert [o.code for o in listed] == [str(n) for n in range(1, len(listed) + 1)]
        turns += offer["shield"] != 0
    assert turns > 50  # turns after the first, where ring place and place from the shield differ


# -- every value the tables give with its key ---------------------------------------------------


def documented_keys(name: str) -> list[tuple[str, object, str]]:
    """(step, value, key) for every `` `value` (`key`) `` of the table whose value is JSON."""
    found = []
    for step, cell in rows(name).items():
        for value, key in VALUE_AND_KEY.findall(cell):
            try:
                found.append((step, json.loads(value), key))
            except json.JSONDecodeError:
                continue  # a key named in words (`#`: nobody else), not a value
    return found


@pytest.mark.parametrize("name", registered())
def test_every_value_a_guide_gives_with_its_key_is_offered_under_that_key(name):
    documented = documented_keys(name)
    assert documented, f"{name}.md gives no value with its key"
    seen, wrong = set(), set()
    for _, prompt in positions(name):
        for step, value, key in documented:
            if prompt is None or prompt.step != step:
                continue
            for options in prompt.options.values():
                for option in options:
                    if option.value == value:
                        seen.add((step, key))
                        if option.code != key:
                            wrong.add(f"{step} {value!r}: the guide says `{key}`, the pad types `{option.code}`")
    assert not wrong, "\n".join(sorted(wrong))
    # most of what the tables give is reached by the recorded games (the rest by the games' tests)
    assert len(seen) >= 0.7 * len({(s, k) for s, _, k in documented})


# -- every whole action the tables write out ----------------------------------------------------


def documented_actions(name: str) -> list[dict]:
    return [json.loads(text) for cell in rows(name).values() for text in WHOLE_ACTION.findall(cell)]


@pytest.mark.parametrize("name", [n for n in registered() if documented_actions(n)])
def test_every_action_a_guide_writes_out_is_accepted_where_its_step_is_asked(name):
    game, missing = load(name), []
    for action in documented_actions(name):
        if (name, action["step"]) in NOT_REACHED:
            continue
        for state, prompt in positions(name):
            if prompt is None or prompt.step != action["step"]:
                continue
            try:
                game.apply(state, action, prompt)
            except RuleError:
                continue
            break
        else:
            missing.append(action)
    assert not missing, f"never accepted where its step is asked: {missing}"
