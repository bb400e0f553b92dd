"""Play Gheos through the engine's Session, the way the table does: one answer at a time, by
whoever the prompt asks."""

from __future__ import annotations

from companion.engine import PromptKind, Session
from companion.games.gheos import GAME

ADAM, EVE, NOAH = 0, 1, 2


def new(seats: int = 3, start: int = 0, **options) -> Session:
    """A game whose start player the table has named."""
    s = Session(GAME, {"seats": seats, **options}, seed=0)
    answer(s, "start_player", start)
    return s


def action(s: Session, step: str, value=None) -> dict:
    seat = s.prompt.seats[0] if len(s.prompt.seats) == 1 else None
    return {"step": step, "seat": seat, "value": value}


def answer(s: Session, step: str, value=None):
    """Submit one answer, first checking that the game awaits exactly this step."""
    assert s.prompt is not None, f"the game is over, {step} was expected"
    assert s.prompt.step == step, f"expected {step}, the game awaits {s.prompt.step}"
    if s.prompt.kind is PromptKind.CONFIRM:
        value = None
    return s.submit(action(s, step, value))


def play(s: Session, *answers):
    """Answers in the order they are asked: (step, value) pairs."""
    for step, value in answers:
        answer(s, step, value)


def take(s: Session, colour: str, draw: str = "ordinary"):
    """A whole plain turn: take a follower, draw an ordinary tile."""
    play(s, ("act", colour), ("draw", draw))


def found(s: Session, colour: str, wheat: int):
    play(s, ("act", colour), ("found_wheat", wheat), ("draw", "ordinary"))


def totals(s: Session) -> dict[int, int]:
    return dict(GAME.score(s.state).totals)


def held(s: Session, seat: int) -> dict[str, int]:
    return {c: n for c, n in s.state["held"][seat].items() if n}


def events(s: Session, lang: str = "en") -> list[str]:
    return [e[lang] for e in s.state["recent"]]


def values(s: Session) -> list:
    return [o.value for o in s.prompt.options_for(s.prompt.seats[0] if s.prompt.seats else None)]


def codes(s: Session) -> dict:
    return {o.code: o.value for o in s.prompt.options_for(s.prompt.seats[0] if s.prompt.seats else None)}


def epoch_example() -> Session:
    """The rulebook's epoch example, before the epoch tile: Adam red 2 + blue 1, Eve red 1 +
    blue 1, Noah blue 2 (the holdings are constructed: the picture is missing), Noah to draw."""
    s = new(3)
    found(s, "red", 2)  # Adam
    found(s, "blue", 1)  # Eve
    take(s, "blue")  # Noah
    take(s, "blue")  # Adam
    take(s, "red")  # Eve
    play(s, ("act", "blue"))  # Noah, now at his draw
    assert held(s, ADAM) == {"red": 2, "blue": 1}
    assert held(s, EVE) == {"red": 1, "blue": 1}
    assert held(s, NOAH) == {"blue": 2}
    return s


def until_only_epoch_tiles(s: Session) -> None:
    """Plain turns until, by the box's count, only epoch tiles are left face down."""
    from companion.games.gheos.box import BOX

    while s.state["stack"] > BOX.facts["epoch_tiles"] - s.state["epochs"]:
        play(s, ("act", "nothing") if "nothing" in values(s) else ("act", s.state["in_play"][0]), ("draw", "ordinary"))
