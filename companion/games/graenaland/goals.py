"""Victory: the five goals of the base game (p.9) and the victory-point cards (p.10-11)."""

from __future__ import annotations

from .votes import houses

COLUMNS = ("houses", "territories", "largest", "buildings", "army")


def stats(state: dict, seat: int) -> dict[str, int]:
    """The five measured quantities. With the 3-player changes the first building does not count
    for the Buildings goal (nor its VP column), but still counts as a house everywhere else."""
    per_territory = [houses(state, seat, tid) for tid in state["board"]["order"]]
    buildings = sum(1 for tid in state["board"]["order"]
                    for owner in state["buildings"][tid].values() if owner == seat)
    if state["options"]["three_player_variant"]:
        buildings = max(buildings - 1, 0)
    need = state["board"]["goals"]["territory_houses"]
    return {
        "houses": sum(per_territory),
        "territories": sum(1 for n in per_territory if n >= need),
        "largest": max(per_territory, default=0),
        "buildings": buildings,
        "army": state["army"][seat],
    }


def goals_met(state: dict, seat: int) -> dict[str, bool]:
    goal = state["board"]["goals"]
    have = stats(state, seat)
    return {column: have[column] >= goal[column] for column in COLUMNS}


def can_announce(state: dict, seat: int) -> bool:
    return sum(goals_met(state, seat).values()) >= state["board"]["goals"]["needed"]


def vp_points(card: dict, have: dict[str, int]) -> dict[str, int]:
    """One point per threshold met in each column; only the total matters (p.11)."""
    return {column: sum(1 for level in card[column] if have[column] >= level) for column in COLUMNS}


def vp_total(state: dict, seat: int) -> int | None:
    card_id = state["vp"]["kept"].get(str(seat)) if state.get("vp") else None
    if card_id is None:
        return None
    return sum(vp_points(state["board"]["vp_cards"][card_id], stats(state, seat)).values())
