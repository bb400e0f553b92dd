"""Nothing a bystander can see or read tells the hidden input of Troy apart before its reveal:
two games that differ only in the allegiance cards and in the donated cards (so in the support
row) press the same number of keys and give byte-identical panel frames, LEDs, standard output
and log messages until the battle turns the row over; the store file differs only in the
entered picks it must keep to replay the game (durable before acknowledged).

(Troy has no development cards, so no VP cards to hide.)"""

from __future__ import annotations

import io
import json
import logging
import queue
from datetime import datetime

from companion.app import App
from companion.engine import Session
from companion.games.troy import GAME
from companion.hw.emulated import TextOutput, parse_script
from companion.hw.screen import render
from companion.store import Store
from companion.table.secret import code_width, padded
from companion.table.table import Table

from ...keyscript import keys_for_value, submit_and_ack

SEED = 5
OPTIONS = {"seats": 4, "row": "box"}


def secret_keys(prompt, picks: dict) -> list[str]:
    width = code_width({s: prompt.options_for(s) for s in prompt.seats})
    lines = []
    for seat_key, value in picks.items():
        option = next(o for o in prompt.options_for(int(seat_key)) if o.value == value)
        lines.append(f"pad {int(seat_key) + 1} {' '.join(padded(option.code, width))} #")
    return lines


def script(allegiance: list[str], gifts: list[list[str]]) -> tuple[list[str], int]:
    """Keys of: the start, the secret allegiances, two turns each donating 3 cards in secret
    (the row reaches 10), and the battle's OK. Also the index of the line that reveals."""
    session = Session(GAME, GAME.validate_options(OPTIONS), SEED)
    answers = [
        {"step": "first_player", "seat": None, "value": 0},
        {"step": "allegiance", "picks": {str(s): c for s, c in enumerate(allegiance)}},
        {"step": "founding", "seat": None, "value": None},
    ]
    for seat, gift in enumerate(gifts):
        answers += [
            {"step": "roll", "seat": seat, "value": 8},
            {"step": "build", "seat": seat, "value": "donate"},
            {"step": "donate_count", "seat": seat, "value": 3},
            {"step": "donate_cards", "picks": {str(seat): gift}},
            {"step": "build", "seat": seat, "value": "end"},
        ]
    answers.append({"step": "battle", "seat": None, "value": None})
    lines, reveal = [], 0
    for action in answers:
        prompt = session.prompt
        assert prompt.step == action["step"], (prompt.step, action)
        if action["step"] == "battle":
            reveal = len(lines)
        lines += (
            secret_keys(prompt, action["picks"])
            if "picks" in action
            else keys_for_value(prompt, prompt.seats[0] if len(prompt.seats) == 1 else None, action["value"])
        )
        lines += submit_and_ack(session, action)
    return lines, reveal


def observe(tmp, lines: list[str], caplog) -> list[tuple]:
    """Everything a bystander could see or read after each key, for one run."""
    tmp.mkdir()
    clock = datetime(2026, 1, 1, 12, 0, 0).astimezone()
    store = Store(tmp / "companion.db", clock=lambda: clock)
    out = io.StringIO()
    output = TextOutput(out=out)
    table = Table(store, {"troy": GAME}, "cs", new_seed=lambda: SEED)
    app = App(table, output, output, queue.SimpleQueue())
    options = GAME.validate_options(OPTIONS)
    sid = store.create_session("troy", options, SEED, ["Hráč 1", "Hráč 2", "Hráč 3", "Hráč 4"])
    assert table.resume(sid, "troy", options, SEED, [])
    trace = []
    caplog.clear()
    with caplog.at_level(logging.DEBUG):
        for line in lines:
            for event in parse_script(line):
                table.handle(event)
                app.refresh()
            files = {p.name: p.read_bytes() for p in tmp.iterdir() if p.is_file()}
            trace.append(
                (
                    render(table.frame()).tobytes(),
                    repr(sorted(table.leds().items())),
                    out.getvalue(),
                    caplog.text,
                    files,
                )
            )
    assert table.session.state["troy"]["battles"], "the battle was fought"
    store.close()
    return trace


def without_picks(files: dict[str, bytes]) -> dict[str, str]:
    """The files with every logged pick's value blanked (what the store must keep), and the
    store's own random identities (the box in its meta table, a session's uid), which differ
    from store to store."""

    def blank(value):
        if isinstance(value, dict):
            return {
                k: (
                    dict.fromkeys(v, "?")
                    if k == "picks"
                    else "?"
                    if k in ("box", "uid") and isinstance(v, str)
                    else blank(v)
                )
                for k, v in value.items()
            }
        return [blank(v) for v in value] if isinstance(value, list) else value

    out = {}
    for name, data in files.items():
        try:
            out[name] = "\n".join(
                json.dumps(blank(json.loads(line)), sort_keys=True)
                for line in data.decode().splitlines()
                if line.strip()
            )
        except ValueError:
            out[name] = data.decode(errors="replace")
    return out


def test_allegiances_donations_and_the_row_show_nowhere_until_the_battle(tmp_path, caplog):
    lines_a, reveal = script(
        ["mycenae", "troy", "mycenae", "troy"], [["lumber", "lumber", "grain"], ["lumber", "grain", "grain"]]
    )
    lines_b, reveal_b = script(
        ["troy", "mycenae", "troy", "mycenae"], [["wool", "ore", "ore"], ["brick", "wool", "ore"]]
    )
    assert reveal == reveal_b and [len(line) for line in lines_a] == [len(line) for line in lines_b]
    assert lines_a != lines_b
    a = observe(tmp_path / "a", lines_a, caplog)
    b = observe(tmp_path / "b", lines_b, caplog)
    for index in range(reveal + 1):  # up to the battle's OK: its frame shows the turned cards
        for what, left, right in zip(("frame", "leds", "stdout", "log"), a[index][:4], b[index][:4]):
            if index < reveal:
                assert left == right, f"{what} differs after line {index}: {lines_a[index]}"
        assert without_picks(a[index][4]) == without_picks(b[index][4]), f"files after line {index}"
    assert a[reveal][0] != b[reveal][0], "the battle shows different cards"


def test_battles_move_saga_points_but_never_show_who_gets_them():
    """After a battle the saga VP of the winners' supporters change: the public view, the score,
    the status, the prompt and the events stay the same whoever supports which city."""
    from .helpers import Play

    seen = []
    for allegiance in (["mycenae", "troy", "mycenae", "troy"], ["troy", "troy", "mycenae", "mycenae"]):
        play = Play(4, "table", allegiance=allegiance).given(row_count=10)
        play.answer("roll", 8).end_turn().answer("battle", 1).answer("battle_mycenae", 4)
        assert play.troy["wins"]["mycenae"] == 1 and play.state["over"] is None
        seen.append(
            (
                GAME.view(play.state),
                GAME.score(play.state).to_json(),
                GAME.status(play.state),
                GAME.prompt(play.state),
                play.state["recent"],
            )
        )
        assert GAME.view(play.state, 2)["my_hidden"] == {"saga_mycenae": 1}
    assert seen[0] == seen[1]
