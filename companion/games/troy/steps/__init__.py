"""Troy's own steps, beside the Catan core's: the allegiance (start), the support row's
(donation, ships 3 and 6 taking from it, the battle) and the sea's (ship 5's chit, the sea people)."""

from __future__ import annotations

from . import row, sea, start

STEPS = (*start.STEPS, *row.STEPS, *sea.STEPS)
