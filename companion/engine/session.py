"""The session is its action log: state = replay(log).

A log is a list of entries, each either ``{"action": {...}}`` or ``{"undo": {"confirmed": b}}``.
Undo never deletes: it appends a marker, so the log stays append-only on disk and tells the whole
story. The effective actions are the log with every undo marker cancelling the action before it.
"""

from __future__ import annotations

import logging
from bisect import bisect_left
from collections.abc import Callable, Iterable, Sequence
from functools import partial
from typing import Any, NamedTuple

from . import rng, snapshot
from .errors import RuleError
from .game import Game, Scores, Status
from .i18n import Msg
from .prompt import Prompt
from .snapshot import Chain, LogDigest
from .steps import explained, not_an_option

log = logging.getLogger(__name__)


class Outcome(NamedTuple):
    """An evaluated but not yet committed log entry, and the state it leads to."""

    entry: dict
    state: dict
    barrier: bool  # revealed a secret or drew randomness: undoing it needs every seat


class ReplayError(Exception):
    """A log entry is illegal; ``index`` is its position in the log (0-based)."""

    def __init__(self, index: int, error: RuleError | str):
        self.index = index
        if isinstance(error, RuleError):
            self.rule, self.msg = error.rule, error.msg
        else:
            self.rule, self.msg = "session.malformed", Msg(error, error)
        super().__init__(f"action {index}: {self.rule}: {self.msg.en}")


def _apply(game: Game, state: dict, prompt: Prompt | None, action: dict) -> tuple[dict, bool]:
    draws_before = rng.draws(state)
    new_state = game.apply(state, action, prompt)  # checks once, works on its own copy
    barrier = (prompt is not None and prompt.kind.hidden) or rng.draws(new_state) != draws_before
    return new_state, barrier


def effective_actions(entries: list[dict]) -> list[tuple[int, dict]]:
    """(log index, action) pairs left after undo markers cancel what they undo."""
    kept: list[tuple[int, dict]] = []
    for index, entry in enumerate(entries):
        if not isinstance(entry, dict):
            raise ReplayError(index, "entry is not an object")
        if "action" in entry:
            kept.append((index, entry["action"]))
        elif "undo" in entry:
            if not kept:
                raise ReplayError(index, "undo with nothing to undo")
            kept.pop()
        else:
            raise ReplayError(index, "entry has neither 'action' nor 'undo'")
    return kept


def _depth(entries: list[dict]) -> int:
    """The actions in force after ``entries`` (each undo marker takes one back)."""
    return sum(1 if "action" in entry else -1 for entry in entries)


def replay(game: Game, options: dict, seed: int, entries: list[dict]) -> Session:
    """Rebuild a session from its log; ReplayError names the first illegal entry."""
    return Session(game, options, seed, entries)


class _States:
    """The states after 0, 1, ... n effective actions, kept sparsely so that undo never
    replays the whole log: the last ``TAIL`` states, plus one every ``STRIDE`` actions. An undo
    that runs out of the tail replays at most ``STRIDE`` actions from the checkpoint before it
    and keeps the states it passes, so the next undos are free again. Memory: about
    ``n / STRIDE + TAIL`` states, not ``n``."""

    TAIL = 16
    STRIDE = 16

    def __init__(self, initial: dict):
        self.kept: dict[int, dict] = {0: initial}
        self.top = 0
        # older snapshots of the same log, read only if an undo goes behind the newest one
        self.stored: dict[int, Callable[[], dict]] = {}

    def push(self, state: dict) -> None:
        self.top += 1
        self.kept[self.top] = state
        old = self.top - self.TAIL - 1
        if old > 0 and old % self.STRIDE and old in self.kept:
            del self.kept[old]

    def before_top(self, game: Game, actions: list[dict]) -> dict:
        """The state after ``top - 1`` actions (``actions`` are the effective ones). The states
        it passes are kept as ``push`` keeps them: one every ``STRIDE`` and the last ``TAIL``
        (after a resume from a snapshot the gap behind it may be long)."""
        wanted = self.top - 1
        if wanted in self.kept:
            return self.kept[wanted]
        start = max(position for position in self.kept if position < wanted)
        nearer = [position for position in self.stored if start < position <= wanted]
        if nearer:  # a stored snapshot is closer than any kept state: read it (once)
            read = self.stored.pop(max(nearer))
            try:
                self.kept[max(nearer)] = read()
            except snapshot.Mismatch as why:
                log.warning("an older snapshot is dropped: %s", why)
            return self.before_top(game, actions)
        state = self.kept[start]
        for position in range(start + 1, wanted + 1):  # at most STRIDE - 1 actions, but behind a snapshot
            state, _ = _apply(game, state, game.prompt(state), actions[position - 1])
            if position % self.STRIDE == 0 or wanted - position < self.TAIL:
                self.kept[position] = state
        return state

    def jump(self, position: int, state: dict) -> None:
        """Go on from ``state`` after ``position`` actions (a snapshot's), the states between
        unknown until an undo asks for one."""
        self.kept[position] = state
        self.top = position

    def pop(self) -> None:
        del self.kept[self.top]
        self.top -= 1


class Session:
    """One game being played: setup options, seed and the log; the state is derived."""

    def __init__(
        self, game: Game, options: dict, seed: int, entries: Iterable[dict] = (), snapshots: Sequence[Any] | None = None
    ):
        self.game = game
        if snapshots is None:  # a log read from the store carries the snapshots kept beside it
            snapshots = getattr(entries, "snapshots", ())
        entries = list(entries)
        # a session with no log yet is a new game: the game adds what a new game records (its
        # newest rules version); a recorded log keeps the options it was played with
        self.options = game.validate_options(game.new_options(dict(options)) if not entries else dict(options))
        self.seed = int(seed)
        self.entries: list[dict] = []
        self._status: tuple[dict, Status] | None = None
        self._initial = game.setup(self.options, self.seed)
        self._chain: Chain | None = None  # digests of the actions in force, for snapshots
        self._log_digest: LogDigest | None = None  # reading format-1 snapshots only
        self.resumed_from: int | None = None  # the entries a snapshot stood for (None: whole log replayed)
        self._rebuild(list(entries), snapshots)

    # -- derived state -------------------------------------------------------------------------
    def _rebuild(self, entries: list[dict], snapshots: Sequence[Any] = ()) -> None:
        kept = effective_actions(entries)
        if snapshots:
            try:
                if self._from_snapshot(entries, kept, snapshots):
                    return
            except Exception as error:  # the log wins: replayed whole below
                log.warning("a snapshot of the %s session was dropped: %s", self.game.name, error)
        self._replay(entries, kept, self._initial, [], _States(self._initial), 0)

    def _replay(
        self, entries: list[dict], kept: list[tuple[int, dict]], state: dict, barriers: list, states: _States, done: int
    ) -> None:
        """Apply the effective actions after the first ``done`` to ``state`` and take the result."""
        for index, action in kept[done:]:
            try:
                state, barrier = _apply(self.game, state, self.game.prompt(state), action)
            except RuleError as error:
                raise ReplayError(index, error) from None
            except (KeyError, TypeError, ValueError, AttributeError, IndexError) as error:
                raise ReplayError(index, f"malformed action ({type(error).__name__})") from None
            barriers.append(barrier)
            states.push(state)
        self.entries, self.state, self._barriers = entries, state, barriers
        self._actions = [action for _, action in kept]
        self._states = states
        self.prompt = self.game.prompt(state)

    def _from_snapshot(self, entries: list[dict], kept: list[tuple[int, dict]], records: Sequence[Any]) -> bool:
        """Rebuild from the deepest snapshot that stands for actions still in force in
        ``entries`` (its digest, rules and payload check out), then replay only the actions
        after it. False when none does (the whole log is replayed)."""
        rules = snapshot.rules_fingerprint()
        usable = []
        for record in records:
            try:
                usable.append((*snapshot.read(record, rules, len(entries)), record))
            except snapshot.Mismatch as why:
                log.info("a snapshot of the %s session is not used: %s", self.game.name, why)
        if not usable:
            return False
        actions = [action for _, action in kept]
        chain = snapshot.Chain(self.game.name, self.options, self.seed)
        matching: dict[int, tuple[int, list[bool], Any]] = {}  # depth -> (entries, barriers, record)
        for form, length, log_digest, barriers, record in sorted(usable, key=lambda item: len(item[3])):
            depth = len(barriers)
            if form == 1:
                stands = self._stands_in_log(entries, kept, length, log_digest, depth)
            else:
                chain.extend(actions, depth)
                stands = depth <= len(actions) and chain.hexdigest(depth) == log_digest
            if stands:
                matching[depth] = (length, barriers, record)
        self._chain = chain  # links of actions in force: the next snapshot goes on from them
        depths = sorted(matching)
        for newest in reversed(range(len(depths))):  # the deepest that reads back
            length, barriers, record = matching[depths[newest]]
            try:
                state = snapshot.state(record)
            except snapshot.Mismatch as why:
                log.warning("a snapshot of the %s session is dropped: %s", self.game.name, why)
                continue
            states = _States(self._initial)
            for depth in depths[:newest]:  # for an undo behind this one
                states.stored[depth] = partial(snapshot.state, matching[depth][2])
            states.jump(len(barriers), state)
            self._replay(entries, kept, state, list(barriers), states, len(barriers))
            self.resumed_from = length
            return True
        return False

    def _stands_in_log(
        self, entries: list[dict], kept: list[tuple[int, dict]], length: int, log_digest: str, depth: int
    ) -> bool:
        """Whether a format-1 record (a digest of the log's first ``length`` entries, undo
        markers included) stands for this log: it is this log's prefix, and the rest of the log
        undoes none of the ``depth`` actions in force after it."""
        if self._log_digest is None:
            self._log_digest = snapshot.LogDigest(self.game.name, self.options, self.seed)
        if self._log_digest.count > length:  # records come by depth, not by length
            self._log_digest = snapshot.LogDigest(self.game.name, self.options, self.seed)
        self._log_digest.add(entries[self._log_digest.count : length])
        if log_digest != self._log_digest.hexdigest():
            return False
        return bisect_left([index for index, _ in kept], length) == depth == _depth(entries[:length])

    def snapshot(self) -> dict | None:
        """A record of the state now, for storage beside the log (engine/snapshot.py): None
        when the state holds a value the record cannot keep."""
        chain = self._links(len(self._actions))
        return snapshot.make(
            self.state, self._barriers, len(self.entries), chain.links[-1].hex(), snapshot.rules_fingerprint()
        )

    def stands(self, depth: int, digest: str) -> bool:
        """Whether a snapshot of ``depth`` actions with this ``digest`` (format 2) stands for
        the session now: those are the first actions still in force."""
        if depth > len(self._actions):
            return False
        return self._links(depth).hexdigest(depth) == digest

    def _links(self, depth: int) -> Chain:
        """The chain of the actions in force, reaching at least ``depth`` of them."""
        if self._chain is None:
            self._chain = snapshot.Chain(self.game.name, self.options, self.seed)
        self._chain.extend(self._actions, depth)
        return self._chain

    @property
    def actions(self) -> list[dict]:
        return list(self._actions)

    @property
    def over(self) -> bool:
        return self.prompt is None

    def status(self) -> Status:
        """Where the game stands, computed once per state (states are never changed in place
        after a commit, and the table asks on every key: a game's status may cost a prompt)."""
        if self._status is None or self._status[0] is not self.state:
            self._status = (self.state, self.game.status_at(self.state, self.prompt))
        return self._status[1]

    def score(self) -> Scores:
        return self.game.score(self.state)

    # -- acting --------------------------------------------------------------------------------
    def evaluate(self, action: dict) -> Outcome:
        """Check an action without changing anything; raises RuleError naming the rule."""
        state, barrier = _apply(self.game, self.state, self.prompt, action)
        return Outcome({"action": action}, state, barrier)

    def last_action(self) -> tuple[Prompt, dict, dict] | None:
        """The action an undo would take back, the prompt it answered and the state before it
        (None at the start): what the table names when it asks and what to put back."""
        if not self._actions:
            return None
        before = self._states.before_top(self.game, self._actions)
        prompt = self.game.prompt(before)
        return (prompt, self._actions[-1], before) if prompt is not None else None

    def refusal(self, seat: int | None, value) -> RuleError:
        """Why ``seat`` cannot answer ``value`` now, in the awaited step's own words (its
        ``explain``), else the generic refusal naming the seat. For a hidden pick refused at the
        pad, before the joint action exists; nothing changes."""
        return explained(self.game, self.state, seat, value) or not_an_option(self.game, self.state, seat)

    def undo_needs_everyone(self) -> bool | None:
        """None: nothing to undo; True: the last action revealed secrets or drew at random."""
        if not self._barriers:
            return None
        return self._barriers[-1]

    def plan_undo(self, everyone_confirmed: bool = False) -> Outcome:
        """The state before the last action, from the kept states (never a replay of the log)."""
        needs = self.undo_needs_everyone()
        if needs is None:
            raise RuleError("session.nothing_to_undo", Msg("Není co vrátit.", "There is nothing to undo."))
        if needs and not everyone_confirmed:
            raise RuleError(
                "session.undo_needs_everyone",
                Msg(
                    "Vrácení by vzalo zpět odhalené volby nebo náhodu: musí souhlasit všichni hráči.",
                    "Undoing this would take back revealed picks or a random draw: every seat must agree.",
                ),
            )
        entry = {"undo": {"confirmed": bool(everyone_confirmed)}}
        return Outcome(entry, self._states.before_top(self.game, self._actions), False)

    def commit(self, outcome: Outcome) -> None:
        """Record an evaluated outcome. Call only after the entry is durable in storage."""
        self.entries.append(outcome.entry)  # in place: a commit costs the same at any log length
        if "undo" in outcome.entry:
            self._barriers.pop()
            self._actions.pop()
            self._states.pop()
            if self._chain is not None:
                self._chain.cut(len(self._actions))
        else:
            self._barriers.append(outcome.barrier)
            self._actions.append(outcome.entry["action"])
            self._states.push(outcome.state)
        self.state = outcome.state
        self.prompt = self.game.prompt(self.state)

    def submit(self, action: dict) -> Outcome:
        """Evaluate and commit at once (tests, replay tools: nothing to persist in between)."""
        outcome = self.evaluate(action)
        self.commit(outcome)
        return outcome
