"""What every Graenaland step shares: its task is read from the state when it is awaited."""

from __future__ import annotations

from typing import Any

from ....engine import Step


class TableStep(Step):
    """A step of Graenaland. ``task_of`` gives the task the game awaits it with (who answers,
    which territory, ...), read from the state the rules keep; most steps need none.

    ``shows_turn`` False: the one seat answering names someone else first (the recipient, the
    building), so the header does not mark him as the one whose turn it is; his LED shows it."""

    shows_turn = True

    def task_of(self, state: dict) -> dict:
        return {}


def picks_by_seat(picks: dict[int, Any]) -> dict[str, Any]:
    """A secret prompt's picks keyed as the state keys seats (strings)."""
    return {str(seat): pick for seat, pick in picks.items()}
