"""Box facts of Troy, read from ``data/box.toml``: per player count numbers, the support row,
the saga values, ships, trade-point bank and the readings of the rulebook's open questions.

They are data, not code: a table whose box or reading differs corrects the file, or overrides a
value for one session under the ``box`` setup option (same shape as the file). A broken file or
override is refused with one line naming the entry. ``python3 -m companion.games.troy.box``
checks the shipped file.
"""

from __future__ import annotations

import copy
import json
import sys
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from ..boxfile import BoxDataError, Table, fail, read_toml

BOX_FILE = Path(__file__).parent / "data" / "box.toml"

RESOURCES = ("lumber", "brick", "wool", "grain", "ore")  # pad codes 1-5 in this order
CITIES = ("troy", "mycenae")
SEAT_COUNTS = (4, 5, 6)
RULES = (
    "blocked_ship_loses_vp",
    "battle_before_special_building",
    "row_actions_in_special_building",
    "win_counts_saga",
    "seven_moves_sea_people",
)


@dataclass(frozen=True)
class PlayerCount:
    row_trigger: int
    revealed: int
    cards: dict[str, int]  # allegiance cards in the dealt deck, per city
    verified: bool


@dataclass(frozen=True)
class Box:
    players: dict[int, PlayerCount]
    row_start: tuple[str, ...]
    sides: dict[str, tuple[str, ...]]  # city -> resources that count for it in a battle
    donation_max: int
    saga: tuple[int, ...]
    target: int
    ship_count: int
    ship_cost: dict[str, int]  # wool, lumber, trade_points
    vp_ships: tuple[int, ...]
    chits_per_resource: int
    trade_point_bank: int  # 0: unlimited
    rules: dict[str, bool]
    unverified: tuple[str, ...]  # entries marked verified = false, for the docs and menu


SOURCE = "box data"  # the file and a session's corrections are checked alike: errors name the entry


def _count(table: Table, key: str, low: int, high: int = 99) -> int:
    value = table.get(key, int)
    if not low <= value <= high:
        table.fail(f"'{key}' must be from {low} to {high}, not {value}")
    return value


def _resources(table: Table, key: str) -> tuple[str, ...]:
    values = table.get(key, list)
    if any(v not in RESOURCES for v in values):
        table.fail(f"'{key}' may name only {', '.join(RESOURCES)}")
    return tuple(values)


def merged(base: dict, override: Any, where: str = "box") -> dict:
    """``base`` with the values of ``override`` put in (tables merged key by key); an unknown key
    or a table where a value is expected is refused."""
    if not isinstance(override, dict):
        fail(SOURCE, where, "must be a table")
    out = copy.deepcopy(base)
    for key, value in override.items():
        if key not in base:
            fail(SOURCE, where, f"has no entry '{key}'")
        out[key] = merged(base[key], value, f"{where}.{key}") if isinstance(base[key], dict) else value
    return out


def parse(raw: dict) -> Box:
    """Check the whole data and build the Box."""
    root = Table(SOURCE, "file", raw)
    players = {}
    for seats in SEAT_COUNTS:
        entry = Table(SOURCE, f"[players.{seats}]", root.get("players", dict).get(str(seats)))
        trigger = _count(entry, "row_trigger", 1)
        revealed = _count(entry, "revealed", 1, trigger)
        cards = {city: _count(entry, f"{city}_cards", 0, seats) for city in CITIES}
        if sum(cards.values()) < seats:
            entry.fail(f"has fewer allegiance cards than {seats} players")
        players[seats] = PlayerCount(trigger, revealed, cards, entry.get("verified", bool))
    row = root.sub("row", "[row]")
    sides = {city: _resources(row, city) for city in CITIES}
    if set(sides["troy"]) & set(sides["mycenae"]):
        row.fail("gives a resource to both cities")
    saga = tuple(root.get("saga", dict).get("values", []))
    if len(saga) < 2 or any(isinstance(v, bool) or not isinstance(v, int) for v in saga) or list(saga) != sorted(saga):
        fail(SOURCE, "[saga]", "'values' must be rising whole numbers, at least 2 (the start and the end)")
    ships = root.sub("ships", "[ships]")
    count = _count(ships, "count", 1, 9)
    vp_ships = tuple(ships.get("vp_ships", list))
    if any(not isinstance(n, int) or not 1 <= n <= count for n in vp_ships):
        ships.fail(f"'vp_ships' must list ship numbers 1 to {count}")
    rules_table = root.get("rules", dict)
    rules = {name: Table(SOURCE, f"[rules.{name}]", rules_table.get(name)).get("value", bool) for name in RULES}
    return Box(
        players=players,
        row_start=_resources(row, "start"),
        sides=sides,
        donation_max=_count(row, "donation_max", 1, 3),
        saga=saga,
        target=_count(root.sub("victory", "[victory]"), "target", 1),
        ship_count=count,
        ship_cost={k: _count(ships, k, 0, 9) for k in ("wool", "lumber", "trade_points")},
        vp_ships=vp_ships,
        chits_per_resource=_count(root.sub("chits", "[chits]"), "per_resource", 0, 9),
        trade_point_bank=_count(root.sub("trade_point_bank", "[trade_point_bank]"), "value", 0),
        rules=rules,
        unverified=tuple(_unverified(raw)),
    )


def _unverified(raw: dict, prefix: str = "") -> list[str]:
    """Names of the entries marked verified = false, e.g. "saga" or "rules.win_counts_saga"."""
    names = []
    for key, value in raw.items():
        if isinstance(value, dict):
            if value.get("verified") is False:
                names.append(prefix + key)
            names += _unverified(value, f"{prefix}{key}.")
    return names


RAW = read_toml(BOX_FILE)
BOX = parse(RAW)


@lru_cache(maxsize=8)
def _parsed(override_json: str) -> Box:
    return parse(merged(RAW, json.loads(override_json)))


def with_override(override: dict) -> Box:
    """The shipped box with one session's corrections; BoxDataError names a bad one."""
    return _parsed(json.dumps(override, sort_keys=True)) if override else BOX


if __name__ == "__main__":  # python3 -m companion.games.troy.box [file]
    try:
        checked = parse(read_toml(Path(sys.argv[1]) if len(sys.argv) > 1 else BOX_FILE))
    except BoxDataError as error:
        print(error)
        sys.exit(1)
    print("box data ok; unverified: " + ", ".join(checked.unverified))
