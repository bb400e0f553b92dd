"""Phase 1: what the dealer draws for each settled territory (rulebook p.3 and p.7-8)."""

from __future__ import annotations


def cap(houses: int) -> int:
    """A territory never holds more than its houses + 1 cards (p.3, the 1 restored)."""
    return houses + 1


def draws(lying: int, houses: int, road: bool, improvement: bool) -> dict[str, int]:
    """Draws in the rulebook's order (p.7): the territory's card face up, the road's card face
    down, then the improvement check card; each only while the cap is not reached."""
    room = cap(houses) - lying
    out = {"regular": 0, "road": 0, "check": 0}
    for kind, present in (("regular", True), ("road", road), ("check", improvement)):
        if present and room > 0:
            out[kind] = 1
            room -= 1
    return out


def plan(state: dict) -> list[dict]:
    """One entry per settled territory, in board order: what to draw and what lies there."""
    out = []
    for tid in state["board"]["order"]:
        houses = total_houses(state, tid)
        if houses == 0:
            continue  # only settled territories produce
        public = state["public"][tid]
        lying = state["cards"][tid]
        entry = draws(lying, houses, "road" in public, "improvement" in public)
        out.append({"territory": tid, "lying": lying, "cap": cap(houses), **entry})
    return out


def total_houses(state: dict, tid: str) -> int:
    return sum(state["settlements"][tid].values()) + len(state["buildings"][tid])
