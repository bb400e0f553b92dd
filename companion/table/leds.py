"""Each seat's LED, from the screen that has the keys (``flow``).

For hidden prompts a seat shows only waiting or locked, the same whatever it picked. A key that
made no sense blinks red; a pad that is gone shows paused, over anything else.
"""

from __future__ import annotations

from collections.abc import Iterable

from ..engine import Scores
from ..surface.frame import LED_ERROR, LED_LOCKED, LED_OFF, LED_PAUSED, LED_TURN, LED_WAITING, LED_WINNER, LedState
from .answer import Answer
from .base import Host


def seat_leds(table: Host) -> dict[int, LedState]:
    """Every seat's LED: what the screen says (off by default), then errors, then absent pads."""
    states = dict.fromkeys(range(table.seat_count()), LED_OFF)
    table.screen.leds(table, states)
    _overlay(states, table.signals.errors, LED_ERROR)
    _overlay(states, table.signals.absent, LED_PAUSED)
    return states


def play_leds(table: Host, answer: Answer, states: dict[int, LedState]) -> None:
    """The seats the prompt waits for: locked or waiting (hidden), else their turn."""
    prompt = table.prompt
    if prompt.kind.hidden:
        locked = set(answer.collector.locked_seats())
        for seat in prompt.seats:
            states[seat] = LED_LOCKED if seat in locked else LED_WAITING
    else:
        for seat in prompt.seats:
            states[seat] = LED_TURN


def undo_all_leds(confirms: set[int], states: dict[int, LedState]) -> None:
    """Every seat confirms a costly undo: locked once it did (``confirms``)."""
    for seat in states:
        states[seat] = LED_LOCKED if seat in confirms else LED_WAITING


def over_leds(scores: Scores, states: dict[int, LedState]) -> None:
    for winner in scores.winners:  # a draw lights every seat sharing first place
        states[winner] = LED_WINNER


def _overlay(states: dict[int, LedState], seats: Iterable[int], state: LedState) -> None:
    """Show ``state`` on those of ``seats`` that have an LED now."""
    for seat in seats:
        if seat in states:
            states[seat] = state
