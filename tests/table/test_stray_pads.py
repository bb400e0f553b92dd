"""A key from any pad, seated in the game or not, on any screen of any game, never stops the box.

A pad left paired from a bigger game is an ordinary evening: pad 4 in a two-player game sends
keys like any other. Such a key is named on the panel by the pad's number and changes nothing;
a key of a seat in the game does what that seat's keys do there. Every game is played from its
recorded corpus (the fewest seats it has, so most pads are outside it), stopped at one moment
of every step it reaches, and every pad 1–9 presses a digit, `#` and `*` there, on the question,
the undo question and the in-game menu; then on the final ranking and in the menus before a game.
After every key the table draws what the box draws: the panel, the LEDs and the pads' screens.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from companion.games import REGISTRY, load
from companion.surface.events import KeyEvent
from companion.table.flow import Over, Play
from companion.table.seat_screens import seat_screens
from companion.table.table import Table

from .helpers import MemoryRecorder

CORPUS = Path(__file__).resolve().parents[1] / "data" / "corpus"
PADS = range(1, 10)
KEYS = ("1", "0", "#", "*")
STEPS_PER_GAME = 14  # moments of a game, one per step name met first (the rest are alike)


def fewest_seats_game(name: str) -> dict:
    files = sorted(CORPUS.glob(f"{name}-*.json"), key=lambda p: int(p.stem.rsplit("-", 1)[1]))
    return json.loads(files[0].read_text())["games"][0]


def table_at(name: str, recorded: dict, entries: list[dict]) -> Table:
    game = load(name)
    recorder = MemoryRecorder()
    table = Table(recorder, {name: game}, "cs", new_seed=lambda: recorded["seed"])
    session_id = recorder.create_session(name, recorded["options"], recorded["seed"], [])
    recorder.sessions[session_id]["entries"] = list(entries)
    assert table.resume(session_id, name, recorded["options"], recorded["seed"], entries)
    return table


def draw_everything(table: Table) -> None:
    """What the main loop does after a key: the panel, the LEDs, every pad's own screen."""
    table.frame()
    table.leds()
    seat_screens(table)


def press_every_pad(table: Table) -> None:
    """Every pad 1–9 presses each key; a pad outside the game changes nothing and is named."""
    for pad in PADS:
        for key in KEYS:
            seat = pad - 1
            outside = table.session is not None and seat >= table.seat_count()
            before = (copy.deepcopy(table.session.state), len(table.session.entries)) if outside else None
            mode = table.screen.name
            table.handle(KeyEvent(seat, key))
            draw_everything(table)
            if before is not None:
                assert (table.session.state, len(table.session.entries)) == before
                assert table.screen.name == mode
                assert [m.get("cs") for m in table.messages.notice] == [f"Pad {pad} v této hře nehraje."]
                if mode == "play":
                    assert any(f"Pad {pad}" in line for line in table.frame().lines), table.frame().lines


def moments(recorded: dict, name: str) -> list[int]:
    """The index of the first action of each step name, up to STEPS_PER_GAME of them."""
    game, seen, picked = load(name), set(), []
    from companion.engine import Session

    session = Session(game, recorded["options"], recorded["seed"])
    for index, entry in enumerate(recorded["entries"]):
        step = session.prompt.step if session.prompt else None
        if step not in seen:
            seen.add(step)
            picked.append(index)
        session.submit(entry["action"])
    return picked[:STEPS_PER_GAME]


@pytest.mark.parametrize("name", list(REGISTRY))
def test_a_key_from_any_pad_on_the_question_the_undo_question_and_the_menu_never_stops_the_box(name):
    recorded = fewest_seats_game(name)
    for index in moments(recorded, name):
        for opening in ((), ("back",), ("menu",)):
            table = table_at(name, recorded, recorded["entries"][:index])
            for host_key in opening:
                table.handle(KeyEvent(None, host_key))
            press_every_pad(table)


@pytest.mark.parametrize("name", list(REGISTRY))
def test_a_key_from_any_pad_on_the_final_ranking_and_in_the_menus_never_stops_the_box(name):
    recorded = fewest_seats_game(name)
    table = table_at(name, recorded, recorded["entries"])
    assert isinstance(table.screen, Over)
    press_every_pad(table)
    table.handle(KeyEvent(None, "ok"))  # the menu (or the game's follow-up question)
    press_every_pad(table)
    table.handle(KeyEvent(None, "ok"))
    press_every_pad(table)


def test_a_pad_outside_a_two_player_vaaalbara_is_named_during_the_secret_pick():
    """The evening the issue names: `host ok`, `host ok`, `pad 4 0` in a two-player Vaaalbara."""
    table = Table(MemoryRecorder(), {"vaaalbara": load("vaaalbara")}, "en", new_seed=lambda: 1)
    table.handle(KeyEvent(None, "ok"))
    table.handle(KeyEvent(None, "ok"))
    assert isinstance(table.screen, Play) and table.prompt.kind.hidden and table.seat_count() == 2
    table.handle(KeyEvent(3, "0"))
    assert "Pad 4 is not in this game." in " ".join(table.frame().lines)
    assert table.answer.collector.locked_seats() == ()


def test_the_key_script_of_the_evening_runs_to_its_end(tmp_path):
    """`companion run` itself, as the box runs it: the stray key is named, the box goes on."""
    from ..companion_process import run_companion

    script = tmp_path / "keys.txt"
    script.write_text("host ok\nhost ok\npad 4 0\npad 1 0 1 #\n", encoding="utf-8")
    done = run_companion("run", "--emulated", "--data-dir", tmp_path / "data", "--script", script)
    assert done.returncode == 0, done.stderr
    assert "Pad 4 v této hře" in done.stdout and "unexpected error" not in done.stderr
