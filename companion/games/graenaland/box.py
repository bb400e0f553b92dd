"""Box data: reading data/box.toml, merging corrections into it, and cutting out the board one
game uses.

The rulebook's pictures are lost, so most printed values are placeholders marked
``verified = false`` (see the file's header). This module never fills a gap itself: a missing or
contradictory entry is refused with a message (Czech and English) that names it (``boxschema``),
so a user can correct the file. Run ``python -m companion.games.graenaland.box [file]`` to check
a file.

An entry still marked ``verified = false`` may list in ``confirmed`` the fields a user has
already checked on the device (see ``boxcheck``); the entry becomes verified once all are.
"""

from __future__ import annotations

import copy
import sys
from pathlib import Path

from ...engine import Msg, plural
from ..boxfile import BoxDataError, read_toml
from .boxschema import (
    UNKNOWN,
    VP_COLUMNS,
    device_fields,
    is_count,
    problems,
    settlement_total,
)
from .texts import refuse

__all__ = [
    "BOX_FILE",
    "UNKNOWN",
    "board_for",
    "check",
    "device_fields",
    "known_vp_cards",
    "load",
    "main",
    "merge",
    "problems",
    "settlement_total",
    "supply_faces",
    "unverified",
]

BOX_FILE = Path(__file__).with_name("data") / "box.toml"
# tables whose value is one cost: an override replaces them whole instead of adding resources
WHOLE_TABLES = ("cost", "settlement_cost")


def load(path: Path | str | None = None) -> dict:
    """The box file as written (the shipped one by default); BoxDataError if it cannot be read."""
    return read_toml(path or BOX_FILE)


def merge(base: dict, override: dict) -> dict:
    """Deep-merge a partial override (setup option ``box``, learned corrections) into the data.

    Tables merge key by key, except a cost, which is replaced whole; ``vp_cards`` merge card by
    card through their ``id`` (a card given with thresholds drops the "unknown" marker); every
    other list replaces.
    """
    out = copy.deepcopy(base)
    for key, value in (override or {}).items():
        if key == "vp_cards" and isinstance(value, list) and isinstance(out.get(key), list):
            out[key] = _merge_cards(out[key], value)
        elif key not in WHOLE_TABLES and isinstance(value, dict) and isinstance(out.get(key), dict):
            out[key] = merge(out[key], value)
        else:
            out[key] = copy.deepcopy(value)
    return out


def _merge_cards(cards: list, changes: list) -> list:
    out = copy.deepcopy(cards)
    for change in changes:
        at = _card_index(out, change.get("id") if isinstance(change, dict) else None)
        if at is None:
            out.append(copy.deepcopy(change))
        else:
            out[at] = _merged_card(out[at], change)
    return out


def _card_index(cards: list, ident) -> int | None:
    return next(
        (i for i, card in enumerate(cards) if is_count(ident) and isinstance(card, dict) and card.get("id") == ident),
        None,
    )


def _merged_card(card: dict, change: dict) -> dict:
    """Thresholds given drop the "unknown" marker; "unknown" given drops the thresholds."""
    card = merge(card, change)
    if any(column in change for column in VP_COLUMNS) and card.get("thresholds") == UNKNOWN:
        del card["thresholds"]
    if change.get("thresholds") == UNKNOWN:
        for column in VP_COLUMNS:
            card.pop(column, None)
    return card


def _more(count: int) -> Msg:
    """' (a ještě 2 další problémy)'."""
    if count == 0:
        return Msg("", "")
    noun = plural(count, "další problém", "další problémy", "dalších problémů")
    return Msg(f" (a ještě {count} {noun})", f" (and {count} more)")


def check(data: dict, on_device: bool = False) -> None:
    """Refuse unusable box data, naming the first wrong entry. ``on_device``: the data was
    just corrected on the device, so the message does not send the user to the file."""
    found = problems(data)
    if not found:
        return
    first = found[0] + _more(len(found) - 1)
    if on_device:
        raise refuse(
            "box_correction",
            "Tuto opravu nelze přijmout – {e}.",
            "This correction cannot be accepted – {e}.",
            e=first,
        )
    raise refuse(
        "box_data",
        "Data krabice nejsou v pořádku – {e}. Opravte je podle své krabice.",
        "The box data is wrong – {e}. Correct it to match your box.",
        e=first,
    )


def unverified(data: dict) -> list[str]:
    """Names of the entries still marked verified = false (shown so nobody mistakes them for
    fact); an entry partly checked on the device names its fields still open."""
    names: list[str] = []
    for section in ("rules", "goals", "supply", "vp"):
        names += _open_names(data, section, data.get(section, {}))
    for section in ("army_max", "house_limit", "supply_cards"):
        names += _open_names(data, section, data.get(section, {}), section)
    if data.get("meta", {}).get("along_coast_verified") is False:
        names.append("meta.along_coast")
    for group in ("public", "costs", "pieces"):
        for key, entry in data.get(group, {}).items():
            names += _open_names(data, f"{group}.{key}", entry, group)
    for n, layout in data.get("layouts", {}).items():
        names += _open_names(data, f"layouts.{n}", layout)
        for part in ("neighbours", "start"):
            names += _open_names(data, f"layouts.{n}.{part}", layout.get(part, {}))
    names += [
        f"vp_cards[{index}] (id {card.get('id')})"
        for index, card in enumerate(data.get("vp_cards", []))
        if card.get("verified") is False
    ]
    return names


def _open_names(data: dict, name: str, entry, group: str | None = None) -> list[str]:
    """The entry's name while it is unverified, or its fields not yet confirmed on the device."""
    if not isinstance(entry, dict) or entry.get("verified") is not False:
        return []
    confirmed = entry.get("confirmed") or []
    if not confirmed:
        return [name]
    return [f"{name}.{f}" for f in device_fields(group, entry, data) if f not in confirmed]


def known_vp_cards(data: dict) -> dict[str, dict]:
    return {
        str(c["id"]): {k: c[k] for k in VP_COLUMNS} for c in data.get("vp_cards", []) if c.get("thresholds") != UNKNOWN
    }


def supply_faces(data: dict) -> list:
    """One entry per supply card: its two resources, or "unknown"."""
    faces = data.get("supply_cards", {}).get("faces", UNKNOWN)
    return [UNKNOWN] * data["supply"]["cards"] if faces == UNKNOWN else copy.deepcopy(faces)


def board_for(data: dict, seats: int) -> dict:
    """The part of the box one game needs, copied into the state so a replay never depends on
    later edits of the file."""
    layout = data["layouts"][str(seats)]
    territories = {}
    for tid in (*layout["coast"], *layout["inland"]):
        piece = data["pieces"][layout["pieces"][tid]]
        territories[tid] = {
            "piece": layout["pieces"][tid],
            "terrain": piece["terrain"],
            "coastal": piece["coastal"],
            "settlement_cost": dict(piece["settlement_cost"]),
            "buildings": piece["buildings"] if piece["buildings"] == UNKNOWN else list(piece["buildings"]),
            "stronghold_resource": piece["stronghold_resource"],
            "improvement_resource": piece["improvement_resource"],
        }
    neighbours = {tid: dict(layout["neighbours"][tid]) for tid in territories}
    start = {str(seat - 1): copy.deepcopy(layout["start"][str(seat)]) for seat in range(1, seats + 1)}
    rules = {k: data["rules"][k] for k in ("houses_per_player", "houses_on_army_track", "army_start")}
    rules["army_max"] = data["army_max"]["value"]
    rules["house_limit"] = data["house_limit"]["value"]
    return {
        "order": [*layout["coast"], *layout["inland"]],
        "coast": list(layout["coast"]),
        "territories": territories,
        "neighbours": neighbours,
        "along_coast": list(data["meta"].get("along_coast", [])),
        "start": start,
        "rules": rules,
        "goals": {k: v for k, v in data["goals"].items() if k not in ("verified", "source")},
        "public": {k: {"tiles": v["tiles"], "cost": v["cost"]} for k, v in data["public"].items()},
        "costs": {k: v["cost"] for k, v in data["costs"].items()},
        "supply": {"cards": data["supply"]["cards"], "display": data["supply"]["display"], "faces": supply_faces(data)},
        "vp": {"dealt": data["vp"]["dealt"], "win": data["vp"]["win"]},
        "vp_cards": known_vp_cards(data),
        "unverified": unverified(data),
    }


def main(argv: list[str]) -> int:
    """Print every problem of a file (English, then Czech) and how much is still unverified."""
    try:
        data = load(argv[1] if len(argv) > 1 else None)
    except BoxDataError as error:
        print(error)
        return 1
    found = problems(data)
    for line in found:
        print(line.en)
        print("  " + line.cs)
    left = unverified(data)
    print(f"{len(found)} problem(s); {len(left)} entries marked verified = false")
    return 1 if found else 0


def memory_problem(memory) -> str | None:
    """Why saved box memory (corrections in box.toml's shape) cannot be used, or None: merged
    onto the shipped data, the result must pass the same checks as the file. Wrong value types
    (``{"pieces": "x"}``) are a problem here, never a crash later."""
    if not isinstance(memory, dict):
        return "the memory is not an object"
    shipped = load()
    for key, value in memory.items():
        if (
            key in shipped
            and type(shipped[key]) is not type(value)
            and not (isinstance(shipped[key], (int, float)) and isinstance(value, (int, float)))
        ):
            return f"{key}: must be {_kind(shipped[key])}, not {_kind(value)}"
    try:
        found = problems(merge(shipped, memory))
    except (AttributeError, KeyError, TypeError, ValueError, IndexError) as error:
        return f"a value of the wrong type ({type(error).__name__})"
    if not found:
        return None
    return getattr(found[0], "en", None) or str(found[0])


def _kind(value) -> str:
    return {dict: "a table", list: "a list", str: "text", bool: "true/false", int: "a number", float: "a number"}.get(
        type(value), type(value).__name__
    )


if __name__ == "__main__":
    sys.exit(main(sys.argv))
