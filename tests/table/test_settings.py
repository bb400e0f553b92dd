"""The settings menu (a game's options before it starts) and the box memory between sessions."""

import json

import pytest

from companion.engine import Msg, RuleError, Setting
from companion.known_games import KNOWN
from companion.store.boxes import BoxFiles
from companion.surface.events import KeyEvent
from companion.table.flow import MainMenu, Play
from companion.table.table import Table

from ..engine.toy import Toy
from .helpers import MemoryRecorder, host, pad, press

YES_NO = ((False, Msg("ne", "no")), (True, Msg("ano", "yes")))
SETS = (("a", Msg("Á", "A")), ("b", Msg("B", "B")), ("c", Msg("C", "C")), ("d", Msg("D", "D")))


class SetToy(Toy):
    """The toy with settings, a refused combination, and one learned box fact per session."""

    name = "settoy"
    settings = (
        Setting("rounds", Msg("Kola", "Rounds"), ((2, Msg("2", "2")), (3, Msg("3", "3")))),
        Setting("fast", Msg("Rychle", "Fast"), YES_NO, seats=(3,)),
        Setting("sets", Msg("Sady", "Sets"), SETS, pick=2),
    )

    def check_options(self, options):
        out = super().check_options(options)
        if out.get("rounds") == 3 and out.get("sets") == ["c", "d"]:
            raise RuleError(
                "settoy.combo", Msg("Tři kola nejdou se sadami C a D.", "Three rounds do not go with sets C and D.")
            )
        box = out.get("box", {})
        if not isinstance(box, dict) or set(box) - {"facts"}:
            raise RuleError("settoy.box", Msg("Data krabice mají jen část facts.", "Box data has only 'facts'."))
        return out

    def setup(self, options, seed):
        state = super().setup(options, seed)
        state["options"] = {k: v for k, v in options.items() if k != "box"}
        state["box"] = options.get("box", {})
        return state

    def perform(self, state, action):
        super().perform(state, action)
        facts = state["box"].setdefault("facts", [])
        facts.append(len(facts))

    def learned_box(self, state):
        return state["box"]


def menu_table(seats_down=0, box_memory=None):
    recorder = MemoryRecorder()
    table = Table(recorder, {"settoy": SetToy()}, "en", new_seed=lambda: 5, box_memory=box_memory)
    press(table, host("ok") + host(*["down"] * seats_down) + host("ok"))
    return table, recorder


def labels(table):
    return [item.label.en for item in table.screen.items]


def test_settings_offered_for_the_seat_count_with_defaults_and_start_first():
    table, _ = menu_table()
    assert isinstance(table.screen, MainMenu)
    assert labels(table) == ["▶ Start the game", "Rounds: 2", "Sets: A, B", "← back"]
    table3, _ = menu_table(seats_down=1)
    assert "Fast: no" in labels(table3)


def test_ok_cycles_a_value_and_start_uses_the_chosen_options():
    table, rec = menu_table()
    press(table, host("down", "ok"))
    assert labels(table)[1] == "Rounds: 3" and table.screen.cursor == 1
    press(table, host("ok"))
    assert labels(table)[1] == "Rounds: 2"
    press(table, host("ok", "up", "ok"))  # rounds 3, then start
    assert isinstance(table.screen, Play)
    options = rec.sessions["s1"]["options"]
    assert options["rounds"] == 3 and options["sets"] == ["a", "b"] and options["seats"] == 2


def test_a_pick_setting_needs_exactly_its_count():
    table, rec = menu_table()
    press(table, host("down", "down", "ok"))  # into "Sets"
    assert labels(table)[:2] == ["☑ A", "☑ B"]
    press(table, host("ok"))  # untick A
    press(table, host("down", "down", "down", "down", "ok"))  # "done" with one ticked: refused
    assert table.frame().lines[0] == "Chosen 1 of 2"
    press(table, host("up", "up", "ok", "down", "down", "ok"))  # tick C, then done
    assert labels(table)[2] == "Sets: B, C" and table.screen.cursor == 0
    press(table, host("ok"))
    assert isinstance(table.screen, Play) and rec.sessions["s1"]["options"]["sets"] == ["b", "c"]


def test_a_refused_combination_says_why_and_stays_in_the_menu():
    table, rec = menu_table()
    press(table, host("down", "ok"))  # rounds 3
    press(table, host("down", "ok"))  # into sets
    press(table, host("ok", "down", "ok", "down", "ok", "down", "ok", "down", "ok"))  # untick A, B; tick C, D; done
    assert labels(table)[2] == "Sets: C, D"
    press(table, host("ok"))  # start
    assert isinstance(table.screen, MainMenu) and rec.sessions == {}
    # the refusal is shown whole, broken into rows that fit the panel
    assert " ".join(table.frame().lines).startswith("Not allowed Three rounds do not go with sets C and D.")


def test_a_game_without_settings_starts_right_after_the_seat_count():
    from .helpers import toy_table

    table, _ = toy_table()
    assert isinstance(table.screen, Play)


def test_box_memory_saves_learned_facts_and_the_next_session_gets_them(tmp_path):
    memory = BoxFiles(tmp_path / "box", check=KNOWN.memory_problem)
    table, _rec = menu_table(box_memory=memory)
    press(table, host("ok"))  # start
    assert not (tmp_path / "box" / "settoy.json").exists()  # nothing learned yet
    press(table, pad(1, "3#") + pad(2, "1#"))  # the first action teaches a fact
    saved = json.loads((tmp_path / "box" / "settoy.json").read_text())
    assert saved == {"facts": [0]}
    table2, rec2 = menu_table(box_memory=memory)
    press(table2, host("ok"))
    assert rec2.sessions["s1"]["options"]["box"] == {"facts": [0]}


def test_undo_forgets_a_fact_entered_by_mistake(tmp_path):
    memory = BoxFiles(tmp_path / "box", check=KNOWN.memory_problem)
    table, _ = menu_table(box_memory=memory)
    press(table, host("ok") + pad(1, "3#") + pad(2, "1#"))
    assert memory.load("settoy") == {"facts": [0]}
    press(table, host("back", "ok") + pad(1, "#") + pad(2, "#"))
    assert table.session.prompt.step == "pick"
    assert memory.load("settoy") == {}


def test_saved_box_the_game_refuses_is_ignored_with_a_notice_and_kept(tmp_path):
    memory = BoxFiles(tmp_path / "box", check=KNOWN.memory_problem)
    memory.save("settoy", {"wrong": 1})
    table, rec = menu_table(box_memory=memory)
    press(table, host("ok"))
    assert isinstance(table.screen, Play) and rec.sessions["s1"]["options"]["box"] == {}  # the game's own data only
    assert " ".join(table.frame().lines).startswith("Saved box corrections not used")
    assert json.loads((tmp_path / "box" / "settoy.json").read_text()) == {"wrong": 1}


def test_unreadable_box_file_is_moved_aside_never_lost(tmp_path):
    directory = tmp_path / "box"
    directory.mkdir()
    (directory / "settoy.json").write_text("{not json")
    memory = BoxFiles(directory, check=KNOWN.memory_problem)
    assert memory.load("settoy") == {}
    assert (directory / "settoy.json.bad-1").read_text() == "{not json"
    assert not (directory / "settoy.json").exists()


@pytest.mark.parametrize(
    "language, notice",
    [
        ("cs", "Vadná data krabice odložena: box/dva_bratri.json.bad-1"),
        ("en", "Bad box data moved aside: box/dva_bratri.json.bad-1"),
    ],
)
def test_box_memory_set_aside_is_named_on_the_panel_when_the_game_starts(tmp_path, language, notice):
    """Saved box memory the game cannot use is moved aside by the store; the panel says so
    (the game starts from the shipped box data), and the next game of it says nothing."""
    from companion.games import load

    files = BoxFiles(tmp_path / "box", check=KNOWN.memory_problem)
    files.save("dva_bratri", {"tiles": 5})
    table = Table(MemoryRecorder(), {"dva_bratri": load("dva_bratri")}, language, new_seed=lambda: 3, box_memory=files)
    table.new_game("dva_bratri", {"seats": 2})
    assert isinstance(table.screen, Play)
    assert [m.get(language) for m in table.messages.notice] == [notice]
    shown = "".join(table.frame().lines).replace(" ", "")
    if notice.replace(" ", "") not in shown:  # shortened beside the answer, with ▼: ↑ reads it whole
        assert "▼" in shown
        table.handle(KeyEvent(None, "up"))
        shown = "".join(table.frame().lines).replace(" ", "")
    assert notice.replace(" ", "") in shown  # wrapped, whole
    table.messages.notice = []
    table.new_game("dva_bratri", {"seats": 2})  # the file is gone: nothing to say
    assert table.messages.notice == []
