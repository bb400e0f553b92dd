"""The games' answers to the store's questions (``store.rules.GameRules``), from the registry.

The store imports no game; the table, the command line and the tests open it with ``KNOWN``, so
a new session is described by its game when it is created, and what an older record lacks is
asked of the game when it is read. ``replay_problem`` checks a finished session against a replay
of its log (``companion import`` and ``companion replay`` refuse what it refuses).
"""

from __future__ import annotations

import json
import logging
from collections.abc import Mapping, Sequence
from typing import Any

from .store.rules import GameFacts, GameRules

log = logging.getLogger("companion.store")


def _games():
    """The registry, imported when a question first needs a game: ``companion history`` over a
    sound index asks none, and its start-up does not pay for the engine."""
    from . import games

    return games


class KnownGames(GameRules):
    """Asks the game itself; a game this box does not know gets the base answers."""

    def describe(self, game: str, options: Mapping, seed: int, seats: Sequence[str]) -> dict[str, Any]:
        described = super().describe(game, options, seed, seats)
        try:
            rules = _games().load(game)
        except KeyError:
            return described
        described["title"] = {"cs": rules.title.cs, "en": rules.title.en}
        if rules.is_teaching(options):
            described["teaching"] = True
        try:
            state = rules.setup(rules.validate_options(dict(options)), int(seed))
            scored = rules.score(state).totals
            described["names"] = self._names(rules, state, described["names"], scored)
        except Exception as error:  # options the game refuses now: the labels still say who
            log.info("cannot name the seats of a new %s session: %s", game, error)
        return described

    def seat_names(self, game: str, options: Mapping, seed: int, seats: Sequence[str], scores: Mapping) -> list[str]:
        """As a game's end named them before names were stored: asked of the game, in the
        language the seats were labelled in; a seat it cannot name is "seat N"."""
        totals = scores.get("totals") if isinstance(scores, Mapping) else None
        ranked = {int(key): 0 for key in totals if str(key).isdigit()} if isinstance(totals, Mapping) else {}
        names = [str(label) for label in seats]
        if all(seat < len(names) for seat in ranked):
            return names
        try:
            rules = _games().load(game)
            state = rules.setup(rules.validate_options(dict(options)), int(seed))
            names = self._names(rules, state, names, ranked)
        except Exception as error:  # an unknown or changed game: the numbers still say who
            log.info("cannot name the seats of a %s result: %s", game, error)
        return super().seat_names(game, options, seed, names, scores)

    @staticmethod
    def _names(rules: Any, state: dict, labels: list[str], scored: Mapping[int, Any]) -> list[str]:
        """``labels``, then the game's name for every scored seat past them (a seat it cannot
        name is "seat N")."""
        names = list(labels)
        missing = sorted(seat for seat in scored if seat >= len(names))
        if not missing:
            return names
        language = "en" if names and rules.seat_label(state, 0).get("en") == names[0] else "cs"
        found = {seat: rules.seat_label(state, seat).get(language) for seat in missing}
        while len(names) <= missing[-1]:
            names.append(found.get(len(names)) or f"seat {len(names) + 1}")
        return names

    def is_teaching(self, game: Any, options: Any) -> bool:
        try:
            return _games().load(str(game)).is_teaching(options)
        except KeyError:
            return False

    def memory_problem(self, game: str, memory: Any) -> str | None:
        try:
            rules = _games().load(game)
        except KeyError:
            return None
        return rules.memory_problem(memory)

    def learned_box(self, game: str, options: Mapping, seed: int, entries: Sequence[Mapping]) -> dict:
        from .engine import Session

        rules = _games().load(game)
        return rules.learned_box(Session(rules, dict(options), seed, [dict(entry) for entry in entries]).state)

    def facts(self, game: str) -> GameFacts:
        try:
            rules = _games().load(game)
            return GameFacts(rules.title.en or game, rules.bgg_id, rules.highest_wins)
        except Exception:  # an unknown game in an imported history: its module name says enough
            return GameFacts(game)


KNOWN = KnownGames()


def replay_problem(document: Mapping) -> str | None:
    """Why a finished session cannot join the history, or None: its log must replay to the end
    of the game, and what its ``meta`` says (seats, winner, totals, times) must agree with that
    replay. ``companion replay`` refuses what this refuses.

    Verified first by ``verified_replay`` (every action checked against its prompt, carried out
    by its step, without the table's per-key work); only a session that does not pass it is
    replayed as the table replays (``engine.Session``), whose answer is the one given."""
    try:
        rules = _games().load(document["game"])
    except KeyError:
        return f"unknown game {document['game']!r}; known: {', '.join(_games().available())}"
    try:
        if verified_replay(rules, document) is None:
            return None
    except Exception as error:  # whatever the quick path met, the table's replay decides
        log.debug("the quick replay of a %s session stopped: %r", document["game"], error)
    return _table_replay_problem(rules, document)


class _Replayed:
    """What ``_meta_problem`` reads of a replayed session."""

    def __init__(self, rules: Any, state: dict):
        self.game, self.state = rules, state

    def score(self) -> Any:
        return self.game.score(self.state)


def verified_replay(rules: Any, document: Mapping) -> str | None:
    """None when the session's log replays to the end of its game and its ``meta`` agrees, by a
    replay that does what must be verified and nothing the table does per key besides: each
    effective action is checked against the awaited prompt (``check_action``: step, seat, a
    listed option) and carried out by its step (``Game.perform``) on the one state, which is
    not copied first (no undo will ask for it) and gets no score announcements (the table's
    news: only ``state["recent"]`` differs from the table's replay). Anything else (an illegal
    action, a question the log answers later, an early end) is a problem string or an
    exception, and the caller asks the table's replay (``engine.Session``) instead."""
    from .engine.i18n import unworded
    from .engine.session import effective_actions

    actions = [action for _, action in effective_actions(document["entries"])]
    options = rules.validate_options(dict(document["options"]))
    with unworded():  # the prompts' and announcements' texts: nobody reads them here
        state = _replayed_state(rules, options, int(document["seed"]), actions)
    if state is None:
        return "an action after the end of the game"
    if rules.prompt(state) is not None:
        return "its log stops before the end of the game"
    return _meta_problem(document.get("meta") or {}, rules, _Replayed(rules, state))


CHECKPOINT = 16  # actions between the copies a question (Ask) goes back to, once one was asked


class AskingSteps:
    """How often each step class's actions asked a question (``Ask``) in this process's quick
    replays: a step that asks often (Dva bratři's build and Jindřich's turn, the Great Wall's
    roll: an unknown fact, the raiders' number) has its state copied right before its action,
    which costs one copy; any other question rebuilds the state from the last copy. Learned as
    the replays go (no game declares it), and a hint for speed only: the state reached is the
    same either way."""

    OFTEN = 4  # copied before once at least one action in OFTEN asked (and two did)

    def __init__(self) -> None:
        self.done: dict[type | None, int] = {}
        self.asked: dict[type | None, int] = {}
        self.often: set[type | None] = set()

    def count(self, step: type | None, asked: bool) -> None:
        done = self.done[step] = self.done.get(step, 0) + 1
        if asked:
            self.asked[step] = self.asked.get(step, 0) + 1
        times = self.asked.get(step, 0)
        if times >= 2 and times * self.OFTEN >= done:
            self.often.add(step)
        else:
            self.often.discard(step)


ASKING = AskingSteps()


def _replayed_state(rules: Any, options: dict, seed: int, actions: list) -> dict | None:
    """The state after ``actions`` (None: one came after the end), each carried out on the one
    state. An action whose step asks a question (``Ask``, answered by the log next) needs the
    state before it, to be queued with the question as the engine's ``Game.apply`` queues it:
    a step that asks often (``ASKING``) has it copied right before; for any other, it is rebuilt
    from the last copy and what was done since. Until such a question the only copy is the
    set-up state (most games never ask, and copying a state costs more than carrying out an
    action); after it a copy is kept every ``CHECKPOINT`` actions."""
    from .engine.events import RECENT, trim
    from .engine.game import copy_state, step_of
    from .engine.steps import Ask

    shared = (RECENT, *rules.shared_parts)
    # what setup hands out may be shared with the game's cached box data, which the engine never
    # changes (it copies before every action) and this must not either: it is only copied from
    marked = rules.setup(options, seed)
    state = copy_state(marked, shared)
    mark, every = 0, None  # the copy stands for actions[:mark]; every: CHECKPOINT once asked
    # since the copy: each checked action (the same states again pass the same checks), or the
    # question an often-asking step asked and the action it interrupted, queued again as such
    since: list = []
    often, count = ASKING.often, ASKING.count
    for done, action in enumerate(actions):
        checked = rules.checked(state, action)
        if checked is None:
            return None
        step = step_of(checked)
        before = copy_state(state, shared) if step in often else None
        try:
            rules.perform(state, checked)
        except Ask as ask:  # the state is half changed: back to what it was before this action
            count(step, True)
            if before is not None:
                state = before
                ask.queue_in(state, checked.logged)
                since.append((copy_state(ask.task), checked.logged))  # as asked: the queue's may change
            else:
                state = copy_state(marked, shared)
                for earlier in since:
                    _again(rules, state, earlier)
                ask.queue_in(state, checked.logged)
                mark, every = done + 1, CHECKPOINT
                marked, since = copy_state(state, shared), []
        else:
            count(step, False)
            since.append(checked)
        trim(state, rules.recent_kept)
        if every is not None and done + 1 - mark >= every:
            mark, marked, since = done + 1, copy_state(state, shared), []
    return state


def _again(rules: Any, state: dict, earlier: Any) -> None:
    """One thing done since the last copy, done again on the rebuilt state."""
    from .engine.events import trim
    from .engine.game import copy_state
    from .engine.steps import Ask

    if type(earlier) is tuple:  # a question an often-asking step asked, and its action
        task, logged = earlier
        Ask(copy_state(task)).queue_in(state, logged)
    else:  # a checked action: none of them asked
        rules.perform(state, earlier)
    trim(state, rules.recent_kept)


def _table_replay_problem(rules: Any, document: Mapping) -> str | None:
    from .engine import Session
    from .engine.session import ReplayError

    try:
        session = Session(rules, document["options"], document["seed"], document["entries"])
    except ReplayError as error:
        return f"entry {error.index} does not replay: {error.rule}: {error.msg.en}"
    except Exception as error:  # options the game refuses, a log it cannot read
        message = getattr(error, "msg", None)
        return f"the game cannot be set up from it: {message.en if message else error}"
    if not session.over:
        return f"its log stops before the end of the game ({len(session.actions)} actions replayed)"
    return _meta_problem(document.get("meta") or {}, rules, session)


def _meta_problem(meta: Mapping, rules: Any, session: Any) -> str | None:
    scores = session.score()
    seats = meta.get("seats")
    players = rules.seat_count(session.state)
    if isinstance(seats, list) and len(seats) != players:
        return f"'meta.seats' names {len(seats)} seats; its game has {players}"
    named = meta.get("players")
    if isinstance(named, Mapping):
        beyond = sorted(int(seat) for seat in named if str(seat).isdigit() and int(seat) >= players)
        if beyond:
            return f"'meta.players' names seat {beyond[0]}; its game has seats 0 to {players - 1}"
    ranked = set(scores.totals)
    winner = meta.get("winner")
    if winner is not None and winner not in ranked:
        return f"'meta.winner' is {winner}, not one of its seats (0 to {max(ranked, default=0)})"
    if winner is not None and scores.winner is not None and winner != scores.winner:
        return f"'meta.winner' is seat {winner}; its log makes seat {scores.winner} the winner"
    recorded = meta.get("scores")
    totals = recorded.get("totals") if isinstance(recorded, Mapping) else None
    if totals is not None:
        replayed = {str(seat): total for seat, total in scores.totals.items()}
        if not isinstance(totals, Mapping) or dict(totals) != replayed:
            return f"'meta.scores.totals' is {_short(totals)}; its log gives {_short(replayed)}"
    duration = meta.get("duration_s")
    if isinstance(duration, int) and duration < 0:
        return f"'meta.duration_s' is negative ({duration})"
    # A finish before its start is the wall clock stepping back during the game (a Pi without a
    # real-time clock, set by NTP): recorded as such when imported (store.records.clock_fields),
    # never a reason to refuse a backup.
    return None


def _short(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=True, sort_keys=True)
    return text if len(text) <= 80 else text[:77] + "..."
