"""The table tells what turned up: the start tile's colour, and which tile a revealed one is
(into the offer or, in a correction, a hand), telling look-alike tiles apart by their facts."""

from __future__ import annotations

from ....engine import BACK, Gate, Msg, Option, Prompt, PromptKind, announce, answered
from .. import board, box, reveal, teach
from ..texts import PLAYER_COLOURS, colour_opts, looks, refuse
from .common import DvaStep, choice, listed_gate, seats
from .identify import identify_next, pick_options, pick_or_settle, reveal_as, settle_pick
from .learning import step_for


def reveal_step(state: dict, task: dict) -> str:
    """The step a reveal task awaits: its set, its tile, or a fact telling look-alikes apart
    (one pick among the tiles' differing prints, in sessions that ask the fewest questions)."""
    if "identify" in task:
        return "identify_tile" if task["identify"].get("pick") else step_for(state, task["identify"])
    return "reveal_tile" if "set" in task else "reveal_set"


class StartColour(DvaStep):
    """The start tile lies face down: which colour is it (its resource counts for a unit on it)."""

    name = "start_colour"

    def prompt(self, state: dict, task: dict) -> Prompt:
        return choice(
            state, self.name, Msg("Jakou barvu má počáteční destička?", "What colour is the start tile?"), colour_opts()
        )

    def apply(self, state: dict, action, task: dict) -> None:
        state["board"]["0,0"]["colour"] = action.value
        state["start_colour"] = action.value
        answered(state, task)


def _where(state: dict, task: dict) -> Msg:
    if task.get("teach"):
        return teach.title(state, task)
    if "slot" in task:
        return Msg("Pozice {n} od štítu", "Place {n} from the shield").format(
            n=board.offer_position(state, task["slot"])
        )
    return Msg("Destička do ruky", "A tile for the hand")


class RevealSet(DvaStep):
    """Which set the revealed tile is from (a correction may instead say the place is empty)."""

    name = "reveal_set"
    unlisted_rule = "set_cannot_show"
    unlisted = (
        "{who}: z této sady tu žádná destička ležet nemůže – všechny její destičky jsou jinde ve hře.",
        "{who}: no tile of that set can lie there – all its tiles are elsewhere in the game.",
    )

    def prompt(self, state: dict, task: dict) -> Prompt:
        if _folded_refill(state, task):
            return _refill_prompt(state, task)
        fix = task.get("fix", False)
        pairs = [
            (s, box.set_name(s))
            for s in state["sets"]
            if any(reveal.may_show(state, t, task.get("expect")) for t in reveal.candidates(state, s, fix))
        ]
        if fix and "slot" in task and state["offer"]["slots"][task["slot"]] is not None:
            pairs.append(("empty", Msg("Je tam prázdno", "It is empty")))
        # the place asked about first, so two reveals in a row do not look alike
        title = _where(state, task) + (
            Msg(": ze které sady je destička, která tam leží?", ": which set is the tile lying there from?")
            if fix
            else Msg(": nová destička – ze které sady?", ": new tile – which set?")
        )
        short = (
            Msg("Pozice {n}: která sada?", "Place {n}: which set?").format(n=board.offer_position(state, task["slot"]))
            if "slot" in task and not task.get("teach")
            else Msg("Ze které sady?", "Which set?")
        )
        if box.when_needed(state):  # a set keeps its code (its place among the game's sets) all game
            listed = [Option(key, box.set_name(key), str(n)) for n, key in enumerate(state["sets"], 1)]
            if fix and "slot" in task and state["offer"]["slots"][task["slot"]] is not None:
                listed.append(Option("empty", Msg("Je tam prázdno", "It is empty"), "0"))
            shown = {value for value, _ in pairs}
            return Prompt(
                PromptKind.CHOICE,
                self.name,
                seats(state),
                title,
                {-1: tuple(o for o in listed if o.value in shown) + ((BACK,) if fix else ())},
                detail=_where(state, task),
                short=short,
                unoffered={-1: tuple(o for o in listed if o.value not in shown)},
            )
        return choice(state, self.name, title, pairs, back=fix, detail=_where(state, task), short=short)

    def gate(self, state: dict, task: dict):
        """The sets the prompt lists (asked only of the answer), "empty" and "*" as it lists
        them: the same values with the codes of either kind of list."""
        if _folded_refill(state, task):
            return listed_gate(state, self.name, PromptKind.CHOICE, [o.value for o in _refill_options(state, task)])
        fix = task.get("fix", False)
        empty = fix and "slot" in task and state["offer"]["slots"][task["slot"]] is not None

        def offers(seat, value):
            if type(value) is not str:
                return False
            if value == "empty":
                return empty
            if value == BACK.value:
                return fix
            return value in state["sets"] and any(
                reveal.may_show(state, t, task.get("expect")) for t in reveal.candidates(state, value, fix)
            )

        return Gate(PromptKind.CHOICE, self.name, seats(state), offers)

    def apply(self, state: dict, action, task: dict) -> None:
        if _folded_refill(state, task):
            set_key, _, tile_value = str(action.value).partition(REFILL_SEP)
            if set_key not in state["sets"] or not tile_value:
                raise refuse("set_cannot_show", *self.unlisted, who=_where(state, task), v=str(action.value))
            task["set"] = set_key
            RevealTile().apply(state, action.__class__(RevealTile.name, action.seat, tile_value), task)
        elif action.value == BACK.value:  # only a correction can be dropped here
            state["queue"].pop(0)
        elif action.value == "empty":
            _offer_slot_empty(state, task["slot"])
            answered(state, task)
        else:
            task["set"] = action.value


REFILL_SEP = "/"  # a folded refill's answer: "<set>/<the tile's answer in that set>"


def _folded_refill(state: dict, task: dict) -> bool:
    """``asking`` 6: the refill after Jindřich's take, whose back colour the table told, is named
    in one answer (its set and its tile), not a set and then a tile."""
    return box.folded(state) and bool(task.get("expect")) and not task.get("fix") and not task.get("teach")


def _refill_options(state: dict, task: dict) -> tuple[Option, ...]:
    """Every tile of the told colour each set may show, coded by the set's place among the
    game's sets and the building's number in its set ("23": the 3rd building of the 2nd set):
    the same two digits all game for one look, the colour being the one told."""
    out = []
    for n, set_key in enumerate(state["sets"], 1):
        sub = {**task, "set": set_key}
        if not any(reveal.may_show(state, t, task["expect"]) for t in reveal.candidates(state, set_key, False)):
            continue
        colour = str(box.COLOURS.index(task["expect"]) + 1)
        for option in RevealTile._by_number(state, sub).options[-1]:
            if option.value == BACK.value or option.code[-1] != colour:  # known tiles of another colour
                continue
            number = option.code[:-1]  # "<building><colour>": the colour is the one told (the title says it)
            building = box.sets()[set_key].buildings[int(number) - 1]
            label = box.set_name(set_key) + Msg(": ", ": ") + box.building_name(building)
            out.append(Option(f"{set_key}{REFILL_SEP}{option.value}", label, f"{n}{number}"))
    return tuple(out)


def _refill_prompt(state: dict, task: dict) -> Prompt:
    colour = box.colour_name(task["expect"])
    return Prompt(
        PromptKind.CHOICE,
        RevealSet.name,
        seats(state),
        _where(state, task) + Msg(": nová destička ({c}) – která?", ": new tile ({c}) – which one?").format(c=colour),
        {-1: _refill_options(state, task)},
        detail=Msg("Kód: sada, budova", "Code: set, building"),
        short=Msg("Pozice {n}: která?", "Place {n}: which?").format(n=board.offer_position(state, task["slot"])),
    )


def _offer_slot_empty(state: dict, slot: int) -> None:
    old = state["offer"]["slots"][slot]
    state["offer"]["slots"][slot] = None
    reveal.unsee(state, old)
    announce(
        state,
        Msg("Oprava: pozice {n} nabídky je prázdná", "Correction: offer place {n} is empty").format(
            n=board.offer_position(state, slot)
        ),
    )


class RevealTile(DvaStep):
    """Which tile of the set it is. One line per building and colour: tiles of the same building
    and colour are told apart by asking their printed facts once one is chosen, never by a label
    that hides them."""

    name = "reveal_tile"
    unlisted_rule = "tile_elsewhere"
    unlisted = (
        "{who}: {v} tu ležet nemůže – je jinde ve hře nebo nemá barvu rubu.",
        "{who}: {v} cannot lie there – it is elsewhere in the game or has another back colour.",
    )

    def prompt(self, state: dict, task: dict) -> Prompt:
        if state.get("asking", 1) >= box.ASKING_COST_FIRST:
            return self._by_number(state, task)
        pairs = [(group[0], box.describe(state, group[0])) for group in reveal.look_alikes(state, task)]
        if state.get("asking", 1) > 1:  # a tile not known yet is named by its building and colour at once
            pairs += [
                (value, Msg("{d} (nová)", "{d} (new)").format(d=looks(building, colour)))
                for value, building, colour in reveal.new_looks(state, task)
            ]
        elif reveal.new_tiles(state, task):
            pairs.append(("new", Msg("Jiná (zatím neznámá)", "Another (not known yet)")))
        return choice(
            state,
            self.name,
            _where(state, task) + Msg(": která destička to je?", ": which tile is it?"),
            pairs,
            back=not task.get("teach"),
            detail=box.set_name(task["set"]),
            short=Msg("Která destička?", "Which tile?"),
        )

    def gate(self, state: dict, task: dict):
        """The tiles the prompt lists, without their descriptions and codes; a list of tiles
        (not by number) is asked of the answer alone: a known tile that heads its look-alikes,
        "new" while a tile not known yet may show, a new look among those a tile can show."""
        asking = state.get("asking", 1)
        if asking >= box.ASKING_COST_FIRST:
            return listed_gate(state, self.name, PromptKind.CHOICE, self._values(state, task))

        def offers(seat, value):
            if type(value) is not str:
                return False
            if value == BACK.value:
                return not task.get("teach")
            if value.startswith(reveal.NEW_LOOK):
                return asking > 1 and any(value == v for v, _, _ in reveal.new_looks(state, task))
            if value == "new":
                return asking <= 1 and bool(reveal.new_tiles(state, task))
            return reveal.heads_look_alikes(state, task, value)

        return Gate(PromptKind.CHOICE, self.name, seats(state), offers)

    @staticmethod
    def _values(state: dict, task: dict) -> list:
        """The values ``prompt`` lists, in either form (``_by_number``: one a look)."""
        if state.get("asking", 1) >= box.ASKING_COST_FIRST:
            looks: dict[tuple[str, str], str] = {}
            for group in reveal.look_alikes(state, task):
                looks[(box.fact(state, group[0], "building"), box.fact(state, group[0], "colour"))] = group[0]
            for value, building, colour in reveal.new_looks(state, task):
                looks.setdefault((building, colour), value)
            values = list(looks.values())
        else:
            values = [group[0] for group in reveal.look_alikes(state, task)]
            if state.get("asking", 1) > 1:
                values += [value for value, _, _ in reveal.new_looks(state, task)]
            elif reveal.new_tiles(state, task):
                values.append("new")
        return values if task.get("teach") else [*values, BACK.value]

    @staticmethod
    def _by_number(state: dict, task: dict) -> Prompt:
        """Every building and colour the tile can show, typed as two digits: the building's
        number in its set, then the colour's (1 green, 2 grey, 3 yellow), so a pad types what it
        sees instead of scrolling a list of up to 21 lines. A known look-alike group and a copy
        not known yet that look the same are one line (the group's pick offers "another")."""
        set_buildings = box.sets()[task["set"]].buildings
        lines: dict[tuple[str, str], tuple] = {}
        for group in reveal.look_alikes(state, task):
            look = (box.fact(state, group[0], "building"), box.fact(state, group[0], "colour"))
            lines[look] = (group[0], box.describe(state, group[0]))
        for value, building, colour in reveal.new_looks(state, task):
            lines.setdefault((building, colour), (value, looks(building, colour)))  # one line a look
        ordered = sorted(
            lines.items(), key=lambda item: (set_buildings.index(item[0][0]), box.COLOURS.index(item[0][1]))
        )
        options = tuple(
            Option(value, label, f"{set_buildings.index(b) + 1}{box.COLOURS.index(c) + 1}")
            for (b, c), (value, label) in ordered
        )
        if not task.get("teach"):
            options += (BACK,)
        return Prompt(
            PromptKind.CHOICE,
            RevealTile.name,
            seats(state),
            _where(state, task) + Msg(": která destička to je?", ": which tile is it?"),
            {-1: options},
            detail=box.set_name(task["set"])
            + Msg(
                ": budova, pak barva (1 zelená, 2 šedá, 3 žlutá)", ": building, then colour (1 green, 2 grey, 3 yellow)"
            ),
            short=Msg("Která destička?", "Which tile?"),
        )

    def apply(self, state: dict, action, task: dict) -> None:
        value = action.value
        if value == BACK.value:
            del task["set"]
        elif value == "new":
            reveal_as(state, task, reveal.new_tiles(state, task)[0])
        elif value.startswith(reveal.NEW_LOOK):
            reveal_as(state, task, reveal.new_look_tile(state, task, value))
        else:
            self._look_alike(state, task, value)

    @staticmethod
    def _look_alike(state: dict, task: dict, value: str) -> None:
        expect = task.get("expect")
        if expect and box.fact(state, value, "colour") != expect:
            raise refuse(
                "reveal_colour_mismatch",
                "Tato destička má jinou barvu, než jakou měl rub vrchní destičky zásoby.",
                "This tile's colour differs from the back of the supply's top tile.",
            )
        building, colour = (box.fact(state, value, f) for f in ("building", "colour"))
        # the known tiles of this building and colour, and the tiles not known yet that could be
        # one more copy of it: which of them lies on the table, their printed facts decide
        unseen = [
            t
            for t in reveal.new_tiles(state, task)
            if (not box.known(state, t, "building") or box.fact(state, t, "building") == building)
            and reveal.may_show(state, t, colour)
        ]
        task["identify"] = {
            "identify": True,
            "building": building,
            "colour": colour,
            "group": next(g for g in reveal.look_alikes(state, task) if value in g),
            "unseen": unseen,
            "answers": {},
            "tile": value,
            "fields": [],
            "partial": {},
        }
        if state.get("asking", 1) > 1:
            task["identify"]["pick"] = True
            pick_or_settle(state, task)
            return
        identify_next(state, task)  # nothing to tell apart: settled at once


class IdentifyTile(DvaStep):
    """Look-alike tiles (same building and colour): one pick among what their prints show that
    differs ('roads: top, bottom · 1W 0S 0G'), or another tile that looks different."""

    name = "identify_tile"
    unlisted_rule = "tile_elsewhere"
    unlisted = RevealTile.unlisted

    def prompt(self, state: dict, task: dict) -> Prompt:
        ident = task["identify"]
        look = box.describe(state, ident["group"][0])
        return choice(
            state,
            self.name,
            _where(state, task) + Msg(": {d} – která z nich?", ": {d} – which one?").format(d=look),
            pick_options(state, ident),
            back=True,
            short=Msg("Která z nich?", "Which one?"),
            detail=Msg("Podívej se na silnice a cenu na destičce.", "Look at the roads and the cost on the tile."),
        )

    def apply(self, state: dict, action, task: dict) -> None:
        if action.value == BACK.value:
            del task["identify"]
            return
        settle_pick(state, task, action.value)


class StartPlayer(DvaStep):
    """Two players: who won the shield toss at the table starts; the box does not pick."""

    name = "start_player"
    enumerable = True

    def prompt(self, state: dict, task: dict) -> Prompt:
        pairs = [(side, PLAYER_COLOURS[state["colours"][side]]) for side in (0, 1)]
        return choice(
            state,
            self.name,
            Msg("Kdo vyhrál hod štítem? Ten začíná.", "Who won the shield toss? That player starts."),
            pairs,
        )

    def apply(self, state: dict, action, task: dict) -> None:
        state["active"] = state["offer"]["crown"] = action.value
        answered(state, task)
        announce(state, Msg("Začíná {w}", "{w} starts").format(w=PLAYER_COLOURS[state["colours"][action.value]]))


STEPS = (StartColour(), RevealSet(), RevealTile(), IdentifyTile(), StartPlayer())
