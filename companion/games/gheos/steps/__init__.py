"""Every decision Gheos can await, as engine steps: the turn's own in ``turn.py``, what a tile
causes (war, migration, temple) in ``conflicts.py``, the counts the table tells in ``counts.py``."""

from ....engine import Steps
from .conflicts import DECISIONS
from .counts import Cups, FoundWheat, PartWheat, Pyramids, Swords, TempleSymbols
from .turn import Act, Draw, Ledger, StartPlayer

STEPS = Steps(
    StartPlayer(),
    Act(),
    Ledger(),
    FoundWheat(),
    Draw(),
    Pyramids(),
    Cups(),
    *DECISIONS,
    Swords(),
    PartWheat(),
    TempleSymbols(),
)

__all__ = ["STEPS"]
