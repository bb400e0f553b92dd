"""Complete games through Session, from scripted actions to final scores, and the docs example."""

import json
from pathlib import Path

from companion.engine import Session
from companion.games.vaaalbara import GAME

from .helpers import new, play_round, totals

EXAMPLE_FILE = Path(__file__).parents[3] / "docs" / "games" / "vaaalbara-example.json"

# Blue 0, Purple 1, Yellow 2, Red 3. Per round: picks, the land each seat takes, other answers
# in the order they are asked. Round 2 is the rulebook's example.
FOUR_PLAYER_GAME = [
    ([4, 5, 9, 11], ["forest4", "field", "river", "meadow"], {}),
    ([3, 3, 10, 12], ["meadow", "field", "river", "field"], {"omen_best": [0]}),
    (
        [1, 2, 6, 7],
        ["mountain", "village", "forest6", "mountain"],
        {"warrior_reveal": ["yes", "no", "yes"], "bard_target": [3]},
    ),
    ([12, 8, 8, 5], ["mountain", "meadow", "river", "forest5"], {"omen_best": [2], "midwife_take_back": [10, 3]}),
    ([2, 3, 10, 10], ["field", "forest3", "mountain", "village"], {"bard_target": [1], "omen_best": [3]}),
    ([6, 1, 4, 9], ["river", "river", "field", "meadow"], {"warrior_reveal": ["yes", "no"]}),
    (
        [11, 12, 12, 3],
        ["forest6", "field", "meadow", "forest3"],
        {"explorer_give": ["forest4"], "explorer_receive": ["village"], "omen_best": [1]},
    ),
    (
        [7, 7, 11, 8],
        ["village", "mountain", "village", "river"],
        {"omen_best": [1], "midwife_take_back": [9], "explorer_give": ["mountain"], "explorer_receive": ["river"]},
    ),
    ([5, 4, 2, 9], ["field", "river", "forest5", "village"], {"bard_target": [0]}),
]

# Worked out by hand round by round (the table at the end of docs/games/vaaalbara.md).
FOUR_PLAYER_BREAKDOWN = {
    0: {"start": 2, "lands": 56, "characters": 24, "falconer_losses": 0, "end_bonus": 10},
    1: {"start": 2, "lands": 36, "characters": 5, "falconer_losses": -2, "end_bonus": 10},
    2: {"start": 2, "lands": 67, "characters": 36, "falconer_losses": -2, "end_bonus": 5},
    3: {"start": 2, "lands": 44, "characters": 6, "falconer_losses": 0, "end_bonus": 10},
}
FOUR_PLAYER_TOTALS = {0: 92, 1: 51, 2: 108, 3: 62}
FOUR_PLAYER_RANKING = (2, 0, 3, 1)
# Totals after each round, worked out by hand.
FOUR_PLAYER_TOTALS_BY_ROUND = [
    {0: 10, 1: 4, 2: 8, 3: 3},
    {0: 15, 1: 8, 2: 20, 3: 7},
    {0: 15, 1: 11, 2: 28, 3: 10},
    {0: 35, 1: 13, 2: 46, 3: 15},
    {0: 37, 1: 18, 2: 51, 3: 25},
    {0: 45, 1: 19, 2: 56, 3: 28},
    {0: 61, 1: 31, 2: 64, 3: 34},
    {0: 73, 1: 31, 2: 98, 3: 40},
]


def play_four_player_game() -> Session:
    s = new(4)
    for round_index, (picks, lands, answers) in enumerate(FOUR_PLAYER_GAME):
        play_round(s, picks, lands, **answers)
        if round_index < 8:
            assert totals(s) == FOUR_PLAYER_TOTALS_BY_ROUND[round_index], f"after round {round_index + 1}"
    return s


def test_complete_four_player_game():
    s = play_four_player_game()
    scores = s.score()
    assert s.over and scores.final
    assert scores.totals == FOUR_PLAYER_TOTALS
    assert scores.breakdown == FOUR_PLAYER_BREAKDOWN
    assert scores.ranking == FOUR_PLAYER_RANKING and scores.winner == 2
    assert all(len(domain) == 9 for domain in s.state["domains"])
    assert GAME.view(s.state)["totals"] == [92, 51, 108, 62]
    assert s.status().phase.en == "Game over"
    # no winner line: the final screen opens on the ranking (the last land's bonuses are the last word)
    assert not any("klan!" in m.cs for m in s.status().recent)
    assert Session(GAME, {"seats": 4}, 0, s.entries).state == s.state


# Both seats play the same characters and lands: a tie at 73, broken by the omens.
TWO_PLAYER_GAME = [
    ([4, 4], ["forest3"] * 2, {"omen_best": [0]}),
    ([5, 5], ["field"] * 2, {"omen_best": [0]}),
    ([2, 2], ["field"] * 2, {"omen_best": [1], "bard_target": [0, 1]}),
    ([1, 1], ["river"] * 2, {"omen_best": [0]}),
    ([9, 9], ["mountain"] * 2, {"omen_best": [0]}),
    ([12, 12], ["mountain"] * 2, {"omen_best": [0]}),
    (
        [11, 11],
        ["village"] * 2,
        {"omen_best": [0], "explorer_give": ["forest3"] * 2, "explorer_receive": ["river"] * 2},
    ),
    ([8, 8], ["forest6"] * 2, {"omen_best": [0], "midwife_take_back": [4, 4]}),
]
TWO_PLAYER_BREAKDOWN = {
    "start": 2,
    "lands": 3 + 2 + 4 + 1 + 0 + 20 + 8 + 6 + 5,
    "characters": 0 + 3 + 2 + 0 + 0 + 0 + 12 + 0 + 0,
    "falconer_losses": 0,
    "end_bonus": 5,
}


def test_complete_two_player_game_tie_broken_by_the_last_rounds_omens():
    s = new(2)
    for picks, lands, answers in TWO_PLAYER_GAME:
        play_round(s, picks, lands, **answers)
    seen = play_round(s, [4, 4], ["forest5"] * 2, omen_best=[0])
    assert "final_omen_best" not in seen  # the round-9 answer still holds: same top card
    scores = s.score()
    assert scores.totals == {0: 73, 1: 73}
    assert scores.breakdown == {0: TWO_PLAYER_BREAKDOWN, 1: TWO_PLAYER_BREAKDOWN}
    assert scores.final and scores.ranking == (0, 1)


def test_complete_two_player_game_tie_asked_after_a_tracker():
    s = new(2)
    for picks, lands, answers in TWO_PLAYER_GAME:
        play_round(s, picks, lands, **answers)
    seen = play_round(s, [7, 7], ["forest5"] * 2, omen_best=[0], final_omen_best=[1])
    assert seen[-1] == "final_omen_best"
    assert s.score().totals == {0: 73, 1: 73}
    assert s.score().ranking == (1, 0) and s.over


def test_three_way_final_tie_is_asked_until_everyone_is_ranked():
    s = new(3)
    rounds = [
        (4, "forest3"),
        (5, "field"),
        (1, "field"),
        (9, "river"),
        (12, "mountain"),
        (11, "village"),
        (8, "forest6"),
        (4, "forest5"),
    ]
    extra = {
        11: {"explorer_give": ["forest3"] * 3, "explorer_receive": ["river"] * 3},
        8: {"midwife_take_back": [4] * 3},
    }
    for pick, land in rounds:
        play_round(s, [pick] * 3, [land] * 3, omen_best=[0, 1], **extra.get(pick, {}))
    seen = play_round(s, [7] * 3, ["mountain"] * 3, omen_best=[0, 1], final_omen_best=[2, 0])
    assert seen.count("final_omen_best") == 2
    assert len(set(s.score().totals.values())) == 1
    assert s.score().ranking == (2, 0, 1)


def test_example_session_file_replays_to_the_documented_result():
    data = json.loads(EXAMPLE_FILE.read_text(encoding="utf-8"))
    assert (data["format"], data["version"], data["game"]) == ("companion-session", 1, "vaaalbara")
    s = Session(GAME, data["options"], data["seed"], data["entries"])
    assert s.over
    assert s.score().totals == FOUR_PLAYER_TOTALS
    assert s.score().ranking == FOUR_PLAYER_RANKING
    assert s.state == play_four_player_game().state


def test_example_session_file_is_the_scripted_game():
    data = json.loads(EXAMPLE_FILE.read_text(encoding="utf-8"))
    assert [entry["action"] for entry in data["entries"]] == play_four_player_game().actions
