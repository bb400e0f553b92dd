"""Generate a key-event script that plays a whole game through the table, as players would.

A seeded chooser picks among the legal options of each prompt; the keys are what a person would
press for that choice (pad codes for pads, up/down/OK for the host). Used by the end-to-end,
crash and secrecy tests and by the benchmarks.
"""

from __future__ import annotations

import random

from companion.engine import PromptKind
from companion.table.secret import code_width, padded


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
    if prompt.kind is PromptKind.CONFIRM:
        return ["host ok"], {"step": prompt.step, "seat": None, "value": None}
    if prompt.kind is PromptKind.NUMBER:
        value = rng.randint(prompt.minimum or 0, prompt.maximum if prompt.maximum is not None else 9)
        who = f"pad {seat + 1}" if seat is not None else None
        if who:
            return [f"{who} {' '.join(str(value))} #"], {"step": prompt.step, "seat": seat, "value": value}
        steps = value - (prompt.minimum or 0)
        return ["host " + " ".join(["up"] * steps + ["ok"])], {"step": prompt.step, "seat": None, "value": value}
    options = prompt.options_for(seat)
    index = rng.randrange(len(options))
    option = options[index]
    single = all(len(o.code) == 1 for o in options)
    if seat is not None and single:
        return [f"pad {seat + 1} {option.code}"], {"step": prompt.step, "seat": seat, "value": option.value}
    if seat is not None and option.code in ("#", "*"):
        return [f"pad {seat + 1} {option.code}"], {"step": prompt.step, "seat": seat, "value": option.value}
    if seat is not None:
        width = max(len(o.code) for o in options)
        return [f"pad {seat + 1} {' '.join(padded(option.code, width))} #"], \
            {"step": prompt.step, "seat": seat, "value": option.value}
    return ["host " + " ".join(["down"] * index + ["ok"])], {"step": prompt.step, "seat": None, "value": option.value}


def play_script(game, seats: int, seed: int, game_index: int = 0, games_in_menu: list | None = None):
    """(script lines, session) for one whole game, starting from the main menu."""
    from companion.engine import Session
    rng = random.Random(seed)
    menu_down = (games_in_menu or [game.name]).index(game.name)
    lines = ["host " + " ".join(["down"] * menu_down + ["ok"]),
             "host " + " ".join(["down"] * (seats - game.min_seats) + ["ok"])]
    settings = {s.key: s.initial() for s in game.settings if s.applies(seats)}
    if settings:
        lines.append("host ok")  # the settings menu: its first line starts with the defaults
    session = Session(game, {"seats": seats, **settings}, seed)
    while session.prompt is not None:
        more, action = legal_keys(session, rng)
        lines += more
        session.submit(action)
    lines.append("host ok")  # leave the final screen for the menu
    return lines, session


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
