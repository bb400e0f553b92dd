"""Undo: the host asks (the panel names the action it takes back), an undo that would take back
a reveal or a random draw waits for every seat's #, and the table is told what to put back."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..engine import Msg, Prompt, PromptKind, RuleError, added
from ..engine.session import ReplayError
from ..surface.events import KeyEvent
from . import texts

if TYPE_CHECKING:
    from .table import Table


def ask_undo(table: Table) -> None:
    if table.running.undo_needs_everyone() is None:
        table.notice = [texts.UNDO_NOTHING]
        return
    table.mode = "undo"


def on_undo_key(table: Table, event: KeyEvent) -> None:
    if event.seat is not None:
        return
    if event.key == "back":
        table.back_to_play()
    elif event.key == "ok":
        if table.running.undo_needs_everyone():
            table.mode, table.undo_confirms = "undo_all", set()
        else:
            do_undo(table, False)


def on_undo_all_key(table: Table, event: KeyEvent) -> None:
    """Every seat presses # on its pad; * on a pad or back on the host cancels."""
    if event.seat is None:
        if event.key == "back":
            table.back_to_play()
        return
    if event.key == "#":
        table.undo_confirms.add(event.seat)
    elif event.key == "*":
        table.back_to_play()
        return
    if table.undo_confirms >= set(range(table.seat_count())):
        do_undo(table, True)


def do_undo(table: Table, everyone: bool) -> None:
    table.mode = "play"
    try:
        step = table.running.plan_undo(everyone)
    except (RuleError, ReplayError) as error:
        table.refuse(getattr(error, "msg", texts.UNDO_NOTHING), None)
        table.reveal_waiting()
        return
    undone = table.running.last_action()
    after = table.running.state
    if table.persist(step.entry):
        table.running.commit(step)
        table.remember_box()  # a fact entered by mistake and taken back is forgotten too
        table.reset_input()
        table.notice = [texts.UNDONE_WHAT.format(what=described(undone))] if undone else [texts.UNDONE]
        # what the action announced is what the table puts back by hand
        table.news = [texts.PUT_BACK.format(what=m) for m in added(undone[2], after)] if undone else []


def described(last: tuple[Prompt, dict, dict] | None) -> Msg:
    """An action as players would name it: the question in short, then the answer ("Bard:
    who gains 2? → Blue"); a reveal is "the reveal" of its question."""
    if last is None:
        return texts.NOTHING
    prompt, action, _before = last
    question = prompt.short or prompt.title
    if prompt.kind.hidden:
        return texts.REVEAL_OF.format(q=question)
    value = action.get("value")
    if prompt.kind is PromptKind.CONFIRM or value is None:
        return question
    if prompt.kind is PromptKind.NUMBER:
        return texts.ANSWERED.format(q=question, a=Msg(str(value), str(value)))
    seat = action.get("seat")
    label = next((o.label for o in prompt.options_for(seat) if o.value == value), None)
    return texts.ANSWERED.format(q=question, a=label or Msg(str(value), str(value)))
