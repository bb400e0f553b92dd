"""Generate a key-event script that plays a whole game through the table, as players would.

A seeded chooser picks among the legal options of each prompt; the keys are what a person would
press for that choice (pad codes for pads, up/down/OK for the host). Used by the end-to-end,
crash and secrecy tests and by the benchmarks.
"""

from __future__ import annotations

import random

from companion.engine import PromptKind, added
from companion.table.news import blocks
from companion.table.prompts import start_cursor
from companion.table.secret import code_width, padded

ACK = "host ok"  # puts announcements that have a screen of their own away (any key would)


def keys_for_prompt(prompt, rng: random.Random) -> tuple[list[str], dict]:
    """Script lines for one prompt and the action they should produce."""
    if prompt.kind.hidden:
        width = code_width({s: prompt.options_for(s) for s in prompt.seats})
        lines, picks = [], {}
        for seat in prompt.seats:
            option = rng.choice(prompt.options_for(seat))
            picks[str(seat)] = option.value
            code = padded(option.code, width)
            lock = "" if option.code in ("#", "*") else " #"
            lines.append(f"pad {seat + 1} {' '.join(code)}{lock}")
        return lines, {"step": prompt.step, "picks": picks}
    seat = prompt.seats[0] if len(prompt.seats) == 1 else None
    if prompt.kind == PromptKind.CONFIRM:
        return ["host ok"], {"step": prompt.step, "seat": None, "value": None}
    if prompt.kind == PromptKind.NUMBER:
        value = rng.randint(prompt.minimum or 0, prompt.maximum if prompt.maximum is not None else 9)
    else:
        value = rng.choice(prompt.options_for(seat)).value
    return keys_for_value(prompt, seat, value), {"step": prompt.step, "seat": seat, "value": value}


# pad keys that move a CELL prompt's cursor by one grid cell (the table's CELL_MOVES)
CELL_KEYS = {(0, -1): "2", (0, 1): "8", (-1, 0): "4", (1, 0): "6"}
TURNED_KEY = {"2": "8", "8": "2", "4": "6", "6": "4"}


def cell_keys(prompt, target) -> list[str]:
    """Cursor keys from the prompt's cursor to ``target`` [x, y], then 5 to select.

    A ``turned`` map is drawn for the player across the table and its keys turn with it.
    """
    start = prompt.cursor or next(
        o.value for o in prompt.options_for(prompt.seats[0] if prompt.seats else None) if isinstance(o.value, list)
    )
    dx, dy = target[0] - start[0], target[1] - start[1]
    keys = [CELL_KEYS[(1 if dx > 0 else -1, 0)]] * abs(dx) + [CELL_KEYS[(0, 1 if dy > 0 else -1)]] * abs(dy)
    if prompt.turned:
        keys = [TURNED_KEY[k] for k in keys]
    return keys + ["5"]


def keys_for_value(prompt, seat, value) -> list[str]:
    """Script lines that make the table pick ``value`` on a public prompt: the seat's pad when
    one seat answers, else the host buttons (CONFIRM: the pad's # or the host's OK)."""
    if prompt.kind == PromptKind.CONFIRM:
        return [f"pad {seat + 1} #"] if seat is not None else ["host ok"]
    if prompt.kind == PromptKind.NUMBER:
        if seat is not None:
            return [f"pad {seat + 1} {' '.join(str(value))} #"]
        return ["host " + " ".join(["up"] * (value - (prompt.minimum or 0)) + ["ok"])]
    options = prompt.options_for(seat)
    index = [o.value for o in options].index(value)
    option = options[index]
    single = all(len(o.code) == 1 for o in options)
    if seat is not None and prompt.kind == PromptKind.CELL:
        if isinstance(value, list):
            return [f"pad {seat + 1} {' '.join(cell_keys(prompt, value))}"]
        return [f"pad {seat + 1} {option.code}"]  # a CELL prompt's non-place option (e.g. "*" back)
    if seat is not None and single:
        return [f"pad {seat + 1} {option.code}"]
    if seat is not None and option.code in ("#", "*"):
        return [f"pad {seat + 1} {option.code}"]
    if seat is not None:
        width = max(len(o.code) for o in options)
        return [f"pad {seat + 1} {' '.join(padded(option.code, width))} #"]
    return ["host " + " ".join(host_moves(start_cursor(prompt), index, len(options)) + ["ok"])]


def host_moves(start: int, target: int, count: int) -> list[str]:
    """The host's fewest presses from option ``start`` to ``target``: up when the target is above
    (up is never pressed on the first option: it opens the whole question), else down."""
    down = (target - start) % count
    return ["up"] * (start - target) if target <= start and start - target < down else ["down"] * down


def play_script(game, seats: int, seed: int, game_index: int = 0, games_in_menu: list | None = None):
    """(script lines, session) for one whole game, starting from the main menu."""
    from companion.engine import Session

    rng = random.Random(seed)
    menu_down = (games_in_menu or [game.name]).index(game.name)
    lines = [
        "host " + " ".join(["down"] * menu_down + ["ok"]),
        "host " + " ".join(["down"] * (seats - game.min_seats) + ["ok"]),
    ]
    settings = {s.key: s.initial() for s in game.settings if s.in_menu(seats)}
    if settings:
        lines.append("host ok")  # the settings menu: its first line starts with the defaults
    session = Session(game, {"seats": seats, **settings}, seed)
    while session.prompt is not None:
        more, action = legal_keys(session, rng)
        lines += more
        lines += submit_and_ack(session, action)
    lines.append("host ok")  # leave the final screen for the menu
    return lines, session


def submit_and_ack(session, action) -> list[str]:
    """Commit ``action``; the key that puts its announcements away when they take the panel
    before the next prompt (a list, a number, a map), as the table shows them."""
    before = session.state
    session.submit(action)
    return [ACK] if added(before, session.state) and blocks(session.prompt) else []


def legal_keys(session, rng: random.Random, tries: int = 200):
    """Keys for a random option the rules accept (some offered options depend on context)."""
    from companion.engine import RuleError

    for _ in range(tries):
        more, action = keys_for_prompt(session.prompt, rng)
        try:
            session.evaluate(action)
        except RuleError:
            continue
        return more, action
    raise RuntimeError(f"no legal option found for {session.prompt.step}")


def keys_for_action(prompt, action: dict) -> list[str]:
    """Script lines that make the table send ``action``: every seat's hidden pick typed on its
    pad (padded codes, then the lock), else the answer to a public prompt."""
    if not prompt.kind.hidden:
        seat = prompt.seats[0] if len(prompt.seats) == 1 else None
        return keys_for_value(prompt, seat, action["value"])
    width = code_width({s: prompt.options_for(s) for s in prompt.seats})
    lines = []
    for seat_key, value in action["picks"].items():
        seat = int(seat_key)
        option = next(o for o in prompt.options_for(seat) if o.value == value)
        lock = "" if option.code in ("#", "*") else " #"
        lines.append(f"pad {seat + 1} {' '.join(padded(option.code, width))}{lock}")
    return lines
