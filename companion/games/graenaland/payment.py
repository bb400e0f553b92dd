"""Paying for a construction (rulebook p.6-8). Cards stay physical: this is an optional check a
table can run on what a player lays down, and the source of the cost hints on screen."""

from __future__ import annotations

from itertools import product

from .votes import houses

RESOURCES = ("grain", "livestock", "wood", "ore")


def covers(cost: dict[str, int], payment: dict, markets: int = 0) -> bool:
    """Does ``payment`` pay ``cost`` for ONE construction?

    ``payment``: counts of resource cards ({"wood": 2, "gold": 1}) and ``"supply"``, a list of
    supply cards, each the pair of resources it shows. Gold replaces any one resource (p.6). A
    supply card gives one of its resources or both, on this construction only (p.6). Each usable
    market lets one card of another kind, or one whole supply card, stand for one required
    resource (p.8). ``"any"`` in a cost means resources of any kind.
    """
    cards = [tuple(card) for card in payment.get("supply", [])]
    # per supply card: one side, the other, both, as a market's stand-in, or not used
    for uses in product(("a", "b", "ab", "market", None), repeat=len(cards)):
        need = {k: v for k, v in cost.items()}
        spare_markets = markets
        wild = 0
        for card, use in zip(cards, uses):
            if use == "market":
                spare_markets -= 1
                wild += 1
                continue
            for res in (card if use == "ab" else card[:1] if use == "a" else card[1:] if use == "b" else ()):
                if res == "gold":
                    wild += 1
                elif need.get(res, 0) > 0:
                    need[res] -= 1
                elif need.get("any", 0) > 0:
                    need["any"] -= 1
        if spare_markets < 0:
            continue
        spare = 0
        for res in RESOURCES:
            have = payment.get(res, 0)
            used = min(have, need.get(res, 0))
            need[res] = need.get(res, 0) - used
            spare += have - used
        any_used = min(spare, need.get("any", 0))
        need["any"] = need.get("any", 0) - any_used
        spare -= any_used
        missing = sum(v for v in need.values() if v > 0)
        if missing <= wild + payment.get("gold", 0) + min(spare_markets, spare):
            return True
    return False


def markets_for(state: dict, seat: int) -> int:
    """Each market territory where the player has a house serves once per building phase."""
    return sum(1 for tid in state["board"]["order"]
               if "market" in state["public"][tid] and houses(state, seat, tid) > 0)


def army_costs(state: dict, seat: int) -> list[dict[str, int]]:
    """The ways to raise the army by 1: the base cost, or grain + ore + the resource under one of
    the player's strongholds (p.7). An unknown printed resource shows as "unknown"."""
    costs = state["board"]["costs"]
    options = [dict(costs["army"])]
    for tid in state["board"]["order"]:
        if state["buildings"][tid].get("stronghold") == seat:
            res = state["board"]["territories"][tid]["stronghold_resource"]
            option = dict(costs["army_stronghold"])
            option[res] = option.get(res, 0) + 1
            if option not in options:
                options.append(option)
    return options
