"""Keys that go where the players meant them, and refusals that say why.

- the in-game menu is modal: its keys never move the question underneath, which it leaves as it
  found it;
- a key on the pad of a seat that is not asked names both seats; a code the prompt does not list
  names the seat, the code and the codes there are; a code of an answer the step knows but does not
  offer now (``Prompt.unoffered``) gets the game's own rule, on the panel and never committed;
- announcements are read a whole sentence at a time; a name joined with a no-break space stays on
  one row;
- ``unplug N`` in a script stops that pad's keys until ``plug N``;
- ``--frames`` writes each frame's rows as laid out, with their roles.
"""

from __future__ import annotations

import json

from companion.engine import Msg, Option, Prompt, PromptKind, RuleError, Step
from companion.hw.emulated import parse_script
from companion.surface.events import KeyEvent, PadPresence
from companion.surface.frame import LED_ERROR
from companion.table.flow import GameMenu

from ..companion_process import run_companion
from .helpers import host, one_step_table, pad, press
from .test_news_and_menus import vaaalbara_table


class PickSeat(Step):
    """Seat 1 names another seat; its own seat (code 1) is known but not offered."""

    name = "pick_seat"

    def prompt(self, state, task):
        return Prompt(
            PromptKind.CHOICE,
            self.name,
            (0,),
            Msg("Koho?", "Whom?"),
            {-1: (Option(1, Msg("Hráč 2", "Player 2"), "2"),)},
            unoffered={-1: (Option(0, Msg("Hráč 1", "Player 1"), "1"),)},
        )

    def explain(self, state, task, seat, value):
        return RuleError("one_step.not_yourself", Msg("Hráč 1: sebe vybrat nelze.", "Player 1: not yourself."))

    def apply(self, state, action, task):
        state["done"] = action.value


def started(step):
    table = one_step_table(step)
    press(table, host("ok", "ok"))
    return table


def test_an_unoffered_code_gets_the_games_rule_and_commits_nothing():
    table = started(PickSeat())
    press(table, pad(1, "1"))
    assert [m.en for m in table.messages.notice] == ["✗ Player 1: not yourself."]
    assert table.session.state["done"] is None and table.leds()[0] == LED_ERROR
    assert table.signals.notes[0].en == "Refused: see panel"
    press(table, pad(1, "7"))
    assert [m.en for m in table.messages.notice] == ["✗ Player 1: no code 7 here (2)."]
    press(table, pad(1, "2"))
    assert table.session.state["done"] == 1


def test_a_key_on_the_wrong_pad_names_whose_turn_it_is():
    table = started(PickSeat())
    press(table, pad(2, "2"))
    assert [m.en for m in table.messages.notice] == ["✗ Player 2: it is Player 1's turn."]
    assert table.session.state["done"] is None and table.leds()[1] == LED_ERROR


def test_a_refused_hidden_pick_is_told_to_its_seat_and_the_panel_reads_one_neutral_line():
    """Vaaalbara: a code no option of the seat has is refused on that seat's own screen with the
    code and why, with a red LED; the panel names only the seat, in words that are the same
    whatever was typed, and the seat's next keys do not move it."""
    from companion.table.seat_screens import seat_screen
    from companion.web.views import seat_view

    table, _ = vaaalbara_table()
    prompt = table.session.prompt
    assert prompt.kind.hidden
    press(table, pad(1, "99#"))
    assert [m.cs for m in table.messages.notice] == ["✗ Modrá: volba nepřijata, zadej ji znovu."]
    assert table.leds()[0] == LED_ERROR and not table.answer.collector.entries[0].is_locked
    assert "99" in " ".join(seat_screen(table, 0).ask) and "99" in seat_view(table, 0)["refused"]
    assert seat_view(table, 1)["refused"] == "" and "99" not in " ".join(seat_screen(table, 1).ask)
    frame = table.frame()
    press(table, pad(1, "0"))  # typing on: the panel does not keep time with it
    assert table.frame() == frame
    press(table, pad(1, "1#"))  # locked: every LED shows it, and the line goes with it
    assert table.answer.collector.entries[0].is_locked and table.messages.notice == []


def test_the_in_game_menu_is_modal_and_leaves_the_question_as_it_found_it():
    table = started(PickSeat())
    press(table, host("down"))  # the only option: the cursor stays on it
    before = (table.answer.cursor, table.answer.browsed, table.answer.typed, table.frame())
    press(table, [KeyEvent(None, "menu")])
    assert isinstance(table.screen, GameMenu)
    press(table, host("down", "down", "down", "ok"))  # to the language, switched
    assert table.language == "cs" and isinstance(table.screen, GameMenu)
    press(table, pad(1, "2"))  # pad keys do not reach the question under the menu
    assert table.session.state["done"] is None
    press(table, host("back"))
    table.language = "en"
    assert (table.answer.cursor, table.answer.browsed, table.answer.typed, table.frame()) == before


def test_a_long_announcement_breaks_between_sentences_never_inside_one():
    from companion.table.screens import news_page_rows

    table, _ = vaaalbara_table()
    table.messages.news = [
        Msg(
            "Konec kola 8: posuňte řadu 2 nahoru. Všichni si doberou do 5 karet. Hráč\u00a03 bere.",
            "End of round 8: move row 2 up. Everyone draws back to 5 cards. Player\u00a03 takes.",
        )
    ]
    for language in ("cs", "en"):
        table.language = language
        pages = news_page_rows(table)
        text = table.messages.news[0].get(language)
        for page in pages:
            joined = " ".join(page)
            assert joined.endswith((".", ":")) or joined == " ".join(pages[-1]), pages
            assert len(page) <= table.panel.body_rows
        assert " ".join(" ".join(page) for page in pages) == text  # every word, in order
        assert not any(row.endswith(("Hráč", "Player")) for page in pages for row in page)


def test_an_unplugged_pad_sends_no_keys_in_a_script():
    events = parse_script("pad 1 1\nunplug 2\npad 2 3 #\npad 1 2\nplug 2\npad 2 4")
    keys = [(e.seat, e.key) for e in events if isinstance(e, KeyEvent)]
    assert keys == [(0, "1"), (0, "2"), (1, "4")]
    assert [e.connected for e in events if isinstance(e, PadPresence)] == [False, True]


def test_frames_are_written_with_their_rows_as_laid_out(tmp_path):
    script = tmp_path / "keys.txt"
    script.write_text("host ok\nhost ok\nquit\n", encoding="utf-8")
    run = run_companion(
        "run", "--script", script, "--data-dir", tmp_path / "d", "--language", "en", "--frames", tmp_path / "f"
    )
    assert run.returncode == 0, run.stderr
    layouts = sorted((tmp_path / "f").glob("frame_*.json"))
    assert layouts and len(layouts) == len(list((tmp_path / "f").glob("frame_*.png")))
    first = json.loads(layouts[0].read_text(encoding="utf-8"))
    assert first["size"] == [128, 64] and first["rows"][0]["role"] == "header"
    roles = {row["role"] for layout in layouts for row in json.loads(layout.read_text(encoding="utf-8"))["rows"]}
    assert {"header", "footer"} <= roles
