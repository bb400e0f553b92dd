"""Every decision Vaaalbara can await, as engine steps: the round's own in ``round.py``, the
characters' in ``characters.py`` next to the effect they belong to."""

from ....engine import Steps
from .characters import DECISIONS
from .round import EndRound, FinalOmenBest, OmenBest, PickCharacter, TakeLand

STEPS = Steps(PickCharacter(), OmenBest(), *DECISIONS, TakeLand(), EndRound(), FinalOmenBest())

__all__ = ["STEPS"]
