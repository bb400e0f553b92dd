"""Counting the keys a player presses through the real table, shared by the per-turn benchmarks
(bench_catan, bench_troy, bench_gheos): a table resumed where a session stands, the keys of a
secret pick, and the host's OK that puts news away when it takes the panel first."""

from __future__ import annotations

from companion.engine import Game, Prompt, PromptKind
from companion.hw.emulated import parse_script
from companion.table.secret import code_width, padded
from companion.table.table import Table
from tests.table.helpers import MemoryRecorder


def resumed_table(game: Game, options: dict, seed: int, entries: list[dict]) -> Table:
    """A table (Czech, recording in memory) that resumed the game at the end of ``entries``."""
    recorder = MemoryRecorder()
    table = Table(recorder, {game.name: game}, "cs", new_seed=lambda: seed)
    sid = recorder.create_session(game.name, options, seed, [])
    recorder.sessions[sid]["entries"] = list(entries)
    assert table.resume(sid, game.name, options, seed, list(entries))
    return table


def secret_pick_keys(prompt: Prompt, value) -> list[str]:
    """The first listed seat types the code of ``value`` on his pad, padded to the prompt's code
    width, and #."""
    seat = prompt.seats[0]
    option = next(o for o in prompt.options_for(seat) if o.value == value)
    width = code_width({s: prompt.options_for(s) for s in prompt.seats})
    return [f"pad {seat + 1} {' '.join(padded(option.code, width))} #"]


def put_news_away(table: Table) -> int:
    """The host's OK when news takes the panel before a list: the keys it took (0 or 1)."""
    if table.news_blocks():
        table.handle(parse_script("host ok")[0])
        return 1
    return 0


def typed_code_keys(prompt: Prompt, value) -> list[str] | None:
    """A list of codes of several widths (a Catan roll "2"…"12" of rules 3, Troy's ships "31"):
    the player types the code as printed and # ("3 #"; the table compares codes padded, where
    the tests' key script types "0 3 #"). None for any other prompt."""
    seat = prompt.seats[0] if len(prompt.seats) == 1 else None
    if prompt.kind is not PromptKind.CHOICE or seat is None:
        return None
    options = prompt.options_for(seat)
    if all(len(o.code) == 1 for o in options):
        return None
    option = next(o for o in options if o.value == value)
    if option.code in ("#", "*"):
        return None
    return [f"pad {seat + 1} {' '.join(option.code)} #"]
