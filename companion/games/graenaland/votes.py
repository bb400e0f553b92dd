"""Votes on a territory (rulebook p.5 and p.8; the 3-player changes p.9) and the majority rule."""

from __future__ import annotations


def houses(state: dict, seat: int, tid: str) -> int:
    """Settlements and buildings alike give one vote each."""
    return state["settlements"][tid].get(str(seat), 0) + list(state["buildings"][tid].values()).count(seat)


def heroes_on(state: dict, tid: str) -> list[tuple[int, str]]:
    return [(seat, hero) for seat, mine in enumerate(state["heroes"]) for hero, where in mine.items() if where == tid]


def weight(state: dict, seat: int, tid: str) -> int:
    """One player's votes on one territory.

    Base game: 1 per house; the warrior adds the army strength, but any priest there cancels
    every warrior; a skald adds 1 per other hero there; a palisade takes 1 from the warrior of
    a player without a house there (never below 0). 3-player variant: every hero gives 1 more,
    a priest sets warriors to 1, and the palisade takes 1 from every hero of a houseless player.
    """
    own_houses = houses(state, seat, tid)
    present = heroes_on(state, tid)
    priest_here = any(hero == "priest" for _, hero in present)
    fenced = "palisade" in state["public"][tid] and own_houses == 0
    variant = state["options"]["three_player_variant"]
    total = own_houses
    for owner, hero in present:
        if owner != seat:
            continue
        value = _hero_votes(hero, state["army"][seat], len(present), priest_here, variant)
        if fenced and (variant or hero == "warrior"):
            value -= 1
        total += max(value, 0)
    return total


def _hero_votes(hero: str, army: int, present: int, priest_here: bool, variant: bool) -> int:
    """One hero's votes before the palisade: the warrior his army (none beside a priest), a
    skald one per other hero there; the 3-player variant adds one to each (a priest sets the
    warrior to one)."""
    if hero == "warrior":
        if variant:
            return 1 if priest_here else army + 1
        return 0 if priest_here else army
    if hero == "priest":
        return 1 if variant else 0
    return present - 1 + (1 if variant else 0)


def weights(state: dict, tid: str) -> dict[int, int]:
    return {seat: weight(state, seat, tid) for seat in range(state["seats"])}


def voters(state: dict, tid: str) -> list[int]:
    """Everyone with at least one vote there votes, the main player too (p.5)."""
    return [seat for seat, w in weights(state, tid).items() if w > 0]


def passes(yes: int, total: int) -> bool:
    """More than half of all votes; exactly half fails (p.6)."""
    return 2 * yes > total
