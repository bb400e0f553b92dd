"""The panel's second evening (issue 35, the table's side): keys the table did not mean, answers
pushed off the panel, texts cut without a ▼, what a vote screen hides, what is said twice."""

from __future__ import annotations

import pytest

from companion.engine import Msg
from companion.games import available, load
from companion.hw.screen import laid_out
from companion.table.flow import Play
from companion.table.table import Table

from .helpers import MemoryRecorder, host, press
from .test_news_and_menus import reveal_characters


class Clock:
    def __init__(self):
        self.now = 100.0

    def __call__(self):
        return self.now


def vaaalbara(language="cs", clock=None):
    recorder = MemoryRecorder()
    games = {name: load(name) for name in available()}
    kwargs = {"clock": clock} if clock is not None else {}
    table = Table(recorder, games, language, new_seed=lambda: 3, **kwargs)
    press(table, host("ok", "ok"))
    return table, recorder


def drawn(table):
    return laid_out(table.frame(), table.panel)["rows"]


def to_announcement(table):
    """Answer on the host until an action's announcements stand before a list."""
    reveal_characters(table)
    for _ in range(20):
        if table.news_blocks() and table.session.prompt.kind.name == "CHOICE":
            return
        press(table, host("ok"))
    raise AssertionError("no announcement before a list")


# -- 1. back on an announcement screen -----------------------------------------------------------


@pytest.mark.parametrize("language", ["cs", "en"])
def test_back_on_announcements_only_puts_them_away_and_the_question_is_shown_before_ok_answers(language):
    clock = Clock()
    table, recorder = vaaalbara(language, clock=clock)
    to_announcement(table)
    table.fittings.guard = 0.25  # the table's own guard, from here on
    entries = len(recorder.sessions["s1"]["entries"])
    clock.now += 5
    press(table, host("back"))  # on the announcements
    assert isinstance(table.screen, Play) and not table.messages.news
    assert table.messages.notice == []  # no "New screen: press again."
    rows = drawn(table)
    assert any(row["role"] == "answer" and row["lit"] for row in rows)
    press(table, host("ok"))  # at once: the question has only just been shown
    assert len(recorder.sessions["s1"]["entries"]) == entries
    clock.now += 1
    press(table, host("ok"))  # read: now it answers
    assert len(recorder.sessions["s1"]["entries"]) == entries + 1


# -- 2. the answer rows stay on the panel under a notice ----------------------------------------------


@pytest.mark.parametrize("language", ["cs", "en"])
@pytest.mark.parametrize(
    "notice",
    [
        Msg("Modrá hraje na telefonu (Anna Marie Nováková).", "Blue plays on a phone (Anna Marie Nováková)."),
        Msg(
            "✗ Nejdřív si musíš vzít kartu z nabídky, teprve potom můžeš stavět na svém území.",
            "✗ You must first take a card from the offer; only then can you build on your land.",
        ),
    ],
)
def test_a_long_notice_leaves_the_lit_answer_on_the_panel_and_up_reads_it_whole(language, notice):
    table, recorder = vaaalbara(language)
    to_announcement(table)
    press(table, host("ok"))  # the announcements read
    table.messages.notice = [notice]
    rows = drawn(table)
    lit = [row for row in rows if row["lit"] and row["role"] == "answer"]
    assert lit, [r["text"] for r in rows]
    said = [row["text"] for row in rows if row["role"] == "notice"]
    assert said and said[-1].endswith("▼")  # shortened, and says so
    press(table, host("up"))  # reads the notice whole
    assert table.messages.notice == [notice] and table.answer.reading
    page = table.frame()
    whole = table.panel.rows(notice.get(language))
    assert list(page.lines[: len(whole)]) == whole
    entries = len(recorder.sessions["s1"]["entries"])
    press(table, host("ok"))  # back to the answer, nothing answered
    assert len(recorder.sessions["s1"]["entries"]) == entries and not table.answer.reading
