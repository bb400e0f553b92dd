"""The steps of Dva bratři, one per decision, grouped by phase: setup and reveals (setup),
learning printed facts (learning, identify), the player's turn (turn), Jindřich's turn
(jindrich), solo treasures (treasures) and corrections of the picture (corrections); the
teaching walk (walk) queues tasks these steps answer.
"""

from __future__ import annotations

from ....engine import Steps
from . import corrections, jindrich, learning, setup, treasures, turn

# A queued task's kind ("t") or a started move's kind names its step: the step of that name, the
# step that takes it (``takes``: a started move "take" is the step "take_tile"), or for a task
# asked fact by fact the step chosen from the state and the task.
STEPS = Steps(
    *setup.STEPS,
    *learning.STEPS,
    *treasures.STEPS,
    *turn.STEPS,
    *jindrich.STEPS,
    *corrections.STEPS,
    choose={"reveal": setup.reveal_step, "learn": learning.step_for, "treasure": treasures.step_for},
)
