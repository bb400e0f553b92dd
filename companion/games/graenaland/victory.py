"""The end of the game: the victory-point cards of the expansion (dealt, revealed, learned,
p.10-11), the final building and the game over; announcing victory is in ``announcing``.
Like ``rounds``, every function here moves ``state["step"]`` on and records public events.
"""

from __future__ import annotations

from ...engine import Msg, RuleError
from . import box, goals, texts
from .screens import show
from .texts import note, refuse

THRESHOLD_MAX = 30  # highest value accepted for a VP card threshold typed in from a card
CLAIM_MAX = 15  # highest VP claim accepted (5 columns x 3 levels)


def card_number_refusal(count: int) -> RuleError:
    """A kept card's number is one printed on the cards (the pad offers exactly those)."""
    return refuse(
        "vp_card_number",
        "Karty vítězných bodů mají čísla 1 až {n}.",
        "Victory-point cards are numbered 1 to {n}.",
        n=count,
    )


def deal_vp_cards(state: dict, data: box.Box) -> None:
    """The cards are dealt on the table; the companion learns each kept card's number (hidden
    until revealed) and, when a card is shown, its thresholds if unknown."""
    state["vp"] = {
        "cards": data.vp_cards_count,
        "kept": {},
        "revealed": [],
        "claim": None,
        "learning": None,
        "to_learn": [],
        "then": None,
    }
    # thresholds still marked verified = false (box.toml's card 1 only fits the rulebook
    # example) decide nothing: such a card is asked like an unknown one
    checked = {str(c.id) for c in data.vp_cards if c.verified}
    board = state["board"]
    board["vp_cards"] = {k: v for k, v in board["vp_cards"].items() if k in checked}


def next_final(state: dict) -> None:
    """Each remaining player builds once: like a main player, but no supply card and no public
    buildings (p.9)."""
    if state["final"]:
        state["phase"], state["step"] = "final", "build"
        state["builder"], state["mode"] = state["final"].pop(0), "final"
        return
    state["builder"] = state["mode"] = None
    if state["vp"] is not None:
        reveal_all(state)
    else:
        game_over(state)


def game_over(state: dict) -> None:
    state["phase"], state["step"] = "over", "over"
    note(state, Msg("Konec hry.", "The game is over."))


# -- expansion: revealing victory-point cards (p.11) -----------------------------------------
def reveal(state: dict, seat: int) -> None:
    """The card is public from now on; unknown thresholds are asked before anything needs them."""
    vp = state["vp"]
    card = vp["kept"][str(seat)]
    vp["revealed"].append(seat)
    note(
        state,
        Msg("{s} odkrývá kartu vítězných bodů č. {c}.", "{s} reveals victory-point card no. {c}.").format(
            s=texts.seat(seat), c=card
        ),
    )
    if str(card) not in state["board"]["vp_cards"]:
        vp["to_learn"].append([seat, card])


def reveal_claim(state: dict) -> None:
    """The announcer has built; he shows his card to prove his claim (p.11)."""
    state["builder"] = state["mode"] = None
    reveal(state, state["announcer"])
    state["vp"]["then"] = "claim"
    next_card_to_learn(state)


def reveal_all(state: dict) -> None:
    """Everyone has built: all cards are shown and rank the players by VP."""
    for seat in goals.clockwise(state, state["announcer"]):
        if seat not in state["vp"]["revealed"]:
            reveal(state, seat)
    state["vp"]["then"] = "end"
    next_card_to_learn(state)


def next_card_to_learn(state: dict) -> None:
    vp = state["vp"]
    if vp["to_learn"]:
        seat, card = vp["to_learn"].pop(0)
        vp["learning"] = {"seat": seat, "card": card, "levels": []}
        state["phase"], state["step"] = "final", "vp_threshold"
        return
    vp["learning"] = None
    if vp["then"] == "claim":
        check_claim(state)
        next_final(state)
        show_claim(state)
    else:
        game_over(state)


def lowest_threshold(levels: list[int]) -> int:
    """A column's levels rise: the next one is at least the last of its column."""
    return levels[-1] if len(levels) % 3 else 0


def threshold_entered(state: dict, value: int) -> None:
    """15 numbers per card, column by column, each column rising (the prompt offers only
    ``lowest_threshold`` .. ``THRESHOLD_MAX``). A finished card joins the
    session's box data and ``learned`` (box.toml's shape) for later games."""
    learning = state["vp"]["learning"]
    levels = learning["levels"]
    levels.append(value)
    if len(levels) < 3 * len(goals.COLUMNS):
        return
    card = learning["card"]
    thresholds = {column: levels[3 * i : 3 * i + 3] for i, column in enumerate(goals.COLUMNS)}
    state["board"]["vp_cards"][str(card)] = thresholds
    state["learned"] = box.merge(state["learned"], {"vp_cards": [goals.learned_card(card, thresholds)]})
    note(state, Msg("Hodnoty karty č. {c} uloženy.", "The values of card no. {c} are saved.").format(c=card))
    next_card_to_learn(state)


def check_claim(state: dict) -> None:
    """Did the announcer reach the VP he claimed? The claim is at least the 6 needed to win."""
    seat = state["announcer"]
    claimed = state["claims"][str(seat)]
    reached = goals.vp_total(state, seat)
    met = reached >= claimed
    state["vp"]["claim"] = {"seat": seat, "claimed": claimed, "reached": reached, "met": met}
    who = texts.seat(seat)
    if met:
        note(
            state,
            Msg(
                "{s} má {r} VB a ohlášení splnil; ostatní ještě jednou stavějí.",
                "{s} has {r} VP and meets his claim; the others build once more.",
            ).format(s=who, r=reached),
        )
    else:
        note(
            state,
            Msg(
                "{s} má jen {r} VB z ohlášených {c}: ohlášení nesplnil. Hra přesto končí a {s} bude v pořadí poslední.",
                "{s} has only {r} of the {c} VP claimed: the claim fails. The game still ends and he comes last.",
            ).format(s=who, r=reached, c=claimed),
        )


def show_claim(state: dict) -> None:
    """After the announcer's card is shown and checked: the result, before the others build."""
    claim = state["vp"]["claim"]
    who = texts.seat(claim["seat"])
    items = [
        Msg("{s}: karta č. {k}", "{s}: card no. {k}").format(s=who, k=state["vp"]["kept"][str(claim["seat"])]),
        Msg("má {r} VB, ohlásil {c}", "has {r} VP, claimed {c}").format(r=claim["reached"], c=claim["claimed"]),
    ]
    if claim["met"]:
        title = Msg("{s}: splněno", "{s} made it").format(s=who)
        items.append(Msg("Ostatní ještě jednou stavějí.", "The others build once more."))
    else:
        title = Msg("{s}: nesplněno", "{s} missed it").format(s=who)
        items.append(Msg("Hra přesto končí, {s} bude poslední.", "The game still ends, he comes last.").format(s=who))
    show(state, "claim_result", "final", title, items)
