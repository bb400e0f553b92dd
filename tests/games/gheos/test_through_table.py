"""Whole games through the real table, for 2, 3 and 4 players: once answered on the players'
pads, once on the host buttons alone. The table's state follows the game's after every answer,
the final screen ranks everyone, and the stored log replays to the same end."""

import random

import pytest

from companion.engine import PromptKind, Session
from companion.games.gheos import GAME
from companion.hw.emulated import parse_script
from companion.hw.screen import cut_lines
from companion.table.flow import Over, Play
from companion.table.prompts import start_cursor
from companion.table.table import Table

from ...keyscript import keys_for_value
from ...table.helpers import MemoryRecorder
from ..playout import random_action

SEED = 11


def press(table, lines):
    for event in parse_script("\n".join(lines)):
        table.handle(event)


def host_keys(prompt, value) -> list[str]:
    """The host buttons alone: down to the option from where the cursor starts, OK (a
    confirmation: OK)."""
    if prompt.kind is PromptKind.CONFIRM:
        return ["host ok"]
    return keys_for_value(prompt, None, value) if not prompt.seats else _host_for_seat(prompt, value)


def _host_for_seat(prompt, value) -> list[str]:
    options = prompt.options_for(prompt.seats[0])
    down = ([o.value for o in options].index(value) - start_cursor(prompt)) % len(options)
    return ["host " + " ".join(["down"] * down + ["ok"])]


def pad_keys(prompt, value) -> list[str]:
    seat = prompt.seats[0] if len(prompt.seats) == 1 else None
    return keys_for_value(prompt, seat, value)


def cut(table) -> set[str]:
    """Lines of the table's frame, in Czech and English, that the panel would have to cut."""
    language, bad = table.language, set()
    try:
        for table.language in ("cs", "en"):
            bad |= {f"{table.language}: {line!r}" for line in cut_lines(table.frame())}
    finally:
        table.language = language
    return bad


unfit: set[str] = set()


def put_news_away(table, on_pads: bool) -> None:
    """Announcements that stand on a screen of their own before a list are read away by the
    host's OK; a pad key goes straight to the question (they stay until then)."""
    while getattr(table, "news_blocks", lambda: False)():
        unfit.update(cut(table))
        prompt = table.session.prompt
        if on_pads and len(prompt.seats) == 1:
            return
        press(table, ["host ok"])


@pytest.mark.parametrize("on_pads", [True, False], ids=["pads", "host"])
@pytest.mark.parametrize("seats", [2, 3, 4])
def test_a_whole_game_through_the_table(seats, on_pads):
    recorder = MemoryRecorder()
    table = Table(recorder, {"gheos": GAME}, "en", new_seed=lambda: SEED)
    # the menu: the game, the player count, then the settings list starts with the defaults
    press(table, ["host ok", "host " + " ".join(["down"] * (seats - 2) + ["ok"]), "host ok"])
    assert isinstance(table.screen, Play) and table.session.game is GAME
    options = {"seats": seats, **{s.key: s.initial() for s in GAME.settings}}
    assert table.session.options == GAME.validate_options(GAME.new_options(options))

    player = Session(GAME, options, SEED)
    rnd, steps = random.Random(seats * 10 + on_pads), set()
    while not player.over:
        prompt = player.prompt
        action = random_action(player, rnd).entry["action"]
        before = len(table.session.entries)
        put_news_away(table, on_pads)
        unfit.update(cut(table))
        press(table, (pad_keys if on_pads else host_keys)(prompt, action["value"]))
        assert table.messages.notice == [], (prompt.step, [m.en for m in table.messages.notice])
        assert table.session.entries[before:] == [{"action": action}], prompt.step
        player.submit(action)
        assert table.session.state == player.state
        steps.add(prompt.step)

    assert {"start_player", "act", "draw", "cups"} <= steps
    put_news_away(table, on_pads)
    assert isinstance(table.screen, Over)
    unfit.update(cut(table))
    assert not unfit, "lines cut on the panel:\n" + "\n".join(sorted(unfit))
    final = player.score()
    screen = " ".join(table.frame().lines)
    for rank, seat in enumerate(final.ranking[:2], 1):
        assert f"{rank}. Player {seat + 1} {final.totals[seat]}" in screen
    stored = next(iter(recorder.sessions.values()))
    again = Session(GAME, stored["options"], stored["seed"], stored["entries"])
    assert again.over and again.score().to_json() == final.to_json()
