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
        need, wild, spare_markets = _after_supply(cost, cards, uses, markets)
        if spare_markets >= 0 and _rest_paid(need, payment, wild, spare_markets):
            return True
    return False


def _after_supply(cost: dict[str, int], cards: list[tuple], uses: tuple, markets: int) -> tuple[dict, int, int]:
    """What is still needed once the supply cards are used as ``uses`` says; the wild
    resources they give (gold, a market's stand-in) and the markets left."""
    need = dict(cost)
    wild, spare_markets = 0, markets
    for card, use in zip(cards, uses):
        if use == "market":
            spare_markets -= 1
            wild += 1
            continue
        for res in {"ab": card, "a": card[:1], "b": card[1:]}.get(use, ()):
            if res == "gold":
                wild += 1
            elif need.get(res, 0) > 0:
                need[res] -= 1
            elif need.get("any", 0) > 0:
                need["any"] -= 1
    return need, wild, spare_markets


def _rest_paid(need: dict, payment: dict, wild: int, spare_markets: int) -> bool:
    """Resource cards pay their own kind, then "any"; gold, wild resources and markets (each
    turning one spare card) cover the rest."""
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
    return missing <= wild + payment.get("gold", 0) + min(spare_markets, spare)


def markets_for(state: dict, seat: int) -> int:
    """Each market territory where the player has a house serves once per building phase."""
    return sum(
        1 for tid in state["board"]["order"] if "market" in state["public"][tid] and houses(state, seat, tid) > 0
    )


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
