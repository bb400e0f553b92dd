"""The round tracker: five phases in order (rulebook p.3), the ship marker moving left. Every
function here moves ``state["step"]`` to the next input the table needs and records public
events in ``state["recent"]``; the game's end (final building, VP cards) is in ``victory``.

Seats are numbered clockwise from the first main player, so "to the left" is seat + 1.
"""

from __future__ import annotations

from ...engine import Msg
from ...engine.choices import YES
from . import building, goals, production, texts, victory
from .board import resolve
from .goals import clockwise
from .screens import show
from .texts import note
from .votes import passes, voters, weight, weights


# -- after the starting positions --------------------------------------------------------------
def after_placement(state: dict) -> None:
    """Printed spots or the draft are done: keep a VP card (expansion, p.10), then round 1."""
    if state["options"]["vp_cards"]:
        state["step"] = "keep_vp_card"
    else:
        start_round(state)


# -- phase 1: production ----------------------------------------------------------------------
def start_round(state: dict) -> None:
    state["phase"], state["step"] = "production", "production"
    state["round_flags"] = {"coop": False, "grant": False}
    note(
        state,
        Msg("Kolo {r}: hlavní hráč je {s}.", "Round {r}: the main player is {s}.").format(
            r=state["round"], s=texts.seat(state["main"])
        ),
    )


def produce(state: dict) -> None:
    """Lay the sure cards; improvement checks wait for the dealer's count (a NUMBER prompt)."""
    checks = []
    for entry in production.plan(state):
        tid = entry["territory"]
        state["cards"][tid] += entry["regular"] + entry["road"]
        if entry["check"]:
            checks.append(tid)
    state["checks"] = checks
    note(state, Msg("Suroviny vyprodukovány.", "Resources produced."))
    if checks:
        state["step"] = "improvement"
    else:
        start_movement(state)


def improvement_counted(state: dict, count: int) -> None:
    """The dealer's answer is the outcome (added or discarded), so no result screen follows."""
    tid = state["checks"].pop(0)
    kept = count - state["cards"][tid]
    state["cards"][tid] = count
    where = texts.place(state["board"], tid)
    note(
        state,
        Msg("{t}: kontrolní karta {k}.", "{t}: the check card {k}.").format(
            t=where,
            k=Msg("sedí, zůstává", "matches and stays")
            if kept
            else Msg("nesedí, do odhozu", "does not match, discarded"),
        ),
    )
    if not state["checks"]:
        start_movement(state)


# -- correcting a count of lying cards (asked from the proposal screen) -------------------------
def fix_territory(state: dict, value: str) -> None:
    if value == "back":
        state["step"] = "propose"
        return
    state["fixing"] = value
    state["step"] = "fix_count"


def fix_count(state: dict, count: int) -> None:
    tid = state.pop("fixing")
    state["fixing"] = None
    before = state["cards"][tid]
    state["cards"][tid] = count
    note(
        state,
        Msg("Opraveno: {t} – leží {n} (bylo {b}).", "Corrected: {t} – {n} lie there (was {b}).").format(
            t=texts.place(state["board"], tid), n=count, b=before
        ),
    )
    state["step"] = "propose"


def fix_most(state: dict, tid: str) -> int:
    """At most the cap (houses + 1), or what the companion counted if that is more."""
    return max(production.cap(production.total_houses(state, tid)), state["cards"][tid])


# -- phase 2: hero movement -------------------------------------------------------------------
def movers(state: dict) -> list[int]:
    """Everyone but the main player, whose heroes stay (p.4)."""
    return [s for s in clockwise(state, state["main"] + 1) if s != state["main"]]


def start_movement(state: dict) -> None:
    state["phase"], state["step"] = "movement", "move"


def moves_revealed(state: dict, picks: dict[str, str]) -> None:
    """All compasses at once; one hero per player; impossible moves stay; own heroes swap."""
    board = state["board"]
    events, said = [], []  # every line for the screen; the moves alone for the announcements
    for seat in movers(state):
        hero, direction = picks[str(seat)].split(":")
        mine = state["heroes"][seat]
        start = mine[hero]
        outcome, swapped = resolve(mine, board, hero, direction)
        who, name = texts.seat(seat), texts.HERO[hero]
        if outcome == "moved":
            msg = Msg("{s}: {h} → {t}", "{s}: {h} → {t}").format(s=who, h=name, t=texts.place(board, mine[hero]))
            if swapped:
                msg = msg + Msg(", {o} → {f}", ", {o} → {f}").format(o=texts.HERO[swapped], f=texts.place(board, start))
            said.append(msg)
        elif outcome == "blocked":
            msg = Msg("{s}: {h} nemůže {d}, zůstává", "{s}: the {h} cannot go {d}, stays").format(
                s=who, h=name, d=texts.towards(direction)
            )
        else:
            msg = Msg("{s}: {h} zůstává", "{s}: the {h} stays").format(s=who, h=name)
        events.append(msg)
    state["last_moves"] = {str(s): picks[str(s)] for s in movers(state)}
    entered = heroes_enter(state)
    # who stays (or could not go) is on the result screen only: the announcements say what moves
    note(state, *said, *entered)
    start_distribution(state)
    title = Msg("Posuňte hrdiny", "Move the heroes") if said or entered else Msg("Hrdinové stojí", "The heroes stay")
    show(state, "heroes_moved", "movement", title, events + entered)


def heroes_enter(state: dict) -> list[Msg]:
    """A waiting priest or skald enters after movement, before the first proposal, once no
    other hero of its owner stands on its church or hall (p.7). Returns what the table moves."""
    out = []
    for seat, waiting in enumerate(state["pending"]):
        for hero, tid in list(waiting.items()):
            mine = state["heroes"][seat]
            if not any(where == tid for where in mine.values()):
                mine[hero] = tid
                del waiting[hero]
                out.append(
                    Msg("{s}: {h} vstupuje → {t}", "{s}: the {h} enters → {t}").format(
                        s=texts.seat(seat), h=texts.HERO[hero], t=texts.place(state["board"], tid)
                    )
                )
    return out


# -- phase 3: distribution --------------------------------------------------------------------
def start_distribution(state: dict) -> None:
    state["phase"] = "distribution"
    state["movers"] = movers(state)  # from the main player's left, clockwise (p.5)
    next_proposer(state)


def proposable(state: dict, seat: int) -> list[str]:
    """Territories with cards on which the proposer has at least one vote (p.5)."""
    return [tid for tid in state["board"]["order"] if state["cards"][tid] > 0 and weight(state, seat, tid) > 0]


def next_proposer(state: dict) -> None:
    while state["movers"]:
        seat = state["movers"][0]
        if proposable(state, seat):
            state["step"] = "propose"
            return
        note(state, Msg("{s} nemá co navrhnout.", "{s} has nothing to propose.").format(s=texts.seat(seat)))
        state["movers"].pop(0)
    after_distribution(state)


def proposed(state: dict, value: str) -> None:
    seat = state["movers"][0]
    if value == "pass":
        note(state, Msg("{s} nic nenavrhuje.", "{s} makes no proposal.").format(s=texts.seat(seat)))
        state["movers"].pop(0)
        next_proposer(state)
        return
    # cards go only to players with a vote there, the proposer first, then clockwise
    recipients = [s for s in clockwise(state, seat) if s in voters(state, value)]
    state["proposal"] = {
        "proposer": seat,
        "territory": value,
        "cards": state["cards"][value],
        "recipients": recipients,
        "shares": {},
        "ask": recipients[:-1],
    }
    next_share(state)


def next_share(state: dict) -> None:
    proposal = state["proposal"]
    remaining = proposal["cards"] - sum(proposal["shares"].values())
    while proposal["ask"]:
        if remaining > 0:
            state["step"] = "split"
            return
        proposal["shares"][str(proposal["ask"].pop(0))] = 0
    proposal["shares"][str(proposal["recipients"][-1])] = remaining
    start_vote(state)


def share_given(state: dict, count: int) -> None:
    proposal = state["proposal"]
    proposal["shares"][str(proposal["ask"].pop(0))] = count
    next_share(state)


def start_vote(state: dict) -> None:
    """Votes are weighed when the vote starts; nothing changes them during the phase."""
    proposal = state["proposal"]
    tid = proposal["territory"]
    all_weights = weights(state, tid)
    proposal["weights"] = {str(s): all_weights[s] for s in clockwise(state, proposal["proposer"]) if all_weights[s] > 0}
    if state["options"]["open_votes"]:
        proposal["open"] = {}
        state["step"] = "vote_open"
    else:
        state["step"] = "vote"


def open_voter(state: dict) -> int:
    proposal = state["proposal"]
    return next(int(s) for s in proposal["weights"] if s not in proposal["open"])


def open_vote_given(state: dict, value: str) -> None:
    proposal = state["proposal"]
    proposal["open"][str(open_voter(state))] = value
    if len(proposal["open"]) == len(proposal["weights"]):
        vote_counted(state, proposal["open"], public=True)


def vote_counted(state: dict, choices: dict[str, str], public: bool) -> None:
    """Passed: the cards go as proposed. Failed (half or less): they stay (p.6)."""
    proposal = state.pop("proposal")
    state["proposal"] = None
    w = proposal["weights"]
    yes = sum(w[s] for s, choice in choices.items() if choice == YES)
    total = sum(w.values())
    passed = passes(yes, total)
    tid = proposal["territory"]
    if passed:
        state["cards"][tid] = 0
    state["last_vote"] = {
        "round": state["round"],
        "proposer": proposal["proposer"],
        "territory": tid,
        "shares": proposal["shares"],
        "weights": w,
        "yes": yes,
        "no": total - yes,
        "total": total,
        "passed": passed,
        "choices": dict(choices) if public else None,
    }
    where = texts.place(state["board"], tid)
    count = Msg("pro {y}, proti {n} (celkem {a})", "for {y}, against {n} (total {a})").format(
        y=yes, n=total - yes, a=total
    )
    # what the table does first (hand out the cards), then the count; a line holds ~20 characters
    if passed:
        items = [
            Msg("{s} bere {c}", "{s} takes {c}").format(s=texts.seat(int(s)), c=texts.cards_accusative(n))
            for s, n in proposal["shares"].items()
            if n
        ]
        items.append(where + Msg(": ", ": ") + count)
    else:
        items = [Msg("Karty zůstávají: {t}", "The cards stay: {t}").format(t=where), count]
    note(
        state,
        Msg("Návrh – {t}: {r}, {c}.", "Proposal – {t}: {r}, {c}.").format(
            t=where, r=Msg("přijat", "passed") if passed else Msg("zamítnut", "failed"), c=count
        ),
    )
    state["movers"].pop(0)
    next_proposer(state)
    title = Msg("Návrh přijat", "Proposal passed") if passed else Msg("Návrh zamítnut", "Proposal failed")
    show(state, "vote_result", "distribution", title, items)


def after_distribution(state: dict) -> None:
    if state["options"]["vp_cards"]:
        state["phase"], state["step"] = "building", "claim"
        state["claims"] = {}
    else:
        start_building(state)


# -- phase 4: building ------------------------------------------------------------------------
def start_building(state: dict) -> None:
    state["phase"], state["step"] = "building", "build"
    state["builder"], state["mode"] = state["main"], "main"


def built(state: dict, value: str) -> None:
    """One answer of the build menu (already checked): finish, build nothing, propose the joint
    public building, offer a build, or build."""
    head = value.split(":")[0]
    BUILT.get(head, _construct)(state, value)


def _finished(state: dict, value: str) -> None:
    """The announcer who claimed VP shows his card once he has built (p.11)."""
    seat, mode = state["builder"], state["mode"]
    if mode == "final" and state["vp"] is not None and seat == state["announcer"] and state["vp"]["claim"] is None:
        victory.reveal_claim(state)
    elif mode == "final":
        victory.next_final(state)
    else:
        end_of_building(state)


def _nothing(state: dict, value: str) -> None:
    note(state, Msg("{s} nic nestaví.", "{s} builds nothing.").format(s=texts.seat(state["builder"])))
    start_building(state)


def _coop_proposed(state: dict, value: str) -> None:
    _, kind, tid = value.split(":")
    state["round_flags"]["coop"] = True
    state["coop"] = {"kind": kind, "territory": tid}
    state["step"] = "coop_result"
    note(
        state,
        # the short name ("zlepšení"): three rows a sentence on the 128×64 panel
        Msg("{s} navrhuje společně: {p} – {t}.", "{s} proposes a joint {q} – {t}.").format(
            s=texts.seat(state["builder"]),
            p=texts.PUBLIC_SHORT[kind],
            q=texts.PUBLIC[kind],
            t=texts.place(state["board"], tid),
        ),
    )


def _granted(state: dict, value: str) -> None:
    seat, chosen = state["builder"], int(value.split(":")[1])
    state["round_flags"]["grant"] = True
    state["builder"], state["mode"] = chosen, "grant"
    note(
        state,
        Msg("{s} nabízí jednu stavbu: {o}.", "{s} offers one build to {o}.").format(
            s=texts.seat(seat), o=texts.seat(chosen)
        ),
    )


def _construct(state: dict, value: str) -> None:
    mode = state["mode"]
    events, result = building.apply(state, state["builder"], value, mode)
    note(state, *events)
    if mode == "grant":
        start_building(state)
    if result is not None:
        title, items = result
        show(state, "build_result", state["phase"], title, items)


BUILT = {"done": _finished, "nothing": _nothing, "coop": _coop_proposed, "grant": _granted}


def coop_decided(state: dict, value: str) -> None:
    coop = state.pop("coop")
    state["coop"] = None
    if value == "built":
        events, _ = building.apply(state, state["main"], f"{coop['kind']}:{coop['territory']}", "main")
        note(state, *events)  # a public building: no fee, no hero
    else:
        note(state, Msg("Společná stavba se nestaví.", "The joint build is not built."))
    state["step"] = "build"


def end_of_building(state: dict) -> None:
    """Base game: a main player meeting 3 of the 5 goals may announce victory (p.9)."""
    if not state["options"]["vp_cards"] and goals.can_announce(state, state["main"]):
        state["phase"], state["step"] = "end", "announce"
        return
    end_round(state)


# -- phase 5: end of round --------------------------------------------------------------------
def end_round(state: dict) -> None:
    """The ship marker moves left and one supply card is turned up (p.9)."""
    state["phase"] = "end"
    supply = state["supply"]
    supply["turned"] = False
    if supply["deck"] > 0 and supply["display"] < state["board"]["supply"]["display"]:
        supply["deck"] -= 1
        supply["display"] += 1
        supply["turned"] = True  # the production screen tells the table to turn it up
    supply["taken"] = False
    state["main"] = (state["main"] + 1) % state["seats"]
    state["round"] += 1
    start_round(state)
