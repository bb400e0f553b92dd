"""Box data of the Great Wall, read from ``data/box.toml`` into typed frozen records: the board
per player count, the raiders, the attack numbers of the gathering hexes, the wall costs and the
development deck.

Corrections come as the setup option ``box`` (what the table taught the companion before, in
the file's shape: ``{"gathering": {"2": {"left": 9}}, "wall": {"4": {"cost": {...}}}}``); they
are merged into the file's data and the whole is read again, so a wrong correction is refused
like a wrong file: one line naming the entry. Nothing unknown is filled in here: "unknown" stays
unknown (``None`` in the records) until the table tells it. Run
``python3 -m companion.games.great_wall.box [file]`` to check a file.
"""

from __future__ import annotations

import copy
import json
import sys
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from ..boxfile import BoxDataError, Table, read_toml
from .texts import refuse

BOX_FILE = Path(__file__).with_name("data") / "box.toml"
SOURCE = BOX_FILE.name  # errors name the file; a session's corrections are read in its shape
UNKNOWN = "unknown"
RESOURCES = ("lumber", "brick", "wool", "grain", "ore")
SIDES = ("left", "right")
LEVELS = ("1", "2", "3", "4", "5")
NUMERALS = ("1", "2", "3", "4", "5")
SEAT_COUNTS = (4, 5, 6)
SUMS = tuple(n for n in range(2, 13) if n != 7)  # 7 moves the pirate, never a raider
DECK_KINDS = ("knights", "vp", "road_building", "year_of_plenty", "monopoly")
DECK_PARTS = ("base", "removed", "players")


@dataclass(frozen=True)
class PlayerCount:
    numerals: int  # gathering hexes (raider numerals) in play
    sections: int  # wall sections = border fortresses = attack hexes
    breach_limit: int  # China falls at this many breaches
    verified: bool


@dataclass(frozen=True)
class Gathering:
    """The two attack numbers printed on one gathering hex; None: not known yet."""

    left: int | None
    right: int | None
    verified: bool


@dataclass(frozen=True)
class WallLevel:
    cost: dict[str, int] | None  # the cost on the tile's back; None: not known yet
    verified: bool


@dataclass(frozen=True)
class Deck:
    base: dict[str, int]  # the base game's development cards, per kind
    removed: dict[str, int]  # what the rulebook takes out
    counted: tuple[int, ...]  # the player counts whose deck is known (and counted)
    verified: dict[str, bool]  # per part: base, removed, players


@dataclass(frozen=True)
class Box:
    players: dict[int, PlayerCount]
    per_numeral: int  # raider chips per numeral
    per_numeral_verified: bool
    cap: int  # raiders at most on one attack hex
    cap_verified: bool
    gathering: dict[int, Gathering]  # by the hex's numeral, 1-5
    wall: dict[str, WallLevel]  # by level, "1"-"5"
    deck: Deck
    unverified: tuple[str, ...]  # entries marked verified = false, for the checker and docs


def load(path: Path | str | None = None) -> dict:
    """The box file as written (the shipped one by default); BoxDataError if it cannot be read."""
    return read_toml(path or BOX_FILE)


@lru_cache(maxsize=1)
def shipped() -> dict:
    return load()


def merge(base: dict, override: dict) -> dict:
    """Tables merge key by key; a cost is replaced whole (corrections stay in the file's shape)."""
    out = copy.deepcopy(base)
    for key, value in (override or {}).items():
        if key != "cost" and isinstance(value, dict) and isinstance(out.get(key), dict):
            out[key] = merge(out[key], value)
        else:
            out[key] = copy.deepcopy(value)
    return out


# -- reading ------------------------------------------------------------------------------------
def _count(table: Table, key: str, low: int, high: int | None = None) -> int:
    value = table.get(key, int)
    if value < low or (high is not None and value > high):
        span = f"from {low} to {high}" if high is not None else f"from {low}"
        table.fail(f"'{key}' must be a whole number {span}, not {value}")
    return value


def _entry(root: Table, group: str, key: str) -> Table:
    """The table ``[group.key]``; a missing one is named so."""
    tables = root.get(group, dict)
    if key not in tables:
        root.fail(f"has no [{group}.{key}]")
    return Table(root.source, f"[{group}.{key}]", tables[key])


def _players(root: Table) -> dict[int, PlayerCount]:
    out = {}
    for seats in SEAT_COUNTS:
        entry = _entry(root, "players", str(seats))
        numerals = _count(entry, "numerals", 1, 5)
        sections = _count(entry, "sections", 1, 6)
        if sections != numerals + 1:
            entry.fail("'sections' must be 'numerals' + 1 (a gathering hex between two sections)")
        out[seats] = PlayerCount(numerals, sections, _count(entry, "breach_limit", 1, 99), entry.get("verified", bool))
    return out


def _gathering(root: Table) -> dict[int, Gathering]:
    out: dict[int, Gathering] = {}
    seen: dict[int, str] = {}
    for numeral in NUMERALS:
        entry = _entry(root, "gathering", numeral)
        numbers: list[int | None] = []
        for side in SIDES:
            number = entry.get(side, (int, str))
            if number == UNKNOWN:
                numbers.append(None)
                continue
            if number not in SUMS:
                entry.fail(f"'{side}' must be a dice sum 2-12 other than 7, or \"unknown\", not {number!r}")
            if number in seen:
                entry.fail(f"'{side}' {number} is already {seen[number]}")
            seen[number] = f"{entry.where} '{side}'"
            numbers.append(number)
        out[int(numeral)] = Gathering(numbers[0], numbers[1], entry.get("verified", bool))
    return out


def _cost(entry: Table) -> dict[str, int] | None:
    cost = entry.get("cost", (dict, str))
    if cost == UNKNOWN:
        return None
    if (
        not isinstance(cost, dict)
        or not cost
        or any(r not in RESOURCES or isinstance(n, bool) or not isinstance(n, int) or n < 1 for r, n in cost.items())
    ):
        entry.fail(f"'cost' must be a table of resource counts ({', '.join(RESOURCES)}) or \"unknown\"")
    return dict(cost)


def _deck(root: Table) -> Deck:
    parts = {part: _entry(root, "deck", part) for part in DECK_PARTS}
    base, removed = ({kind: _count(parts[p], kind, 0) for kind in DECK_KINDS} for p in ("base", "removed"))
    if any(removed[kind] > base[kind] for kind in DECK_KINDS):
        parts["removed"].fail("removes more cards than the base deck holds")
    counted = parts["players"].get("counted", list)
    if any(isinstance(n, bool) or n not in SEAT_COUNTS for n in counted):
        parts["players"].fail("'counted' must be a list of player counts (4, 5, 6)")
    return Deck(base, removed, tuple(counted), {p: parts[p].get("verified", bool) for p in DECK_PARTS})


def parse(raw: dict, source: str = SOURCE) -> Box:
    """Check the whole data and build the Box; BoxDataError names the first wrong entry."""
    root = Table(source, "file", raw)
    players = _players(root)
    raiders = root.sub("raiders", "[raiders]")
    per_numeral = _count(raiders, "per_numeral", 1)
    most = raiders.sub("max_on_attack_hex", "[raiders.max_on_attack_hex]")
    cap = _count(most, "value", 1)
    gathering = _gathering(root)
    wall = {}
    for level in LEVELS:
        entry = _entry(root, "wall", level)
        wall[level] = WallLevel(_cost(entry), entry.get("verified", bool))
    deck = _deck(root)
    unverified = [f"players.{n}" for n, p in players.items() if not p.verified]
    unverified += [] if raiders.get("verified", bool) else ["raiders.per_numeral"]
    unverified += [] if most.get("verified", bool) else ["raiders.max_on_attack_hex"]
    unverified += [f"deck.{part}" for part, ok in deck.verified.items() if not ok]
    unverified += [f"gathering.{k}" for k, g in gathering.items() if not g.verified]
    unverified += [f"wall.{k}" for k, w in wall.items() if not w.verified]
    return Box(
        players=players,
        per_numeral=per_numeral,
        per_numeral_verified=raiders.get("verified", bool),
        cap=cap,
        cap_verified=most.get("verified", bool),
        gathering=gathering,
        wall=wall,
        deck=deck,
        unverified=tuple(unverified),
    )


@lru_cache(maxsize=8)
def _parsed(override_json: str) -> Box:
    return parse(merge(shipped(), json.loads(override_json)))


def with_override(override: dict | None) -> Box:
    """The shipped box with one session's corrections (the ``box`` option); BoxDataError names
    the first wrong entry."""
    return _parsed(json.dumps(override or {}, sort_keys=True))


def check(override: dict | None) -> Box:
    """The box with the corrections, or the menu's refusal naming the first wrong entry."""
    try:
        return with_override(override)
    except BoxDataError as error:
        raise refuse(
            "box_data",
            "Data krabice nejsou v pořádku – {e}.",
            "The box data is wrong – {e}.",
            e=str(error),
        ) from None


# -- what a game copies into its state ----------------------------------------------------------
def board_for(box: Box, seats: int) -> dict:
    """What one game needs, copied into the state so a replay never depends on later edits."""
    counts = box.players[seats]
    return {
        "numerals": counts.numerals,
        "sections": counts.sections,
        "breach_limit": counts.breach_limit,
        "per_numeral": box.per_numeral,
        "cap": box.cap,
        # [left, right] attack number per gathering hex; None: not known yet
        "numbers": [[box.gathering[k].left, box.gathering[k].right] for k in range(1, counts.numerals + 1)],
        "costs": {level: None if w.cost is None else dict(w.cost) for level, w in box.wall.items()},
    }


def deck_for(box: Box, seats: int) -> dict | None:
    """The deck one game counts: what is left of the base deck after the rulebook's removals
    (cards, VP cards, knights), or None when the player count's deck is not known."""
    if seats not in box.deck.counted:
        return None
    left = {kind: box.deck.base[kind] - box.deck.removed[kind] for kind in DECK_KINDS}
    return {"cards": sum(left.values()), "vp": left["vp"], "knights": left["knights"]}


def main(argv: list[str]) -> int:
    path = Path(argv[0]) if argv else BOX_FILE
    try:
        checked = parse(load(path), path.name)
    except BoxDataError as error:
        print(error)
        return 1
    print("box data ok; unverified:", ", ".join(checked.unverified) or "none")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
