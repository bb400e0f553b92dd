"""The 12 characters: each class holds one character's whole effect, and its decisions as steps.

An effect is resolved at the start of its player's turn, before the land. ``Character.start``
runs the automatic part and returns the task of the first decision (None: the effect is over).
A decision is a Step written next to its character; once answered it calls ``effect_awaits``
with the effect's next task, or None, and the turn goes on to the land (the game runs
``flow.advance`` after every answer).
"""

from __future__ import annotations

from ....engine import Gate, Msg, Option, Prompt, PromptKind, RuleError, Step
from ....engine.choices import NO, YES
from ....engine.steps import confirmed, offered
from ..box import BOX
from ..common import (
    BARD,
    CARPENTER,
    CHARACTER_GAINS,
    EXPLORER,
    FALCONER,
    FALCONER_LOSSES,
    FARMER,
    HUNTER,
    MIDWIFE,
    RIDER,
    SEER,
    TRACKER,
    WARRIOR,
    WOODCARVER,
    character_name,
    character_option,
    clan,
    effect_awaits,
    event,
    gain,
    is_character,
    is_land,
    is_seat,
    land_options,
    neighbours,
    played,
    refuse,
    seat_option,
    setting,
    total,
    unknown_land,
    unknown_seat,
)
from ..lands import count_type, land_reward
from ..omens import deck_cards_left, top_card_changed


class Character:
    """A character's effect. ``decisions`` are the steps it may await, in the order asked."""

    initiative: int = 0
    decisions: tuple[Step, ...] = ()
    # what the table hears when the character finds nothing to act on ("{who}" is the clan)
    idle: Msg | None = None

    @property
    def name(self) -> Msg:
        return character_name(self.initiative)

    def can_act(self, state: dict, seat: int) -> bool:
        """Whether the decisions have anything to act on (else ``idle`` is said, none asked)."""
        return True

    def start(self, state: dict, seat: int) -> dict | None:
        """Run the automatic part; the task of the first decision, or None when it is over.

        By default there is no automatic part: a character with decisions asks the first one,
        unless it has nothing to act on.
        """
        if self.idle is not None and not self.can_act(state, seat):
            event(state, self.idle.format(who=clan(state, seat)))
            return None
        return {"step": self.decisions[0].name} if self.decisions else None

    def land_multiplier(self) -> int:
        """How many times the land taken this turn scores (the Farmer doubles it)."""
        return 1


def may_hold(state: dict, seat: int, initiative: int) -> bool:
    """Whether the seat might still have this character in hand (the hand itself is secret)."""
    return initiative not in state["discards"][seat] and played(state, seat) != initiative


def acting(state: dict) -> int:
    """The seat whose character is being resolved."""
    return state["turn"]


# -- 1 Warrior --------------------------------------------------------------------------------------


class WarriorReveal(Step):
    """Every other seat that may hold a Warrior is asked, in seat order, whether it shows one."""

    name = "warrior_reveal"

    def prompt(self, state, task):
        holder = task["holder"]
        return Prompt(
            PromptKind.CHOICE,
            self.name,
            (holder,),
            Msg("{who}: ukážete Bojovnici z ruky za +1?", "{who}: show a Warrior from your hand for +1?").format(
                who=clan(state, holder)
            ),
            {Prompt.ANYONE: (Option(YES, Msg("Ano, ukázat", "Yes, show it"), "#"), Option(NO, Msg("Ne", "No"), "*"))},
            detail=Msg("Bojovnici hraje {who}.", "{who} played the Warrior.").format(who=clan(state, acting(state))),
            short=Msg("Ukázat Bojovnici, +1?", "Show a Warrior: +1?"),
        )

    def gate(self, state, task):
        return Gate(PromptKind.CHOICE, self.name, (task["holder"],), offered((YES, NO)))

    def explain(self, state, task, seat, value):
        return refuse(
            "warrior_yes_or_no", "Bojovnici lze jen ukázat, nebo neukázat.", "The Warrior can only be shown or not."
        )

    def apply(self, state, action, task):
        holder = task["holder"]
        if action.value == YES:
            gain(state, holder, CHARACTER_GAINS, Warrior.REWARD, Msg("ukázaná Bojovnice", "Warrior shown"))
            if not setting(state, "warrior_reveal_keeps_card"):
                state["discards"][holder] = sorted(state["discards"][holder] + [WARRIOR])
        effect_awaits(state, ask_warrior_holder(state, after=holder))


def ask_warrior_holder(state: dict, after: int) -> dict | None:
    """The question for the next seat after ``after``, in seat order, that may hold a Warrior
    (the one who played it is not asked); None when nobody is left."""
    holders = [s for s in range(after + 1, state["seats"]) if s != acting(state) and may_hold(state, s, WARRIOR)]
    return {"step": WarriorReveal.name, "holder": holders[0]} if holders else None


class Warrior(Character):
    """1: every player holding a Warrior may show it to gain 1. Asked seat by seat."""

    initiative = WARRIOR
    decisions = (WarriorReveal(),)
    REWARD = 1

    def start(self, state, seat):
        if setting(state, "warrior_player_gains"):
            gain(state, seat, CHARACTER_GAINS, self.REWARD, self.name)
        return ask_warrior_holder(state, after=-1)


# -- 2 Bard -----------------------------------------------------------------------------------------


class BardTarget(Step):
    """The Bard's player names another player, who gains 2."""

    name = "bard_target"

    def prompt(self, state, task):
        seat = acting(state)
        others = tuple(seat_option(state, s) for s in range(state["seats"]) if s != seat)
        return Prompt(
            PromptKind.CHOICE,
            self.name,
            (seat,),
            Msg("{who} – Bardka: který jiný hráč získá 2?", "{who} – Bard: which other player gains 2?").format(
                who=clan(state, seat)
            ),
            {Prompt.ANYONE: others},
            short=Msg("Bardka: komu +2?", "Bard: who gains 2?"),
            unoffered={Prompt.ANYONE: (seat_option(state, seat),)},
        )

    def gate(self, state, task):
        """Every other seat, without its name."""
        seat = acting(state)
        return Gate(PromptKind.CHOICE, self.name, (seat,), offered(s for s in range(state["seats"]) if s != seat))

    def explain(self, state, task, seat, value):
        if not is_seat(value, state):
            return unknown_seat()
        return refuse(
            "bard_other_player",
            "{who}: Bardka dá +2 jinému hráči, ne sobě.",
            "{who}: the Bard gives 2 to another, not herself.",
            who=clan(state, acting(state)),
        )

    def apply(self, state, action, task):
        target = action.value
        gain(
            state,
            target,
            CHARACTER_GAINS,
            Bard.REWARD,
            Msg("Bardka – {who}", "Bard – {who}").format(who=clan(state, acting(state))),
        )
        effect_awaits(state, None)


class Bard(Character):
    """2: another player of your choice gains 2."""

    initiative = BARD
    decisions = (BardTarget(),)
    REWARD = 2


# -- 3 Hunter, 4 Seer, 5 Carpenter, 6 Falconer: automatic --------------------------------------------


class Hunter(Character):
    """3: gain 3 if you act before both neighbours (a tie was already settled by the omens)."""

    initiative = HUNTER
    REWARD = 3

    def start(self, state, seat):
        first = not any(n in state["acted"] for n in neighbours(state, seat))
        gain(state, seat, CHARACTER_GAINS, self.REWARD if first else 0, self.name)
        return None


class Seer(Character):
    """4: gain 2 per neighbour who played an odd initiative (2 players: one neighbour)."""

    initiative = SEER
    REWARD = 2

    def start(self, state, seat):
        odd = sum(1 for n in neighbours(state, seat) if played(state, n) % 2 == 1)
        gain(state, seat, CHARACTER_GAINS, self.REWARD * odd, self.name)
        return None


class Carpenter(Character):
    """5: gain 3 per forest in your domain, counted before this turn's land."""

    initiative = CARPENTER
    REWARD = 3

    def start(self, state, seat):
        gain(state, seat, CHARACTER_GAINS, self.REWARD * count_type(state["domains"][seat], "forest"), self.name)
        return None


class Falconer(Character):
    """6: steal 2 from the player who acted immediately before you; acting first gains nothing."""

    initiative = FALCONER
    STEAL = 2

    def start(self, state, seat):
        if not state["acted"]:
            gain(state, seat, CHARACTER_GAINS, 0, Msg("Sokolnice hraje první", "Falconer acts first"))
            return None
        victim = state["acted"][-1]
        taken = min(self.STEAL, max(total(state, victim), 0))
        gained = taken if setting(state, "falconer_gain_capped") else self.STEAL
        state["points"][victim][FALCONER_LOSSES] -= taken
        state["points"][seat][CHARACTER_GAINS] += gained
        event(
            state,
            Msg("{thief}: +{g} (Sokolnice), {victim}: -{t}", "{thief}: +{g} (Falconer), {victim}: -{t}").format(
                thief=clan(state, seat), victim=clan(state, victim), g=gained, t=taken
            ),
        )
        return None


# -- 7 Tracker --------------------------------------------------------------------------------------


class TableSwap(Step):
    """A swap of cards done on the table: the companion says what to swap and confirms it.
    ``said`` names the character and the swap; ``rule`` is the detail under it."""

    said: Msg
    rule: Msg

    def prompt(self, state, task):
        seat = acting(state)
        return Prompt(PromptKind.CONFIRM, self.name, (seat,), self.said.format(who=clan(state, seat)), detail=self.rule)

    def gate(self, state, task):
        return Gate(PromptKind.CONFIRM, self.name, (acting(state),), confirmed)

    def apply(self, state, action, task):
        effect_awaits(state, None)


class TrackerSwap(TableSwap):
    """The swap is done on the table; the companion only learns that the top card changed."""

    name = "tracker_swap"
    said = Msg(
        "{who} – Stopař: prohoďte kartu z 1. nebo 2. řady s vrchní kartou balíčku území.",
        "{who} – Tracker: swap a card of row 1 or 2 with the top card of the land deck.",
    )
    rule = Msg(
        "Nová karta jde lícem nahoru do řady, vyměněná lícem dolů navrch balíčku.",
        "The new card goes face up into the row, the swapped one face down on top of the deck.",
    )

    def apply(self, state, action, task):
        top_card_changed(state, Msg("Stopař", "Tracker"))
        super().apply(state, action, task)


class Tracker(Character):
    """7: swap a card of row 1 or 2 with the top card of the land deck. The omens change."""

    initiative = TRACKER
    decisions = (TrackerSwap(),)


# -- 8 Midwife --------------------------------------------------------------------------------------


def returnable(state: dict, seat: int) -> list[int]:
    """The discarded characters the Midwife may take back: any but a Midwife."""
    return [c for c in state["discards"][seat] if c != MIDWIFE]


def not_in_own_discards(state: dict, value) -> RuleError:
    if not is_character(value):
        return refuse("no_such_character", "Taková postava neexistuje.", "There is no such character.")
    return refuse(
        "midwife_own_discard",
        "{who}: {c} v odhozených kartách neleží.",
        "{who}: no {c} on your discard pile.",
        who=clan(state, acting(state)),
        c=character_name(value),
    )


class MidwifeTakeBack(Step):
    """The Midwife's player names the discarded character that goes back into the hand."""

    name = "midwife_take_back"

    def prompt(self, state, task):
        seat = acting(state)
        options = tuple(character_option(c) for c in returnable(state, seat))
        return Prompt(
            PromptKind.CHOICE,
            self.name,
            (seat,),
            Msg(
                "{who} – Porodní bába: kterou odhozenou postavu si vezmete zpět do ruky?",
                "{who} – Midwife: which discarded character do you take back into your hand?",
            ).format(who=clan(state, seat)),
            {Prompt.ANYONE: options},
            short=Msg("Co zpět do ruky?", "Midwife: take which?"),
            unoffered={
                Prompt.ANYONE: tuple(character_option(c) for c in BOX.characters if c not in returnable(state, seat))
            },
        )

    def gate(self, state, task):
        """The discarded characters that may go back into the hand."""
        seat = acting(state)
        return Gate(PromptKind.CHOICE, self.name, (seat,), offered(returnable(state, seat)))

    def explain(self, state, task, seat, value):
        if value == MIDWIFE and type(value) is int:
            return refuse(
                "midwife_not_midwife",
                "{who}: Porodní bábu si zpět do ruky vzít nesmíte.",
                "{who}: you may not take a Midwife back.",
                who=clan(state, acting(state)),
            )
        return not_in_own_discards(state, value)

    def apply(self, state, action, task):
        seat, value = acting(state), action.value
        state["discards"][seat].remove(value)
        event(
            state,
            Msg("{who}: zpět do ruky – {c}", "{who}: back to hand – {c}").format(
                who=clan(state, seat), c=character_name(value)
            ),
        )
        effect_awaits(state, None)


class Midwife(Character):
    """8: take one of your discarded characters back into your hand, never a Midwife."""

    initiative = MIDWIFE
    decisions = (MidwifeTakeBack(),)
    idle = Msg("{who}: Porodní bába nemá co vzít zpět", "{who}: the Midwife has nothing to take back")

    def can_act(self, state, seat):
        return bool(returnable(state, seat))


# -- 9 Rider ----------------------------------------------------------------------------------------


class RiderSwap(TableSwap):
    """The swap between the rows is done on the table; nothing for the companion to score."""

    name = "rider_swap"
    said = Msg(
        "{who} – Jezdkyně: prohoďte kartu z 1. řady s kartou z 2. řady.",
        "{who} – Rider: swap a card of row 1 with a card of row 2.",
    )
    rule = Msg("Dvě karty stejného druhu účinek zruší.", "Two cards of the same kind cancel the effect.")


class Rider(Character):
    """9: swap a card of row 1 with a card of row 2 (two alike cancel the effect)."""

    initiative = RIDER
    decisions = (RiderSwap(),)


# -- 10 Woodcarver ----------------------------------------------------------------------------------


class Woodcarver(Character):
    """10: gain 5 if you act after both neighbours (a tie was already settled by the omens)."""

    initiative = WOODCARVER
    REWARD = 5

    def start(self, state, seat):
        last = all(n in state["acted"] for n in neighbours(state, seat))
        gain(state, seat, CHARACTER_GAINS, self.REWARD if last else 0, self.name)
        return None


# -- 11 Explorer ------------------------------------------------------------------------------------


class ExplorerGive(Step):
    """First decision: the land of the domain that goes to the bottom of the deck."""

    name = "explorer_give"

    def prompt(self, state, task):
        seat = acting(state)
        domain = state["domains"][seat]
        options = tuple(o for o in land_options() if o.value in domain)
        return Prompt(
            PromptKind.CHOICE,
            self.name,
            (seat,),
            Msg(
                "{who} – Průzkumník: které území z domény dáte dospod balíčku?",
                "{who} – Explorer: which land of your domain goes to the bottom of the deck?",
            ).format(who=clan(state, seat)),
            {Prompt.ANYONE: options},
            short=Msg("Průzkumník: co dát?", "Explorer: give which?"),
            unoffered={Prompt.ANYONE: tuple(o for o in land_options() if o.value not in domain)},
        )

    def gate(self, state, task):
        """The lands of the seat's domain."""
        seat = acting(state)
        domain = state["domains"][seat]
        return Gate(
            PromptKind.CHOICE, self.name, (seat,), offered(o.value for o in land_options() if o.value in domain)
        )

    def explain(self, state, task, seat, value):
        if not is_land(value):
            return unknown_land()
        return refuse(
            "explorer_own_land",
            "{who}: {land} ve vaší doméně není.",
            "{who}: no {land} in your domain.",
            who=clan(state, acting(state)),
            land=BOX.land_cards[value].name,
        )

    def apply(self, state, action, task):
        state["domains"][acting(state)].remove(action.value)
        effect_awaits(state, {"step": ExplorerReceive.name, "gave": action.value})


class ExplorerReceive(Step):
    """Second decision: the card that came from the bottom of the deck; it scores at once."""

    name = "explorer_receive"

    def prompt(self, state, task):
        return Prompt(
            PromptKind.CHOICE,
            self.name,
            (acting(state),),
            Msg(
                "{who} – Průzkumník: kterou kartu jste vzali zespodu balíčku?",
                "{who} – Explorer: which card did you take from the bottom of the deck?",
            ).format(who=clan(state, acting(state))),
            {Prompt.ANYONE: land_options()},
            short=Msg("Průzkumník: co máš?", "Explorer: got what?"),
        )

    def gate(self, state, task):
        return Gate(PromptKind.CHOICE, self.name, (acting(state),), offered(o.value for o in land_options()))

    def explain(self, state, task, seat, value):
        return unknown_land()

    def apply(self, state, action, task):
        seat, card = acting(state), action.value
        state["domains"][seat].append(card)
        gain(
            state,
            seat,
            CHARACTER_GAINS,
            land_reward(state, seat, card),
            Msg("Průzkumník: {a} → {b}", "Explorer: {a} → {b}").format(
                a=BOX.land_cards[task["gave"]].name, b=BOX.land_cards[card].name
            ),
        )
        if deck_cards_left(state) == 1:
            # the bottom card was also the top one: the card now on top shows other omens
            top_card_changed(state, Msg("Průzkumník", "Explorer"))
        effect_awaits(state, None)


class Explorer(Character):
    """11: swap a land of your domain with the bottom card of the deck and score the new one.

    Two decisions: which land goes away, then which card came from the bottom. The new card
    scores like a land taken this turn (a river with initiative 11, capped at 6); the Farmer
    cannot apply.
    """

    initiative = EXPLORER
    decisions = (ExplorerGive(), ExplorerReceive())
    idle = Msg("{who}: Průzkumník nemá co vyměnit", "{who}: the Explorer has nothing to swap")

    def can_act(self, state, seat):
        return bool(state["domains"][seat])


# -- 12 Farmer --------------------------------------------------------------------------------------


class Farmer(Character):
    """12: the land you add this turn scores double."""

    initiative = FARMER

    def land_multiplier(self):
        return 2


CHARACTERS: dict[int, Character] = {
    c.initiative: c
    for c in (
        Warrior(),
        Bard(),
        Hunter(),
        Seer(),
        Carpenter(),
        Falconer(),
        Tracker(),
        Midwife(),
        Rider(),
        Woodcarver(),
        Explorer(),
        Farmer(),
    )
}
DECISIONS: tuple[Step, ...] = tuple(step for c in CHARACTERS.values() for step in c.decisions)
