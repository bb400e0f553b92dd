"""The protocol every game implements. A game is pure: state in, state out."""

from __future__ import annotations

import marshal
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from .errors import RuleError
from .events import RECENT, announce, trim
from .i18n import Msg, player
from .prompt import Prompt
from .steps import Action, Ask, At, Awaited, Step, Steps, check_action, passes, take_resume


class Status(NamedTuple):
    """What the shared screen always shows: round, phase, whose turn, what is awaited.

    ``recent`` are the latest public events ("Blue takes 3 VP"), newest last. ``turn`` is the
    seat whose turn it is in the game's sense (None when everyone acts at once).
    """

    round: int | None
    rounds: int | None
    phase: Msg
    turn: int | None = None
    recent: tuple[Msg, ...] = ()


class Setting(NamedTuple):
    """A setup option the players choose in the menu before a game starts.

    ``values`` pairs each allowed value with its label; the first is the default. ``pick`` > 1
    makes the option a list of exactly that many distinct values (``default`` then gives them).
    ``seats`` limits the option to some player counts (None: always offered); with another
    count a setting that declares ``otherwise`` takes that value and refuses any other.
    ``offered`` False keeps a rule variant out of the menu: it is set only in a session file.
    """

    key: str
    label: Msg
    values: tuple[tuple[Any, Msg], ...]
    seats: tuple[int, ...] | None = None
    pick: int = 1
    default: Any = None
    otherwise: Any = None
    offered: bool = True

    def applies(self, seats: int) -> bool:
        return self.seats is None or seats in self.seats

    def in_menu(self, seats: int) -> bool:
        """Shown in the settings menu for this player count."""
        return self.offered and self.applies(seats)

    def allows(self, value: Any) -> bool:
        """A listed value, or for ``pick`` > 1 that many distinct listed values."""
        listed = [v for v, _ in self.values]
        if self.pick == 1:
            return any(value == v and type(value) is type(v) for v in listed)
        return (
            isinstance(value, list)
            and len(value) == self.pick
            and len(set(map(str, value))) == self.pick
            and all(v in listed for v in value)
        )

    def initial(self) -> Any:
        if self.default is not None:
            return self.default
        return self.values[0][0] if self.pick == 1 else [v for v, _ in self.values[: self.pick]]


@dataclass(frozen=True)
class Scores:
    """Totals per seat with a breakdown, and the ranking once the game is over.

    ``ranking`` lists seats best first, tie-breaks applied; empty while the game runs.
    ``places`` gives each of them its place (1 = first); seats the rules cannot tell apart share
    one ("1, 1, 3"), so a draw has several seats in first place. Empty: 1, 2, 3... in order.
    ``nobody_won``: the game ended with everyone losing (the ranking still orders the points).
    """

    totals: dict[int, int]
    breakdown: dict[int, dict[str, int]] = field(default_factory=dict)
    ranking: tuple[int, ...] = ()
    final: bool = False
    places: tuple[int, ...] = ()
    nobody_won: bool = False

    def __post_init__(self) -> None:
        if self.places and len(self.places) != len(self.ranking):
            raise ValueError(f"{len(self.places)} places for {len(self.ranking)} ranked seats")

    @property
    def placed(self) -> tuple[tuple[int, int], ...]:
        """(seat, place) best first."""
        places = self.places or range(1, len(self.ranking) + 1)
        return tuple(zip(self.ranking, places, strict=True))

    @property
    def winners(self) -> tuple[int, ...]:
        """Every seat in first place once the game is over (more than one: a draw)."""
        if not self.final or self.nobody_won:
            return ()
        return tuple(seat for seat, place in self.placed if place == 1)

    @property
    def winner(self) -> int | None:
        """The one winner; None while the game runs, in a draw, or when nobody won."""
        winners = self.winners
        return winners[0] if len(winners) == 1 else None

    def to_json(self) -> dict:
        return {
            "final": self.final,
            "totals": {str(k): v for k, v in self.totals.items()},
            "breakdown": {str(k): v for k, v in self.breakdown.items()},
            "ranking": list(self.ranking),
            "places": [place for _, place in self.placed],
            "winners": list(self.winners),
            "winner": self.winner,
        }


def shared_places(order: Sequence[int], key: Callable[[int], Any]) -> tuple[int, ...]:
    """The places of seats listed best first: a seat whose ``key`` (what the rules compare:
    points, then a tie-break) equals the one before it shares that seat's place ("1, 1, 3")."""
    places: list[int] = []
    for index, seat in enumerate(order):
        shares = index > 0 and key(seat) == key(order[index - 1])
        places.append(places[-1] if shares else index + 1)
    return tuple(places)


class FollowUp(NamedTuple):
    """A session a game suggests when one ends, offered on the panel as a yes/no question (say,
    teaching the box the tiles the game turned up while they are still on the table).

    ``question`` is the whole offer in words (what it does, how many answers it takes);
    ``options`` are the new session's options, ``seats`` included, for the same game.
    """

    question: Msg
    options: dict[str, Any]


class Game:
    """Base class of a game's rules. Subclasses live in ``companion/games/<name>/``.

    A game lists its decisions as ``steps`` (``engine.steps.Step`` objects) and says where a state
    stands in ``where``: the task it waits on and the task's kind. The steps table names the step
    (``awaiting``); ``prompt`` and ``apply`` are then the same for every game.
    ``apply`` never changes the state it is given: it returns a new one or raises ``RuleError``.
    """

    name: str = ""
    title: Msg = Msg("", "")
    min_seats: int = 1
    max_seats: int = 1
    settings: tuple[Setting, ...] = ()  # offered in the menu and checked by validate_options
    steps: Steps[Step] = Steps()
    # "Vaaalbaru hrají 2 až 5 hráči.": the refusal of a wrong player count (None: a generic one)
    players: Msg | None = None
    # public events kept in the state ("recent"): the engine trims to it after every action,
    # so announce() needs no cap; keep it above what one action can announce
    recent_kept: int = 12
    extra_options: tuple[str, ...] = ()  # option keys checked only by check_options
    # True: the totals change during play and every change is a public event naming the seat
    # and the points ("Modrá: +4 (Les)"). False: the game is scored once, at its end, and then
    # announces every seat's total. The conformance suite checks either.
    running_score: bool = True
    # What other apps need to know of the game (the BG Stats export): its BoardGameGeek id, only
    # where a public source confirms it (never a guess), and whether the highest score wins.
    bgg_id: int | None = None
    highest_wins: bool = True
    # Top-level state keys whose values no step changes in place: it replaces them whole (box
    # data a session learns, say). Copies of the state share them instead of copying them for
    # every action. The public events (``recent``) are always shared: ``announce`` and the
    # engine's trim only replace that list. The conformance suite checks that no action changes
    # a state kept before it.
    shared_parts: tuple[str, ...] = ()

    # -- the step machinery, the same for every game -------------------------------------------
    def where(self, state: dict) -> At | None:
        """Where the state stands: the kind of task it waits on and the task (a queued question
        before anything else, ``steps.queued``), or None when the game is over. The only place a
        game says where it stands."""
        raise NotImplementedError

    def awaiting(self, state: dict) -> Awaited | None:
        """The step the state waits for and its task, or None when the game is over: where the
        state stands (``where``), the step named by the steps table (``Steps.awaited``)."""
        return self.steps.awaited(state, self.where(state))

    def prompt(self, state: dict) -> Prompt | None:
        """The awaited input, or None when the game is over."""
        awaited = self.awaiting(state)
        return None if awaited is None else self.steps[awaited.step].prompt(state, awaited.task)

    def checked(self, state: dict, action: Any) -> Action | None:
        """``action`` checked as ``check_action`` checks it against the awaited prompt, the
        step's ``gate`` asked first (a replay that only verifies: the prompt's labels and codes
        are not built for an answer the gate offers). None when the game is over; a refusal
        is the whole prompt's (``check_action``)."""
        at = self.where(state)
        if at is None:
            return None
        task = at.task
        step = self.steps[self.steps.step_for(state, at.kind, task)]
        kind = type(step)
        gate = step.gate(state, task) if gated(kind) else None
        passed = passes(gate, action) if gate is not None else None
        if passed is None:
            passed = check_action(step.prompt(state, task), action, self, state)
        # what ``perform`` of this action on this very state asks first: the step it awaits
        passed.__dict__[_AWAITED] = (state, step, task)
        return passed

    def apply(self, state: dict, action: dict, prompt: Prompt | None = None) -> dict:
        """Check ``action`` against the awaited prompt (pass it when already built) and carry it
        out on a copy; returns the new state or raises RuleError. ``state`` is never changed."""
        checked = check_action(self.prompt(state) if prompt is None else prompt, action, self, state)
        shared = (RECENT, *self.shared_parts)
        work = copy_state(state, shared)
        try:
            self.perform(work, checked)
        except Ask as ask:
            work = copy_state(state, shared)
            ask.queue_in(work, checked.logged)
        else:
            news = self.score_events(state, work)
            if news:
                announce(work, *news)
        trim(work, self.recent_kept)  # the game's declared cap on its public events
        return work

    def score_events(self, before: dict, after: dict) -> tuple[Msg, ...]:
        """Public events for score changes an action made that its steps did not announce
        themselves (a goal met as a side effect of a build): the engine announces them after
        the action. A game whose steps announce every gain keeps this default (none)."""
        return ()

    def perform(self, state: dict, action: Action) -> None:
        """Hand a checked action to the awaited step (in place); when the step answered a queued
        question (``steps.answered``), carry out again the action that question interrupted.

        An action ``checked`` made of this same state object carries the step it found
        awaited, taken here once instead of asking ``where`` again (a replay's every action);
        so a game that overrides ``perform`` changes nothing before ``super().perform`` that
        would move where its state stands."""
        found = action.__dict__.pop(_AWAITED, None)
        if found is not None and found[0] is state:
            _, step, task = found
        else:
            awaited = self.awaiting(state)
            assert awaited is not None, "check_action refuses every action once the game is over"
            step, task = self.steps[awaited.step], awaited.task
        step.apply(state, action, task)
        interrupted = take_resume(task)
        if interrupted:
            self._carry_out_again(state, interrupted)

    def _carry_out_again(self, state: dict, logged: dict) -> None:
        """If the interrupted action now breaks a rule, the answers stay and the table is told
        why; if it needs another answer, that question is queued in turn. (The parts no step
        changes in place are shared with the copy kept for that, as ``apply`` shares them.)"""
        before = copy_state(state, (RECENT, *self.shared_parts))
        try:
            self.perform(state, Action.from_log(logged))
        except Ask as ask:
            _restore(state, before)
            ask.queue_in(state, logged)
        except RuleError as error:
            _restore(state, before)
            announce(state, error.msg)

    # -- setup options -------------------------------------------------------------------------
    def validate_options(self, options: dict[str, Any]) -> dict[str, Any]:
        """Check setup options against ``settings`` and complete them with defaults; raise
        RuleError naming a bad one. ``check_options`` has the last word."""
        return self.check_options(check_settings(self, options))

    def new_options(self, options: dict[str, Any]) -> dict[str, Any]:
        """Options for a session started now, before they are checked: a game whose rules
        changed writes its newest rules version here, so a session recorded before the option
        existed (it has no such key) replays by the rules it was played by."""
        return options

    def check_options(self, options: dict[str, Any]) -> dict[str, Any]:
        """What the declared settings cannot say (a combination, box data): raise or complete."""
        return options

    def answer_text(self, state: dict, prompt: Prompt, value: Any) -> Msg | None:
        """An answer to ``prompt`` in ``state`` (the state it was asked in) as players would say
        it, where its option's label says less (a map's place by what lies beside it): the
        table names a taken-back answer so. None: the option's label (the default)."""
        return None

    def score_part(self, part: str) -> Msg | None:
        """The name of one kind of points of ``Scores.breakdown`` ("buildings"), for the final
        screen's points by kind; None (the default): the breakdown is not shown."""
        return None

    def seat_lines(self, state: dict, seat: int) -> tuple[Msg, ...]:
        """What only ``seat`` may see, as rows for its own pad screen (its total, its secret
        card): the game says it in words; nothing here reaches the shared panel."""
        return ()

    # -- what the store asks ---------------------------------------------------------------------
    def is_teaching(self, options: Any) -> bool:
        """Whether a session with these options walks through the box to learn its facts instead
        of playing: kept (its log teaches the box) but out of history, stats and exports."""
        return False

    def memory_problem(self, memory: Any) -> str | None:
        """Why saved box memory cannot be given to a session (one line, English), or None. A
        game that remembers box facts checks them here, so bad memory is moved aside, never a
        crash mid-game."""
        return None

    # -- what every game answers ---------------------------------------------------------------
    def setup(self, options: dict[str, Any], seed: int) -> dict:
        raise NotImplementedError

    def view(self, state: dict, seat: int | None = None) -> dict:
        """JSON view: public when ``seat`` is None, else what that seat may also see."""
        raise NotImplementedError

    def score(self, state: dict) -> Scores:
        raise NotImplementedError

    def status(self, state: dict) -> Status:
        raise NotImplementedError

    def status_at(self, state: dict, prompt: Prompt | None) -> Status:
        """``status`` for a state whose prompt the caller built already (the session has it for
        every committed state): a game whose header depends on the question overrides this
        instead of building the prompt again (a long build list costs a millisecond)."""
        return self.status(state)

    def seat_label(self, state: dict, seat: int) -> Msg:
        return player(seat)

    def seat_count(self, state: dict) -> int:
        return int(state["seats"])

    def follow_up(self, state: dict) -> FollowUp | None:
        """What to offer when this session has ended (None: nothing; the table goes back to
        the menu). Asked once, of a finished session's state."""
        return None

    def learned_box(self, state: dict) -> dict:
        """Box-data corrections made or learned in this session, in the shape of the ``box``
        setup option. The appliance saves them per box and passes them to the next session."""
        return {}


_AWAITED = "_awaited"  # an Action's note from ``Game.checked``: (the state, its step, its task)


def step_of(action: Action) -> type | None:
    """The class of the step ``Game.checked`` found awaited for ``action``, before it is
    carried out (None: not checked so)."""
    found = action.__dict__.get(_AWAITED)
    return None if found is None else type(found[1])


_GATED: dict[type, bool] = {}  # step class -> gated(it), answered once per class


def gated(kind: type) -> bool:
    """Whether a step class's ``gate`` stands for its ``prompt``: the gate is defined in the
    class that defines the prompt, or below it. A subclass that builds its own prompt without a
    gate of its own does not inherit its parent's gate (the prompt is built then)."""
    known = _GATED.get(kind)
    if known is None:
        gate = next(c for c in kind.__mro__ if "gate" in c.__dict__)
        prompt = next(c for c in kind.__mro__ if "prompt" in c.__dict__)
        known = _GATED[kind] = gate is not Step and issubclass(gate, prompt)
    return known


def _restore(state: dict, before: dict) -> None:
    state.clear()
    state.update(before)


def _bad_option(game: Game, key: str, cs: str, en: str, **values) -> RuleError:
    return RuleError(f"{game.name}.bad_option", Msg("Volba {o}: " + cs, "Option {o}: " + en).format(o=key, **values))


def _check_seats(game: Game, seats: Any) -> None:
    if type(seats) is not int or not game.min_seats <= seats <= game.max_seats:
        raise RuleError(
            f"{game.name}.seats",
            game.players
            or Msg("{g} hrají {a} až {b} hráči.", "{g} is for {a} to {b} players.").format(
                g=game.title, a=game.min_seats, b=game.max_seats
            ),
        )


def _known_keys(game: Game, options: dict) -> None:
    known = {"seats", "box", *(s.key for s in game.settings), *game.extra_options}
    unknown = sorted(str(k) for k in options if k not in known)
    if unknown:
        raise _bad_option(game, ", ".join(unknown), "tuto volbu hra nezná.", "the game has no such option.")


def _setting_value(game: Game, setting: Setting, options: dict) -> Any:
    if setting.otherwise is not None and not setting.applies(options["seats"]):
        value = options.get(setting.key, setting.otherwise)
        if value != setting.otherwise or type(value) is not type(setting.otherwise):
            raise _bad_option(
                game,
                setting.key,
                "platí jen pro {n} hráče.",
                "is for {n} players only.",
                n=", ".join(map(str, setting.seats or ())),
            )
        return value
    value = options.get(setting.key, setting.initial())
    if not setting.allows(value):
        raise _bad_option(game, setting.key, "{v} tu nelze zvolit.", "{v} is not one of its values.", v=repr(value))
    return value


def check_settings(game: Game, options: Any) -> dict[str, Any]:
    """Options checked against the game's declared settings: known keys only, a player count
    the game allows, every setting a listed value (its default when absent), ``box`` a mapping."""
    if not isinstance(options, dict):
        raise RuleError(
            f"{game.name}.bad_option", Msg("Nastavení hry musí být slovník.", "The game options must be a mapping.")
        )
    _known_keys(game, options)
    _check_seats(game, options.get("seats"))
    out: dict[str, Any] = {"seats": options["seats"]}
    out.update((s.key, _setting_value(game, s, options)) for s in game.settings)
    out.update((key, options[key]) for key in game.extra_options if key in options)
    if not isinstance(options.get("box", {}), dict):
        raise _bad_option(game, "box", "data krabice mají tvar slovníku.", "box data must be a mapping.")
    out["box"] = options.get("box", {})
    return out


def copy_state(state: dict, shared: tuple[str, ...] = ()) -> dict:
    """An independent copy of a game state, except the top-level parts named in ``shared``
    (parts no step changes in place, see ``Game.shared_parts``), which the copy shares. It runs
    for every action, and for every action again when a session is resumed, so it must be fast.
    States are plain data (JSON types and tuples): a ``marshal`` round trip copies them
    exactly, types and shared parts included, faster than ``pickle`` (and several times faster
    than ``copy.deepcopy``)."""
    kept = {key: state[key] for key in shared if key in state}
    if not kept:
        return _copied(state)
    copied = _copied({key: value for key, value in state.items() if key not in kept})
    return {key: kept[key] if key in kept else copied[key] for key in state}


def _copied(data: dict) -> dict:
    """A marshal round trip; pickle for a state holding anything marshal does not take."""
    try:
        return marshal.loads(marshal.dumps(data))
    except ValueError:
        import pickle  # rare, and kept off the start-up path

        return pickle.loads(pickle.dumps(data, pickle.HIGHEST_PROTOCOL))
