"""The panel's second evening (issue 35, the table's side): keys the table did not mean, answers
pushed off the panel, texts cut without a ▼, what a vote screen hides, what is said twice."""

from __future__ import annotations

import pytest

from companion.engine import Msg
from companion.games import available, load
from companion.hw.screen import laid_out
from companion.table.flow import Play
from companion.table.table import Table

from .helpers import MemoryRecorder, host, press
from .test_news_and_menus import reveal_characters


class Clock:
    def __init__(self):
        self.now = 100.0

    def __call__(self):
        return self.now


def vaaalbara(language="cs", clock=None):
    recorder = MemoryRecorder()
    games = {name: load(name) for name in available()}
    kwargs = {"clock": clock} if clock is not None else {}
    table = Table(recorder, games, language, new_seed=lambda: 3, **kwargs)
    press(table, host("ok", "ok"))
    return table, recorder


def drawn(table):
    return laid_out(table.frame(), table.panel)["rows"]


def to_announcement(table):
    """Answer on the host until an action's announcements stand before a list."""
    reveal_characters(table)
    for _ in range(20):
        if table.news_blocks() and table.session.prompt.kind.name == "CHOICE":
            return
        press(table, host("ok"))
    raise AssertionError("no announcement before a list")


# -- 1. back on an announcement screen -----------------------------------------------------------


@pytest.mark.parametrize("language", ["cs", "en"])
def test_back_on_announcements_only_puts_them_away_and_the_question_is_shown_before_ok_answers(language):
    clock = Clock()
    table, recorder = vaaalbara(language, clock=clock)
    to_announcement(table)
    table.fittings.guard = 0.25  # the table's own guard, from here on
    entries = len(recorder.sessions["s1"]["entries"])
    clock.now += 5
    press(table, host("back"))  # on the announcements
    assert isinstance(table.screen, Play) and not table.messages.news
    assert table.messages.notice == []  # no "New screen: press again."
    rows = drawn(table)
    assert any(row["role"] == "answer" and row["lit"] for row in rows)
    press(table, host("ok"))  # at once: the question has only just been shown
    assert len(recorder.sessions["s1"]["entries"]) == entries
    clock.now += 1
    press(table, host("ok"))  # read: now it answers
    assert len(recorder.sessions["s1"]["entries"]) == entries + 1


# -- 2. the answer rows stay on the panel under a notice ----------------------------------------------


@pytest.mark.parametrize("language", ["cs", "en"])
@pytest.mark.parametrize(
    "notice",
    [
        Msg("Modrá hraje na telefonu (Anna Marie Nováková).", "Blue plays on a phone (Anna Marie Nováková)."),
        Msg(
            "✗ Nejdřív si musíš vzít kartu z nabídky, teprve potom můžeš stavět na svém území.",
            "✗ You must first take a card from the offer; only then can you build on your land.",
        ),
    ],
)
def test_a_long_notice_leaves_the_lit_answer_on_the_panel_and_up_reads_it_whole(language, notice):
    table, recorder = vaaalbara(language)
    to_announcement(table)
    press(table, host("ok"))  # the announcements read
    table.messages.notice = [notice]
    rows = drawn(table)
    lit = [row for row in rows if row["lit"] and row["role"] == "answer"]
    assert lit, [r["text"] for r in rows]
    said = [row["text"] for row in rows if row["role"] == "notice"]
    assert said and said[-1].endswith("▼")  # shortened, and says so
    press(table, host("up"))  # reads the notice whole
    assert table.messages.notice == [notice] and table.answer.reading
    page = table.frame()
    whole = table.panel.rows(notice.get(language))
    assert list(page.lines[: len(whole)]) == whole
    entries = len(recorder.sessions["s1"]["entries"])
    press(table, host("ok"))  # back to the answer, nothing answered
    assert len(recorder.sessions["s1"]["entries"]) == entries and not table.answer.reading


# -- 3. headers and notices that do not fit: a page or a ▼, never a silent cut --------------------------


def _whole_on_panel(frame, panel, text):
    """``text`` is read in the header and the body rows the panel draws, whole (spaces aside)."""
    from companion.hw.screen import cut_lines

    assert not cut_lines(frame, panel), cut_lines(frame, panel)
    rows = laid_out(frame, panel)["rows"]
    said = "".join(row["text"] for row in rows if row["role"] != "footer").replace(" ", "").replace("…", "")
    assert text.replace(" ", "").replace(":", "").lower() in said.replace(":", "").lower(), (text, said)


@pytest.mark.parametrize("language", ["cs", "en"])
@pytest.mark.parametrize("name", ["great_wall", "dva_bratri"])
def test_a_menu_title_longer_than_the_header_is_read_whole_on_the_panel(name, language):
    from companion.table import texts
    from companion.table.flow import RestartQuestion

    games = {n: load(n) for n in available()}
    game = games[name]
    recorder = MemoryRecorder()
    table = Table(recorder, {name: game}, language, new_seed=lambda: 3)
    press(table, host("ok"))  # the game: its player count
    _whole_on_panel(table.frame(), table.panel, texts.SEATS_TITLE.format(game=game.title).get(language))
    seats = game.min_seats
    sid = recorder.create_session(name, {"seats": seats}, 3, [])
    table = Table(recorder, {name: game}, language, new_seed=lambda: 3)
    table.offer_resume(sid, name, {"seats": seats}, 3, [])
    assert isinstance(table.screen, RestartQuestion)
    frame = table.frame()
    _whole_on_panel(frame, table.panel, texts.RESUME_TITLE_OF.format(game=game.title).get(language))
    assert frame.selected is not None  # the first answer lit, on the panel
    assert laid_out(frame, table.panel)["rows"][1 + frame.selected]["lit"]


def _pages(table, limit=40):
    """The frames the host's ↓ reaches on a reading screen, as laid out (the notice kept)."""
    pages, seen = [], None
    for _ in range(limit):
        frame = table.frame()
        rows = laid_out(frame, table.panel)["rows"]
        body = tuple(row["text"] for row in rows if row["role"] not in ("header", "footer"))
        if body == seen:
            break
        pages.append((body, frame.footer))
        seen = body
        press(table, host("down"))
    return pages


def resumed(name, language, seats=4):
    game = load(name)
    recorder = MemoryRecorder()
    sid = recorder.create_session(name, {"seats": seats}, 3, [])
    table = Table(recorder, {name: game}, language, new_seed=lambda: 3)
    assert table.resume(sid, name, {"seats": seats}, 3, [])
    return table


@pytest.mark.parametrize("language", ["cs", "en"])
def test_the_resume_of_a_secret_pick_says_who_picks_again_whole_and_the_footer_says_more(language):
    from companion.table import texts

    table = resumed("vaaalbara", language)
    seats = ", ".join(table.seat_label(s) for s in table.session.prompt.seats)
    said = texts.SECRETS_AGAIN.format(seats=seats).get(language)
    pages = _pages(table)
    assert len(pages) > 1 and pages[0][1].startswith("▼")  # more below, said where the locks are
    assert pages[-1][1].startswith("▲") and "▼" not in pages[-1][1]
    read = [row for body, _ in pages for row in body]
    assert " ".join(r for r in read if r).find(said) >= 0
    start = table.panel.rows(said)[0]
    assert any(body[0] == start for body, _ in pages)  # the sentence begins a page: never parted at its start


@pytest.mark.parametrize("language", ["cs", "en"])
def test_a_page_of_the_start_spots_never_ends_on_a_players_name(language):
    table = resumed("graenaland", language)
    assert table.session.prompt.kind.name == "CONFIRM"
    pages = _pages(table)
    for body, _ in pages:
        filled = [row for row in body if row]
        assert not filled or not filled[-1].endswith(":"), body
    read = [row for body, _ in pages for row in body if row]
    detail = table.panel.all_rows(table.session.prompt.detail.get(language).split("; "))
    assert [r for r in read if r in detail][-len(detail) :] == detail  # every row of it reached, in order


# -- 4. Graenaland: what is voted on ---------------------------------------------------------------


def table_at(name, step, language, seats=4):
    """A table resumed at the first ``step`` of a random playout (news and notice put away)."""
    from companion.engine import Session

    from ..games.playout import play

    game = load(name)
    for seed in range(500, 520):
        session = play(game, {"seats": seats}, seed, 400)
        replay = Session(game, session.options, seed)
        for index, entry in enumerate(session.entries):
            if replay.prompt is not None and replay.prompt.step == step:
                recorder = MemoryRecorder()
                sid = recorder.create_session(name, session.options, seed, [])
                table = Table(recorder, {name: game}, language, new_seed=lambda seed=seed: seed)
                assert table.resume(sid, name, session.options, seed, list(session.entries[:index]))
                table.messages.notice, table.messages.news = [], []
                return table
            replay.submit(entry["action"])
    raise AssertionError(f"no {step} in the playouts")


@pytest.mark.parametrize("language", ["cs", "en"])
def test_the_vote_screen_shows_what_is_voted_on_on_the_panel_and_on_the_pad(language):
    from companion.table.seat_screens import seat_screen

    table = table_at("graenaland", "vote", language)
    state = table.session.state
    shares = state["proposal"]["shares"]
    body = [row["text"] for row in drawn(table) if row["role"] not in ("header", "footer")]
    gets = "dostane" if language == "cs" else "gets"
    assert any(gets in row for row in body), body  # the first page says who would get what
    seat, count = next((int(s), n) for s, n in shares.items() if n) if any(shares.values()) else (None, 0)
    for voter in table.session.prompt.seats:
        pad = " ".join(seat_screen(table, voter).rows(4))
        if seat is not None:
            assert table.seat_label(seat).split()[0] in pad and f"+{count}" in pad, pad


@pytest.mark.parametrize("language", ["cs", "en"])
def test_the_vote_result_is_said_once(language):
    import re

    from .helpers import pad

    table = table_at("graenaland", "vote", language)
    for seat in table.session.prompt.seats:
        press(table, pad(seat + 1, "#"))
    assert table.messages.news and table.session.prompt.kind.name == "CONFIRM"
    read = []
    for _ in range(8):
        read += [row["text"] for row in drawn(table) if row["role"] not in ("header", "footer") and row["text"]]
        press(table, host("down"))
    text = " ".join(read)
    counts = re.findall(r"\((?:celkem|total) \d+\)", text)
    assert len(counts) == 1, read


@pytest.mark.parametrize("language", ["cs", "en"])
def test_the_page_counter_of_a_list_never_jumps_when_an_option_wraps(language):
    from companion.engine import Option, Prompt, PromptKind, Step

    from .helpers import one_step_table

    title = Msg("Kterou kartu si vezmeš z nabídky na stole?", "Which card do you take from the offer on the table?")
    labels = [Msg(f"Karta {n}", f"Card {n}") for n in range(1, 13)]
    labels[4] = Msg("Karta 5, která se rozloží na dva řádky", "Card 5, which takes two rows of the panel")
    labels[9] = Msg("Karta 10, která se také rozloží na dva řádky", "Card 10, which also takes two rows here")

    class Pick(Step):
        name = "pick"

        def prompt(self, state, task):
            options = tuple(Option(n, label, str(n)) for n, label in enumerate(labels, 1))
            return Prompt(PromptKind.CHOICE, "pick", (0,), title, {0: options})

        def apply(self, state, action, task):
            state["done"] = action.value

    table = one_step_table(Pick())
    table.language = language
    press(table, host("ok", "ok"))
    counters = []
    for _ in labels:
        counters.append(table.frame().footer.split()[-1])
        press(table, host("down"))
    pages = [tuple(map(int, c.split("/"))) for c in counters]
    assert len({total for _, total in pages}) == 1, counters  # one count of pages
    assert [page for page, _ in pages] == sorted(page for page, _ in pages), counters  # never back


# -- 5. Gheos, Dva bratři ------------------------------------------------------------------------------


def test_gheos_the_colours_ticked_for_a_war_are_on_the_row_that_confirms_them():
    from companion.engine import Session

    from ..games.playout import play

    game = load("gheos")
    for seed in range(500, 560):
        session = play(game, {"seats": 3}, seed, 400)
        replay = Session(game, session.options, seed)
        for index, entry in enumerate(session.entries):
            prompt = replay.prompt
            if prompt is not None and prompt.step == "war_civs" and len(replay.state["conflict"]["civs"]) >= 2:
                for language in ("cs", "en"):
                    recorder = MemoryRecorder()
                    sid = recorder.create_session("gheos", session.options, seed, [])
                    table = Table(recorder, {"gheos": game}, language, new_seed=lambda seed=seed: seed)
                    assert table.resume(sid, "gheos", session.options, seed, list(session.entries[:index]))
                    table.messages.notice, table.messages.news = [], []
                    options = table.session.prompt.options_for(table.session.prompt.seats[0])
                    table.answer.cursor = [o.code for o in options].index("#")
                    lit = " ".join(row["text"] for row in drawn(table) if row["lit"] and row["role"] == "answer")
                    for colour in replay.state["conflict"]["civs"]:
                        name = next(o.label.get(language) for o in options if o.value == colour)[2:]
                        assert name in lit, (lit, name)
                return
            replay.submit(entry["action"])
    pytest.skip("no war of two colours in the playouts")


def ended(name, language, seats=2):
    """A table on the final ranking of a random playout, its last action keyed in."""
    from companion.engine import Session

    from ..games.playout import play
    from ..keyscript import keys_for_action
    from .test_answer_on_screen import press as script

    game = load(name)
    for seed in range(500, 530):
        session = play(game, {"seats": seats}, seed, 2000)
        if not session.over:
            continue
        replay = Session(game, session.options, seed)
        for entry in session.entries[:-1]:
            replay.submit(entry["action"])
        recorder = MemoryRecorder()
        sid = recorder.create_session(name, session.options, seed, [])
        table = Table(recorder, {name: game}, language, new_seed=lambda seed=seed: seed)
        assert table.resume(sid, name, session.options, seed, list(session.entries[:-1]))
        table.messages.notice, table.messages.news = [], []
        script(table, keys_for_action(replay.prompt, session.entries[-1]["action"]))
        return table
    raise AssertionError("no ended playout")


@pytest.mark.parametrize("language", ["cs", "en"])
def test_dva_bratri_the_final_screen_reads_every_side_s_points_by_kind_and_says_what_ok_opens(language):
    from companion.table.flow import Over

    table = ended("dva_bratri", language, seats=1)
    assert isinstance(table.screen, Over)
    finals = [m.get(language) for m in table.messages.news]
    assert finals, "the final scoring is announced"
    read = []
    for _ in range(12):
        read += [row["text"] for row in drawn(table) if row["role"] not in ("header", "footer")]
        press(table, host("down"))
    for text in finals:
        for row in table.panel.rows(text):
            assert row in read, (row, read)
    scores = table.screen.scores
    for parts in scores.breakdown.values():
        for part, points in parts.items():
            if points:  # every side's points by kind, in the game's words
                name = table.running.game.score_part(part).get(language)
                assert any(f"{name} {points}" in row for row in read), (name, points, read)
    footer = table.frame().footer
    follow = table.running.game.follow_up(table.running.state)
    if follow is not None:
        assert "nová hra" not in footer and "new game" not in footer, footer
        press(table, host("ok"))
        assert table.screen.note == [follow.question]


def test_dva_bratri_the_place_map_says_what_is_placed_and_its_keys_and_the_undo_names_the_place_in_words():
    from companion.table.prompts import described

    for language in ("cs", "en"):
        table = table_at("dva_bratri", "build_at", language, seats=1)
        prompt = table.session.prompt
        tile = prompt.detail.get(language)
        frame = table.frame()
        above = [row["text"] for row in drawn(table) if row["role"] not in ("header", "map", "footer")]
        assert any(tile in row for row in above), above  # the tile's name above the map
        assert any(row.startswith("2/4/6/8") for row in above), above  # the keys (no footer under a map)
        assert frame.map is not None
        value = prompt.options_for(None)[0].value
        said = described(
            (prompt, {"step": prompt.step, "seat": 0, "value": value}, table.session.state), table.session.game
        )
        assert (" od " if language == "cs" else " of ") in said.get(language), said  # beside which tile


# -- 6. a name with an emoji --------------------------------------------------------------------------


@pytest.mark.parametrize("language", ["cs", "en"])
def test_a_name_with_an_emoji_is_kept_as_typed_and_drawn_without_a_box(tmp_path, language):
    from companion.surface.events import SeatClaim
    from companion.surface.panel import has_glyph

    from .test_player_names import bonus_table, open_names, opened

    with opened(tmp_path) as store:
        table = bonus_table(store, language)
        table.name_player(0, "Anna 🙂")
        table.name_player(1, "🙂")
        assert table.names == {0: "Anna 🙂", 1: "🙂"}  # kept as given (the phones draw it)
        assert "Anna 🙂" in store.known_names()
        open_names(table)
        rows = [row["text"] for row in drawn(table)]
        press(table, host("back"))  # a claim is asked over the game
        table.handle(SeatClaim(1, "Eva 🙂", False, lambda ok: None))
        rows += [row["text"] for row in drawn(table)] + list(table.frame().lines)
        assert any("Eva" in row for row in rows), rows
        for row in rows:
            assert all(has_glyph(char) for char in row), row
        assert any("Anna" in row for row in rows) and any(row.endswith("?") for row in rows), rows


# -- 7. a session file's pick from a seat not asked ------------------------------------------------------


def test_a_hidden_pick_from_a_seat_not_asked_is_refused_by_the_game_s_rule_not_as_incomplete():
    from companion.engine import RuleError, Session

    from ..games.playout import play

    game = load("graenaland")
    for seed in range(500, 530):
        session = play(game, {"seats": 4}, seed, 400)
        replay = Session(game, session.options, seed)
        for entry in session.entries:
            prompt = replay.prompt
            if prompt is not None and prompt.step == "vote" and len(prompt.seats) < 4:
                outsider = next(s for s in range(4) if s not in prompt.seats)
                picks = {str(s): True for s in prompt.seats} | {str(outsider): True}
                with pytest.raises(RuleError) as refused:
                    game.apply(replay.state, {"step": "vote", "picks": picks})
                assert refused.value.rule == "graenaland.no_vote_here"
                assert f"{outsider + 1}" in refused.value.msg.en
                missing = {str(s): True for s in prompt.seats[1:]}  # one voter missing: still incomplete
                with pytest.raises(RuleError) as refused:
                    game.apply(replay.state, {"step": "vote", "picks": missing})
                assert refused.value.rule == "session.picks_incomplete"
                return
            replay.submit(entry["action"])
    pytest.skip("no vote without every seat in the playouts")


def test_a_step_without_a_rule_of_its_own_names_the_seat_not_asked():
    from companion.engine import RuleError, Session

    from ..engine.toy import GAME as TOY

    session = Session(TOY, {"seats": 2}, 5)
    prompt = session.prompt
    assert prompt.kind.hidden
    picks = {str(s): prompt.options_for(s)[0].value for s in prompt.seats} | {"5": 1}
    with pytest.raises(RuleError) as refused:
        TOY.apply(session.state, {"step": prompt.step, "picks": picks})
    assert refused.value.rule == "session.not_asked"
