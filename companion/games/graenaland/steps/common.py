"""What every Graenaland step shares: its task is read from the state when it is awaited."""

from __future__ import annotations

from ....engine import Step


class TableStep(Step):
    """A step of Graenaland. ``task_of`` gives the task the game awaits it with (who answers,
    which territory, ...), read from the state the rules keep; most steps need none."""

    def task_of(self, state: dict) -> dict:
        return {}
