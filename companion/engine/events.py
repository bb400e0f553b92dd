"""The one list of public events every game keeps: ``state["recent"]``, newest last.

Gains, reveals and the table's corrections are announced here; the status line and the table
show the newest. The list is capped so the state does not grow with the game.
"""

from __future__ import annotations

from .i18n import Msg

RECENT = "recent"


def announce(state: dict, *events: Msg, keep: int = 12) -> None:
    """Add public events (newest last), keeping only the newest ``keep``."""
    state[RECENT] = (state[RECENT] + [e.to_json() for e in events])[-keep:]


def recent(state: dict, count: int) -> tuple[Msg, ...]:
    """The newest ``count`` public events, oldest first."""
    return tuple(Msg.from_json(m) for m in state[RECENT][-count:]) if count else ()
