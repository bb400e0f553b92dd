"""The Great Wall played whole through the real table (pads and host buttons), for 4 and 6
players, and the secrecy of a VP card: runs that differ only in the card bought look the same
on the panel and the LEDs until the reveal, and leave the same files until the card is locked."""

import json

import pytest

from companion.engine import Session
from companion.games.great_wall import GAME
from companion.hw.emulated import parse_script
from companion.table.flow import Over
from companion.table.secret import code_width, padded
from companion.table.table import Table

from ...keyscript import keys_for_value
from ...table.helpers import MemoryRecorder
from ..playout import answering_seat, play
from .helpers import TAUGHT


def table_at(options: dict, seed: int) -> Table:
    recorder = MemoryRecorder()
    table = Table(recorder, {GAME.name: GAME}, "cs", new_seed=lambda: seed)
    session_id = recorder.create_session(GAME.name, options, seed, [])
    assert table.resume(session_id, GAME.name, options, seed, [])
    return table


def keys_for(prompt, action: dict) -> list[str]:
    if not prompt.kind.hidden:
        return keys_for_value(prompt, answering_seat(prompt), action["value"])
    width = code_width({s: prompt.options_for(s) for s in prompt.seats})
    lines = []
    for seat_key, value in action["picks"].items():
        option = next(o for o in prompt.options_for(int(seat_key)) if o.value == value)
        lines.append(f"pad {int(seat_key) + 1} {' '.join(padded(option.code, width))} #")
    return lines


def type_action(table: Table, action: dict) -> list:
    """Type one action; announcements that take the panel first are put away with OK."""
    seen = []
    if getattr(table, "news_blocks", lambda: False)():
        seen += type_lines(table, ["host ok"])
    return seen + type_lines(table, keys_for(table.session.prompt, action))


def type_lines(table: Table, lines: list[str]) -> list:
    seen = []
    for event in parse_script("\n".join(lines)):
        table.handle(event)
        seen.append((table.frame(), sorted(table.leds().items()), json.dumps(table.recorder.sessions, sort_keys=True)))
    return seen


@pytest.mark.parametrize("seats", [4, 6])
@pytest.mark.parametrize("physical_bag", [False, True])
def test_a_whole_game_through_the_table(seats, physical_bag):
    options = {"seats": seats, "box": TAUGHT, "physical_bag": physical_bag}
    seed = 40 + seats
    session = play(GAME, options, seed, 20000, rnd_seed=seed)
    assert session.over
    table = table_at(options, seed)
    replay = Session(GAME, options, seed)
    for entry in session.entries:
        type_action(table, entry["action"])
        replay.submit(entry["action"])
        assert table.session.state == replay.state, entry["action"]
    assert table.session.over and isinstance(table.screen, Over)
    scores = table.session.score()
    assert scores.final and sorted(scores.ranking) == list(range(seats))


# -- secrecy of a VP card -------------------------------------------------------------------------


def script(card: str) -> list[dict]:
    """Player 1 buys a development card in his first turn (``card``), then builds on; player 2
    and the others only roll. With the VP card his 9th public point is his 10th: he wins."""
    turns = [["dev", "city"], ["city", "road"], ["city", "settlement", "road"], ["longest_road"]]
    actions = [{"step": "first_player", "seat": None, "value": 0}]
    actions += [{"step": "fortress", "seat": s, "value": s} for s in range(4)]
    actions.append({"step": "founding", "seat": None, "value": None})
    for builds in turns:
        actions.append({"step": "roll", "seat": 0, "value": 3})
        for item in builds:
            actions.append({"step": "build", "seat": 0, "value": item})
            if item == "dev":
                actions.append({"step": "dev_card", "picks": {"0": card}})
            if item == "longest_road":
                actions.append({"step": "longest_road", "seat": 0, "value": 0})
        actions.append({"step": "build", "seat": 0, "value": "end"})
        for seat in (1, 2, 3):
            actions += [{"step": "roll", "seat": seat, "value": 3}, {"step": "build", "seat": seat, "value": "end"}]
    return actions


def observe(card: str):
    options = {"seats": 4, "box": TAUGHT}
    table = table_at(options, 5)
    frames, files, lock = [], [], None
    for action in script(card):
        if table.session.over:
            break
        seen = type_action(table, action)
        if action["step"] == "dev_card":
            lock = len(frames) + len(seen) - 1
        frames += [(frame, leds) for frame, leds, _ in seen]
        files += [log for _, _, log in seen]
    return frames, files, lock, table


def test_a_vp_card_shows_nowhere_until_the_win_reveals_it():
    other, other_files, lock, other_table = observe("other")
    vp, vp_files, lock_again, vp_table = observe("vp")
    assert lock == lock_again
    assert vp_table.session.over and vp_table.session.state["over"]["winner"] == 0
    assert not other_table.session.over
    reveal = next(i for i, (a, b) in enumerate(zip(other, vp)) if a != b)
    # the panel and the LEDs are the same until the last key of the turn that wins
    assert reveal == len(vp) - 1 and reveal > lock + 10
    assert other[:reveal] == vp[:reveal]
    # the log on disk is the same until the card is locked (it then holds the pick: the
    # session's log is its truth, and is never shown at the table)
    assert other_files[:lock] == vp_files[:lock] and other_files[lock] != vp_files[lock]
    why = vp_table.session.state["over"]["why"]["cs"]  # the reason of the end keeps the breakdown
    assert why.startswith("Hráč 1 vítězí s 10 VB") and "1 karta VB" in why
