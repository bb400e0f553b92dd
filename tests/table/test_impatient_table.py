"""An impatient table: no key acts on what the players have not seen.

Whole games of every registered game are played through the table with its clock injected: every
key comes 100 ms after the previous one. The same game is played twice: once as written, once by
players who, out of habit, press # on their pad and OK on the host after every announcement (as
they had to when an announcement took a key). A key that comes too soon after its question
changed is held back and the table says so; a player whose real key was held presses it again.
Both tables must commit exactly the same actions: the habit keys commit nothing.
"""

from __future__ import annotations

import pytest

from companion.engine import Session, added
from companion.games import REGISTRY, load
from companion.hw.emulated import parse_script
from companion.surface.events import KeyEvent
from companion.table import texts
from companion.table.table import GUARD_S, Table

from ..games.playout import play
from ..keyscript import keys_for_action
from .helpers import MemoryRecorder

KEY_GAP_S = 0.1  # every key 100 ms after the previous one
MAX_ACTIONS = 400


class Clock:
    def __init__(self):
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def script(game, session: Session, habit: bool) -> list[tuple[KeyEvent, bool]]:
    """(event, is a habit key) for every key of the recorded game, from its first question."""
    replay = Session(game, session.options, session.seed)
    out: list[tuple[KeyEvent, bool]] = []
    for entry in session.entries:
        prompt = replay.prompt
        out += [(event, False) for event in parse_script("\n".join(keys_for_action(prompt, entry["action"])))]
        before = replay.state
        replay.submit(entry["action"])
        if not added(before, replay.state) or replay.prompt is None:
            continue
        if habit:  # the key that used to put an announcement away, on the pad asked and on the host
            seats = replay.prompt.seats
            if len(seats) == 1:
                out.append((KeyEvent(seats[0], "#"), True))
            out.append((KeyEvent(None, "ok"), True))
    return out


def committed(game, session: Session, habit: bool, guard: float = GUARD_S) -> list[dict]:
    """The actions a table commits when the script is pressed, one key every 100 ms."""
    clock = Clock()
    recorder = MemoryRecorder()
    table = Table(recorder, {game.name: game}, "en", new_seed=lambda: session.seed, clock=clock, guard=guard)
    sid = recorder.create_session(game.name, session.options, session.seed, [])
    assert table.resume(sid, game.name, session.options, session.seed, [])
    held_back = {texts.TOO_SOON_HOST.en}
    for event, is_habit in script(game, session, habit):
        if event.seat is None and event.key != "back" and table.news_blocks() and not is_habit:
            clock.now += KEY_GAP_S
            table.handle(KeyEvent(None, "ok"))  # the host reads the announcements first
        for _ in range(3):
            clock.now += KEY_GAP_S
            table.handle(event)
            notice = [m.en for m in table.messages.notice]
            if event.seat is None:  # a host key puts the notice away first
                held = bool(notice) and notice[0] in held_back
            else:  # a seat is told on its own pad (and, outside a secret pick, on the panel)
                held = table.signals.notes.get(event.seat) == texts.TOO_SOON_PAD
            if not held or is_habit:
                break
    return [entry["action"] for entry in recorder.sessions[sid]["entries"] if "action" in entry]


@pytest.mark.parametrize("name", list(REGISTRY))
def test_habit_keys_after_announcements_commit_nothing(name):
    game = load(name)
    session = play(game, {"seats": game.max_seats}, 77, MAX_ACTIONS)
    calm = committed(game, session, habit=False)
    assert calm == [entry["action"] for entry in session.entries]  # the script plays the game
    impatient = committed(game, session, habit=True)
    assert impatient == calm


def test_without_the_guard_the_habit_keys_would_answer_questions_nobody_read():
    """The test above is not vacuous: with no key held back, the habit keys answer."""
    game = load("vaaalbara")
    session = play(game, {"seats": game.max_seats}, 77, MAX_ACTIONS)
    assert committed(game, session, habit=True, guard=0.0) != committed(game, session, habit=False, guard=0.0)


def test_a_key_too_soon_after_the_question_changed_is_held_back_and_the_seat_told():
    from companion.surface.frame import LED_ERROR

    from .helpers import pad

    clock = Clock()
    recorder = MemoryRecorder()
    game = load("vaaalbara")
    table = Table(recorder, {"vaaalbara": game}, "cs", new_seed=lambda: 3, clock=clock, guard=GUARD_S)
    for event in [KeyEvent(None, "ok"), KeyEvent(None, "ok")]:
        clock.now += 1
        table.handle(event)
    prompt = table.session.prompt
    assert prompt.kind.hidden
    clock.now += 1
    table.handle(pad(1, "1")[0])  # a second after the question appeared: typed
    assert table.answer.collector.entries[0].typed == "1"
    table._question_changed()  # as after every action
    clock.now += 0.1
    table.handle(pad(1, "2")[0])  # 100 ms after a change: held back
    assert table.answer.collector.entries[0].typed == "1"
    assert table.leds()[0] == LED_ERROR
    assert table.messages.notice == []  # a key typed in secret is told to its seat alone
    assert table.signals.notes[0] == texts.TOO_SOON_PAD
    clock.now += 0.1
    table.handle(pad(1, "2")[0])  # the seat was told: its next key counts
    assert table.answer.collector.entries[0].typed.endswith("2")
