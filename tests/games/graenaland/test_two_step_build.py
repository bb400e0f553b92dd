"""Issue 35, ``asking`` 3: the build menu in two steps (it was one list of 18 pages on the
panel): what to build, by kind, a key each that never moves, then where (the territory's place
in the board order) or to whom. Sessions recorded before keep the one list."""

from __future__ import annotations

import random

import pytest

from companion.engine import RuleError, Session
from companion.games.graenaland import GAME

from ..playout import random_action


def _at_build(options: dict, seed: int = 1) -> Session:
    session = Session(GAME, options, seed)
    rnd = random.Random(seed)
    while session.prompt.step != "build":
        session.commit(random_action(session, rnd))
    return session


def _codes(session: Session) -> dict:
    prompt = session.prompt
    seat = prompt.seats[0]
    return {o.value: o.code for o in (*prompt.options_for(seat), *prompt.unoffered.get(seat, ()))}


def test_what_to_build_first_by_kind_with_keys_that_never_move():
    session = _at_build({"seats": 4})
    assert session.options["asking"] == 3
    codes = _codes(session)
    assert {k: codes[k] for k in ("settlement", "stronghold", "church", "hall", "army", "done") if k in codes} == {
        k: c
        for k, c in {"settlement": "1", "stronghold": "2", "church": "3", "hall": "4", "army": "9", "done": "#"}.items()
        if k in codes
    }
    assert all(":" not in str(v) for v in codes)  # kinds, not builds
    assert session.prompt.title.cs == "Hráč 1 staví" and session.prompt.title.en == "Player 1 builds"


def test_a_kind_then_its_places_and_back():
    session = _at_build({"seats": 4})
    seat = session.prompt.seats[0]
    kinds = [o.value for o in session.prompt.options_for(seat) if o.value not in ("done", "army", "supply")]
    kind = kinds[0]
    session.submit({"step": "build", "seat": seat, "value": kind})
    prompt = session.prompt
    assert prompt.step == "build_where"
    values = [o.value for o in prompt.options_for(seat)]
    assert values[-1] == "back" and all(v.split(":")[0] in (kind, "coop") for v in values[:-1])
    order = session.state["board"]["order"]
    for o in prompt.options_for(seat)[:-1]:
        place = str(order.index(o.value.split(":")[-1] if not o.value.endswith(":move") else o.value.split(":")[1]) + 1)
        assert o.code in (place, "9" + place)
    session.submit({"step": "build_where", "seat": seat, "value": "back"})
    assert session.prompt.step == "build" and "build_kind" not in session.state
    session.submit({"step": "build", "seat": seat, "value": kind})
    before = len(session.state["recent"])
    session.submit({"step": "build_where", "seat": seat, "value": values[0]})
    assert session.state.get("build_kind") is None and len(session.state["recent"]) > before


def _unoffered_kind(seed: int) -> tuple[Session, int, str] | None:
    """A build prompt of random play where a kind (not the offered build) has no build allowed."""
    session = Session(GAME, {"seats": 4}, seed)
    rnd = random.Random(seed)
    for _ in range(1500):
        if session.over:
            return None
        prompt = session.prompt
        if prompt.step == "build":
            seat = prompt.seats[0]
            kinds = [o.value for o in prompt.unoffered.get(seat, ()) if o.value != "grant"]
            if kinds:
                return session, seat, kinds[0]
        session.commit(random_action(session, rnd))
    return None


def test_a_kind_nothing_allows_now_is_refused_with_the_rule_of_its_build():
    found = next(f for f in (_unoffered_kind(seed) for seed in range(20)) if f is not None)
    session, seat, kind = found
    with pytest.raises(RuleError) as refused:
        session.submit({"step": "build", "seat": seat, "value": kind})
    assert refused.value.rule.startswith("graenaland.") and "not_an_option" not in refused.value.rule
    assert refused.value.text("cs").startswith("Hráč ") and refused.value.text("en").startswith("Player ")


def test_a_session_recorded_with_asking_2_keeps_the_one_list_and_replays():
    session = _at_build({"seats": 4, "asking": 2})
    seat = session.prompt.seats[0]
    values = [o.value for o in session.prompt.options_for(seat)]
    assert any(":" in v for v in values) and "settlement" not in values
    rnd = random.Random(5)
    for _ in range(300):
        if session.over:
            break
        session.commit(random_action(session, rnd))
    again = Session(GAME, session.options, session.seed, session.entries)
    assert again.state == session.state and "build_where" not in {
        e["action"]["step"] for e in session.entries if "action" in e
    }


def test_another_kinds_build_at_where_is_refused_by_the_games_rule_and_changes_nothing():
    session = _at_build({"seats": 4})
    seat = session.prompt.seats[0]
    kinds = [o.value for o in session.prompt.options_for(seat) if o.value not in ("done", "army", "supply", "grant")]
    kind = kinds[0]
    session.submit({"step": "build", "seat": seat, "value": kind})
    other = "church:C1" if not kind.startswith("church") else "hall:C1"
    before = session.state
    with pytest.raises(RuleError) as refused:
        session.submit({"step": "build_where", "seat": seat, "value": other})
    assert refused.value.rule == "graenaland.build_other_kind"
    assert "* (zpět)" in refused.value.text("cs") and "* (back)" in refused.value.text("en")
    assert session.state == before and session.prompt.step == "build_where"
