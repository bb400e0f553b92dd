"""The one list of public events every game keeps: ``state["recent"]``, newest last.

Everything the table must know or act on goes here: points gained and lost with their reason,
reveals, what to move or remove on the table, an automated opponent's move, the table's
corrections. The table shows what an action added (``added``); the status line the newest.

The list is capped so the state does not grow with the game. The cap is the game's declaration
(``Game.recent_kept``): ``announce`` without ``keep`` only appends, and the engine trims the list
to the game's cap after every action (``Game.apply``). Passing ``keep`` still trims at once.
"""

from __future__ import annotations

from .i18n import Msg

RECENT = "recent"


def announce(state: dict, *events: Msg, keep: int | None = None) -> None:
    """Add public events (newest last); ``keep`` trims to the newest ``keep`` at once (None:
    the engine trims to the game's ``recent_kept`` once the action is carried out)."""
    state[RECENT] = state[RECENT] + [e.to_json() for e in events]
    if keep is not None:
        trim(state, keep)


def trim(state: dict, keep: int) -> None:
    """Keep only the newest ``keep`` public events (engine use, after every action)."""
    if RECENT in state and len(state[RECENT]) > keep:
        state[RECENT] = state[RECENT][-keep:]


def recent(state: dict, count: int) -> tuple[Msg, ...]:
    """The newest ``count`` public events, oldest first."""
    return tuple(Msg.from_json(m) for m in state[RECENT][-count:]) if count else ()


def added(before: dict, after: dict) -> tuple[Msg, ...]:
    """The public events an action added: what ``after`` holds beyond ``before``, oldest first.

    The list is capped, so the newest events of ``before`` may have moved to the front of
    ``after``: the longest tail of ``before`` that starts ``after`` is the part both share.
    (When every event in view is the same sentence the share is taken as long as possible.)
    """
    old, new = before.get(RECENT, []), after.get(RECENT, [])
    for shared in range(min(len(old), len(new)), 0, -1):
        if old[len(old) - shared :] == new[:shared]:
            return tuple(Msg.from_json(m) for m in new[shared:])
    return tuple(Msg.from_json(m) for m in new)
