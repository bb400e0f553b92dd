"""Undo: the host asks (the panel names the action it takes back), an undo that would take back
a reveal or a random draw waits for every seat's # (the keys: ``flow.UndoAsk``, ``flow.UndoAll``),
and the table is told what to put back."""

from __future__ import annotations

from ..engine import RuleError, added
from ..engine.session import ReplayError
from . import texts
from .base import Host
from .flow import UndoAsk
from .prompts import described


def ask_undo(table: Host) -> None:
    """The undo question over the game, when there is something to take back."""
    if table.running.undo_needs_everyone() is None:
        table.messages.notice = [texts.UNDO_NOTHING]
        return
    table.screen = UndoAsk()


def do_undo(table: Host, everyone: bool) -> None:
    """Take the last action back (``everyone``: every seat confirmed) and say what to put back."""
    table.screen = table.play  # the question, its answer as it was
    try:
        outcome = table.running.plan_undo(everyone)
    except (RuleError, ReplayError) as error:
        table.refuse(getattr(error, "msg", texts.UNDO_NOTHING), None)
        table.reveal_waiting()
        return
    undone = table.running.last_action()
    after = table.running.state
    if table.persist(outcome.entry):
        table.running.commit(outcome)
        table.remember_box()  # a fact entered by mistake and taken back is forgotten too
        table.reset_input()
        said = table.messages
        said.notice = (
            [texts.UNDONE_WHAT.format(what=described(undone, table.running.game))] if undone else [texts.UNDONE]
        )
        # what the action announced is what the table puts back by hand
        said.news = [texts.PUT_BACK.format(what=m) for m in added(undone[2], after)] if undone else []
