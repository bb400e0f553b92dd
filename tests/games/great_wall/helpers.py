"""Sessions of the Great Wall brought to a given position, and the actions players type."""

from companion.engine import Session
from companion.games.great_wall import GAME

# a board whose attack numbers the table has taught already (gathering hex II shows the
# rulebook's pair: 9 to the left, 8 to the right)
TAUGHT = {
    "gathering": {
        "1": {"left": 4, "right": 10},
        "2": {"left": 9, "right": 8},
        "3": {"left": 5, "right": 6},
        "4": {"left": 3, "right": 11},
        "5": {"left": 2, "right": 12},
    }
}


def started(seats=4, box=TAUGHT, seed=1, **options) -> Session:
    """Player 1 starts; player k's fortress is at section k; the founding screen confirmed."""
    s = Session(GAME, {"seats": seats, "box": box, **options}, seed)
    s.submit({"step": "first_player", "seat": None, "value": 0})
    for seat in range(seats):
        s.submit({"step": "fortress", "seat": seat, "value": seat})
    s.submit({"step": "founding", "seat": None, "value": None})
    return s


def act(s: Session, step: str, value=None, seat=None):
    prompt = s.prompt
    assert prompt.step == step, (prompt.step, step)
    who = seat if seat is not None else (prompt.seats[0] if len(prompt.seats) == 1 else None)
    s.submit({"step": step, "seat": who, "value": value})


def roll(s: Session, value: int):
    act(s, "roll", value)


def build(s: Session, item: str):
    act(s, "build", item)


def gw(s: Session) -> dict:
    return s.state["great_wall"]


def events(s: Session) -> list[str]:
    return [m["en"].replace("\u00a0", " ") for m in s.state["recent"]]


def with_state(s: Session, **changes) -> Session:
    """The session continued from its state with ``great_wall`` values changed (a given)."""
    s.state["great_wall"].update(changes)
    s.prompt = s.game.prompt(s.state)  # the prompt may depend on the changed values
    return s
