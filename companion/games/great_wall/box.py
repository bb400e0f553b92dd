"""Box data of the Great Wall: reading data/box.toml, merging corrections, checking them.

Corrections come as the setup option ``box`` (what the table taught the companion before, in
the file's shape: ``{"gathering": {"2": {"left": 9}}, "wall": {"4": {"cost": {...}}}}``).
Nothing unknown is filled in here: "unknown" stays unknown until the table tells it. Run
``python3 -m companion.games.great_wall.box`` to check the file.
"""

from __future__ import annotations

import copy
import sys
from functools import lru_cache
from pathlib import Path

from ..boxfile import BoxDataError, read_toml
from .texts import refuse

BOX_FILE = Path(__file__).with_name("data") / "box.toml"
UNKNOWN = "unknown"
RESOURCES = ("lumber", "brick", "wool", "grain", "ore")
SIDES = ("left", "right")
LEVELS = ("1", "2", "3", "4", "5")
NUMERALS = ("1", "2", "3", "4", "5")
SUMS = tuple(n for n in range(2, 13) if n != 7)  # 7 moves the pirate, never a raider


def load(path: Path | str | None = None) -> dict:
    """The box file as written (the shipped one by default); BoxDataError if it cannot be read."""
    return read_toml(path or BOX_FILE)


@lru_cache(maxsize=1)
def shipped() -> dict:
    return load()


def merge(base: dict, override: dict) -> dict:
    """Tables merge key by key; a cost is replaced whole."""
    out = copy.deepcopy(base)
    for key, value in (override or {}).items():
        if key != "cost" and isinstance(value, dict) and isinstance(out.get(key), dict):
            out[key] = merge(out[key], value)
        else:
            out[key] = copy.deepcopy(value)
    return out


def is_count(value, least: int = 0) -> bool:
    return type(value) is int and value >= least


def problems(data: dict) -> list[str]:
    """Every inconsistency, one line naming the entry (in English: it is for the file's editor)."""
    out = []
    for seats in ("4", "5", "6"):
        entry = data.get("players", {}).get(seats)
        if not isinstance(entry, dict):
            out.append(f"players.{seats}: missing")
            continue
        for key, most in (("numerals", 5), ("sections", 6), ("breach_limit", 99)):
            if not is_count(entry.get(key), 1) or entry[key] > most:
                out.append(f"players.{seats}.{key}: a whole number from 1 to {most}")
        if (
            is_count(entry.get("numerals"), 1)
            and is_count(entry.get("sections"), 1)
            and entry["sections"] != entry["numerals"] + 1
        ):
            out.append(f"players.{seats}: sections must be numerals + 1 (a gathering hex between two sections)")
    raiders = data.get("raiders", {})
    if not is_count(raiders.get("per_numeral"), 1):
        out.append("raiders.per_numeral: a whole number above 0")
    if not is_count(raiders.get("max_on_attack_hex", {}).get("value"), 1):
        out.append("raiders.max_on_attack_hex.value: a whole number above 0")
    seen: dict[int, str] = {}
    for numeral in NUMERALS:
        hexes = data.get("gathering", {}).get(numeral)
        if not isinstance(hexes, dict):
            out.append(f"gathering.{numeral}: missing")
            continue
        for side in SIDES:
            number = hexes.get(side)
            where = f"gathering.{numeral}.{side}"
            if number == UNKNOWN:
                continue
            if number not in SUMS or type(number) is not int:
                out.append(f"{where}: a dice sum 2-12 other than 7, or \"unknown\"")
            elif number in seen:
                out.append(f"{where}: {number} is already {seen[number]}")
            else:
                seen[number] = where
    out += deck_problems(data.get("deck"))
    for level in LEVELS:
        entry = data.get("wall", {}).get(level)
        if not isinstance(entry, dict):
            out.append(f"wall.{level}: missing")
        elif not cost_ok(entry.get("cost")):
            out.append(f"wall.{level}.cost: a table of resource counts ({', '.join(RESOURCES)}) or \"unknown\"")
    return out


DECK_KINDS = ("knights", "vp", "road_building", "year_of_plenty", "monopoly")


def deck_problems(deck) -> list[str]:
    """The development deck: the base game's cards, the rulebook's removals, the player counts
    it is counted with."""
    if not isinstance(deck, dict):
        return ["deck: missing"]
    out = []
    for part in ("base", "removed"):
        entry = deck.get(part)
        if not isinstance(entry, dict):
            out.append(f"deck.{part}: missing")
            continue
        out += [f"deck.{part}.{kind}: a whole number from 0" for kind in DECK_KINDS if not is_count(entry.get(kind))]
    if not out and any(deck["removed"][kind] > deck["base"][kind] for kind in DECK_KINDS):
        out.append("deck.removed: more cards removed than the base deck holds")
    counted = deck.get("players", {}).get("counted")
    if not isinstance(counted, list) or not all(n in (4, 5, 6) and type(n) is int for n in counted):
        out.append("deck.players.counted: a list of player counts (4, 5, 6)")
    return out


def deck_for(data: dict, seats: int) -> dict | None:
    """The deck one game counts: what is left of the base deck after the rulebook's removals
    (cards, VP cards, knights), or None when the player count's deck is not known."""
    deck = data["deck"]
    if seats not in deck["players"]["counted"]:
        return None
    left = {kind: deck["base"][kind] - deck["removed"][kind] for kind in DECK_KINDS}
    return {"cards": sum(left.values()), "vp": left["vp"], "knights": left["knights"]}


def cost_ok(cost) -> bool:
    return cost == UNKNOWN or (
        isinstance(cost, dict) and bool(cost) and all(r in RESOURCES and is_count(n, 1) for r, n in cost.items())
    )


def check(data: dict) -> None:
    found = problems(data)
    if found:
        more = f" (+{len(found) - 1})" if len(found) > 1 else ""
        raise refuse(
            "box_data",
            "Data krabice nejsou v pořádku – {e}{m}.",
            "The box data is wrong – {e}{m}.",
            e=found[0],
            m=more,
        )


def board_for(data: dict, seats: int) -> dict:
    """What one game needs, copied into the state so a replay never depends on later edits."""
    counts = data["players"][str(seats)]
    numerals = counts["numerals"]
    return {
        "numerals": numerals,
        "sections": counts["sections"],
        "breach_limit": counts["breach_limit"],
        "per_numeral": data["raiders"]["per_numeral"],
        "cap": data["raiders"]["max_on_attack_hex"]["value"],
        # [left, right] attack number per gathering hex; None: not known yet
        "numbers": [[_known(data["gathering"][str(k)][side]) for side in SIDES] for k in range(1, numerals + 1)],
        "costs": {level: _known(data["wall"][level]["cost"]) for level in LEVELS},
    }


def _known(value):
    return None if value == UNKNOWN else copy.deepcopy(value)


def unverified(data: dict) -> list[str]:
    names = [f"players.{k}" for k, v in data["players"].items() if v.get("verified") is False]
    names += ["raiders.per_numeral"] if data["raiders"].get("verified") is False else []
    names += [f"deck.{k}" for k, v in data["deck"].items() if v.get("verified") is False]
    names += [f"gathering.{k}" for k, v in data["gathering"].items() if v.get("verified") is False]
    return names + [f"wall.{k}" for k, v in data["wall"].items() if v.get("verified") is False]


def main(argv: list[str]) -> int:
    try:
        data = load(argv[0] if argv else None)
    except BoxDataError as error:
        print(error)
        return 1
    found = problems(data)
    for line in found:
        print(line)
    print("unverified:", ", ".join(unverified(data)) or "none")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
