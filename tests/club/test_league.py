"""The league against openskill's own documented example and a season table worked by hand."""

from __future__ import annotations

import pytest
from openskill.models import PlackettLuce

from companion.club import league as league_module
from companion.club.people import aliases, canonical, names


def record(uid: str, finished: str, players: dict[int, str], places: dict[int, int], game: str = "example") -> dict:
    ranking = sorted(places, key=lambda seat: places[seat])
    return {
        "uid": uid,
        "game": game,
        "finished": finished,
        "players": {str(seat): name for seat, name in players.items()},
        "scores": {"ranking": ranking, "places": [places[seat] for seat in ranking]},
    }


def test_the_documented_two_team_example_through_the_leagues_own_call():
    """openskill's README example (a1, a2 beat b1, b2), computed before the dynamics factor tau
    became a default: with tau = 0 the library gives the documented numbers to the last digit."""
    model = PlackettLuce(tau=0)
    a1, a2 = model.rating(), model.rating(mu=32.444, sigma=5.123)
    b1, b2 = model.rating(mu=43.381, sigma=2.421), model.rating(mu=25.188, sigma=6.211)
    [[x1, x2], [y1, y2]] = league_module.rated(model, [[a1, a2], [b1, b2]], [1, 2])
    assert (x1.mu, x1.sigma) == pytest.approx((28.669648436582808, 8.071520788025197), abs=1e-12)
    assert (x2.mu, x2.sigma) == pytest.approx((33.83086971107981, 5.062772998705765), abs=1e-12)
    assert (y1.mu, y1.sigma) == pytest.approx((43.071274808241974, 2.4166900452721256), abs=1e-12)
    assert (y2.mu, y2.sigma) == pytest.approx((23.149503312339064, 6.1378606973362135), abs=1e-12)
    assert model.rating(mu=43.07, sigma=2.42).ordinal() == pytest.approx(35.81)  # the documented ordinal


def test_the_league_uses_the_default_model_and_equal_places_are_ties():
    plays = [record("u1", "2026-02-01T20:00:00+01:00", {0: "Anna", 1: "Petr", 2: "Eva"}, {0: 1, 1: 2, 2: 2})]
    result = league_module.league(plays, {})
    model = PlackettLuce()
    [[anna], [petr], [eva]] = model.rate([[model.rating()], [model.rating()], [model.rating()]], ranks=[1, 2, 2])
    got = result.ratings["example"]
    assert got["Anna"].mu == pytest.approx(anna.mu) and got["Petr"].mu == pytest.approx(petr.mu)
    assert got["Petr"].mu == got["Eva"].mu and got["Petr"].sigma == got["Eva"].sigma
    lines = league_module.board_lines(result, "u1")
    assert [line.en for line in lines] == [
        f"Anna: 1,500 → {round(anna.mu * 60):,}",
        f"Eva: 1,500 → {round(eva.mu * 60):,}",
        f"Petr: 1,500 → {round(petr.mu * 60):,}",
    ]
    assert lines[0].cs == f"Anna: 1\u00a0500 → {round(anna.mu * 60):,}".replace(",", "\u00a0")


def test_the_order_of_the_records_does_not_change_the_ratings():
    plays = [
        record("b", "2026-01-02T20:00:00+01:00", {0: "Anna", 1: "Petr"}, {0: 2, 1: 1}),
        record("a", "2026-01-01T20:00:00+01:00", {0: "Anna", 1: "Petr"}, {0: 1, 1: 2}),
        record("c", "2026-01-02T20:00:00+01:00", {0: "Eva", 1: "Petr"}, {0: 1, 1: 2}),
    ]
    one = league_module.league(plays, {}).ratings
    other = league_module.league(list(reversed(plays)), {}).ratings
    assert {p: (r.mu, r.sigma) for p, r in one["example"].items()} == {
        p: (r.mu, r.sigma) for p, r in other["example"].items()
    }


def test_a_season_table_computed_by_hand():
    """2026 of the example: plays 1, 2 and 3 (4 is of 2025, 5 of another game, 6 has one named
    seat: not a match between people). Worked out in the comments below."""
    plays = [
        record("1", "2026-01-10T20:00:00+01:00", {0: "Anna", 1: "Petr", 2: "Eva"}, {0: 1, 1: 2, 2: 3}),
        record("2", "2026-03-10T20:00:00+01:00", {0: "Anna", 1: "Petr"}, {0: 1, 1: 2}),
        record("3", "2026-07-01T20:00:00+02:00", {0: "Anna", 1: "Petr", 2: "Eva"}, {0: 3, 1: 1, 2: 1}),
        record("4", "2025-12-31T20:00:00+01:00", {0: "Eva", 1: "Petr"}, {0: 1, 1: 2}),
        record("5", "2026-05-01T20:00:00+02:00", {0: "Eva", 1: "Petr"}, {0: 1, 1: 2}, game="catan"),
        record("6", "2026-05-02T20:00:00+02:00", {0: "Eva"}, {0: 1, 1: 2}),
    ]
    result = league_module.league(plays, {})
    rows = league_module.season_table(result.plays, "example", "2026")
    # Anna: plays 1, 2, 3 -> places 1, 1, 3: 2 wins, mean 5/3. Petr: 2, 2, 1: 1 win, mean 5/3.
    # Eva: 3, 1: 1 win, mean 2. Ranked by wins, then the mean place, then the name.
    assert [(r.person, r.plays, r.wins, round(r.mean_place, 2)) for r in rows] == [
        ("Anna", 3, 2, 1.67),
        ("Petr", 3, 1, 1.67),
        ("Eva", 2, 1, 2.0),
    ]
    assert [r.person for r in league_module.season_table(result.plays, "example", "2025")] == ["Eva", "Petr"]
    assert [r.person for r in league_module.season_table(result.plays, "example", "2026-H2", "half")] == [
        "Eva",
        "Petr",
        "Anna",
    ]
    assert league_module.head_to_head(result.plays, "example")[("Anna", "Petr")] == [3, 2, 1, 0]
    assert league_module.head_to_head(result.plays, "example")[("Eva", "Petr")] == [
        3,
        1,
        1,
        1,
    ]  # 1: Petr ahead, 3: level, 4 (2025): Eva ahead
    assert league_module.season_of("2026-11-03T10:00:00+01:00", "quarter") == "2026-Q4"
    assert league_module.season_of("2026-11-03T10:00:00+01:00", "month") == "2026-11"


def test_renames_and_merges_make_one_person_in_every_order():
    actions = [
        {"id": "a" * 8, "op": "rename", "from": "Petr", "to": "Péťa", "at": "2026-01-01T10:00:00"},
        {"id": "b" * 8, "op": "merge", "from": "Aňa", "to": "Anna", "at": "2026-01-02T10:00:00"},
        {"id": "c" * 8, "op": "rename", "from": "Péťa", "to": "Petr", "at": "2026-01-03T10:00:00"},
    ]
    for order in (actions, list(reversed(actions))):
        table = aliases(order)
        assert canonical("Aňa", table) == "Anna" and canonical("Petr", table) == "Petr"
        assert canonical("Péťa", table) == "Petr"
    records = [record("1", "2026-01-01T20:00:00+01:00", {0: "Aňa", 1: "Péťa"}, {0: 1, 1: 2})]
    assert names(records, aliases(actions)) == ["Anna", "Petr"]
    rated = league_module.league(records, aliases(actions)).ratings["example"]
    assert set(rated) == {"Anna", "Petr"}
