"""The support row's steps: a donation (how many cards, public; which, secret), ship 3 and 6
taking from the row (the card drawn is shown only to the taker, behind a privacy screen), and the
battle at the end of a turn."""

from __future__ import annotations

from functools import cache

from ....engine import BACK, Gate, Msg, Option, Prompt, PromptKind, Step, counted
from ....engine.steps import offered
from ...catan import core
from .. import battle, saga, support, texts, war
from ..box import RESOURCES
from ..scenario import box_of, part, trade_point_refused
from .common import QueuedStep, choice, confirm, name, one_seat, queue

CARDS = (("karta", "karty", "karet"), ("card", "cards"))
CARDS_GIVEN = (("kartu", "karty", "karet"), ("card", "cards"))  # the accusative: "daroval 1 kartu"
TRADE_POINTS = (("obchodní bod", "obchodní body", "obchodních bodů"), ("trade point", "trade points"))


# -- a donation ---------------------------------------------------------------------------------


class DonateCount(QueuedStep):
    """How many cards the player gives (1-3): public, as the cards are counted on the table."""

    name = "donate_count"
    enumerable = True

    def prompt(self, state: dict, task: dict) -> Prompt:
        top = box_of(state).donation_max
        return choice(
            self.name,
            task["seat"],
            Msg("Kolik karet daruješ?", "How many cards do you give?"),
            ((n, counted(n, *CARDS)) for n in range(1, top + 1)),
            back=True,
        )

    def gate(self, state: dict, task: dict) -> Gate:
        """1 to the box's most cards, or "back", for anyone who answers for the seat."""
        values = (*range(1, box_of(state).donation_max + 1), BACK.value)
        return Gate(PromptKind.CHOICE, self.name, one_seat(task["seat"]), offered(values))

    def explain(self, state: dict, task: dict, seat, value):
        """CZ: "Hráč může … jednou poskytnout 1, 2 nebo 3 karty surovin"."""
        top = box_of(state).donation_max
        if type(value) is int and value > top:
            return texts.refuse(
                "donation_max",
                "{s}: darovat lze 1 až {m} karty, ne {n}.",
                "{s}: you may give 1 to {m} cards, not {n}.",
                s=name(state, task["seat"]),
                m=top,
                n=value,
            )
        return None

    def carry_out(self, state: dict, action, task: dict) -> None:
        seat, count = task["seat"], action.value
        if part(state)["row"] is None:
            donated(state, seat, None, count)
        else:
            queue(state, {"step": "donate_cards", "seat": seat, "count": count})


def donation_options(count: int) -> tuple[Option, ...]:
    return tuple(
        Option(list(cards), texts.cards(cards), support.donation_code(cards))
        for cards in support.donation_options(count)
    )


class DonateCards(Step):
    """Which cards, entered in secret on the donor's pad (a digit per card, lowest first); the
    cards themselves go back to the bank: the companion is the row."""

    name = "donate_cards"

    def explain(self, state: dict, task: dict, seat, value):
        """Never names the cards: the pick is secret."""
        return texts.refuse(
            "donation_cards",
            "{s}: daruješ {n}; zadej tolik číslic karet (1–5), od nejmenší.",
            "{s}: you give {n}; enter as many card digits (1–5), lowest first.",
            s=name(state, task["seat"]),
            n=counted(task["count"], *CARDS_GIVEN),
        )

    def prompt(self, state: dict, task: dict) -> Prompt:
        seat, count = task["seat"], task["count"]
        return Prompt(
            PromptKind.SECRET_CHOICE,
            self.name,
            one_seat(seat),
            Msg("Které karty daruješ? (tajně)", "Which cards do you give? (secret)"),
            {seat: donation_options(count)},
            kinds=tuple(
                Option(resource, texts.RESOURCE_NAMES[resource], str(digit))
                for digit, resource in enumerate(support.RESOURCES, 1)
            ),
            detail=Msg(
                "Číslice karet od nejmenší, pak #: 1 dřevo, 2 hlína, 3 vlna, 4 obilí, 5 ruda. Karty vrať do banku.",
                "Card digits, lowest first, then #: 1 lumber, 2 brick, 3 wool, 4 grain, 5 ore. "
                "Put the cards back in the bank.",
            ),
        )

    def gate(self, state: dict, task: dict) -> Gate:
        """The donations of ``count`` cards the list offers, without their words and codes."""
        seat, allowed = task["seat"], _donations(task["count"])

        def offers(asked, value) -> bool:
            return (
                asked == seat
                and type(value) is list
                and all(type(card) is str for card in value)
                and tuple(value) in allowed
            )

        return Gate(PromptKind.SECRET_CHOICE, self.name, one_seat(seat), offers)

    def apply(self, state: dict, action, task: dict) -> None:
        core.finish(state, task)
        donated(state, task["seat"], action.picks[task["seat"]], task["count"])


@cache
def _donations(count: int) -> frozenset[tuple[str, ...]]:
    """Every donation of ``count`` cards (``support.donation_options``), to look one up."""
    return frozenset(support.donation_options(count))


def donated(state: dict, seat: int, cards: list[str] | None, count: int) -> None:
    """The cards are in the row (their types kept secret), the donor gets his trade point."""
    troy = part(state)
    support.put_in(troy, cards, count)
    troy["donated"] = True
    if trade_point_refused(box_of(state), troy):
        note(
            state,
            Msg(
                "{s} daroval {n}; obchodní body v banku došly.", "{s} gave {n}; the bank has no trade points left."
            ).format(s=name(state, seat), n=counted(count, *CARDS_GIVEN)),
        )
        return
    troy["trade_points"][seat] += 1
    note(
        state,
        Msg("{s} daroval {n} do řady, má {p}.", "{s} gave {n} to the row, has {p}.").format(
            s=name(state, seat), n=counted(count, *CARDS_GIVEN), p=counted(troy["trade_points"][seat], *TRADE_POINTS)
        ),
    )


# -- ships 3 and 6: from the row -----------------------------------------------------------------


class RowLook(QueuedStep):
    """The privacy screen: only the taker looks at the panel for the next screen."""

    name = "row_look"

    def prompt(self, state: dict, task: dict) -> Prompt:
        who = name(state, task["seat"])
        return confirm(
            self.name,
            task["seat"],
            Msg("Jen {s} se dívá na panel!", "Only {s} looks at the panel!").format(s=who),
            Msg(
                "Ostatní se nedívejte. {s}: OK ukáže kartu z řady.",
                "Everyone else look away. {s}: OK shows the card from the row.",
            ).format(s=who),
        )

    def carry_out(self, state: dict, action, task: dict) -> None:
        queue(state, {"step": "row_card", "seat": task["seat"], "ship": task["ship"]})


class RowCard(QueuedStep):
    """The drawn card, shown to the taker alone; OK hides it again."""

    name = "row_card"

    def prompt(self, state: dict, task: dict) -> Prompt:
        card = part(state)["taken"][str(task["seat"])][-1]
        return confirm(
            self.name,
            task["seat"],
            Msg("Z řady máš: {c}", "From the row you get: {c}").format(c=texts.resource(card)),
            Msg("Vezmi si ji z banku. OK kartu skryje.", "Take it from the bank. OK hides the card."),
        )

    def carry_out(self, state: dict, action, task: dict) -> None:
        if task["ship"] == 3:
            queue(state, {"step": "put_back", "seat": task["seat"]})


PUT_BACK_OPTIONS = tuple(Option(r, texts.resource(r), str(i)) for i, r in enumerate(RESOURCES, start=1))


class PutBack(Step):
    """Ship 3: one card from the hand into the row, entered in secret (it may be the one taken)."""

    name = "put_back"
    enumerable = True

    def prompt(self, state: dict, task: dict) -> Prompt:
        seat = task["seat"]
        return Prompt(
            PromptKind.SECRET_CHOICE,
            self.name,
            one_seat(seat),
            Msg("Kterou kartu dáš do řady? (tajně)", "Which card goes into the row? (secret)"),
            {seat: PUT_BACK_OPTIONS},
            detail=Msg(
                "1 dřevo, 2 hlína, 3 vlna, 4 obilí, 5 ruda, pak #. Kartu vrať do banku.",
                "1 lumber, 2 brick, 3 wool, 4 grain, 5 ore, then #. Put the card in the bank.",
            ),
        )

    def apply(self, state: dict, action, task: dict) -> None:
        core.finish(state, task)
        support.put_in(part(state), [action.picks[task["seat"]]], 1)
        note(
            state, Msg("{s} vrátil kartu do řady.", "{s} put a card into the row.").format(s=name(state, task["seat"]))
        )


def take_from_row(state: dict, seat: int, ship: int) -> None:
    """Ship 3 or 6 used: the companion's row draws the card at random and shows it to the taker
    alone; from a table row the player draws it himself."""
    troy = part(state)
    troy["row_used"].append([seat, ship])
    card = support.take_blind(state, troy)
    who = name(state, seat)
    if card is None:
        if ship == 3:  # one card out, one back in: the count stays
            support.put_in(troy, None, 1)
        note(
            state,
            Msg(
                "{s} (loď {n}) si bere naslepo kartu z řady{b}.", "{s} (ship {n}) takes a card blind from the row{b}."
            ).format(s=who, n=ship, b=Msg(" a jednu do ní vrací", " and puts one back") if ship == 3 else Msg("", "")),
        )
        return
    troy["taken"].setdefault(str(seat), []).append(card)
    note(
        state,
        Msg("{s} (loď {n}) bere kartu z řady.", "{s} (ship {n}) takes a card from the row.").format(s=who, n=ship),
    )
    queue(state, {"step": "row_look", "seat": seat, "ship": ship})


# -- the battle ---------------------------------------------------------------------------------


class Battle(Step):
    """The row is full at the end of a turn. The companion's row: OK (anyone) shuffles it and
    turns the cards. A table row: the player who ended the turn shuffles and turns them, and
    anyone enters Troy's points."""

    name = "battle"

    def prompt(self, state: dict, task: dict) -> Prompt:
        box, troy = box_of(state), part(state)
        shown = box.players[state["seats"]].revealed
        title = Msg("Bitva o Tróju! V řadě: {n}.", "Battle for Troy! The row holds {n}.").format(
            n=counted(troy["row_count"], *CARDS)
        )
        if troy["row"] is not None:
            return confirm(
                self.name,
                None,
                title,
                Msg("OK: box řadu zamíchá a otočí {k}.", "OK: the box shuffles the row and turns {k}.").format(
                    k=counted(shown, *CARDS_GIVEN)
                ),
            )
        return Prompt(
            PromptKind.NUMBER,
            self.name,
            one_seat(None),
            Msg("Body Tróje ({c})?", "Points for Troy ({c})?").format(c=texts.cards(box_of(state).sides["troy"])),
            minimum=0,
            maximum=shown,
            detail=title
            + Msg(" Zamíchej ji a otoč {k}.", " Shuffle it, turn {k}.").format(k=counted(shown, *CARDS_GIVEN)),
        )

    def apply(self, state: dict, action, task: dict) -> None:
        core.finish(state, task)
        box, troy, seats = box_of(state), part(state), state["seats"]
        if troy["row"] is None:
            queue(state, {"step": "battle_mycenae", "seat": task["seat"], "troy": action.value})
            return
        shown = battle.turn_over(state, box, seats, troy)
        points = battle.tally(box, shown)
        fought(state, points, shown)
        queue(state, {"step": "battle_result", "seat": task["seat"], "shown": shown})


class BattleMycenae(Step):
    """A table row: the points for Mycenae among the same turned cards (brick counts for nobody)."""

    name = "battle_mycenae"

    def prompt(self, state: dict, task: dict) -> Prompt:
        shown = box_of(state).players[state["seats"]].revealed
        return Prompt(
            PromptKind.NUMBER,
            self.name,
            one_seat(None),
            Msg("Body Mykén ({c})?", "Points for Mycenae ({c})?").format(c=texts.cards(box_of(state).sides["mycenae"])),
            minimum=0,
            maximum=shown if core.rules(state) >= 2 else shown - task["troy"],
            detail=Msg("Trója má {t}.", "Troy has {t}.").format(t=task["troy"]),
        )

    def apply(self, state: dict, action, task: dict) -> None:
        shown = box_of(state).players[state["seats"]].revealed
        if task["troy"] + action.value > shown:
            raise texts.refuse(
                "battle_points",
                "Otočeno: {k}. Trója má {t}, na Mykény zbývá nejvýš {m}.",
                "{k} are turned: Troy has {t}, so Mycenae has at most {m}.",
                k=counted(shown, *CARDS),
                t=task["troy"],
                m=shown - task["troy"],
            )
        core.finish(state, task)
        battle.counted(box_of(state), state["seats"], part(state))
        fought(state, {"troy": task["troy"], "mycenae": action.value}, None)
        war.after_battle(state)


class BattleResult(QueuedStep):
    """The turned cards, for everyone to read (the result was announced once, by ``fought``);
    OK goes on."""

    name = "battle_result"

    def prompt(self, state: dict, task: dict) -> Prompt:
        # the result and the saga are the battle's announcement (``fought``): said once
        return confirm(
            self.name,
            None,
            Msg("Otočené karty bitvy", "The battle's turned cards"),
            Msg("Otočeno: {c}. Zbytek je nová řada.", "Turned: {c}. The rest is the new row.").format(
                c=texts.cards(task["shown"])
            ),
        )

    def carry_out(self, state: dict, action, task: dict) -> None:
        war.after_battle(state)


def result_line(last: dict) -> Msg:
    points = last["points"]
    if last["winner"] is None:
        return Msg("Bitva {t}:{m}, remíza.", "Battle {t}:{m}, a tie.").format(t=points["troy"], m=points["mycenae"])
    return Msg("Bitva {t}:{m}, vítězí {c}.", "Battle {t}:{m}, {c} wins.").format(
        t=points["troy"], m=points["mycenae"], c=texts.city(last["winner"])
    )


def fought(state: dict, points: dict, shown: list[str] | None) -> None:
    """Record the battle: the winner's marker moves on the saga track."""
    box, troy = box_of(state), part(state)
    winner = battle.winner(points)
    saga.advance(troy, winner)
    troy["battles"].append({"points": points, "winner": winner, "shown": shown})
    markers = saga.markers(box, troy)
    note(
        state,
        result_line(troy["battles"][-1])
        + Msg(" Sága: Trója {t}, Mykény {m}.", " Saga: Troy {t}, Mycenae {m}.").format(
            t=markers["troy"], m=markers["mycenae"]
        ),
    )


def note(state: dict, msg: Msg) -> None:
    core.note(state, msg)


STEPS = (DonateCount(), DonateCards(), RowLook(), RowCard(), PutBack(), Battle(), BattleMycenae(), BattleResult())
