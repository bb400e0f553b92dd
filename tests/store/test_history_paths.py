"""``companion history`` and ``stats`` make each index record what they print as the index is
read (``Store.ended_made``, ``Store.summaries_made``), so a long history is never held as
records. What they print is exactly what the records give (``history_lines`` over
``Store.ended``, ``game_stats`` and the BG Stats plays over ``Store.summaries``): ties in time, draws, games nobody
won, named players, teaching walks, abandoned games, an index without summaries and one rebuilt
from the archives."""

from __future__ import annotations

import json

import pytest

from companion.cli import main
from companion.known_games import KNOWN
from companion.store import Store
from companion.store.export import clean, history_lines, json_list, json_text
from companion.store.reports import bgstats_link, bgstats_plays, game_stats, stats_text

from .conftest import Clock
from .test_summaries import _strip_summaries
from .test_teaching import teaching_walk

BGSTATS = ("bgstats", "bgstats-plays")


def varied_history(path) -> None:
    """Games that end at the same second, draws, nobody winning, names, a teaching walk and
    abandoned games (one at the same time as a finished one), with decision times."""
    clock = Clock()
    with Store(path, clock=clock, rules=KNOWN) as store:
        for number in range(12):
            session = store.create_session("vaaalbara", {}, number, ["Modrá", "Fialová", "Žlutá"])
            if number % 3 == 0:
                store.name_player(session, number % 3, ["Anna", "Řehoř", "Petr"][number % 4 % 3])
            for step in range(number % 4 + 1):
                clock.advance(0.05 + 0.1 * step + 0.001 * number)  # decision times to the millisecond
                store.append(session, {"action": {"step": "a", "seat": step % 3}})
            totals = {"0": number % 5, "1": 3, "2": number % 2}
            winners = [[0], [1], [0, 1], []][number % 4]
            scores = {"totals": totals, "winners": winners, "winner": winners[0] if len(winners) == 1 else None}
            if number % 5 == 4:
                store.abandon(session)
            else:
                store.finish(session, scores, scores["winner"])
            if number % 3:  # the next one ends at the same second
                clock.advance(60)
        teaching_walk(store, clock)


def printed(capsys, *argv) -> str:
    capsys.readouterr()
    assert main([*argv]) == 0
    return capsys.readouterr().out


def expected(path) -> tuple[str, ...]:
    """history, stats, stats --json and both BG Stats exports as the records give them."""
    with Store(path, read_only=True, rules=KNOWN) as store:
        finished, abandoned = store.ended()
        played = [record for record in finished if not record.get("teaching")]
        walks = len(finished) - len(played)
        history = "".join(clean(line) + "\n" for line in history_lines(played, abandoned))
        history += f"({walks} teaching walk of the box not listed)\n"
        stats = game_stats(store.summaries())
        plays = list(bgstats_plays(store.summaries(), KNOWN.facts))
    links = "".join(bgstats_link(play) + "\n" for play in plays)
    return (
        history,
        stats_text(stats),
        json_text(stats, indent=2, sort_keys=True) + "\n",
        links,
        "".join(json_list(plays)),
    )


@pytest.mark.parametrize("index", ["sound", "without summaries", "rebuilt"])
def test_history_stats_and_bgstats_print_what_the_records_give(tmp_path, capsys, index):
    varied_history(tmp_path / "companion.db")
    want = expected(tmp_path / "companion.db")
    if index == "without summaries":
        _strip_summaries(tmp_path / "history" / "index.db")
    if index == "rebuilt":
        (tmp_path / "history" / "index.db").unlink()
    folder = ("--data-dir", str(tmp_path))
    commands = (("history",), ("stats",), ("stats", "--json"), *(("export", "--format", f) for f in BGSTATS))
    got = tuple(printed(capsys, *argv, *folder) for argv in commands)
    assert got == want
    assert "draw: " in got[0] and "abandoned" in got[0] and "Anna (Modrá)" in got[0]
    assert json.loads(got[2])["vaaalbara"]["draws"] > 0 and json.loads(got[2])["vaaalbara"]["no_winner"] > 0
    lines = got[0].splitlines()
    assert len({line[:16] for line in lines[:-1]}) < len(lines) - 1  # some end at the same minute
