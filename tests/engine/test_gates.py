"""Every step's ``gate`` (the cheap check an import's replay asks instead of the whole prompt)
holds to the same rules as its prompt: over every game's recorded corpus and random playouts,
at every state whose step has a gate, the gate has the prompt's kind, step and seats; it offers
every value the prompt lists, for the seat it lists it for, and nothing else of what a seat
might answer there (the values listed for other seats, the answers the step knows but does not
offer now, the recorded answer under another seat, wrong types, junk); and ``passes`` lets the
recorded action and a few wrong ones through exactly when ``check_action`` accepts them."""

from __future__ import annotations

import json
import random

import pytest

from companion.engine import PromptKind, RuleError, Session
from companion.engine.game import gated
from companion.engine.steps import check_action, passes
from companion.games import load, registered
from companion.known_games import verified_replay
from tests.games.corpus import CORPUS
from tests.games.playout import random_action

JUNK = (None, 0, 1, -1, True, False, "", "x", "done:", "9", 3.5, [0, 0], [99, 99], {"a": 1}, ["a"])
GATED = set()  # (game, step) pairs whose gates were met


def corpus_games():
    for path in sorted(CORPUS.glob("*-*.json")):
        if path.name.startswith("docs-"):
            continue
        corpus = json.loads(path.read_text(encoding="utf-8"))
        for number, game in enumerate(corpus["games"]):
            if number % 3 == 0:  # a third of each file: every game, player count and kind of end
                yield pytest.param(corpus["game"], game, id=f"{path.stem}-{number}")


NUMBER_OR_CONFIRM = (PromptKind.NUMBER, PromptKind.CONFIRM)
HIDDEN = (PromptKind.SECRET_CHOICE, PromptKind.VOTE)


def _accepted(prompt, action, rules, state) -> bool:
    try:
        check_action(prompt, action, rules, state)
    except RuleError:
        return False
    return True


def _wrong_actions(prompt, action, seat_values):
    """Answers near the recorded one that the prompt may well refuse."""
    seats = [None, *range(8)]
    if prompt.kind.hidden:
        for seat in prompt.seats:
            for value in seat_values:
                yield {**action, "picks": {**action.get("picks", {}), str(seat): value}}
        yield {**action, "picks": {}}
        return
    for seat in seats:
        yield {**action, "seat": seat}
    for value in seat_values:
        yield {**action, "value": value}
    yield {**action, "step": "nonsense"}


def check_state(rules, state, action=None) -> None:
    awaited = rules.awaiting(state)
    if awaited is None:
        return
    step = rules.steps[awaited.step]
    gate = step.gate(state, awaited.task) if gated(type(step)) else None  # as Game.checked asks it
    if gate is None:
        return
    GATED.add((rules.name, gate.step))
    prompt = step.prompt(state, awaited.task)
    assert (gate.kind, gate.step, gate.seats) == (prompt.kind, prompt.step, prompt.seats)
    assert gate.kind in (
        PromptKind.CHOICE,
        PromptKind.CELL,
        PromptKind.SECRET_CHOICE,
        PromptKind.VOTE,
        *NUMBER_OR_CONFIRM,
    )
    values = [o.value for options in (*prompt.options.values(), *prompt.unoffered.values()) for o in options]
    values += [*JUNK, *(str(v) for v in values[:5] if not isinstance(v, str))]
    if prompt.kind is PromptKind.NUMBER:  # the bounds and just past them
        low, high = prompt.minimum or 0, prompt.maximum if prompt.maximum is not None else 99
        values += [low - 1, low, (low + high) // 2, high, high + 1, True, float(low)]
    if action is not None:
        values += [action.get("value"), *dict(action.get("picks") or {}).values()]
    seats = [None, *range(int(state.get("seats", 6)) + 1)]
    for seat in seats:
        for value in values:
            if prompt.kind is PromptKind.NUMBER:
                listed = _accepted(prompt, {"step": prompt.step, "seat": None, "value": value}, rules, state)
            elif prompt.kind is PromptKind.CONFIRM:
                listed = True  # a confirmation's value is not checked
            else:
                listed = any(value == o.value and type(value) is type(o.value) for o in prompt.options_for(seat))
            assert gate.offers(seat, value) == listed, (rules.name, gate.step, seat, value)
    if action is not None:
        for tried in [action, *_wrong_actions(prompt, action, values[-12:])]:
            passed = passes(gate, tried)
            accepted = _accepted(prompt, tried, rules, state)
            assert (passed is not None) == accepted, (rules.name, gate.step, tried)
            if passed is not None:
                assert passed == check_action(prompt, tried, rules, state)


@pytest.mark.parametrize(("name", "game"), list(corpus_games()))
def test_every_gate_agrees_with_its_prompt_over_the_corpus(name, game):
    rules = load(name)
    session = Session(rules, game["options"], game["seed"])
    for entry in game["entries"]:
        if "action" in entry:
            check_state(rules, session.state, entry["action"])
            session.submit(entry["action"])
        else:
            session.commit(session.plan_undo(entry["undo"]["confirmed"]))
    check_state(rules, session.state)


@pytest.mark.parametrize("name", registered())
def test_every_gate_agrees_with_its_prompt_in_random_playouts(name):
    rules = load(name)
    rnd = random.Random(34)
    for seats in range(rules.min_seats, rules.max_seats + 1):
        session = Session(rules, {"seats": seats}, rnd.randrange(1 << 30))
        for _ in range(400):
            if session.over:
                break
            outcome = random_action(session, rnd)
            check_state(rules, session.state, outcome.entry["action"])
            session.commit(outcome)


def test_gates_are_met_and_an_import_still_refuses_a_wrong_build():
    """The gates above were met, and a log whose build breaks a rule is refused by the quick
    replay all the same (the whole prompt decides what a gate does not offer)."""
    corpus = json.loads((CORPUS / "graenaland-3.json").read_text(encoding="utf-8"))
    game = next(g for g in corpus["games"] if any(e.get("action", {}).get("step") == "build" for e in g["entries"]))
    rules = load("graenaland")
    document = {"game": "graenaland", "options": game["options"], "seed": game["seed"], "entries": game["entries"]}
    entries = list(game["entries"])
    at = next(i for i, e in enumerate(entries) if e.get("action", {}).get("step") == "build")
    bad = {**entries[at]["action"], "value": "settlement:nowhere"}
    with pytest.raises(RuleError):
        verified_replay(rules, {**document, "entries": [*entries[:at], {"action": bad}, *entries[at + 1 :]]})


def test_a_step_that_builds_its_own_prompt_does_not_inherit_a_gate():
    """A step below a gated one that builds its prompt its own way has its prompt built (its
    parent's gate does not stand for it), unless it gives a gate of its own; no gate at all:
    not gated."""
    from companion.engine import Gate, Step

    class Counted(Step):
        def prompt(self, state, task): ...

        def gate(self, state, task):
            return Gate(PromptKind.CHOICE, "n", (), lambda seat, value: True)

    class Same(Counted):
        name = "same"

    class Own(Counted):
        def prompt(self, state, task): ...

    class OwnGated(Own):
        def gate(self, state, task): ...

    class Plain(Step):
        def prompt(self, state, task): ...

    assert gated(Counted) and gated(Same) and gated(OwnGated)
    assert not gated(Own) and not gated(Plain)
