"""The war and migration referees: who wins a war, where a migrating civilisation goes.
Pure decisions over the counts the table told; ties return every candidate (the acting player
chooses among them)."""

from __future__ import annotations

CONTINENT, ISLAND = "continent", "island"
MAX_PARTS = 3  # a triangle touches three tiles, so a split leaves at most three eligible parts


def war_leaders(swords: dict[str, int]) -> list[str]:
    """Civilisations with the most swords on the rest of their old continents (the new or
    replacement tile's swords and temple swords are not counted by the table). One wins; a
    tie is chosen by the acting player."""
    best = max(swords.values())
    return [c for c, n in swords.items() if n == best]


def migration_candidates(parts: list[dict]) -> list[int]:
    """Indices of the eligible parts the marker may move to: most wheat (the new tile counted);
    between a continent and an island with as much, the continent."""
    best = max(p["wheat"] for p in parts)
    top = [i for i, p in enumerate(parts) if p["wheat"] == best]
    continents = [i for i in top if parts[i]["kind"] == CONTINENT]
    return continents or top
