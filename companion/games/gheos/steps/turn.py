"""The turn's own decisions: who starts, steps 1-2 on one list (``act``), the ledger screen, and
steps 3-4 on another (``draw``)."""

from __future__ import annotations

from ....engine import Gate, Msg, Option, Prompt, PromptKind, Step
from ....engine.i18n import player
from ....engine.steps import confirmed
from ..box import BOX
from ..common import COLOURS, FOLLOWERS_PER_COLOUR, note, reading, refuse, total
from ..flow import ask, awaits, begin_turn, end_turn, step_two_done
from ..ledger import (
    colours_held_by_anyone,
    followers,
    held_colours,
    needs_payment,
    supply,
    take,
    takeable,
)
from ..texts import colour_form, colour_name, colours_list
from .conflicts import BEGIN

WAR, MIGRATION, TEMPLE, LEDGER, NOTHING = "war", "migration", "temple", "ledger", "nothing"
ORDINARY, EPOCH, TOKEN, EMPTY = "ordinary", "epoch", "token", "empty"


class StartPlayer(Step):
    """The table names the start player ("whoever keeps from laughing longest"); the box does not pick."""

    name = "start_player"
    enumerable = True  # every seat, always

    def prompt(self, state, task):
        options = tuple(Option(s, player(s), str(s + 1)) for s in range(state["seats"]))
        return Prompt(
            PromptKind.CHOICE,
            self.name,
            (),
            Msg("Kdo začíná? (Kdo se nejdéle nesměje.)", "Who starts? (Who keeps from laughing longest.)"),
            {Prompt.ANYONE: options},
            short=Msg("Kdo začíná?", "Who starts?"),
        )

    def explain(self, state, task, seat, value):
        """A seat number the table does not have: "Hráč, který se dokáže nejdéle nesmát" is
        one of the players at the table."""
        if type(value) is int:
            return refuse(
                "no_such_seat",
                "Začíná jeden z hráčů u stolu: {n} tu není (hrají hráči 1 až {k}).",
                "One of the players at the table starts: there is no {n} (players 1 to {k} play).",
                n=player(value) if value >= 0 else Msg(str(value), str(value)),
                k=state["seats"],
            )
        return None

    def apply(self, state, action, task):
        state["start"] = action.value
        begin_turn(state, action.value)


def can_pay(state: dict) -> bool:
    return not needs_payment(state) or followers(state, state["turn"]) > 0


def _no_follower(state: dict, what_cs: str, what_en: str):
    return refuse(
        "no_follower_to_pay",
        f"{{p}}: bez přívržence nelze vyvolat {what_cs}.",
        f"{{p}}: no follower to pay for {what_en}.",
        p=player(state["turn"]),
    )


class Act(Step):
    """Steps 1 and 2 on one list: first whatever the tile caused (war 7, migration 8, temple 9),
    then a colour: take its follower (in play) or found it (unused marker). 0 shows the ledger;
    * says step 2 is impossible (no follower left to take, no free continent)."""

    name = "act"

    def options(self, state):
        done, options = state["done"], []
        for colour in COLOURS:
            code = BOX.colours[colour].code
            if colour in state["in_play"] and supply(state, colour) > 0:
                options.append(Option(colour, Msg("vzít {c}", "take {c}").format(c=colour_form(colour, "ého")), code))
            elif colour not in state["in_play"]:
                options.append(
                    Option(colour, Msg("založit {c}", "found {c}").format(c=colour_form(colour, "ou")), code)
                )
        if self._war_refusal(state) is None:
            options.append(Option(WAR, Msg("válka", "war"), "7"))
        if self._migration_refusal(state) is None:
            options.append(Option(MIGRATION, Msg("stěhování", "migration"), "8"))
        if not done["temple"]:
            options.append(Option(TEMPLE, Msg("chrám", "temple"), "9"))
        options.append(Option(LEDGER, Msg("přehled", "ledger"), "0"))
        if not takeable(state):
            options.append(Option(NOTHING, Msg("nic nelze", "nothing possible"), "*"))
        return tuple(options)

    def prompt(self, state, task):
        seat = state["turn"]
        title = Msg("1–2 Co dílek vyvolal? Pak přívrženec.", "1–2 What did the tile do? Then a follower.")
        options = self.options(state)
        return Prompt(
            PromptKind.CHOICE,
            self.name,
            (seat,),
            title,
            {Prompt.ANYONE: options},
            unoffered={Prompt.ANYONE: self.unoffered(state, {o.value for o in options})},
        )

    def gate(self, state, task):
        """What ``options`` lists, asked of one answer without building the list's words."""

        def offers(seat, value):
            if type(value) is not str:
                return False
            if value in COLOURS:
                return value not in state["in_play"] or supply(state, value) > 0
            if value == WAR:
                return self._war_refusal(state) is None
            if value == MIGRATION:
                return self._migration_refusal(state) is None
            if value == TEMPLE:
                return not state["done"]["temple"]
            if value == NOTHING:
                return not takeable(state)
            return value == LEDGER

        return Gate(PromptKind.CHOICE, self.name, (state["turn"],), offers)

    def unoffered(self, state: dict, offered: set) -> tuple[Option, ...]:
        """What the list leaves out now, on the keys it has elsewhere: a colour whose followers
        are all held, a war, a migration or a temple this tile cannot cause, * while a follower
        can be taken."""
        left_out = [
            Option(c, Msg("vzít {c}", "take {c}").format(c=colour_form(c, "ého")), BOX.colours[c].code)
            for c in COLOURS
            if c not in offered
        ]
        keys = (
            Option(WAR, Msg("válka", "war"), "7"),
            Option(MIGRATION, Msg("stěhování", "migration"), "8"),
            Option(TEMPLE, Msg("chrám", "temple"), "9"),
            Option(NOTHING, Msg("nic nelze", "nothing possible"), "*"),
        )
        return tuple(left_out) + tuple(key for key in keys if key.value not in offered)

    def apply(self, state, action, task):
        seat, value = state["turn"], action.value
        if value == LEDGER:
            awaits(state, "ledger")
        elif value == NOTHING:
            step_two_done(state)
        elif value in (WAR, MIGRATION, TEMPLE):
            BEGIN[value](state)
        elif value in state["in_play"]:
            take(state, seat, value)  # not announced: the player takes the cube shown on his key
            step_two_done(state)
        else:
            ask(state, "found_wheat", ["found"], "found", colour=value)

    # -- why an option is not offered ------------------------------------------------------------
    def _war_refusal(self, state):
        if state["done"]["war"]:
            return refuse("one_war", "Válku už tento dílek vyvolal.", "This tile has already caused its war.")
        if state["done"]["temple"]:
            return refuse(
                "temple_last",
                "Chrám se boduje až po válce a stěhování: zadejte je před chrámem.",
                "A temple scores after war and migration: enter them before the temple.",
            )
        if len(state["in_play"]) < 2:
            return refuse(
                "war_needs_two",
                "Válka potřebuje aspoň dvě civilizace na mapě.",
                "A war needs at least two civilisations on the map.",
            )
        if not can_pay(state):
            return _no_follower(state, "válku", "a war")
        return None

    def _migration_refusal(self, state):
        if state["done"]["migration"]:
            return refuse(
                "one_migration", "Stěhování už tento dílek vyvolal.", "This tile has already caused its migration."
            )
        if state["done"]["temple"]:
            return refuse(
                "temple_last",
                "Chrám se boduje až po válce a stěhování: zadejte je před chrámem.",
                "A temple scores after war and migration: enter them before the temple.",
            )
        if not state["in_play"]:
            return refuse(
                "migration_needs_civ",
                "Stěhovat se může jen civilizace na mapě.",
                "Only a civilisation on the map can migrate.",
            )
        if not can_pay(state):
            return _no_follower(state, "stěhování", "a migration")
        return None

    def explain(self, state, task, seat, value):
        if value == WAR:
            return self._war_refusal(state)
        if value == MIGRATION:
            return self._migration_refusal(state)
        if value == TEMPLE:
            return refuse("one_temple", "Tento dílek už chrám obodoval.", "This tile's temple has already scored.")
        if value == NOTHING:
            return refuse(
                "step_two_compulsory",
                "{p}: krok 2 je povinný – vezmi přívržence ({c}).",
                "{p}: step 2 is compulsory – take a follower ({c}).",
                p=player(state["turn"]),
                c=colours_list(takeable(state)),
            )
        if value in COLOURS:
            return refuse(
                "supply_empty",
                "Všech {n} {c} přívrženců už hráči mají.",
                "All {n} {e} followers are held.",
                n=FOLLOWERS_PER_COLOUR,
                c=colour_form(value, "ých").cs,
                e=colour_name(value).en,
            )
        if isinstance(value, str):
            return refuse(
                "unknown_colour",
                "Barva {v} v krabici není: barvy jsou {c}.",
                "There is no colour {v} in the box: the colours are {c}.",
                v=value,
                c=colours_list(COLOURS),
            )
        return None


def ledger_text(state: dict) -> Msg:
    """Who holds which followers, the supply of each colour in play, points and tokens."""

    def of(lang: str) -> str:
        items = []
        for seat in range(state["seats"]):
            held = ", ".join(f"{colour_name(c).get(lang)} {state['held'][seat][c]}" for c in held_colours(state, seat))
            none = "nic" if lang == "cs" else "none"
            items.append(f"{player(seat).get(lang)}: {held or none}")
        supply_word = "zásoba" if lang == "cs" else "supply"
        for colour in state["in_play"]:
            items.append(f"{colour_name(colour).get(lang)}: {supply_word} {supply(state, colour)}")
        if not state["in_play"]:
            items.append("Žádná civilizace na mapě" if lang == "cs" else "No civilisation on the map")
        if not reading(state, "hide_scores"):
            word = "Body" if lang == "cs" else "Points"
            items.append(f"{word}: " + " · ".join(str(total(state, s)) for s in range(state["seats"])))
        word = "Žetony" if lang == "cs" else "Tokens"
        items.append(f"{word}: " + " · ".join(str(t) for t in state["tokens"]))
        word = "Dílky v hromádkách" if lang == "cs" else "Tiles in the stacks"
        items.append(f"{word}: {state['stack']}")
        return "; ".join(items)

    return Msg(of("cs"), of("en"))


class Ledger(Step):
    """The follower ledger on the panel, until the player goes on."""

    name = "ledger"

    def prompt(self, state, task):
        seat = state["turn"]
        return Prompt(
            PromptKind.CONFIRM,
            self.name,
            (seat,),
            Msg("Přehled přívrženců", "Follower ledger"),
            detail=ledger_text(state),
        )

    def gate(self, state, task):
        return Gate(PromptKind.CONFIRM, self.name, (state["turn"],), confirmed)

    def apply(self, state, action, task):
        awaits(state, "act")


def epochs_left(state: dict) -> int:
    return BOX.facts["epoch_tiles"] - state["epochs"]


class Draw(Step):
    """Steps 3-4: play a scoring token (2) before drawing, then draw: an ordinary tile (#) ends
    the turn, an epoch tile (1) scores and draws again; * says the stacks are empty (offered once
    the box counts only epoch tiles left)."""

    name = "draw"

    def options(self, state):
        seat, options = state["turn"], []
        if state["stack"] > epochs_left(state):
            options.append(Option(ORDINARY, Msg("běžný dílek", "ordinary tile"), "#"))
        if state["stack"] > 0 and epochs_left(state) > 0:
            options.append(Option(EPOCH, Msg("dílek epochy", "epoch tile"), "1"))
        if self._token_refusal(state) is None:
            options.append(
                Option(TOKEN, Msg("bodovací žeton ({n})", "scoring token ({n})").format(n=state["tokens"][seat]), "2")
            )
        if state["stack"] <= epochs_left(state):
            # by the box's count only epoch tiles are left: a short box shows here, so the table
            # can say the stacks are empty (reading U9)
            options.append(Option(EMPTY, Msg("dílky došly", "no tiles left"), "*"))
        return tuple(options)

    def prompt(self, state, task):
        seat = state["turn"]
        title = (
            Msg("4 Dobrat znovu?", "4 Draw again?")
            if state["done"]["drawing"]
            else Msg("3–4 Žeton? Dobrat dílek?", "3–4 Token? Draw a tile?")
        )
        return Prompt(PromptKind.CHOICE, self.name, (seat,), title, {Prompt.ANYONE: self.options(state)})

    def gate(self, state, task):
        """What ``options`` lists, asked of one answer without building the list's words."""

        def offers(seat, value):
            if type(value) is not str:
                return False
            left = epochs_left(state)
            if value == ORDINARY:
                return state["stack"] > left
            if value == EPOCH:
                return state["stack"] > 0 and left > 0
            if value == TOKEN:
                return self._token_refusal(state) is None
            return value == EMPTY and state["stack"] <= left

        return Gate(PromptKind.CHOICE, self.name, (state["turn"],), offers)

    def apply(self, state, action, task):
        seat, value = state["turn"], action.value
        if value == TOKEN:
            state["tokens"][seat] -= 1
            state["done"]["token"] = True
            ask(state, "cups", held_colours(state, seat), "token")
        elif value == EPOCH:
            state["stack"] -= 1
            state["epochs"] += 1
            state["done"]["drawing"] = True
            ask(state, "pyramids", colours_held_by_anyone(state), "epoch")
        elif value == ORDINARY:
            state["stack"] -= 1
            end_turn(state)
        else:
            self._empty(state)

    def _empty(self, state):
        """No tile to draw (reading U9): the game ends, or the hands are played out."""
        seat = state["turn"]
        state["stack"] = 0
        if reading(state, "on_empty_stack") == "end_game":
            state["ending"] = state["ending"] or "stack"
            note(state, Msg("Dílky došly: hra končí.", "No tiles left: the game ends."))
        else:
            state["hands"][seat] -= 1
        end_turn(state)

    def _token_refusal(self, state):
        seat = state["turn"]
        if state["done"]["drawing"]:
            return refuse(
                "token_before_draw",
                "Bodovací žeton se hraje před dobráním (krok 3).",
                "A scoring token is played before the draw (step 3).",
            )
        if state["done"]["token"]:
            return refuse(
                "one_token",
                "Za tah lze zahrát jen jeden bodovací žeton.",
                "Only one scoring token can be played per turn.",
            )
        if state["tokens"][seat] <= 0:
            return refuse("no_token", "{p} už nemá bodovací žeton.", "{p} has no scoring token left.", p=player(seat))
        if state["ending"]:
            return refuse(
                "game_ending",
                "Hra končí po tomto tahu: žetony už nejsou.",
                "The game ends after this turn: no tokens are left.",
            )
        return None

    def explain(self, state, task, seat, value):
        if value == TOKEN:
            return self._token_refusal(state)
        if value == ORDINARY and state["stack"] > 0:
            return refuse(
                "only_epochs_left", "V hromádkách zbývají jen dílky epoch.", "Only epoch tiles are left in the stacks."
            )
        if value == EPOCH and state["stack"] > 0:
            return refuse(
                "no_epochs_left",
                "Všech {n} dílků epoch už je venku.",
                "All {n} epoch tiles are out already.",
                n=BOX.facts["epoch_tiles"],
            )
        if value in (ORDINARY, EPOCH):
            return refuse("stack_empty", "Dílky v hromádkách došly.", "The stacks are empty.")
        if value == EMPTY:
            return refuse(
                "stack_not_empty",
                "V hromádkách má být ještě {n} běžných dílků: dobírá se.",
                "{n} ordinary tiles should be left in the stacks: draw one.",
                n=state["stack"] - epochs_left(state),
            )
        return None
