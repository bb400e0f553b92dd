"""Steps: one object per decision a game can await, its prompt and its apply side by side.

A game lists its steps in a ``Steps`` table and says in ``Game.where`` where a state stands: the
task it waits on (the step's context) and the task's kind. The table turns that kind into the
awaited step (``Steps.awaited``: the step of the kind's name, the step listing the kind in its
``takes``, or the step a function given for the kind chooses). The engine does the rest the same
way for every game: it builds the prompt from the awaited step, checks an incoming action
against that prompt once (game over, wrong step, wrong seat, an option that is not listed), hands
the step a typed ``Action``, and runs the standard interruption: a step that needs an answer
first raises ``Ask``; the question goes to the head of the state's queue and the interrupted
action is carried out again once the question is answered (``resume``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any, NamedTuple, Protocol, TypeVar

from .choices import BACK
from .errors import BadAction, RuleError
from .i18n import Msg
from .prompt import Prompt, PromptKind

QUEUE = "queue"  # state key: questions and notices to handle before anything else, head first
_RESUME = "_resume"  # set on an answered task once it has left the queue (never in a state)


@dataclass(frozen=True)
class Action:
    """An action that fits the awaited prompt: the session's generic checks have passed.

    ``seat`` answered a public prompt (None: the host buttons); ``picks`` holds every seat's
    hidden pick of a secret prompt. ``logged`` is the action as the log keeps it.
    """

    step: str
    seat: int | None = None
    value: Any = None
    picks: dict[int, Any] = field(default_factory=dict)
    logged: dict = field(default_factory=dict, compare=False)

    @classmethod
    def from_log(cls, logged: dict) -> Action:
        """The action as the log keeps it, typed. Made for every action of every replay, so
        without the frozen dataclass's ``__init__`` (its fields set directly: the same Action,
        equal and hashed alike), as ``Msg.format`` makes its results."""
        picks = logged.get("picks")
        made = _new(cls)
        made.__dict__.update(
            step=logged["step"],
            seat=logged.get("seat"),
            value=logged.get("value"),
            picks={int(seat): pick for seat, pick in picks.items()} if picks else {},
            logged=logged,
        )
        return made


_new = object.__new__


class Awaited(NamedTuple):
    """The step a state waits for, and its task: the context the step was set up with."""

    step: str
    task: dict


class At(NamedTuple):
    """Where a state stands (``Game.where``): the kind of task it waits on, and the task. The
    game's ``Steps`` table names the step that takes that kind."""

    kind: str
    task: dict


class Gate(NamedTuple):
    """What a replay that only verifies a log checks an action against instead of the whole
    prompt (``Step.gate``): the prompt's kind, step and seats, and ``offers(seat, value)``,
    whether the prompt lists ``value`` for ``seat`` (``listed(value, prompt.options_for(seat))``)
    without building its options, labels and codes. It must never offer what the prompt does
    not list; an answer it does not offer is checked against the whole prompt, so erring that
    way only costs time (tests/engine/test_gates.py holds every game's gates to their prompts)."""

    kind: PromptKind
    step: str
    seats: tuple[int, ...]
    offers: Callable[[int | None, Any], bool]


def in_range(minimum: int | None, maximum: int | None) -> Callable[[int | None, Any], bool]:
    """A NUMBER gate's ``offers``: a whole number within the prompt's bounds, as the table
    checks a typed number (``_number_in_range``)."""

    def offers(seat: int | None, value: Any) -> bool:
        return type(value) is int and (minimum is None or value >= minimum) and (maximum is None or value <= maximum)

    return offers


def confirmed(seat: int | None, value: Any) -> bool:
    """A CONFIRM gate's ``offers``: a confirmation carries no value the table checks."""
    return True


def offered(values) -> Callable[[int | None, Any], bool]:
    """A gate's ``offers`` for a prompt that lists ``values`` to any seat (``{ANYONE: ...}``)."""
    values = list(values)

    def offers(seat: int | None, value: Any) -> bool:
        return any(value == v and type(value) is type(v) for v in values)

    return offers


def offered_to(seat: int, values) -> Callable[[int | None, Any], bool]:
    """A gate's ``offers`` for a prompt that lists ``values`` to ``seat`` only (``{seat: ...}``)."""
    anyone = offered(values)

    def offers(answering: int | None, value: Any) -> bool:
        return answering == seat and anyone(answering, value)

    return offers


class Step:
    """One decision of a game. Subclasses set ``name`` (the action's ``step`` in the log) and
    implement ``prompt`` and ``apply``; ``explain`` names the rule behind an unlisted answer.
    ``takes`` lists the kinds of task the step carries out under other names (a started move
    "take" is the step "take_tile"); a task of the step's own name it takes anyway."""

    name: str = ""
    takes: tuple[str, ...] = ()

    def prompt(self, state: dict, task: dict) -> Prompt:
        raise NotImplementedError

    def apply(self, state: dict, action: Action, task: dict) -> None:
        """Carry out the checked action on ``state`` (a private copy): mutate it, or raise
        RuleError (nothing is kept) or Ask (the question comes first)."""
        raise NotImplementedError

    # True: the prompt always lists every answer this step knows (yes/no, a count, a menu), so
    # an unlisted value is malformed and no rule can be named for it. Otherwise ``explain``
    # names the rule (the conformance suite checks one or the other for every step).
    enumerable: bool = False

    def gate(self, state: dict, task: dict) -> Gate | None:
        """A cheaper stand-in for ``prompt`` when an action is only checked, not shown (an
        import's replay): see ``Gate``. None (the default): the prompt is built."""
        return None

    def explain(self, state: dict, task: dict, seat: int | None, value: Any) -> RuleError | None:
        """Why ``value`` is not among the listed options: the rule it breaks, in a sentence that
        names the seat as players call it (``Game.seat_label``) and the value. The engine asks
        this for every unlisted answer, also when a session is replayed; None (a value that is
        not even an answer of this step) falls back to the generic "not available now"."""
        return None


class TaskStep(Step):
    """A step of a task "*" (back) may drop: the task ends first, once (``drop``; a refusal or
    a question undoes the whole action anyway); then "*" changes nothing else, and any other
    answer is carried out (``carry_out``), which may set the task's next step."""

    def apply(self, state: dict, action: Action, task: dict) -> None:
        self.drop(state, task)
        if action.value == BACK.value:
            return
        self.carry_out(state, action, task)

    def drop(self, state: dict, task: dict) -> None:
        """End the task (take it off the queue, clear the started move)."""
        raise NotImplementedError

    def carry_out(self, state: dict, action: Action, task: dict) -> None:
        raise NotImplementedError


StepKind = TypeVar("StepKind", bound=Step, covariant=True)

# (state, task) -> the name of the step a task awaits, for a kind of task several steps take
Chooser = Callable[[dict, dict], str]


class Steps(Mapping[str, StepKind]):
    """A game's steps by name; a name used twice is a programming error caught at import. A game
    whose steps share a base class of its own (``Steps[TableStep]``) reads them as that class.

    The table also says which step a kind of task awaits (``awaited``): the step of that name,
    the step listing the kind in its ``takes``, or, for a kind several steps take (a question
    asked fact by fact), the step a function in ``choose`` names from the state and the task.
    A kind with two ways to its step is a programming error caught at import too."""

    def __init__(self, *steps: StepKind, choose: Mapping[str, Chooser] | None = None):
        self._by_name: dict[str, StepKind] = {}
        for step in steps:
            if not step.name or step.name in self._by_name:
                raise ValueError(f"step name {step.name!r} is empty or used twice")
            self._by_name[step.name] = step
        self._routes: dict[str, str | Chooser] = {}
        routes: list[tuple[str, str | Chooser]] = [(kind, step.name) for step in steps for kind in step.takes]
        for kind, route in [*routes, *(choose or {}).items()]:
            if kind in self._routes or kind in self._by_name:
                raise ValueError(f"task kind {kind!r} leads to two steps")
            self._routes[kind] = route

    def step_for(self, state: dict, kind: str, task: dict) -> str:
        """The name of the step a task of ``kind`` awaits."""
        route = self._routes.get(kind, kind)
        if type(route) is str:
            return route
        assert callable(route)  # a Chooser
        return route(state, task)

    def awaited(self, state: dict, at: At | None) -> Awaited | None:
        """The step the state awaits and its task, from where it stands (None: the game is over)."""
        return None if at is None else Awaited(self.step_for(state, at.kind, at.task), at.task)

    def __getitem__(self, name: str) -> StepKind:
        return self._by_name[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._by_name)

    def __len__(self) -> int:
        return len(self._by_name)


class Ask(Exception):
    """Raised by a step that needs an answer before it can go on (a printed fact nobody has
    told the companion yet). The action is undone, ``task`` goes to the head of the queue with
    the action to resume, and the game awaits the question's step."""

    def __init__(self, task: dict):
        super().__init__(task)
        self.task = task

    def queue_in(self, state: dict, logged: dict) -> None:
        state[QUEUE].insert(0, {**self.task, "resume": logged})


def queued(state: dict) -> dict | None:
    """The question or notice at the head of the queue, if any."""
    queue = state.get(QUEUE)
    return queue[0] if queue else None


def answered(state: dict, task: dict) -> None:
    """The queued question ``task`` is answered: it leaves the queue, and once its step is done
    the engine carries out again the action it interrupted (if any). A question dropped with
    "back" is simply removed from the queue instead: its action is forgotten."""
    state[QUEUE].remove(task)
    if task.get("resume"):
        task[_RESUME] = task["resume"]


def take_resume(task: dict) -> dict | None:
    """The interrupted action to carry out now that ``task`` was answered (engine use)."""
    return task.pop(_RESUME, None)


# -- the generic checks, written once for every game ---------------------------------------------


def listed(value: Any, options) -> bool:
    """``value`` is one of the options' values, of the same type (True is not the option 1)."""
    return any(value == o.value and type(value) is type(o.value) for o in options)


def _refuse(rule: str, cs: str, en: str, **values) -> BadAction:
    return BadAction(f"session.{rule}", Msg(cs, en).format(**values) if values else Msg(cs, en))


class Game(Protocol):
    """What the checks below ask of a game (``game.Game`` is one): its steps, the step a state
    awaits, and a seat's name. A Protocol, so this module needs nothing of ``game``, which
    imports it."""

    @property
    def steps(self) -> Steps: ...

    def awaiting(self, state: dict) -> Awaited | None: ...

    def seat_label(self, state: dict, seat: int) -> Msg: ...


def _check_picks(game: Game | None, state: dict | None, prompt: Prompt, action: dict) -> Action:
    picks = action.get("picks")
    asked = {str(s) for s in prompt.seats}
    if isinstance(picks, dict):
        for seat_key in sorted(set(picks) - asked):  # a pick from a seat not asked: the game says why
            seat = _seat_of(seat_key)
            if seat is not None:
                raise explained(game, state, seat, picks[seat_key]) or _not_asked(game, state, seat)
    if not isinstance(picks, dict) or set(picks) != asked:
        raise _refuse(
            "picks_incomplete",
            "Odhalit lze jen volby všech hráčů najednou.",
            "Picks are revealed only together, one from every seat.",
        )
    for seat_key, value in picks.items():
        if not listed(value, prompt.options_for(int(seat_key))):
            raise explained(game, state, int(seat_key), value) or not_an_option(game, state, int(seat_key))
    return Action.from_log(action)


def _seat_of(key: Any) -> int | None:
    """A pick's seat key ("2") as a seat, or None when it names none."""
    try:
        seat = int(key)
    except (TypeError, ValueError):
        return None
    return seat if seat >= 0 else None


def _not_asked(game: Game | None, state: dict | None, seat: int) -> BadAction:
    """A pick from a seat the question does not ask, when the step has no rule of its own."""
    try:
        who = game.seat_label(state, seat) if game is not None and state is not None else None
    except (IndexError, KeyError, TypeError, ValueError):  # a seat the game does not have
        who = None
    if who is None:
        return _refuse("not_asked", "Toto místo u stolu teď nevolí.", "This seat does not pick now.")
    return _refuse("not_asked", "{who} teď nevolí.", "{who} does not pick now.", who=who)


def not_an_option(game: Game | None, state: dict | None, seat: int | None) -> BadAction:
    """The generic refusal of an unlisted value the step cannot explain (it is no answer of
    the step at all), naming the seat as players call it when one answers."""
    if seat is None or game is None or state is None:
        return _refuse("not_an_option", "Tuto možnost teď vybrat nelze.", "That option is not available now.")
    return _refuse(
        "not_an_option",
        "{who}: tuto možnost teď vybrat nelze.",
        "{who}: that option is not available now.",
        who=game.seat_label(state, seat),
    )


def _number_in_range(prompt: Prompt, value: Any) -> bool:
    return (
        isinstance(value, int)
        and not isinstance(value, bool)
        and (prompt.minimum is None or value >= prompt.minimum)
        and (prompt.maximum is None or value <= prompt.maximum)
    )


def _check_value(game: Game | None, state: dict | None, prompt: Prompt, seat: int | None, value: Any) -> None:
    if prompt.kind is PromptKind.NUMBER and not _number_in_range(prompt, value):
        raise _refuse(
            "number_out_of_range",
            "Číslo musí být od {a} do {b}.",
            "The number must be from {a} to {b}.",
            a=prompt.minimum,
            b=prompt.maximum,
        )
    if prompt.kind in (PromptKind.CHOICE, PromptKind.CELL) and not listed(value, prompt.options_for(seat)):
        raise explained(game, state, seat, value) or not_an_option(
            game, state, seat if seat is not None else _only_seat(prompt)
        )


def _only_seat(prompt: Prompt) -> int | None:
    return prompt.seats[0] if len(prompt.seats) == 1 else None


def explained(game: Game | None, state: dict | None, seat: int | None, value: Any) -> RuleError | None:
    """The awaited step's own reason for refusing an unlisted value (None: it has none)."""
    if game is None or state is None:
        return None
    awaited = game.awaiting(state)
    if awaited is None:
        return None
    try:
        return game.steps[awaited.step].explain(state, awaited.task, seat, value)
    except (KeyError, TypeError, ValueError, AttributeError, IndexError):
        return None  # a value of no shape the step knows: not even an answer, so no rule


def check_action(prompt: Prompt | None, action: Any, game: Game | None = None, state: dict | None = None) -> Action:
    """The checks every game gets for free: the game goes on, the right step, the right seat, a
    listed option. Returns the typed action; raises BadAction (or the step's named refusal)."""
    if prompt is None:
        raise _refuse("game_over", "Hra už skončila.", "The game is already over.")
    if not isinstance(action, dict) or action.get("step") != prompt.step:
        raise _refuse(
            "wrong_step",
            "Teď se čeká na jiný krok: {t}.",
            "The table is waiting for something else: {t}.",
            t=prompt.title,
        )
    if prompt.kind.hidden:
        return _check_picks(game, state, prompt, action)
    seat = action.get("seat")
    if seat is not None and (not isinstance(seat, int) or isinstance(seat, bool)):
        raise _refuse("bad_seat", "Neznámé místo u stolu.", "Unknown seat.")
    if not prompt.accepts_seat(seat):
        raise _not_your_turn(game, state, prompt)
    _check_value(game, state, prompt, seat, action.get("value"))
    return Action.from_log(action)


def passes(gate: Gate, action: Any) -> Action | None:
    """The typed action when ``gate`` lets it through every check ``check_action`` makes of a
    CHOICE, CELL, NUMBER, CONFIRM, hidden choice or vote prompt; None when it does not (or cannot
    tell: another kind of prompt), and the whole prompt is asked instead, with its own refusals. Asked for most
    actions of an import's replay: the kinds are told apart by identity, the common first."""
    if type(action) is not dict or action.get("step") != gate.step:
        return None
    kind = gate.kind
    if kind is PromptKind.CHOICE or kind is PromptKind.CELL or kind is PromptKind.NUMBER or kind is PromptKind.CONFIRM:
        seat = action.get("seat")
        if seat is not None and (type(seat) is not int or (gate.seats and seat not in gate.seats)):
            return None  # (a bool, a float: the whole prompt says why)
        return Action.from_log(action) if gate.offers(seat, action.get("value")) else None
    if kind is not PromptKind.SECRET_CHOICE and kind is not PromptKind.VOTE:
        return None
    picks = action.get("picks")
    if not isinstance(picks, dict) or set(picks) != {str(s) for s in gate.seats}:
        return None
    if not all(gate.offers(int(seat), value) for seat, value in picks.items()):
        return None
    return Action.from_log(action)


def _not_your_turn(game: Game | None, state: dict | None, prompt: Prompt) -> BadAction:
    if game is not None and state is not None and len(prompt.seats) == 1:
        return _refuse(
            "not_your_turn",
            "Teď je na tahu {who}.",
            "It is {who}'s turn now.",
            who=game.seat_label(state, prompt.seats[0]),
        )
    return _refuse("not_your_turn", "Teď nehraje toto místo u stolu.", "It is not this seat's turn.")
