"""The steps of Dva bratři, one per decision, grouped by phase: setup and reveals (setup),
learning printed facts (learning, identify), the player's turn (turn), Jindřich's turn
(jindrich), solo treasures (treasures) and corrections of the picture (corrections).

``ASKED`` names the step a queued task awaits (``QUEUED`` where it depends on the task);
``MOVES`` the step of a started move.
"""

from __future__ import annotations

from ....engine import Steps
from . import corrections, jindrich, learning, setup, treasures, turn

STEPS = Steps(*setup.STEPS, *learning.STEPS, *treasures.STEPS, *turn.STEPS, *jindrich.STEPS, *corrections.STEPS)


# queue task type -> the step it awaits
ASKED = {
    "start_colour": "start_colour",
    "jindrich": "jindrich_top",
    "jindrich_done": "jindrich_done",
    "discard": "discard",
    "siege": "siege",
    "start_player": "start_player",
}
# queue task type -> (state, task) -> the step it awaits, for the tasks asked in several steps
QUEUED = {"reveal": setup.reveal_step, "learn": learning.step_for, "treasure": treasures.step_for}
# a started move's kind -> its step, where the names differ (the others are named as the kind)
MOVES = {
    "take": "take_tile",
    "build": "build_tile",
    "terrain": "terrain_tile",
    "step": "step_unit",
    "withdraw": "withdraw_unit",
    "camp": "camp_at",
}
