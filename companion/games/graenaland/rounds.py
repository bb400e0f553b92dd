"""The round tracker: five phases in order (rulebook p.3), the ship marker moving left, and the
end of the game (p.9, p.11). Every function here moves ``state["step"]`` to the next input the
table needs and records public events in ``state["recent"]``.

Seats are numbered clockwise from the first main player, so "to the left" is seat + 1.
"""

from __future__ import annotations

from ...engine import Msg, RuleError
from . import boxdata, building, goals, production, texts
from .board import resolve
from .votes import passes, voters, weight, weights

RECENT = 12
THRESHOLD_MAX = 30  # highest value accepted for a VP card threshold typed in from a card
CLAIM_MAX = 15      # highest VP claim accepted (5 columns x 3 levels)


# CONFIRM steps that show a result the table has to act on (move the heroes, hand out the
# cards, pay the palisade fee, ...): the screen shows only a prompt's title and detail, never
# the older events, so a result the table must see gets its own OK.
SHOWN = ("start_spots", "heroes_moved", "vote_result", "build_result", "claim_result", "draft_done")


def note(state: dict, *events: Msg) -> None:
    state["recent"] = (state["recent"] + [e.to_json() for e in events])[-RECENT:]


def show(state: dict, step: str, phase: str, title: Msg, items: list[Msg]) -> None:
    """Put a CONFIRM in front of the step already set up next: ``title`` and one detail line
    per item (the table shows them one a line and scrolls). OK resumes (``resume``)."""
    state["shown"] = {"title": title.to_json(), "items": [i.to_json() for i in items],
                      "resume": {"step": state["step"], "phase": state["phase"]}}
    state["step"], state["phase"] = step, phase


def resume(state: dict) -> None:
    shown = state.pop("shown")
    state["shown"] = None
    state["step"], state["phase"] = shown["resume"]["step"], shown["resume"]["phase"]


def start_spots(state: dict) -> None:
    """The printed start spots are placeholders while the layout is unverified: tell the table
    where every piece goes, once the pieces are placed (before any box check resumes here)."""
    board = state["board"]
    n = state["seats"]
    unverified = any(name in board["unverified"] for name in (f"layouts.{n}", f"layouts.{n}.start"))
    items = []
    if unverified:
        items.append(Msg("Pozice NEOVĚŘENÉ (box.toml)", "Spots UNVERIFIED (box.toml)"))
    for seat in range(n):   # one short line per piece, under the seat
        spot = board["start"][str(seat)]
        items.append(texts.seat(seat) + Msg(":", ":"))
        items += [Msg("osada {t}", "settlement {t}").format(t=texts.place(board, t)) for t in spot["settlements"]]
        items.append(Msg("bojovník {t}", "warrior {t}").format(t=texts.place(board, spot["warrior"])))
    if unverified:
        items.append(Msg("Postavte figurky sem, nebo opravte box.toml či hrajte s výběrem pozic.",
                         "Put your pieces here, or correct box.toml or play with drafted starts."))
    items.append(Msg("Každý si vezme 2 karty surovin.", "Everyone takes 2 resource cards."))
    show(state, "start_spots", "setup", Msg("Rozestavění", "Starting spots"), items)


def clockwise(state: dict, start: int) -> list[int]:
    n = state["seats"]
    return [(start + k) % n for k in range(n)]


# -- after the starting positions --------------------------------------------------------------
def after_placement(state: dict) -> None:
    """Printed spots or the draft are done: keep a VP card (expansion, p.10), then round 1."""
    if state["options"]["vp_cards"]:
        state["step"] = "keep_vp_card"
    else:
        start_round(state)


def vp_cards_kept(state: dict, picks: dict[str, int]) -> None:
    """Each player entered the number printed on the card he keeps. It stays out of every
    public view and event until the card is revealed."""
    count = state["vp"]["cards"]
    if any(not isinstance(n, int) or isinstance(n, bool) or not 1 <= n <= count for n in picks.values()):
        raise RuleError("graenaland.vp_card_number", Msg(
            "Karty vítězných bodů mají čísla 1 až {n}.", "Victory-point cards are numbered 1 to {n}.").format(n=count))
    if len(set(picks.values())) < len(picks):
        # naming neither the card nor the seats: the picks are still secret
        raise RuleError("graenaland.vp_card_twice", Msg(
            "Dva hráči zadali stejné číslo karty, ale každá karta je jen jednou. Zkontrolujte svá čísla a zadejte je znovu.",
            "Two players entered the same card number, but every card exists once. Check your numbers and enter them again."))
    state["vp"]["kept"] = dict(picks)
    note(state, Msg("Každý má svou kartu vítězných bodů; zůstane tajná, dokud ji hráč neodkryje.",
                    "Everyone has his victory-point card; it stays secret until he reveals it."))
    start_round(state)


# -- phase 1: production ----------------------------------------------------------------------
def start_round(state: dict) -> None:
    state["phase"], state["step"] = "production", "production"
    state["round_flags"] = {"coop": False, "grant": False}
    note(state, Msg("Kolo {r}: hlavní hráč je {s}.", "Round {r}: the main player is {s}.").format(
        r=state["round"], s=texts.seat(state["main"])))


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
    note(state, Msg("{t}: kontrolní karta {k}.", "{t}: the check card {k}.").format(
        t=where, k=Msg("odpovídá a zůstává", "matches and stays") if kept else
        Msg("neodpovídá a jde do odhozu", "does not match and is discarded")))
    if not state["checks"]:
        start_movement(state)


# -- correcting a count of lying cards (asked from the proposal screen) -------------------------
def fix_started(state: dict) -> None:
    state["step"] = "fix_cards"


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
    note(state, Msg("Opraveno: {t} – leží {n} (bylo {b}).", "Corrected: {t} – {n} lie there (was {b}).").format(
        t=texts.place(state["board"], tid), n=count, b=before))
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
    events = []
    moved = False
    for seat in movers(state):
        hero, direction = picks[str(seat)].split(":")
        mine = state["heroes"][seat]
        start = mine[hero]
        outcome, swapped = resolve(mine, board, hero, direction)
        who, name = texts.seat(seat), texts.HERO[hero]
        if outcome == "moved":
            moved = True
            msg = Msg("{s}: {h} → {t}", "{s}: {h} → {t}").format(
                s=who, h=name, t=texts.place(board, mine[hero]))
            if swapped:
                msg = msg + Msg(", {o} → {f}", ", {o} → {f}").format(
                    o=texts.HERO[swapped], f=texts.place(board, start))
        elif outcome == "blocked":
            msg = Msg("{s}: {h} nemůže {d}, zůstává", "{s}: the {h} cannot go {d}, stays").format(
                s=who, h=name, d=texts.towards(direction))
        else:
            msg = Msg("{s}: {h} zůstává", "{s}: the {h} stays").format(s=who, h=name)
        events.append(msg)
    state["last_moves"] = {str(s): picks[str(s)] for s in movers(state)}
    entered = heroes_enter(state)
    note(state, *events, *entered)
    start_distribution(state)
    title = (Msg("Posuňte hrdiny", "Move the heroes") if moved or entered
             else Msg("Hrdinové stojí", "The heroes stay"))
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
                out.append(Msg("{s}: {h} vstupuje → {t}", "{s}: the {h} enters → {t}")
                           .format(s=texts.seat(seat), h=texts.HERO[hero], t=texts.place(state["board"], tid)))
    return out


# -- phase 3: distribution --------------------------------------------------------------------
def start_distribution(state: dict) -> None:
    state["phase"] = "distribution"
    state["queue"] = movers(state)  # from the main player's left, clockwise (p.5)
    next_proposer(state)


def proposable(state: dict, seat: int) -> list[str]:
    """Territories with cards on which the proposer has at least one vote (p.5)."""
    return [tid for tid in state["board"]["order"]
            if state["cards"][tid] > 0 and weight(state, seat, tid) > 0]


def next_proposer(state: dict) -> None:
    while state["queue"]:
        seat = state["queue"][0]
        if proposable(state, seat):
            state["step"] = "propose"
            return
        note(state, Msg("{s} nemá co navrhnout.", "{s} has nothing to propose.").format(s=texts.seat(seat)))
        state["queue"].pop(0)
    after_distribution(state)


def proposed(state: dict, value: str) -> None:
    seat = state["queue"][0]
    if value == "pass":
        note(state, Msg("{s} nic nenavrhuje.", "{s} makes no proposal.").format(s=texts.seat(seat)))
        state["queue"].pop(0)
        next_proposer(state)
        return
    # cards go only to players with a vote there, the proposer first, then clockwise
    recipients = [s for s in clockwise(state, seat) if s in voters(state, value)]
    state["proposal"] = {"proposer": seat, "territory": value, "cards": state["cards"][value],
                         "recipients": recipients, "shares": {}, "ask": recipients[:-1]}
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
    proposal["weights"] = {str(s): all_weights[s] for s in clockwise(state, proposal["proposer"])
                           if all_weights[s] > 0}
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
    yes = sum(w[s] for s, choice in choices.items() if choice == "yes")
    total = sum(w.values())
    passed = passes(yes, total)
    tid = proposal["territory"]
    if passed:
        state["cards"][tid] = 0
    state["last_vote"] = {
        "round": state["round"], "proposer": proposal["proposer"], "territory": tid,
        "shares": proposal["shares"], "weights": w, "yes": yes, "no": total - yes, "total": total,
        "passed": passed, "choices": dict(choices) if public else None,
    }
    where = texts.place(state["board"], tid)
    count = Msg("pro {y}, proti {n} (celkem {a})", "for {y}, against {n} (total {a})").format(
        y=yes, n=total - yes, a=total)
    # what the table does first (hand out the cards), then the count; a line holds ~20 characters
    if passed:
        items = [Msg("{s} bere {c}", "{s} takes {c}").format(s=texts.seat(int(s)), c=texts.cards_accusative(n))
                 for s, n in proposal["shares"].items() if n]
        items.append(where + Msg(": ", ": ") + count)
    else:
        items = [Msg("Karty zůstávají: {t}", "The cards stay: {t}").format(t=where), count]
    note(state, Msg("Návrh – {t}: {r}, {c}.", "Proposal – {t}: {r}, {c}.").format(
        t=where, r=Msg("přijat", "passed") if passed else Msg("zamítnut", "failed"), c=count))
    state["queue"].pop(0)
    next_proposer(state)
    title = Msg("Návrh přijat", "Proposal passed") if passed else Msg("Návrh zamítnut", "Proposal failed")
    show(state, "vote_result", "distribution", title, items)


def after_distribution(state: dict) -> None:
    if state["options"]["vp_cards"]:
        state["phase"], state["step"] = "building", "claim"
        state["claims"] = {}
    else:
        start_building(state)


# -- expansion: announcing a win before the main player's building (p.11) ---------------------
def claim_done(state: dict) -> None:
    """Highest claim first; on a tie the player nearest the main player, clockwise, main first."""
    claims = {int(s): v for s, v in state["claims"].items()}
    if not claims:
        start_building(state)
        return
    order = clockwise(state, state["main"])
    announcer = max(claims, key=lambda s: (claims[s], -order.index(s)))
    state["announcer"] = announcer
    note(state, Msg("{s} ohlašuje vítězství ({v} VB) a začíná závěrečné stavění.",
                    "{s} announces victory ({v} VP) and starts the final building.").format(
        s=texts.seat(announcer), v=claims[announcer]))
    state["final"] = clockwise(state, announcer)
    next_final(state)


# -- phase 4: building ------------------------------------------------------------------------
def start_building(state: dict) -> None:
    state["phase"], state["step"] = "building", "build"
    state["builder"], state["mode"] = state["main"], "main"


def built(state: dict, value: str) -> None:
    seat, mode = state["builder"], state["mode"]
    head = value.split(":")[0]
    if head == "done":
        if mode == "final" and state["vp"] is not None and seat == state["announcer"] and state["vp"]["claim"] is None:
            reveal_claim(state)
        elif mode == "final":
            next_final(state)
        else:
            end_of_building(state)
        return
    if head == "nothing":
        note(state, Msg("{s} nic nestaví.", "{s} builds nothing.").format(s=texts.seat(seat)))
        start_building(state)
        return
    if head == "coop":
        _, kind, tid = value.split(":")
        state["round_flags"]["coop"] = True
        state["coop"] = {"kind": kind, "territory": tid}
        state["step"] = "coop_result"
        note(state, Msg("{s} navrhuje společnou stavbu: {p} – {t}.", "{s} proposes a joint build: {p} – {t}.")
             .format(s=texts.seat(seat), p=texts.PUBLIC[kind], t=texts.territory(state["board"], tid)))
        return
    if head == "grant":
        chosen = int(value.split(":")[1])
        state["round_flags"]["grant"] = True
        state["builder"], state["mode"] = chosen, "grant"
        note(state, Msg("{s} nabízí jednu stavbu: {o}.", "{s} offers one build to {o}.").format(
            s=texts.seat(seat), o=texts.seat(chosen)))
        return
    events, result = building.apply(state, seat, value, mode)
    note(state, *events)
    if mode == "grant":
        start_building(state)
    if result is not None:
        title, items = result
        show(state, "build_result", state["phase"], title, items)


def coop_decided(state: dict, value: str) -> None:
    coop = state.pop("coop")
    state["coop"] = None
    if value == "built":
        events, _ = building.apply(state, state["main"], f"{coop['kind']}:{coop['territory']}", "main")
        note(state, *events)   # a public building: no fee, no hero
    else:
        note(state, Msg("Společná stavba se nestaví.", "The joint build is not built."))
    state["step"] = "build"


def end_of_building(state: dict) -> None:
    """Base game: a main player meeting 3 of the 5 goals may announce victory (p.9)."""
    if not state["options"]["vp_cards"] and goals.can_announce(state, state["main"]):
        state["phase"], state["step"] = "end", "announce"
        return
    end_round(state)


def announced(state: dict, value: str) -> None:
    if value == "no":
        end_round(state)
        return
    main = state["main"]
    state["announcer"] = main
    note(state, Msg("{s} ohlašuje vítězství; ostatní mají ještě jednu fázi stavby.",
                    "{s} announces victory; every other player builds once more.").format(s=texts.seat(main)))
    state["final"] = clockwise(state, main + 1)[:-1]
    next_final(state)


# -- phase 5: end of round --------------------------------------------------------------------
def end_round(state: dict) -> None:
    """The ship marker moves left and one supply card is turned up (p.9)."""
    state["phase"] = "end"
    supply = state["supply"]
    supply["turned"] = False
    if supply["deck"] > 0 and supply["display"] < state["board"]["supply"]["display"]:
        supply["deck"] -= 1
        supply["display"] += 1
        supply["turned"] = True   # the production screen tells the table to turn it up
    supply["taken"] = False
    state["main"] = (state["main"] + 1) % state["seats"]
    state["round"] += 1
    start_round(state)


# -- final building ---------------------------------------------------------------------------
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
    note(state, Msg("{s} odkrývá kartu vítězných bodů č. {c}.", "{s} reveals victory-point card no. {c}.").format(
        s=texts.seat(seat), c=card))
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
    for seat in [(state["announcer"] + k) % state["seats"] for k in range(state["seats"])]:
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


def threshold_entered(state: dict, value: int) -> None:
    """15 numbers per card, column by column, each column rising. A finished card joins the
    session's box data and ``learned`` (box.toml's shape) for later games."""
    learning = state["vp"]["learning"]
    levels = learning["levels"]
    low = levels[-1] if len(levels) % 3 else 0
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= THRESHOLD_MAX:
        raise RuleError("graenaland.vp_threshold_rising", Msg(
            "Stupně ve sloupci karty rostou zleva doprava: zadej číslo od {a} do {b}.",
            "A column's levels rise from left to right: enter a number from {a} to {b}.").format(a=low, b=THRESHOLD_MAX))
    levels.append(value)
    if len(levels) < 3 * len(goals.COLUMNS):
        return
    card = learning["card"]
    thresholds = {column: levels[3 * i:3 * i + 3] for i, column in enumerate(goals.COLUMNS)}
    state["board"]["vp_cards"][str(card)] = thresholds
    state["learned"] = boxdata.merge(state["learned"], {"vp_cards": [goals.learned_card(card, thresholds)]})
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
        note(state, Msg("{s} má {r} VB a ohlášení splnil; ostatní ještě jednou stavějí.",
                        "{s} has {r} VP and meets his claim; the others build once more.").format(s=who, r=reached))
    else:
        note(state, Msg("{s} má jen {r} VB z ohlášených {c}: ohlášení nesplnil. Hra přesto končí a {s} bude v pořadí poslední.",
                        "{s} has only {r} of the {c} VP claimed: the claim fails. The game still ends and he comes last.")
             .format(s=who, r=reached, c=claimed))


def show_claim(state: dict) -> None:
    """After the announcer's card is shown and checked: the result, before the others build."""
    claim = state["vp"]["claim"]
    who = texts.seat(claim["seat"])
    items = [Msg("{s}: karta č. {k}", "{s}: card no. {k}").format(s=who, k=state["vp"]["kept"][str(claim["seat"])]),
             Msg("má {r} VB, ohlásil {c}", "has {r} VP, claimed {c}").format(r=claim["reached"], c=claim["claimed"])]
    if claim["met"]:
        title = Msg("{s}: splněno", "{s} made it").format(s=who)
        items.append(Msg("Ostatní ještě jednou stavějí.", "The others build once more."))
    else:
        title = Msg("{s}: nesplněno", "{s} missed it").format(s=who)
        items.append(Msg("Hra přesto končí, {s} bude poslední.", "The game still ends, he comes last.").format(s=who))
    show(state, "claim_result", "final", title, items)
