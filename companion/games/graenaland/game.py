"""The Graenaland game object: its settings, its steps, setup, what is awaited, views and scores.

The rules live next door: ``rounds``, ``announcing`` and ``victory`` (the phase order, announcing
victory and the game's end), ``board`` (moves), ``votes``, ``production``, ``building``,
``payment``, ``goals``; the steps in ``steps/``; box data in ``box`` and ``data/box.toml``.
Resource and supply cards stay physical: the companion tracks only how many cards lie at each
territory, and who owns what on the board.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from ...engine import At, Game, Msg, Prompt, Scores, Setting, Status, Steps, recent, rng
from . import box, boxcheck, draft, goals, screens, texts, victory, views
from .steps import (
    Announce,
    BoxCheck,
    Build,
    BuildWhere,
    Claim,
    ClaimPoints,
    CoopResult,
    DraftAnchor,
    DraftCards,
    DraftPlace,
    FixCards,
    FixCount,
    Improvement,
    KeepVpCard,
    Move,
    Production,
    Propose,
    Shown,
    Split,
    Vote,
    VoteOpen,
    VpThreshold,
)
from .steps.common import TableStep

OFF_ON = ((False, texts.NO), (True, texts.YES))
# How the box check asks (option ``asking``, set by the game itself, never in the menu): 1 as
# sessions recorded before it (the answers numbered as they are listed now); 2 (issue 35) every
# answer keeps its code for the whole walk (a terrain its place among the box's terrains, a count
# itself), those a fact cannot take unoffered. Only the walk keeps it (``state["boxcheck"]``).
# 3 (issue 35) as 2, and the start spots read one row a player (``screens.start_spots``); the
# state keeps it (``state["asking"]``, absent before), so older sessions keep their screens.
ASKING_RECORDED, ASKING_STABLE, ASKING_NOW = 1, 2, 3


@lru_cache(maxsize=1)
def _file_data() -> dict:
    return box.load()


def box_data(options: dict) -> dict:
    """The shipped box data with the session's corrections (setup option ``box``)."""
    return box.merge(_file_data(), options.get("box") or {})


def _read_box_data(options: dict) -> dict:
    """``box_data`` for reading only (checked, turned into records): the shipped data itself
    when the session corrects nothing, not a copy of it made for every session an import
    replays. Whatever keeps the data in a state copies it (``boxcheck.begin``)."""
    return box_data(options) if options.get("box") else _file_data()


class Graenaland(Game):
    name = "graenaland"
    title = Msg("Graenaland", "Graenaland")
    bgg_id = 24843  # its BoardGameGeek page, boardgamegeek.com/boardgame/24843/graenaland
    # the winner is the player who announced victory, whatever the points (he may have fewer);
    # each exported play says who won and each rank
    highest_wins = False
    min_seats, max_seats = 3, 5
    players = Msg("Graenaland hrají 3 až 5 hráči.", "Graenaland is for 3 to 5 players.")
    recent_kept = texts.EVENTS_KEPT
    extra_options = ("asking",)
    settings = (
        Setting(
            "three_player_variant", Msg("Úpravy pro tři", "3-player changes"), OFF_ON[::-1], seats=(3,), otherwise=False
        ),
        Setting("open_votes", Msg("Veřejné hlasování", "Open votes"), OFF_ON),
        Setting("vp_cards", Msg("Karty vít. bodů", "VP cards"), OFF_ON),
        Setting("draft_starts", Msg("Výběr pozic", "Drafted starts"), OFF_ON),
        Setting("five_player_grant", Msg("Nabídka stavby", "Offer a build"), OFF_ON, seats=(5,), otherwise=False),
        Setting("check_box", Msg("Ověřit data dílů", "Check box data"), OFF_ON),
        Setting(
            "mode",
            Msg("Režim", "Mode"),
            (("play", Msg("hra", "play")), ("teach", Msg("naučit krabici", "teach the box"))),
        ),
    )
    steps: Steps[TableStep] = Steps(
        BoxCheck(),
        DraftCards(),
        DraftPlace(),
        DraftAnchor(),
        KeepVpCard(),
        *(Shown(name) for name in screens.SHOWN),
        Production(),
        Improvement(),
        Move(),
        Propose(),
        FixCards(),
        FixCount(),
        Split(),
        Vote(),
        VoteOpen(),
        Claim(),
        ClaimPoints(),
        Build(),
        BuildWhere(),
        CoopResult(),
        Announce(),
        VpThreshold(),
    )

    # -- setup -----------------------------------------------------------------------------------
    def is_teaching(self, options: Any) -> bool:
        return isinstance(options, dict) and options.get("mode") == "teach"

    def memory_problem(self, memory: Any) -> str | None:
        return box.memory_problem(memory)

    def new_options(self, options: dict[str, Any]) -> dict[str, Any]:
        """A new session records how it asks (a recorded one without the option asks as 1)."""
        return {"asking": ASKING_NOW, **options}

    def check_options(self, options: dict[str, Any]) -> dict[str, Any]:
        """The box data with its corrections must be usable."""
        if options.get("asking", ASKING_RECORDED) not in (ASKING_RECORDED, ASKING_STABLE, ASKING_NOW):
            raise texts.refuse("bad_option", "Volba asking je 1 až 3.", "Option asking is 1 to 3.")
        box.check(_read_box_data(options))
        return options

    def setup(self, options: dict[str, Any], seed: int) -> dict:
        data = _read_box_data(options)
        records = box.check(data)
        state = _new_state(options, seed, box.board_for(records, options["seats"]))
        if options.get("asking", ASKING_RECORDED) >= ASKING_NOW:
            state["asking"] = options["asking"]
        if options["vp_cards"]:
            victory.deal_vp_cards(state, records)
        if options.get("draft_starts"):
            draft.begin(state)
        else:
            draft.printed_starts(state)
        stable = options.get("asking", ASKING_RECORDED) >= ASKING_STABLE
        if options.get("mode") == "teach":  # every piece of every layout, then no game
            boxcheck.begin(state, data, every=True, stable=stable)
        elif options.get("check_box"):
            boxcheck.begin(state, data, stable=stable)  # before round 1 and any other setup step
        return state

    # -- what is awaited -------------------------------------------------------------------------
    def where(self, state: dict) -> At | None:
        """The rules keep the awaited step's name in ``state["step"]`` (a result screen's task,
        the lines it shows and the step it resumes, in ``state["shown"]``); the task is what that
        step reads from the state (``TableStep.task_of``)."""
        step = state["step"]
        if step == "over":
            return None
        return At(step, self.steps[step].task_of(state))

    # -- what players see --------------------------------------------------------------------------
    def seat_lines(self, state: dict, seat: int) -> tuple[Msg, ...]:
        return views.seat_lines(state, seat)

    def view(self, state: dict, seat: int | None = None) -> dict:
        return views.view(state, self._awaiting_view(state), seat)

    def _awaiting_view(self, state: dict) -> dict:
        prompt = self.prompt(state)
        if prompt is None:
            return {"step": None, "seats": []}
        return {"step": prompt.step, "seats": list(prompt.seats), "title": prompt.title.to_json()}

    def learned_box(self, state: dict) -> dict:
        return box.merge(state.get("box") or {}, state.get("learned") or {})

    def score(self, state: dict) -> Scores:
        """Totals are what ranks the players: goals met (base game) or victory points (VP
        cards); the breakdown gives them per goal. A hidden VP card counts nothing until it is
        revealed, so no score tells what a player keeps. Ranking: the announcer first, the
        others by total, equal totals sharing a place (listed clockwise from the announcer); an
        announcer who missed his claim comes last (see goals.ranking and goals.places)."""
        breakdown = {s: goals.breakdown(state, s, have) for s, have in enumerate(goals.every_stats(state))}
        totals = {s: sum(parts.values()) for s, parts in breakdown.items()}
        over = state["step"] == "over"
        if over and state["options"].get("mode") == "teach":  # nobody played: the seats in order
            return Scores(totals, breakdown, tuple(range(state["seats"])), True)
        if not over:
            return Scores(totals, breakdown)
        ranking = goals.ranking(state, totals)
        return Scores(totals, breakdown, ranking, True, goals.places(state, totals, ranking))

    def score_events(self, before: dict, after: dict) -> tuple[Msg, ...]:
        """A build or a revealed VP card changes goals or VP as a side effect: every seat whose
        total changed is told, with the goals that changed ('Hráč 2: +1 (Sídla)')."""
        old, new = self.score(before), self.score(after)
        events = []
        for seat, total in new.totals.items():
            change = total - old.totals.get(seat, 0)
            if change:
                parts = old.breakdown.get(seat, {}), new.breakdown.get(seat, {})
                why = [texts.GOAL_SHORT[g] for g in goals.COLUMNS if parts[0].get(g, 0) != parts[1].get(g, 0)]
                events.append(texts.score_change(seat, change, why))
        return tuple(events)

    def status(self, state: dict) -> Status:
        return self.status_at(state, self.prompt(state))

    def status_at(self, state: dict, prompt: Prompt | None) -> Status:
        """The header reads 'Kolo 3 · Pohyb ⚓2': the phase and the seat holding the ship
        marker (the main player), short enough for the 128 px header; the question itself is
        the body's first line."""
        phase = texts.PHASE[state["phase"]]
        if prompt is None:  # the final screen: its header stays short enough to read
            return Status(state["round"], None, phase, None, recent(state, 5))
        answers_alone = not prompt.kind.hidden and len(prompt.seats) == 1
        turn = prompt.seats[0] if answers_alone and self.steps[prompt.step].shows_turn else None
        ship = Msg(f" ⚓{state['main'] + 1}", f" ⚓{state['main'] + 1}")
        return Status(state["round"], None, phase + ship, turn, recent(state, 5))

    def seat_label(self, state: dict, seat: int) -> Msg:
        """On the final screen the announcer is marked, since he ranks first (or, having
        missed his claim, last) whatever his total: ★ won, ✗ missed the claim."""
        if state["step"] == "over" and seat == state["announcer"]:
            return texts.seat(seat) + Msg(" " + goals.announcer_mark(state), " " + goals.announcer_mark(state))
        return texts.seat(seat)


def _new_state(options: dict, seed: int, board: dict) -> dict:
    seats, order = options["seats"], board["order"]
    return {
        # ("mode" only when teaching: states of games stay as they were before it existed)
        "seats": seats,
        "options": {
            k: v for k, v in options.items() if k not in ("box", "asking") and not (k == "mode" and v == "play")
        },
        "rng": rng.new(seed),
        "board": board,
        "settlements": {t: {} for t in order},
        "buildings": {t: {} for t in order},
        "public": {t: [] for t in order},
        "cards": dict.fromkeys(order, 0),
        "heroes": [],
        "pending": [{} for _ in range(seats)],
        "army": [board["rules"]["army_start"]] * seats,
        "round": 1,
        "main": 0,
        "phase": "setup",
        "step": "setup",
        "checks": [],
        "movers": [],
        "proposal": None,
        "last_vote": None,
        "last_moves": {},
        "supply": {
            "deck": board["supply"]["cards"] - board["supply"]["display"],
            "display": board["supply"]["display"],
            "taken": False,
            "turned": False,
        },
        "round_flags": {"coop": False, "grant": False},
        "coop": None,
        "builder": None,
        "mode": None,
        "final": [],
        "announcer": None,
        "claims": {},
        "vp": None,
        "recent": [],
        "shown": None,
        "fixing": None,
        # box data: the session's corrections given as the option, and what was learned
        # or corrected on the device during play (both in box.toml's shape)
        "box": options.get("box") or {},
        "learned": {},
    }
