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

from ...engine import Msg, Option, Prompt, PromptKind, RuleError
from ...engine.i18n import join
from . import rounds, texts
from .rounds import note

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


def _refuse(rule: str, cs: str, en: str) -> RuleError:
    return RuleError(f"graenaland.{rule}", Msg(cs, en))


def begin(state: dict) -> None:
    """Replace the printed start spots: no piece on the board yet, cards to lay first."""
    coast = state["board"]["coast"]
    seats = state["seats"]
    state["heroes"] = [{"warrior": None, "priest": None, "skald": None} for _ in range(seats)]
    state["draft"] = {"round": 1, "queue": list(range(seats)), "placed": 0,
                      "cards": {tid: CARDS_PER_COAST for tid in coast},
                      "arrivals": {tid: [] for tid in coast},   # settlers in order of arrival
                      "first": {}, "anchor": None, "done": False}
    state["step"] = "draft_cards"


# -- prompts -----------------------------------------------------------------------------------
def prompt(state: dict) -> Prompt:
    board, draft, step = state["board"], state["draft"], state["step"]
    if step == "draft_cards":
        coast = join([texts.territory(board, tid) for tid in board["coast"]])
        return Prompt(PromptKind.CONFIRM, step, (),
                      Msg("Výběr pozic: karty k pobřeží", "Drafted starts: cards at the coast"),
                      detail=Msg("Ke každému pobřežnímu území položte lícem dolů 2 karty surovin příslušné krajiny: {c}.",
                                 "Put 2 face-down resource cards of the matching terrain next to each coastal territory: {c}.")
                      .format(c=coast))
    if step == "draft_place":
        seat = draft["queue"][0]
        title = (Msg("{s}: první osada?", "{s}: spot 1?") if draft["round"] == 1
                 else Msg("{s}: druhá osada?", "{s}: spot 2?"))
        options = tuple(_territory_option(state, tid) for tid in placements(state, seat))
        return Prompt(PromptKind.CHOICE, step, (seat,), title.format(s=texts.seat(seat)), {seat: options},
                      detail=(Msg("Osada a bojovník na pobřeží. ", "A settlement and the warrior on the coast. ")
                              if draft["round"] == 1 else Msg("Druhá osada na pobřeží. ", "The second settlement on the coast. "))
                      + Msg("Vezmi si kartu, která u území leží; třetí osada kartu nedostane.",
                            "Take a card lying at that territory; a third settlement gets none."))
    seat = draft["anchor"]["ask"][0]
    left = draft["anchor"]["territory"]
    options = [Option("stay", Msg("Zůstat na {t}", "Stay on {t}").format(t=texts.place(board, left)), "0")]
    options += [_territory_option(state, tid) for tid in anchor_targets(state, seat)]
    warrior = (Msg(" Bojovník pluje s ní.", " The warrior sails along.") if WARRIOR_FOLLOWS_ANCHOR
               else Msg(" Bojovník zůstává.", " The warrior stays."))
    return Prompt(PromptKind.CHOICE, step, (seat,),
                  Msg("{s}: odplout?", "{s}: sail away?").format(s=texts.seat(seat)),
                  {seat: tuple(options)},
                  detail=Msg("{t} je přeplněné: zvednout kotvu? Kdo odpluje, přesune svou osadu na méně zaplněné území a vezme si tam kartu.",
                             "{t} is overcrowded: raise anchor? Whoever leaves moves his settlement to a less crowded territory and takes a card there.")
                  .format(t=texts.territory(board, left))
                  + warrior)


def _territory_option(state: dict, tid: str) -> Option:
    """The name and terrain first (the screen is narrow), then the cards lying there."""
    board = state["board"]
    label = Msg("{t}, {r}: {c}", "{t}, {r}: {c}").format(
        t=texts.place(board, tid), r=texts.TERRAIN[board["territories"][tid]["terrain"]], c=state["draft"]["cards"][tid])
    return Option(tid, label, str(state["board"]["order"].index(tid) + 1))


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
    out = [tid for tid in state["board"]["coast"]
           if tid != left and tid not in mine and len(draft["arrivals"][tid]) < LESS_CROWDED_BELOW]
    if draft["anchor"]["guard"]:
        last = str(LAST_PLAYER)
        moves_last_first = str(seat) == last and draft["first"][last] == left
        out = [tid for tid in out
               if _card_for_last(state, tid, tid if moves_last_first else draft["first"][last])]
    return out


# -- applying ----------------------------------------------------------------------------------
def cards_laid(state: dict) -> None:
    note(state, Msg("Karty leží u pobřeží. Výběr pozic začíná.", "The cards lie at the coast. The draft begins."))
    state["step"] = "draft_place"


def place(state: dict, value) -> None:
    draft = state["draft"]
    seat = draft["queue"][0]
    if value not in placements(state, seat):
        if value not in state["board"]["coast"]:
            raise _refuse("draft_coast_only", "Při výběru pozic se osady stavějí jen na pobřežní území.",
                          "In the draft, settlements go on coastal territories only.")
        if value in homes(draft, seat):
            raise _refuse("draft_not_both_on_one", "Obě osady nesmíš postavit na totéž území.",
                          "You may not put both settlements on the same territory.")
        raise _refuse("draft_leave_card_for_last",
                      "Poslední osada nesmí být nucena přeplnit území: nech ležet kartu u jiného území, než kde stojí první osada posledního hráče.",
                      "The last settlement must not be forced to overcrowd: leave a card at a territory other than the one with the last player's first house.")
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
        note(state, Msg("{t} je přeplněné: dřívější osadníci mohou zvednout kotvu.",
                        "{t} is overcrowded: the earlier settlers may raise anchor.").format(t=where))
        _next_anchor(state)
    else:
        _advance(state)


def anchor(state: dict, value) -> None:
    draft = state["draft"]
    seat = draft["anchor"]["ask"][0]
    left = draft["anchor"]["territory"]
    who = texts.seat(seat)
    if value == "stay":
        note(state, Msg("{s} zůstává.", "{s} stays.").format(s=who))
        draft["anchor"]["ask"].pop(0)
        _next_anchor(state)
        return
    if value not in anchor_targets(state, seat):
        if value in homes(draft, seat):
            raise _refuse("draft_not_both_on_one", "Obě osady nesmíš mít na témže území.",
                          "You may not have both settlements on the same territory.")
        raise _refuse("draft_anchor_less_crowded",
                      "Odplout lze jen na jiné, méně zaplněné pobřežní území, kde ještě leží karta (a poslední hráč musí mít volnou kartu jinde než u své první osady).",
                      "You may only sail to another, less crowded coastal territory where a card still lies (and the last player must keep a free card away from his first house).")
    draft["arrivals"][left].remove(seat)
    draft["arrivals"][value].append(seat)
    del state["settlements"][left][str(seat)]
    state["settlements"][value][str(seat)] = 1
    took = _take_card(draft, value)
    events = [Msg("{s} zvedá kotvu: osada {f} → {t}", "{s} raises anchor: settlement {f} → {t}").format(
        s=who, f=texts.territory(state["board"], left), t=texts.territory(state["board"], value)) + _card_note(took)]
    if draft["first"].get(str(seat)) == left:
        draft["first"][str(seat)] = value
        if WARRIOR_FOLLOWS_ANCHOR and state["heroes"][seat]["warrior"] == left:
            state["heroes"][seat]["warrior"] = value
        elif state["heroes"][seat]["warrior"] == left:
            events.append(Msg("Bojovník zůstává – {t}.", "The warrior stays – {t}.").format(
                t=texts.territory(state["board"], left)))
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
    note(state, Msg("Všechny osady zůstávají – {t}.", "Every settlement stays – {t}.").format(
        t=texts.territory(state["board"], draft["anchor"]["territory"])))
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
        note(state, Msg("Druhé kolo výběru: proti směru hodinových ručiček, jen osady.",
                        "Second draft round: counter-clockwise, settlements only."))
        state["step"] = "draft_place"
        return
    left = [texts.place(state["board"], tid) + Msg(": ", ": ") + texts.cards(n)
            for tid, n in draft["cards"].items() if n]
    draft["done"] = True
    items = ([Msg("Odložte zbylé karty:", "Discard the leftover cards:"), *left] if left
             else [Msg("Žádné karty nezbyly.", "No cards are left over.")])
    items.append(Msg("Vzaté karty jsou vaše počáteční suroviny, další si nikdo nebere.",
                     "The cards you took are your starting resources, nobody draws more."))
    note(state, Msg("Výběr pozic skončil.", "The draft is over."))
    rounds.after_placement(state)
    rounds.show(state, "draft_done", "setup", Msg("Pozice vybrány", "Starts chosen"), items)
