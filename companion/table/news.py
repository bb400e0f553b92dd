"""Announcements: the public events an action brought, taken from what the game reports.

Every game keeps its public events in ``state["recent"]`` (``engine.events.announce``): gains and
losses with their reason, reveals, what to move on the table, an automated player's move, a
refusal of an interrupted action. After each committed action the table shows the new ones on
the panel, in order, until a key puts them away or the next action replaces them (what an
action added is ``engine.events.added``). No game needs a confirm step of its own for that.
"""

from __future__ import annotations

from ..engine import Prompt, PromptKind


def blocks(prompt: Prompt | None) -> bool:
    """Whether announcements need a screen of their own before this prompt. A confirmation and
    a hidden pick have reading screens: the announcements go on top of them and stay while
    the pads are used. A list, a number or a map needs the whole panel: a key puts the
    announcements away first."""
    return prompt is not None and not prompt.kind.hidden and prompt.kind is not PromptKind.CONFIRM
