"""Dva bratři's catalog (tiles.toml, treasures.toml), read by ``boxfile`` into typed frozen
records: the states a game derives from them, the marks of what is known, and one line naming
the file and the entry for a broken file."""

import copy
import dataclasses
import hashlib
import itertools
import json
from pathlib import Path

import pytest

from companion.engine import Msg, Session
from companion.games.boxfile import BoxDataError, read_toml
from companion.games.dva_bratri import GAME, box

from .driver import Table, made_up_box

# sha256 of the state (JSON, keys sorted) each case reached with the loader of raw dicts, before
# the records: a setup for every seat count, choice of three sets, mode and box memory (none, a
# whole made-up box), and scripted whole games
BY_OLD_LOADER = json.loads((Path(__file__).parent / "data" / "states-by-old-loader.json").read_text(encoding="utf-8"))
TILES, TREASURES = read_toml(box.DATA / "tiles.toml"), read_toml(box.DATA / "treasures.toml")


def digest(state: dict) -> str:
    return hashlib.sha256(json.dumps(state, sort_keys=True, ensure_ascii=False).encode()).hexdigest()


def test_every_setup_state_derived_from_the_records_is_what_the_old_loader_made():
    for seats in (1, 2):
        for chosen in itertools.combinations(box.sets(), 3):
            for mode in ("play", "teach"):
                for memory in ("empty", "box"):
                    options = {"seats": seats, "sets": list(chosen), "mode": mode, "asking": 3}
                    if memory == "box":
                        options["box"] = made_up_box()
                    case = f"setup/{seats}/{'+'.join(chosen)}/{mode}/{memory}"
                    assert digest(Session(GAME, options, 7).state) == BY_OLD_LOADER[case], case
    assert sum(k.startswith("setup/") for k in BY_OLD_LOADER) == 2 * 20 * 2 * 2


@pytest.mark.parametrize("case", sorted(k for k in BY_OLD_LOADER if k.startswith("game/")))
def test_a_whole_scripted_game_ends_in_the_state_the_old_loader_reached(case):
    _, seats, seed, memory = case.split("/")
    table = Table({"seats": int(seats), **({"box": made_up_box()} if memory == "box" else {})}, int(seed))
    table.play_game()
    assert GAME.where(table.session.state) is None  # the game is over
    assert digest(table.session.state) == BY_OLD_LOADER[case]


def test_the_catalog_is_typed_frozen_records():
    catalog = box.CATALOG
    with pytest.raises(dataclasses.FrozenInstanceError):
        catalog.sets = {}  # type: ignore[misc]
    assert catalog.colours["green"] == box.Colour("green", Msg("zelená", "green"), "wood", Msg("dřevo", "wood"), "G")
    assert catalog.buildings["potter_workshop"].pair == ("grey", "yellow")
    assert catalog.buildings["potter_workshop"].params == ("pairs",)
    assert catalog.buildings["inn"].example_costs == ({"wood": 0, "stone": 2, "grain": 1},)
    assert catalog.sets["remesla"].verified is False and catalog.sets["straz"].verified is True
    assert catalog.tiles["PUT-1"] == box.Piece("PUT-1", {"set": "putovani"}, box.TILE_FIELDS)
    assert catalog.treasures["T01"] == box.Piece("T01", {}, box.TREASURE_FIELDS)


def test_a_fact_the_catalog_gives_is_known_without_asking():
    tiles = copy.deepcopy(TILES)
    tiles["tiles"][0] = {
        "id": "PUT-1",
        "set": "putovani",
        "building": "inn",
        "unknown": ["colour", "cost", "roads", "params"],
    }
    catalog = box.parse(tiles, TREASURES)
    assert catalog.tiles["PUT-1"].facts == {"set": "putovani", "building": "inn"}
    assert catalog.tiles["PUT-1"].unknown == ("colour", "cost", "roads", "params")


def _broken_tiles(change):
    tiles = copy.deepcopy(TILES)
    change(tiles)
    return tiles


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda t: t["colours"].pop("grey"), "tiles.toml: [colours] missing: grey"),
        (
            lambda t: t["colours"]["green"].update(resource="stone"),
            "tiles.toml: colour 'green' 'resource' must be wood, not 'stone'",
        ),
        (
            lambda t: t["sets"]["straz"].update(status="maybe"),
            "tiles.toml: set 'straz' 'status' must be verified or inferred, not 'maybe'",
        ),
        (
            lambda t: t["sets"]["straz"]["buildings"].append("castle"),
            "tiles.toml: set 'straz' 'buildings' names a building not in [buildings]: castle",
        ),
        (
            lambda t: t["sets"]["straz"]["colours"].update(grey="3"),
            "tiles.toml: set 'straz' 'colours' 'grey' must be int, not '3'",
        ),
        (
            lambda t: t["buildings"]["inn"].update(params=["lines"]),
            "tiles.toml: building 'inn' 'params' may name only line, pairs, depicts, boosts",
        ),
        (lambda t: t["buildings"]["inn"].pop("en"), "tiles.toml: building 'inn' has no 'en'"),
        (
            lambda t: t["buildings"]["basket_workshop"].pop("pair"),
            "tiles.toml: building 'basket_workshop' 'pair' names the two colours of a workshop's pairs"
            " (green, grey, yellow), only there",
        ),
        (lambda t: t["tiles"][1].update(id="PUT-1"), "tiles.toml: tile 'PUT-1' is defined twice"),
        (
            lambda t: t["tiles"][0].update(set="crafts"),
            "tiles.toml: tile 'PUT-1' 'set' must be one of putovani, dominium, obchod_cirkev, valceni, remesla, straz",
        ),
        (
            lambda t: t["tiles"][0].update(unknown=["roads"]),
            "tiles.toml: tile 'PUT-1' neither gives nor lists as unknown: building, colour, cost, params",
        ),
        (
            lambda t: t["tiles"][0].update(colour="red", unknown=["building", "cost", "roads", "params"]),
            "tiles.toml: tile 'PUT-1' has a wrong fact: colour: must be one of green, grey, yellow",
        ),
        (lambda t: t["tiles"].pop(), "tiles.toml: set 'straz' has 8 tiles, its colours count 9"),
    ],
)
def test_a_broken_catalog_is_refused_in_one_line_naming_the_file_and_the_entry(change, message):
    with pytest.raises(BoxDataError) as raised:
        box.parse(_broken_tiles(change), TREASURES)
    assert str(raised.value) == message


def test_a_broken_treasure_names_the_treasures_file():
    treasures = copy.deepcopy(TREASURES)
    treasures["treasures"][2]["unknown"] = ["kind", "colour"]
    with pytest.raises(BoxDataError, match=r"^treasures\.toml: treasure 'T03' 'unknown' may name only kind, need$"):
        box.parse(TILES, treasures)
