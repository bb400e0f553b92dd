"""The Great Wall's box data, read by ``boxfile`` into typed frozen records: the state a game
derives from them, the marks of what is verified, and one line for a broken file."""

import dataclasses
import json
from pathlib import Path

import pytest

from companion.engine import RuleError
from companion.games.great_wall import box

# board_for and deck_for as the loader of raw dicts produced them (before the records), for every
# player count, with the shipped file and with corrections of each kind merged in
BY_OLD_LOADER = json.loads((Path(__file__).parent / "data" / "board-by-old-loader.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("case", sorted(BY_OLD_LOADER))
def test_the_state_derived_from_the_records_is_what_the_old_loader_put_in_it(case):
    expected = BY_OLD_LOADER[case]
    data = box.with_override(expected["override"])
    assert box.board_for(data, expected["seats"]) == expected["board"]
    assert box.deck_for(data, expected["seats"]) == expected["deck"]


def test_every_player_count_and_correction_is_covered_by_the_old_loader_comparison():
    assert {(c["seats"], json.dumps(c["override"], sort_keys=True)) for c in BY_OLD_LOADER.values()} >= {
        (seats, "{}") for seats in box.SEAT_COUNTS
    }


def test_the_records_are_frozen_and_the_board_a_game_keeps_is_its_own_copy():
    data = box.with_override({})
    with pytest.raises(dataclasses.FrozenInstanceError):
        data.cap = 9  # type: ignore[misc]
    board = box.board_for(data, 4)
    board["costs"]["3"]["ore"] = 5
    assert data.wall["3"].cost == {"ore": 1, "lumber": 1, "brick": 1, "grain": 1}


def test_the_shipped_file_marks_what_no_source_confirms():
    data = box.with_override({})
    assert data.players[5].verified is False and data.players[4].verified is True
    assert data.gathering[2] == box.Gathering(None, None, False)
    assert data.wall["3"] == box.WallLevel({"ore": 1, "lumber": 1, "brick": 1, "grain": 1}, True)
    assert data.unverified == (
        "players.5",
        "raiders.per_numeral",
        "deck.players",
        *(f"gathering.{k}" for k in range(1, 6)),
        "wall.1",
        "wall.2",
        "wall.4",
        "wall.5",
    )


def test_a_correction_the_table_taught_is_read_like_the_file():
    data = box.with_override({"gathering": {"2": {"right": 8}}, "wall": {"4": {"cost": {"ore": 2}}}})
    assert data.gathering[2] == box.Gathering(None, 8, False)
    assert data.wall["4"].cost == {"ore": 2}


@pytest.mark.parametrize(
    ("override", "message"),
    [
        (
            {"players": {"4": {"numerals": 9}}},
            "box.toml: [players.4] 'numerals' must be a whole number from 1 to 5, not 9",
        ),
        (
            {"players": {"6": {"sections": 5}}},
            "box.toml: [players.6] 'sections' must be 'numerals' + 1 (a gathering hex between two sections)",
        ),
        ({"players": {"5": "x"}}, "box.toml: [players.5] is not a table"),
        ({"raiders": {"per_numeral": True}}, "box.toml: [raiders] 'per_numeral' must be int, not True"),
        (
            {"gathering": {"1": {"left": 7}}},
            "box.toml: [gathering.1] 'left' must be a dice sum 2-12 other than 7, or \"unknown\", not 7",
        ),
        (
            {"gathering": {"2": {"right": 8}, "3": {"left": 8}}},
            "box.toml: [gathering.3] 'left' 8 is already [gathering.2] 'right'",
        ),
        ({"gathering": {"4": {"verified": "no"}}}, "box.toml: [gathering.4] 'verified' must be bool, not 'no'"),
        (
            {"wall": {"1": {"cost": {"gold": 1}}}},
            "box.toml: [wall.1] 'cost' must be a table of resource counts"
            ' (lumber, brick, wool, grain, ore) or "unknown"',
        ),
        ({"deck": {"removed": {"vp": 6}}}, "box.toml: [deck.removed] removes more cards than the base deck holds"),
        (
            {"deck": {"players": {"counted": [3]}}},
            "box.toml: [deck.players] 'counted' must be a list of player counts (4, 5, 6)",
        ),
    ],
)
def test_a_wrong_entry_is_refused_in_one_line_naming_the_file_and_the_entry(override, message):
    with pytest.raises(box.BoxDataError) as raised:
        box.with_override(override)
    assert str(raised.value) == message
    with pytest.raises(RuleError) as refused:
        box.check(override)
    assert refused.value.rule == "great_wall.box_data"
    assert refused.value.msg.en == f"The box data is wrong – {message}."
    assert refused.value.msg.cs == f"Data krabice nejsou v pořádku – {message}."


def test_a_missing_entry_is_named(tmp_path):
    text = box.BOX_FILE.read_text(encoding="utf-8").replace("[players.5]", "[players_5]")
    (tmp_path / "mine.toml").write_text(text, encoding="utf-8")
    with pytest.raises(box.BoxDataError, match=r"^mine\.toml: file has no \[players\.5\]$"):
        box.parse(box.load(tmp_path / "mine.toml"), "mine.toml")


def test_the_checker_prints_ok_and_the_unverified_entries(capsys):
    assert box.main([]) == 0
    assert capsys.readouterr().out.startswith("box data ok; unverified: players.5, raiders.per_numeral, ")
