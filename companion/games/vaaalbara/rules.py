"""Vaaalbara (2-5 players, 9 rounds): the rules as pure functions over a JSON state.

The cards stay physical: the companion does not model the land deck, the rows or the clan decks.
It keeps what players would otherwise track by hand (hidden VP, the turn order, who acted when)
and asks only what the table knows and it cannot: each seat's character (hidden), which clan has
the best omens when a tie needs it, the land each player takes, and some characters' choices.

Reading guide:
- "Lands": the six land rewards.
- "Characters": one class per character holding its whole effect (initiative 1-12).
- "Turn order": initiative, omen ties, and the questions they need.
- ``Vaaalbara``: the game protocol (setup, prompt, apply, view, score, status).

A round: ``pick_character`` (hidden) -> for each seat in turn order: the character's steps, then
``take_land`` -> ``end_round``. After round 9: end bonus and the final ranking.
"""

from __future__ import annotations

from typing import Any

from ...engine import Game, Msg, Option, Prompt, PromptKind, RuleError, Scores, Status
from ...engine.i18n import join
from .box import BOX_FILE, Box, load_box

BOX: Box = load_box(BOX_FILE)
ROUNDS: int = BOX.facts["rounds"]

(WARRIOR, BARD, HUNTER, SEER, CARPENTER, FALCONER,
 TRACKER, MIDWIFE, RIDER, WOODCARVER, EXPLORER, FARMER) = range(1, 13)

# Phases of the state
ASSIGN, RESOLVE, END_ROUND, FINAL, OVER = "assign", "resolve", "end_round", "final", "over"
PHASE_NAMES = {
    ASSIGN: Msg("Přidělení", "Assignment"),
    RESOLVE: Msg("Vyhodnocení", "Resolution"),
    END_ROUND: Msg("Konec kola", "End of round"),
    FINAL: Msg("Konec hry", "Game over"),
    OVER: Msg("Konec hry", "Game over"),
}

# Where a seat's VP come from (the breakdown of ``score``); the total is their sum.
START, LANDS, CHARACTERS, FALCONER_LOSSES, END_BONUS = (
    "start", "lands", "characters", "falconer_losses", "end_bonus")
CATEGORIES = (START, LANDS, CHARACTERS, FALCONER_LOSSES, END_BONUS)

YES, NO = "yes", "no"
RECENT_EVENTS = 6      # shown by status()
KEPT_EVENTS = 12       # kept in the state, so it does not grow with the game


# ---------------------------------------------------------------------------------------------
# Small helpers
# ---------------------------------------------------------------------------------------------

def refuse(rule: str, cs: str, en: str, **values) -> RuleError:
    """A refusal naming the broken rule, in both languages."""
    return RuleError(f"vaaalbara.{rule}", Msg(cs, en).format(**values))


def setting(state: dict, name: str) -> bool:
    return state["rules"][name]


def clan(state: dict, seat: int) -> Msg:
    return BOX.clans[state["clans"][seat]].name


def character_name(initiative: int) -> Msg:
    return BOX.characters[initiative].name


def neighbours(state: dict, seat: int) -> list[int]:
    """The players directly left and right; with 2 players the single opponent, once."""
    count = state["seats"]
    return sorted({(seat - 1) % count, (seat + 1) % count})


def played(state: dict, seat: int) -> int:
    """The initiative of the character the seat revealed this round."""
    return state["picks"][seat]


def total(state: dict, seat: int) -> int:
    return sum(state["points"][seat].values())


def event(state: dict, msg: Msg) -> None:
    state["recent"] = (state["recent"] + [msg.to_json()])[-KEPT_EVENTS:]


def gain(state: dict, seat: int, category: str, amount: int, source: Msg) -> None:
    """Add VP and announce the gain: gains are public (tokens are taken openly), totals are not."""
    state["points"][seat][category] += amount
    event(state, Msg("{who}: +{n} ({src})", "{who}: +{n} ({src})").format(
        who=clan(state, seat), n=amount, src=source))


def seat_option(state: dict, seat: int) -> Option:
    return Option(seat, clan(state, seat), str(seat + 1))


def land_options() -> tuple[Option, ...]:
    return tuple(Option(card.id, card.name, card.code) for card in BOX.land_cards.values())


def check_seat(value: Any, state: dict) -> int:
    if type(value) is not int or not 0 <= value < state["seats"]:
        raise refuse("unknown_seat", "U stolu takové místo není.", "There is no such seat at the table.")
    return value


def check_land(value: Any) -> str:
    if value not in BOX.land_cards:
        raise refuse("unknown_land", "Takový druh území ve hře není.", "There is no such kind of land.")
    return value


# ---------------------------------------------------------------------------------------------
# Lands: the reward of a land just added to a domain
# ---------------------------------------------------------------------------------------------

MOUNTAIN_REWARDS = {2: 10, 4: 20}   # "+10 for your 2nd mountain, +20 more for your 4th"
RIVER_INITIATIVE_CAP = 6


def land_type(card_id: str) -> str:
    return BOX.land_cards[card_id].type


def count_type(domain: list[str], kind: str) -> int:
    return sum(1 for card in domain if land_type(card) == kind)


def land_reward(state: dict, seat: int, card_id: str) -> int:
    """The printed reward of ``card_id``, already in ``seat``'s domain ("including this one")."""
    domain = state["domains"][seat]
    kind = land_type(card_id)
    if kind == "meadow":
        others = neighbours(state, seat)
        if state["seats"] == 2 and not setting(state, "two_player_meadow_neighbour_once"):
            others = others * 2
        return count_type(domain, "meadow") + sum(count_type(state["domains"][n], "meadow") for n in others)
    if kind == "forest":
        return BOX.land_cards[card_id].forest_value
    if kind == "mountain":
        return MOUNTAIN_REWARDS.get(count_type(domain, "mountain"), 0)
    if kind == "field":
        return 2 * count_type(domain, "field")
    if kind == "village":
        return 2 * len({land_type(card) for card in domain})
    if kind == "river":
        return min(played(state, seat), RIVER_INITIATIVE_CAP) * count_type(domain, "river")
    raise ValueError(f"no reward rule for land type {kind!r}")


def end_bonus(domain: list[str]) -> int:
    """+5 for five different land types, +10 for all six."""
    return {5: 5, 6: 10}.get(len({land_type(card) for card in domain}), 0)


# ---------------------------------------------------------------------------------------------
# Characters: each class holds one character's whole effect
# ---------------------------------------------------------------------------------------------

class Character:
    """A character's effect, resolved at the start of its player's turn, before the land.

    ``start`` runs the effect; when it needs an answer it returns the awaited step (a JSON dict
    with at least ``"step"``), which ``prompt`` turns into a Prompt and ``answer`` resolves. Both
    return the next awaited step, or None when the effect is over.
    """

    initiative: int = 0
    steps: tuple[str, ...] = ()

    @property
    def name(self) -> Msg:
        return character_name(self.initiative)

    def start(self, state: dict, seat: int) -> dict | None:
        return None

    def prompt(self, state: dict, seat: int, awaited: dict) -> Prompt:
        raise NotImplementedError

    def answer(self, state: dict, seat: int, awaited: dict, value: Any) -> dict | None:
        raise NotImplementedError

    def land_multiplier(self) -> int:
        """How many times the land taken this turn scores (the Farmer doubles it)."""
        return 1


def may_hold(state: dict, seat: int, initiative: int) -> bool:
    """Whether the seat might still have this character in hand (the hand itself is secret)."""
    return initiative not in state["discards"][seat] and played(state, seat) != initiative


class Warrior(Character):
    """1: every player holding a Warrior may show it to gain 1. Asked seat by seat."""

    initiative = WARRIOR
    steps = ("warrior_reveal",)
    REWARD = 1

    def start(self, state, seat):
        if setting(state, "warrior_player_gains"):
            gain(state, seat, CHARACTERS, self.REWARD, self.name)
        holders = [s for s in range(state["seats"]) if s != seat and may_hold(state, s, WARRIOR)]
        return self._ask(holders)

    @staticmethod
    def _ask(holders: list[int]) -> dict | None:
        return {"step": "warrior_reveal", "holder": holders[0], "later": holders[1:]} if holders else None

    def prompt(self, state, seat, awaited):
        holder = awaited["holder"]
        return Prompt(PromptKind.CHOICE, "warrior_reveal", (holder,),
                      Msg("{who}: ukážete Bojovnici z ruky za +1?",
                          "{who}: show a Warrior from your hand for +1?").format(who=clan(state, holder)),
                      {Prompt.ANYONE: (Option(YES, Msg("Ano, ukázat", "Yes, show it"), "#"),
                                       Option(NO, Msg("Ne", "No"), "*"))},
                      detail=Msg("Hraje Bojovnice hráče {who}.", "{who} played the Warrior.")
                      .format(who=clan(state, seat)))

    def answer(self, state, seat, awaited, value):
        if value not in (YES, NO):
            raise refuse("warrior_yes_or_no", "Bojovnici lze jen ukázat, nebo neukázat.",
                         "The Warrior can only be shown or not.")
        holder = awaited["holder"]
        if value == YES:
            gain(state, holder, CHARACTERS, self.REWARD,
                 Msg("ukázaná Bojovnice", "Warrior shown"))
            if not setting(state, "warrior_reveal_keeps_card"):
                state["discards"][holder] = sorted(state["discards"][holder] + [WARRIOR])
        return self._ask(awaited["later"])


class Bard(Character):
    """2: another player of your choice gains 2."""

    initiative = BARD
    steps = ("bard_target",)
    REWARD = 2

    def start(self, state, seat):
        return {"step": "bard_target"}

    def prompt(self, state, seat, awaited):
        others = tuple(seat_option(state, s) for s in range(state["seats"]) if s != seat)
        return Prompt(PromptKind.CHOICE, "bard_target", (seat,),
                      Msg("{who} – Bardka: který jiný hráč získá 2?",
                          "{who} – Bard: which other player gains 2?").format(who=clan(state, seat)),
                      {Prompt.ANYONE: others})

    def answer(self, state, seat, awaited, value):
        target = check_seat(value, state)
        if target == seat:
            raise refuse("bard_other_player", "Bardka musí vybrat jiného hráče.",
                         "The Bard must choose another player.")
        gain(state, target, CHARACTERS, self.REWARD,
             Msg("Bardka – {who}", "Bard – {who}").format(who=clan(state, seat)))
        return None


class Hunter(Character):
    """3: gain 3 if you act before both neighbours (a tie was already settled by the omens)."""

    initiative = HUNTER
    REWARD = 3

    def start(self, state, seat):
        first = not any(n in state["acted"] for n in neighbours(state, seat))
        gain(state, seat, CHARACTERS, self.REWARD if first else 0, self.name)
        return None


class Seer(Character):
    """4: gain 2 per neighbour who played an odd initiative (2 players: one neighbour)."""

    initiative = SEER
    REWARD = 2

    def start(self, state, seat):
        odd = sum(1 for n in neighbours(state, seat) if played(state, n) % 2 == 1)
        gain(state, seat, CHARACTERS, self.REWARD * odd, self.name)
        return None


class Carpenter(Character):
    """5: gain 3 per forest in your domain, counted before this turn's land."""

    initiative = CARPENTER
    REWARD = 3

    def start(self, state, seat):
        gain(state, seat, CHARACTERS, self.REWARD * count_type(state["domains"][seat], "forest"), self.name)
        return None


class Falconer(Character):
    """6: steal 2 from the player who acted immediately before you; acting first gains nothing."""

    initiative = FALCONER
    STEAL = 2

    def start(self, state, seat):
        if not state["acted"]:
            gain(state, seat, CHARACTERS, 0, Msg("Sokolnice hraje první", "Falconer acts first"))
            return None
        victim = state["acted"][-1]
        taken = min(self.STEAL, max(total(state, victim), 0))
        gained = taken if setting(state, "falconer_gain_capped") else self.STEAL
        state["points"][victim][FALCONER_LOSSES] -= taken
        state["points"][seat][CHARACTERS] += gained
        event(state, Msg("{thief}: +{g} (Sokolnice), {victim}: -{t}",
                         "{thief}: +{g} (Falconer), {victim}: -{t}")
              .format(thief=clan(state, seat), victim=clan(state, victim), g=gained, t=taken))
        return None


class Tracker(Character):
    """7: swap a card of row 1 or 2 with the top card of the land deck. The omens change."""

    initiative = TRACKER
    steps = ("tracker_swap",)

    def start(self, state, seat):
        return {"step": "tracker_swap"}

    def prompt(self, state, seat, awaited):
        return Prompt(PromptKind.CONFIRM, "tracker_swap", (seat,),
                      Msg("{who} – Stopař: prohoďte kartu z 1. nebo 2. řady s vrchní kartou balíčku území.",
                          "{who} – Tracker: swap a card of row 1 or 2 with the top card of the land deck.")
                      .format(who=clan(state, seat)),
                      detail=Msg("Nová karta jde lícem nahoru do řady, vyměněná lícem dolů navrch balíčku.",
                                 "The new card goes face up into the row, the swapped one face down on top "
                                 "of the deck."))

    def answer(self, state, seat, awaited, value):
        top_card_changed(state, Msg("Stopař", "Tracker"))
        return None


class Midwife(Character):
    """8: take one of your discarded characters back into your hand, never a Midwife."""

    initiative = MIDWIFE
    steps = ("midwife_take_back",)

    @staticmethod
    def returnable(state: dict, seat: int) -> list[int]:
        return [c for c in state["discards"][seat] if c != MIDWIFE]

    def start(self, state, seat):
        if not self.returnable(state, seat):
            event(state, Msg("{who}: Porodní bába nemá co vzít zpět",
                             "{who}: the Midwife has nothing to take back").format(who=clan(state, seat)))
            return None
        return {"step": "midwife_take_back"}

    def prompt(self, state, seat, awaited):
        options = tuple(Option(c, character_name(c), str(c)) for c in self.returnable(state, seat))
        return Prompt(PromptKind.CHOICE, "midwife_take_back", (seat,),
                      Msg("{who} – Porodní bába: kterou odhozenou postavu si vezmete zpět do ruky?",
                          "{who} – Midwife: which discarded character do you take back into your hand?")
                      .format(who=clan(state, seat)),
                      {Prompt.ANYONE: options})

    def answer(self, state, seat, awaited, value):
        if value == MIDWIFE and type(value) is int:
            raise refuse("midwife_not_midwife", "Porodní bábu si zpět do ruky vzít nesmíte.",
                         "You may not take a Midwife back.")
        if type(value) is not int or value not in self.returnable(state, seat):
            raise refuse("midwife_own_discard", "Porodní bába vrací jen postavu z vašich odhozených karet.",
                         "The Midwife takes back only a character from your own discard pile.")
        state["discards"][seat].remove(value)
        event(state, Msg("{who}: zpět do ruky – {c}", "{who}: back to hand – {c}")
              .format(who=clan(state, seat), c=character_name(value)))
        return None


class Rider(Character):
    """9: swap a card of row 1 with a card of row 2 (two alike cancel the effect)."""

    initiative = RIDER
    steps = ("rider_swap",)

    def start(self, state, seat):
        return {"step": "rider_swap"}

    def prompt(self, state, seat, awaited):
        return Prompt(PromptKind.CONFIRM, "rider_swap", (seat,),
                      Msg("{who} – Jezdkyně: prohoďte kartu z 1. řady s kartou z 2. řady.",
                          "{who} – Rider: swap a card of row 1 with a card of row 2.")
                      .format(who=clan(state, seat)),
                      detail=Msg("Dvě karty stejného druhu účinek zruší.",
                                 "Two cards of the same kind cancel the effect."))

    def answer(self, state, seat, awaited, value):
        return None


class Woodcarver(Character):
    """10: gain 5 if you act after both neighbours (a tie was already settled by the omens)."""

    initiative = WOODCARVER
    REWARD = 5

    def start(self, state, seat):
        last = all(n in state["acted"] for n in neighbours(state, seat))
        gain(state, seat, CHARACTERS, self.REWARD if last else 0, self.name)
        return None


class Explorer(Character):
    """11: swap a land of your domain with the bottom card of the deck and score the new one.

    Two steps: which land goes away, then which card came from the bottom. The new card scores
    like a land taken this turn (a river with initiative 11, capped at 6); the Farmer cannot apply.
    """

    initiative = EXPLORER
    steps = ("explorer_give", "explorer_receive")

    def start(self, state, seat):
        if not state["domains"][seat]:
            event(state, Msg("{who}: Průzkumník nemá co vyměnit", "{who}: the Explorer has nothing to swap")
                  .format(who=clan(state, seat)))
            return None
        return {"step": "explorer_give"}

    def prompt(self, state, seat, awaited):
        who = clan(state, seat)
        if awaited["step"] == "explorer_give":
            domain = state["domains"][seat]
            options = tuple(o for o in land_options() if o.value in domain)
            return Prompt(PromptKind.CHOICE, "explorer_give", (seat,),
                          Msg("{who} – Průzkumník: které území z domény dáte dospod balíčku?",
                              "{who} – Explorer: which land of your domain goes to the bottom of the deck?")
                          .format(who=who), {Prompt.ANYONE: options})
        return Prompt(PromptKind.CHOICE, "explorer_receive", (seat,),
                      Msg("{who} – Průzkumník: kterou kartu jste vzali zespodu balíčku?",
                          "{who} – Explorer: which card did you take from the bottom of the deck?")
                      .format(who=who), {Prompt.ANYONE: land_options()})

    def answer(self, state, seat, awaited, value):
        card = check_land(value)
        domain = state["domains"][seat]
        if awaited["step"] == "explorer_give":
            if card not in domain:
                raise refuse("explorer_own_land", "Průzkumník může vyměnit jen území ze své domény.",
                             "The Explorer can swap only a land of your own domain.")
            domain.remove(card)
            return {"step": "explorer_receive", "gave": card}
        domain.append(card)
        gain(state, seat, CHARACTERS, land_reward(state, seat, card),
             Msg("Průzkumník: {a} → {b}", "Explorer: {a} → {b}")
             .format(a=BOX.land_cards[awaited["gave"]].name, b=BOX.land_cards[card].name))
        if deck_cards_left(state) == 1:
            # the bottom card was also the top one: the card now on top shows other omens
            top_card_changed(state, Msg("Průzkumník", "Explorer"))
        return None


class Farmer(Character):
    """12: the land you add this turn scores double."""

    initiative = FARMER

    def land_multiplier(self):
        return 2


CHARACTER_EFFECTS: dict[int, Character] = {c.initiative: c for c in (
    Warrior(), Bard(), Hunter(), Seer(), Carpenter(), Falconer(),
    Tracker(), Midwife(), Rider(), Woodcarver(), Explorer(), Farmer())}
STEP_OWNER: dict[str, Character] = {step: c for c in CHARACTER_EFFECTS.values() for step in c.steps}


# ---------------------------------------------------------------------------------------------
# Turn order and omens
# ---------------------------------------------------------------------------------------------
# The top card of the land deck ranks the clans from best to worst omens. The companion does not
# know that card; it asks "which of these has the best omens?" only when a tie must be broken and
# keeps the answers as pairs [better, worse] until the top card changes.

def deck_cards_left(state: dict) -> int | None:
    """Cards in the land deck during this round, when the pool is known (4-5 players use all)."""
    seats = state["seats"]
    if seats < BOX.facts["highest_player_mark"]:
        return None
    dealt = 2 * seats + seats * (state["round"] - 1)
    return BOX.facts["land_cards"] - dealt


def top_card_changed(state: dict, cause: Msg) -> None:
    """Forget what we knew about the omens: the clans' order comes from a different card now."""
    state["omens"] = []
    event(state, Msg("{c}: nová vrchní karta, nová znamení", "{c}: new top card, new omens").format(c=cause))


def known_better(state: dict, better: int, worse: int) -> bool:
    """True when the omen answers show ``better`` ahead of ``worse`` (directly or via others)."""
    seen, frontier = {better}, [better]
    while frontier:
        current = frontier.pop()
        for ahead, behind in state["omens"]:
            if ahead == current and behind not in seen:
                if behind == worse:
                    return True
                seen.add(behind)
                frontier.append(behind)
    return False


def best_known(state: dict, group: list[int]) -> int | None:
    """The seat of ``group`` known to have better omens than all the others, if there is one."""
    if len(group) == 1:
        return group[0]
    for seat in group:
        if all(known_better(state, seat, other) for other in group if other != seat):
            return seat
    return None


def omen_candidates(state: dict, group: list[int]) -> list[int]:
    """Seats of ``group`` that might have the best omens: none known to be behind another."""
    return [s for s in group if not any(known_better(state, o, s) for o in group if o != s)]


def rank(state: dict, groups: list[list[int]]) -> tuple[list[int], list[int] | None]:
    """Order tied groups (given best first) by omens: (the order, or the seats to ask about)."""
    order: list[int] = []
    for group in groups:
        remaining = list(group)
        while remaining:
            best = best_known(state, remaining)
            if best is None:
                return order, omen_candidates(state, remaining)
            order.append(best)
            remaining.remove(best)
    return order, None


def next_actor(state: dict) -> tuple[int | None, list[int] | None]:
    """(the seat acting next, None) or (None, the tied seats whose omens the table must compare).

    Lowest initiative first. By default a tie is broken when it comes up, by the top card at that
    moment; with ``ties_use_current_omens`` off, the whole order is settled at the reveal.
    """
    remaining = [s for s in range(state["seats"]) if s not in state["acted"]]
    initiatives = sorted({played(state, s) for s in remaining})
    groups = [[s for s in remaining if played(state, s) == i] for i in initiatives]
    if setting(state, "ties_use_current_omens"):
        best = best_known(state, groups[0])
        return (best, None) if best is not None else (None, omen_candidates(state, groups[0]))
    if state["order"] is None:
        order, question = rank(state, groups)
        if question:
            return None, question
        state["order"] = order
    return next(s for s in state["order"] if s not in state["acted"]), None


def final_ranking(state: dict) -> tuple[list[int], list[int] | None]:
    """Highest total first; equal totals by the omens of the current top card."""
    totals = {s: total(state, s) for s in range(state["seats"])}
    levels = sorted(set(totals.values()), reverse=True)
    return rank(state, [[s for s in totals if totals[s] == level] for level in levels])


def omen_prompt(state: dict, step: str, candidates: list[int], detail: Msg) -> Prompt:
    return Prompt(PromptKind.CHOICE, step, (),
                  Msg("Který z těchto klanů má nejlepší znamení na vrchní kartě balíčku území?",
                      "Which of these clans has the best omens on the top land card?"),
                  {Prompt.ANYONE: tuple(seat_option(state, s) for s in candidates)}, detail=detail)


# ---------------------------------------------------------------------------------------------
# The flow of a round
# ---------------------------------------------------------------------------------------------

def advance(state: dict) -> None:
    """Run everything automatic until the game awaits an answer or is over."""
    while state["await"] is None and state["phase"] != OVER:
        phase = state["phase"]
        if phase == ASSIGN:
            state["await"] = {"step": "pick_character"}
        elif phase == END_ROUND:
            state["await"] = {"step": "end_round"}
        elif phase == FINAL:
            ranking, question = final_ranking(state)
            if question:
                state["await"] = {"step": "final_omen_best", "candidates": question}
            else:
                state["ranking"] = ranking
                state["phase"] = OVER
                winner = BOX.clans[state["clans"][ranking[0]]]
                event(state, Msg("Vítězí {c} klan!", "The {e} clan wins!").format(
                    c=winner.cs_masculine, e=winner.name.en))
        elif state["turn"] is None:
            if len(state["acted"]) == state["seats"]:
                finish_round(state)
                continue
            seat, question = next_actor(state)
            if question:
                state["await"] = {"step": "omen_best", "candidates": question}
            else:
                start_turn(state, seat)
        else:
            state["await"] = {"step": "take_land"}


def start_turn(state: dict, seat: int) -> None:
    state["turn"] = seat
    state["await"] = CHARACTER_EFFECTS[played(state, seat)].start(state, seat)
    if state["await"] is None:
        character_done(state, seat)


def character_done(state: dict, seat: int) -> None:
    """The character's effect is over: the card goes face up onto the discard pile."""
    state["discards"][seat] = sorted(state["discards"][seat] + [played(state, seat)])


def finish_round(state: dict) -> None:
    if state["round"] < ROUNDS:
        state["phase"] = END_ROUND
        return
    for seat in range(state["seats"]):
        bonus = end_bonus(state["domains"][seat])
        if bonus:
            kinds = len({land_type(card) for card in state["domains"][seat]})
            gain(state, seat, END_BONUS, bonus, Msg("{k} druhů území", "{k} land types").format(k=kinds))
    state["phase"] = FINAL


# ---------------------------------------------------------------------------------------------
# The game
# ---------------------------------------------------------------------------------------------

class Vaaalbara(Game):
    """Hidden character picks, then turns in initiative order; hidden VP totals until the end."""

    name = "vaaalbara"
    title = Msg("Vaaalbara", "Vaaalbara")
    min_seats, max_seats = 2, 5

    # -- setup -----------------------------------------------------------------------------------
    def validate_options(self, options: dict[str, Any]) -> dict[str, Any]:
        if not isinstance(options, dict):
            raise refuse("bad_options", "Nastavení hry musí být slovník.",
                         "The game options must be a mapping.")
        known = {"seats", "clans", *BOX.settings}
        unknown = sorted(str(k) for k in options if k not in known)
        if unknown:
            raise refuse("unknown_option", "Neznámé nastavení: {k}.", "Unknown option: {k}.",
                         k=", ".join(unknown))
        seats = options.get("seats")
        if type(seats) is not int or not self.min_seats <= seats <= self.max_seats:
            raise refuse("seats", "Vaaalbaru hrají 2 až 5 hráči.", "Vaaalbara is played by 2 to 5 players.")
        clans = options.get("clans", list(BOX.default_clans[:seats]))
        if (not isinstance(clans, list) or len(clans) != seats
                or any(not isinstance(c, str) or c not in BOX.clans for c in clans)
                or len(set(clans)) != len(clans)):
            raise refuse("clans", "Každé místo potřebuje jiný klan, jeden z: {ids}.",
                         "Every seat needs a different clan, one of: {ids}.", ids=", ".join(BOX.clans))
        completed: dict[str, Any] = {"seats": seats, "clans": list(clans)}
        for name, rule in BOX.settings.items():
            value = options.get(name, rule.default)
            if not isinstance(value, bool):
                raise refuse("setting_not_bool", "Nastavení {k} musí být true, nebo false.",
                             "The setting {k} must be true or false.", k=name)
            completed[name] = value
        return completed

    def setup(self, options: dict[str, Any], seed: int) -> dict:
        """The state at the start of round 1. The seed is unused: this game needs no chance."""
        options = self.validate_options(options)
        seats = options["seats"]
        state = {
            "seats": seats,
            "clans": options["clans"],
            "rules": {name: options[name] for name in BOX.settings},
            "round": 1,
            "phase": ASSIGN,
            "await": None,          # the step awaited, with its context
            "picks": None,          # initiative per seat, once revealed
            "acted": [],            # seats that finished their turn this round, in order
            "turn": None,           # the seat whose turn it is
            "order": None,          # the fixed turn order when ties are settled at the reveal
            "omens": [],            # [better, worse] seat pairs known from the current top card
            "discards": [[] for _ in range(seats)],
            "domains": [[] for _ in range(seats)],
            "points": [{c: (BOX.facts["start_vp"] if c == START else 0) for c in CATEGORIES}
                       for _ in range(seats)],
            "ranking": None,
            "recent": [],
        }
        advance(state)
        return state

    # -- what is awaited ---------------------------------------------------------------------------
    def prompt(self, state: dict) -> Prompt | None:
        awaited = state["await"]
        if awaited is None:
            return None
        step, seat = awaited["step"], state["turn"]
        if step == "pick_character":
            seats = tuple(range(state["seats"]))
            return Prompt(PromptKind.SECRET_CHOICE, step, seats,
                          Msg("Vyberte tajně postavu", "Choose your character in secret"),
                          {s: tuple(Option(c.initiative, c.name, str(c.initiative))
                                    for c in BOX.characters.values()
                                    if c.initiative not in state["discards"][s])
                           for s in seats},
                          detail=Msg("Kolo {r}/{n}", "Round {r}/{n}").format(r=state["round"], n=ROUNDS))
        if step == "omen_best":
            return omen_prompt(state, step, awaited["candidates"],
                               Msg("Remíza v iniciativě {i}", "Initiative tie at {i}")
                               .format(i=played(state, awaited["candidates"][0])))
        if step == "final_omen_best":
            return omen_prompt(state, step, awaited["candidates"],
                               Msg("Remíza na konci hry", "Tie at the end of the game"))
        if step == "take_land":
            doubled = CHARACTER_EFFECTS[played(state, seat)].land_multiplier() > 1
            return Prompt(PromptKind.CHOICE, step, (seat,),
                          Msg("{who}: kterou kartu území z 1. řady berete?",
                              "{who}: which land card of row 1 do you take?").format(who=clan(state, seat)),
                          {Prompt.ANYONE: land_options()},
                          detail=Msg("Zemědělec: odměna se zdvojnásobí.", "Farmer: the reward is doubled.")
                          if doubled else None)
        if step == "end_round":
            return Prompt(PromptKind.CONFIRM, step, (),
                          Msg("Konec kola {r}: posuňte 2. řadu na místo 1. a vyložte novou 2. řadu.",
                              "End of round {r}: move row 2 up to row 1 and deal a new row 2.")
                          .format(r=state["round"]),
                          detail=Msg("Každý si dobere do 5 karet v ruce (je-li z čeho).",
                                     "Everyone draws back to 5 cards in hand (if the deck has any)."))
        return STEP_OWNER[step].prompt(state, seat, awaited)

    # -- answers -----------------------------------------------------------------------------------
    def apply(self, state: dict, action: dict) -> dict:
        awaited = state["await"]
        if awaited is None:
            raise refuse("game_over", "Hra už skončila.", "The game is already over.")
        step = action.get("step")
        if step != awaited["step"]:
            raise refuse("wrong_step", "Teď se čeká na jiný krok: {t}.",
                         "The table is waiting for something else: {t}.", t=self.prompt(state).title)
        if step == "pick_character":
            self._reveal(state, action.get("picks"))
        else:
            allowed = self.prompt(state).seats
            actor = action.get("seat")
            if actor is not None and allowed and actor not in allowed:
                raise refuse("not_your_turn", "Teď odpovídá {who}.", "It is {who}'s turn to answer.",
                             who=join(clan(state, s) for s in allowed))
            self._answer(state, awaited, action.get("value"))
        advance(state)
        return state

    def _reveal(self, state: dict, picks: Any) -> None:
        seats = range(state["seats"])
        if not isinstance(picks, dict) or set(picks) != {str(s) for s in seats}:
            raise refuse("picks_together", "Postavy se odhalují najednou, od všech hráčů.",
                         "Characters are revealed together, one from every player.")
        for seat in seats:
            pick = picks[str(seat)]
            if type(pick) is not int or pick not in BOX.characters:
                raise refuse("no_such_character", "{who}: taková postava neexistuje.",
                             "{who}: there is no such character.", who=clan(state, seat))
            if pick in state["discards"][seat]:
                raise refuse("character_discarded", "{who}: postava {c} už leží mezi odhozenými kartami.",
                             "{who}: the {c} is already on your discard pile.",
                             who=clan(state, seat), c=character_name(pick))
        state["picks"] = [picks[str(s)] for s in seats]
        state["phase"] = RESOLVE
        state["await"] = None
        event(state, Msg("Odhalení: ", "Revealed: ") + join(
            Msg("{who} {i}", "{who} {i}").format(who=clan(state, s), i=state["picks"][s]) for s in seats))

    def _answer(self, state: dict, awaited: dict, value: Any) -> None:
        step, seat = awaited["step"], state["turn"]
        if step in ("omen_best", "final_omen_best"):
            best = check_seat(value, state)
            if best not in awaited["candidates"]:
                raise refuse("omen_among_tied", "Vybírá se jen z klanů v remíze: {who}.",
                             "Choose only among the tied clans: {who}.",
                             who=join(clan(state, s) for s in awaited["candidates"]))
            state["omens"] += [[best, other] for other in awaited["candidates"] if other != best]
            event(state, Msg("Nejlepší znamení: {who}", "Best omens: {who}").format(who=clan(state, best)))
            state["await"] = None
        elif step == "take_land":
            self._take_land(state, seat, check_land(value))
            state["await"] = None
        elif step == "end_round":
            # the rows and hands are refilled on the table; a new top card brings new omens
            state.update({"round": state["round"] + 1, "phase": ASSIGN, "picks": None, "acted": [],
                          "turn": None, "order": None, "omens": [], "await": None})
        else:
            state["await"] = STEP_OWNER[step].answer(state, seat, awaited, value)
            if state["await"] is None:
                character_done(state, seat)

    def _take_land(self, state: dict, seat: int, card: str) -> None:
        """Land action: the card joins the domain and scores at once (doubled by the Farmer)."""
        state["domains"][seat].append(card)
        multiplier = CHARACTER_EFFECTS[played(state, seat)].land_multiplier()
        source = BOX.land_cards[card].name
        if multiplier > 1:
            source = source + Msg(", Zemědělec ×{m}", ", Farmer ×{m}").format(m=multiplier)
        gain(state, seat, LANDS, land_reward(state, seat, card) * multiplier, source)
        state["acted"].append(seat)
        state["turn"] = None

    # -- what players see --------------------------------------------------------------------------
    def view(self, state: dict, seat: int | None = None) -> dict:
        """Everything on the table is public; VP totals are not, until the game is over."""
        over = state["phase"] == OVER
        public = {
            "game": self.name,
            "round": state["round"],
            "rounds": ROUNDS,
            "phase": state["phase"],
            "clans": list(state["clans"]),
            "picks": list(state["picks"]) if state["picks"] is not None else None,
            "acted": list(state["acted"]),
            "turn": state["turn"],
            "discards": [list(d) for d in state["discards"]],
            "domains": [list(d) for d in state["domains"]],
            "omens": [list(pair) for pair in state["omens"]],
            "events": list(state["recent"]),
            "rules": dict(state["rules"]),
        }
        if over:
            public["totals"] = [total(state, s) for s in range(state["seats"])]
            public["ranking"] = list(state["ranking"])
        if seat is not None:
            public["seat"] = seat
            public["my_total"] = total(state, seat)
            public["my_breakdown"] = dict(state["points"][seat])
        return public

    def score(self, state: dict) -> Scores:
        seats = range(state["seats"])
        over = state["phase"] == OVER
        return Scores({s: total(state, s) for s in seats},
                      {s: dict(state["points"][s]) for s in seats},
                      ranking=tuple(state["ranking"]) if over else (), final=over)

    def status(self, state: dict) -> Status:
        return Status(state["round"], ROUNDS, PHASE_NAMES[state["phase"]],
                      turn=state["turn"] if state["phase"] == RESOLVE else None,
                      recent=tuple(Msg.from_json(e) for e in state["recent"][-RECENT_EVENTS:]))

    def seat_label(self, state: dict, seat: int) -> Msg:
        return clan(state, seat)


GAME = Vaaalbara()
