"""Victory: the five goals of the base game (p.9) and the victory-point cards (p.10-11)."""

from __future__ import annotations

from ...engine import shared_places

COLUMNS = ("houses", "territories", "largest", "buildings", "army")


def clockwise(state: dict, start: int) -> list[int]:
    """Every seat once, clockwise from ``start`` (seats are numbered clockwise)."""
    n = state["seats"]
    return [(start + k) % n for k in range(n)]


def every_stats(state: dict) -> list[dict[str, int]]:
    """``stats`` of every seat, counted in one pass over the board (the score reads every seat
    before and after each action)."""
    seats, order = state["seats"], state["board"]["order"]
    per_territory = [[0] * len(order) for _ in range(seats)]  # votes.houses per seat and territory
    buildings = [0] * seats
    for index, tid in enumerate(order):
        for seat, count in state["settlements"][tid].items():
            per_territory[int(seat)][index] += count
        for owner in state["buildings"][tid].values():
            per_territory[owner][index] += 1
            buildings[owner] += 1
    return [_measured(state, seat, per_territory[seat], buildings[seat]) for seat in range(seats)]


def stats(state: dict, seat: int) -> dict[str, int]:
    """The five measured quantities of one seat."""
    return every_stats(state)[seat]


def _measured(state: dict, seat: int, per_territory: list[int], buildings: int) -> dict[str, int]:
    """With the 3-player changes the first building does not count for the Buildings goal (nor
    its VP column), but still counts as a house everywhere else."""
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


def goals_met(state: dict, seat: int, have: dict[str, int] | None = None) -> dict[str, bool]:
    """Which goals the seat meets (``have``: his stats when already counted)."""
    goal = state["board"]["goals"]
    have = stats(state, seat) if have is None else have
    return {column: have[column] >= goal[column] for column in COLUMNS}


def can_announce(state: dict, seat: int) -> bool:
    return sum(goals_met(state, seat).values()) >= state["board"]["goals"]["needed"]


def vp_points(card: dict, have: dict[str, int]) -> dict[str, int]:
    """One point per threshold met in each column; only the total matters (p.11)."""
    return {column: sum(1 for level in card[column] if have[column] >= level) for column in COLUMNS}


def vp_total(state: dict, seat: int) -> int | None:
    """The player's VP, or None while his card (or its thresholds) is unknown."""
    card_id = state["vp"]["kept"].get(str(seat)) if state.get("vp") else None
    card = state["board"]["vp_cards"].get(str(card_id))
    if card is None:
        return None
    return sum(vp_points(card, stats(state, seat)).values())


def announcer_won(state: dict) -> bool:
    """Base game: announcing needs 3 goals, so he wins. VP cards: he wins if his revealed card
    reaches the points he claimed."""
    return state["vp"] is None or bool(state["vp"]["claim"] and state["vp"]["claim"]["met"])


def ranking(state: dict, totals: dict[int, int]) -> tuple[int, ...]:
    """The final order: the announcer first (p.9, p.11), the others by their totals (goals met
    or VP); equal totals are listed clockwise from the announcer, the rules saying nothing about ties
    (they share a place: see ``places``).

    What happens when an announcer misses his claim is not in the rules (digest 12.4). Reading
    used here: the game still ends, the others rank by VP and the announcer comes last, so a
    claim made only to take priority never pays.
    """
    announcer = state["announcer"]
    order = clockwise(state, announcer)
    others = sorted(order[1:], key=lambda s: (-totals[s], order.index(s)))
    return tuple([announcer, *others] if announcer_won(state) else [*others, announcer])


def places(state: dict, totals: dict[int, int], ranking: tuple[int, ...]) -> tuple[int, ...]:
    """The place of each seat of ``ranking``: the announcer alone first (or last, having missed
    his claim); the others by total, equal totals sharing a place (the clockwise order above
    only lists them, the rules do not rank them)."""
    if announcer_won(state):
        return (1, *(p + 1 for p in shared_places(ranking[1:], totals.__getitem__)))
    return (*shared_places(ranking[:-1], totals.__getitem__), len(ranking))


def announcer_mark(state: dict) -> str:
    return "★" if announcer_won(state) else "✗"


def learned_card(card_id: int, thresholds: dict[str, list[int]]) -> dict:
    """A card typed in from the revealed card, as one [[vp_cards]] entry of data/box.toml."""
    return {"id": card_id, **thresholds, "verified": True, "source": "entered on the companion from the revealed card"}


def breakdown(state: dict, seat: int, have: dict[str, int] | None = None) -> dict[str, int]:
    """A seat's score per goal: goals met (base game), or the VP of his card once it is
    revealed and its thresholds known (nothing before). ``have``: his stats when counted."""
    have = stats(state, seat) if have is None else have
    vp = state["vp"]
    if vp is None:
        return {k: int(v) for k, v in goals_met(state, seat, have).items()}
    card = state["board"]["vp_cards"].get(str(vp["kept"].get(str(seat))))
    shown = seat in vp["revealed"] and card is not None
    return vp_points(card, have) if shown else {}
