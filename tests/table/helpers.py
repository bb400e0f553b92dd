from companion.engine import Awaited, Game, Msg, Scores, Status, Steps
from companion.surface.events import KeyEvent
from companion.table.table import Table

from ..engine.toy import GAME as TOY


class MemoryRecorder:
    """Recorder double: keeps entries in memory; can be told to fail."""

    def __init__(self):
        self.sessions, self.finished, self.fail = {}, [], False

    def create_session(self, game, options, seed, seats):
        sid = f"s{len(self.sessions) + 1}"
        self.sessions[sid] = {"game": game, "options": options, "seed": seed, "seats": seats, "entries": []}
        return sid

    def append(self, sid, entry):
        """Kept as JSON would keep it: a reveal's lock times become text, as the store does."""
        if self.fail:
            raise OSError("disk full")
        if "locked" in entry:
            entry = {
                **entry,
                "locked": {
                    str(seat): moment.isoformat(timespec="milliseconds") for seat, moment in entry["locked"].items()
                },
            }
        self.sessions[sid]["entries"].append(entry)
        return len(self.sessions[sid]["entries"]) - 1

    def finish(self, sid, scores, winner):
        self.finished.append((sid, scores, winner))

    def finished_count(self):
        return len(self.finished)


def pad(seat, keys):
    return [KeyEvent(seat - 1, k) for k in keys]


def host(*keys):
    return [KeyEvent(None, k) for k in keys]


def toy_table(language="en", seats=2):
    recorder = MemoryRecorder()
    table = Table(recorder, {"toy": TOY}, language, new_seed=lambda: 5)
    # main menu: first item is the toy game; then pick the seat count (2 is the first item)
    for event in host("ok") + host(*["down"] * (seats - 2)) + host("ok"):
        table.handle(event)
    return table, recorder


def press(table, events):
    for event in events:
        table.handle(event)


def one_step_table(step):
    """A table running a two-seat game of the one ``step``, which ends it by setting
    ``state["done"]`` (for a prompt the toy does not have)."""

    class OneStep(Game):
        name, title, min_seats, max_seats = "one_step", Msg("Jeden krok", "One step"), 2, 2
        steps = Steps(step)

        def setup(self, options, seed):
            return {"seats": 2, "done": None}

        def awaiting(self, state):
            return None if state["done"] else Awaited(step.name, {})

        def score(self, state):
            return Scores({0: 0, 1: 0}, {}, (0, 1), bool(state["done"]))

        def status(self, state):
            return Status(1, None, Msg("Krok", "Step"))

    return Table(MemoryRecorder(), {"one_step": OneStep()}, "en")
