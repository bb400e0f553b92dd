"""The league: openskill ratings per person and game (the library's default model, Plackett-Luce;
equal places are ties), season tables and head-to-head, from the history's records.

Plays are rated in one order every box agrees on (finish time, then uid), so boxes holding the
same plays show the same ratings. A play counts when at least two of its seats were given a
player's name and it has a ranking. ``openskill`` is imported when a league is first computed.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from ..engine.i18n import Msg
from ..store.export import places_of
from ..store.records import sort_time, when_finished
from .people import players

SCALE = 60  # a rating is shown as mu x 60: 1,500 at the start (mu 25)


@dataclass(frozen=True)
class Play:
    uid: str
    game: str
    finished: str
    places: dict[str, int]  # person -> place (1 = first; equal places are ties)


@dataclass
class Standing:
    person: str
    plays: int = 0
    wins: int = 0
    places: int = 0  # the sum of places, for the mean

    @property
    def mean_place(self) -> float:
        return self.places / self.plays if self.plays else 0.0


@dataclass
class League:
    plays: list[Play]
    ratings: dict[str, dict[str, Any]] = field(default_factory=dict)  # game -> person -> rating
    changes: dict[str, dict[str, tuple[Any, Any]]] = field(default_factory=dict)  # uid -> person -> (before, after)


def plays_of(records: Iterable[Mapping], table: Mapping[str, str]) -> list[Play]:
    found = []
    for record in records:
        seats = players(record, table)
        places = places_of(record.get("scores"))
        ranked = {person: places[seat] for seat, person in seats.items() if seat in places}
        if len(ranked) < 2 or len(set(ranked)) != len(ranked):
            continue  # fewer than two people, or one person in two seats: not a match between people
        found.append(Play(str(record.get("uid")), str(record.get("game")), str(when_finished(record)), ranked))
    found.sort(key=lambda play: (sort_time(play.finished), play.uid))
    return found


def model():
    from openskill.models import PlackettLuce

    return PlackettLuce()


def rated(rater, teams: list[list[Any]], ranks: list[int]) -> list[list[Any]]:
    """One match through the library's ``rate`` (teams of ratings, ranks: lower is better)."""
    return rater.rate(teams, ranks=ranks)


def league(records: Iterable[Mapping], table: Mapping[str, str], rater=None) -> League:
    rater = rater or model()
    result = League(plays_of(records, table))
    for play in result.plays:
        game = result.ratings.setdefault(play.game, {})
        people = list(play.places)
        before = [game.get(person) or rater.rating(name=person) for person in people]
        after = rated(rater, [[rating] for rating in before], [play.places[p] for p in people])
        result.changes[play.uid] = {}
        for person, old, (new,) in zip(people, before, after):
            game[person] = new
            result.changes[play.uid][person] = (old, new)
    return result


def season_of(finished: str, season: str) -> str:
    """The season a play finished in: ``2026``, ``2026-H2``, ``2026-Q3`` or ``2026-07``."""
    year, month = finished[:4], int(finished[5:7]) if finished[5:7].isdigit() else 1
    if season == "half":
        return f"{year}-H{1 + (month - 1) // 6}"
    if season == "quarter":
        return f"{year}-Q{1 + (month - 1) // 3}"
    if season == "month":
        return f"{year}-{month:02d}"
    return year


def season_table(plays: Iterable[Play], game: str, label: str, season: str = "year") -> list[Standing]:
    """Who played ``game`` in the season ``label``: plays, wins (place 1, shared too) and the mean
    place; ranked by wins, then the mean place, then the name."""
    table: dict[str, Standing] = {}
    for play in plays:
        if play.game != game or season_of(play.finished, season) != label:
            continue
        for person, place in play.places.items():
            row = table.setdefault(person, Standing(person))
            row.plays += 1
            row.wins += place == 1
            row.places += place
    return sorted(table.values(), key=lambda r: (-r.wins, r.mean_place, r.person.casefold(), r.person))


def head_to_head(plays: Iterable[Play], game: str | None = None) -> dict[tuple[str, str], list[int]]:
    """(A, B) with A before B by name -> [plays together, A ahead, B ahead, level]."""
    pairs: dict[tuple[str, str], list[int]] = {}
    for play in plays:
        if game is not None and play.game != game:
            continue
        people = sorted(play.places, key=lambda n: (n.casefold(), n))
        for i, a in enumerate(people):
            for b in people[i + 1 :]:
                row = pairs.setdefault((a, b), [0, 0, 0, 0])
                row[0] += 1
                pa, pb = play.places[a], play.places[b]
                row[1 if pa < pb else 2 if pb < pa else 3] += 1
    return pairs


def shown(rating: Any) -> int:
    """A rating as people read it: mu x 60, 1,500 at the start."""
    return round(rating.mu * SCALE)


def number(value: int, language: str) -> str:
    """1,512 in English, 1 512 in Czech (a no-break space between the thousands)."""
    text = f"{value:,}"
    return text.replace(",", "\u00a0") if language == "cs" else text


def board_lines(result: League, uid: str) -> list[Msg]:
    """The lines for the board page after a game: ``Anna: 1,512 → 1,530``, best after first;
    none for a play the league does not rate (fewer than two named players)."""
    changes = result.changes.get(uid, {})
    lines = []
    for person, (old, new) in sorted(changes.items(), key=lambda item: (-item[1][1].mu, item[0])):
        a, b = shown(old), shown(new)
        lines.append(
            Msg(f"{person}: {number(a, 'cs')} → {number(b, 'cs')}", f"{person}: {number(a, 'en')} → {number(b, 'en')}")
        )
    return lines
