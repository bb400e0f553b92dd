"""The views the owner thread computes: whole, public or per seat, padded to fixed sizes."""

from __future__ import annotations

import json
import time
import xml.etree.ElementTree as ET
from datetime import UTC

import pytest

from companion.surface.events import KeyEvent
from companion.table.flow import Over
from companion.web import plots
from companion.web.views import SIZES, TooLarge, Tracker, all_views, board_view, encode, score_rounds, seat_view

from ..engine.toy import GAME as TOY
from ..table.helpers import MemoryRecorder, host, pad, press
from .helpers import vaaalbara_table

A_WHOLE_TOY_GAME = (pad(1, "3#") + pad(2, "1#") + host("ok") + pad(1, "1#")) * 2


def toy_table(language="en"):
    from companion.table.table import Table

    table = Table(MemoryRecorder(), {"toy": TOY}, language, new_seed=lambda: 5)
    press(table, host("ok", "ok"))
    return table


def test_a_seat_view_says_the_question_whole_with_the_private_rows_and_the_keys():
    table = vaaalbara_table(language="cs")
    view = seat_view(table, 0)
    assert view["ask"][0] == "Vyberte tajně postavu"  # whole: a pad's 16 columns would wrap it
    assert view["private"] == ["Tvůj součet: 2"]
    assert view["keys"] == list("0123456789*#")
    assert view["hints"][:2] == [["01", "Bojovnice"], ["02", "Bardka"]] and len(view["hints"]) == 12
    assert view["status"] and view["mode"] == "type" and view["width"] == 2


def test_a_seat_sees_what_it_typed_and_locked_and_no_other_seat_sees_it():
    table = vaaalbara_table()
    before = {seat: seat_view(table, seat) for seat in range(3)}
    board_before = board_view(table)
    table.handle(KeyEvent(0, "1", "web"))
    assert seat_view(table, 0)["typed"] == "1"
    assert seat_view(table, 1) == before[1] and seat_view(table, 2) == before[2]
    assert board_view(table) == board_before  # typing is not a public event
    for key in "2#":
        table.handle(KeyEvent(0, key, "web"))
    assert seat_view(table, 0)["locked"] == "Farmer"
    assert "Farmer" not in json.dumps(board_view(table)) and seat_view(table, 1)["locked"] == ""
    assert [s["locked"] for s in board_view(table)["seats"]] == [True, False, False]


def test_scores_stay_off_the_board_until_the_game_is_over():
    table = toy_table()
    press(table, A_WHOLE_TOY_GAME[:4])
    assert "ranking" not in board_view(table) and "points" not in json.dumps(board_view(table))
    press(table, A_WHOLE_TOY_GAME[4:])
    assert isinstance(table.screen, Over)
    view = board_view(table)
    assert [(r["place"], r["points"]) for r in view["ranking"]] == sorted(
        (r["place"], r["points"]) for r in view["ranking"]
    )
    assert set(view["plots"]) == {"scores", "decisions"}


def test_the_scores_by_round_are_replayed_from_the_log():
    table = toy_table()
    press(table, A_WHOLE_TOY_GAME)
    points = score_rounds(table)
    assert [round_no for round_no, _ in points] == [1, 2]
    assert points[-1][1] == table.screen.scores.totals


def test_the_tracker_keeps_every_announcement_and_each_seats_decision_times():
    now = [0.0]
    tracker = Tracker(clock=lambda: now[0])
    table = toy_table()
    tracker.observe(table)
    delays = (2, 1, 1, 4, 3, 5, 1) + (1, 2, 1, 1, 1, 2, 1)  # seconds before each key
    assert len(delays) == len(A_WHOLE_TOY_GAME)
    for event, later in zip(A_WHOLE_TOY_GAME, delays):
        now[0] += later
        table.handle(event)
        tracker.observe(table)
    assert tracker.log == ["1: +7", "1: +2"]  # each round's announcement, none lost to a key
    # a secret pick counts from the question to the lock; the bonus from its question to its answer
    assert tracker.decisions == {0: [3.0, 6.0, 3.0, 3.0], 1: [8.0, 5.0]}


def test_every_message_is_padded_to_its_kinds_size_and_a_long_log_loses_its_oldest_lines():
    assert len(encode({"t": "refused", "why": "x"}).encode()) == SIZES["refused"]
    view = {"t": "board", "log": [f"Řádek {n} " + "ž" * 200 for n in range(400)]}
    text = encode(view)
    assert len(text.encode()) == SIZES["board"]
    kept = json.loads(text)["log"]
    assert kept[-1] == view["log"][-1] and len(kept) < 400
    with pytest.raises(TooLarge):
        encode({"t": "seat", "private": ["x" * SIZES["seat"]]})
    # a seat's view with a list too long loses the reasons of what is not offered, then the story
    off = [{"code": f"{n:03}", "label": "x", "why": n} for n in range(300)]
    long = {"t": "seat", "form": {"kind": "list", "off": off, "reasons": ["ž" * 60] * 300}, "story": ["s"] * 9}
    shorter = json.loads(encode(long))
    assert shorter["form"]["reasons"] == [] and {o["why"] for o in shorter["form"]["off"]} == {-1}


def test_every_view_of_a_whole_game_fits_its_size_in_both_languages():
    for language in ("cs", "en"):
        table = toy_table(language)
        tracker = Tracker()
        for event in A_WHOLE_TOY_GAME + host("up"):
            table.handle(event)
            board, seats = all_views(table, tracker)
            for view in [board, *seats.values()]:
                assert len(encode(view).encode()) == SIZES[view["t"]]


def test_the_plots_are_small_valid_svg_with_every_label_escaped():
    labels = ["Modrá", "<script>alert(1)</script>", "Žlutá & co", "Zelená"]
    points = [(r, {s: r * (s + 1) for s in range(4)}) for r in range(1, 13)]
    started = time.perf_counter()
    svg = plots.line_chart(points, labels, "cs")
    elapsed = time.perf_counter() - started
    root = ET.fromstring(svg)
    assert root.tag.endswith("svg") and len(svg.encode()) < 8000
    assert "<script" not in svg and "&lt;script&gt;" in svg
    assert len(root.findall("{http://www.w3.org/2000/svg}polyline")) == 4
    assert elapsed < 1.0  # generous: a sanity bound, the figure is in benchmarks/bench_web.py
    decisions = plots.decision_chart({0: [1.0, 2.0, 3.5], 2: [10.0]}, labels, "en")
    assert len(ET.fromstring(decisions).findall("{http://www.w3.org/2000/svg}circle")) == 4
    assert "No data" in plots.decision_chart({}, labels, "en")


@pytest.mark.parametrize(
    "value, top", [(0.3, 0.4), (1, 1.2), (7, 8), (9, 12), (13, 20), (26, 40), (47, 80), (100, 120), (0.05, 0.08)]
)
def test_a_plots_value_axis_ends_at_a_round_number(value, top):
    assert plots.nice_top(value) == pytest.approx(top)


def stored_toy_game(tmp_path, delays):
    """The toy game played to its end over a real store whose clock moves ``delays`` seconds
    before each key (the entries' and the locks' times come from it)."""
    from datetime import datetime, timedelta

    from companion.store import Store
    from companion.table.table import Table

    now = [datetime(2026, 11, 27, 20, 0, tzinfo=UTC)]
    store = Store(tmp_path / "companion.db", clock=lambda: now[0])
    table = Table(store, {"toy": TOY}, "en", new_seed=lambda: 5)
    press(table, host("ok", "ok"))
    for event, later in zip(A_WHOLE_TOY_GAME, delays, strict=True):
        now[0] += timedelta(seconds=later)
        table.handle(event)
    assert isinstance(table.screen, Over)
    return table, store


def test_the_decision_times_are_the_logs_and_survive_a_restart_of_the_board(tmp_path, monkeypatch):
    """A board that saw nothing of the game (a restart, a page opened at the end) plots the
    decision times the log's times give: from the entry before (or the start) to each lock or
    answer, as `companion stats` counts them."""
    delays = (2, 1, 1, 4, 3, 5, 1) + (1, 2, 1, 1, 1, 2, 1)
    table, store = stored_toy_game(tmp_path, delays)
    seen = []
    original = plots.decision_chart
    monkeypatch.setattr(plots, "decision_chart", lambda d, *rest: seen.append(d) or original(d, *rest))
    view = board_view(table, Tracker())  # a tracker that observed nothing
    assert seen == [{0: [3.0, 6.0, 3.0, 3.0], 1: [8.0, 5.0]}]
    assert len(ET.fromstring(view["plots"]["decisions"]).findall("{http://www.w3.org/2000/svg}circle")) == 6
    store.close()


def test_after_the_game_the_board_links_the_play_to_bg_stats_and_shows_no_lock_and_no_footer(tmp_path):
    from urllib.parse import parse_qs, urlsplit

    table, store = stored_toy_game(tmp_path, [60] * len(A_WHOLE_TOY_GAME))
    assert table.frame().footer  # the panel shows the host its keys...
    view = board_view(table, Tracker())
    assert view["footer"] == ""  # ...the board has none
    assert not any(seat["asked"] or seat["locked"] for seat in view["seats"])
    link = urlsplit(view["bgstats"])
    assert (link.scheme, link.netloc, link.path) == ("https", "app.bgstatsapp.com", "/createPlay.html")
    play = json.loads(parse_qs(link.query)["data"][0])
    assert play["game"]["name"] == "Toy" and play["playDate"] == "2026-11-27 20:00:00"
    assert play["durationMin"] == 14  # 14 keys a minute apart
    totals = table.screen.scores.totals
    assert [(p["name"], p["score"], p["winner"]) for p in play["players"]] == [
        (f"Player {seat + 1}", totals[seat], seat in table.screen.scores.winners) for seat in range(2)
    ]
    store.close()


def test_the_result_is_computed_once_a_game(monkeypatch):
    table = toy_table()
    press(table, A_WHOLE_TOY_GAME)
    tracker = Tracker()
    replays = []
    import companion.web.views as views

    original = views.score_rounds
    monkeypatch.setattr(views, "score_rounds", lambda t: replays.append(1) or original(t))
    first = board_view(table, tracker)
    press(table, host("down"))
    assert board_view(table, tracker)["plots"] == first["plots"] and len(replays) == 1
