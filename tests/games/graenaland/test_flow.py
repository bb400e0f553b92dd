import json
import random
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.engine import Session
from companion.games.graenaland import GAME

from .helpers import play_randomly, session, to_step
from .test_victory import vp_box

EXAMPLE = Path(__file__).resolve().parents[3] / "docs" / "games" / "graenaland-example.json"


def test_five_phases_in_order_and_the_ship_moves_left():
    s = session()
    seen = []
    for round_ in (1, 2, 3, 4, 5):
        for step in ("production", "move", "build"):
            to_step(s, step)
            status = s.status()
            assert status.round == round_ and status.rounds is None
            assert f"ship: Player {(round_ - 1) % 4 + 1}" in status.phase.en
            assert "loď: Hráč" in status.phase.cs and "čeká se" in status.phase.cs
            seen.append(s.state["phase"])
        assert s.state["main"] == (round_ - 1) % 4
    assert seen[:3] == ["production", "movement", "building"]
    assert s.status().turn == 0 and "awaiting" in s.status().phase.en


def test_status_names_what_is_awaited():
    s = session()
    assert "awaiting: Resource production" in s.status().phase.en and s.status().turn is None
    to_step(s, "move")
    assert s.status().turn is None and "Hero movement" in s.status().phase.en
    to_step(s, "propose")
    assert s.status().turn == 1 and "3 Resource distribution" in s.status().phase.en


def test_the_example_session_replays():
    doc = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    assert doc["format"] == "companion-session" and doc["version"] == 1 and doc["game"] == "graenaland"
    s = Session(GAME, doc["options"], doc["seed"], doc["entries"])
    assert s.state["round"] == 2 and s.state["main"] == 1
    assert s.state["settlements"]["C2"] == {"1": 1, "0": 1} and s.state["public"]["C1"] == ["road"]
    assert s.state["heroes"][2]["warrior"] == "C1"        # two pieces west along the coast
    assert s.prompt.step == "propose"
    json.dumps(GAME.view(s.state))


def test_state_and_views_are_json_with_string_keys():
    s = session()
    to_step(s, "build")
    for view in (s.state, GAME.view(s.state), GAME.view(s.state, 1), s.score().to_json()):
        assert json.loads(json.dumps(view)) == view


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seats=st.sampled_from([3, 4, 5]), seed=st.integers(0, 10_000), moves=st.integers(0, 10_000),
       open_votes=st.booleans())
def test_random_legal_play_replays_to_the_same_state(seats, seed, moves, open_votes):
    options = {"seats": seats, "open_votes": open_votes}
    if seats == 5:
        options["five_player_grant"] = bool(moves % 2)
    if moves % 3 == 0:
        options.update(vp_cards=True, box=vp_box(15))
    if moves % 4 == 0:
        options["draft_starts"] = True
    s = Session(GAME, options, seed)
    play_randomly(s, random.Random(moves), 200)
    again = Session(GAME, options, seed, s.entries)
    assert again.state == s.state
    assert json.loads(json.dumps(s.state)) == s.state
    status = s.status()
    assert status.round >= 1 and status.phase.cs and status.phase.en
    for tid, count in s.state["cards"].items():
        houses = sum(s.state["settlements"][tid].values()) + len(s.state["buildings"][tid])
        assert count <= houses + 1
    for mine in s.state["heroes"]:
        placed = [where for where in mine.values() if where is not None]
        assert len(placed) == len(set(placed))       # two own heroes never share a territory


def test_a_drafted_start_is_entered_as_a_box_correction():
    start = {"1": {"settlements": ["C2", "C3"], "warrior": "C2"}}
    s = Session(GAME, {"seats": 4, "box": {"layouts": {"4": {"start": start}}}}, 0)
    assert s.state["heroes"][0]["warrior"] == "C2"
    assert s.state["settlements"]["C2"]["0"] == 1 and "0" not in s.state["settlements"]["C1"]


def test_menu_settings_are_short_bilingual_and_accepted():
    keys = [s.key for s in GAME.settings]
    for key in ("three_player_variant", "open_votes", "vp_cards", "draft_starts", "five_player_grant"):
        assert key in keys
    for setting in GAME.settings:
        assert 0 < len(setting.label.cs) <= 18 and 0 < len(setting.label.en) <= 18
        assert [v for v, _ in setting.values] in ([False, True], [True, False])
        assert {label.en for _, label in setting.values} == {"yes", "no"}
        for seats in (3, 4, 5):
            if setting.applies(seats):
                chosen = {"seats": seats, setting.key: setting.initial()}
                assert GAME.validate_options(chosen)[setting.key] == setting.initial()
                assert GAME.validate_options({"seats": seats})[setting.key] == setting.initial()
    by_key = {s.key: s for s in GAME.settings}
    assert by_key["three_player_variant"].seats == (3,) and by_key["three_player_variant"].initial() is True
    assert by_key["five_player_grant"].seats == (5,) and by_key["draft_starts"].initial() is False
