"""The core's hooks for the end of a special building phase (``special_over``), the win check's
total (``win_points``) and the end of the game (``game_over``), with a scenario that records
when they are called and can leave its hidden points out of the win."""

from companion.engine import Msg, Session
from companion.games.catan import CatanGame, core

from .base import Base
from .test_core import act, recent, turn


class Hooked(Base):
    """The base game plus: a question after each special phase, hidden "bonus" VP that may be
    left out of the win check, and a reveal at the end."""

    name = "catan_hooked"
    count_bonus = True

    def special_over(self, state, seat):
        state.setdefault("special_overs", []).append(seat)
        core.ask(state, {"step": "longest_road", "seat": seat})

    def hidden_points(self, state, seat):
        return {"bonus": state.get("bonus", [0] * state["seats"])[seat]}

    def win_points(self, state, seat, points):
        return points if self.count_bonus else {k: v for k, v in points.items() if k != "bonus"}

    def game_over(self, state):
        state["game_overs"] = state.get("game_overs", 0) + 1
        core.note(state, Msg("Odhalení.", "The reveal."))


HOOKED = Hooked()
GAME = CatanGame(HOOKED)


def started(seats) -> Session:
    s = Session(GAME, {"seats": seats}, 1)
    act(s, "first_player", 0)
    act(s, "founding")
    return s


def test_special_over_runs_once_when_nobody_else_builds_and_its_question_comes_before_the_next_turn():
    s = started(5)
    turn(s)
    act(s, "special_who", 3)
    for _ in range(3):  # 5 roads: what Longest Road needs at least
        act(s, "special_build", "road", seat=3)
    act(s, "special_build", "done", seat=3)
    assert "special_overs" not in s.state  # player 5 may still build
    act(s, "special_who", None)
    assert s.state["special_overs"] == [0]
    assert s.prompt.step == "longest_road" and s.state["phase"] == "special" and s.state["turn"] == 0
    act(s, "longest_road", 3, seat=0)
    assert s.prompt.step == "roll" and s.state["turn"] == 1 and s.state["special_overs"] == [0]


def test_special_over_runs_once_when_the_last_builder_is_done():
    s = started(6)
    turn(s)
    for seat in range(1, 6):
        act(s, "special_who", seat)
        act(s, "special_build", "done", seat=seat)
    assert s.state["special_overs"] == [0] and s.prompt.step == "longest_road"
    act(s, "longest_road", None, seat=0)
    turn(s)
    act(s, "special_who", None)
    assert s.state["special_overs"] == [0, 1]


def test_without_a_special_phase_special_over_is_never_called():
    s = started(4)
    turn(s)
    turn(s)
    assert "special_overs" not in s.state and s.prompt.step == "roll" and s.state["turn"] == 2


def test_the_base_scenario_goes_on_to_the_next_turn_at_once():
    from .base import GAME as BASE

    s = Session(BASE, {"seats": 5}, 1)
    act(s, "first_player", 0)
    act(s, "founding")
    turn(s)
    act(s, "special_who", None)
    assert s.prompt.step == "roll" and s.state["turn"] == 1


def bonus_game(count_bonus: bool) -> Session:
    """Player 1 has 8 public VP and 2 hidden bonus VP."""
    HOOKED.count_bonus = count_bonus
    s = started(4)
    s.state["pieces"][0].update(settlement=0, city=4)
    s.state["bonus"] = [2, 0, 0, 0]
    return s


def test_win_points_all_parts_by_default():
    try:
        s = bonus_game(True)
        act(s, "roll", 5)
        assert s.over and s.state["over"]["winner"] == 0
        assert "Player 1 wins with 10 VP: 4 cities, bonus 2." in recent(s)
    finally:
        HOOKED.count_bonus = True


def test_win_points_leaving_out_the_hidden_part():
    try:
        s = bonus_game(False)
        act(s, "roll", 5)
        act(s, "build", "settlement")  # 9 + 2 hidden: not yet
        assert not s.over
        act(s, "build", "settlement")  # 10 without the bonus
        assert s.over and s.state["over"]["winner"] == 0
        assert "Player 1 wins with 10 VP: 2 settlements, 4 cities." in recent(s)
        assert "Player 1: 12 VP – 2 settlements, 4 cities, bonus 2" in recent(s)  # the true total
    finally:
        HOOKED.count_bonus = True


def test_game_over_runs_once_and_its_events_come_before_the_reason():
    s = bonus_game(True)
    act(s, "roll", 5)
    assert s.state["game_overs"] == 1
    events = recent(s)
    assert events.index("The reveal.") < events.index("Player 1 wins with 10 VP: 4 cities, bonus 2.")
    assert s.state["over"]["ranking"][0] == 0
