"""Phases 1-3 of a round: production (with the improvement check), the hidden hero moves, and
the distribution (proposals, the shares, the votes; a wrong card count is fixed from the
proposal screen)."""

from __future__ import annotations

from ....engine import YES_NO, Gate, Msg, Option, Prompt, PromptKind
from ....engine.i18n import join
from ....engine.steps import offered, offered_to
from .. import production, rounds, texts
from ..board import HEROES, move_choices, move_code
from ..texts import refuse
from .common import TableStep, picks_by_seat


def _territory_code(board: dict, tid: str) -> str:
    """A territory is typed as its place in the board order, the same key on every screen."""
    return str(board["order"].index(tid) + 1)


class Production(TableStep):
    """The dealer lays the cards the companion lists; OK once they lie."""

    name = "production"

    def prompt(self, state, task):
        return Prompt(
            PromptKind.CONFIRM,
            self.name,
            (),
            Msg("Produkce surovin", "Resource production"),
            detail=_production_detail(state),
        )

    def apply(self, state, action, task):
        rounds.produce(state)


def _production_detail(state: dict) -> Msg:
    """One line per item: what lies at each settled territory now against its cap, then what
    the dealer adds there."""
    lines = [Msg("Otočte novou kartu zásob.", "Turn up a new supply card.")] if state["supply"].get("turned") else []
    for entry in production.plan(state):
        lines.append(
            Msg("{t}: leží {n}/{c}", "{t}: {n}/{c} lie").format(
                t=texts.place(state["board"], entry["territory"]), n=entry["lying"], c=entry["cap"]
            )
        )
        lines += _draws(entry)
    return join(lines, "; ") if lines else Msg("Nic se neprodukuje.", "Nothing is produced.")


DRAWS = (
    ("regular", Msg("+1 lícem nahoru", "+1 face up")),
    ("road", Msg("+1 lícem dolů (cesta)", "+1 face down (road)")),
    ("check", Msg("+1 kontrolní karta", "+1 check card")),
)


def _draws(entry: dict) -> list[Msg]:
    drawn = [line for kind, line in DRAWS if entry[kind]]
    return drawn or [Msg("nic, je plno", "nothing, it is full")]


class Improvement(TableStep):
    """The dealer turns the check card: the two possible counts are the answers, so the answer
    is the outcome the table sees."""

    name = "improvement"

    def task_of(self, state):
        return {"territory": state["checks"][0]}

    def prompt(self, state, task):
        board, tid = state["board"], task["territory"]
        low = state["cards"][tid]
        res = board["territories"][tid]["improvement_resource"]
        known = res in texts.RESOURCE and res != "unknown"
        symbol = texts.RESOURCE[res] if known else Msg("symbol na dílu", "the symbol on the piece")
        match = texts.RESOURCE[res] if known else Msg("shoda", "match")
        options = (
            Option(low + 1, texts.capital(match) + Msg(": přidat ({n})", ": add it ({n})").format(n=low + 1), "#"),
            Option(low, Msg("Jiná: odložit ({n})", "Other: discard ({n})").format(n=low), "*"),
        )
        return Prompt(
            PromptKind.CHOICE,
            self.name,
            (),
            Msg("Kontrola {t}", "Check: {t}").format(t=texts.place(board, tid)),
            {Prompt.ANYONE: options},
            detail=Msg(
                "Otoč kontrolní kartu. Odpovídá-li symbolu zlepšení ({r}), přilož ji (pak leží {h}); jinak ji odlož "
                "(leží {l}).",
                "Turn the check card. If it matches the improvement symbol ({r}), add it ({h} lie there); otherwise "
                "discard it ({l}).",
            ).format(r=symbol, h=low + 1, l=low),
        )

    def apply(self, state, action, task):
        rounds.improvement_counted(state, action.value)

    def explain(self, state, task, seat, value):
        low = state["cards"][task["territory"]]
        return refuse(
            "improvement_count",
            "Po kontrolní kartě tam leží {a}, nebo {b}.",
            "After the check card {a} or {b} cards lie there.",
            a=low,
            b=texts.cards(low + 1),
        )


class Move(TableStep):
    """Everyone but the main player picks one hero and a compass direction, hidden."""

    name = "move"

    def prompt(self, state, task):
        seats = tuple(rounds.movers(state))
        return Prompt(
            PromptKind.SECRET_CHOICE,
            self.name,
            seats,
            Msg("Pohyb: hrdina a směr", "Move: hero, direction"),
            {s: _move_options(state, s) for s in seats},
            detail=Msg(
                "Čtyři klávesy: hrdina 1–3, směr na kompasu (5 = zůstat), pak 5, nebo týž směr znovu = o dva po "
                "pobřeží, nakonec # zamkne.",
                "Four keys: hero 1-3, compass direction (5 = stay), then 5, or the same direction again = two along "
                "the coast, then # locks.",
            ),
        )

    def gate(self, state, task):
        """Each mover's moves without their labels and codes."""
        seats = tuple(rounds.movers(state))
        moves = {s: set(_move_values(state, s)) for s in seats}

        def offers(seat, value):
            return type(value) is str and value in moves.get(seat, ())

        return Gate(PromptKind.SECRET_CHOICE, self.name, seats, offers)

    def apply(self, state, action, task):
        rounds.moves_revealed(state, picks_by_seat(action.picks))

    def explain(self, state, task, seat, value):
        if seat is not None and seat == state["main"]:  # a session file's pick for him
            return refuse(
                "main_player_stays",
                "{s} je hlavní hráč: jeho hrdinové se toto kolo nehýbou.",
                "{s} is the main player: his heroes stay this round.",
                s=texts.seat(seat),
            )
        if not isinstance(value, str):
            return None  # not even a move: one pick per seat
        return refuse(
            "hero_not_in_play",
            "Pohnout lze jen hrdinou, který je na plánu, a jen jedním směrem z kompasu.",
            "Only a hero on the board can move, in one direction of the compass.",
        )


def _move_values(state: dict, seat: int):
    """The values ``_move_options`` lists, in its order."""
    return (
        f"{hero}:{direction}"
        for hero in HEROES
        if state["heroes"][seat][hero] is not None
        for direction in move_choices(state["board"])
    )


def _move_options(state: dict, seat: int) -> tuple[Option, ...]:
    return tuple(
        Option(
            f"{hero}:{direction}",
            Msg("{h}: {d}", "{h}: {d}").format(h=texts.HERO[hero], d=texts.DIRECTION[direction]),
            move_code(hero, direction),
        )
        for hero in HEROES
        if state["heroes"][seat][hero] is not None
        for direction in move_choices(state["board"])
    )


class Propose(TableStep):
    """The next proposer picks a territory with cards where he has a vote, passes, or asks to
    fix a card count first."""

    name = "propose"

    def task_of(self, state):
        return {"seat": state["movers"][0]}

    def prompt(self, state, task):
        board, seat = state["board"], task["seat"]
        # the card count first, then the territory: the screen cuts what does not fit
        options = [
            Option(
                tid,
                Msg("{n}× {t}", "{n}× {t}").format(t=texts.place(board, tid), n=state["cards"][tid]),
                _territory_code(board, tid),
            )
            for tid in rounds.proposable(state, seat)
        ]
        offered = {o.value for o in options}
        options.append(Option("pass", Msg("Nenavrhovat", "No proposal"), "0"))
        options.append(Option("fix", Msg("Opravit počet karet", "Fix a card count"), "*"))
        unoffered = tuple(
            Option(tid, texts.place(board, tid), _territory_code(board, tid))
            for tid in board["order"]
            if tid not in offered
        )
        return Prompt(
            PromptKind.CHOICE,
            self.name,
            (seat,),
            Msg("{s}: návrh – kde?", "{s}: proposal?").format(s=texts.seat(seat)),
            {seat: tuple(options)},
            unoffered={seat: unoffered},
            detail=Msg(
                "Území s kartami, kde máš hlas (karet× území); * opraví počet karet, který nesedí.",
                "Territories with cards where you have a vote (cards× territory); * fixes a count that is wrong.",
            ),
        )

    def gate(self, state, task):
        """The territories with cards where the proposer has a vote, "pass" and "fix"."""
        seat = task["seat"]

        def offers(answering, value):
            if answering != seat or type(value) is not str:
                return False
            if value in ("pass", "fix"):
                return True
            return value in state["board"]["order"] and value in rounds.proposable(state, seat)

        return Gate(PromptKind.CHOICE, self.name, (seat,), offers)

    def apply(self, state, action, task):
        if action.value == "fix":
            state["step"] = "fix_cards"
        else:
            rounds.proposed(state, action.value)

    def explain(self, state, task, seat, value):
        """A territory is refused by what is missing there: its cards (a passed proposal may
        have taken them, though the proposer still has a vote) or the proposer's vote."""
        board, who = state["board"], texts.seat(task["seat"])
        if value not in board["order"]:
            return None
        where = texts.place(board, value)
        if not state["cards"][value]:
            return refuse(
                "proposal_no_cards",
                "{s}: na území {t} neleží žádné karty.",
                "{s}: no cards lie on {t}.",
                s=who,
                t=where,
            )
        return refuse(
            "proposal_needs_vote",
            "{s}: na území {t} nemáš hlas.",
            "{s}: you have no vote on {t}.",
            s=who,
            t=where,
        )


class FixCards(TableStep):
    """Which territory's card count is wrong (or back to the proposal)."""

    name = "fix_cards"

    def prompt(self, state, task):
        board = state["board"]
        options = [
            Option(
                tid,
                Msg("{t}: leží {n}", "{t}: {n} lie").format(t=texts.place(board, tid), n=state["cards"][tid]),
                _territory_code(board, tid),
            )
            for tid in board["order"]
            if production.total_houses(state, tid) or state["cards"][tid]
        ]
        options.append(Option("back", Msg("Zpět", "Back"), "#"))
        return Prompt(
            PromptKind.CHOICE,
            self.name,
            (),
            Msg("Oprava: které území?", "Fix which territory?"),
            {Prompt.ANYONE: tuple(options)},
            detail=Msg(
                "Vyberte území, kde leží jiný počet karet, než ukazuje panel.",
                "Pick the territory where the cards lying there differ from the panel's count.",
            ),
        )

    def gate(self, state, task):
        """The territories with houses or cards, and "back"."""

        def offers(seat, value):
            if type(value) is not str:
                return False
            if value == "back":
                return True
            if value not in state["board"]["order"]:
                return False
            return bool(production.total_houses(state, value) or state["cards"][value])

        return Gate(PromptKind.CHOICE, self.name, (), offers)

    def apply(self, state, action, task):
        rounds.fix_territory(state, action.value)

    def explain(self, state, task, seat, value):
        if value in state["board"]["order"]:
            return None
        return refuse(
            "fix_territory",
            "Opravit lze jen počet karet na území.",
            "Only the card count of a territory can be fixed.",
        )


class FixCount(TableStep):
    """How many cards really lie on the territory being fixed."""

    name = "fix_count"

    def task_of(self, state):
        return {"territory": state["fixing"]}

    def prompt(self, state, task):
        tid = task["territory"]
        most = rounds.fix_most(state, tid)
        return Prompt(
            PromptKind.NUMBER,
            self.name,
            (),
            Msg("{t}: karet?", "{t}: cards?").format(t=texts.place(state["board"], tid)),
            minimum=0,
            maximum=most,
            detail=Msg(
                "Kolik karet tam opravdu leží (nejvýš {m}).", "How many cards really lie there (at most {m})."
            ).format(m=most),
        )

    def apply(self, state, action, task):
        rounds.fix_count(state, action.value)


class Split(TableStep):
    """The proposer gives each recipient a share of the territory's cards, one at a time."""

    name = "split"
    shows_turn = False  # the recipient is named first

    def prompt(self, state, task):
        proposal = state["proposal"]
        remaining = proposal["cards"] - sum(proposal["shares"].values())
        # the recipient first (the proposer answers: his LED shows it)
        return Prompt(
            PromptKind.NUMBER,
            self.name,
            (proposal["proposer"],),
            Msg("→ {s}: kolik karet?", "→ {s}: cards?").format(s=texts.seat(proposal["ask"][0])),
            minimum=0,
            maximum=remaining,
            detail=Msg("Zbývá rozdělit {n} (celkem {a}) – {t}.", "{n} left to share (of {a}) – {t}.").format(
                n=remaining, a=proposal["cards"], t=texts.place(state["board"], proposal["territory"])
            ),
        )

    def apply(self, state, action, task):
        rounds.share_given(state, action.value)


def _vote_title(state: dict) -> Msg:
    return Msg("Hlasování – {t}", "Vote – {t}").format(t=texts.place(state["board"], state["proposal"]["territory"]))


def _shares(state: dict) -> list[Msg]:
    """Who would get what: "Hráč 2 dostane 1 kartu"."""
    return [
        Msg("{s} dostane {c}", "{s} gets {c}").format(s=texts.seat(int(s)), c=texts.cards_accusative(n))
        for s, n in state["proposal"]["shares"].items()
    ]


def _vote_short(state: dict) -> Msg:
    """The vote in short, for a pad's screen: the territory and who would get cards
    ("Pobřeží 1: Hráč 2 +1")."""
    shares = state["proposal"]["shares"]
    gains = [Msg("{s} +{n}", "{s} +{n}").format(s=texts.seat(int(s)), n=n) for s, n in shares.items() if n] or [
        Msg("nikdo nic", "nobody gets any")
    ]
    where = texts.place(state["board"], state["proposal"]["territory"])
    return Msg("{t}: ", "{t}: ").format(t=where) + join(gains, ", ")


def _vote_detail(state: dict) -> Msg:
    """One line per item: who proposes, who would get what, each voter's votes, the rule."""
    proposal = state["proposal"]
    items = list(_shares(state))  # what is voted on first: the panel's first page shows it
    items.append(Msg("Navrhuje {s}", "Proposed by {s}").format(s=texts.seat(proposal["proposer"])))
    items += [
        Msg("{s}: {v}", "{s}: {v}").format(s=texts.seat(int(s)), v=texts.votes(w))
        for s, w in proposal["weights"].items()
    ]
    items.append(Msg("Návrh projde s více než polovinou hlasů.", "The proposal passes with more than half the votes."))
    return join(items, "; ")


class Vote(TableStep):
    """Everyone with a vote on the territory votes yes or no, hidden."""

    name = "vote"
    enumerable = True  # yes or no

    def prompt(self, state, task):
        seats = tuple(int(s) for s in state["proposal"]["weights"])
        return Prompt(
            PromptKind.VOTE,
            self.name,
            seats,
            _vote_title(state),
            dict.fromkeys(seats, YES_NO),
            detail=_vote_detail(state),
            short=_vote_short(state),
        )

    def gate(self, state, task):
        """Yes or no from each seat with a vote on the territory."""
        seats = tuple(int(s) for s in state["proposal"]["weights"])
        yes_no = offered(o.value for o in YES_NO)

        def offers(seat, value) -> bool:
            return seat in seats and yes_no(seat, value)

        return Gate(PromptKind.VOTE, self.name, seats, offers)

    def apply(self, state, action, task):
        rounds.vote_counted(state, picks_by_seat(action.picks), public=False)

    def explain(self, state, task, seat, value):
        """A vote from a seat with no vote on the territory (a session file's pick)."""
        if seat is not None and str(seat) not in state["proposal"]["weights"]:
            return refuse(
                "no_vote_here",
                "{s} nemá na {t} hlas: hlasují jen hráči s domem nebo hrdinou tam.",
                "{s} has no vote on {t}: only players with a house or a hero there vote.",
                s=texts.seat(seat),
                t=texts.place(state["board"], state["proposal"]["territory"]),
            )
        return None


class VoteOpen(TableStep):
    """Open votes (setup option): the voters answer one after another."""

    name = "vote_open"
    enumerable = True  # yes or no

    def task_of(self, state):
        return {"seat": rounds.open_voter(state)}

    def prompt(self, state, task):
        seat = task["seat"]
        return Prompt(
            PromptKind.CHOICE,
            self.name,
            (seat,),
            Msg("{s}: pro návrh?", "{s}: for it?").format(s=texts.seat(seat)),
            {seat: YES_NO},
            detail=_vote_title(state) + Msg(": ", ": ") + _vote_detail(state),
        )

    def gate(self, state, task):
        seat = task["seat"]
        return Gate(PromptKind.CHOICE, self.name, (seat,), offered_to(seat, (o.value for o in YES_NO)))

    def apply(self, state, action, task):
        rounds.open_vote_given(state, action.value)
