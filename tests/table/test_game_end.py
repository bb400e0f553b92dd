"""The end of a game: the ranking at once, the history after the frame (``housekeeping``), a
restart in between completed, a failing archive retried, and what the game suggests next."""

from companion.engine import FollowUp, Msg, Scores, Session
from companion.surface.frame import LED_WINNER
from companion.table import texts
from companion.table.flow import MainMenu, Over, Play
from companion.table.table import Table
from tests.engine.toy import GAME as TOY
from tests.engine.toy import Toy

from .helpers import MemoryRecorder, host, pad, press, toy_table

A_WHOLE_TOY_GAME = (pad(1, "3#") + pad(2, "1#") + host("ok") + pad(1, "1#")) * 2


def finished_toy(table):
    press(table, A_WHOLE_TOY_GAME)
    assert isinstance(table.screen, Over)


def test_a_failing_archive_is_named_retried_and_keeps_the_final_screen():
    table, rec = toy_table()
    calls = []

    def finish(sid, scores, winner):
        calls.append(sid)
        if len(calls) == 1:
            raise OSError("No space left on device")
        rec.finished.append((sid, scores, winner))

    rec.finish = finish
    finished_toy(table)
    assert table.housekeeping() is True  # the panel must show why
    assert table.messages.notice == [texts.ARCHIVE_FAILED.format(why="No space left on device")]
    assert "No space left on device" in " ".join(table.frame().lines)
    assert not rec.finished and table.unarchived
    press(table, host("ok"))  # retried first: the space is back, so OK leaves the ranking
    assert len(calls) == 2 and rec.finished and not table.unarchived
    assert isinstance(table.screen, MainMenu)


def test_ok_stays_on_the_ranking_while_the_history_cannot_take_the_game():
    table, rec = toy_table()

    def finish(sid, scores, winner):
        raise OSError("read-only file system")

    rec.finish = finish
    finished_toy(table)
    press(table, host("ok"))
    assert isinstance(table.screen, Over) and table.unarchived  # nothing is dropped unarchived


def test_a_restart_between_the_last_action_and_the_archive_completes_it_without_asking():
    played, rec = toy_table()
    finished_toy(played)
    ((sid, stored),) = rec.sessions.items()
    again = Table(rec, {"toy": TOY}, "en")
    again.offer_resume(sid, "toy", stored["options"], stored["seed"], stored["entries"])
    assert isinstance(again.screen, Over) and again.messages.notice == [texts.RESUMED_OVER]
    again.housekeeping()
    assert rec.finished == [(sid, played.screen.scores.to_json(), played.screen.scores.winner)]


class Suggesting(Toy):
    """The toy that, once over, suggests a three-seat game of itself (or fails to say)."""

    fails = False

    def follow_up(self, state):
        if self.fails:
            raise KeyError("box")
        return FollowUp(Msg("Ještě jednu pro tři?", "Another one for three?"), {"seats": 3})


def suggesting_table(game):
    rec = MemoryRecorder()
    table = Table(rec, {"toy": game}, "en", new_seed=lambda: 5)
    press(table, host("ok", "ok"))  # the toy, two seats
    finished_toy(table)
    table.housekeeping()
    return table, rec


def test_the_games_suggestion_is_asked_after_the_ranking_and_yes_starts_it():
    table, rec = suggesting_table(Suggesting())
    press(table, host("ok"))
    frame = table.frame()
    assert isinstance(table.screen, MainMenu) and frame.header == texts.FOLLOW_UP_TITLE.en
    assert "Another one for three?" in " ".join(frame.lines)
    press(table, host("ok"))  # "Yes, now"
    assert isinstance(table.screen, Play) and table.session.state["seats"] == 3
    assert len(rec.sessions) == 2 and rec.sessions["s2"]["options"]["seats"] == 3


def test_later_or_back_leaves_the_suggestion_for_the_main_menu():
    for keys in (("down", "ok"), ("back",)):
        table, rec = suggesting_table(Suggesting())
        press(table, host("ok", *keys))
        assert isinstance(table.screen, MainMenu) and table.screen.title == texts.MENU_TITLE
        assert len(rec.sessions) == 1


def test_a_game_failing_to_suggest_goes_back_to_the_menu():
    game = Suggesting()
    game.fails = True
    table, _ = suggesting_table(game)
    press(table, host("ok"))
    assert isinstance(table.screen, MainMenu) and table.screen.title == texts.MENU_TITLE


def test_a_finished_session_replays_to_the_same_ranking_the_table_showed():
    table, rec = toy_table()
    finished_toy(table)
    stored = rec.sessions["s1"]
    assert Session(TOY, stored["options"], stored["seed"], stored["entries"]).score() == table.screen.scores


def test_the_next_game_does_not_open_with_the_last_ones_announcements():
    table, _ = suggesting_table(Suggesting())
    assert table.messages.news  # the final action announced something
    press(table, host("ok", "ok"))  # the suggestion: yes
    assert isinstance(table.screen, Play) and table.messages.news == []
    assert "Another one" not in " ".join(table.frame().lines)


def test_a_long_suggestion_is_read_from_its_start_and_ok_still_says_yes():
    game = Suggesting()
    long = Msg("Dlouhá otázka " * 8 + "konec?", "A long question " * 8 + "the end?")
    game.follow_up = lambda state: FollowUp(long, {"seats": 3})
    table, _ = suggesting_table(game)
    press(table, host("ok"))
    frame = table.frame()
    assert frame.lines[0].startswith("A long question") and frame.selected is None
    assert frame.footer == texts.MENU_MORE_HINT.en
    press(table, host("down"))  # into the items: the cursor is shown
    assert table.frame().selected is not None
    press(table, host("up"))  # back up from the items (the second one) to the first
    press(table, host("up"))  # and from the first back to the question's start
    assert table.frame().selected is None and table.screen.cursor == 0
    press(table, host("ok"))
    assert isinstance(table.screen, Play) and table.session.state["seats"] == 3


class Ending(Toy):
    """The toy whose final scores are given: a draw, or everyone lost."""

    def __init__(self, final: Scores):
        super().__init__()
        self.final = final

    def score(self, state):
        scores = super().score(state)
        return self.final if scores.final else scores


def finished_with(final: Scores, language: str):
    """A table whose toy game just ended with ``final``, and its recorder."""
    rec = MemoryRecorder()
    table = Table(rec, {"toy": Ending(final)}, language, new_seed=lambda: 5)
    press(table, host("ok", "ok"))
    finished_toy(table)
    return table, rec


def test_a_draw_shows_both_first_lights_both_and_archives_no_one_winner():
    table, rec = finished_with(Scores({0: 4, 1: 4}, ranking=(0, 1), final=True, places=(1, 1)), "cs")
    frame = table.frame()
    assert frame.header == "Konec hry · Remíza"
    assert [line for line in frame.lines if line.startswith("1.")] == ["1. Hráč 1 4", "1. Hráč 2 4"]
    assert all(state == LED_WINNER for state in table.leds().values())
    table.housekeeping()
    ((_, stored, winner),) = rec.finished
    assert winner is None and stored["winners"] == [0, 1] and stored["places"] == [1, 1]


def test_a_game_everyone_lost_says_so_and_lights_no_winner():
    """As The Great Wall when China falls."""
    table, rec = finished_with(Scores({0: 7, 1: 3}, ranking=(0, 1), final=True, nobody_won=True), "en")
    frame = table.frame()
    assert frame.header == "Game over · All lost" and "1. Player 1 7" in frame.lines
    assert LED_WINNER not in table.leds().values()
    table.housekeeping()
    ((_, stored, winner),) = rec.finished
    assert winner is None and stored["winners"] == [] and stored["places"] == [1, 2]
