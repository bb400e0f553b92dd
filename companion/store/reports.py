"""What the entries' times give: BG Stats plays and per-game statistics.

Both read the finished sessions' documents (``Store.history_documents``). A decision's time is
the time from the entry before it (or the session's start) until the seat acted: ``at`` for a
seat's own action, each seat's ``locked`` time for a secret choice. Entries from before format 2
have no times and count for plays and wins only.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping
from datetime import datetime
from typing import Any

from .export import places_of, seat_label, seat_names, winners_of

SOURCE_NAME = "companion"


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


def _game_title(game: str) -> str:
    """The game's English title from its rules (the registry imports only this game)."""
    try:
        from .. import games

        return games.load(game).title.en or game
    except Exception:  # an unknown game in an imported history: its module name says enough
        return game


def bgstats_plays(documents: Iterable[Mapping]) -> list[dict]:
    """One BG Stats play per finished session, in BG Stats' documented play format (the one
    its import link takes): game, play date, duration, players with score, rank, winner and
    start player. The start player is seat 1, where the companion's games begin."""
    titles: dict[str, str] = {}
    plays = []
    for document in documents:
        meta = document.get("meta") or {}
        scores = meta.get("scores") or {}
        totals = scores.get("totals") if isinstance(scores, Mapping) else None
        names = seat_names(meta)
        seats = sorted(
            {int(key) for key in totals if str(key).isdigit()}
            if isinstance(totals, Mapping)
            else set(range(len(names)))
        )
        ranks = places_of(scores)
        winners = winners_of(meta)
        game = document["game"]
        if game not in titles:
            titles[game] = _game_title(game)
        started = _time(meta.get("started"))
        recorded = meta.get("duration_s")
        duration = recorded if isinstance(recorded, int) else 0
        plays.append(
            {
                "sourceName": SOURCE_NAME,
                "sourcePlayId": meta.get("uid") or str(meta.get("id")),
                "game": {"name": titles[game], "sourceGameId": game, "highestWins": True, "noPoints": False},
                "playDate": started.strftime("%Y-%m-%d %H:%M:%S") if started else "",
                "durationMin": round(duration / 60),
                "location": "",
                "board": "",
                "comments": "",
                "players": [
                    {
                        "name": seat_label(names, seat),
                        "sourcePlayerId": f"{game}-seat-{seat + 1}",
                        "score": totals.get(str(seat)) if isinstance(totals, Mapping) else None,
                        "rank": ranks.get(seat, 0),
                        "winner": seat in winners,
                        "startPlayer": seat == 0,
                        "role": "",
                    }
                    for seat in seats
                ],
            }
        )
    return plays


def game_stats(documents: Iterable[Mapping]) -> dict[str, dict]:
    """Per game: plays, wins per seat name (colour), draws (first place shared), games nobody
    won, average duration (s), average decision time per seat name (s, with how many decisions
    it averages)."""
    games: dict[str, dict] = {}
    thinking: dict[str, dict[str, list[float]]] = defaultdict(lambda: defaultdict(list))
    for document in documents:
        meta = document.get("meta") or {}
        game = document["game"]
        entry = games.setdefault(game, {"plays": 0, "wins": {}, "draws": 0, "no_winner": 0, "durations": []})
        entry["plays"] += 1
        names = seat_names(meta)
        winners = winners_of(meta)
        if len(winners) == 1:
            name = seat_label(names, winners[0])
            entry["wins"][name] = entry["wins"].get(name, 0) + 1
        elif winners:  # a draw or a shared win: a win for nobody alone
            entry["draws"] += 1
        else:
            entry["no_winner"] += 1
        if isinstance(meta.get("duration_s"), int):
            entry["durations"].append(meta["duration_s"])
        for seat, seconds in decision_times(document):
            thinking[game][seat_label(names, seat)].append(seconds)
    result = {}
    for game, entry in sorted(games.items()):
        durations = entry.pop("durations")
        entry["average_duration_s"] = round(sum(durations) / len(durations)) if durations else None
        entry["decision_s"] = {
            name: {"average": round(sum(times) / len(times), 1), "decisions": len(times)}
            for name, times in sorted(thinking[game].items())
        }
        result[game] = entry
    return result


def stats_text(stats: Mapping[str, Mapping]) -> str:
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
    return "\n".join(lines) + "\n"
