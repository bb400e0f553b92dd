"""The shared Catan rules: the state, the points, whose turn it is and when the game ends.

The state (JSON) keeps what the box must know of a Catan game and nothing of the board: pieces
built per seat, knights played, who holds Longest Road and Largest Army, development cards
bought (public count) and VP cards among them (hidden), the phase and whose turn it is.
Resource cards stay in the players' hands.

Phases: ``first`` (who starts) -> ``founding`` (the screen that says how to found) -> for each
turn ``roll`` -> ``build`` -> [``special``: the 5-6 player special building phase] -> next turn;
``over`` at the end. Questions that interrupt (a development card bought, a scenario's question)
wait in ``state["queue"]``, head first; they are asked before the phase's own step.
"""

from __future__ import annotations

from collections.abc import Sequence

from ...engine import Msg, RuleError, announce, counted, kept_private, refuser, rng, shared_places
from ...engine.i18n import join, unbroken
from . import texts

LIMITS = {"road": 15, "settlement": 5, "city": 4}  # pieces of one colour in the base game
ARMY_FROM = 3  # knights that take Largest Army at least
ROAD_FROM = 5  # roads that Longest Road needs at least (base game)
SUMS = tuple(range(2, 13))

# The rules version a session plays by (its setup option ``rules``, kept in ``state["rules"]``).
# 1: as companion 0.2.0 and earlier played (a session recorded then replays as recorded with
#    ``"rules": 1``); 2: the base game's rules on Longest Road and development cards, and Troy's
#    battle before a win; 3 (issue 35): the same rules, and every code means one thing for the
#    whole game: a roll is typed as its sum (no "#" default: 12 is no likelier than any other
#    sum), the Great Wall's attack numbers and Troy's sea people keep their codes as options drop
#    out. Actions store values, not codes, so a session of any version replays by its own.
#    A state without the key plays by version 1.
RULES = 3
RULES_VERSIONS = (3, 2, 1)
STABLE_CODES = 3  # the first version whose codes never move


def rules(state: dict) -> int:
    return state.get("rules", 1)


def stable_codes(state: dict) -> bool:
    """Rules version 3 or later: an option keeps its code for the whole game."""
    return rules(state) >= STABLE_CODES


refuse = refuser("catan")  # a refusal naming the broken rule ``catan.<rule>``


def new_state(scenario, options: dict, seed: int) -> dict:
    seats = options["seats"]
    state = {
        "seats": seats,
        "scenario": scenario.name,
        "target": scenario.target,
        "phase": "first",
        "turn": None,  # the seat whose turn it is
        "first": None,  # the starting player
        "round": 1,
        "pieces": [
            {"road": scenario.start_roads, "settlement": scenario.start_settlements, "city": 0} for _ in range(seats)
        ],
        "knights": [0] * seats,
        "card_played": False,  # a development card was played this turn (one per turn)
        "army": None,  # seat holding Largest Army
        "longest_road": None,  # seat holding Longest Road (a claim the table enters)
        "dev_bought": [0] * seats,
        "vp_cards": [0] * seats,  # hidden: VP cards among the cards bought
        "last_roll": None,
        "hint": None,  # what the table must do on the board, shown atop the next menu
        "special": None,  # {"builder": seat or None, "left": [seats still to come]}
        "over": None,  # {"winner": seat or None, "ranking": [...], "why": Msg json}
        "rng": rng.new(seed),
        "queue": [],
        "recent": [],
    }
    if options.get("rules", RULES) >= 2:
        state["rules"] = options.get("rules", RULES)
        state["fresh"] = [0] * seats  # cards bought this turn (VP cards included): public
        state["fresh_vp"] = [0] * seats  # hidden: VP cards among them
        state["deck"] = None  # {"cards", "vp", "knights"} when the scenario knows its deck
    return state


# -- names and events ----------------------------------------------------------------------------


def who(state: dict, seat: int) -> Msg:
    return texts.seat(seat)


def named(state: dict, seat: int) -> Msg:
    """A seat in an announcement: its name and number never broken between panel rows."""
    return unbroken(texts.seat(seat))


def tell(state: dict, msg: Msg) -> None:
    """A public event that tells the table what to do on the board now (kept in
    ``state["hint"]`` until the next answer). Only what players must read is announced: the
    table shows an action's events before the next list prompt."""
    announce(state, msg, keep=texts.EVENTS_KEPT)
    hint = Msg.from_json(state["hint"]) + Msg(" ", " ") + msg if state["hint"] else msg
    state["hint"] = hint.to_json()


def note(state: dict, msg: Msg) -> None:
    announce(state, msg, keep=texts.EVENTS_KEPT)


def ask(state: dict, task: dict) -> None:
    """Queue a question (``{"step": name, ...}``), asked after those already waiting."""
    state["queue"].append(task)


def ask_first(state: dict, task: dict) -> None:
    """Queue a question to be asked before those already waiting."""
    state["queue"].insert(0, task)


def finish(state: dict, task: dict) -> None:
    """The queued question ``task`` (the head) is answered: it leaves the queue."""
    state["queue"].remove(task)


# -- points --------------------------------------------------------------------------------------


def public_points(scenario, state: dict, seat: int) -> dict[str, int]:
    pieces = state["pieces"][seat]
    points = {
        "settlements": pieces["settlement"],
        "cities": 2 * pieces["city"],
        "longest_road": 2 if state["longest_road"] == seat else 0,
    }
    if scenario.army_vp is not None:
        points["largest_army"] = scenario.army_vp if state["army"] == seat else 0
    points.update(scenario.public_points(state, seat))
    return points


def hidden_points(scenario, state: dict, seat: int) -> dict[str, int]:
    points = {"vp_cards": state["vp_cards"][seat]} if scenario.dev_cards else {}
    points.update(scenario.hidden_points(state, seat))
    return points


def public_total(scenario, state: dict, seat: int) -> int:
    return sum(public_points(scenario, state, seat).values())


def true_total(scenario, state: dict, seat: int) -> int:
    return public_total(scenario, state, seat) + sum(hidden_points(scenario, state, seat).values())


def breakdown(scenario, state: dict, seat: int) -> dict[str, int]:
    return {**public_points(scenario, state, seat), **hidden_points(scenario, state, seat)}


def points_text(scenario, state: dict, seat: int, points: dict[str, int] | None = None) -> Msg:
    """ "3 vesnice, 2 města, 1 karta VB": what makes a seat's total (non-zero parts only);
    ``points``: those parts only (default: the whole breakdown)."""
    points = breakdown(scenario, state, seat) if points is None else points
    return join(point_part(scenario, key, n) for key, n in points.items() if n)


def point_part(scenario, key: str, value: int) -> Msg:
    if key == "settlements":
        return counted(value, ("vesnice", "vesnice", "vesnic"), ("settlement", "settlements"))
    if key == "cities":
        return counted(value // 2, ("město", "města", "měst"), ("city", "cities"))
    if key == "vp_cards":
        return counted(value, ("karta VB", "karty VB", "karet VB"), ("VP card", "VP cards"))
    if key in texts.POINTS:
        return texts.POINTS[key]
    return scenario.points_label(key, value)


# -- pieces, knights, special cards ----------------------------------------------------------------


def build(scenario, state: dict, seat: int, piece: str) -> None:
    """Count a road, settlement or city (a city replaces a settlement) and tell the scenario."""
    pieces = state["pieces"][seat]
    if pieces[piece] >= LIMITS[piece]:
        raise refuse(
            "no_pieces",
            "{w} už nemá další kus: {p} (nejvýš {n}).",
            "{w} has no {p} left (at most {n}).",
            w=who(state, seat),
            p=texts.PIECE[piece],
            n=LIMITS[piece],
        )
    if piece == "city":
        if pieces["settlement"] == 0:
            raise refuse(
                "city_needs_settlement",
                "Město vzniká povýšením vesnice; {w} žádnou nemá.",
                "A city upgrades a settlement; {w} has none.",
                w=who(state, seat),
            )
        pieces["settlement"] -= 1
    pieces[piece] += 1
    scenario.built(state, seat, piece)


def play_knight(scenario, state: dict, seat: int) -> None:
    """One development card per turn; never more knights than cards bought (a public count).
    Rules 2: a card bought this turn waits for the next, a VP card is never played, and the
    deck holds only so many knights."""
    if state["card_played"]:
        raise refuse(
            "one_card_per_turn",
            "Za tah lze zahrát jen jednu akční kartu.",
            "Only one development card may be played per turn.",
        )
    reason = knight_refused(state, seat)
    if reason is not None:
        raise reason
    state["card_played"] = True
    state["knights"][seat] += 1
    note(state, texts.knight(who(state, seat), state["knights"][seat]))
    settle_army(scenario, state, seat)
    scenario.knight(state, seat)


def knight_offered(state: dict, seat: int) -> bool:
    """Whether a knight may be offered to ``seat`` on what the table knows (cards bought before
    this turn, knights played): never on the hidden VP cards, or the offer would tell them."""
    if state["card_played"]:
        return False
    bought = state["dev_bought"][seat] - (state["fresh"][seat] if rules(state) >= 2 else 0)
    return state["knights"][seat] < bought


def knight_refused(state: dict, seat: int) -> RuleError | None:
    """Why ``seat`` cannot play a knight now (None: he can). Rules 1 only counts the cards bought.
    The reasons go from what the table knows to what only the box knows: no card bought, every
    card left bought this turn ("Kartu nelze zahrát v tahu, kdy byla koupena"), the rest are VP
    cards ("Karty VB se nehrají"), no knight left in the deck."""
    knights, bought = state["knights"][seat], state["dev_bought"][seat]
    if knights >= bought:
        return refuse(
            "no_card",
            "{w} nemá koupenou kartu, kterou by hrál.",
            "{w} has bought no card left to play.",
            w=who(state, seat),
        )
    if rules(state) < 2:
        return None
    if knights >= bought - state["fresh"][seat]:
        return refuse(
            "card_bought_this_turn",
            "{w}: koupenou kartu lze zahrát až v dalším tahu.",  # 3 rows of the panel: nothing cut
            "{w}: a card bought this turn waits for a later turn.",
            w=who(state, seat),
        )
    deck = state["deck"]
    if deck is not None and sum(state["knights"]) >= deck["knights"]:  # the table counts knights played
        return refuse(
            "no_knight_left",
            "Všichni rytíři z balíčku ({n}) už byli zahráni.",
            "All the deck's knights ({n}) have been played.",
            n=deck["knights"],
        )
    fresh_other = state["fresh"][seat] - state["fresh_vp"][seat]
    if knights >= bought - state["vp_cards"][seat] - fresh_other:
        # that his cards are VP cards is his secret: the table reads only what it can see
        return kept_private(
            refuse(
                "vp_card_never_played",
                "{w}: karta VB se nehraje; jinou kartu k zahrání nemá.",
                "{w}: a VP card is never played; no other card is left to play.",
                w=who(state, seat),
            ),
            Msg("{w} teď žádnou kartu zahrát nemůže.", "{w} cannot play a card now.").format(w=who(state, seat)),
        )
    return None


def settle_army(scenario, state: dict, seat: int) -> None:
    """Largest Army goes to the first with 3 knights, then to whoever has strictly more."""
    if scenario.army_vp is None:
        return
    holder = state["army"]
    mine = state["knights"][seat]
    if holder != seat and mine >= ARMY_FROM and (holder is None or mine > state["knights"][holder]):
        state["army"] = seat
        note(state, texts.army(named(state, seat)))


def claim_road(state: dict, seat: int | None) -> None:
    reason = None if seat is None else road_refused(state, seat)
    if reason is not None:
        raise reason
    state["longest_road"] = seat
    note(state, texts.road(None if seat is None else named(state, seat)))


def road_refused(state: dict, seat: int) -> RuleError | None:
    """Rules 2: Longest Road needs a road of at least 5 pieces, so at least 5 roads built
    (base game; both scenarios keep its rule)."""
    roads = state["pieces"][seat]["road"]
    if rules(state) < 2 or roads >= ROAD_FROM:
        return None
    return refuse(
        "longest_road_five",
        "{w} má jen {n}; nejdelší stezka má aspoň 5 cest.",
        "{w} has only {n}; Longest Road needs at least 5 roads.",
        w=who(state, seat),
        n=counted(roads, ("cestu", "cesty", "cest"), ("road", "roads")),
    )


def buy_refused(state: dict) -> RuleError | None:
    """Rules 2, a known deck: no card is bought after the last."""
    deck = state.get("deck")
    if deck is None or sum(state["dev_bought"]) < deck["cards"]:
        return None
    return refuse(
        "deck_empty",
        "Balíček akčních karet je prázdný (koupené karty: {n}).",
        "The development deck is empty (cards bought: {n}).",
        n=deck["cards"],
    )


def pick_refused(state: dict, vp: bool) -> RuleError | None:
    """Rules 2, a known deck: a VP card beyond those in the deck, or another card when only VP
    cards are left, is refused (the buyer enters the card again)."""
    deck = state.get("deck")
    if deck is None:
        return None
    vp_bought = sum(state["vp_cards"])
    if vp and vp_bought >= deck["vp"]:
        return refuse(
            "no_vp_card_left",
            "Všechny karty VB z balíčku ({n}) už jsou koupené: zadej kartu znovu.",
            "All the deck's VP cards ({n}) are bought: enter the card again.",
            n=deck["vp"],
        )
    if not vp and sum(state["dev_bought"]) - vp_bought >= deck["cards"] - deck["vp"]:
        return refuse(
            "only_vp_cards_left",
            "V balíčku zbývají jen karty VB: zadej kartu znovu.",
            "Only VP cards are left in the deck: enter the card again.",
        )
    return None


def buy_card(state: dict, seat: int, vp: bool) -> None:
    reason = pick_refused(state, vp)
    if reason is not None:
        raise reason
    state["dev_bought"][seat] += 1
    state["vp_cards"][seat] += 1 if vp else 0
    if rules(state) >= 2:
        state["fresh"][seat] += 1
        state["fresh_vp"][seat] += 1 if vp else 0


# -- the turn --------------------------------------------------------------------------------------


def clockwise(state: dict, start: int) -> list[int]:
    seats = state["seats"]
    return [(start + i) % seats for i in range(seats)]


def start_turn(state: dict, seat: int) -> None:
    state.update(phase="roll", turn=seat, card_played=False, special=None, last_roll=None)
    if rules(state) >= 2:  # cards bought before this turn (also in a special phase) may be played
        state["fresh"] = [0] * state["seats"]
        state["fresh_vp"] = [0] * state["seats"]


def next_turn(scenario, state: dict) -> None:
    seat = (state["turn"] + 1) % state["seats"]
    if seat == state["first"]:
        state["round"] += 1
    start_turn(state, seat)


def roll(scenario, state: dict, seat: int, value: int) -> None:
    state["last_roll"] = value
    if value == 7:
        tell(state, texts.SEVEN + Msg(" ", " ") + scenario.seven(state, seat))
    scenario.after_roll(state, seat, value)
    if state["phase"] == "roll":
        state["phase"] = "build"


def end_turn(scenario, state: dict, seat: int) -> None:
    """Scenario end-of-turn first; then the special building phase (5-6 players) or the next turn."""
    state["phase"] = "ending"
    scenario.end_turn(state, seat)
    if state["seats"] >= scenario.special_building_from:
        state["special"] = {"builder": None, "left": clockwise(state, seat)[1:]}
        state["phase"] = "special"
    else:
        next_turn(scenario, state)


def special_pick(scenario, state: dict, seat: int | None) -> None:
    """``seat`` builds now (those before him in clockwise order pass); None: nobody else."""
    special = state["special"]
    if seat is None:
        special["left"] = []
    else:
        special["left"] = special["left"][special["left"].index(seat) + 1 :]
        special["builder"] = seat
    close_special(scenario, state)


def special_done(scenario, state: dict) -> None:
    state["special"]["builder"] = None
    close_special(scenario, state)


def special_finished(state: dict) -> bool:
    """Everyone has built or passed in the special building phase."""
    special = state["special"]
    return special is not None and special["builder"] is None and not special["left"]


def close_special(scenario, state: dict) -> None:
    """The phase has just finished (this is called only where it can finish, so once per
    phase): the scenario's ``special_over``; what it queues is asked before the next turn."""
    if special_finished(state):
        scenario.special_over(state, state["turn"])


# -- the end ---------------------------------------------------------------------------------------


def on_own_turn(state: dict) -> int | None:
    """The seat playing his own turn now (not in someone's special building phase)."""
    return state["turn"] if state["phase"] in ("roll", "build") else None


def settle(scenario, state: dict) -> None:
    """After every answer: the special phase ends into the next turn, a loss or a win ends the
    game. Only the player whose turn it is wins, at the scenario's target, counting hidden VP."""
    if state["over"] is not None:
        return
    if state["phase"] == "special" and special_finished(state) and not state["queue"]:
        next_turn(scenario, state)
    lost = scenario.lost(state)
    if lost is not None:
        end_game(scenario, state, None, lost, said=scenario.lost_said(state, lost))
        return
    seat = on_own_turn(state)
    if seat is not None and not scenario.win_waits(state):
        points = win_points(scenario, state, seat)
        total = sum(points.values())
        if total >= state["target"]:
            why = texts.wins(who(state, seat), total, points_text(scenario, state, seat, points))
            end_game(scenario, state, seat, why, quiet=True)


def win_points(scenario, state: dict, seat: int) -> dict[str, int]:
    """The parts of a seat's true total that count for the win on his own turn (all of them
    unless the scenario's ``win_points`` leaves some out)."""
    return scenario.win_points(state, seat, breakdown(scenario, state, seat))


def end_game(
    scenario,
    state: dict,
    winner: int | None,
    why: Msg,
    sharing: Sequence[int] = (),
    said: Msg | None = None,
    quiet: bool = False,
) -> None:
    """The game ends: final order by true totals, the scenario's ``game_over`` (its reveals come
    before the reason), then the reason. ``winner`` None: everyone lost; ``sharing``: the seats
    level with the winner on everything the rules compare (a shared win). ``why`` is kept whole
    in ``state["over"]``; ``said`` (default ``why``) is what the panel announces, short enough
    for it; ``quiet``: nothing (a win on one's own turn: the final screen opens on the ranking,
    the winner first, with every total).

    The places go with the order: the winner and those sharing the win first, then the others,
    who share a place when the scenario's ``tie_key`` cannot tell them apart."""
    totals = {s: true_total(scenario, state, s) for s in range(state["seats"])}
    first = [winner, *(s for s in sharing if s != winner)] if winner is not None else []
    rest = [s for s in scenario.ranking(state, totals) if s not in first]
    places = shared_places(rest, lambda s: scenario.tie_key(state, totals, s))
    state["over"] = {
        "winner": winner,
        "ranking": first + rest,
        "places": [1] * len(first) + [place + len(first) for place in places],
        "why": why.to_json(),
    }
    state["phase"] = "over"
    state["queue"] = []
    state["hint"] = None
    scenario.game_over(state)
    if not quiet:
        note(state, why if said is None else said)
