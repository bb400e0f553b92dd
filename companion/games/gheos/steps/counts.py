"""The counts the table tells: one question per colour (or part), the last count told first.

Every count is a list: ``#`` keeps the count told last time for the same place (one press when
it is unchanged), the digits type another (0 up to the reading ``count_limit``). A count outside
that range is refused with the rule that bounds it.

Asking 2 (issue 35: a code means one thing for the whole game): ``#`` is always the value
``"same"``, the count told last time for this place, and a count is always its own digits (in
asking 1 ``#`` was the last count itself, so that count had two codes); a founding has no ``#``
(the last founding was on another continent).
"""

from __future__ import annotations

from ....engine import Gate, Msg, Option, Prompt, PromptKind, Step
from ....engine.i18n import player
from ....engine.steps import offered
from ..common import reading, refuse
from ..flow import told
from ..ledger import founding_followers
from ..texts import KINDS, SYMBOLS, colour_form, colour_name

KEEP = "#"
SAME = "same"  # asking 2: the value of "#", the count told last time for the same place


def stable(state: dict) -> bool:
    """Asking 2 or later: "#" is ``SAME``, never a count."""
    return state.get("asking", 1) >= 2


def count_options(state: dict, default: int | None) -> tuple[Option, ...]:
    limit = reading(state, "count_limit")
    counts = tuple(Option(n, Msg(str(n), str(n)), str(n)) for n in range(limit + 1))
    if default is None or default > limit:
        return counts
    value = SAME if stable(state) else default
    return (Option(value, Msg("stále {n}", "still {n}").format(n=default), KEEP),) + counts


def same_unoffered(state: dict, default: int | None) -> tuple[Option, ...]:
    """Asking 2: "#" when nothing was told for this place yet (a pad typing it hears why)."""
    if not stable(state) or (default is not None and default <= reading(state, "count_limit")):
        return ()
    return (Option(SAME, Msg("stále", "still"), KEEP),)


class CountStep(Step):
    """Ask the count of the first key still to be told in ``state["counting"]``."""

    question = Msg("", "")
    brief = Msg("", "")  # the question in a few words, for one panel row ("Pyramidy – modrá?")

    def key(self, state: dict) -> str:
        return state["counting"]["todo"][0]

    def default(self, state: dict) -> int | None:
        return state["told"].get(self.name, {}).get(self.key(state))

    def title(self, state: dict) -> Msg:
        return self.question.format(c=colour_name(self.key(state)))

    def prompt(self, state, task):
        default = self.default(state)
        unoffered = same_unoffered(state, default)
        return Prompt(
            PromptKind.CHOICE,
            self.name,
            (state["turn"],),
            self.title(state),
            {Prompt.ANYONE: count_options(state, default)},
            short=self.short(state),
            unoffered={Prompt.ANYONE: unoffered} if unoffered else {},
        )

    def gate(self, state, task):
        """``count_options``'s values, without their labels."""
        default, limit = self.default(state), reading(state, "count_limit")
        values: list = list(range(limit + 1))
        if default is not None and default <= limit:
            values.append(SAME if stable(state) else default)
        return Gate(PromptKind.CHOICE, self.name, (state["turn"],), offered(values))

    def count(self, state: dict, value) -> int:
        """The count an answer tells: ``SAME`` is the count told last time for this place."""
        if value == SAME:
            default = self.default(state)
            assert default is not None  # offered only then (check_action)
            return default
        return value

    def short(self, state: dict) -> Msg:
        return self.brief.format(c=colour_name(self.key(state)))

    def apply(self, state, action, task):
        told(state, self.count(state, action.value))

    def explain(self, state, task, seat, value):
        if value == SAME and stable(state):
            return refuse(
                "nothing_told",
                "{s}: tento počet ještě nikdo neřekl, napiš ho číslicemi.",
                "{s}: this count was never told before; type it in digits.",
                s=player(state["turn"]),
            )
        if isinstance(value, int) and not isinstance(value, bool):
            limit = reading(state, "count_limit")
            return refuse(
                "count_range",
                "Počet musí být od 0 do {m} (nastavení Nejvyšší počet symbolů).",
                "A count is from 0 to {m} (the setting Highest symbol count).",
                m=limit,
            )
        return None


class Pyramids(CountStep):
    """Epoch scoring: pyramids on each held civilisation's continent."""

    name = "pyramids"
    question = Msg("4 Epocha: pyramidy na světadílu – {c}?", "4 Epoch: pyramids on the continent of {c}?")
    brief = Msg("Pyramidy – {c}?", "Pyramids: {c}?")


class Cups(CountStep):
    """A scoring token or the final round: cups on each civilisation's continent (temples not)."""

    name = "cups"
    brief = Msg("Poháry – {c}?", "Cups: {c}?")

    def title(self, state):
        counting = state["counting"]
        if counting["purpose"] == "final":
            return Msg(
                "Závěr: poháry na světadílu – {c}? (bez chrámů)", "Final: cups on the continent of {c}? (no temples)"
            ).format(c=colour_name(self.key(state)))
        return Msg(
            "3 Žeton: poháry na světadílu – {c}? (bez chrámů)", "3 Token: cups on the continent of {c}? (no temples)"
        ).format(c=colour_name(self.key(state)))


class Swords(CountStep):
    """A war: swords on the rest of each civilisation's old continent."""

    name = "swords"
    question = Msg(
        "1 Válka: meče na zbytku starého světadílu – {c}? (bez nového dílku)",
        "1 War: swords on the rest of the old continent of {c}? (not the new tile)",
    )
    brief = Msg("Meče – {c}?", "Swords: {c}?")


class PartWheat(CountStep):
    """A migration: wheat on one eligible part (the new tile counted)."""

    name = "part_wheat"

    def default(self, state):
        return None

    def short(self, state):
        return Msg("Pšenice – část {i}?", "Wheat: part {i}?").format(i=len(state["conflict"]["parts"]))

    def title(self, state):
        part = state["conflict"]["parts"][-1]
        return Msg(
            "1 Stěhování: pšenice – část {i} ({k}), i na novém dílku?",
            "1 Migration: wheat on part {i} ({k}), the new tile counted?",
        ).format(i=len(state["conflict"]["parts"]), k=KINDS[part["kind"]])


class TempleSymbols(CountStep):
    """A temple: matching ordinary symbols on its continent (no temples)."""

    name = "temple_symbols"

    def title(self, state):
        return Msg(
            "1 Chrám: {s} na jeho světadílu (bez chrámů)?", "1 Temple: {s} on its continent (no temples)?"
        ).format(s=SYMBOLS[state["conflict"]["type"]])

    def short(self, state):
        return Msg("Chrám – {s}?", "Temple: {s}?").format(s=SYMBOLS[state["conflict"]["type"]])


class FoundWheat(CountStep):
    """A founding: wheat on the unoccupied continent (temple wheat never counts). ``*`` says the
    continent is occupied or an island, and is refused with the rule."""

    name = "found_wheat"
    OCCUPIED = "occupied"

    def default(self, state):
        """Each founding is on another continent: the last founding's wheat is no likely answer
        (sessions recorded before ``asking`` 2 kept it)."""
        return None if state.get("asking", 1) >= 2 else super().default(state)

    def title(self, state):
        colour = state["counting"]["colour"]
        return Msg("2 Založit {c}: pšenice na volném světadílu?", "2 Found {e}: wheat on the free continent?").format(
            c=colour_form(colour, "ou"), e=colour_name(colour).en
        )

    def short(self, state):
        return Msg("Založení: pšenice?", "Founding: wheat?")

    def prompt(self, state, task):
        counts = self._capped(state) if stable(state) else count_options(state, self.default(state))
        options = tuple(self._with_followers(state, o) for o in counts) + (
            Option(self.OCCUPIED, Msg("obsazený nebo ostrov", "occupied or an island"), "*"),
        )
        return Prompt(
            PromptKind.CHOICE,
            self.name,
            (state["turn"],),
            self.title(state),
            {Prompt.ANYONE: options},
            short=self.short(state),
        )

    def gate(self, state, task):
        """The counts (without the followers each gives) and "occupied"."""
        if stable(state):
            values: list = list(range(reading(state, "found_cap") + 1))
        else:
            values = [o.value for o in count_options(state, self.default(state))]
        return Gate(PromptKind.CHOICE, self.name, (state["turn"],), offered([*values, self.OCCUPIED]))

    @staticmethod
    def _capped(state: dict) -> tuple[Option, ...]:
        """Asking 2: a founding gives at most ``found_cap`` followers (5 or fewer), so wheat above it
        gives what the cap gives: 0 up to the cap, the cap meaning "or more", one key each."""
        cap = reading(state, "found_cap")
        return tuple(
            Option(n, Msg(f"{n} a víc", f"{n} or more") if n == cap else Msg(str(n), str(n)), str(n))
            for n in range(cap + 1)
        )

    def explain(self, state, task, seat, value):
        cap = reading(state, "found_cap")
        if stable(state) and isinstance(value, int) and not isinstance(value, bool) and value > cap:
            return refuse(
                "found_wheat_capped",
                "{s}: víc než {c} pšenice zadej jako {c}, víc založení nedá.",
                "{s}: enter more than {c} wheat as {c} (no more followers).",
                s=player(state["turn"]),
                c=cap,
            )
        return super().explain(state, task, seat, value)

    @staticmethod
    def _with_followers(state: dict, option: Option) -> Option:
        """ "2 → +2": each wheat count shows the followers it gives (readings U2 and U3)."""
        gained = founding_followers(state, option.value)
        return Option(option.value, option.label + Msg(f" → +{gained}", f" → +{gained}"), option.code)

    def apply(self, state, action, task):
        if action.value == self.OCCUPIED:
            raise refuse(
                "found_occupied",
                "Civilizace se zakládá jen na neobsazeném světadílu, ne na ostrově: vezměte přívržence.",
                "A civilisation is founded only on an unoccupied continent, not an island: take a follower.",
            )
        told(state, action.value)
