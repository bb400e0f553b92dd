"""Box facts of Vaaalbara, read from ``data/box.toml``: lands, characters, clans, rule settings.

They are data, not code, so a table whose box differs can correct an unverified value without
touching the rules. A broken or incomplete file fails at load with an error naming the entry.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ...engine import Msg
from ..boxfile import BoxDataError, Reading, Table, read_toml, require_exactly

BOX_FILE = Path(__file__).parent / "data" / "box.toml"

# The rules refer to these by id, so the file must define exactly these.
LAND_TYPES = ("meadow", "forest", "mountain", "field", "village", "river")
INITIATIVES = tuple(range(1, 13))
FACTS = ("rounds", "start_vp", "land_cards", "highest_player_mark")
SETTINGS = (
    "warrior_reveal_keeps_card",
    "warrior_player_gains",
    "falconer_gain_capped",
    "ties_use_current_omens",
    "two_player_meadow_neighbour_once",
)


@dataclass(frozen=True)
class LandType:
    id: str
    name: Msg
    colour: Msg
    verified: bool


@dataclass(frozen=True)
class LandCard:
    """One kind of land a player can take: a type, and for a forest its printed value."""

    id: str  # "meadow", "forest4", ...
    type: str
    name: Msg
    code: str  # the pad key that picks it
    forest_value: int | None = None


@dataclass(frozen=True)
class Character:
    initiative: int
    name: Msg
    en_verified: bool


@dataclass(frozen=True)
class Clan:
    id: str
    name: Msg
    cs_masculine: str
    verified: bool


@dataclass(frozen=True)
class Box:
    facts: dict[str, int]
    land_types: dict[str, LandType]
    land_cards: dict[str, LandCard]  # in pad-code order
    characters: dict[int, Character]
    clans: dict[str, Clan]
    default_clans: tuple[str, ...]
    settings: dict[str, Reading]  # the rulebook's open questions, offered as true/false options


def load_box(path: Path | str = BOX_FILE) -> Box:
    """Read and check the whole file, in the order it is written."""
    path = Path(path)
    source = path.name
    root = Table(source, "file", read_toml(path))
    facts = _facts(root)
    land_types, land_cards = _lands(root)
    characters = _characters(root)
    clans = _clans(root)
    return Box(facts, land_types, land_cards, characters, clans, _default_clans(root, clans), _settings(root))


def _facts(root: Table) -> dict[str, int]:
    table = Table(root.source, "[facts]", root.get("facts", dict))
    facts = {}
    for name in FACTS:
        fact = Table(root.source, f"fact '{name}'", table.get(name, dict))
        facts[name] = fact.get("value", int)
        fact.get("verified", bool)
    return facts


def _land_cards(land: Table, land_id: str) -> list[LandCard]:
    """The cards of one land type: one per printed forest value, else the type itself."""
    if land_id != "forest":
        return [LandCard(land_id, land_id, land.msg(), "")]
    return [
        LandCard(
            f"forest{value}",
            land_id,
            Msg(f"{land.get('cs', str)} {value}", f"{land.get('en', str)} {value}"),
            "",
            value,
        )
        for value in land.list_of("values", int)
    ]


def _lands(root: Table) -> tuple[dict[str, LandType], dict[str, LandCard]]:
    """Land types in file order, and the cards a player can take, coded 1-9 in that order."""
    source = root.source
    land_types: dict[str, LandType] = {}
    cards: dict[str, LandCard] = {}
    lands = root.get("land", list)
    for index, raw in enumerate(lands):
        land_id = Table(source, f"land #{index + 1}", raw).get("id", str)
        land = Table(source, f"land '{land_id}'", raw)
        land_types[land_id] = LandType(land_id, land.msg(), land.msg("colour"), land.get("verified", bool))
        land.get("note", str)
        cards.update((card.id, card) for card in _land_cards(land, land_id))
    require_exactly(source, "land types", [r.get("id") for r in lands if isinstance(r, dict)], LAND_TYPES)
    if len(cards) > 9:
        raise BoxDataError(f"{source}: more than 9 kinds of land cards: a pad picks one with one key 1-9")
    return land_types, {
        card.id: LandCard(card.id, card.type, card.name, str(code), card.forest_value)
        for code, card in enumerate(cards.values(), start=1)
    }


def _characters(root: Table) -> dict[int, Character]:
    characters = {}
    raw_characters = root.get("character", list)
    for index, raw in enumerate(raw_characters):
        initiative = Table(root.source, f"character #{index + 1}", raw).get("initiative", int)
        entry = Table(root.source, f"character {initiative}", raw)
        characters[initiative] = Character(initiative, entry.msg(), entry.get("en_verified", bool))
    initiatives = [r.get("initiative") for r in raw_characters if isinstance(r, dict)]
    require_exactly(root.source, "characters", initiatives, INITIATIVES)
    return characters


def _clans(root: Table) -> dict[str, Clan]:
    clans = {}
    for index, raw in enumerate(root.get("clan", list)):
        clan_id = Table(root.source, f"clan #{index + 1}", raw).get("id", str)
        entry = Table(root.source, f"clan '{clan_id}'", raw)
        if clan_id in clans:
            entry.fail("is defined twice")
        clans[clan_id] = Clan(clan_id, entry.msg(), entry.get("cs_masculine", str), entry.get("verified", bool))
        entry.get("note", str)
    return clans


def _default_clans(root: Table, clans: dict[str, Clan]) -> tuple[str, ...]:
    defaults = Table(root.source, "[defaults]", root.get("defaults", dict))
    default_clans = tuple(defaults.list_of("clans", str))
    unknown = [c for c in default_clans if c not in clans]
    if unknown:
        defaults.fail(f"'clans' names unknown clans: {', '.join(unknown)}")
    if len(default_clans) < 5 or len(set(default_clans)) != len(default_clans):
        defaults.fail("'clans' must name 5 different clans, one per seat of a 5-player game")
    return default_clans


def _settings(root: Table) -> dict[str, Reading]:
    table = root.get("rules", dict)
    require_exactly(root.source, "rule settings", list(table), SETTINGS)
    settings = {}
    for name in SETTINGS:
        entry = Table(root.source, f"rule setting '{name}'", table[name])
        settings[name] = Reading(
            name,
            entry.get("value", bool),
            entry.get("verified", bool),
            entry.get("question", str),
            entry.get("note", str),
        )
    return settings


BOX: Box = load_box(BOX_FILE)
