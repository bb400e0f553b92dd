import json
import random
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.engine import PromptKind, Session
from companion.games.graenaland import GAME
from companion.hw.screen import BODY_SIZE, BOLD_CONDENSED, HEADER_SIZE, REGULAR, font
from companion.surface.panel import fits, rows
from companion.table import texts as table_texts

from . import example
from .helpers import ok, play_randomly, session, to_step
from .test_victory import vp_box

EXAMPLE = example.EXAMPLE
ROOT = Path(__file__).resolve().parents[3]
LINE_PX = 124  # 128 px less the margins: what one line of the OLED holds


def header(status, language):
    """The header line exactly as the table builds it."""
    return f"{table_texts.ROUND.get(language)} {status.round} · {status.phase.get(language)}"


def test_five_phases_in_order_and_the_ship_moves_left():
    s = session()
    seen = []
    for round_ in (1, 2, 3, 4, 5):
        for step in ("production", "move", "build"):
            to_step(s, step)
            status = s.status()
            assert status.round == round_ and status.rounds is None
            assert status.phase.en.endswith(f" ⚓{(round_ - 1) % 4 + 1}")  # the ship marker's seat
            seen.append(s.state["phase"])
        assert s.state["main"] == (round_ - 1) % 4
    assert seen[:3] == ["production", "movement", "building"]
    assert s.status().turn == 0


def test_the_header_is_short_the_question_is_the_body():
    s = session()
    assert s.status().phase.cs == "Produkce ⚓1" and s.status().turn is None
    to_step(s, "move")
    assert s.status().phase.cs == "Pohyb ⚓1" and s.status().phase.en == "Moves ⚓1"
    to_step(s, "propose")
    assert s.status().turn == 1 and s.status().phase.cs == "Rozdělení ⚓1"
    s.submit({"step": "propose", "seat": 1, "value": "I2"})  # seat 3 has a house there too
    # the split names its recipient first, so no "Hráč 2:" goes in front of it
    assert s.prompt.step == "split" and s.status().turn is None
    assert s.prompt.title.cs == "→ Hráč 2: kolik karet?" and s.prompt.detail.cs.startswith(
        "Zbývá rozdělit 1 (celkem 1)"
    )


def _fits_header(status):
    head = font(BOLD_CONDENSED, HEADER_SIZE)
    for language in ("cs", "en"):
        line = header(status, language)
        assert len(line) <= 24 and head.getlength(line) <= LINE_PX, line


def test_every_header_fits_the_screen_even_in_round_99_with_seat_5():
    for phase in ("setup", "production", "movement", "distribution", "building", "end", "final"):
        st = session(seats=5).state
        st.update(phase=phase, round=99, main=4)
        _fits_header(GAME.status(st))


def _shown_title(state, prompt, status, language):
    """The title line as the table shows it: whose turn goes in front of a choice or number."""
    title = prompt.title.get(language)
    if status.turn is not None and prompt.kind in (PromptKind.CHOICE, PromptKind.NUMBER):
        label = GAME.seat_label(state, status.turn).get(language)
        if not title.startswith(label):
            title = f"{label}: {title}"
    return title


def _fits_body(s):
    _fits_body_state(s.state, s.prompt)


def _fits_body_state(state, prompt):
    """Titles and option labels fit one line; the cost at the end of a build line may be cut. A
    question with a short form may be longer: the panel then shows the short one (whose turn in
    front, or in the header), which must fit (issue 35's two-step build)."""
    body = font(REGULAR, BODY_SIZE)
    status = GAME.status(state)
    for language in ("cs", "en"):
        title = _shown_title(state, prompt, status, language)
        if prompt.kind in (PromptKind.CHOICE, PromptKind.NUMBER) and prompt.short is not None:
            assert body.getlength(prompt.short.get(language)) <= LINE_PX, (prompt.step, prompt.short)
        elif prompt.kind in (PromptKind.CHOICE, PromptKind.NUMBER):
            assert body.getlength(title) <= LINE_PX, (prompt.step, title)
        else:
            assert len(rows(title)) <= 2, (prompt.step, title)
        if prompt.kind is PromptKind.CHOICE and prompt.step != "box_check":
            for option in prompt.options_for(prompt.seats[0] if len(prompt.seats) == 1 else None):
                line = f"{option.code} {option.label.get(language)}".split(" · ")[0]
                if len(option.code) > 2:  # a rare build (a hero moved along): may take two rows
                    assert len(rows(line)) <= 2, (prompt.step, line)
                else:
                    assert body.getlength(line) <= LINE_PX, (prompt.step, line)


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seats=st.sampled_from([3, 4, 5]), seed=st.integers(0, 10_000), variant=st.integers(0, 5))
def test_titles_options_and_headers_fit_the_screen(seats, seed, variant):
    options = {
        "seats": seats,
        "open_votes": variant % 2 == 1,
        "vp_cards": variant in (2, 3),
        "draft_starts": variant in (4, 5),
    }
    if options["vp_cards"]:
        options["box"] = vp_box(15)
    s = Session(GAME, options, seed)
    rand = random.Random(seed)
    for _ in range(150):
        if s.prompt is None:
            break
        _fits_header(s.status())
        _fits_body(s)
        play_randomly(s, rand, 1)


def test_the_starting_spots_are_shown_one_row_a_player_and_marked_unverified():
    """Issue 35 (``asking`` 3): a row a player, ⚔ where his warrior stands."""
    s = Session(GAME, {"seats": 3}, 0)
    p = s.prompt
    assert p.kind is PromptKind.CONFIRM and p.step == "start_spots" and s.state["phase"] == "setup"
    assert p.title.cs == "Pozice (neověřené)" and p.title.en == "Spots (not verified)"
    assert p.detail.cs.split("; ") == [
        "Každý si vezme 2 karty surovin.",
        "Hráč 1: P1 ⚔, V1",
        "Hráč 2: P2 ⚔, V2",
        "Hráč 3: P3 ⚔, V2",
        "⚔ bojovník. Jiná krabice? Výběr pozic.",
    ]
    assert p.detail.en.split("; ")[1] == "Player 1: C1 ⚔, I1"


def test_a_session_recorded_with_asking_2_keeps_its_start_spots_screen():
    s = Session(GAME, {"seats": 3, "asking": 2}, 0)
    p = s.prompt
    assert "asking" not in s.state
    assert p.title.cs == "Rozestavění" and p.title.en == "Starting spots"
    assert p.detail.cs.split("; ") == [
        "Pozice nejsou ověřené.",
        "Hráč 1:",
        "osada Pobřeží 1",
        "osada Vnitrozemí 1",
        "bojovník Pobřeží 1",
        "Hráč 2:",
        "osada Pobřeží 2",
        "osada Vnitrozemí 2",
        "bojovník Pobřeží 2",
        "Hráč 3:",
        "osada Pobřeží 3",
        "osada Vnitrozemí 2",
        "bojovník Pobřeží 3",
        "Postavte figurky sem. Liší-li se vaše krabice, hrajte s výběrem pozic.",
        "Každý si vezme 2 karty surovin.",
    ]
    assert p.detail.en.split("; ")[1:5] == ["Player 1:", "settlement Coast 1", "settlement Inland 1", "warrior Coast 1"]
    s.submit(ok("start_spots"))
    assert s.prompt.step == "production" and s.state["phase"] == "production"
    # checked spots: no warning, the spots and the cards are still said
    start = {
        "verified": True,
        "source": "my box",
        **{str(n): {"settlements": ["C2", "C3"], "warrior": "C3"} for n in (1, 2, 3)},
    }
    checked = {"layouts": {"3": {"verified": True, "source": "my box", "start": start}}}
    lines = Session(GAME, {"seats": 3, "box": checked, "asking": 2}, 0).prompt.detail.cs.split("; ")
    assert lines[:4] == ["Hráč 1:", "osada Pobřeží 2", "osada Pobřeží 3", "bojovník Pobřeží 3"]
    assert lines[-1] == "Každý si vezme 2 karty surovin."
    assert not any("ověřené" in x for x in lines)
    now = Session(GAME, {"seats": 3, "box": checked}, 0).prompt
    assert now.title.cs == "Rozestavění" and now.detail.cs.split("; ")[1:] == [
        "Hráč 1: P2, P3 ⚔",
        "Hráč 2: P2, P3 ⚔",
        "Hráč 3: P2, P3 ⚔",
        "⚔ bojovník.",
    ]
    # the draft replaces the printed spots: no such screen
    assert Session(GAME, {"seats": 3, "draft_starts": True}, 0).prompt.step == "draft_cards"


def test_the_example_session_is_a_whole_game_and_replays():
    doc = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    assert doc["format"] == "companion-session" and doc["version"] == 1 and doc["game"] == "graenaland"
    assert doc["entries"] == example.document(example.play())["entries"]  # regenerated, not stale
    s = Session(GAME, doc["options"], doc["seed"], doc["entries"])
    assert s.prompt is None and s.score().final and s.state["announcer"] is not None
    steps = [e["action"]["step"] for e in doc["entries"]]
    for step in (
        "start_spots",
        "improvement",
        "vote",
        "vote_result",
        "heroes_moved",
        "build",
        "build_where",
        "announce",
    ):
        assert step in steps, step
    assert any(
        e["action"]["step"] == "build" and e["action"]["value"] not in ("supply", "done")
        for e in doc["entries"][steps.index("announce") :]
    )  # a final building
    json.dumps(GAME.view(s.state))
    out = subprocess.run(
        [sys.executable, "-m", "companion", "replay", str(EXAMPLE)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=True,
    ).stdout
    assert out.startswith("graenaland: ") and ", finished" in out.splitlines()[0]


def test_state_and_views_are_json_with_string_keys():
    s = session()
    to_step(s, "build")
    for view in (s.state, GAME.view(s.state), GAME.view(s.state, 1), s.score().to_json()):
        assert json.loads(json.dumps(view)) == view


def test_random_games_run_long_enough_to_use_up_the_supply_deck():
    """The random policy builds sparingly, as paying would make a player do: games run past the
    16 supply cards, and fixes, joint builds and heroes' screens all happen."""
    steps = set()
    for seed, seats in ((1, 3), (2, 4), (3, 5)):
        s = Session(GAME, {"seats": seats}, seed)
        play_randomly(s, random.Random(seed), 300)
        assert s.prompt is not None and s.state["round"] > 16  # still running after 300 steps
        assert s.state["supply"] == {"deck": 0, "display": 0, "taken": False, "turned": False}
        steps |= {e["action"]["step"] for e in s.entries}
    assert {"fix_count", "coop_result", "build_result", "vote_result", "heroes_moved"} <= steps


@pytest.mark.slow
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seats=st.sampled_from([3, 4, 5]),
    seed=st.integers(0, 10_000),
    moves=st.integers(0, 10_000),
    open_votes=st.booleans(),
)
def test_random_legal_play_replays_to_the_same_state(seats, seed, moves, open_votes):
    """Random play building sparingly (as paying would make it), so games run many rounds."""
    options = {"seats": seats, "open_votes": open_votes}
    if seats == 5:
        options["five_player_grant"] = bool(moves % 2)
    if moves % 3 == 0:
        options.update(vp_cards=True, box=vp_box(15))
    if moves % 4 == 0:
        options["draft_starts"] = True
    s = Session(GAME, options, seed)
    play_randomly(s, random.Random(moves), 250)
    again = Session(GAME, s.options, seed, s.entries)  # as recorded (its version with it)
    assert again.state == s.state
    assert json.loads(json.dumps(s.state)) == s.state
    status = s.status()
    assert status.round >= 1 and status.phase.cs and status.phase.en
    for tid, count in s.state["cards"].items():
        houses = sum(s.state["settlements"][tid].values()) + len(s.state["buildings"][tid])
        assert count <= houses + 1
    supply = s.state["supply"]
    assert supply["deck"] >= 0 and 0 <= supply["display"] <= 4
    if s.prompt is not None and s.prompt.step == "build":
        offered = {o.value for o in s.prompt.options_for(s.prompt.seats[0])}
        assert ("supply" in offered) == (supply["display"] > 0 and not supply["taken"] and s.state["mode"] == "main")
    for mine in s.state["heroes"]:
        placed = [where for where in mine.values() if where is not None]
        assert len(placed) == len(set(placed))  # two own heroes never share a territory


def test_a_drafted_start_is_entered_as_a_box_correction():
    start = {"1": {"settlements": ["C2", "C3"], "warrior": "C2"}}
    s = Session(GAME, {"seats": 4, "box": {"layouts": {"4": {"start": start}}}}, 0)
    assert s.state["heroes"][0]["warrior"] == "C2"
    assert s.state["settlements"]["C2"]["0"] == 1 and "0" not in s.state["settlements"]["C1"]


def test_menu_settings_are_short_bilingual_and_accepted():
    keys = [s.key for s in GAME.settings]
    for key in ("three_player_variant", "open_votes", "vp_cards", "draft_starts", "five_player_grant"):
        assert key in keys
    for setting in GAME.settings:
        assert 0 < len(setting.label.cs) <= 18 and 0 < len(setting.label.en) <= 18
        if setting.key == "mode":  # a game, or only teaching the box
            assert [v for v, _ in setting.values] == ["play", "teach"]
            assert [label.en for _, label in setting.values] == ["play", "teach the box"]
        else:
            assert [v for v, _ in setting.values] in ([False, True], [True, False])
            assert {label.en for _, label in setting.values} == {"yes", "no"}
        for seats in (3, 4, 5):
            if setting.applies(seats):
                chosen = {"seats": seats, setting.key: setting.initial()}
                assert GAME.validate_options(chosen)[setting.key] == setting.initial()
                assert GAME.validate_options({"seats": seats})[setting.key] == setting.initial()
    by_key = {s.key: s for s in GAME.settings}
    assert by_key["three_player_variant"].seats == (3,) and by_key["three_player_variant"].initial() is True
    assert by_key["five_player_grant"].seats == (5,) and by_key["draft_starts"].initial() is False


def _screens():
    """One state for every kind of question and result screen, with the longest names the
    5-player board has (Hráč 5, Vnitrozemí 4)."""
    from .helpers import empty_board, state

    def fresh(**options):
        st = empty_board(state(seats=5, **options))
        st["main"] = 4
        for seat in range(5):
            st["heroes"][seat]["warrior"] = "C5"
        st["settlements"]["I4"] = {"4": 3}
        return st

    def at(step, phase, **fields):
        st = fresh()
        st.update(step=step, phase=phase, **fields)
        return st

    yield at("announce", "end")
    yield at("coop_result", "building", coop={"kind": "improvement", "territory": "I4"})
    for mode in ("main", "final", "grant"):
        st = at("build", "building", builder=4, mode=mode)
        st["heroes"][4].update(warrior="C4", priest="C5", skald="C3")
        st["buildings"]["I3"] = {"stronghold": 4}
        st["settlements"]["I3"] = {"4": 1}
        yield st
    for resource in ("unknown", "livestock"):
        st = at("improvement", "production", checks=["I4"])
        st["cards"]["I4"] = 3
        st["board"]["territories"]["I4"]["improvement_resource"] = resource
        yield st
    yield at("fix_cards", "distribution")
    yield at("fix_count", "distribution", fixing="I4")
    vp = fresh(vp_cards=True, box=vp_box(15))
    vp.update(step="claim", phase="building", claims={})
    yield vp
    yield dict(vp, step="claim_points", claimant=4)
    # result screens the building leaves behind: fee, and a skald entering, waiting, moving
    for value, prepare in (
        ("settlement:I4", lambda st: st["public"]["I4"].append("palisade")),
        ("hall:I3", lambda st: None),
        ("hall:I3", lambda st: st["heroes"][0].update(warrior="I3")),
        ("hall:I3:move", lambda st: st["heroes"][0].update(skald="C1")),
    ):
        st = fresh()
        st["settlements"]["I3"] = {"0": 1}
        prepare(st)
        st.update(step="build", phase="building", builder=0, mode="main")
        after = GAME.apply(st, {"step": "build", "seat": 0, "value": value})
        assert after["step"] == "build_result", value
        yield after


def test_every_kind_of_screen_fits_the_screen():
    checked = set()
    for state in _screens():
        prompt = GAME.prompt(state)
        _fits_header(GAME.status(state))
        _fits_body_state(state, prompt)
        if prompt.kind is PromptKind.CONFIRM:  # a result's title is one line
            assert all(fits(prompt.title.get(x)) for x in ("cs", "en")), prompt.title
        checked.add(prompt.step)
    assert {
        "announce",
        "coop_result",
        "build",
        "improvement",
        "fix_cards",
        "fix_count",
        "claim",
        "claim_points",
        "build_result",
    } <= checked
