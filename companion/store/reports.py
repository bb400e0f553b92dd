"""What the entries' times give: BG Stats plays and per-game statistics.

Both read the finished sessions' documents (``Store.history_documents``). A decision's time is
the time from the entry before it (or the session's start) until the seat acted: ``at`` for a
seat's own action, each seat's ``locked`` time for a secret choice. Entries from before format 2
have no times and count for plays and wins only.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import Any, NamedTuple
from urllib.parse import quote

from .export import clean, minutes, places_of, player_names, seat_label, seat_names, winners_of
from .records import aware_time, decision_times, is_title, start_seat, summary  # noqa: F401 (read from here too)
from .rules import NO_GAMES, GameFacts

# The log's steps that record who starts (the table asks; the box never picks).
BGSTATS_LINK = "https://app.bgstatsapp.com/createPlay.html?data="


def as_summary(item: Mapping) -> Mapping:
    """A finished session as ``stats`` and the BG Stats exports read it: its history-index
    record (which holds the summary, ``Store.summaries``) as it is, or a whole session document
    (``meta`` and ``entries``) summarised here."""
    if "entries" not in item:
        return item
    meta = item.get("meta") or {}
    return {**meta, "game": item["game"], **summary(meta.get("started"), item.get("entries") or [])}


def bgstats_play(session: Mapping, facts: GameFacts) -> dict:
    """One finished session (an index record with its summary, or a session document) as the
    play BG Stats documents for other apps (the data of its ``createPlay`` link): game, date,
    whole minutes (as ``companion history``), players with score, rank (left out when the game
    ranked nobody), winner and the recorded start player. A seat whose player was named is that
    person (``sourcePlayerId`` ``player-<name>``, the seat's colour as the role); the others are
    their seat (``<game>-seat-<n>``). The game's name is the title stored with the session,
    else ``facts.title``."""
    record = as_summary(session)
    scores = record.get("scores") or {}
    totals = scores.get("totals") if isinstance(scores, Mapping) else None
    names = player_names(record)
    labels = seat_names(record)
    seats = sorted(
        {int(key) for key in totals if str(key).isdigit()} if isinstance(totals, Mapping) else set(range(len(names)))
    )
    ranks = places_of(scores)
    winners = winners_of(record)
    first = record.get("start_seat")
    game_name = record["game"]
    started = aware_time(record.get("started"))
    title = record.get("title")
    name = title["en"] if title is not None and is_title(title) else facts.title
    game: dict[str, Any] = {"name": name, "sourceGameId": game_name}
    if facts.bgg_id is not None:
        game["bggId"] = facts.bgg_id
    game.update({"highestWins": facts.highest_wins, "noPoints": False})
    players = []
    for seat in seats:
        person = names[seat] != labels[seat] if seat < min(len(names), len(labels)) else False
        player: dict[str, Any] = {
            "name": clean(seat_label(names, seat)),
            "sourcePlayerId": f"player-{clean(names[seat])}" if person else f"{game_name}-seat-{seat + 1}",
            "score": totals.get(str(seat)) if isinstance(totals, Mapping) else None,
        }
        if seat in ranks:
            player["rank"] = ranks[seat]
        role = clean(labels[seat]) if person else ""
        player.update({"winner": seat in winners, "startPlayer": seat == first, "role": role})
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


def bgstats_plays(
    sessions: Iterable[Mapping], game_facts: Callable[[str], GameFacts] = NO_GAMES.facts
) -> Iterator[dict]:
    """One BG Stats play per finished session (index records or documents), one at a time;
    ``game_facts`` says what BG Stats needs of a game (``GameRules.facts``)."""
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


class StatsFacts(NamedTuple):
    """What ``game_stats`` counts of one finished session, and nothing else: held per session
    while a long history is ordered (``Store.summaries_made``), not its record."""

    game: str
    won: str | bool | None  # the one winner's name; True: a draw or a shared win; None: nobody
    duration: int | None
    decisions: tuple[tuple[str, int, float], ...]  # (seat name, decisions, total seconds)


def stats_facts(session: Mapping, names_seen: dict[str, str] | None = None) -> StatsFacts:
    """A finished session's ``StatsFacts`` (an index record with its summary, or a document);
    ``names_seen`` keeps one copy of each name for a long history."""
    record = as_summary(session)
    names = player_names(record)
    if names_seen is not None:
        names = [names_seen.setdefault(name, name) for name in names]
    winners = winners_of(record)
    won: str | bool | None = seat_label(names, winners[0]) if len(winners) == 1 else True if winners else None
    duration = record.get("duration_s")
    timed = isinstance(duration, int) and not isinstance(duration, bool)
    decisions = tuple(
        (seat_label(names, seat), count, total) for seat, (count, total) in _decision_totals(record.get("decisions"))
    )
    return StatsFacts(record["game"], won, duration if timed else None, decisions)


def game_stats(sessions: Iterable[Mapping | StatsFacts]) -> dict[str, dict]:
    """Per game: plays, wins per seat name (colour), draws (first place shared), games nobody
    won, average duration (s), average decision time per seat name (s, with how many decisions
    it averages). Reads index records with their summaries (``Store.summaries``: no archive
    is opened), session documents, or their ``StatsFacts`` (``Store.summaries_made``)."""
    tally = StatsTally()
    for place, session in enumerate(sessions):  # newest first: the first has the latest wins
        tally.add(session if isinstance(session, StatsFacts) else stats_facts(session), when=-place)
    return tally.result()


class StatsTally:
    """``game_stats`` counted as the sessions come, in any order, holding per game and seat
    name only its counts and sums: ``companion stats`` hands it each index record as it is
    read (``Store.count_summaries``), so its memory does not grow with the history. Every sum
    is of whole numbers (seconds, decision times in milliseconds), so a session counted and
    taken back again (``sign`` -1: a record the index holds twice, the later counts) leaves
    the tally exactly as it was, and the order the sessions come in changes nothing."""

    def __init__(self) -> None:
        self.games: dict[str, dict] = {}
        self.thinking: dict[str, dict[str, list[int]]] = {}
        self.latest: dict[tuple[str, Any], Any] = {}  # (game, name): when its latest win was

    def add(self, facts: StatsFacts, sign: int = 1, when: Any = 0, box: str | None = None) -> None:
        """Count one session (``sign`` -1: take it back). ``when`` orders the sessions (the
        larger, the newer): the wins of one game are listed by the latest win first, and
        ``stats_text`` then by their count, so equal counts read the latest winner first.
        ``box``: the club's box it was played on (a box in a club counts each game's plays by
        box; None: no club)."""
        entry = self.games.get(facts.game)
        if entry is None:
            entry = self.games[facts.game] = {"plays": 0, "wins": {}, "draws": 0, "no_winner": 0, "durations": [0, 0]}
        entry["plays"] += sign
        if box is not None:
            boxes = entry.setdefault("boxes", {})
            boxes[box] = boxes.get(box, 0) + sign
            if not boxes[box]:
                del boxes[box]
        if facts.won is True:  # a draw or a shared win: a win for nobody alone
            entry["draws"] += sign
        elif facts.won is None:
            entry["no_winner"] += sign
        else:
            entry["wins"][facts.won] = entry["wins"].get(facts.won, 0) + sign
            if not entry["wins"][facts.won]:
                del entry["wins"][facts.won]
            elif sign > 0:
                key = (facts.game, facts.won)
                if key not in self.latest or when > self.latest[key]:
                    self.latest[key] = when
        if facts.duration is not None:
            entry["durations"][0] += sign * facts.duration
            entry["durations"][1] += sign
        thinking = self.thinking.setdefault(facts.game, {})
        for name, count, total in facts.decisions:
            kept = thinking.setdefault(name, [0, 0])
            kept[0] += sign * count
            kept[1] += sign * round(total * 1000)
        if not entry["plays"]:
            del self.games[facts.game]
            self.thinking.pop(facts.game, None)

    def clear(self) -> None:
        self.games.clear()
        self.thinking.clear()
        self.latest.clear()

    def result(self) -> dict[str, dict]:
        result = {}
        for game, counted in sorted(self.games.items()):
            entry = dict(counted)
            latest = self.latest
            entry["wins"] = dict(sorted(counted["wins"].items(), key=lambda item: latest[game, item[0]], reverse=True))
            if "boxes" in counted:  # most plays first, then by name
                entry["boxes"] = dict(sorted(counted["boxes"].items(), key=lambda item: (-item[1], item[0])))
            total_s, timed = entry.pop("durations")
            entry["average_duration_s"] = round(total_s / timed) if timed else None
            entry["decision_s"] = {
                name: {"average": round(total_ms / count / 1000, 1), "decisions": count}
                for name, (count, total_ms) in sorted(self.thinking.get(game, {}).items())
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
        if entry.get("boxes"):
            lines.append("  plays by box: " + ", ".join(f"{box} {count}" for box, count in entry["boxes"].items()))
        if entry["decision_s"]:
            times = ", ".join(f"{name} {value['average']} s" for name, value in entry["decision_s"].items())
            lines.append(f"  average decision: {times}")
        else:
            lines.append("  average decision: - (no times recorded)")
    return "\n".join(clean(line) for line in lines) + "\n"
