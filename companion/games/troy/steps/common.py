"""What Troy's steps share. Every Troy decision is a question on the Catan core's queue
(``{"step": <step name>, "seat": ..., ...}``): the build menu or the end of a turn queues it,
its step answers it and leaves the queue (``core.finish``), and the core carries on where it was."""

from __future__ import annotations

from ....engine import Msg, Prompt, PromptKind, TaskStep, numbered
from ...catan import core


def one_seat(seat: int | None) -> tuple[int, ...]:
    """Who answers: that seat, or anyone at the table (None)."""
    return () if seat is None else (seat,)


def choice(step: str, seat: int, title: Msg, pairs, back: bool = False, detail: Msg | None = None) -> Prompt:
    return Prompt(PromptKind.CHOICE, step, one_seat(seat), title, {-1: numbered(pairs, back=back)}, detail=detail)


def confirm(step: str, seat: int | None, title: Msg, detail: Msg | None = None) -> Prompt:
    return Prompt(PromptKind.CONFIRM, step, one_seat(seat), title, detail=detail)


class QueuedStep(TaskStep):
    """A queued Troy task; "*" (back), where offered, drops it and changes nothing else."""

    def drop(self, state: dict, task: dict) -> None:
        core.finish(state, task)


def queue(state: dict, *tasks: dict) -> None:
    """Ask these next, in this order, before anything already waiting."""
    state["queue"][0:0] = list(tasks)


def name(state: dict, seat: int) -> Msg:
    return core.who(state, seat)
