"""Corrections: when the table and the companion disagree, the table wins.

Menu key 9 leads here. Every correction is an action in the log. It applies no game rule; it
only refuses what the physical box cannot hold: a tile in two places, more tiles or treasure
tokens than there are, two units on one tile, the elite off the board.

Tiles a correction takes out of the picture count as not turned up yet (the companion cannot
know where they went); tiles it puts in come from those not in the picture.
"""

from __future__ import annotations

import copy

from ...engine import Msg, Prompt, PromptKind
from . import board, catalog
from .board import NORTH, SOUTH
from .common import TILES_IN_GAME, at, choices, counts, refuse, say

HAND_AT_REST = 3  # a player who is not on turn holds at most this many tiles


class Corrections:
    """Mixed into the game class (flow.DvaBratri), whose map and unit helpers it uses."""

    # -- prompts -------------------------------------------------------------------------------
    def _correction_items(self, state: dict) -> list[tuple[str, Msg]]:
        items = [("unit", Msg("Jednotka stojí jinde", "A unit stands elsewhere")),
                 ("unit_offer", Msg("Jednotka mimo plochu", "A unit off the board")),
                 ("remove", Msg("Odebrat destičku", "Remove a tile")),
                 ("flip", Msg("Otočit destičku", "Flip a tile")),
                 ("offer", Msg("Královská nabídka", "The royal offer")),
                 ("hand", Msg("Destičky v ruce", "Tiles in hand")),
                 ("supply", Msg("Počet v zásobě", "Tiles in the supply")),
                 ("facts", Msg("Údaje na destičce", "A tile's printed facts"))]
        if state["solo"]:
            items.append(("treasure", Msg("Poklady", "Treasures")))
        return items

    def _correction_prompt(self, state: dict, p: dict) -> Prompt:
        kind, seats = p["kind"], self._seat(state)

        def choice(title: Msg, pairs, detail: Msg | None = None) -> Prompt:
            return Prompt(PromptKind.CHOICE, kind, seats, title, {-1: choices(pairs, back=True)}, detail=detail)

        tiles = sorted(state["board"])
        tokens = sorted(k for k, c in state["board"].items() if c["treasure"])
        if kind == "correct":
            return choice(Msg("Co na stole vypadá jinak?", "What differs on the table?"), self._correction_items(state))
        if kind == "fix_unit":
            return choice(Msg("Která jednotka?", "Which unit?"),
                          [(u, self._unit_label(state, u)) for u in state["units"]])
        if kind == "fix_unit_offer":
            return choice(Msg("Která jednotka je mimo plochu?", "Which unit is off the board?"),
                          [(u, self._unit_label(state, u)) for u, v in state["units"].items() if v["at"] in state["board"]])
        if kind == "fix_unit_to":
            where = state["units"][p["unit"]]["at"]
            return self._cell_prompt(state, kind, Msg("Na které destičce stojí?", "Which tile does it stand on?"), tiles,
                                     cursor=where if where in state["board"] else None)
        if kind == "fix_remove":
            return self._cell_prompt(state, kind, Msg("Která destička na stole není?", "Which tile is not on the table?"), tiles)
        if kind == "fix_flip":
            return self._cell_prompt(state, kind, Msg("Která destička leží obráceně?", "Which tile lies the other side up?"), tiles)
        if kind == "fix_offer":
            pairs = []
            for n in range(1, 7):
                slot = (state["offer"]["shield"] + n) % 7
                tile = state["offer"]["slots"][slot]
                what = catalog.describe(state, tile) if tile else Msg("prázdno", "empty")
                pairs.append((slot, Msg("{n}. {w}", "{n}. {w}").format(n=n, w=what)))
            return choice(Msg("Která pozice nabídky nesedí? (od štítu)", "Which offer place is wrong? (from the shield)"), pairs)
        if kind == "fix_hand_side":
            return choice(Msg("Čí ruka?", "Whose hand?"), [(s, self.seat_label(state, s)) for s in (SOUTH, NORTH)])
        if kind == "fix_hand":
            pairs = [(t, Msg("Není v ruce: {d}", "Not held: {d}").format(d=catalog.describe(state, t))) for t in state["hands"][p["side"]]]
            pairs.append(("add", Msg("Má navíc destičku", "Holds another tile")))
            return choice(Msg("{w}: co v ruce nesedí?", "{w}: what is wrong in the hand?").format(
                w=self.seat_label(state, p["side"])), pairs)
        if kind in ("fix_supply", "fix_stack"):
            now = state["supply"] if kind == "fix_supply" else state["treasures"]["stack"]
            highest = TILES_IN_GAME - 7 if kind == "fix_supply" else len(catalog.treasure_entries())
            title = Msg("Kolik destiček je v zásobě?", "How many tiles are in the supply?") if kind == "fix_supply" \
                else Msg("Kolik pokladů je na hromádce?", "How many treasures are in the stack?")
            return Prompt(PromptKind.CHOICE, kind, seats, title, {-1: counts(highest)},
                          detail=Msg("Teď {n}. Napiš číslo a #, * = zpět.", "Now {n}. Type the number and #, * = back.").format(n=now))
        if kind == "fix_facts_set":
            return choice(Msg("Ze které sady je destička?", "Which set is the tile from?"),
                          [(s, catalog.set_name(s)) for s in state["sets"]])
        if kind == "fix_facts_tile":
            pairs = [(t, Msg("{d} {w}", "{d} {w}").format(d=catalog.describe(state, t), w=self._tile_where(state, t)))
                     for t in self._told_tiles(state, p["set"])]
            return choice(Msg("Která destička má špatné údaje?", "Which tile's facts are wrong?"), pairs,
                          detail=Msg("Pak zadáš všechny její údaje znovu.", "Then you enter all its facts again."))
        if kind == "fix_treasures":
            return choice(Msg("Co s poklady nesedí?", "What is wrong with the treasures?"),
                          [("remove", Msg("Poklad na stole není", "A treasure is not there")),
                           ("move", Msg("Poklad leží jinde", "A treasure lies elsewhere")),
                           ("stack", Msg("Počet na hromádce", "The stack's count")),
                           ("facts", Msg("Podmínka pokladu", "A treasure's condition"))])
        if kind == "fix_treasure":
            return self._cell_prompt(state, kind, Msg("Který poklad na stole není?", "Which treasure is not there?"), tokens,
                                     cursor=tokens[0] if tokens else None)
        if kind == "fix_token_from":
            return self._cell_prompt(state, kind, Msg("Který poklad leží jinde?", "Which treasure lies elsewhere?"), tokens,
                                     cursor=tokens[0] if tokens else None)
        if kind == "fix_token_to":
            return self._cell_prompt(state, kind, Msg("Na které destičce leží?", "Which tile does it lie on?"), tiles,
                                     cursor=p["from"])
        if kind == "fix_token_facts":
            return self._cell_prompt(state, kind, Msg("Který poklad má jinou podmínku?", "Which treasure shows another condition?"),
                                     tokens, cursor=tokens[0] if tokens else None)
        raise KeyError(kind)

    def _told_tiles(self, state: dict, set_key: str) -> list[str]:
        """Tiles of a set the companion knows something printed about."""
        return [t for t in catalog.set_tiles(set_key)
                if catalog.known(state, t, "building") or catalog.known(state, t, "colour")]

    def _tile_where(self, state: dict, tile: str) -> Msg:
        found = board.tile_place(state, tile)
        if found is None:
            return Msg("(mimo hru)", "(out of play)") if tile in state["seen"] else Msg("(zatím neodkrytá)", "(not turned up yet)")
        where, spot = found
        if where == "offer":
            return Msg("(nabídka {n})", "(offer {n})").format(n=board.offer_position(state, spot))
        if where == "hand":
            return Msg("(v ruce)", "(in hand)")
        return Msg("(" + at(spot) + ")", "(" + at(spot) + ")")

    # -- the correction menu -------------------------------------------------------------------
    def _do_correct(self, state: dict, value) -> None:
        if self._back(state, value):
            return
        if value in ("remove", "flip") and len(state["board"]) == 1:
            raise refuse("only_start_tile", "Na ploše leží jen počáteční destička.", "Only the start tile is on the board.")
        if value == "supply" and state["final_left"] is not None:
            raise refuse("supply_final", "V závěrečném kole je zásoba prázdná a nabídka se už nedoplňuje.",
                         "In the final round the supply is empty and the offer is not refilled any more.")
        if value == "hand":
            state["pending"] = {"kind": "fix_hand", "side": SOUTH} if state["solo"] else {"kind": "fix_hand_side"}
            return
        names = {"unit": "fix_unit", "unit_offer": "fix_unit_offer", "remove": "fix_remove", "flip": "fix_flip",
                 "offer": "fix_offer", "supply": "fix_supply", "facts": "fix_facts_set", "treasure": "fix_treasures"}
        state["pending"] = {"kind": names[value]}

    def _corrected(self, state: dict, what: Msg) -> None:
        state["pending"] = None
        say(state, Msg("Oprava: ", "Correction: ") + what)
        self._check_treasures(state)

    def _unsee(self, state: dict, tile: str) -> None:
        """A tile taken out of the picture may still lie in the supply."""
        if tile in state["seen"]:
            state["seen"].remove(tile)

    def _supply_max(self, state: dict) -> int:
        """Tiles that have not turned up, less the face-down start tile."""
        return TILES_IN_GAME - 1 - len(state["seen"])

    def _check_tile_count(self, state: dict, tile: str, freed: int = 0) -> None:
        """A tile that never turned up can join the picture only if the supply leaves room."""
        if tile in state["seen"] or state["supply"] <= self._supply_max(state) + freed - 1:
            return
        raise refuse("tile_count",
                     "Ve hře je jen {n} destiček a {s} z nich má být v zásobě: nejdřív oprav počet v zásobě.",
                     "There are only {n} tiles in the game and {s} of them should be in the supply: "
                     "correct the supply count first.", n=TILES_IN_GAME, s=state["supply"])

    # units
    def _do_fix_unit(self, state: dict, value) -> None:
        if self._back(state, value):
            return
        state["pending"] = {"kind": "fix_unit_to", "unit": value}

    def _do_fix_unit_to(self, state: dict, value) -> None:
        if self._back(state, value):
            return
        k, uid = self._from_grid(state, value), state["pending"]["unit"]
        other = board.unit_at(state, k)
        if other not in (None, uid):
            raise refuse("one_unit_per_tile", "Na této destičce už stojí jiná jednotka: nejdřív přesuň ji.",
                         "Another unit stands on this tile: move that one first.")
        state["units"][uid]["at"] = k
        self._corrected(state, Msg("jednotka na " + at(k), "unit to " + at(k)))

    def _do_fix_unit_offer(self, state: dict, value) -> None:
        if self._back(state, value):
            return
        unit = state["units"][value]
        if unit["elite"]:
            raise refuse("elite_stays", "Elitní jednotka nikdy neopouští herní plochu: přesuň ji na jinou destičku.",
                         "The elite unit never leaves the board: move it to another tile instead.")
        if state["solo"] and unit["side"] == NORTH:  # Jindřich's units are never in the offer
            unit["at"] = "out"
            self._corrected(state, Msg("Jindřichova jednotka mimo plochu", "Jindřich's unit off the board"))
        else:
            unit["at"] = "offer"
            self._corrected(state, Msg("jednotka do nabídky", "unit to the offer"))

    # tiles on the board
    def _do_fix_remove(self, state: dict, value) -> None:
        if self._back(state, value):
            return
        k = self._from_grid(state, value)
        cell = state["board"][k]
        if k == "0,0":
            raise refuse("start_tile_stays", "Počáteční destička zůstává.", "The start tile stays.")
        if cell["treasure"]:
            raise refuse("treasure_on_tile", "Na destičce leží poklad: nejdřív ho odeber nebo přesuň (oprava pokladů).",
                         "A treasure lies on this tile: remove or move it first (treasure corrections).")
        uid = board.unit_at(state, k)
        if uid is not None and state["units"][uid]["elite"]:
            raise refuse("elite_stays", "Na destičce stojí elitní jednotka: nejdřív ji přesuň.",
                         "The elite unit stands on this tile: move it first.")
        if uid is not None:
            unit = state["units"][uid]
            unit["at"] = "out" if state["solo"] and unit["side"] == NORTH else "offer"
        del state["board"][k]
        self._unsee(state, cell["tile"])
        if state["last_building"] == k:
            state["last_building"] = None
        self._corrected(state, Msg("destička z " + at(k) + " odebrána", "tile at " + at(k) + " removed"))

    def _do_fix_flip(self, state: dict, value) -> None:
        if self._back(state, value):
            return
        k = self._from_grid(state, value)
        c = state["board"][k]
        if c["tile"] is None:
            raise refuse("start_tile_stays", "Počáteční destička zůstává lícem dolů.", "The start tile stays face down.")
        if c["up"]:
            c["up"], c["owner"] = False, None
        else:
            catalog.need(state, c["tile"], catalog.placement_fields(state, c["tile"]))
            c["up"], c["owner"] = True, state["active"]
        self._corrected(state, Msg("destička na " + at(k) + " otočena", "tile at " + at(k) + " flipped"))

    # the offer, the hands, the supply
    def _do_fix_offer(self, state: dict, value) -> None:
        if self._back(state, value):
            return
        state["pending"] = None
        state["queue"].insert(0, {"t": "reveal", "slot": value, "fix": True})

    def _offer_slot_empty(self, state: dict, slot: int) -> None:
        old = state["offer"]["slots"][slot]
        state["offer"]["slots"][slot] = None
        self._unsee(state, old)
        say(state, Msg("Oprava: pozice {n} nabídky je prázdná", "Correction: offer place {n} is empty").format(
            n=board.offer_position(state, slot)))

    def _do_fix_hand_side(self, state: dict, value) -> None:
        if self._back(state, value):
            return
        state["pending"] = {"kind": "fix_hand", "side": value}

    def _do_fix_hand(self, state: dict, value) -> None:
        if self._back(state, value):
            return
        side = state["pending"]["side"]
        if value == "add":
            if side != state["active"] and len(state["hands"][side]) >= HAND_AT_REST:
                raise refuse("hand_at_rest", "Mimo svůj tah drží hráč nanejvýš 3 destičky.",
                             "Outside their turn a player holds at most 3 tiles.")
            state["pending"] = None
            state["queue"].insert(0, {"t": "reveal", "hand": side, "fix": True})
            return
        state["hands"][side].remove(value)
        self._unsee(state, value)
        self._corrected(state, Msg("v ruce není ", "not in the hand: ") + catalog.describe(state, value))

    def _do_fix_supply(self, state: dict, value) -> None:
        if self._back(state, value):
            return
        if state["final_left"] is not None:
            raise refuse("supply_final", "V závěrečném kole je zásoba prázdná a nabídka se už nedoplňuje.",
                         "In the final round the supply is empty and the offer is not refilled any more.")
        if value > self._supply_max(state):
            raise refuse("supply_count",
                         "Destiček v zásobě může být nanejvýš {m}: ostatní už se ve hře ukázaly.",
                         "The supply can hold at most {m} tiles: the others have already turned up.",
                         m=self._supply_max(state))
        state["supply"] = value
        state["final_trigger"] = value == 0  # an empty supply ends the game after this turn
        self._corrected(state, Msg("destiček v zásobě: {n}", "tiles in the supply: {n}").format(n=value))

    # printed facts of a tile
    def _do_fix_facts_set(self, state: dict, value) -> None:
        if self._back(state, value):
            return
        if not self._told_tiles(state, value):
            raise refuse("nothing_told", "O žádné destičce z této sady zatím nic nevím.",
                         "I know nothing about any tile of this set yet.")
        state["pending"] = {"kind": "fix_facts_tile", "set": value}

    def _do_fix_facts_tile(self, state: dict, value) -> None:
        """Ask all facts the tile had (and what its place on the board needs) again."""
        if self._back(state, value):
            return
        found = board.tile_place(state, value)
        face_up = found is not None and found[0] == "board" and state["board"][found[1]]["up"]
        fields = ["building", "colour"] + [f for f in ("cost", "roads", "params")
                                           if catalog.known(state, value, f) or (face_up and f != "cost")]
        before = {"facts": copy.deepcopy(state["learned"]["tiles"].get(value)),
                  "colours": {k: c["colour"] for k, c in state["board"].items() if c["tile"] == value}}
        state["pending"] = None
        state["queue"].insert(0, {"t": "learn", "tile": value, "fields": fields, "partial": {},
                                  "resume": None, "relearn": True, "before": before})

    def _restore_facts(self, state: dict, task: dict) -> None:
        """Re-entering dropped half-way: what was known before it holds again."""
        group = "tiles" if task["t"] == "learn" else "treasures"
        ident = task["tile"] if task["t"] == "learn" else task["token"]
        if task["before"]["facts"] is None:
            state["learned"][group].pop(ident, None)
        else:
            state["learned"][group][ident] = task["before"]["facts"]
        for k, colour in task["before"].get("colours", {}).items():
            state["board"][k]["colour"] = colour

    def _relearned(self, state: dict, task: dict) -> None:
        say(state, Msg("Oprava údajů: {d} {w}", "Corrected facts: {d} {w}").format(
            d=catalog.describe(state, task["tile"]), w=self._tile_where(state, task["tile"])))
        self._check_treasures(state)

    # treasures (solo)
    def _do_fix_treasures(self, state: dict, value) -> None:
        if self._back(state, value):
            return
        if value == "stack":
            state["pending"] = {"kind": "fix_stack"}
            return
        if not any(c["treasure"] for c in state["board"].values()):
            raise refuse("no_treasure_on_board", "Na ploše neleží žádný poklad.", "No treasure lies on the board.")
        state["pending"] = {"kind": {"remove": "fix_treasure", "move": "fix_token_from", "facts": "fix_token_facts"}[value]}

    def _do_fix_treasure(self, state: dict, value) -> None:
        if self._back(state, value):
            return
        k = self._from_grid(state, value)
        state["board"][k]["treasure"] = None
        state["treasures"]["cleared"] += 1
        self._corrected(state, Msg("poklad z " + at(k) + " odebrán", "treasure at " + at(k) + " removed"))

    def _do_fix_token_from(self, state: dict, value) -> None:
        if self._back(state, value):
            return
        state["pending"] = {"kind": "fix_token_to", "from": self._from_grid(state, value)}

    def _do_fix_token_to(self, state: dict, value) -> None:
        if self._back(state, value):
            return
        k, source = self._from_grid(state, value), state["pending"]["from"]
        if k != source and state["board"][k]["treasure"]:
            raise refuse("one_treasure_per_tile", "Na této destičce už poklad leží.", "A treasure lies on this tile already.")
        token = state["board"][source]["treasure"]
        state["board"][source]["treasure"] = None
        state["board"][k]["treasure"] = token
        self._corrected(state, Msg("poklad na " + at(k), "treasure to " + at(k)))

    def _do_fix_token_facts(self, state: dict, value) -> None:
        if self._back(state, value):
            return
        k = self._from_grid(state, value)
        token = state["board"][k]["treasure"]
        state["pending"] = None
        state["queue"].insert(0, {"t": "treasure", "at": k, "token": token, "partial": {}, "relearn": True,
                                  "before": {"facts": copy.deepcopy(state["learned"]["treasures"].get(token))}})

    def _do_fix_stack(self, state: dict, value) -> None:
        if self._back(state, value):
            return
        highest = self._tokens_in_play(state) - len(state["treasures"]["seen"])
        if value > highest:
            raise refuse("stack_count",
                         "Pokladů na hromádce může být nanejvýš {m}: ostatní jsou odebrané podle obtížnosti nebo už vylosované.",
                         "The stack can hold at most {m} treasures: the others were removed for the level or drawn already.",
                         m=highest)
        state["treasures"]["stack"] = value
        self._corrected(state, Msg("pokladů na hromádce: {n}", "treasures in the stack: {n}").format(n=value))
