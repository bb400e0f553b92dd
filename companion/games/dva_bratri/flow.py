"""Game flow: setup, whose input is awaited, and carrying out actions.

The table is the truth about hidden things: which tile turned up in the offer, the colour on the
back of the supply's top tile, which treasure token was drawn. The companion asks for them, and
for any printed fact it does not know yet (learning the box), then checks and scores the rest.

State keys worth knowing: ``board`` ("x,y" -> cell), ``offer`` (7 slots, the shield's index and
crown), ``units``, ``hands`` (per side), ``turn`` (this turn's take / moved units / discounts),
``queue`` (questions and confirmations to handle before anything else, head first),
``pending`` (a move the player has started; "*" drops it), ``learned`` (facts the table told
us), ``seen`` (tiles that have turned up; the others may still be in the supply).
"""

from __future__ import annotations

import copy
from typing import Any

from ...engine import Game, Msg, Option, Prompt, PromptKind, RuleError, Scores, Setting, Status, rng
from . import board, catalog, jindrich, moves, scoring
from .board import NORTH, SOUTH, key, xy
from .catalog import COLOURS, NeedFacts
from .common import BACK, COMPASS, TILES_IN_GAME, at, choices, codes, colour_opts, ordinal, refuse, say
from .corrections import Corrections

FIRST_GAME_SETS = ["putovani", "dominium", "obchod_cirkev"]
PLAYER_COLOURS = {"white": Msg("Bílý", "White"), "blue": Msg("Modrý", "Blue")}  # (hráč)
UNIT_COLOURS = {"white": Msg("Bílá", "White"), "blue": Msg("Modrá", "Blue")}      # (jednotka)
CROSS_COLOURS = {"green": "zeleným", "grey": "šedým", "yellow": "žlutým"}  # "se zeleným křížkem"
# printed facts that tell apart two known tiles of the same building and colour, asked in this order
TELLING_FIELDS = ("roads", "cost", "params")


class DvaBratri(Corrections, Game):
    name = "dva_bratri"
    title = Msg("Dva bratři", "The Two Heirs")
    min_seats, max_seats = 1, 2
    settings = (
        Setting("level", Msg("Jindřich", "Jindřich"), (
            (2, Msg("Statečný", "Brave")), (3, Msg("Neúprosný", "Relentless")), (1, Msg("Chudý", "Poor"))),
            seats=(1,)),
        Setting("sets", Msg("Sady", "Sets"), tuple(
            (k, Msg(v["cs"], v["en"])) for k, v in catalog.sets().items()), pick=3,
            default=list(FIRST_GAME_SETS)),
        Setting("colour", Msg("Barva hráče 1", "Player 1 colour"),
                tuple((k, m) for k, m in PLAYER_COLOURS.items())),
        Setting("roads", Msg("Bodovat silnice", "Score roads"),
                ((True, Msg("ano", "yes")), (False, Msg("ne (1. hra)", "no (1st game)")))),
    )

    # -- setup ---------------------------------------------------------------------------------
    def validate_options(self, options: dict[str, Any]) -> dict[str, Any]:
        out = dict(options)
        out.setdefault("seats", 1)
        out.setdefault("sets", list(FIRST_GAME_SETS))
        out.setdefault("level", 2)
        out.setdefault("colour", "white")
        out.setdefault("roads", True)
        out.setdefault("box", {})
        if out["seats"] not in (1, 2):
            raise refuse("option_seats", "Hraje 1 hráč (proti Jindřichovi), nebo 2 hráči.",
                         "One player (against Jindřich) or two players.")
        chosen = out["sets"]
        if len(set(chosen)) != 3 or any(s not in catalog.sets() for s in chosen):
            raise refuse("option_sets", "Vyberte přesně 3 různé sady destiček.",
                         "Choose exactly 3 different tile sets.")
        if out["level"] not in jindrich.LEVELS:
            raise refuse("option_level", "Obtížnost je 1, 2 nebo 3.", "The level is 1, 2 or 3.")
        if out["colour"] not in PLAYER_COLOURS:
            raise refuse("option_colour", "Barva je bílá nebo modrá.", "The colour is white or blue.")
        box = out["box"]
        if not isinstance(box, dict) or any(g not in ("tiles", "treasures") for g in box):
            raise refuse("option_box", "Data krabice mají jen části 'tiles' a 'treasures'.",
                         "Box data has only 'tiles' and 'treasures' parts.")
        return out

    def setup(self, options: dict[str, Any], seed: int) -> dict:
        options = self.validate_options(options)
        solo = options["seats"] == 1
        other = "blue" if options["colour"] == "white" else "white"
        state: dict[str, Any] = {
            "game": self.name, "seats": options["seats"], "solo": solo, "level": options["level"],
            "sets": list(options["sets"]), "colours": [options["colour"], other],
            "roads": bool(options["roads"]), "box": copy.deepcopy(options["box"]),
            "learned": {"tiles": {}, "treasures": {}}, "rng": rng.new(seed),
            "supply": TILES_IN_GAME - 7, "seen": [], "start_colour": None,
            "offer": {"slots": [None] * 7, "shield": 0, "crown": SOUTH},
            "board": {}, "units": {}, "hands": [[], []], "active": SOUTH, "round": 1,
            "turn": self._fresh_turn(), "last_building": None,
            "treasures": {"stack": 0, "seen": [], "cleared": 0},
            "final_trigger": False, "final_left": None, "over": False,
            "queue": [], "pending": None, "recent": [],
        }
        board.place(state, "0,0", None, "green", False, None)  # colour asked below
        state["units"]["0e"] = {"side": SOUTH, "elite": True, "cross": None, "at": "0,0"}
        for u in ("0a", "0b"):
            state["units"][u] = {"side": SOUTH, "elite": False, "cross": None, "at": "offer"}
        if solo:
            # all his units wait at the edge; which of them is the elite does not matter to him
            for colour in COLOURS:
                state["units"]["1" + colour] = {"side": NORTH, "elite": False, "cross": colour, "at": "out"}
            state["treasures"]["stack"] = self._tokens_in_play(state)
        else:
            state["units"]["1e"] = {"side": NORTH, "elite": True, "cross": None, "at": "0,0"}
            for u in ("1a", "1b"):
                state["units"][u] = {"side": NORTH, "elite": False, "cross": None, "at": "offer"}
            state["active"] = rng.randint(state, 0, 1)  # the shield tossed like a coin
            state["offer"]["crown"] = state["active"]
        state["queue"] = [{"t": "reveal", "slot": i} for i in range(1, 7)] + [{"t": "start_colour"}]
        return state

    @staticmethod
    def _fresh_turn() -> dict:
        return {"taken": False, "moved": [], "discounts": 0}

    @staticmethod
    def _tokens_in_play(state: dict) -> int:
        """Treasure tokens left in the game after the level removed some unseen."""
        return len(catalog.treasure_entries()) - jindrich.LEVELS[state["level"]]

    # -- labels --------------------------------------------------------------------------------
    def seat_label(self, state: dict, seat: int) -> Msg:
        if state["solo"] and seat == 1:
            return Msg("Jindřich", "Jindřich")
        return PLAYER_COLOURS[state["colours"][seat]]

    def _seat(self, state: dict) -> tuple[int, ...]:
        return (0,) if state["solo"] else (state["active"],)

    def side_label(self, state: dict, side: int) -> Msg:
        return self.seat_label(state, side)

    def _turned(self, state: dict) -> bool:
        """The second player sits across the table: their maps are drawn turned round."""
        return not state["solo"] and state["active"] == NORTH

    # -- the board picture ---------------------------------------------------------------------
    def _grid(self, state: dict) -> tuple[int, int, int, int]:
        """(min x, max y, width, height) of the board plus one free row or column around it."""
        xs = [xy(k)[0] for k in state["board"]]
        ys = [xy(k)[1] for k in state["board"]]
        minx, maxx, miny, maxy = min(xs) - 1, max(xs) + 1, min(ys) - 1, max(ys) + 1
        return minx, maxy, maxx - minx + 1, maxy - miny + 1

    def _to_grid(self, state: dict, k: str) -> list[int]:
        """Board place -> grid [column, row]; row 0 is the far side from the South player."""
        minx, maxy, _, _ = self._grid(state)
        x, y = xy(k)
        return [x - minx, maxy - y]

    def _from_grid(self, state: dict, value) -> str:
        minx, maxy, _, _ = self._grid(state)
        return key(minx + int(value[0]), maxy - int(value[1]))

    def label(self, state: dict, k: str) -> str:
        """Up to 3 characters per tile: building code (upper case South's, lower case North's)
        or '~' + colour letter for free terrain; then '*' South's unit, '+' North's unit."""
        c = state["board"][k]
        colour = catalog.tiles_file()["colours"][c["colour"]]["abbr"]
        if c["up"] and catalog.known(state, c["tile"], "building"):
            code = catalog.buildings()[catalog.fact(state, c["tile"], "building")]["abbr"]
            code = code if c["owner"] == SOUTH else code.lower()
        else:
            code = "~" + colour.lower()
        uid = board.unit_at(state, k)
        if uid is not None:
            code += "*" if state["units"][uid]["side"] == SOUTH else "+"
        return code

    def _map(self, state: dict, cursor: str) -> dict:
        """The Prompt fields of a map: the grid, a label per tile, the cursor on ``cursor``."""
        _, _, w, h = self._grid(state)
        cells = {tuple(self._to_grid(state, k)): self.label(state, k) for k in state["board"]}
        return {"grid": (w, h), "cells": cells, "cursor": tuple(self._to_grid(state, cursor))}

    def _cell_prompt(self, state: dict, step: str, title: Msg, places: list[str], detail: Msg | None = None,
                     cursor: str | None = None) -> Prompt:
        """Pick a place on the map; "*" (value "back") drops the move instead."""
        opts = tuple(Option(self._to_grid(state, k), Msg(at(k), at(k)), c)
                     for k, c in zip(places, codes(len(places)))) + (BACK,)
        return Prompt(PromptKind.CELL, step, self._seat(state), title, {-1: opts}, detail=detail,
                      turned=self._turned(state), **self._map(state, cursor or jindrich.anchor(state)))

    # -- the prompt ----------------------------------------------------------------------------
    def prompt(self, state: dict) -> Prompt | None:
        if state["queue"]:
            return self._task_prompt(state, state["queue"][0])
        if state["over"]:
            return None
        if state["pending"]:
            return self._pending_prompt(state, state["pending"])
        return self._menu(state)

    def _menu(self, state: dict) -> Prompt:
        items = [
            ("take", Msg("Vzít destičku", "Take a tile"), "1"),
            ("build", Msg("Postavit budovu", "Build"), "2"),
            ("terrain", Msg("Volný terén", "Lay free terrain"), "3"),
            ("step", Msg("Posunout jednotku", "Step a unit"), "4"),
            ("call", Msg("Povolat z nabídky", "Call in a unit"), "5"),
            ("withdraw", Msg("Stáhnout do nabídky", "Withdraw a unit"), "6"),
            ("camp", Msg("Využít ležení", "Use a camp"), "7"),
            ("correct", Msg("Opravit obraz stolu", "Correct the picture"), "9"),
            ("end", Msg("Ukončit tah", "End the turn"), "#"),
        ]
        side = state["active"]
        res = board.resources(state, side)
        detail = Msg("Dosah {r}, suroviny {s}, v ruce {h}.", "Reach {r}, resources {s}, in hand {h}.").format(
            r=board.reach(state, side), s=moves._res(res), h=len(state["hands"][side]))
        return Prompt(PromptKind.CHOICE, "turn", self._seat(state),
                      Msg("Tvůj tah: co uděláš?", "Your turn: what next?"),
                      {-1: tuple(Option(v, m, c) for v, m, c in items)}, detail=detail)

    def _pending_prompt(self, state: dict, p: dict) -> Prompt:
        side = state["active"]
        kind = p["kind"]
        hand = state["hands"][side]
        if kind == "correct" or kind.startswith("fix_"):
            return self._correction_prompt(state, p)
        if kind == "take":
            order = board.clockwise(state)
            pairs = [(i, Msg("{n} {d}", "{n} {d}").format(n=ordinal(n + 1), d=catalog.describe(state, state["offer"]["slots"][i])))
                     for n, i in enumerate(order)]
            return Prompt(PromptKind.CHOICE, "take_tile", self._seat(state),
                          Msg("Kterou destičku si bereš? (pořadí od štítu)", "Which tile do you take? (order from the shield)"),
                          {-1: choices(pairs, back=True)},
                          detail=Msg("Tvůj dosah: {r}.", "Your reach: {r}.").format(r=board.reach(state, side)))
        if kind in ("build", "terrain"):
            pairs = [(t, catalog.describe(state, t)) for t in hand]
            title = Msg("Kterou destičku stavíš?", "Which tile do you build?") if kind == "build" else \
                Msg("Kterou destičku kladeš lícem dolů?", "Which tile do you lay face down?")
            return Prompt(PromptKind.CHOICE, kind + "_tile", self._seat(state), title, {-1: choices(pairs, back=True)})
        if kind in ("build_at", "terrain_at"):
            return self._cell_prompt(state, kind, Msg("Kam ji položíš?", "Where does it go?"), board.frontier(state),
                                     catalog.describe(state, p["tile"]))
        if kind in ("step", "withdraw"):
            units = [u for u in board.units_of(state, side) if state["units"][u]["at"] in state["board"]]
            pairs = [(u, self._unit_label(state, u)) for u in units]
            title = Msg("Kterou jednotku?", "Which unit?")
            return Prompt(PromptKind.CHOICE, kind + "_unit", self._seat(state), title, {-1: choices(pairs, back=True)})
        if kind in ("step_to", "call_to"):
            unit_at = state["units"][p["unit"]]["at"] if kind == "step_to" else None
            return self._cell_prompt(state, kind, Msg("Na kterou destičku?", "Onto which tile?"), sorted(state["board"]),
                                     cursor=unit_at)
        if kind == "camp":
            camps = [k for k, b in board.buildings_of(state, side) if b == "camp"]
            pairs = [(k, Msg("Ležení " + at(k), "Camp " + at(k))) for k in camps]
            return Prompt(PromptKind.CHOICE, "camp_at", self._seat(state), Msg("Které ležení?", "Which camp?"),
                          {-1: choices(pairs, back=True)})
        raise KeyError(kind)

    def _unit_label(self, state: dict, uid: str) -> Msg:
        """'Bílá řadová jednotka v nabídce', 'Jindřichova jednotka se zeleným křížkem na [1,0]'."""
        u = state["units"][uid]
        where = Msg("v nabídce", "in the offer") if u["at"] == "offer" else (
            Msg("mimo plochu", "off the board") if u["at"] == "out" else Msg("na " + at(u["at"]), "at " + at(u["at"])))
        if u["cross"]:  # Jindřich's units are told apart by their crosses
            return Msg("Jindřichova jednotka se {x} křížkem {p}", "Jindřich's unit with the {c} cross {p}").format(
                x=CROSS_COLOURS[u["cross"]], c=catalog.colour_name(u["cross"]), p=where)
        kind = Msg("elitní", "elite") if u["elite"] else Msg("řadová", "regular")
        return Msg("{w} {k} jednotka {p}", "{w} {k} unit {p}").format(
            w=UNIT_COLOURS[state["colours"][u["side"]]], k=kind, p=where)

    # -- questions to the table ----------------------------------------------------------------
    def _task_prompt(self, state: dict, task: dict) -> Prompt:
        seats = self._seat(state)
        t = task["t"]
        if t == "start_colour":
            return Prompt(PromptKind.CHOICE, "start_colour", seats,
                          Msg("Jakou barvu má počáteční destička?", "What colour is the start tile?"),
                          {-1: choices(colour_opts())})
        if t == "reveal":
            return self._reveal_prompt(state, task, seats)
        if t == "learn":
            return self._learn_prompt(state, task, seats)
        if t == "treasure":
            return self._treasure_prompt(state, task, seats)
        if t == "jindrich":
            if state["supply"] > 0:
                pairs = [(c, m) for c, m in colour_opts() if self._supply_may_show(state, c)]
                return Prompt(PromptKind.CHOICE, "jindrich_top", seats,
                              Msg("Jindřich: jakou barvu má rub vrchní destičky zásoby?",
                                  "Jindřich: what colour is the back of the supply's top tile?"),
                              {-1: choices(pairs)})
            return Prompt(PromptKind.CONFIRM, "jindrich_top", seats,
                          Msg("Jindřich je na tahu (zásoba je prázdná).", "Jindřich's turn (the supply is empty)."))
        if t == "jindrich_done":
            # his placement as a picture: the lead's map is drawn around the cursor, from the
            # solo player's side (he has no seat of his own, so nothing is turned)
            return Prompt(PromptKind.CONFIRM, "jindrich_done", seats, Msg.from_json(task["title"]),
                          detail=Msg.from_json(task["msg"]), **self._map(state, task["at"] or task["anchor"]))
        if t == "discard":
            side = state["active"]
            pairs = [(tile, catalog.describe(state, tile)) for tile in state["hands"][side]]
            return Prompt(PromptKind.CHOICE, "discard", seats,
                          Msg("V ruce smíš mít nanejvýš 3 destičky: kterou vrátíš do krabice?",
                              "You may keep at most 3 tiles: which one goes back to the box?"),
                          {-1: choices(pairs, back=True)},
                          detail=Msg("* = tah ještě neukončuj", "* = do not end the turn yet"))
        if t == "siege":
            pairs = [(k, Msg("Zničit budovu na {a}: {b}", "Destroy the building at {a}: {b}").format(
                b=catalog.building_name(board.building_at(state, k)), a=at(k))) for k in task["targets"]]
            pairs.append(("no", Msg("Nic neničit", "Destroy nothing")))
            return Prompt(PromptKind.CHOICE, "siege", seats,
                          Msg("Dvě tvé obléhací věže sousedí se soupeřovou budovou.",
                              "Two of your siege towers touch an opponent's building."), {-1: choices(pairs)})
        raise KeyError(t)

    # revealing tiles (and identifying tiles named in a correction)
    def _candidates(self, state: dict, set_key: str, fix: bool) -> list[str]:
        """Tiles of a set that may be the one on the table: from the supply only tiles that have
        not turned up yet; in a correction any tile not already in the picture (no tile twice)."""
        if fix:
            used = board.tiles_in_play(state)
            return [t for t in catalog.set_tiles(set_key) if t not in used]
        return [t for t in catalog.set_tiles(set_key) if t not in state["seen"]]

    def _may_show(self, state: dict, tile: str, colour: str | None) -> bool:
        """Can this tile be of ``colour``? A known colour must match; an unknown one needs a tile
        of that colour its set has not been told about yet (3 of each colour per set)."""
        if colour is None:
            return True
        if catalog.known(state, tile, "colour"):
            return catalog.fact(state, tile, "colour") == colour
        set_key = catalog.fact(state, tile, "set")
        told = sum(1 for t in catalog.set_tiles(set_key)
                   if catalog.known(state, t, "colour") and catalog.fact(state, t, "colour") == colour)
        return told < catalog.sets()[set_key]["colours"][colour]

    def _supply_may_show(self, state: dict, colour: str) -> bool:
        """Some tile still in the supply can have this colour on its back."""
        return any(self._may_show(state, t, colour) for s in state["sets"] for t in self._candidates(state, s, False))

    def _new_tiles(self, state: dict, task: dict) -> list[str]:
        """Tiles of the task's set the companion cannot name yet (first one is used for 'new')."""
        return [t for t in self._candidates(state, task["set"], task.get("fix", False))
                if not (catalog.known(state, t, "building") and catalog.known(state, t, "colour"))
                and self._may_show(state, t, task.get("expect"))]

    def _reveal_prompt(self, state: dict, task: dict, seats) -> Prompt:
        if "identify" in task:  # two known tiles look alike: ask what tells them apart
            return self._learn_prompt(state, task["identify"], seats)
        fix = task.get("fix", False)
        if "slot" in task:
            where = Msg("Pozice {n} od štítu", "Place {n} from the shield").format(
                n=board.offer_position(state, task["slot"]))
        else:
            where = Msg("Destička do ruky", "A tile for the hand")
        if "set" not in task:
            pairs = [(s, catalog.set_name(s)) for s in state["sets"]
                     if any(self._may_show(state, t, task.get("expect")) for t in self._candidates(state, s, fix))]
            if fix and "slot" in task and state["offer"]["slots"][task["slot"]] is not None:
                pairs.append(("empty", Msg("Je tam prázdno", "It is empty")))
            title = Msg("Ze které sady je destička, která tam leží?", "Which set is the tile lying there from?") if fix \
                else Msg("Nová destička v nabídce: ze které sady je?", "New tile in the offer: which set?")
            return Prompt(PromptKind.CHOICE, "reveal_set", seats, title, {-1: choices(pairs, back=fix)}, detail=where)
        # one line per building and colour: tiles of the same building and colour are told apart
        # by asking their printed facts once one is chosen (_do_reveal_tile), never by a label that
        # hides them
        pairs = [(group[0], catalog.describe(state, group[0])) for group in self._look_alikes(state, task)]
        if self._new_tiles(state, task):
            pairs.append(("new", Msg("Jiná (zatím neznámá)", "Another (not known yet)")))
        return Prompt(PromptKind.CHOICE, "reveal_tile", seats, Msg("Která destička to je?", "Which tile is it?"),
                      {-1: choices(pairs, back=True)}, detail=where)

    def _learn_prompt(self, state: dict, task: dict, seats) -> Prompt:
        tile, field, part = task["tile"], task["fields"][0], task["partial"]
        # the tile as players can match it on the table (the catalog's ids are printed nowhere)
        if task.get("relearn"):
            who = Msg("Oprava údajů: ", "Correcting facts: ")
        elif field in ("building", "colour") or not catalog.known(state, tile, "building"):
            who = Msg("Nová destička: ", "New tile: ")
        else:
            who = catalog.building_name(catalog.fact(state, tile, "building")) + Msg(": ", ": ")
        desc = catalog.describe(state, tile)
        if task.get("identify"):
            desc = Msg("Znám víc destiček {d}; takhle poznám, kterou máš.",
                       "I know several tiles {d}; this tells me which one you have.").format(d=desc)
        back = self._learning_cancellable(state, task)
        if field == "building":
            set_key = catalog.fact(state, tile, "set")
            pairs = [(b, catalog.building_name(b)) for b in catalog.sets()[set_key]["buildings"]]
            return Prompt(PromptKind.CHOICE, "learn_building", seats, who + Msg("jaká je to budova?", "which building is it?"),
                          {-1: choices(pairs, back)})
        if field == "colour":
            return Prompt(PromptKind.CHOICE, "learn_colour", seats, who + Msg("jakou má barvu?", "which colour is it?"),
                          {-1: choices(colour_opts(), back)}, detail=desc)
        if field == "cost":
            res = next(r for r in ("wood", "stone", "grain") if r not in part.get("cost", {}))
            names = {"wood": Msg("dřeva", "wood"), "stone": Msg("kamene", "stone"), "grain": Msg("obilí", "grain")}
            hint = catalog.buildings()[catalog.fact(state, tile, "building")].get("example_costs")
            detail = desc if not hint else desc + Msg(" – v pravidlech: {h}", " – rulebook example: {h}").format(
                h=moves._res(hint[0]))
            return Prompt(PromptKind.NUMBER, "learn_cost", seats,
                          who + Msg("kolik {r} stojí stavba?", "how much {r} does it cost?").format(r=names[res]),
                          minimum=0, maximum=5, detail=detail)
        if field == "roads":
            on = part.get("roads", [])
            pairs = [(e, Msg("{e}: {s}", "{e}: {s}").format(
                e=Msg({"N": "nahoře", "E": "vpravo", "S": "dole", "W": "vlevo"}[e], {"N": "top", "E": "right", "S": "bottom", "W": "left"}[e]),
                s=Msg("silnice", "road") if e in on else Msg("nic", "none"))) for e in catalog.EDGES]
            opts = tuple(Option(v, m, c) for (v, m), c in zip(pairs, ("2", "6", "8", "4")))
            opts += (Option("done", Msg("Hotovo", "Done"), "#"),) + ((BACK,) if back else ())
            return Prompt(PromptKind.CHOICE, "learn_roads", seats,
                          who + Msg("na kterých hranách je silnice? (spodní hranou k tobě)", "which edges show a road? (bottom edge towards you)"),
                          {-1: opts}, detail=desc)
        if field == "params":
            building = catalog.fact(state, tile, "building")
            params = part.get("params", {})
            missing = [p for p in catalog.buildings()[building]["params"] if p not in params]
            p = missing[0]
            if p == "line":
                pairs = [("row", Msg("řada (vodorovně)", "row (across)")), ("column", Msg("sloupec (svisle)", "column (up and down)"))]
                return Prompt(PromptKind.CHOICE, "learn_line", seats, who + Msg("řada, nebo sloupec?", "row or column?"),
                              {-1: choices(pairs, back)}, detail=desc)
            if p == "depicts":
                pairs = [(b, catalog.building_name(b)) for b in ("farm", "sawmill", "quarry")]
                return Prompt(PromptKind.CHOICE, "learn_depicts", seats, who + Msg("která budova je vyobrazena?", "which building is pictured?"),
                              {-1: choices(pairs, back)}, detail=desc)
            if p == "boosts":
                pairs = [(b, catalog.building_name(b)) for b in ("basket_workshop", "potter_workshop", "cooper_workshop")]
                pairs.append(("all", Msg("všechny dílny", "all workshops")))
                return Prompt(PromptKind.CHOICE, "learn_boosts", seats, who + Msg("kterou dílnu posiluje?", "which workshop does it boost?"),
                              {-1: choices(pairs, back)}, detail=desc)
            if "pairs_n" not in part:
                return Prompt(PromptKind.NUMBER, "learn_pairs", seats, who + Msg("kolik dvojic pozic je vyznačeno?", "how many pairs of places are shown?"),
                              minimum=0, maximum=4, detail=desc)
            opts = tuple(Option(list(v), Msg(c, c), c) for c, v in COMPASS.items()) + ((BACK,) if back else ())
            return Prompt(PromptKind.CHOICE, "learn_pair_pos", seats,
                          who + Msg("dvojice {i}, pozice {j} (klávesy jako kompas, spodní hranou k tobě)",
                                    "pair {i}, place {j} (keys as a compass, bottom edge towards you)").format(
                              i=len(part["flat"]) // 2 + 1, j=len(part["flat"]) % 2 + 1),
                          {-1: opts}, detail=desc)
        raise KeyError(field)

    def _learning_cancellable(self, state: dict, task: dict) -> bool:
        """Questions asked in the middle of a move the player started (or of re-entering a
        tile's facts) can drop that move; those telling look-alikes apart go back to the list."""
        return (bool(task.get("relearn")) or bool(task.get("identify"))
                or (bool(task.get("resume")) and bool(state["pending"])))

    def _learn_treasure_prompt(self, state: dict, task: dict, seats, back: bool = False) -> Prompt:
        token, field, part = task["tile"], task["fields"][0], task["partial"]
        who = Msg("Poklad na {a}: ", "Treasure on {a}: ").format(a=at(task["at"]))
        if field == "kind":
            pairs = [("vertical", Msg("svislá (sloupec)", "vertical (column)")),
                     ("horizontal", Msg("vodorovná (řada)", "horizontal (row)")),
                     ("positional", Msg("poziční", "positional"))]
            return Prompt(PromptKind.CHOICE, "learn_kind", seats, who + Msg("jaká podmínka?", "which condition?"),
                          {-1: choices(pairs, back)})
        items = part.get("need", [])
        kind = part.get("kind") or catalog.treasure_fact(state, token, "kind")
        if kind == "positional" and (not items or "colour" in items[-1]) and len(items) < 2:
            opts = tuple(Option(list(v), Msg(c, c), c) for c, v in COMPASS.items()) + ((BACK,) if back else ())
            return Prompt(PromptKind.CHOICE, "learn_pos", seats,
                          who + Msg("{i}. vyznačená pozice (kompas, z tvého pohledu)", "marked place {i} (compass, your view)").format(i=len(items) + 1),
                          {-1: opts})
        n = len(items) if kind != "positional" else len(items) - 1
        return Prompt(PromptKind.CHOICE, "learn_need", seats,
                      who + Msg("barva {i}. destičky", "colour of tile {i}").format(i=n + 1), {-1: choices(colour_opts(True), back)})

    def _treasure_prompt(self, state: dict, task: dict, seats) -> Prompt:
        if "token" in task:  # identified: ask what is still unknown about it
            return self._learn_treasure_prompt(state, {"tile": task["token"], "fields": self._treasure_missing(state, task),
                                                       "partial": task["partial"], "at": task["at"]},
                                               seats, back=bool(task.get("relearn")))
        pairs, sigs, unknown = [], set(), False
        for tid in catalog.treasure_entries():
            if tid in state["treasures"]["seen"]:
                continue
            if not catalog.treasure_known(state, tid):
                unknown = True
                continue
            sig = repr((catalog.treasure_fact(state, tid, "kind"), catalog.treasure_fact(state, tid, "need")))
            if sig not in sigs:
                sigs.add(sig)
                pairs.append((tid, self._treasure_text(state, tid)))
        if unknown:
            pairs.append(("new", Msg("Jiný (zatím neznámý)", "Another (not known yet)")))
        return Prompt(PromptKind.CHOICE, "treasure_id", seats,
                      Msg("Otoč poklad na {a}: který to je?", "Turn up the treasure on {a}: which one is it?").format(a=at(task["at"])),
                      {-1: choices(pairs)})

    def _treasure_text(self, state: dict, tid: str) -> Msg:
        kind = catalog.treasure_fact(state, tid, "kind")
        need = catalog.treasure_fact(state, tid, "need")
        names = {"vertical": Msg("sloupec", "column"), "horizontal": Msg("řada", "row"), "positional": Msg("pozice", "places")}
        cols = [catalog.colour_name(i["colour"]) if i["colour"] != "any" else Msg("libovolná", "any") for i in need]
        return Msg("{k}: {a} + {b}", "{k}: {a} + {b}").format(k=names[kind], a=cols[0], b=cols[1])

    def _treasure_missing(self, state: dict, task: dict) -> list[str]:
        """Condition fields still to ask; a correction asks them all again."""
        done = task["partial"].get("done", [])
        return [f for f in catalog.TREASURE_FIELDS if f not in done
                and (task.get("relearn") or not catalog._lookup(state, "treasures", task["token"], f, catalog.treasure_entries())[0])]

    # -- applying actions ----------------------------------------------------------------------
    def apply(self, state: dict, action: dict) -> dict:
        return self._run(state, action, resumed=False)

    def _run(self, state: dict, action: dict, resumed: bool) -> dict:
        """Carry out an action; when it needs an unknown printed fact, put the question first and
        retry the action once the table has answered."""
        snapshot = copy.deepcopy(state)
        try:
            self._dispatch(state, action)
        except NeedFacts as need:
            state = snapshot
            state["queue"].insert(0, {"t": "learn", "tile": need.ident, "fields": need.fields,
                                      "partial": {}, "resume": action})
        except RuleError as error:
            if not resumed:
                raise
            # the answers are kept; the move they were for turned out illegal: say why
            state = snapshot
            say(state, error.msg)
        return state

    def _dispatch(self, state: dict, action: dict) -> None:
        step, value = action["step"], action.get("value")
        handler = getattr(self, "_do_" + step, None)
        if handler is None:
            raise RuleError("dva_bratri.unknown_step", Msg("Neznámý krok.", "Unknown step."))
        handler(state, value)

    def _back(self, state: dict, value) -> bool:
        """The "*" option: drop the move the player has started, change nothing else."""
        if value == "back":
            state["pending"] = None
            return True
        return False

    # setup and reveals
    def _do_start_colour(self, state: dict, value: str) -> None:
        state["board"]["0,0"]["colour"] = value
        state["start_colour"] = value
        state["queue"].pop(0)

    def _do_reveal_set(self, state: dict, value: str) -> None:
        task = state["queue"][0]
        if value == "back":          # only a correction can be dropped here
            state["queue"].pop(0)
            return
        if value == "empty":
            self._offer_slot_empty(state, task["slot"])
            state["queue"].pop(0)
            return
        task["set"] = value

    def _do_reveal_tile(self, state: dict, value: str) -> None:
        task = state["queue"][0]
        if value == "back":
            del task["set"]
            return
        if value == "new":
            self._reveal_as(state, task, self._new_tiles(state, task)[0])
            return
        expect = task.get("expect")
        if expect and catalog.fact(state, value, "colour") != expect:
            raise refuse("reveal_colour_mismatch",
                         "Tato destička má jinou barvu, než jakou měl rub vrchní destičky zásoby.",
                         "This tile's colour differs from the back of the supply's top tile.")
        building, colour = (catalog.fact(state, value, f) for f in ("building", "colour"))
        # the known tiles of this building and colour, and the tiles not known yet that could be
        # one more copy of it: which of them lies on the table, their printed facts decide
        unseen = [t for t in self._new_tiles(state, task)
                  if (not catalog.known(state, t, "building") or catalog.fact(state, t, "building") == building)
                  and self._may_show(state, t, colour)]
        task["identify"] = {"identify": True, "building": building, "colour": colour,
                            "group": next(g for g in self._look_alikes(state, task) if value in g), "unseen": unseen,
                            "answers": {}, "tile": value, "fields": [], "partial": {}}
        self._identify_next(state, task)   # nothing to tell apart: settled at once

    # telling apart tiles of the same building and colour
    def _look_alikes(self, state: dict, task: dict) -> list[list[str]]:
        """Candidates whose building and colour are known, grouped by building and colour (the
        label players see), in the catalog's order."""
        groups: dict[tuple, list[str]] = {}
        for tid in self._candidates(state, task["set"], task.get("fix", False)):
            if catalog.known(state, tid, "building") and catalog.known(state, tid, "colour"):
                label = (catalog.fact(state, tid, "building"), catalog.fact(state, tid, "colour"))
                groups.setdefault(label, []).append(tid)
        return list(groups.values())

    @staticmethod
    def _telling_fields(building: str) -> list[str]:
        return [f for f in TELLING_FIELDS if f != "params" or catalog.buildings()[building]["params"]]

    @staticmethod
    def _norm(field: str, value):
        """A printed fact in one form: roads as a set of edges, a cost with all three resources."""
        if field == "roads":
            return sorted(value)
        if field == "cost":
            return {r: int(value.get(r, 0)) for r in ("wood", "stone", "grain")}
        return value

    def _printed(self, state: dict, tile: str, answers: dict, fields: list[str]) -> dict:
        """The telling facts as far as known, the table's answers filling what is not."""
        out = {}
        for f in fields:
            if f in answers:
                out[f] = self._norm(f, answers[f])
            elif catalog.known(state, tile, f):
                out[f] = self._norm(f, catalog.fact(state, tile, f))
        return out

    def _agreeing(self, state: dict, tile: str, answers: dict) -> int | None:
        """How many answers the tile's known facts confirm; None when one contradicts them."""
        same = 0
        for f, v in answers.items():
            if catalog.known(state, tile, f):
                if self._norm(f, catalog.fact(state, tile, f)) != self._norm(f, v):
                    return None
                same += 1
        return same

    def _identify_next(self, state: dict, task: dict) -> None:
        """Narrow the look-alikes down with the answers so far: ask the next fact in which those
        still possible differ, or settle on the tile. A tile whose facts are unknown gets the
        answers as its facts; it never takes over another tile's."""
        ident = task["identify"]
        answers, fields = ident["answers"], self._telling_fields(ident["building"])
        fits = [t for t in ident["group"] + ident["unseen"] if self._agreeing(state, t, answers) is not None]
        printed = {t: self._printed(state, t, answers, fields) for t in fits}
        for f in fields:
            if f not in answers and len({repr(p.get(f)) for p in printed.values()}) > 1:
                ident["fields"], ident["partial"] = [f], {}
                return
        if fits:  # all still possible print the same: the one the companion knows best
            tile = max(fits, key=lambda t: sum(catalog.known(state, t, f) for f in fields))
            if tile in ident["unseen"]:
                answers = {"building": ident["building"], "colour": ident["colour"], **answers}
        else:  # no tile prints these facts and the set has no room for another of this colour
            unasked = [f for f in fields if f not in answers]
            if unasked:  # all of it first, to find the closest and to correct all of it
                ident["fields"], ident["partial"] = unasked[:1], {}
                return
            tile = max(ident["group"], key=lambda t: sum(
                1 for f, v in answers.items() if catalog.known(state, t, f)
                and self._norm(f, catalog.fact(state, t, f)) == self._norm(f, v)))
            say(state, Msg("Oprava: zapamatované údaje destičky {d} nesouhlasily, platí zadané.",
                           "Correction: what was remembered of the tile {d} was wrong; your answers hold.").format(
                d=catalog.describe(state, tile)))
        self._take_answers(state, tile, answers)
        del task["identify"]
        self._reveal_as(state, task, tile)

    def _take_answers(self, state: dict, tile: str, answers: dict) -> None:
        for f, v in answers.items():
            if not catalog.known(state, tile, f) or self._norm(f, catalog.fact(state, tile, f)) != self._norm(f, v):
                state["learned"]["tiles"].setdefault(tile, {})[f] = v

    def _reveal_as(self, state: dict, task: dict, tile: str) -> None:
        """The revealed tile is ``tile``: it goes into the offer place or the hand."""
        old = state["offer"]["slots"][task["slot"]] if "slot" in task else None
        if task.get("fix"):  # the tile it replaces leaves the picture
            self._check_tile_count(state, tile, freed=int(bool(old) and old in state["seen"]))
            if old:
                self._unsee(state, old)
        state["queue"].pop(0)
        if "slot" in task:
            state["offer"]["slots"][task["slot"]] = tile
        else:
            state["hands"][task["hand"]].append(tile)
        if tile not in state["seen"]:
            state["seen"].append(tile)
        missing = [f for f in ("building", "colour") if not catalog.known(state, tile, f)]
        if missing:
            state["queue"].insert(0, {"t": "learn", "tile": tile, "fields": missing, "partial": {},
                                      "resume": None, "expect": task.get("expect")})
        else:
            self._say_identified(state, task, tile)

    def _say_identified(self, state: dict, task: dict, tile: str) -> None:
        where = Msg("V nabídce: ", "In the offer: ") if "slot" in task else Msg("Do ruky: ", "Into the hand: ")
        prefix = Msg("Oprava: ", "Correction: ") if task.get("fix") else Msg("", "")
        say(state, prefix + where + catalog.describe(state, tile))

    # learning printed facts
    def _learned(self, state: dict, task: dict, field: str, value) -> dict:
        """Record one fact; when the task is complete, run the move it was asked for."""
        if task.get("identify"):  # an answer that tells look-alike tiles apart
            task["answers"][field] = value
            self._identify_next(state, state["queue"][0])
            return state
        state["learned"]["tiles"].setdefault(task["tile"], {})[field] = value
        if field == "colour":  # a corrected colour changes the tile where it lies too
            for c in state["board"].values():
                if c["tile"] == task["tile"]:
                    c["colour"] = value
        task["fields"].pop(0)
        building = catalog.fact(state, task["tile"], "building") if task["fields"][:1] == ["params"] else None
        if building and not catalog.buildings()[building]["params"]:
            state["learned"]["tiles"][task["tile"]]["params"] = {}  # a re-entered building without any
            task["fields"].pop(0)
        if task["fields"]:
            return state
        state["queue"].remove(task)
        if task.get("relearn"):
            self._relearned(state, task)
        if task.get("resume"):
            return self._run(state, task["resume"], resumed=True)
        return state

    def _learn_task(self, state: dict, value) -> dict | None:
        """The learning task at the head of the queue; None when "*" dropped it and its move
        (a dropped correction puts the facts back as they were before it). While look-alike
        tiles are told apart, it is the reveal's question; "*" goes back to the list of tiles."""
        head = state["queue"][0]
        if head["t"] == "reveal":
            if value == "back":
                del head["identify"]
                return None
            return head["identify"]
        if value == "back":
            task = state["queue"].pop(0)
            state["pending"] = None
            if task.get("relearn"):
                self._restore_facts(state, task)
            return None
        return state["queue"][0]

    def _do_learn_building(self, state: dict, value: str) -> None:
        task = self._learn_task(state, value)
        if task:
            self._finish(state, self._learned(state, task, "building", value))

    def _do_learn_colour(self, state: dict, value: str) -> None:
        task = self._learn_task(state, value)
        if not task:
            return
        tile = task["tile"]
        if task.get("expect") and value != task["expect"]:
            raise refuse("reveal_colour_mismatch",
                         "Rub vrchní destičky zásoby měl jinou barvu.",
                         "The back of the supply's top tile showed another colour.")
        set_key = catalog.fact(state, tile, "set")
        same = [t for t in catalog.set_tiles(set_key) if t != tile and catalog.known(state, t, "colour")
                and catalog.fact(state, t, "colour") == value]
        if len(same) >= catalog.sets()[set_key]["colours"][value]:
            raise refuse("set_colour_count", "Každá sada má jen 3 destičky každé barvy; tato barva je už vyčerpaná.",
                         "Each set has only 3 tiles of each colour; this colour is used up.")
        self._finish(state, self._learned(state, task, "colour", value))
        if tile in state["offer"]["slots"] and not task.get("relearn"):
            say(state, Msg("V nabídce: {d}", "In the offer: {d}").format(d=catalog.describe(state, tile)))

    def _do_learn_cost(self, state: dict, value: int) -> None:
        task = self._learn_task(state, value)
        if not task:
            return
        cost = task["partial"].setdefault("cost", {})
        cost[next(r for r in ("wood", "stone", "grain") if r not in cost)] = value
        if len(cost) == 3:
            self._finish(state, self._learned(state, task, "cost", dict(cost)))

    def _do_learn_roads(self, state: dict, value: str) -> None:
        task = self._learn_task(state, value)
        if not task:
            return
        on = task["partial"].setdefault("roads", [])
        if value == "done":
            self._finish(state, self._learned(state, task, "roads", [e for e in catalog.EDGES if e in on]))
        elif value in on:
            on.remove(value)
        else:
            on.append(value)

    def _param(self, state: dict, name: str, value) -> None:
        task = self._learn_task(state, value)
        if not task:
            return
        params = task["partial"].setdefault("params", {})
        params[name] = value
        building = catalog.fact(state, task["tile"], "building")
        if all(p in params for p in catalog.buildings()[building]["params"]):
            self._finish(state, self._learned(state, task, "params", dict(params)))

    def _do_learn_line(self, state: dict, value: str) -> None:
        self._param(state, "line", value)

    def _do_learn_depicts(self, state: dict, value: str) -> None:
        self._param(state, "depicts", value)

    def _do_learn_boosts(self, state: dict, value: str) -> None:
        self._param(state, "boosts", value)

    def _do_learn_pairs(self, state: dict, value: int) -> None:
        task = self._learn_task(state, value)
        if not task:
            return
        task["partial"]["pairs_n"], task["partial"]["flat"] = value, []
        if value == 0:
            self._param(state, "pairs", [])

    def _do_learn_pair_pos(self, state: dict, value: list) -> None:
        task = self._learn_task(state, value)
        if not task:
            return
        part = task["partial"]
        part["flat"].append(list(value))
        if len(part["flat"]) == 2 * part["pairs_n"]:
            flat = part["flat"]
            self._param(state, "pairs", [[flat[i], flat[i + 1]] for i in range(0, len(flat), 2)])

    def _finish(self, state: dict, new_state: dict) -> None:
        """Handlers mutate in place; a resumed move may hand back another state object."""
        if new_state is not state:
            state.clear()
            state.update(new_state)

    # treasures
    def _do_treasure_id(self, state: dict, value: str) -> None:
        task = state["queue"][0]
        if value == "new":
            value = next(t for t in catalog.treasure_entries()
                         if t not in state["treasures"]["seen"] and not catalog.treasure_known(state, t))
        task["token"], task["partial"] = value, {}
        state["treasures"]["seen"].append(value)
        state["board"][task["at"]]["treasure"] = value
        self._treasure_progress(state, task)

    def _treasure_progress(self, state: dict, task: dict) -> None:
        if self._treasure_missing(state, task):
            return
        state["queue"].remove(task)
        if task.get("relearn"):
            say(state, Msg("Oprava: podmínka pokladu na {a}: {c}", "Correction: the condition of the treasure on {a}: {c}").format(
                a=at(task["at"]), c=self._treasure_text(state, task["token"])))
        self._check_treasures(state)

    def _do_learn_kind(self, state: dict, value: str) -> None:
        task = self._learn_task(state, value)
        if not task:
            return
        task["partial"]["kind"] = value
        state["learned"]["treasures"].setdefault(task["token"], {})["kind"] = value
        task["partial"].setdefault("done", []).append("kind")
        self._treasure_progress(state, task)

    def _do_learn_pos(self, state: dict, value: list) -> None:
        task = self._learn_task(state, value)
        if not task:
            return
        task["partial"].setdefault("need", []).append({"pos": list(value)})

    def _do_learn_need(self, state: dict, value: str) -> None:
        task = self._learn_task(state, value)
        if not task:
            return
        items = task["partial"].setdefault("need", [])
        if items and "colour" not in items[-1]:
            items[-1]["colour"] = value
        else:
            items.append({"colour": value})
        if len(items) == 2 and "colour" in items[-1]:
            state["learned"]["treasures"].setdefault(task["token"], {})["need"] = items
            task["partial"].setdefault("done", []).append("need")
            self._treasure_progress(state, task)

    def _check_treasures(self, state: dict) -> None:
        """A treasure whose condition is met leaves the game at once (also right when placed)."""
        for k in sorted(state["board"]):
            token = state["board"][k]["treasure"]
            if not token or not catalog.treasure_known(state, token):
                continue
            if any(t["t"] == "treasure" and t["at"] == k for t in state["queue"]):
                continue
            if jindrich.condition_met(state, k, token):
                state["board"][k]["treasure"] = None
                state["treasures"]["cleared"] += 1
                say(state, Msg("Podmínka pokladu na {a} je splněna: odeber ho ze hry.",
                               "The condition of the treasure on {a} is met: remove it from the game.").format(a=at(k)))

    # the player's turn: the menu
    def _do_turn(self, state: dict, value: str) -> None:
        side = state["active"]
        hand = state["hands"][side]
        if value == "take":
            if state["turn"]["taken"]:
                raise refuse("one_take_per_turn", "V tomto tahu už sis destičku vzal.",
                             "You have already taken a tile this turn.")
            if not board.clockwise(state):
                raise refuse("offer_empty", "Královská nabídka je prázdná.", "The royal offer is empty.")
        elif value in ("build", "terrain") and not hand:
            raise refuse("hand_empty", "Nemáš v ruce žádnou destičku.", "You hold no tile.")
        elif value == "call":
            if not [u for u in board.units_of(state, side) if state["units"][u]["at"] == "offer"]:
                raise refuse("no_unit_in_offer", "V královské nabídce nemáš žádnou jednotku.",
                             "You have no unit in the royal offer.")
        elif value == "camp":
            if not any(b == "camp" for _, b in board.buildings_of(state, side)):
                raise refuse("no_camp", "Nemáš žádné nevyužité ležení.", "You have no unused camp.")
            if not state["turn"]["taken"]:
                raise refuse("camp_after_take", "Ležení lze využít až poté, co sis v tahu vzal destičku.",
                             "A camp can be used only after you have taken a tile this turn.")
        elif value == "end":
            moves.check_end(state, side)
            if len(hand) > moves.HAND_LIMIT:
                state["queue"].insert(0, {"t": "discard"})
                return
            self._end_turn(state)
            return
        state["pending"] = {"kind": "call_to" if value == "call" else value}

    def _do_take_tile(self, state: dict, value) -> None:
        if self._back(state, value):
            return
        side = state["active"]
        moves.check_take(state, side, value)
        tile = state["offer"]["slots"][value]
        refill = self._take_from_offer(state, value)
        state["hands"][side].append(tile)
        state["turn"]["taken"] = True
        state["pending"] = None
        say(state, Msg("{w} si bere: {d}.", "{w} takes: {d}.").format(w=self.side_label(state, side), d=catalog.describe(state, tile)))
        if refill is not None:
            state["queue"].insert(0, {"t": "reveal", "slot": refill})

    def _take_from_offer(self, state: dict, slot: int) -> int | None:
        """The shield moves into the emptied slot and turns; its old slot is refilled from the
        supply (none left: the final round is coming, nothing is refilled any more)."""
        offer = state["offer"]
        old = offer["shield"]
        offer["slots"][slot] = None
        offer["shield"] = slot
        offer["crown"] = NORTH if state["active"] == SOUTH else SOUTH
        if state["supply"] > 0 and state["final_left"] is None:
            state["supply"] -= 1
            if state["supply"] == 0:
                state["final_trigger"] = True
                say(state, Msg("Zásoba došla: po tomto tahu odehraje každý ještě jeden tah.",
                               "The supply is empty: after this turn each side plays one more turn."))
            return old
        return None

    def _do_build_tile(self, state: dict, value) -> None:
        if self._back(state, value):
            return
        side = state["active"]
        catalog.need(state, value, ["cost"] + catalog.placement_fields(state, value))
        moves.check_pay(state, side, value)
        state["pending"] = {"kind": "build_at", "tile": value}

    def _do_build_at(self, state: dict, value) -> None:
        if self._back(state, value):
            return
        side, tile = state["active"], state["pending"]["tile"]
        k = self._from_grid(state, value)
        moves.check_place(state, side, k)
        state["turn"]["discounts"] -= moves.check_pay(state, side, tile)
        state["hands"][side].remove(tile)
        board.place(state, k, tile, catalog.fact(state, tile, "colour"), True, side)
        if side == SOUTH:
            state["last_building"] = k  # the scaffolding token
        state["pending"] = None
        say(state, Msg("{w} staví na {a}: {d}.", "{w} builds at {a}: {d}.").format(
            w=self.side_label(state, side), d=catalog.describe(state, tile), a=at(k)))
        self._check_treasures(state)
        if catalog.fact(state, tile, "building") == "siege_tower":
            targets = self._siege_targets(state, k, side)
            if targets:
                state["queue"].insert(0, {"t": "siege", "targets": targets})

    def _siege_targets(self, state: dict, k: str, side: int) -> list[str]:
        """Opponent buildings touched by a side by this tower and by another own siege tower."""
        out = []
        for n in board.ring(k, board.SIDES4):
            c = state["board"].get(n)
            if not board.is_building(c) or c["owner"] == side:
                continue
            towers = [m for m in board.ring(n, board.SIDES4) if m != k
                      and board.is_building(state["board"].get(m)) and state["board"][m]["owner"] == side
                      and board.building_at(state, m) == "siege_tower"]
            if towers:
                out.append(n)
        return out

    def _do_siege(self, state: dict, value) -> None:
        state["queue"].pop(0)
        if value != "no":
            c = state["board"][value]
            c["up"], c["owner"] = False, None
            say(state, Msg("Budova na {a} je zničena: je z ní volný terén.",
                           "The building at {a} is destroyed: it is free terrain now.").format(a=at(value)))

    def _do_terrain_tile(self, state: dict, value) -> None:
        if self._back(state, value):
            return
        state["pending"] = {"kind": "terrain_at", "tile": value}

    def _do_terrain_at(self, state: dict, value) -> None:
        if self._back(state, value):
            return
        side, tile = state["active"], state["pending"]["tile"]
        k = self._from_grid(state, value)
        moves.check_place(state, side, k)
        state["hands"][side].remove(tile)
        board.place(state, k, tile, catalog.fact(state, tile, "colour"), False, None)
        state["turn"]["discounts"] += 1
        state["pending"] = None
        say(state, Msg("{w} klade volný terén na {a} (sleva o 1 surovinu).",
                       "{w} lays free terrain at {a} (1 resource off).").format(w=self.side_label(state, side), a=at(k)))
        self._check_treasures(state)

    def _do_step_unit(self, state: dict, value) -> None:
        if self._back(state, value):
            return
        moves.check_unit_free(state, value)
        state["pending"] = {"kind": "step_to", "unit": value}

    def _do_step_to(self, state: dict, value) -> None:
        if self._back(state, value):
            return
        uid = state["pending"]["unit"]
        k = self._from_grid(state, value)
        moves.check_step(state, uid, k)
        self._move_unit(state, uid, k)

    def _do_call_to(self, state: dict, value) -> None:
        if self._back(state, value):
            return
        side = state["active"]
        k = self._from_grid(state, value)
        waiting = [u for u in board.units_of(state, side) if state["units"][u]["at"] == "offer"]
        free = [u for u in waiting if u not in state["turn"]["moved"]]
        if not free:
            moves.check_unit_free(state, waiting[0])
        moves.check_call(state, side, k)
        self._move_unit(state, free[0], k)

    def _do_withdraw_unit(self, state: dict, value) -> None:
        if self._back(state, value):
            return
        moves.check_withdraw(state, value)
        self._move_unit(state, value, "offer")

    def _move_unit(self, state: dict, uid: str, to: str) -> None:
        state["units"][uid]["at"] = to
        state["turn"]["moved"].append(uid)
        state["pending"] = None
        where = Msg("do nabídky", "to the offer") if to == "offer" else Msg("na " + at(to), "to " + at(to))
        say(state, Msg("Jednotka {w}", "Unit {w}").format(w=where))

    def _do_camp_at(self, state: dict, value) -> None:
        if self._back(state, value):
            return
        c = state["board"][value]
        c["up"], c["owner"] = False, None
        state["turn"]["taken"] = False
        state["offer"]["crown"] = state["active"]
        state["pending"] = None
        say(state, Msg("Ležení otočeno: můžeš si vzít další destičku.", "Camp flipped: you may take another tile."))

    def _do_discard(self, state: dict, value) -> None:
        if value == "back":  # the turn goes on: build or lay terrain before ending it
            state["queue"].pop(0)
            return
        side = state["active"]
        state["hands"][side].remove(value)
        say(state, Msg("Destička do krabice: {d}", "Tile back to the box: {d}").format(d=catalog.describe(state, value)))
        if len(state["hands"][side]) <= moves.HAND_LIMIT:
            state["queue"].pop(0)
            self._end_turn(state)

    # turns and the end
    def _end_turn(self, state: dict) -> None:
        """Next side's turn; after the supply ran out each side plays one more turn, then the end."""
        state["turn"] = self._fresh_turn()
        state["pending"] = None
        if state["final_left"] is not None:
            state["final_left"] -= 1
        elif state["final_trigger"]:
            state["final_left"] = 2
        if state["final_left"] == 0:
            state["over"] = True
            say(state, Msg("Konec hry: závěrečné bodování.", "Game over: final scoring."))
            return
        state["active"] = NORTH if state["active"] == SOUTH else SOUTH
        if state["active"] == SOUTH:
            state["round"] += 1
        if state["solo"] and state["active"] == NORTH:
            state["queue"].append({"t": "jindrich"})

    def _do_jindrich_top(self, state: dict, value) -> None:
        """Jindřich's whole turn: take, place upside down for free, treasure, unit.

        That is all he does (solo rules, "Průběh hry", phases 1 and 2 with steps 3 and 4). The
        base game's effects that are the owner's choice are no part of his turn: he never flips
        a camp for another tile (Ležení: "můžete otočit") and never destroys with two siege
        towers (Obléhací věž: "můžete tuto budovu zničit ... Ničení není povinné"). His unused
        camps score their 2 points and his towers count for his fortresses, as for any player.
        """
        top = value if state["supply"] > 0 else None
        slot = jindrich.choose_take(state, top)
        if slot is None:
            state["queue"].pop(0)
            say(state, Msg("Jindřich nemá co vzít.", "Jindřich has nothing to take."))
            self._end_turn(state)
            return
        tile = state["offer"]["slots"][slot]
        catalog.need(state, tile, catalog.placement_fields(state, tile))
        position = board.clockwise(state).index(slot) + 1
        state["queue"].pop(0)
        refill = self._take_from_offer(state, slot)
        anchor = jindrich.anchor(state)
        spot = jindrich.choose_place(state, tile)
        building = catalog.building_name(catalog.fact(state, tile, "building"))
        from_set = Msg(", sada {s}", ", {s} set").format(s=catalog.set_name(catalog.fact(state, tile, "set"))) \
            if catalog.known(state, tile, "set") else Msg("", "")
        msg = Msg("Jindřich bere {n} destičku od štítu: {d}{f}. ", "Jindřich takes the {n} tile from the shield: {d}{f}. ").format(
            d=catalog.describe(state, tile), f=from_set, n=ordinal(position))
        tasks: list[dict] = []
        if spot is None:
            k = None
            title = Msg("Jindřich: {b} do krabice", "Jindřich: {b} to the box").format(b=building)
            around = Msg("tvé poslední budovy", "your last building") if state["last_building"] else \
                Msg("počáteční destičky", "the start tile")
            msg += Msg("Kolem {w} není volné místo: destička jde do krabice.",
                       "There is no free place around {w}: the tile goes back to the box.").format(w=around)
        else:
            k, letter = spot
            colour = catalog.fact(state, tile, "colour")
            board.place(state, k, tile, colour, True, NORTH)
            uid = jindrich.unit_for(state, colour)
            state["units"][uid]["at"] = k
            what = Msg("od tvé poslední budovy", "of your last building") if state["last_building"] else \
                Msg("od počáteční destičky", "of the start tile")
            title = Msg("Jindřich: {b} na {a}", "Jindřich: {b} at {a}").format(b=building, a=at(k))
            msg += Msg("Polož destičku nohama vzhůru na {a}, {w} {t} (pravidlo {l}), a postav na ni jeho jednotku se {x} křížkem.",
                       "Put it upside down at {a}, {w} {t} (rule {l}), and his unit with the {c} cross onto it.").format(
                a=at(k), w=Msg(*jindrich.direction_words(anchor, k)), t=what, l=letter, x=CROSS_COLOURS[colour],
                c=catalog.colour_name(colour))
            if state["treasures"]["stack"] > 0:
                state["treasures"]["stack"] -= 1
                msg += Msg(" Navrch polož poklad z hromádky.", " Put a treasure from the stack on top.")
                tasks.append({"t": "treasure", "at": k})
            self._check_treasures(state)
        tasks.insert(0, {"t": "jindrich_done", "msg": msg.to_json(), "title": title.to_json(), "at": k, "anchor": anchor})
        if refill is not None:
            tasks.insert(1, {"t": "reveal", "slot": refill, "expect": top})
        state["queue"][0:0] = tasks
        say(state, msg)
        self._end_turn(state)

    def _do_jindrich_done(self, state: dict, value) -> None:
        state["queue"].pop(0)

    # -- views and scores ----------------------------------------------------------------------
    def view(self, state: dict, seat: int | None = None) -> dict:
        cells = []
        for k, c in sorted(state["board"].items()):
            x, y = xy(k)
            entry = {"x": x, "y": y, "colour": c["colour"], "up": c["up"], "owner": c["owner"],
                     "label": self.label(state, k), "treasure": c["treasure"]}
            if c["tile"]:
                entry["tile"] = c["tile"]
                entry["text"] = catalog.describe(state, c["tile"]).to_json()
            cells.append(entry)
        offer = [{"slot": i, "tile": t, "text": catalog.describe(state, t).to_json() if t else None}
                 for i, t in enumerate(state["offer"]["slots"])]
        out = {
            "board": cells, "offer": offer, "shield": state["offer"]["shield"], "crown": state["offer"]["crown"],
            "supply": state["supply"], "units": state["units"], "active": state["active"],
            "hand_sizes": [len(h) for h in state["hands"]], "last_building": state["last_building"],
            "treasures": {"stack": state["treasures"]["stack"], "cleared": state["treasures"]["cleared"]},
            "reach": [board.reach(state, s) for s in (SOUTH, NORTH)],
        }
        if seat is not None and seat < 2:
            out["hand"] = [{"tile": t, "text": catalog.describe(state, t).to_json()} for t in state["hands"][seat]]
        return out

    def learned_box(self, state: dict) -> dict:
        """Box overrides (the setup option's plus what was learned), ready to save per box."""
        out = copy.deepcopy(state["box"])
        for group in ("tiles", "treasures"):
            target = out.setdefault(group, {})
            for ident, facts in state["learned"][group].items():
                target.setdefault(ident, {}).update(copy.deepcopy(facts))
        return out

    def _side_scores(self, state: dict) -> list[dict]:
        out = []
        for side in (SOUTH, NORTH):
            s = scoring.side_score(state, side, jindrich=state["solo"] and side == NORTH)
            if not state["roads"]:
                s["total"] -= s["roads"]
                s["roads"] = 0
            out.append(s)
        return out

    def score(self, state: dict) -> Scores:
        parts = self._side_scores(state)
        totals = {s: parts[s]["total"] for s in (SOUTH, NORTH)}
        breakdown = {s: {k: v for k, v in parts[s].items() if k != "total"} for s in (SOUTH, NORTH)}
        ranking: tuple[int, ...] = ()
        if state["over"]:
            if state["solo"]:  # the player wins only with strictly more points
                ranking = (SOUTH, NORTH) if totals[SOUTH] > totals[NORTH] else (NORTH, SOUTH)
            else:
                a = (totals[SOUTH], board.in_offer(state, SOUTH))
                b = (totals[NORTH], board.in_offer(state, NORTH))
                ranking = (SOUTH, NORTH) if a > b else (NORTH, SOUTH) if b > a else ()
        return Scores(totals, breakdown, ranking, final=state["over"])

    def status(self, state: dict) -> Status:
        p = self.prompt(state)
        head = state["queue"][0] if state["queue"] else {}
        if p is None:
            phase = Msg("Konec hry", "Game over")
        elif p.step.startswith("jindrich"):
            phase = Msg("Jindřichův tah", "Jindřich's turn")
        elif p.step.startswith(("fix", "correct")) or head.get("fix") or head.get("relearn"):
            phase = Msg("Oprava obrazu stolu", "Correcting the picture")
        elif p.step.startswith(("reveal", "learn", "treasure", "start")):
            phase = Msg("Otázka pro stůl", "Question for the table")
        else:
            phase = Msg("Tah", "Turn")
        if state["final_left"] is not None or state["final_trigger"]:
            phase = phase + Msg(" (závěrečné kolo)", " (final round)")
        jindrich_acts = state["solo"] and (state["active"] == NORTH or (p is not None and p.step.startswith("jindrich")))
        turn = None if jindrich_acts else state["active"]
        return Status(state["round"], None, phase, turn, tuple(Msg.from_json(m) for m in state["recent"]))
