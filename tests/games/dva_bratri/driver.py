"""A made-up box (the true facts of every tile and token, for tests only) and a scripted table
that answers the companion's prompts: it shuffles a physical supply, reveals tiles, tells
unknown facts when asked and plays a simple strategy."""

from __future__ import annotations

import random

from companion.engine import PromptKind, RuleError, Session
from companion.games.dva_bratri import GAME, box, picture, reveal

ROAD_PATTERNS = [["N", "S"], ["E", "W"], [], ["N", "E"], ["N", "E", "S", "W"], ["S"], [], ["E", "S", "W"], ["W"]]
COSTS = [
    {"wood": 1, "stone": 0, "grain": 0},
    {"wood": 0, "stone": 1, "grain": 1},
    {"wood": 1, "stone": 1, "grain": 0},
    {"wood": 0, "stone": 2, "grain": 1},
    {"wood": 1, "stone": 0, "grain": 2},
    {"wood": 0, "stone": 0, "grain": 1},
]


def made_up_box() -> dict:
    """Facts for all 54 tiles and 10 tokens: consistent with the rules, not the real box."""
    tiles = {}
    for set_key, s in box.sets().items():
        for i, tid in enumerate(box.set_tiles(set_key)):
            building = s.buildings[i % len(s.buildings)]
            params = {}
            for p in box.buildings()[building].params:
                params[p] = {
                    "line": "row" if i % 2 else "column",
                    "pairs": [[[-1, 0], [1, 0]], [[0, 1], [0, -1]]],
                    "depicts": ("farm", "sawmill", "quarry")[i % 3],
                    "boosts": "all",
                }[p]
            tiles[tid] = {
                "building": building,
                "colour": box.COLOURS[i % 3],
                "cost": COSTS[i % len(COSTS)],
                "roads": ROAD_PATTERNS[i],
                "params": params,
            }
    kinds = ["vertical", "horizontal", "positional"]
    treasures = {}
    for i, tid in enumerate(box.treasure_entries()):
        kind = kinds[i % 3]
        if kind == "positional":
            need = [{"pos": [1, 0], "colour": "any"}, {"pos": [-1, 0], "colour": "any"}]
        else:
            need = [{"colour": box.COLOURS[i % 3]}, {"colour": "any"}]
        treasures[tid] = {"kind": kind, "need": need}
    return {"tiles": tiles, "treasures": treasures}


def condition_digits(truth: dict, places_alone: bool = False) -> int:
    """A token's condition as the one number learn_condition reads (112, 32184); with
    ``places_alone`` (``asking`` 6) marked places of any tiles without their colours (328)."""
    from companion.games.dva_bratri.steps.learning import COMPASS
    from companion.games.dva_bratri.steps.treasures import COLOUR_DIGITS, KIND_DIGITS

    kind = {v: k for k, v in KIND_DIGITS.items()}[truth["kind"]]
    colour = {v: k for k, v in COLOUR_DIGITS.items()}
    key = {tuple(v): k for k, v in COMPASS.items()}
    if places_alone and truth["kind"] == "positional" and all(i["colour"] == "any" for i in truth["need"]):
        return int(kind + "".join(key[tuple(i["pos"])] for i in truth["need"]))
    items = "".join((key[tuple(i["pos"])] if "pos" in i else "") + colour[i["colour"]] for i in truth["need"])
    return int(kind + items)


class Table:
    """The physical table: the shuffled supply and treasure stack, and a player's choices."""

    def __init__(self, options: dict, seed: int, truth: dict | None = None, entries=()):
        self.truth = truth or made_up_box()
        self.options = dict(options)
        self.session = Session(GAME, self.options, seed, list(entries))
        rnd = random.Random(seed)
        deck = [t for s in self.session.state["sets"] for t in box.set_tiles(s)]
        rnd.shuffle(deck)
        self.deck = deck  # physical supply, top first: 6 offer tiles, the start tile, then the rest
        tokens = list(box.treasure_entries())
        rnd.shuffle(tokens)
        self.tokens = tokens
        self.token_at: dict[str, str] = {}  # place -> the physical token lying there
        self.token: str | None = None  # the token turned up last
        self.rnd = rnd
        self.pending_tile = None
        self.revealing = None
        self.refusals = 0

    # -- physical facts -----------------------------------------------------------------------
    def fact(self, tile, field):
        return self.truth["tiles"][tile][field]

    def next_tile(self):
        return self.deck.pop(0)

    def answer(self, prompt):
        s = self.session.state
        step = prompt.step
        opts = [o.value for o in prompt.options_for(None)]
        if step == "reveal_set":
            if self.pending_tile is None:
                self.pending_tile = self.next_tile()
            set_key = box.fact(s, self.pending_tile, "set") if box.known(s, self.pending_tile, "set") else None
            if any(isinstance(v, str) and "/" in v for v in opts):  # asking 6: the set and the tile at once
                head = f"{set_key}/"
                task = {**s["queue"][0], "set": set_key}
                return head + self.pick_tile(s, task, [v[len(head) :] for v in opts if v.startswith(head)])
            return set_key
        if step == "reveal_tile" and s["queue"][0].get("teach"):  # the walk: the next tile in hand
            self.pending_tile = self.teach_hand(s["queue"][0]["set"]).pop(0)
        if step == "reveal_tile":
            return self.pick_tile(s, s["queue"][0], opts)
        if step == "identify_tile":  # one pick: the print the tile shows, or another
            return self.pick(s["queue"][0]["identify"], opts)
        if step == "start_player":
            return opts[0]
        if step == "rest_tile":  # the walk after a game names a tile: the owner picks it up
            return "back" if s["queue"][0]["tile"] in self.away else "hold"
        if s["queue"] and s["queue"][0].get("rest") and "back" in opts and self.held() in self.away:
            return "back"  # the walk after a game: a piece not at hand is skipped
        if s["queue"] and "identify" in s["queue"][0]:  # which of the look-alikes: from the tile itself
            return self.learn(prompt, s["queue"][0]["identify"], self.truth["tiles"][self.revealing])
        if step == "start_colour":
            self.start = self.next_tile()
            return self.fact(self.start, "colour")
        if step == "jindrich_top":
            if prompt.kind is PromptKind.CONFIRM:
                return None
            self.pending_tile = self.next_tile()
            return self.fact(self.pending_tile, "colour")
        if s.get("mode") != "teach":  # a token laid on his tile without a question (asking 6)
            for k, cell in s["board"].items():
                if cell.get("treasure") and k not in self.token_at:
                    self.token_at[k] = self.tokens.pop(0)
        if step == "learn_condition":  # the whole condition typed at once (asking 4)
            place = s["queue"][0].get("at")
            token = self.token_at.get(place, self.token)
            return condition_digits(self.truth["treasures"][token], box.folded(s))
        if step.startswith("learn_") and step not in ("learn_kind", "learn_pos", "learn_need"):
            return self.learn(prompt)
        if step == "treasure_id":
            token = self.tokens.pop(0) if s.get("mode") != "teach" else self.teach_token(s)
            self.token = token
            if s.get("mode") != "teach":
                self.token_at[s["queue"][0]["at"]] = token
            known = {k for k in opts if k != "new"}
            for v in known:  # the condition the companion remembers is the one on the token
                if {f: box.treasure_fact(s, v, f) for f in box.TREASURE_FIELDS} == self.truth["treasures"][token]:
                    return v
            return "new"
        if step in ("learn_kind", "learn_pos", "learn_need"):
            return self.learn_treasure(prompt)
        if step in ("jindrich_done",):
            return None
        if step == "discard":
            return opts[0]
        if step == "siege":
            return opts[0]
        return self.play(prompt, opts)

    def learn(self, prompt, task=None, truth=None):
        task = task or self.session.state["queue"][0]
        truth = truth or self.truth["tiles"][self.real(task["tile"])]
        field = task["fields"][0]
        if field in ("building", "colour"):
            return truth[field]
        if field == "cost" and prompt.step == "learn_cost_digits":
            cost = truth["cost"]
            return cost["wood"] * 100 + cost["stone"] * 10 + cost["grain"]
        if field == "cost":
            return truth["cost"][
                next(r for r in ("wood", "stone", "grain") if r not in task["partial"].get("cost", {}))
            ]
        if field == "roads" and prompt.step == "learn_road_set":
            return next(
                v
                for v in (o.value for o in prompt.options_for(None))
                if v != "back" and sorted(v) == sorted(truth["roads"])
            )
        if field == "roads":
            on = task["partial"].get("roads", [])
            for e in truth["roads"]:
                if e not in on:
                    return e
            return "done"
        params, part = truth["params"], task["partial"]
        got = part.get("params", {})
        for p in box.buildings()[truth["building"]].params:
            if p in got:
                continue
            if p != "pairs":
                return params[p]
            if "pairs_n" not in part:
                return len(params["pairs"])
            flat = [pos for pair in params["pairs"] for pos in pair]
            return flat[len(part["flat"])]
        raise AssertionError(prompt.step)

    def pick(self, ident, opts):
        """The look-alike whose remembered print is what the physical tile shows."""
        want = self.truth["tiles"][self.revealing]
        s = self.session.state
        for v in opts:
            if v in ("other", "back"):
                continue
            fields = reveal.telling_fields(ident["building"])
            if all(reveal.prints(s, v, f, want[f]) for f in fields if box.known(s, v, f)):
                return v
        return "other"

    def teach_hand(self, set_key):
        """The nine tiles of a set in the owner's hand, in the order they are turned up."""
        hands = self.__dict__.setdefault("hands", {})
        if set_key not in hands:
            hands[set_key] = list(box.set_tiles(set_key))
            self.rnd.shuffle(hands[set_key])
        return hands[set_key]

    def teach_token(self, state):
        """The walk turns the tokens up in the stack's order: the n-th asked is the n-th token."""
        return self.tokens[state["queue"][0]["n"] - 1]

    def pick_tile(self, s, task, opts):
        """The answer naming the tile in hand among a set's ``opts`` (one per building and
        colour; look-alikes are told apart after)."""
        tile, self.pending_tile = self.pending_tile, None
        want = self.truth["tiles"][tile]
        for v in opts:
            if v in ("new", "back"):
                continue
            if v.startswith(reveal.NEW_LOOK):  # a tile not known yet, named by how it looks
                if v == f"{reveal.NEW_LOOK}{want['building']}:{want['colour']}":
                    self.assigned[reveal.new_look_target(s, task, v)] = tile
                    return v
                continue
            if all(box.fact(s, v, f) == want[f] for f in ("building", "colour")):
                self.assigned[v] = self.revealing = tile
                return v
        new = reveal.new_tiles(s, task)[0]
        self.assigned[new] = tile
        return "new"

    def learn_treasure(self, prompt):
        task = self.session.state["queue"][0]
        if task.get("rest"):
            self.token = task["token"]
        if task.get("teach"):
            self.token = self.teach_token(self.session.state)
        truth = self.truth["treasures"][self.token]
        part = task["partial"]
        if prompt.step == "learn_kind":
            return truth["kind"]
        items = part.get("need", [])
        if prompt.step == "learn_pos":
            return truth["need"][len(items)]["pos"]
        n = len(items) if truth["kind"] != "positional" else len(items) - 1
        return truth["need"][n]["colour"]

    def note_reveal(self, seen_before):
        """The catalog id the companion settled on for the tile just revealed (look-alikes are
        told apart by their facts, so it may be another id than the option chosen)."""
        new = [t for t in self.session.state["seen"] if t not in seen_before]
        if self.session.state.get("mode") == "teach":  # the walk turns the hand's tiles up in order
            for tile in self.session.state["seen"]:  # (the first one turns up at setup)
                if tile not in self.assigned:
                    self.assigned[tile] = (
                        self.revealing
                        if self.revealing is not None
                        else self.teach_hand(box.fact(self.session.state, tile, "set")).pop(0)
                    )
                    self.revealing = None
            self.revealing = None
            return
        if new and self.revealing is not None:
            self.assigned[new[0]] = self.revealing
            self.revealing = None

    away: frozenset = frozenset()  # pieces the owner does not have at hand (the walk skips them)

    def held(self):
        """The piece the walk after a game names at the queue's head."""
        task = self.session.state["queue"][0]
        return task.get("tile") or task.get("token")

    def real(self, tile):
        """The catalog id the companion uses is the physical tile (ids are assigned on learning)."""
        return self.assigned.get(tile, tile)

    # -- a simple player --------------------------------------------------------------------------
    def play(self, prompt, opts):
        s = self.session.state
        side = s["active"]
        plan = self.plan
        if prompt.step == "turn":
            if not s["turn"]["taken"] and "take" not in plan["done"]:
                plan["done"].add("take")
                return "take"
            hand = s["hands"][side]
            from companion.games.dva_bratri import board

            room = any(board.touches_own_unit(s, side, k) for k in board.frontier(s))
            if not room:
                plan["done"] |= {"build", "terrain"}
            if hand and "build" not in plan["done"]:
                plan["done"].add("build")
                return "build"
            if len(hand) > 2 and "terrain" not in plan["done"]:
                plan["done"].add("terrain")
                return "terrain"
            return "end"
        if prompt.step == "take_tile":
            return opts[0]
        if prompt.step in ("build_tile", "terrain_tile"):
            return self.rnd.choice([o for o in opts if o != "back"])
        if prompt.kind is PromptKind.CELL:
            from companion.games.dva_bratri import board

            legal = [o for o in opts if o != "back" and board.touches_own_unit(s, side, picture.from_grid(s, o))]
            return self.rnd.choice(legal) if legal else "back"
        raise AssertionError(prompt.step)

    def step(self):
        prompt = self.session.prompt
        value = self.answer(prompt)
        action = {"step": prompt.step, "seat": None, "value": value}
        seen = list(self.session.state["seen"])
        try:
            self.session.submit(action)
            self.note_reveal(seen)
        except RuleError:
            self.refusals += 1
            if prompt.step in ("build_tile",):
                self.session.submit({"step": "build_tile", "seat": None, "value": "back"})
            else:
                raise
        self.last_step = prompt.step

    def play_game(self, limit=5000):
        self.assigned, self.plan, self.last_step = {}, {"done": set()}, None
        turn_owner = None
        for _ in range(limit):
            if self.session.over:
                return self.session
            s = self.session.state
            if (s["active"], s["round"]) != turn_owner:
                turn_owner = (s["active"], s["round"])
                self.plan = {"done": set()}
            self.step()
        raise AssertionError("game did not end")
