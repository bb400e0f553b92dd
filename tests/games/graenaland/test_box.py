"""Graenaland's box data read into typed frozen records (``box.parse``, ``box.check``): the board
a session keeps is what the loader of raw dicts derived, for every player count and kind of
correction, and a broken file is one line naming the file and the entry."""

import copy
import dataclasses
import hashlib
import json
from pathlib import Path

import pytest

from companion.engine import RuleError, Session
from companion.games.boxfile import BoxDataError
from companion.games.graenaland import GAME, box

# what the loader of raw dicts (before the records) derived: the board per player count and
# correction, and digests (sha256 of the JSON, keys sorted) of setup states for the options that
# read the box (VP cards, the check walk, the teaching walk, drafted starts)
BY_OLD_LOADER = json.loads((Path(__file__).parent / "data" / "board-by-old-loader.json").read_text(encoding="utf-8"))


def digest(state: dict) -> str:
    return hashlib.sha256(json.dumps(state, sort_keys=True, ensure_ascii=False).encode()).hexdigest()


@pytest.mark.parametrize("case", sorted(BY_OLD_LOADER["boards"]))
def test_the_board_derived_from_the_records_is_what_the_old_loader_put_in_the_state(case):
    expected = BY_OLD_LOADER["boards"][case]
    records = box.check(box.merge(box.load(), expected["box"]))
    assert box.board_for(records, expected["seats"]) == expected["board"]


def test_every_setup_state_is_what_the_old_loader_made():
    for case, expected in BY_OLD_LOADER["setups"].items():
        name, seats, extra = case.split("/")
        correction = BY_OLD_LOADER["boards"][f"{name}/{seats}"]["box"]
        options = {"seats": int(seats), "box": correction, "asking": 1}  # as recorded then
        if extra != "plain":
            options.update({key: "teach" if key == "mode" else True for key in extra.split(",")})
        assert digest(Session(GAME, options, 3).state) == expected, case
    assert {int(c.split("/")[1]) for c in BY_OLD_LOADER["setups"]} == set(box.SEAT_COUNTS)


def test_the_records_are_frozen_and_typed():
    records = box.parse(box.load())
    with pytest.raises(dataclasses.FrozenInstanceError):
        records.army_max = 9  # type: ignore[misc]
    assert records.army_max == box.UNKNOWN and records.house_limit is True
    assert records.costs["army"] == box.Priced(
        {"grain": 4, "ore": 1},
        None,
        box.Mark(True, "S1 p.7: grain, ore and 3 more grain; example '4 obilí a rudu' (1 restored)", ()),
    )
    assert records.pieces["T4"].terrain == "mountains" and records.pieces["T4"].players == (3, 4, 5)
    assert records.layouts[3].coast == ("C1", "C2", "C3") and records.layouts[3].verified is False
    assert records.vp_cards[0].id == 1 and records.vp_cards[0].verified is False
    assert records.unverified == tuple(box.unverified(box.load()))


def test_a_piece_partly_confirmed_on_the_device_keeps_its_marks():
    correction = {"pieces": {"T1": {"confirmed": ["terrain"], "source": "corrected on the device: terrain; before: x"}}}
    records = box.check(box.merge(box.load(), correction))
    assert records.pieces["T1"].mark == box.Mark(False, "corrected on the device: terrain; before: x", ("terrain",))
    assert "pieces.T1.terrain" not in records.unverified and "pieces.T1.coastal" in records.unverified


def test_a_broken_file_is_one_line_naming_the_file_and_the_entry(tmp_path):
    data = copy.deepcopy(box.load())
    data["pieces"]["T3"]["settlement_cost"] = {"any": 4}
    data["layouts"]["4"]["neighbours"]["C1"]["E"] = "C3"
    with pytest.raises(BoxDataError) as raised:
        box.parse(data, "mine.toml")
    assert (
        str(raised.value)
        == "mine.toml: pieces.T3.settlement_cost: adds up to 4, the rulebook says 5 on this kind of piece"
    )
    assert len(raised.value.problems) > 1  # every problem stays known, in both languages
    with pytest.raises(RuleError) as refused:
        box.check(data)
    assert refused.value.rule == "graenaland.box_data"
    assert refused.value.msg.en.startswith("The box data is wrong – pieces.T3.settlement_cost: adds up to 4,")
    assert refused.value.msg.cs.startswith("Data krabice nejsou v pořádku – pieces.T3.settlement_cost: součet je 4,")


# the check walk answered through (every 7th fact kept, else the n-th value the rules accept): the
# digest of the state after each answer, as the walk reading raw dicts left it
WALKS = json.loads((Path(__file__).parent / "data" / "walks-by-old-loader.json").read_text(encoding="utf-8"))


def walk(options: dict, pick: int) -> list[str]:
    s = Session(GAME, options, 5)
    trail: list[str] = []
    while s.prompt is not None and s.prompt.step == "box_check" and len(trail) < 400:
        values = [o.value for o in s.prompt.options_for(None) if o.value not in ("keep", "skip")]
        order = values[pick % len(values) :] + values[: pick % len(values)]
        if len(trail) % 7 == 3:
            order = ["keep", *order]
        for value in order:
            try:
                s.submit({"step": "box_check", "seat": None, "value": value})
                break
            except RuleError:
                continue
        trail.append(digest(s.state))
    return trail


@pytest.mark.parametrize("case", sorted(WALKS))
def test_the_check_walk_reading_the_records_leaves_the_states_the_raw_walk_did(case):
    kind, seats, pick = case.split("/")
    options = {"seats": int(seats), "asking": 1, **({"check_box": True} if kind == "check" else {"mode": "teach"})}
    assert walk(options, int(pick)) == WALKS[case]


def test_asking_2_keeps_every_box_check_code_and_ends_where_asking_1_does():
    """Issue 35: a terrain keeps its place among the box's terrains as its code (an inland piece
    offers only hills 3 and mountains 4; plains and forest are unoffered and refused by the
    rule), a count is its own code; the answers (values) and where the walk ends are the same."""
    ended = {}
    for asking in (1, 2):
        s = Session(GAME, {"seats": 4, "check_box": True, "asking": asking}, 5)
        codes: dict[str, str] = {}
        while s.prompt is not None and s.prompt.step == "box_check":
            options = s.prompt.options_for(None)
            if asking == 2:
                for o in (*options, *s.prompt.unoffered_for(None)):
                    assert codes.setdefault(json.dumps(o.value), o.code) == o.code, o.value
            for value in [o.value for o in options if o.value not in ("keep", "skip")] + ["keep"]:
                try:
                    s.submit({"step": "box_check", "seat": None, "value": value})
                    break
                except RuleError:  # a correction the whole data refuses (two equal cards)
                    continue
        ended[asking] = (GAME.learned_box(s.state), s.state["board"])
    assert ended[1] == ended[2]
    assert codes[json.dumps("hills")] == "3" and codes[json.dumps("mountains")] == "4"


def test_an_inland_piece_refuses_a_coastal_terrain_naming_what_it_can_show():
    s = Session(GAME, {"seats": 4, "check_box": True}, 5)
    for _ in range(400):
        offered = [o.value for o in s.prompt.options_for(None)]
        if "mountains" in offered and "plains" not in offered:
            break
        s.submit({"step": "box_check", "seat": None, "value": "keep"})
    else:
        raise AssertionError("no inland terrain asked")
    assert [o.code for o in s.prompt.unoffered_for(None)] == ["1", "2"]
    error = s.refusal(None, "plains")
    assert error.rule == "graenaland.box_check_terrain"
    assert error.msg.en == "This piece can show only: hills, mountains."
