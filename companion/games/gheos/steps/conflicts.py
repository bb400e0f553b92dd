"""Step 1's consequences: the war referee, the migration referee and temple scoring.

Each runs as a small sequence kept in ``state["conflict"]``; when it is over the turn goes back
to the ``act`` list (the next consequence, or step 2).
"""

from __future__ import annotations

from ....engine import Gate, Msg, Option, Prompt, PromptKind, RuleError, Step, counted
from ....engine.i18n import NBSP, player, unbroken
from ....engine.steps import offered
from ..box import BOX
from ..common import COLOURS, note, reading, refuse
from ..conflict import CONTINENT, ISLAND, MAX_PARTS, migration_candidates, war_leaders
from ..flow import COUNTED, ask, awaits
from ..ledger import eliminate, held_colours, needs_payment, pay
from ..scoring import temple_gain
from ..texts import KINDS, SYMBOLS, TEMPLE_TYPES, colour_form, colour_name, colours_list

DONE = "done"
NONE = "none"


def colour_options(colours) -> tuple[Option, ...]:
    return tuple(Option(c, colour_name(c), BOX.colours[c].code) for c in colours)


def other_colours(colours) -> tuple[Option, ...]:
    """The colours of the box not among ``colours``: answers a step knows but does not offer."""
    return colour_options(c for c in COLOURS if c not in colours)


def _turn_prompt(
    state: dict, step: str, title: Msg, options, short: Msg | None = None, unoffered: tuple[Option, ...] = ()
) -> Prompt:
    seat = state["turn"]
    return Prompt(
        PromptKind.CHOICE,
        step,
        (seat,),
        title,
        {Prompt.ANYONE: tuple(options)},
        short=short,
        unoffered={Prompt.ANYONE: unoffered} if unoffered else {},
    )


def _not_in_play(colour) -> RuleError:
    if colour in COLOURS:
        return refuse(
            "not_in_play",
            "{c} civilizace není na mapě.",
            "The {e} civilisation is not on the map.",
            c=colour_name(colour).cs.capitalize(),
            e=colour_name(colour).en,
        )
    return refuse("unknown_colour", "Barva {v} v krabici není.", "There is no colour {v} in the box.", v=colour)


def back_to_act(state: dict) -> None:
    state["done"][state["conflict"]["kind"]] = True
    state["conflict"] = None
    awaits(state, "act")


def fallen(colours) -> Msg:
    """ "černá zaniká" / "černá a bílá zanikají": the civilisations that fall, with their verb."""
    names = [colour_form(c, "á").cs for c in colours]
    english = [colour_name(c).en for c in colours]
    if len(names) == 1:
        return Msg(f"{names[0]} zaniká", f"{english[0]} falls")
    return Msg(
        ", ".join(names[:-1]) + " a " + names[-1] + " zanikají",
        ", ".join(english[:-1]) + " and " + english[-1] + " fall",
    )


def fall(state: dict, colours, headline: Msg, paid: bool = False) -> None:
    """Civilisations fall; every player's followers of their colours return to the supply.
    ``headline`` is the sentence that says so; who gets how many back follows in a second one
    ("Hráč 1 (5)": a name and its count are never parted by a comma). ``paid``: the follower
    paid for the conflict is said between them, so the result (up to three rows on the smallest
    panel) has the first page and the paid follower and the followers back share the second."""
    back: dict[int, int] = {}
    for colour in colours:
        for seat, n in eliminate(state, colour).items():
            back[seat] = back.get(seat, 0) + n
    note(state, headline)
    if paid:
        paid_note(state)
    if back:
        listed = ", ".join(f"{{p{s}}}{NBSP}({back[s]})" for s in sorted(back))
        names = {f"p{s}": unbroken(player(s)) for s in back}
        note(state, Msg(f"Zpět do zásoby: {listed}.", f"Back: {listed}.").format(**names))


def charge(state: dict) -> None:
    """The acting player pays one follower for the conflict, unless already paid (reading U7);
    with followers of one colour only there is nothing to choose."""
    conflict = state["conflict"]
    if conflict["paid"] or not needs_payment(state):
        conflict["paid"] = True
        return
    colours = held_colours(state, state["turn"])
    if len(colours) == 1:
        settle(state, colours[0])
    else:
        awaits(state, "pay")


def settle(state: dict, colour: str) -> None:
    seat = state["turn"]
    pay(state, seat, colour)
    state["conflict"]["paid"] = colour
    state["done"]["paid"] += 1


def paid_note(state: dict) -> None:
    """The follower paid ("Hráč 2 platí žlutým."), announced with the conflict's result, which
    says what was paid for (one screen to read, not two)."""
    conflict, seat = state["conflict"], state["turn"]
    if isinstance(conflict["paid"], str):
        note(
            state,
            Msg("{p} platí {c}.", "{p} pays {e}.").format(
                p=player(seat), c=colour_form(conflict["paid"], "ým"), e=colour_name(conflict["paid"]).en
            ),
        )


class Pay(Step):
    """War or migration: the acting player returns one follower of his choice."""

    name = "pay"

    def prompt(self, state, task):
        return _turn_prompt(
            state,
            self.name,
            Msg("1 Platba: kterého přívržence vrátíte?", "1 Cost: which follower do you return?"),
            colour_options(held_colours(state, state["turn"])),
            Msg("Platba: kterého?", "Cost: which follower?"),
            other_colours(held_colours(state, state["turn"])),
        )

    def apply(self, state, action, task):
        settle(state, action.value)
        CONTINUE[state["conflict"]["kind"]](state)

    def explain(self, state, task, seat, value):
        if value in COLOURS:
            return refuse(
                "not_held",
                "{p} nemá žádného {c} přívržence.",
                "{p} holds no {e} follower.",
                p=player(state["turn"]),
                c=colour_form(value, "ého").cs,
                e=colour_name(value).en,
            )
        return None


# -- war --------------------------------------------------------------------------------------------


def begin_war(state: dict) -> None:
    civs = list(state["in_play"]) if len(state["in_play"]) == 2 else []
    state["conflict"] = {"kind": "war", "civs": civs, "chosen": bool(civs), "paid": False, "swords": None}
    war_next(state)


def war_next(state: dict) -> None:
    war = state["conflict"]
    if not war["chosen"]:
        awaits(state, "war_civs")
        return
    if not war["paid"]:
        charge(state)
        if not war["paid"]:
            return
    if war["swords"] is None:
        ask(state, "swords", war["civs"], "war")
        return
    leaders = war_leaders(war["swords"])
    if len(leaders) > 1:
        awaits(state, "war_winner", tied=leaders)
    else:
        end_war(state, leaders[0])


def counted_swords(state: dict, counting: dict) -> None:
    state["conflict"]["swords"] = dict(counting["got"])
    war_next(state)


def end_war(state: dict, winner: str) -> None:
    war = state["conflict"]
    losers = [c for c in war["civs"] if c != winner]
    fall(
        state,
        losers,
        # the swords were counted on the table a moment ago: the panel says who won and who fell
        Msg("Válka: vítězí {c}, {f}.", "War: {e} wins, {f}.").format(
            c=colour_form(winner, "á"), e=colour_name(winner).en, f=fallen(losers)
        ),
        paid=True,
    )
    back_to_act(state)


class WarCivs(Step):
    """Which civilisations the tile joined: two or three (a colour toggles, # ends)."""

    name = "war_civs"

    def prompt(self, state, task):
        civs = state["conflict"]["civs"]
        chosen = colours_list(civs) if civs else Msg("nic", "none")
        options = [
            Option(
                c, Msg("{m} {c}", "{m} {c}").format(m="☑" if c in civs else "☐", c=colour_name(c)), BOX.colours[c].code
            )
            for c in state["in_play"]
        ]
        if len(civs) >= 2:  # the colours ticked on the row # confirms
            options.append(Option(DONE, Msg("hotovo: {s}", "done: {s}").format(s=chosen), "#"))
        return _turn_prompt(
            state,
            self.name,
            Msg("1 Válka: které civilizace se spojily? ({s})", "1 War: which civilisations were joined? ({s})").format(
                s=chosen
            ),
            options,
            Msg("Válka: které barvy?", "War: which colours?"),
            other_colours(state["in_play"]),
        )

    def gate(self, state, task):
        """The colours in play, and "done" once two are ticked."""
        values = [*state["in_play"], *([DONE] if len(state["conflict"]["civs"]) >= 2 else [])]
        return Gate(PromptKind.CHOICE, self.name, (state["turn"],), offered(values))

    def apply(self, state, action, task):
        war = state["conflict"]
        if action.value == DONE:
            war["chosen"] = True
            war_next(state)
        elif action.value in war["civs"]:
            war["civs"].remove(action.value)
        elif len(war["civs"]) >= 3:
            raise refuse(
                "war_three", "Válka spojuje nejvýš tři civilizace.", "A war joins three civilisations at most."
            )
        else:
            war["civs"] = [c for c in COLOURS if c in war["civs"] or c == action.value]

    def explain(self, state, task, seat, value):
        if value == DONE:
            return refuse(
                "war_needs_two",
                "Válka spojuje aspoň dvě civilizace: vyberte je.",
                "A war joins at least two civilisations: choose them.",
            )
        return _not_in_play(value) if isinstance(value, str) else None


class WarWinner(Step):
    """A tie of swords: the acting player chooses the winner among the tied."""

    name = "war_winner"

    def prompt(self, state, task):
        return _turn_prompt(
            state,
            self.name,
            Msg("1 Válka: shoda mečů. Kdo vyhraje?", "1 War: swords tied. Who wins?"),
            colour_options(task["tied"]),
            unoffered=other_colours(task["tied"]),
        )

    def apply(self, state, action, task):
        end_war(state, action.value)

    def explain(self, state, task, seat, value):
        return refuse(
            "war_tie",
            "Vybírá se jen z civilizací se shodou nejvíce mečů: {c}.",
            "Only a civilisation tied for the most swords can win: {e}.",
            c=colours_list(task["tied"]).cs,
            e=colours_list(task["tied"]).en,
        )


# -- migration ------------------------------------------------------------------------------------


def begin_migration(state: dict) -> None:
    civ = state["in_play"][0] if len(state["in_play"]) == 1 else None
    state["conflict"] = {"kind": "migration", "civ": civ, "paid": False, "parts": [], "parted": False}
    migration_next(state)


def migration_next(state: dict) -> None:
    migration = state["conflict"]
    if migration["civ"] is None:
        awaits(state, "migrant")
        return
    if not migration["paid"]:
        charge(state)
        if not migration["paid"]:
            return
    if not migration["parted"]:
        awaits(state, "part_kind")
        return
    candidates = migration_candidates(migration["parts"])
    if len(candidates) > 1:
        awaits(state, "migration_part", candidates=candidates)
    else:
        arrive(state, candidates[0])


def counted_part(state: dict, counting: dict) -> None:
    migration = state["conflict"]
    migration["parts"][-1]["wheat"] = counting["got"][counting["key"]]
    if len(migration["parts"]) == MAX_PARTS:
        migration["parted"] = True
    migration_next(state)


def arrive(state: dict, index: int) -> None:
    """The marker moves to part ``index``: an island ends the civilisation; a continent held by
    another civilisation is a war the migrant loses (no second follower is paid)."""
    migration = state["conflict"]
    part, civ = migration["parts"][index], migration["civ"]
    migration["to"] = index
    if part["kind"] == ISLAND:
        fall(
            state,
            [civ],
            Msg("Stěhování na ostrov: {f}.", "Migration onto an island: {f}.").format(f=fallen([civ])),
            paid=True,
        )
        back_to_act(state)
    elif [c for c in state["in_play"] if c != civ]:
        awaits(state, "migration_occupied")
    else:
        moved(state)


def moved(state: dict) -> None:
    migration = state["conflict"]
    paid_note(state)
    note(
        state,
        Msg("Stěhování: {c} jde na část {i} ({w} pšenice).", "Migration: {e} moves to part {i} ({w} wheat).").format(
            c=colour_form(migration["civ"], "á"),
            e=colour_name(migration["civ"]).en,
            i=migration["to"] + 1,
            w=migration["parts"][migration["to"]]["wheat"],
        ),
    )
    back_to_act(state)


class Migrant(Step):
    """Which civilisation's continent the replacement split."""

    name = "migrant"

    def prompt(self, state, task):
        return _turn_prompt(
            state,
            self.name,
            Msg("1 Stěhování: čí světadíl se rozdělil?", "1 Migration: whose continent was split?"),
            colour_options(state["in_play"]),
            unoffered=other_colours(state["in_play"]),
        )

    def apply(self, state, action, task):
        state["conflict"]["civ"] = action.value
        migration_next(state)

    def explain(self, state, task, seat, value):
        return _not_in_play(value) if isinstance(value, str) else None


class PartKind(Step):
    """One eligible part after another (only parts still touching the old continent): continent
    1 or island 2, then its wheat; # when every part is told."""

    name = "part_kind"

    def prompt(self, state, task):
        parts = state["conflict"]["parts"]
        options = [Option(CONTINENT, KINDS[CONTINENT], "1"), Option(ISLAND, KINDS[ISLAND], "2")]
        if parts:
            options.append(Option(DONE, Msg("žádná další část", "no more parts"), "#"))
        return _turn_prompt(
            state,
            self.name,
            Msg(
                "1 Stěhování: část {i}, jen co sousedí se starým světadílem?",
                "1 Migration: part {i}, only what touches the old continent?",
            ).format(i=len(parts) + 1),
            options,
            Msg("Stěhování: část {i}?", "Migration: part {i}?").format(i=len(parts) + 1),
        )

    def apply(self, state, action, task):
        migration = state["conflict"]
        if action.value == DONE:
            migration["parted"] = True
            migration_next(state)
            return
        migration["parts"].append({"kind": action.value, "wheat": None})
        key = str(len(migration["parts"]))
        ask(state, "part_wheat", [key], "part", key=key)

    def explain(self, state, task, seat, value):
        if value == DONE:
            return refuse("part_needed", "Stěhuje se aspoň na jednu část.", "A migration needs at least one part.")
        return None


class MigrationPart(Step):
    """Parts tied for the most wheat (continents before islands): the acting player chooses."""

    name = "migration_part"

    def prompt(self, state, task):
        parts = state["conflict"]["parts"]
        options = [
            Option(
                i,
                Msg("část {n} ({k}, {w} pšenice)", "part {n} ({k}, {w} wheat)").format(
                    n=i + 1, k=KINDS[parts[i]["kind"]], w=parts[i]["wheat"]
                ),
                str(i + 1),
            )
            for i in task["candidates"]
        ]
        others = tuple(
            Option(i, Msg("část {n}", "part {n}").format(n=i + 1), str(i + 1))
            for i in range(len(parts))
            if i not in task["candidates"]
        )
        return _turn_prompt(
            state,
            self.name,
            Msg("1 Stěhování: shoda pšenice. Kam?", "1 Migration: wheat tied. Where to?"),
            options,
            unoffered=others,
        )

    def apply(self, state, action, task):
        arrive(state, action.value)

    def explain(self, state, task, seat, value):
        return refuse(
            "migration_most_wheat",
            "Civilizace se stěhuje na část s nejvíce pšenice; při shodě má světadíl přednost před ostrovem.",
            "A civilisation moves to the part with most wheat; on a tie a continent comes before an island.",
        )


class MigrationOccupied(Step):
    """Is the destination continent already held by another civilisation? Then the migrant loses
    that war automatically."""

    name = "migration_occupied"

    def prompt(self, state, task):
        civ = state["conflict"]["civ"]
        others = [c for c in state["in_play"] if c != civ]
        options = (Option(NONE, Msg("volný", "free"), "#"),) + colour_options(others)
        return _turn_prompt(
            state,
            self.name,
            Msg(
                "1 Stěhování: žije na cílovém světadílu jiná civilizace?",
                "1 Migration: does another civilisation live there?",
            ),
            options,
            Msg("Cíl obsazený?", "Destination held?"),
            other_colours(others),
        )

    def apply(self, state, action, task):
        if action.value == NONE:
            moved(state)
            return
        civ = state["conflict"]["civ"]
        fall(
            state,
            [civ],
            Msg("{c} prohrává s {o} a zaniká.", "{m} loses to {e} and falls.").format(
                c=colour_form(civ, "á").cs.capitalize(),
                m=colour_name(civ).en.capitalize(),
                o=colour_form(action.value, "ou"),
                e=colour_name(action.value).en,
            ),
            paid=True,
        )
        back_to_act(state)

    def explain(self, state, task, seat, value):
        if value == state["conflict"]["civ"]:
            return refuse(
                "migrant_itself",
                "Stěhující se civilizace svůj cíl neobsazuje.",
                "The migrating civilisation does not hold its own destination.",
            )
        return _not_in_play(value) if isinstance(value, str) else None


# -- temple ---------------------------------------------------------------------------------------


def begin_temple(state: dict) -> None:
    state["conflict"] = {"kind": "temple", "type": None}
    awaits(state, "temple_type")


class TempleType(Step):
    """A temple shows wheat, cups or swords."""

    name = "temple_type"
    enumerable = True  # the three kinds, always

    def prompt(self, state, task):
        options = [Option(t, TEMPLE_TYPES[t], str(i)) for i, t in enumerate(SYMBOLS, start=1)]
        return _turn_prompt(state, self.name, Msg("1 Chrám: jaký symbol?", "1 Temple: which symbol?"), options)

    def apply(self, state, action, task):
        state["conflict"]["type"] = action.value
        if state["in_play"]:
            awaits(state, "temple_civ")
        else:
            temple_on(state, None)


class TempleCiv(Step):
    """Which civilisation lives on the temple's continent after any war or migration."""

    name = "temple_civ"

    def prompt(self, state, task):
        options = colour_options(state["in_play"]) + (Option(NONE, Msg("žádná", "none"), "*"),)
        return _turn_prompt(
            state,
            self.name,
            Msg(
                "1 Chrám: čí civilizace žije na jeho světadílu?", "1 Temple: whose civilisation lives on its continent?"
            ),
            options,
            Msg("Chrám: čí světadíl?", "Temple: whose land?"),
            other_colours(state["in_play"]),
        )

    def apply(self, state, action, task):
        temple_on(state, None if action.value == NONE else action.value)

    def explain(self, state, task, seat, value):
        return _not_in_play(value) if isinstance(value, str) else None


def temple_on(state: dict, civ: str | None) -> None:
    """Score the temple (readings U4 and U5), asking its symbols only when they decide anything."""
    temple, seat = state["conflict"], state["turn"]
    temple["civ"] = civ
    name = TEMPLE_TYPES[temple["type"]]
    if civ is None and reading(state, "temple_requires_occupied"):
        note(
            state,
            Msg("{t} na neobsazeném světadílu: bez bodů.", "{t} on an unoccupied continent: no points.").format(t=name),
        )
        back_to_act(state)
        return
    if reading(state, "temple_mode") == "per_follower" and (civ is None or not state["held"][seat][civ]):
        note(
            state,
            Msg("{p} +0: {t}, bez přívržence.", "{p} +0: {t}, no follower of it.").format(p=player(seat), t=name),
        )
        back_to_act(state)
        return
    ask(state, "temple_symbols", [f"{temple['type']}:{civ or NONE}"], "temple")


def counted_temple(state: dict, counting: dict) -> None:
    temple, seat = state["conflict"], state["turn"]
    symbols = next(iter(counting["got"].values()))
    held = state["held"][seat][temple["civ"]] if temple["civ"] else 0
    gain = temple_gain(reading(state, "temple_mode"), symbols, held)
    state["points"][seat]["temple"] += gain
    note(
        state,
        Msg("{p} +{g}: {t} ({n})", "{p} +{g}: {t} ({n})").format(
            p=player(seat),
            g=gain,
            t=TEMPLE_TYPES[temple["type"]],
            n=counted(symbols, ("symbol", "symboly", "symbolů"), ("symbol", "symbols")),
        ),
    )
    back_to_act(state)


BEGIN = {"war": begin_war, "migration": begin_migration, "temple": begin_temple}
CONTINUE = {"war": war_next, "migration": migration_next}
COUNTED.update(war=counted_swords, part=counted_part, temple=counted_temple)

DECISIONS = (
    Pay(),
    WarCivs(),
    WarWinner(),
    Migrant(),
    PartKind(),
    MigrationPart(),
    MigrationOccupied(),
    TempleType(),
    TempleCiv(),
)
