"""The answer being confirmed is always on the panel.

Random playouts of every registered game are played key by key through the real table, on every
panel size, in Czech and in English. The first frame of every question is laid out as the panel
draws it (``hw.screen.laid_out``, from the layout, not from the text view) and must show:
- on a list, a number or a place: the current answer -- the option under the cursor, the value
  typed so far -- on a row of its own inside the panel, under who is asked and the question;
- on a hidden pick: who has locked (the footer), and never what;
- a question row that is never cut, a header and, where keys are needed, a footer.
"""

from __future__ import annotations

import pytest

from companion.engine import PromptKind
from companion.games import REGISTRY, load
from companion.hw.emulated import parse_script
from companion.hw.screen import laid_out
from companion.surface.panel import Panel
from companion.table.table import Table

from ..games.playout import play
from ..keyscript import keys_for_action
from .helpers import MemoryRecorder

MAX_ACTIONS = 600
PANELS = {"128x64": Panel(128, 64), "128x128": Panel(128, 128), "256x64": Panel(256, 64)}


def cases():
    for name in REGISTRY:
        for size in PANELS:
            yield pytest.param(name, size, id=f"{name}-{size}")


def answer_problems(table: Table) -> list[str]:
    """What the first frame of the current question fails to show, in both languages."""
    found, language = [], table.language
    prompt = table.session.prompt
    try:
        for table.language in ("cs", "en"):
            layout = laid_out(table.frame(), table.panel)
            rows = layout["rows"]
            roles = [row["role"] for row in rows]
            where = f"{table.language} {prompt.step}"
            if prompt.kind.hidden:
                footer = next((row["text"] for row in rows if row["role"] == "footer"), "")
                if table.answer.private_seat is None and not all(f"{s + 1}" in footer for s in prompt.seats):
                    found.append(f"{where}: who has locked is not in the footer: {footer!r}")
                continue
            if "map" in roles:
                continue  # the cursor is drawn in the middle of the map window
            if prompt.kind in (PromptKind.CHOICE, PromptKind.NUMBER, PromptKind.CELL):
                answers = [row for row in rows if row["role"] == "answer"]
                if not answers:
                    found.append(f"{where}: no answer row on the panel: {[r['text'] for r in rows]!r}")
                elif prompt.kind is not PromptKind.NUMBER and not answers[0]["lit"]:
                    found.append(f"{where}: the answer is not lit: {answers[0]['text']!r}")
                if "question" not in roles and not table.messages.notice:
                    found.append(f"{where}: the question is not on the panel: {[r['text'] for r in rows]!r}")
                hidden = [row["text"] for row in layout["off_panel"] if row["role"] == "question"]
                if hidden:
                    found.append(f"{where}: part of the question is off the panel: {hidden!r}")
    finally:
        table.language = language
    return found


@pytest.mark.slow
@pytest.mark.parametrize("name, size", list(cases()))
def test_the_first_frame_of_every_question_shows_its_current_answer(name, size):
    game = load(name)
    seats = game.max_seats
    seed = 500 + seats
    session = play(game, {"seats": seats}, seed, MAX_ACTIONS)
    recorder = MemoryRecorder()
    table = Table(recorder, {name: game}, "cs", new_seed=lambda: seed, panel=PANELS[size])
    session_id = recorder.create_session(name, session.options, seed, [])
    assert table.resume(session_id, name, session.options, seed, [])
    table.messages.notice = []
    found: set[str] = set()
    replay = type(session)(game, session.options, seed)
    for entry in session.entries:
        if table.news_blocks():
            press(table, ["host ok"])  # the host reads the announcements: the question's first frame
        found.update(answer_problems(table))
        press(table, keys_for_action(replay.prompt, entry["action"]))
        replay.submit(entry["action"])
        assert table.session.state == replay.state
    assert not found, "\n".join(sorted(found))


def press(table: Table, lines: list[str]) -> None:
    for event in parse_script("\n".join(lines)):
        table.handle(event)


def test_a_number_typed_on_a_pad_shows_on_the_panel_as_it_is_typed():
    """Dva bratři's cost, Gheos's counts: every digit typed changes the answer row on the panel."""
    from companion.engine import Msg, Prompt, Step

    from .helpers import one_step_table

    long = "Kolik stojí stavba, kterou chcete postavit, včetně všech slev z vyložených destiček?"

    class Cost(Step):
        name = "cost"

        def prompt(self, state, task):
            return Prompt(PromptKind.NUMBER, "cost", (0,), Msg(long, long), minimum=0, maximum=40)

        def apply(self, state, action, task):
            state["done"] = action.value

    table = one_step_table(Cost())
    press(table, ["host ok ok"])
    seen = []
    for key in "021":
        press(table, [f"pad 1 {key}"])
        rows = laid_out(table.frame(), table.panel)["rows"]
        seen.append(next(row["text"] for row in rows if row["role"] == "answer"))
    assert seen == ["Value: 0 (0–40)", "Value: 2 (0–40)", "Value: 21 (0–40)"]
    press(table, ["pad 1 #"])
    assert table.session.state["done"] == 21


def test_the_check_finds_an_answer_pushed_below_the_fold(monkeypatch):
    """The check above is not vacuous: with the question laid out whole (as the panel did before
    the answer screen), the Bard's and the omen's long questions push their answer off."""
    from companion.table import screens

    def whole(table, prompt, status, header, room):
        title, label = screens._title_and_turn(table, status)
        return table.panel.rows(f"{label}: {title}" if label else title), header

    monkeypatch.setattr(screens, "question_rows", whole)
    game = load("vaaalbara")
    session = play(game, {"seats": 5}, 505, MAX_ACTIONS)
    recorder = MemoryRecorder()
    table = Table(recorder, {"vaaalbara": game}, "cs", new_seed=lambda: 505)
    assert table.resume(
        recorder.create_session("vaaalbara", session.options, 505, []), "vaaalbara", session.options, 505, []
    )
    found: set[str] = set()
    replay = type(session)(game, session.options, 505)
    for entry in session.entries:
        if table.news_blocks():
            press(table, ["host ok"])
        found.update(answer_problems(table))
        press(table, keys_for_action(replay.prompt, entry["action"]))
        replay.submit(entry["action"])
    assert any("no answer row" in problem or "off the panel" in problem for problem in found)
