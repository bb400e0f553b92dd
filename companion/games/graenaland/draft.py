"""Expansion: the players choose their starting positions (rulebook p.10 "Počáteční pozice",
digest 12.2) instead of taking the printed spots.

Two face-down resource cards of the matching terrain lie at every coastal territory. Round 1,
clockwise from the first player (seat 0, the ship marker): one settlement and the warrior on a
coastal territory, taking a card there while one is left. Round 2, counter-clockwise from the
player who placed last: one more settlement each, same rules. When a placement overcrowds a
territory, the settlers who came before, first come first asked, may "raise anchor": move that
settlement to a less crowded territory and take a card there. The newcomer may not. Nobody
has both settlements on one territory, and the second-to-last settlement (with any anchor move
it causes) must leave a card at a territory other than the one holding the last player's first
house. Leftover cards are discarded. The cards stay physical: the companion counts them per
territory, and they are the players' starting resources (no other cards are drawn at setup).
"""

from __future__ import annotations

from ...engine import Msg, RuleError
from . import rounds, texts
from .screens import show, start_spots
from .texts import note, refuse

CARDS_PER_COAST = 2  # verified: S1 p.10 "dvě karty surovin ... lícem dolů"

# Readings of what the rulebook leaves open (digest 12.2 and U20). None is verified; they are
# rules, not printed box data, so they live here rather than in data/box.toml.
#
# "Overcrowded": more settlements than the cards laid there, i.e. from the third settlement on
# (the rule speaks of a third settlement that gets no card because none is left).
OVERCROWDED_ABOVE = CARDS_PER_COAST
# "Less crowded": a coastal territory holding fewer settlements than this. With two cards per
# territory a card then still lies there, which the rule needs ("and take a card there"), and
# the move never overcrowds the territory it leads to.
LESS_CROWDED_BELOW = CARDS_PER_COAST
# Does the warrior sail along when the round-1 settlement raises anchor? The rule moves only
# "his settlement"; this reading leaves the warrior where it was placed.
WARRIOR_FOLLOWS_ANCHOR = False

LAST_PLAYER = 0  # round 2 runs backwards, so the first player places the last settlement


def begin(state: dict) -> None:
    """Replace the printed start spots: no piece on the board yet, cards to lay first."""
    coast = state["board"]["coast"]
    seats = state["seats"]
    state["heroes"] = [{"warrior": None, "priest": None, "skald": None} for _ in range(seats)]
    state["draft"] = {
        "round": 1,
        "queue": list(range(seats)),
        "placed": 0,
        "cards": dict.fromkeys(coast, CARDS_PER_COAST),
        "arrivals": {tid: [] for tid in coast},  # settlers in order of arrival
        "first": {},
        "anchor": None,
        "done": False,
    }
    state["step"] = "draft_cards"


def printed_starts(state: dict) -> None:
    """Without the draft (``begin``): every clan's two settlements and warrior on its printed
    start spot."""
    for seat in range(state["seats"]):
        spot = state["board"]["start"][str(seat)]
        for tid in spot["settlements"]:
            state["settlements"][tid][str(seat)] = state["settlements"][tid].get(str(seat), 0) + 1
        state["heroes"].append({"warrior": spot["warrior"], "priest": None, "skald": None})
    note(
        state,
        Msg(
            "Každý hráč si vezme 2 karty surovin, jednu za každou svou osadu.",
            "Each player takes 2 resource cards, one for each of his settlements.",
        ),
    )
    rounds.after_placement(state)
    start_spots(state)  # where the pieces go (the spots are placeholders)


# -- what is legal -----------------------------------------------------------------------------
def homes(draft: dict, seat: int) -> list[str]:
    """The territories holding this player's draft settlements."""
    return [tid for tid, settlers in draft["arrivals"].items() if seat in settlers]


def _card_for_last(state: dict, taken: str, first_of_last: str) -> bool:
    """After taking a card at ``taken``, does a card still lie away from the last player's
    first house? That is what the second-to-last settlement must leave him."""
    cards = state["draft"]["cards"]
    return any(count - (tid == taken) > 0 for tid, count in cards.items() if tid != first_of_last)


def _second_to_last(state: dict) -> bool:
    return state["draft"]["placed"] == 2 * state["seats"] - 2


def placements(state: dict, seat: int) -> list[str]:
    """Coastal territories where ``seat`` may place now."""
    draft = state["draft"]
    spots = [tid for tid in state["board"]["coast"] if tid not in homes(draft, seat)]
    if _second_to_last(state):
        first = draft["first"][str(LAST_PLAYER)]
        kept = [tid for tid in spots if _card_for_last(state, tid, first)]
        # with three or more coastal territories some spot always qualifies; a corrected layout
        # with two could leave none, and then the rule cannot be kept (the placement goes on)
        return kept or spots
    return spots


def anchor_targets(state: dict, seat: int) -> list[str]:
    """Less crowded coastal territories this settler may sail to (not the one he leaves, not
    the one holding his other settlement)."""
    draft = state["draft"]
    left = draft["anchor"]["territory"]
    mine = homes(draft, seat)
    out = [
        tid
        for tid in state["board"]["coast"]
        if tid != left and tid not in mine and len(draft["arrivals"][tid]) < LESS_CROWDED_BELOW
    ]
    if draft["anchor"]["guard"]:
        last = str(LAST_PLAYER)
        moves_last_first = str(seat) == last and draft["first"][last] == left
        out = [tid for tid in out if _card_for_last(state, tid, tid if moves_last_first else draft["first"][last])]
    return out


# -- applying ----------------------------------------------------------------------------------
def cards_laid(state: dict) -> None:
    note(state, Msg("Karty leží u pobřeží. Výběr pozic začíná.", "The cards lie at the coast. The draft begins."))
    state["step"] = "draft_place"


def place_refusal(state: dict, value) -> RuleError:
    """Why ``value`` is not among the placements offered to the seat placing now."""
    draft = state["draft"]
    if value not in state["board"]["coast"]:
        return refuse(
            "draft_coast_only",
            "Při výběru pozic se osady stavějí jen na pobřežní území.",
            "In the draft, settlements go on coastal territories only.",
        )
    if value in homes(draft, draft["queue"][0]):
        return refuse(
            "draft_not_both_on_one",
            "Obě osady nesmíš postavit na totéž území.",
            "You may not put both settlements on the same territory.",
        )
    return refuse(
        "draft_leave_card_for_last",
        "Poslední osada nesmí být nucena přeplnit území: nech ležet kartu u jiného území, než kde stojí první osada "
        "posledního hráče.",
        "The last settlement must not be forced to overcrowd: leave a card at a territory other than the one with the "
        "last player's first house.",
    )


def place(state: dict, value: str) -> None:
    """One settlement (and in round 1 the warrior) on an offered coastal territory."""
    draft = state["draft"]
    seat = draft["queue"][0]
    guard = _second_to_last(state)
    draft["arrivals"][value].append(seat)
    state["settlements"][value][str(seat)] = 1
    took = _take_card(draft, value)
    who, where = texts.seat(seat), texts.territory(state["board"], value)
    if draft["round"] == 1:
        draft["first"][str(seat)] = value
        state["heroes"][seat]["warrior"] = value
        what = Msg("{s}: osada a bojovník → {t}", "{s}: settlement and warrior → {t}")
    else:
        what = Msg("{s}: druhá osada → {t}", "{s}: second settlement → {t}")
    note(state, what.format(s=who, t=where) + _card_note(took))
    draft["placed"] += 1
    draft["queue"].pop(0)
    if len(draft["arrivals"][value]) > OVERCROWDED_ABOVE:
        draft["anchor"] = {"territory": value, "ask": draft["arrivals"][value][:-1], "guard": guard}
        note(
            state,
            Msg(
                "{t} je přeplněné: dřívější osadníci mohou zvednout kotvu.",
                "{t} is overcrowded: the earlier settlers may raise anchor.",
            ).format(t=where),
        )
        _next_anchor(state)
    else:
        _advance(state)


def anchor_refusal(state: dict, value) -> RuleError:
    """Why the asked settler may not sail to ``value``."""
    draft = state["draft"]
    if value in homes(draft, draft["anchor"]["ask"][0]):
        return refuse(
            "draft_not_both_on_one",
            "Obě osady nesmíš mít na témže území.",
            "You may not have both settlements on the same territory.",
        )
    return refuse(
        "draft_anchor_less_crowded",
        "Odplout lze jen na jiné, méně zaplněné pobřežní území, kde ještě leží karta (a poslední hráč musí mít volnou "
        "kartu jinde než u své první osady).",
        "You may only sail to another, less crowded coastal territory where a card still lies (and the last player "
        "must keep a free card away from his first house).",
    )


def anchor(state: dict, value: str) -> None:
    """The asked settler stays, or sails to an offered territory and takes a card there."""
    draft = state["draft"]
    seat = draft["anchor"]["ask"][0]
    left = draft["anchor"]["territory"]
    who = texts.seat(seat)
    if value == "stay":
        note(state, Msg("{s} zůstává.", "{s} stays.").format(s=who))
        draft["anchor"]["ask"].pop(0)
        _next_anchor(state)
        return
    draft["arrivals"][left].remove(seat)
    draft["arrivals"][value].append(seat)
    del state["settlements"][left][str(seat)]
    state["settlements"][value][str(seat)] = 1
    took = _take_card(draft, value)
    events = [
        Msg("{s} zvedá kotvu: osada {f} → {t}", "{s} raises anchor: settlement {f} → {t}").format(
            s=who, f=texts.territory(state["board"], left), t=texts.territory(state["board"], value)
        )
        + _card_note(took)
    ]
    if draft["first"].get(str(seat)) == left:
        draft["first"][str(seat)] = value
        if WARRIOR_FOLLOWS_ANCHOR and state["heroes"][seat]["warrior"] == left:
            state["heroes"][seat]["warrior"] = value
        elif state["heroes"][seat]["warrior"] == left:
            events.append(
                Msg("Bojovník zůstává – {t}.", "The warrior stays – {t}.").format(
                    t=texts.territory(state["board"], left)
                )
            )
    note(state, *events)
    draft["anchor"] = None
    _advance(state)


def _take_card(draft: dict, tid: str) -> bool:
    if draft["cards"][tid] > 0:
        draft["cards"][tid] -= 1
        return True
    return False


def _card_note(took: bool) -> Msg:
    return Msg(", bere si kartu.", ", takes a card.") if took else Msg(", karta už nezbyla.", ", no card left.")


def _next_anchor(state: dict) -> None:
    """Ask the earlier settlers in order of arrival; skip those with nowhere to go."""
    draft = state["draft"]
    ask = draft["anchor"]["ask"]
    while ask and not anchor_targets(state, ask[0]):
        ask.pop(0)
    if ask:
        state["step"] = "draft_anchor"
        return
    note(
        state,
        Msg("Všechny osady zůstávají – {t}.", "Every settlement stays – {t}.").format(
            t=texts.territory(state["board"], draft["anchor"]["territory"])
        ),
    )
    draft["anchor"] = None
    _advance(state)


def _advance(state: dict) -> None:
    draft = state["draft"]
    if draft["queue"]:
        state["step"] = "draft_place"
        return
    if draft["round"] == 1:
        draft["round"] = 2
        draft["queue"] = list(reversed(range(state["seats"])))
        note(
            state,
            Msg(
                "Druhé kolo výběru: proti směru hodinových ručiček, jen osady.",
                "Second draft round: counter-clockwise, settlements only.",
            ),
        )
        state["step"] = "draft_place"
        return
    left = [
        texts.place(state["board"], tid) + Msg(": ", ": ") + texts.cards(n) for tid, n in draft["cards"].items() if n
    ]
    draft["done"] = True
    items = (
        [Msg("Odložte zbylé karty:", "Discard the leftover cards:"), *left]
        if left
        else [Msg("Žádné karty nezbyly.", "No cards are left over.")]
    )
    items.append(
        Msg(
            "Vzaté karty jsou vaše počáteční suroviny, další si nikdo nebere.",
            "The cards you took are your starting resources, nobody draws more.",
        )
    )
    note(state, Msg("Výběr pozic skončil.", "The draft is over."))
    rounds.after_placement(state)
    show(state, "draft_done", "setup", Msg("Pozice vybrány", "Starts chosen"), items)
