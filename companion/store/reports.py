"""What the entries' times give: BG Stats plays and per-game statistics.

Both read the finished sessions' documents (``Store.history_documents``). A decision's time is
the time from the entry before it (or the session's start) until the seat acted: ``at`` for a
seat's own action, each seat's ``locked`` time for a secret choice. Entries from before format 2
have no times and count for plays and wins only.
"""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Iterable, Iterator, Mapping
from datetime import datetime
from typing import Any, NamedTuple
from urllib.parse import quote

from .export import clean, minutes, places_of, seat_label, seat_names, winners_of


def _time(value: Any) -> datetime | None:
    try:
        moment = datetime.fromisoformat(value)
    except (TypeError, ValueError):
        return None
    return moment if moment.tzinfo is not None else None


def decision_times(document: Mapping) -> list[tuple[int, float]]:
    """(seat, seconds) for every decision whose time is known, in log order."""
    meta = document.get("meta") or {}
    before = _time(meta.get("started"))
    found: list[tuple[int, float]] = []
    for entry in document.get("entries", []):
        at = _time(entry.get("at"))
        action = entry.get("action")
        if before is not None and isinstance(action, Mapping):
            locked = entry.get("locked")
            if isinstance(locked, Mapping):
                for seat, moment in locked.items():
                    when = _time(moment)
                    if when is not None and str(seat).isdigit():
                        found.append((int(seat), max(0.0, (when - before).total_seconds())))
            elif at is not None and isinstance(action.get("seat"), int) and not isinstance(action["seat"], bool):
                found.append((action["seat"], max(0.0, (at - before).total_seconds())))
        if at is not None:
            before = at
    return found


class GameFacts(NamedTuple):
    """What the BG Stats export says of a game, from its rules (``Game.title``, ``bgg_id``,
    ``highest_wins``); an unknown game (in an imported history) by its module name alone."""

    title: str
    bgg_id: int | None = None
    highest_wins: bool = True


def game_facts(game: str) -> GameFacts:
    """The registry imports only this game."""
    try:
        from .. import games

        rules = games.load(game)
        return GameFacts(rules.title.en or game, rules.bgg_id, rules.highest_wins)
    except Exception:  # an unknown game in an imported history: its module name says enough
        return GameFacts(game)


# The log's steps that record who starts (the table asks; the box never picks).
START_STEPS = ("start_player", "first_player")
BGSTATS_LINK = "https://app.bgstatsapp.com/createPlay.html?data="


def start_seat(entries: Iterable[Mapping]) -> int | None:
    """The seat the table recorded as the start player, or None when the game records none
    (undone answers do not count)."""
    kept: list[Mapping] = []
    for entry in entries:
        if not isinstance(entry, Mapping):
            continue
        if "undo" in entry:
            if kept:
                kept.pop()
        elif isinstance(entry.get("action"), Mapping):
            kept.append(entry["action"])
    for action in kept:
        value = action.get("value")
        if action.get("step") in START_STEPS and isinstance(value, int) and not isinstance(value, bool):
            return value
    return None


def as_summary(item: Mapping) -> Mapping:
    """A finished session as ``stats`` and the BG Stats exports read it: its history-index
    record (which holds the summary, ``Store.summaries``) as it is, or a whole session document
    (``meta`` and ``entries``) summarised here."""
    if "entries" not in item:
        return item
    from .sessions import summary

    meta = item.get("meta") or {}
    return {**meta, "game": item["game"], **summary(meta.get("started"), item.get("entries") or [])}


def bgstats_play(session: Mapping, facts: GameFacts) -> dict:
    """One finished session (an index record with its summary, or a session document) as the
    play BG Stats documents for other apps (the data of its ``createPlay`` link): game, date,
    whole minutes (as ``companion history``), players with score, rank (left out when the game
    ranked nobody), winner and the recorded start player."""
    record = as_summary(session)
    scores = record.get("scores") or {}
    totals = scores.get("totals") if isinstance(scores, Mapping) else None
    names = seat_names(record)
    seats = sorted(
        {int(key) for key in totals if str(key).isdigit()} if isinstance(totals, Mapping) else set(range(len(names)))
    )
    ranks = places_of(scores)
    winners = winners_of(record)
    first = record.get("start_seat")
    game_name = record["game"]
    started = _time(record.get("started"))
    game: dict[str, Any] = {"name": facts.title, "sourceGameId": game_name}
    if facts.bgg_id is not None:
        game["bggId"] = facts.bgg_id
    game.update({"highestWins": facts.highest_wins, "noPoints": False})
    players = []
    for seat in seats:
        player: dict[str, Any] = {
            "name": clean(seat_label(names, seat)),
            "sourcePlayerId": f"{game_name}-seat-{seat + 1}",
            "score": totals.get(str(seat)) if isinstance(totals, Mapping) else None,
        }
        if seat in ranks:
            player["rank"] = ranks[seat]
        player.update({"winner": seat in winners, "startPlayer": seat == first, "role": ""})
        players.append(player)
    return {
        "game": game,
        "playDate": started.strftime("%Y-%m-%d %H:%M:%S") if started else "",
        "durationMin": minutes(record.get("duration_s")),
        "location": "",
        "board": "",
        "comments": "",
        "players": players,
    }


def bgstats_plays(sessions: Iterable[Mapping]) -> Iterator[dict]:
    """One BG Stats play per finished session (index records or documents), one at a time."""
    facts: dict[str, GameFacts] = {}
    for session in sessions:
        game = session["game"]
        if game not in facts:
            facts[game] = game_facts(game)
        yield bgstats_play(session, facts[game])


def bgstats_link(play: Mapping) -> str:
    """The link that opens BG Stats' import dialog for one play."""
    data = json.dumps(play, ensure_ascii=False, separators=(",", ":"), allow_nan=False)
    return BGSTATS_LINK + quote(data, safe="")


def game_stats(sessions: Iterable[Mapping]) -> dict[str, dict]:
    """Per game: plays, wins per seat name (colour), draws (first place shared), games nobody
    won, average duration (s), average decision time per seat name (s, with how many decisions
    it averages). Reads index records with their summaries (``Store.summaries``: no archive
    is opened) or session documents."""
    games: dict[str, dict] = {}
    thinking: dict[str, dict[str, list[float]]] = defaultdict(lambda: defaultdict(lambda: [0, 0.0]))
    for session in sessions:
        record = as_summary(session)
        game = record["game"]
        entry = games.setdefault(game, {"plays": 0, "wins": {}, "draws": 0, "no_winner": 0, "durations": []})
        entry["plays"] += 1
        names = seat_names(record)
        winners = winners_of(record)
        if len(winners) == 1:
            name = seat_label(names, winners[0])
            entry["wins"][name] = entry["wins"].get(name, 0) + 1
        elif winners:  # a draw or a shared win: a win for nobody alone
            entry["draws"] += 1
        else:
            entry["no_winner"] += 1
        duration = record.get("duration_s")
        if isinstance(duration, int) and not isinstance(duration, bool):
            entry["durations"].append(duration)
        decisions = record.get("decisions")
        for seat, (count, total) in _decision_totals(decisions):
            kept = thinking[game][seat_label(names, seat)]
            kept[0] += count
            kept[1] += total
    result = {}
    for game, entry in sorted(games.items()):
        durations = entry.pop("durations")
        entry["average_duration_s"] = round(sum(durations) / len(durations)) if durations else None
        entry["decision_s"] = {
            name: {"average": round(total / count, 1), "decisions": count}
            for name, (count, total) in sorted(thinking[game].items())
            if count
        }
        result[game] = entry
    return result


def _decision_totals(decisions: Any) -> Iterator[tuple[int, tuple[int, float]]]:
    """(seat, (decisions, total seconds)) from a summary's ``decisions``; anything malformed
    (an index edited by hand) is left out."""
    if not isinstance(decisions, Mapping):
        return
    for seat, value in decisions.items():
        if not (str(seat).isdigit() and isinstance(value, list) and len(value) == 2):
            continue
        count, total = value
        if isinstance(count, int) and not isinstance(count, bool) and isinstance(total, (int, float)):
            yield int(seat), (count, float(total))


def stats_text(stats: Mapping[str, Mapping]) -> str:
    """The statistics for a terminal (every name cleaned of control characters)."""
    if not stats:
        return "no finished games yet\n"
    lines = []
    for game, entry in stats.items():
        average = entry["average_duration_s"]
        lines.append(
            f"{game}: {entry['plays']} plays"
            + (f", {round(average / 60)} min on average" if average is not None else "")
        )
        wins = ", ".join(f"{name} {count}" for name, count in sorted(entry["wins"].items(), key=lambda i: -i[1]))
        if entry["draws"]:
            wins += (", " if wins else "") + f"draws {entry['draws']}"
        if entry["no_winner"]:
            wins += (", " if wins else "") + f"no winner {entry['no_winner']}"
        lines.append(f"  wins: {wins or '-'}")
        if entry["decision_s"]:
            times = ", ".join(f"{name} {value['average']} s" for name, value in entry["decision_s"].items())
            lines.append(f"  average decision: {times}")
        else:
            lines.append("  average decision: - (no times recorded)")
    return "\n".join(clean(line) for line in lines) + "\n"
