"""Conformance: every registered game passes the same checks, for every player count.

Registering a game in ``companion.games.REGISTRY`` is enough to put it through this suite (the
way OpenSpiel's random simulation test treats every game it knows). A seeded random player
(``playout.py``) plays a whole game with random menu settings; the suite then checks:

- the same game played key by key through the real table (pads and host buttons) reaches the
  same state after every action, ends, and shows a final ranking;
- every state is JSON and survives a round trip; the log replays deterministically;
- a refused action names a rule in both languages and changes nothing;
- an answer the step gives elsewhere but does not list now (a forbidden place, a build that is
  not allowed) is refused with the game's own rule, not the generic one, and changes nothing;
  every step either explains unlisted answers or lists every answer it knows;
- every change of a seat's score is reported through the public events (``state["recent"]``)
  naming the seat and the points; a game scored once at its end reports the final totals;
- before a reveal, frames, LEDs and the log are the same whatever the hidden picks;
- option codes are unique and typeable on a pad;
- every frame the playout reaches fits the 128 x 64 panel in Czech and English (measured in the
  panel's own fonts, nothing cut);
- undoing any action restores the state before it; no action changes a state kept before it.
"""

from __future__ import annotations

import copy
import json
import random
import re
from functools import cache

import pytest

from companion.engine import PromptKind, RuleError, Session, Step, added
from companion.engine.steps import explained
from companion.games import REGISTRY, load
from companion.hw.emulated import parse_script
from companion.table.secret import code_width, padded
from companion.table.table import Table

from ..keyscript import keys_for_value
from ..table.helpers import MemoryRecorder
from .corpus import random_options
from .panel import frame_lines_that_do_not_fit
from .playout import answering_seat, play

MAX_ACTIONS = 30000
UNDO_SAMPLES = 25  # actions of a long game whose undo is checked (all of a short one)
PAD_KEYS = set("0123456789*#")
RULE_ID = re.compile(r"^[a-z_]+\.[a-z_]+$")

pytestmark = pytest.mark.slow  # a random whole game for every game and player count

CASES = [
    pytest.param(name, seats, id=f"{name}-{seats}")
    for name in REGISTRY
    for seats in range(load(name).min_seats, load(name).max_seats + 1)
]


class Playout:
    """One random whole game: its options, seed, log, and every state and prompt on the way."""

    def __init__(self, name: str, seats: int):
        self.game = load(name)
        self.seed = 7000 + seats
        self.options = random_options(self.game, seats, random.Random(self.seed))
        session = play(self.game, self.options, self.seed, MAX_ACTIONS)
        self.options = session.options  # as a store records them (a new session's version included)
        self.entries = session.entries
        self.final = session
        self.states, self.prompts = [], []
        replay = Session(self.game, self.options, self.seed)
        for entry in self.entries:
            self.states.append(replay.state)
            self.prompts.append(replay.prompt)
            replay.submit(entry["action"])
        self.states.append(replay.state)


@cache
def playout(name: str, seats: int) -> Playout:
    return Playout(name, seats)


# -- through the real table -----------------------------------------------------------------------


def pick_keys(prompt, picks: dict) -> list[str]:
    """Script lines that type every seat's hidden pick on its pad (padded codes, then lock)."""
    width = code_width({s: prompt.options_for(s) for s in prompt.seats})
    lines = []
    for seat_key, value in picks.items():
        seat = int(seat_key)
        option = next(o for o in prompt.options_for(seat) if o.value == value)
        lock = "" if option.code in ("#", "*") else " #"
        lines.append(f"pad {seat + 1} {' '.join(padded(option.code, width))}{lock}")
    return lines


def action_keys(prompt, action: dict) -> list[str]:
    if prompt.kind.hidden:
        return pick_keys(prompt, action["picks"])
    return keys_for_value(prompt, answering_seat(prompt), action["value"])


def table_for(p: Playout, entries: list[dict]) -> Table:
    recorder = MemoryRecorder()
    table = Table(recorder, {p.game.name: p.game}, "cs", new_seed=lambda: p.seed)
    session_id = recorder.create_session(p.game.name, p.options, p.seed, [])
    recorder.sessions[session_id]["entries"] = list(entries)
    assert table.resume(session_id, p.game.name, p.options, p.seed, entries)
    return table


@pytest.mark.parametrize("name, seats", CASES)
def test_a_random_game_played_on_the_keys_of_the_real_table(name, seats):
    p = playout(name, seats)
    table = table_for(p, [])
    unfit = set()
    for index, entry in enumerate(p.entries):
        unfit.update(frame_lines_that_do_not_fit(table))
        if table.news_blocks():  # the last action's announcements stand before the prompt
            table.handle(parse_script("host ok")[0])
            unfit.update(frame_lines_that_do_not_fit(table))
        for event in parse_script("\n".join(action_keys(p.prompts[index], entry["action"]))):
            table.handle(event)
        assert table.session.state == p.states[index + 1], f"action {index}: {entry['action']}"
    assert table.session.over, "the random game did not end"
    unfit.update(frame_lines_that_do_not_fit(table))
    assert not unfit, "lines cut on the panel:\n" + "\n".join(sorted(unfit))


@pytest.mark.parametrize("name, seats", CASES)
def test_the_game_ends_with_final_scores_and_a_complete_ranking(name, seats):
    p = playout(name, seats)
    scores = p.final.score()
    assert p.final.over and scores.final
    # every seat is ranked (an automated opponent such as Jindřich takes a place of his own)
    assert set(range(seats)) <= set(scores.ranking) == set(scores.totals)
    assert len(scores.ranking) == len(set(scores.ranking))
    # (whether the ranking follows the totals is each game's own rule: an announced win, a tie
    # broken by units in the offer; the games' own tests check it)
    places = [place for _, place in scores.placed]
    # competition places down the ranking: each its position or shared with the seat above
    assert all(place in (index + 1, places[index - 1]) for index, place in enumerate(places)) and places[0] == 1
    winners = () if scores.nobody_won else tuple(seat for seat, place in scores.placed if place == 1)
    assert scores.winners == winners and scores.winner == (winners[0] if len(winners) == 1 else None)


@pytest.mark.parametrize("name, seats", CASES)
def test_every_state_is_json_and_the_log_replays_deterministically(name, seats):
    p = playout(name, seats)
    for state in p.states:
        assert json.loads(json.dumps(state)) == state
    again = Session(p.game, p.options, p.seed, p.entries)
    assert again.state == p.final.state
    assert again.score().to_json() == p.final.score().to_json()
    assert json.loads(json.dumps(p.game.view(p.final.state))) == p.game.view(p.final.state)


def refusals(prompt) -> list[dict]:
    """Actions that must be refused at ``prompt``: another step, an unknown value, missing picks."""
    wrong = [
        {"step": prompt.step + "_not", "seat": None, "value": None},
        {"step": prompt.step, "seat": None, "value": {"not": "an option"}}
        if not prompt.kind.hidden
        else {"step": prompt.step, "picks": {}},
    ]
    if prompt.kind in (PromptKind.CHOICE, PromptKind.CELL) and prompt.seats:
        others = [s for s in range(10) if s not in prompt.seats]
        wrong.append({"step": prompt.step, "seat": others[0], "value": prompt.options_for(prompt.seats[0])[0].value})
    return wrong


@pytest.mark.parametrize("name, seats", CASES)
def test_a_refused_action_names_a_rule_and_changes_nothing(name, seats):
    p = playout(name, seats)
    rnd = random.Random(seats)
    named = 0
    for index in sorted(rnd.sample(range(len(p.entries)), min(40, len(p.entries)))):
        session = Session(p.game, p.options, p.seed, p.entries[:index])
        before, entries = copy.deepcopy(session.state), list(session.entries)
        tried = refusals(session.prompt) + [
            dict(e["action"]) for e in p.entries[index + 1 : index + 4] if e["action"]["step"] == session.prompt.step
        ]
        for action in tried:
            try:
                session.evaluate(action)
            except RuleError as error:
                assert RULE_ID.match(error.rule), error.rule
                assert error.text("cs").strip() and error.text("en").strip()
                named += 1
            assert session.state == before and session.entries == entries
    assert named > 0


@pytest.mark.parametrize("name, seats", CASES)
def test_option_codes_are_unique_and_typeable_on_a_pad(name, seats):
    for prompt in playout(name, seats).prompts:
        for seat, options in prompt.options.items():
            codes = [o.code for o in options]
            assert len(codes) == len(set(codes)), (prompt.step, seat, codes)
            for code in codes:
                assert code and set(code) <= PAD_KEYS, (prompt.step, code)
                assert code in ("#", "*") or code.isdigit(), (prompt.step, code)


def observe(table: Table, lines: list[str]) -> list[tuple]:
    """Everything the table lets anyone see after each key: frame, LEDs, the log."""
    seen = []
    for event in parse_script("\n".join(lines)):
        table.handle(event)
        seen.append((table.frame(), sorted(table.leds().items()), json.dumps(table.recorder.sessions, sort_keys=True)))
    return seen


def different_picks(prompt, rnd: random.Random) -> tuple[dict, dict]:
    """Two sets of hidden picks that differ for every seat with more than one option."""
    first, second = {}, {}
    for seat in prompt.seats:
        values = [o.value for o in prompt.options_for(seat)]
        rnd.shuffle(values)
        first[str(seat)], second[str(seat)] = values[0], values[-1]
    return first, second


@pytest.mark.parametrize("name, seats", CASES)
def test_nothing_shows_the_hidden_picks_before_the_reveal(name, seats):
    p = playout(name, seats)
    hidden = [i for i, prompt in enumerate(p.prompts) if prompt.kind.hidden][:6]
    if not hidden:
        pytest.skip(f"{name} with {seats} seats has no hidden choice")
    for index in hidden:
        prompt, rnd = p.prompts[index], random.Random(index)
        picks = different_picks(prompt, rnd)
        first, second = (observe(table_for(p, p.entries[:index]), pick_keys(prompt, chosen)) for chosen in picks)
        assert len(first) == len(second)
        assert first[:-1] == second[:-1], f"{prompt.step}: the picks show before the last lock"
        if picks[0] != picks[1]:  # the observation can tell the runs apart: the log after the reveal
            assert first[-1] != second[-1]


@pytest.mark.parametrize("name, seats", CASES)
def test_no_action_changes_a_state_kept_before_it(name, seats):
    """A session keeps earlier states (undo, resume) and the copy an action works on shares the
    parts no step changes in place (``Game.shared_parts``, the public events): whatever comes
    later, every state stays exactly as it was when its action was carried out."""
    p = playout(name, seats)
    session = Session(p.game, p.options, p.seed)
    states, snapshots = [session.state], [copy.deepcopy(session.state)]
    for entry in p.entries:
        session.submit(entry["action"])
        states.append(session.state)
        snapshots.append(copy.deepcopy(session.state))
    changed = [index for index, (state, snapshot) in enumerate(zip(states, snapshots)) if state != snapshot]
    assert not changed, f"states changed after they were kept: {changed[:10]}"


@pytest.mark.parametrize("name, seats", CASES)
def test_undoing_any_action_restores_the_state_before_it(name, seats):
    p = playout(name, seats)
    count = len(p.entries)
    indices = range(count) if count <= UNDO_SAMPLES else random.Random(count).sample(range(count), UNDO_SAMPLES)
    for index in indices:
        session = Session(p.game, p.options, p.seed, p.entries[: index + 1])
        session.commit(session.plan_undo(everyone_confirmed=True))
        assert session.state == p.states[index], f"undo of action {index}"
        assert session.prompt == p.prompts[index]


# -- named refusals of answers the prompt does not list -------------------------------------------

LISTS = (PromptKind.CHOICE, PromptKind.CELL, PromptKind.SECRET_CHOICE, PromptKind.VOTE)


def key(value) -> str:
    return json.dumps(value, sort_keys=True)


def answer_domains(p: Playout) -> dict[str, dict[str, object]]:
    """Every answer each step offered anywhere in the game, by step (and every cell of a map):
    the answers a player can try at that step whether or not they are listed now."""
    domains: dict[str, dict[str, object]] = {}
    for prompt in p.prompts:
        domain = domains.setdefault(prompt.step, {})
        for options in prompt.options.values():
            domain.update((key(o.value), o.value) for o in options)
        if prompt.kind is PromptKind.CELL and prompt.grid:
            width, height = prompt.grid
            domain.update((key([x, y]), [x, y]) for x in range(width) for y in range(height))
    return domains


def unlisted_action(prompt, seat, value, rnd: random.Random) -> dict:
    """``value`` answered by ``seat`` (every other seat of a hidden prompt picks a listed one)."""
    if not prompt.kind.hidden:
        return {"step": prompt.step, "seat": seat, "value": value}
    picks = {str(s): rnd.choice(prompt.options_for(s)).value for s in prompt.seats}
    picks[str(seat)] = value
    return {"step": prompt.step, "picks": picks}


@pytest.mark.parametrize("name, seats", CASES)
def test_an_unlisted_answer_is_refused_with_the_games_own_rule_and_changes_nothing(name, seats):
    p = playout(name, seats)
    domains, rnd = answer_domains(p), random.Random(100 + seats)
    generic, tried = [], 0
    for index in sorted(rnd.sample(range(len(p.entries)), min(80, len(p.entries)))):
        prompt, state = p.prompts[index], p.states[index]
        if prompt.kind not in LISTS:
            continue
        seat = rnd.choice(prompt.seats) if prompt.kind.hidden else answering_seat(prompt)
        shown = {key(o.value) for o in prompt.options_for(seat)}
        unlisted = [v for k, v in domains[prompt.step].items() if k not in shown]
        before = copy.deepcopy(state)
        for value in rnd.sample(unlisted, min(3, len(unlisted))):
            tried += 1
            with pytest.raises(RuleError) as refused:
                p.game.apply(state, unlisted_action(prompt, seat, value, rnd), prompt)
            error = refused.value
            assert RULE_ID.match(error.rule) and error.text("cs").strip() and error.text("en").strip()
            if error.rule.startswith("session."):
                generic.append(f"{prompt.step} {value!r}: {error.rule}")
            assert state == before
    assert not generic, "answers refused without the game's rule:\n" + "\n".join(sorted(set(generic)))


@pytest.mark.parametrize("name, seats", CASES)
def test_every_step_explains_an_unlisted_answer_or_always_lists_every_answer(name, seats):
    p = playout(name, seats)
    domains = answer_domains(p)
    for prompt in p.prompts:
        step = p.game.steps[prompt.step]
        if prompt.kind not in LISTS:
            continue
        explains = type(step).explain is not Step.explain
        assert explains or step.enumerable, f"{prompt.step}: neither explains nor declares enumerable"
        if step.enumerable:
            for seat in prompt.options:
                assert {key(o.value) for o in prompt.options_for(seat)} == set(domains[prompt.step]), (
                    f"{prompt.step} is declared enumerable but leaves answers out"
                )


# -- score changes are public events ---------------------------------------------------------------

SIGNED = re.compile(r"[+\-−]\d|\d")


def names_the_change(game, states, seat: int, events) -> bool:
    """An event names the seat (as players call it, before or after the action) with a number."""
    labels = [game.seat_label(state, seat) for state in states]
    return any(  # a name kept on one panel row ("Hráč\u00a03") names the seat too
        label.get(lang) in event.get(lang).replace("\u00a0", " ") and SIGNED.search(event.get(lang))
        for label in labels
        for event in events
        for lang in ("cs", "en")
    )


@pytest.mark.parametrize("name, seats", CASES)
def test_every_score_change_is_reported_through_the_public_events(name, seats):
    p = playout(name, seats)
    silent = []
    for index, entry in enumerate(p.entries):
        before, after = p.states[index], p.states[index + 1]
        old, new = p.game.score(before), p.game.score(after)
        if not p.game.running_score and not new.final:
            continue
        changed = [s for s in new.totals if new.totals[s] != old.totals.get(s)]
        if not p.game.running_score:  # scored once at the end: every total is reported then
            changed = list(new.totals) if not old.final else []
        events = added(before, after)
        silent += [
            f"action {index} ({entry['action']['step']}): {p.game.seat_label(after, s).en} "
            f"{old.totals.get(s)} -> {new.totals[s]}, events {[e.en for e in events]}"
            for s in changed
            if not names_the_change(p.game, (before, after), s, events)
        ]
    assert not silent, "score changes nobody was told:\n" + "\n".join(silent[:10])


# -- answers a step knows but does not offer now (their pad codes) --------------------------------

# Steps whose answers are identities (seats, characters, colours, lands, places): the prompt names
# the ones not offered now with their codes, so a pad typing one hears the step's own rule.
UNOFFERED_STEPS = {
    "vaaalbara": {"pick_character", "bard_target", "midwife_take_back", "explorer_give", "omen_best"},
    "graenaland": {"build", "propose"},
    "gheos": {"act", "pay"},
    "dva_bratri": set(),  # its codes are places in a list, not identities (jindrich_top: rarely)
    # the build menus (the knight, a wall at its top, a Troy donation in the special phase) and the
    # Great Wall's sections and gathering hexes; attack_number's codes are places in a list
    "great_wall": {"fortress", "knight_action", "raider_to", "expel_from", "special_build"},
    "troy": {"build", "special_build"},
}


def unoffered_refusal(game, state, prompt, seat, value, rnd: random.Random) -> RuleError | None:
    """How the step refuses ``value`` from ``seat``: at the engine for a public prompt, before
    the joint action (``Session.refusal``'s way) for a hidden pick."""
    if prompt.kind.hidden:
        return explained(game, state, seat, value)
    try:
        game.apply(state, unlisted_action(prompt, seat, value, rnd), prompt)
    except RuleError as error:
        return error
    return None


@pytest.mark.parametrize("name, seats", CASES)
def test_every_unoffered_answer_has_a_free_code_and_is_refused_with_the_games_own_rule(name, seats):
    p = playout(name, seats)
    rnd, wrong = random.Random(200 + seats), []
    for prompt, state in zip(p.prompts, p.states):
        for seat_key, options in prompt.unoffered.items():
            seat = seat_key if seat_key != prompt.ANYONE else answering_seat(prompt)
            listed_codes = {o.code for o in prompt.options_for(seat)}
            for option in options:
                if option.code in listed_codes or not option.code or not set(option.code) <= PAD_KEYS:
                    wrong.append(f"{prompt.step}: code {option.code!r} of {option.value!r} is listed or not typeable")
                error = unoffered_refusal(p.game, state, prompt, seat, option.value, rnd)
                if error is None or error.rule.startswith("session."):
                    wrong.append(f"{prompt.step} {option.value!r}: {error.rule if error else 'accepted'}")
                elif not (error.text("cs").strip() and error.text("en").strip()):
                    wrong.append(f"{prompt.step} {option.value!r}: an empty refusal")
    assert not wrong, "unoffered answers:\n" + "\n".join(sorted(set(wrong)))


@pytest.mark.parametrize("name", [n for n in REGISTRY if UNOFFERED_STEPS.get(n)])
def test_steps_whose_codes_are_identities_name_the_answers_they_do_not_offer(name):
    game = load(name)
    steps, filled = UNOFFERED_STEPS[name], set()
    for seats in range(game.min_seats, game.max_seats + 1):
        filled |= {prompt.step for prompt in playout(name, seats).prompts if any(prompt.unoffered.values())}
    assert steps <= filled, f"never named an unoffered answer: {sorted(steps - filled)}"
