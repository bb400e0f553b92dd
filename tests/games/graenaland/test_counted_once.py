"""The build menu and the score count a seat's holdings once per state instead of once per
candidate or per goal. These tests hold the counted-once forms to the plain rule, one build or
one seat at a time, over the states of recorded whole games (tests/data/corpus)."""

import json

from companion.engine import RuleError, Session
from companion.games.graenaland import GAME, building, goals
from companion.games.graenaland.votes import houses

from ..corpus import CORPUS


def recorded_states(per_file=2):
    """Every state of the first recorded games of each player count, in play order."""
    for path in sorted(CORPUS.glob("graenaland-*.json")):
        for played in json.loads(path.read_text(encoding="utf-8"))["games"][:per_file]:
            session = Session(GAME, played["options"], played["seed"])
            for entry in played["entries"]:
                session.commit(session.evaluate(entry["action"]))
                yield session.state, session.prompt


def allowed_one_by_one(state, seat, mode):
    """The candidates ``building.check`` lets through, each checked alone with its sentence."""
    out = []
    for value in building.candidates(state, seat, mode):
        try:
            building.check(state, seat, value, mode)
        except RuleError:
            continue
        out.append(value)
    return out


def plain_stats(state, seat):
    """The five goal quantities counted the plain way, territory by territory (p.9)."""
    order = state["board"]["order"]
    per_territory = [houses(state, seat, tid) for tid in order]
    built = sum(1 for tid in order for owner in state["buildings"][tid].values() if owner == seat)
    if state["options"]["three_player_variant"]:
        built = max(built - 1, 0)
    need = state["board"]["goals"]["territory_houses"]
    return {
        "houses": sum(per_territory),
        "territories": sum(n >= need for n in per_territory),
        "largest": max(per_territory),
        "buildings": built,
        "army": state["army"][seat],
    }


def test_the_build_menu_lists_exactly_what_check_allows_in_recorded_games():
    menus = 0
    for state, prompt in recorded_states():
        if prompt is None or prompt.step != "build":
            continue
        seat, mode = state["builder"], state["mode"]
        assert building.legal(state, seat, mode) == allowed_one_by_one(state, seat, mode)
        menus += 1
    assert menus > 50  # many build menus, main and final, at every player count


def test_a_refusal_found_for_the_menu_reads_as_the_rule_it_breaks():
    """The menu never builds a sentence; a build picked anyway gets the same rule and sentence."""
    seen = set()
    for state, prompt in recorded_states(per_file=1):
        if prompt is None or prompt.step != "build":
            continue
        seat, mode = state["builder"], state["mode"]
        for value in building.candidates(state, seat, mode):
            refused = building.refused(state, seat, value, mode)
            if refused is None:
                continue
            error = refused.error(state)
            assert error.rule == f"graenaland.{refused.rule}" and "{" not in error.msg.cs + error.msg.en
            seen.add(refused.rule)
    assert {"settlement_not_adjacent", "building_needs_settlement", "public_needs_house"} <= seen


def test_goal_counts_of_every_seat_at_once_match_the_plain_count_in_recorded_games():
    for state, _ in recorded_states(per_file=1):
        every = goals.every_stats(state)
        assert every == [plain_stats(state, seat) for seat in range(state["seats"])]
        assert [building.houses_left(state, seat) for seat in range(state["seats"])] == [
            state["board"]["rules"]["houses_per_player"]
            - state["board"]["rules"]["houses_on_army_track"]
            - stats["houses"]
            for stats in every
        ]
