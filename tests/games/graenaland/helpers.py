"""Shared helpers: fresh states with hand-placed pieces, and driving a session to a step."""

import copy
import random

from companion.engine import PromptKind, RuleError, Session
from companion.games.graenaland import GAME
from companion.games.graenaland.screens import SHOWN

CONFIRM = {"step": "production", "seat": None, "value": None}


def ok(step):
    """The action of a CONFIRM (the host's OK)."""
    return {"step": step, "seat": None, "value": None}


def past_shown(s):
    """Confirm result screens (start spots, moves, vote results, ...) until a real question."""
    while s.prompt is not None and s.prompt.step in SHOWN:
        s.submit(ok(s.prompt.step))
    return s


def state(seats=4, **options):
    """A fresh game state past the start-spots screen, ready for hand-placing pieces
    (bypasses the session)."""
    st = GAME.setup(GAME.validate_options({"seats": seats, **options}), 0)
    while st["step"] in SHOWN:
        st = GAME.apply(st, ok(st["step"]))
    return st


def empty_board(st):
    """Remove every starting piece so a test places exactly what its example shows."""
    for tid in st["board"]["order"]:
        st["settlements"][tid] = {}
        st["buildings"][tid] = {}
        st["public"][tid] = []
        st["cards"][tid] = 0
    for mine in st["heroes"]:
        for hero in mine:
            mine[hero] = None
    return st


def apply(st, action):
    """Apply like the session does: on a private copy."""
    return GAME.apply(copy.deepcopy(st), copy.deepcopy(action))


def session(seats=4, seed=0, **options):
    """A new session past the start-spots screen (tests of setup itself use Session directly)."""
    return past_shown(Session(GAME, {"seats": seats, **options}, seed))


def state_after(st, action):
    """Apply like the session, then confirm any result screen that follows."""
    st = apply(st, action)
    while st["step"] in SHOWN:
        st = apply(st, ok(st["step"]))
    return st


def stay_picks(s):
    return {str(seat): "warrior:stay" for seat in s.prompt.seats}


def to_step(s, step, limit=60):
    """Answer prompts plainly (confirm, stay, pass, finish) until ``step`` is awaited."""
    for _ in range(limit):
        p = s.prompt
        if p.step == step:
            return s
        if p.step in SHOWN or p.step == "production":
            s.submit(ok(p.step))
        elif p.step == "improvement":
            s.submit({"step": "improvement", "seat": None, "value": min(o.value for o in p.options_for(None))})
        elif p.step == "move":
            s.submit({"step": "move", "picks": stay_picks(s)})
        elif p.step == "propose":
            s.submit({"step": "propose", "seat": p.seats[0], "value": "pass"})
        elif p.step == "build":
            seat = p.seats[0]
            values = [o.value for o in p.options[seat]]
            if "supply" in values:
                s.submit({"step": "build", "seat": seat, "value": "supply"})
            else:
                s.submit({"step": "build", "seat": seat, "value": "done" if "done" in values else "nothing"})
        elif p.step == "claim":
            s.submit({"step": "claim", "seat": None, "value": "done"})
        elif p.step == "announce":
            s.submit({"step": "announce", "seat": p.seats[0], "value": "no"})
        else:
            raise AssertionError(f"to_step does not answer {p.step}")
    raise AssertionError(f"never reached {step}")


def random_answer(prompt, rand: random.Random):
    """A random action that fits the prompt (the rules may still refuse it). Building is free
    on the device (cards are physical), so the main player builds sparingly, as paying would
    make him: usually he takes his supply card and finishes. Fixing a card count is rare."""
    seat = prompt.seats[0] if len(prompt.seats) == 1 else None
    if prompt.step == "build" and rand.random() < 0.8:
        values = [o.value for o in prompt.options_for(seat)]
        end = "supply" if "supply" in values else "done" if "done" in values else "nothing"
        return {"step": "build", "seat": seat, "value": end}
    if prompt.step == "propose" and rand.random() < 0.9:
        values = [o.value for o in prompt.options_for(seat) if o.value != "fix"]
        return {"step": "propose", "seat": seat, "value": rand.choice(values)}
    if prompt.kind in (PromptKind.SECRET_CHOICE, PromptKind.VOTE):
        return {"step": prompt.step, "picks": {str(s): rand.choice(prompt.options_for(s)).value for s in prompt.seats}}
    if prompt.kind is PromptKind.NUMBER:
        return {"step": prompt.step, "seat": seat, "value": rand.randint(prompt.minimum, prompt.maximum)}
    if prompt.kind is PromptKind.CONFIRM:
        return {"step": prompt.step, "seat": seat, "value": None}
    return {"step": prompt.step, "seat": seat, "value": rand.choice(prompt.options_for(seat)).value}


def play_randomly(s, rand, steps):
    for _ in range(steps):
        if s.prompt is None:
            return
        for _attempt in range(20):
            try:
                s.submit(random_answer(s.prompt, rand))
                break
            except RuleError:
                continue
        else:
            raise AssertionError(f"no legal answer found for {s.prompt.step}")
