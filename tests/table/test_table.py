from companion.surface.events import KeyEvent, PadPresence
from companion.surface.frame import LED_ERROR, LED_LOCKED, LED_TURN, LED_WAITING
from companion.table.flow import MainMenu, Over, Pair, Play, UndoAll

from .helpers import host, one_step_table, pad, press, toy_table


def test_menu_starts_a_game_with_the_chosen_seats():
    table, rec = toy_table(seats=3)
    assert isinstance(table.screen, Play)
    assert table.session.state["seats"] == 3
    assert rec.sessions["s1"]["seed"] == 5


def test_hidden_pick_reveals_only_when_everyone_locked_and_picks_may_change():
    table, rec = toy_table()
    press(table, pad(1, "3#"))
    assert rec.sessions["s1"]["entries"] == []  # nothing leaves the table before the reveal
    assert table.leds()[0] == LED_LOCKED and table.leds()[1] == LED_WAITING
    press(table, pad(1, "1#"))  # seat 1 changes its mind
    press(table, pad(2, "2#"))  # the last lock reveals
    (entry,) = rec.sessions["s1"]["entries"]
    assert entry["action"] == {"step": "pick", "picks": {"0": 1, "1": 2}}
    assert set(entry["locked"]) == {"0", "1"}  # when each seat locked, written with the reveal
    assert table.session.state["picks"] == {0: 1, 1: 2}


def test_mistyped_code_blinks_error_and_locks_nothing():
    table, _rec = toy_table()
    press(table, pad(1, "7#"))
    assert table.leds()[0] == LED_ERROR
    assert table.answer.secret.locked_seats() == ()
    press(table, pad(1, "2"))
    assert table.leds()[0] == LED_WAITING


def test_host_cannot_enter_secret_picks():
    table, _ = toy_table()
    press(table, host("ok"))
    assert "pads" in " ".join(table.frame().lines[:2])
    assert table.answer.secret.locked_seats() == ()


def test_public_prompts_by_host_and_pad_and_refusal_changes_nothing():
    table, rec = toy_table()
    press(table, pad(1, "3#") + pad(2, "1#"))
    press(table, host("ok"))  # confirm: roll
    assert table.session.prompt.step == "bonus"
    assert table.leds()[0] == LED_TURN
    press(table, pad(2, "1#"))  # not seat 2's prompt
    assert table.leds()[1] == LED_ERROR
    entries = list(rec.sessions["s1"]["entries"])
    press(table, pad(1, "4#"))  # the toy forbids 4
    assert table.frame().lines[0] == "✗ Four is forbidden." and table.frame().roles[0] == "notice"
    assert rec.sessions["s1"]["entries"] == entries
    press(table, pad(1, "2#"))
    assert rec.sessions["s1"]["entries"][-1]["action"] == {"step": "bonus", "seat": 0, "value": 2}


def test_undo_free_for_public_action_needs_everyone_after_reveal():
    table, rec = toy_table()
    press(table, pad(1, "3#") + pad(2, "1#"))
    press(table, host("back", "ok"))  # undoing the reveal needs every seat
    assert isinstance(table.screen, UndoAll)
    press(table, pad(1, "#"))
    assert isinstance(table.screen, UndoAll)
    press(table, pad(2, "#"))
    assert isinstance(table.screen, Play) and table.session.prompt.step == "pick"
    assert rec.sessions["s1"]["entries"][-1] == {"undo": {"confirmed": True}}


def test_failed_storage_is_not_acknowledged():
    table, rec = toy_table()
    rec.fail = True
    press(table, pad(1, "3#") + pad(2, "1#"))
    assert table.session.prompt.step == "pick"
    assert "disk full" in " ".join(table.frame().lines)


def test_unplugged_pad_pauses_the_reveal_and_keeps_locked_picks():
    table, rec = toy_table()
    press(table, pad(1, "3#"))
    table.handle(PadPresence(1, False))
    press(table, pad(2, "2#"))
    assert rec.sessions["s1"]["entries"] == []  # paused: seat 2's pad is gone... its pick waits
    table.handle(PadPresence(1, True))  # back: the reveal happens at once
    assert rec.sessions["s1"]["entries"][0]["action"]["picks"] == {"0": 3, "1": 2}


def test_full_game_reaches_final_screen_and_history():
    table, rec = toy_table()
    for _ in range(2):
        press(table, pad(1, "3#") + pad(2, "1#") + host("ok") + pad(1, "1#"))
    assert isinstance(table.screen, Over)
    assert not rec.finished and table.unarchived  # the ranking first; the archive after the frame
    assert table.housekeeping() is False
    assert rec.finished and rec.finished[0][2] == 0 and not table.unarchived
    frame = table.frame()
    assert frame.header.startswith("Game over")
    assert frame.lines[0].startswith("1. Player 1 ") and frame.lines[1].startswith("2. Player 2 ")
    assert "+" in frame.lines[2]  # the ranking first, the last action's gain under it
    press(table, host("ok"))
    assert isinstance(table.screen, MainMenu)


def test_a_long_ranking_scrolls_on_the_final_screen():
    table, _rec = toy_table(seats=4)
    for _ in range(2):
        press(table, pad(1, "3#") + pad(2, "1#") + pad(3, "2#") + pad(4, "1#") + host("ok") + pad(1, "1#"))
    assert isinstance(table.screen, Over)
    frame = table.frame()
    assert len(frame.lines) == 5 and frame.selected is None and "▲▼" in frame.footer  # 4 places, the last gain
    assert frame.lines[0].startswith("1. ") and frame.roles[-1] == "news"
    press(table, host("down"))
    assert table.frame().selected == 0  # the first key lights the winner
    press(table, host("down", "down", "down"))
    assert table.frame().selected == 3  # the last place
    from companion.hw.screen import visible_lines

    assert visible_lines(table.frame(), 3)[1][-1].startswith("4. ")
    press(table, host("down", "down", "down"))  # then the rows under the ranking, to the last
    frame = table.frame()
    assert frame.selected is None and visible_lines(frame, 3)[1][-1] == frame.lines[-1]
    assert frame.roles[-1] == "news"


def test_unknown_key_events_are_ignored_without_crash():
    table, _ = toy_table()
    table.handle(KeyEvent(None, "3"))
    table.handle("garbage")
    table.handle(KeyEvent(7, "#"))
    assert isinstance(table.screen, Play)


def test_seat_without_keypad_picks_on_host_behind_a_privacy_prompt():
    from companion.hw.screen import cut_lines
    from companion.table.table import Table

    from ..engine.toy import GAME as TOY
    from .helpers import MemoryRecorder

    rec = MemoryRecorder()
    table = Table(rec, {"toy": TOY}, "en", new_seed=lambda: 5, yes_no_seats=frozenset({1}))
    press(table, host("ok", "ok"))
    press(table, pad(1, "2#"))
    assert "OK = secret pick on host" in " ".join(table.frame().lines)
    press(table, host("ok"))  # seat 2 comes to the box
    assert "look away" in " ".join(table.frame().lines)
    assert rec.sessions["s1"]["entries"] == []
    for step in ("look away", "options"):  # the privacy screens are shown whole
        for table.language in ("cs", "en"):
            assert cut_lines(table.frame()) == [], step
        table.language = "en"
        if step == "look away":
            press(table, host("ok"))  # start
    press(table, host("down", "down", "ok"))  # move to the third option, lock
    assert rec.sessions["s1"]["entries"][0]["action"]["picks"] == {"0": 2, "1": 3}


class FakeSeating:
    def __init__(self):
        self.calls = []

    def begin(self):
        self.calls.append("begin")

    def finish(self, mapping):
        self.calls.append(mapping)


def test_pairing_from_the_menu_seats_pads_in_press_order():
    from companion.surface.events import RawPadKey
    from companion.table.table import Table

    from ..engine.toy import GAME as TOY
    from .helpers import MemoryRecorder

    seating = FakeSeating()
    table = Table(MemoryRecorder(), {"toy": TOY}, "en", seating=seating)
    table.handle(RawPadKey("E661", "5"))
    assert table.messages.notice[0].en.startswith("Unpaired pad")
    press(table, host("down", "ok"))  # "Pair pads" is after the game
    assert isinstance(table.screen, Pair) and seating.calls == ["begin"]
    table.handle(RawPadKey("BBB", "1"))
    table.handle(RawPadKey("AAA", "#"))
    table.handle(RawPadKey("BBB", "2"))  # the same pad again keeps its seat
    assert "Seat 3" in table.frame().lines[0]
    press(table, host("back"))  # undo the last seated pad
    press(table, host("ok"))
    assert seating.calls[-1] == {"BBB": 0} and isinstance(table.screen, MainMenu)


def test_a_pad_needing_new_firmware_is_named_on_the_screen_until_it_is_fine():
    from companion.surface.events import PadTrouble
    from companion.table.table import Table

    from .helpers import MemoryRecorder

    table = Table(MemoryRecorder(), {}, "cs")
    table.handle(PadTrouble("A7", "old_firmware", "Pad A7 speaks pad protocol 0 ..."))
    assert " ".join(table.frame().lines[:2]) == "Pad A7: nahrajte nový firmware padu."
    table.handle(KeyEvent(None, "down"))  # a key clears notices, not the trouble
    assert " ".join(table.frame().lines[:2]) == "Pad A7: nahrajte nový firmware padu."
    assert table.frame().selected == 3  # the menu cursor stays on the menu (the notice takes 2 rows)
    table.handle(PadTrouble("A7", ""))
    assert "Pad A7" not in " ".join(table.frame().lines)


def test_a_long_text_is_shown_whole_one_item_a_line_and_scrolls():
    from companion.engine import Msg, Prompt, PromptKind, Step

    plan = "; ".join(f"Coast {n}: 1 face up" for n in range(1, 6))

    class Go(Step):
        name = "go"

        def prompt(self, state, task):
            return Prompt(PromptKind.CONFIRM, "go", (), Msg("Production", "Production"), detail=Msg(plan, plan))

        def apply(self, state, action, task):
            state["done"] = True

    table = one_step_table(Go())
    press(table, host("ok", "ok"))
    frame = table.frame()
    assert frame.lines[:3] == ("Production", "Coast 1: 1 face up", "Coast 2: 1 face up")
    assert "▲▼ more" in frame.footer
    press(table, host("down"))  # a screen at a time
    assert table.frame().lines == ("Coast 3: 1 face up", "Coast 4: 1 face up", "Coast 5: 1 face up")
    press(table, host("down", "down", "down"))  # clamps at the end
    assert table.frame().lines == ("Coast 3: 1 face up", "Coast 4: 1 face up", "Coast 5: 1 face up")
    press(table, pad(1, "2"))  # a pad scrolls back up
    assert table.frame().lines[0] == "Production"
    press(table, host("ok"))
    assert isinstance(table.screen, Over)


def test_a_question_longer_than_the_panel_keeps_its_answer_on_screen_and_is_read_whole_above_it():
    """The answer screen: the question shortened (its short form, else its first row and ▼),
    the option OK takes lit on a row of its own; up on the first option opens the whole question,
    which no key answers; down from its end (or OK) comes back to the answer."""
    from companion.engine import Msg, Option, Prompt, PromptKind, Step
    from companion.surface.panel import fits

    long = "A new tile turned up in the offer: which of the three sets printed on its back is it from?"
    short = Msg("Nová destička: sada?", "New tile: which set?")

    def ask(with_short):
        class Ask(Step):
            name = "ask"

            def prompt(self, state, task):
                return Prompt(
                    PromptKind.CHOICE,
                    "ask",
                    (),
                    Msg(long, long),
                    {-1: tuple(Option(v, Msg(v, v), str(i + 1)) for i, v in enumerate(("a", "b")))},
                    short=short if with_short else None,
                )

            def apply(self, state, action, task):
                state["done"] = action.value

        return Ask()

    table = one_step_table(ask(True))
    press(table, host("ok", "ok"))
    frame = table.frame()
    assert frame.lines[:2] == ("New tile: which set?", "1 a") and frame.roles[:2] == ("question", "answer")
    assert frame.selected == 1 and all(fits(line) for line in frame.lines)

    table = one_step_table(ask(False))
    press(table, host("ok", "ok"))
    frame = table.frame()
    assert frame.lines[0].endswith("▼") and frame.roles[frame.selected] == "answer"
    assert frame.lines[frame.selected] == "1 a" and frame.selected < table.panel.body_rows
    press(table, host("up"))  # above the first option: the whole question, from its start
    frame = table.frame()
    assert " ".join(frame.lines).startswith(long[:40]) and frame.selected is None
    press(table, host("ok"))  # OK on the reading page answers nothing: back to the answer
    assert "done" not in table.session.state or table.session.state["done"] is None
    assert table.frame().lines[table.frame().selected] == "1 a"
    press(table, host("up"))
    for _ in range(5):  # read down to the end, then back
        if not table.answer.reading:
            break
        press(table, host("down"))
    assert not table.answer.reading and table.answer.cursor == 0
    press(table, host("down", "ok"))
    assert table.session.state["done"] == "b"


def test_a_result_screen_says_once_what_it_lists_itself():
    """Announcements stand above a confirmation; one the screen's own list repeats (every hero's
    move under "Move the heroes") is read there once, the others stay above the question."""
    from companion.engine import Msg, Prompt, PromptKind, Step

    moved, stays, gained = (
        Msg("Hráč 1: bojovník → Pobřeží 2", "Player 1: warrior → Coast 2"),
        Msg("Hráč 2: bojovník zůstává", "Player 2: the warrior stays"),
        Msg("Hráč 1: +1", "Player 1: +1"),
    )

    class Moved(Step):
        name = "moved"

        def prompt(self, state, task):
            listed = Msg(f"{moved.cs}; {stays.cs}", f"{moved.en}; {stays.en}")
            return Prompt(PromptKind.CONFIRM, "moved", (), Msg("Posuňte hrdiny", "Move the heroes"), detail=listed)

        def apply(self, state, action, task):
            state["done"] = True

    table = one_step_table(Moved())
    press(table, host("ok", "ok"))
    table.messages.news = [moved, gained]
    for table.language in ("cs", "en"):
        lines = " ".join(table.frame().lines)
        assert lines.count(moved.get(table.language).split(" → ")[0]) == 1
        assert gained.get(table.language) in lines and stays.get(table.language).split()[0] in lines
    table.messages.news = []
    assert "Move the heroes" in table.frame().lines
