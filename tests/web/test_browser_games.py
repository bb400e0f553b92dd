"""Whole games of all six games in a real browser (issue 32), with phones only: a host phone that
opened the panel's host code starts each game from the main menu and lets the players' phones
in, each player taps what their phone's touch form shows, at random, and nothing else reaches
the table: no host button, no key script. Two games also with emulated pads beside the phones.

Every question kind's form is photographed at 390x844 in both languages (the phone's own
language button), into docs/web/phone-form-<kind>-<language>.png.
"""

from __future__ import annotations

import json
import random
import time

import pytest

from companion.games import available, load
from companion.run import ask_the_host, name_seat
from companion.surface.events import KeyEvent
from companion.table.flow import Claim, Over, Play
from companion.table.table import Table
from companion.web import server as web_server
from companion.web.views import seat_view

from . import test_browser as browser
from .helpers import EndingRecorder
from .phones import PhoneTable
from .test_browser import SHOTS, Box, Page, untokened, wait_until

chromium = browser.chromium  # the browser tests' fixture, shared

# one worker plays them all: the last test checks what the others photographed
pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("phone_forms")]

SEATS = {"vaaalbara": 2, "graenaland": 3, "dva_bratri": 1, "great_wall": 4, "troy": 4, "gheos": 2}
NAMES = ["Eva", "Ota", "Líba", "Jan", "Ema", "Petr"]
MAX_TAPS = 4000


def menu_table(language: str) -> Table:
    return Table(EndingRecorder(), {name: load(name) for name in available()}, language, new_seed=lambda: 7)


class HostPhone(Page):
    """The phone that read the panel's host code: the host's five buttons."""

    def __init__(self, chromium, box: Box):
        super().__init__(chromium, box.url, f"/#HOST-{box.web.host_key}")
        self.box = box
        self.page.wait_for_selector("#host:not([hidden])")
        self.presses = 0

    def press(self, key: str) -> None:  # type: ignore[override]
        handled = self.box.handled
        self.page.click(f'button[data-host="{key}"]')
        self.presses += 1
        settle(self.box, handled + 1)


def settle(box: Box, handled: int, timeout: float = 30.0) -> None:
    """Wait until the owner has handled ``handled`` events and the web thread took its views."""
    end = time.monotonic() + timeout
    while box.handled < handled or not box.owner.events.empty():
        assert time.monotonic() < end, f"the table did not take the tap (keys dropped: {box.web.keys_dropped})"
        time.sleep(0.005)
    box.synced()


def start_game(host: HostPhone, name: str, seats: int) -> None:
    """On the host phone: the game in the main menu, its player count, the settings as offered."""
    table = host.box.owner.table
    title = table.games[name].title.get(table.language)
    for wanted in (title, f"{seats} "):
        menu = table.screen
        labels = [item.label.get(table.language) for item in menu.items]
        index = next(i for i, label in enumerate(labels) if label.startswith(wanted) or label == wanted)
        while table.screen.cursor != index:
            host.press("down")
        host.press("ok")
        if isinstance(table.screen, Play):
            return
    for _ in range(20):  # the game's settings: as the menu offers them
        if isinstance(table.screen, Play):
            return
        host.press("ok")
    raise AssertionError(f"{name} did not start: {table.frame()}")


class Player(Page):
    """A player's phone at one seat."""

    def __init__(self, chromium, box: Box, host: HostPhone, seat: int, locale: str):
        super().__init__(chromium, box.url, "/", locale)
        self.box, self.seat = box, seat
        self.page.wait_for_selector(f'button.seat[data-seat="{seat}"]')
        handled = box.handled
        self.page.locator(f'button.seat[data-seat="{seat}"]').click()
        self.page.fill("#name", NAMES[seat])
        self.page.click("#take")
        settle(box, handled + 1)  # the claim on the panel
        assert isinstance(box.owner.table.screen, Claim)
        host.press("ok")  # a free seat: Yes is lit
        self.page.wait_for_selector("#pad:not([hidden])")

    def shown(self, view: dict) -> None:
        """Wait until the page has drawn ``view``'s question."""
        for _ in range(400):
            frames = [json.loads(f) for f in self.frames]
            seats = [f for f in frames if f.get("t") == "seat"]
            if seats and seats[-1].get("form") == view["form"] and seats[-1].get("locked") == view["locked"]:
                q, locked = json.dumps(str(view["form"].get("q", ""))), "1" if view["locked"] else "0"
                form = "document.getElementById('form')"
                wait_until(self.page, f"{form}.dataset.q === {q} && {form}.dataset.locked === '{locked}'")
                return
            self.page.wait_for_timeout(5)
        raise AssertionError(f"seat {self.seat}'s page never showed {view['form']}")

    def tap(self, view: dict, rnd: random.Random) -> int:
        """Answer what the form asks, at random, with the page's own buttons; the taps."""
        form = view["form"]
        kind = form["kind"]
        box = self.page.locator("#form")
        if kind == "confirm":
            box.locator("button.send").click()
            return 1
        if kind == "keys":
            box.locator("button.option").first.click()
            return 1
        if kind == "number" and form["max"] - form["min"] <= 12:
            number = rnd.randint(form["min"], min(form["max"], form["min"] + 6))
            box.locator(f'button[data-number="{number}"]').click()
            return 1
        if kind == "number":
            number = rnd.randint(form["min"], min(form["max"], form["min"] + 6))
            for digit in str(number):
                box.locator(f'button[data-digit="{digit}"]').click()
            box.locator("button.send").click()
            return len(str(number)) + 1
        if kind == "counts":
            code = rnd.choice(sorted(form["mixes"]))
            for index, count in enumerate(form["mixes"][code]):
                for _ in range(count):
                    box.locator(f'button.step[data-kind="{index}"]').click()
            box.locator("button.send").click()
            return form["total"] + 1
        option = rnd.choice(form["options"])
        box.locator(f'button.option[data-code="{option["code"]}"]').first.click()
        if not form["hidden"]:
            return 1  # a public answer goes with its tap
        box.locator("button.send").click()
        return 2


def answerable(view: dict) -> bool:
    form = view.get("form") or {}
    if form.get("kind") in (None, "wait"):
        return False
    if form.get("kind") == "keys":
        return not form.get("done")
    return not (form.get("hidden") and view.get("locked"))


def shoot(player: Player, kind: str, shot: set) -> None:
    """The form of ``kind`` in the phone's language, then in the other (its language button)."""
    for _ in range(2):
        language = player.page.locator("html").get_attribute("lang")
        if (kind, language) not in shot:
            shot.add((kind, language))
            player.page.screenshot(path=str(SHOTS / f"phone-form-{kind}-{language}.png"))
        handled = player.box.handled
        player.page.click("#lang")
        settle(player.box, handled + 1)
        wait_until(player.page, f"document.documentElement.lang !== {json.dumps(language)}")


def play_on_phones(chromium, name: str, language: str, pads: tuple[int, ...] = (), shot: set | None = None):
    """A whole game of ``name``; seats in ``pads`` type on emulated pads (the option's code), the
    others tap their phones. Returns the host phone's presses during play and the taps.
    The test taps faster than people can (some 30 a second on a quiet machine, every phone from
    one address): the web table's key caps, which would drop taps, are lifted for it."""
    caps = web_server.KEY_RATE, web_server.KEY_BURST, web_server.RATE, web_server.BURST
    web_server.KEY_RATE, web_server.KEY_BURST, web_server.RATE, web_server.BURST = 1e6, 10**6, 1e6, 10**6
    try:
        return _play_on_phones(chromium, name, language, pads, shot)
    finally:
        web_server.KEY_RATE, web_server.KEY_BURST, web_server.RATE, web_server.BURST = caps


def _play_on_phones(chromium, name: str, language: str, pads: tuple[int, ...], shot: set | None):
    box = Box(0, language, table=menu_table(language))
    ask_the_host(box.web, box.owner.events, lambda seat, player: name_seat(box.owner.table, seat, player))
    try:
        host = HostPhone(chromium, box)
        seats = SEATS[name]
        if shot is not None and ("host", language) not in shot:
            shot.add(("host", language))
            host.page.screenshot(path=str(SHOTS / f"phone-host-{language}.png"))
        start_game(host, name, seats)
        locale = "cs-CZ" if language == "cs" else "en-US"
        players = {seat: Player(chromium, box, host, seat, locale) for seat in range(seats) if seat not in pads}
        rnd = random.Random(5)
        table = box.owner.table
        during, taps = host.presses, 0
        for _ in range(MAX_TAPS):
            if isinstance(table.screen, Over):
                break
            views = {seat: seat_view(table, seat) for seat in range(seats)}
            ready = [seat for seat, view in views.items() if answerable(view)]
            assert ready, f"no phone can go on: {table.frame()}"
            seat = rnd.choice(ready)
            handled = box.handled
            if seat in pads:
                for key in pad_keys(views[seat], rnd):
                    box.owner.events.put(KeyEvent(seat, key, "pad"))
                    handled += 1
                settle(box, handled)
                continue
            player = players[seat]
            player.shown(views[seat])
            if shot is not None and (views[seat]["form"]["kind"], language) not in shot:
                shoot(player, views[seat]["form"]["kind"], shot)
                handled = box.handled
                player.shown(seat_view(table, seat))
            taps += player.tap(views[seat], rnd)
            settle(box, handled + 1)
        assert isinstance(table.screen, Over), f"{name} did not end in {MAX_TAPS} taps"
        if shot is not None and ("over", language) not in shot:  # the ranking on a player's phone
            shot.add(("over", language))
            first = next(iter(players.values()))
            first.shown(seat_view(table, first.seat))
            first.page.screenshot(path=str(SHOTS / f"phone-over-{language}.png"), full_page=True)
        presses_in_play = host.presses - during
        host.press("ok")  # the ranking read: the host phone goes on to the main menu
        assert not isinstance(table.screen, Over)
        for page in [host, *players.values()]:
            assert not page.errors, page.errors
        return presses_in_play, taps
    finally:
        box.close()


def pad_keys(view: dict, rnd: random.Random) -> list[str]:
    """What a pad types for an answer: an option's code, and "#" after a code of several keys
    (or a hidden pick's code); "#" for a confirmation; a number's digits and "#"."""
    form = view["form"]
    if form["kind"] == "confirm":
        return ["#"]
    if form["kind"] == "number":
        return [*str(rnd.randint(form["min"], min(form["max"], form["min"] + 3))), "#"]
    code = rnd.choice(form["options"])["code"]
    single = all(len(o["code"]) == 1 for o in form["options"])
    return [*code] if single and not (form["hidden"] and code not in "#*") else [*code, "#"]


@pytest.fixture(scope="module")
def shot():
    return set()


@pytest.mark.parametrize(
    ("name", "language"),
    [
        ("vaaalbara", "cs"),
        ("graenaland", "en"),
        ("dva_bratri", "cs"),
        ("great_wall", "en"),
        ("troy", "cs"),
        ("gheos", "en"),
    ],
)
def test_a_whole_game_on_phones_with_the_host_phone_and_no_host_button(chromium, name, language, shot):
    presses, taps = play_on_phones(chromium, name, language, shot=shot)
    assert presses == 0  # during play nobody needed the host's buttons
    assert taps > 0


@pytest.mark.parametrize("name", ["vaaalbara", "gheos"])
def test_a_mixed_table_of_phones_and_pads_plays_a_whole_game(chromium, name):
    presses, taps = play_on_phones(chromium, name, "en", pads=(0,))
    assert presses == 0 and taps > 0


def solo_dva_bratri_until(found, missing: str, answers: int = 3000) -> PhoneTable:
    """A solo Dva bratři game played by phone answers until the phone's form is one ``found``
    accepts (some forms come only in random games the menu's defaults do not reach)."""
    phones = PhoneTable("dva_bratri", 1, seed=3)
    for _ in range(answers):
        if found(phones.views()[0]["form"]):
            return phones
        if not phones.step():
            phones.table.handle(KeyEvent(None, "ok"))
    pytest.fail(missing)


def test_a_compass_question_is_a_rose_on_the_phone(chromium, shot):
    """Dva bratři's compass questions (a treasure's marked places, learnt from the box) come in
    random games the menu's defaults do not reach: the game is brought there by phone answers
    first, then a phone in the browser takes the seat, photographs the rose and answers it."""
    phones = solo_dva_bratri_until(lambda form: form["kind"] == "rose", "no compass question in the game")
    box = Box(1, "cs", table=phones.table)
    try:
        player = Page(chromium, box.url, "/", "cs-CZ")
        player.take(0, "Eva")
        player.box = box  # type: ignore[attr-defined]
        view = seat_view(box.owner.table, 0)
        form = view["form"]
        assert [o["code"] for o in form["options"] if o["code"] in "12346789"] == list("12346789")
        player.page.wait_for_selector(".rose button.option")
        assert player.page.locator(".rose button.option").count() == 8
        shoot(player, "rose", shot)
        handled = box.handled
        player.page.locator('.rose button.option[data-code="6"]').click()  # a public answer: one tap
        settle(box, handled + 1)
        assert box.owner.table.answer.asked != form["q"]  # the answer was taken: another question
        assert not player.errors
    finally:
        box.close()


def test_a_map_on_the_phone_says_what_lies_on_each_place(chromium):
    """Dva bratři's map: a tap on a place answers at once, so each place's button says in words
    what lies there (the tile's building and colour, or its colour face down) under its
    picture, and its whole label (with the place) is the button's accessible name."""
    phones = solo_dva_bratri_until(
        lambda form: form["kind"] == "cell" and sum("–" in o["label"] for o in form["options"]) >= 3,
        "no map of built tiles in the game",
    )
    box = Box(1, "cs", table=phones.table)
    try:
        player = Page(chromium, box.url, "/", "cs-CZ")
        player.take(0, "Eva")
        player.page.wait_for_selector(".grid button.cell")
        cells = player.page.locator(".grid button.cell")
        places = [o for o in seat_view(box.owner.table, 0)["form"]["options"] if o["label"].endswith("]")]
        assert cells.count() == len(places)
        for n in range(cells.count()):
            cell = cells.nth(n)
            label = cell.get_attribute("aria-label")
            assert label in [o["label"] for o in places]
            words = cell.locator(".cell-words").inner_text().replace("\n", " ")
            assert words == label.rsplit(" [", 1)[0]  # what lies there, without the place
        assert not player.errors
    finally:
        box.close()


def catch_up(box: Box, board: Page, phones: list[Page], timeout: float = 30.0) -> None:
    """Wait until the board and every phone hold the view the web table holds for them now."""
    end = time.monotonic() + timeout
    while True:
        box.synced()
        if board.frames[-1:] == [box.web._board] and all(
            phone.frames[-1:] == [box.web._seat_messages.get(seat)] for seat, phone in enumerate(phones)
        ):
            return
        assert time.monotonic() < end, "the pages did not catch up with the box"
        board.page.wait_for_timeout(25)


def touch_picks(chromium, code: str) -> tuple[list[list[str]], list[int]]:
    """Three phones and a board; Blue chooses ``code`` on the touch form and locks it, then the
    others lock theirs. What the board and the other two phones received up to the last lock,
    and the sizes of every message Blue's phone sent."""
    box = Box(3, "en")
    try:
        board = Page(chromium, box.url, "/board")
        board.page.wait_for_selector("#seats li")
        phones = []
        for seat in range(3):
            phone = Page(chromium, box.url, "/")
            phone.take(seat, NAMES[seat])
            phones.append(phone)
        # the claims settle first (their frames follow the claims' timing, not the pick)
        catch_up(box, board, phones)
        marks = [len(page.frames) for page in (board, *phones[1:])]
        before = len(phones[0].sent)
        for seat, pick in ((0, code), (1, "05")):
            handled = box.handled
            phones[seat].page.locator(f'#form button.option[data-code="{pick}"]').click()
            phones[seat].page.locator("#form button.send").click()
            settle(box, handled + 1)
        wait_until(board.page, "document.querySelectorAll('#seats li[data-locked=\"1\"]').length === 2")
        catch_up(box, board, phones)
        seen = [page.frames[mark:] for page, mark in zip((board, *phones[1:]), marks, strict=True)]
        return seen, [len(message) for message in phones[0].sent[before:]]
    finally:
        box.close()


def test_a_hidden_pick_on_the_touch_form_sends_the_same_and_shows_everyone_else_the_same(chromium):
    runs = [touch_picks(chromium, code) for code in ("01", "12")]
    (seen_a, sent_a), (seen_b, sent_b) = runs
    assert [[untokened(f) for f in frames] for frames in seen_a] == [
        [untokened(f) for f in frames] for frames in seen_b
    ]
    assert sent_a == sent_b and len(sent_a) == 1  # the choosing stays on the phone: one message, one size


def test_every_question_kind_was_photographed_in_both_languages(shot):
    kinds = {kind for kind, _ in shot} - {"host", "over"}
    assert {"list", "yesno", "number", "confirm", "cell", "rose", "counts"} <= kinds
    assert all((kind, language) in shot for kind in kinds for language in ("cs", "en"))


def test_at_the_next_game_a_phone_offers_its_players_name_and_seat_again(chromium):
    box = Box(3, "en")
    try:
        phone = Page(chromium, box.url, "/")
        phone.take(1, "Jana")
        box.synced()
        table = box.owner.table
        table.end_game()  # the owner thread is idle: nothing else touches the table now
        table.new_game("vaaalbara", {"seats": 3}, use_memory=False)
        box.owner.publish()
        phone.page.wait_for_selector("#lobby:not([hidden]) button.seat")
        wait_until(phone.page, "document.querySelector('button.seat.chosen') !== null")
        assert phone.page.locator("button.seat.chosen").get_attribute("data-seat") == "1"
        assert phone.page.locator("#name").input_value() == "Jana"
        assert not phone.errors
    finally:
        box.close()
