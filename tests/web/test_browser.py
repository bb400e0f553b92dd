"""The web table in a real browser: Debian's chromium driven by Playwright, through a host name
mapped to 127.0.0.1 (127.0.0.1 itself counts as a secure context and would hide what phones on
plain http lack). Four phones play a Vaaalbara pick beside a board; every WebSocket frame each
page receives is recorded; screenshots at phone size go to docs/web/.

Run with ``python3 -m pytest tests/web -m browser`` (the last step of .ci/run)."""

from __future__ import annotations

import json
import os
import queue
import re
import socket
import threading
from pathlib import Path

import pytest

from companion.table.flow import Claim
from companion.web.server import WebTable
from companion.web.views import SIZES

from .helpers import HOST, Owner, vaaalbara_table

pytestmark = pytest.mark.browser

# Debian's chromium; COMPANION_CHROMIUM names another one (or none: a path that is not there)
CHROMIUM = Path(os.environ.get("COMPANION_CHROMIUM") or "/usr/bin/chromium")
SHOTS = Path(__file__).resolve().parents[2] / "docs" / "web"
PHONE = {"width": 390, "height": 844}
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    f"--host-resolver-rules=MAP {HOST} 127.0.0.1",
]

if not CHROMIUM.exists():
    pytest.skip(
        f"no chromium at {CHROMIUM} (apt-get install chromium, or set COMPANION_CHROMIUM)", allow_module_level=True
    )
sync_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed (pip install playwright)")


class Box:
    """A table, its web table and an owner thread that handles the phones' keys as the main
    loop does (events from the queue, the views published after each)."""

    def __init__(self, players: int, language: str, table=None):
        self.owner = Owner(table or vaaalbara_table(players, language))
        sock = socket.socket()
        sock.bind(("127.0.0.1", 0))
        sock.listen(16)
        self.port = sock.getsockname()[1]
        self.url = f"http://{HOST}:{self.port}"
        self.web = WebTable(self.owner.events, allowed_hosts={f"{HOST}:{self.port}"}, sock=sock)
        self.owner.web = self.web
        self.web.start()
        self.owner.publish()
        self.handled = 0
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._loop, daemon=True)
        self._thread.start()

    def _loop(self):
        while not self._stop.is_set():
            try:
                event = self.owner.events.get(timeout=0.05)
            except queue.Empty:
                continue
            self.owner.handle(event)
            self.handled += 1

    def synced(self) -> None:
        """Wait until the web thread has taken every view published so far (its callbacks run
        in order: one queued now runs after them)."""
        done = threading.Event()
        assert self.web._loop is not None
        self.web._loop.call_soon_threadsafe(done.set)
        assert done.wait(10)

    def close(self):
        self._stop.set()
        self._thread.join(5)
        self.web.close()


@pytest.fixture(scope="module")
def chromium():
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        yield browser
        browser.close()


@pytest.fixture
def box_of():
    boxes = []

    def make(players=4, language="en", table=None):
        boxes.append(Box(players, language, table))
        return boxes[-1]

    yield make
    for box in boxes:
        box.close()


class Page:
    """One device: a browser context of its own (its own localStorage), every frame recorded."""

    def __init__(self, chromium, url: str, path: str, locale: str = "en-US"):
        self.context = chromium.new_context(viewport=PHONE, device_scale_factor=2, locale=locale)
        self.page = self.context.new_page()
        self.frames: list[str] = []
        self.sent: list[str] = []  # what the page sent the box
        self.dialogs: list[str] = []
        self.errors: list[str] = []
        self.page.on("websocket", self._socket)
        self.page.on("dialog", lambda dialog: (self.dialogs.append(dialog.message), dialog.dismiss()))
        self.page.on("console", lambda msg: self.errors.append(msg.text) if msg.type == "error" else None)
        self.page.on("pageerror", lambda error: self.errors.append(str(error)))
        self.page.goto(url + path)

    def _socket(self, ws) -> None:
        ws.on("framereceived", lambda payload: self.frames.append(payload))
        ws.on("framesent", lambda payload: self.sent.append(payload))

    def views(self, kind: str) -> list[dict]:
        return [json.loads(f) for f in self.frames if json.loads(f).get("t") == kind]

    def take(self, seat: int, name: str) -> None:
        self.page.locator(f'button.seat[data-seat="{seat}"]').click()
        self.page.fill("#name", name)
        self.page.click("#take")
        self.page.wait_for_selector("#pad:not([hidden])")

    def press(self, keys: str) -> None:
        """Type on the pad's keypad (one tap opens it under the touch form)."""
        if self.page.locator("#keypad-box[open]").count() == 0:
            self.page.click("#keypad-box summary")
        for key in keys:
            self.page.locator(f'button.key[data-key="{key}"]').click()


def wait_until(page, test: str, timeout=5000):
    """Wait until the JavaScript expression ``test`` holds (a function: the page's policy
    forbids evaluating strings, and the test keeps the policy on)."""
    page.wait_for_function(f"() => {test}", timeout=timeout)


def play_picks(chromium, box, picks: list[str], names: list[str], shots: str | None = None):
    """Four phones take their seats and lock picks; the board watches. Returns the pages and
    how many frames each had received just before the last key (the reveal)."""
    board = Page(chromium, box.url, "/board")
    board.page.wait_for_selector("#seats li")
    phones = []
    locale = "cs-CZ" if box.owner.table.language == "cs" else "en-US"  # phones that read the table's language
    for seat, name in enumerate(names):
        phone = Page(chromium, box.url, "/", locale)
        phone.page.wait_for_selector(f'button.seat[data-seat="{seat}"]')
        if shots and seat == len(names) - 1:  # the seats the others took, the last one free
            taken = "[...document.querySelectorAll('.seat-note')].filter((n) => n.textContent.includes('(')).length"
            wait_until(phone.page, f"{taken} === {seat}")
            phone.page.screenshot(path=str(SHOTS / f"phone-lobby-{shots}.png"))
        phone.take(seat, name)
        phones.append(phone)
    for seat, keys in enumerate(picks[:-1]):
        phones[seat].press(keys)
        wait_until(board.page, f"document.querySelectorAll('#seats li[data-locked=\"1\"]').length === {seat + 1}")
    last = phones[-1]
    last.press(picks[-1][:-1])
    wait_until(last.page, f"document.getElementById('entry').textContent.includes(': {picks[-1][:-1]}')")
    if shots:
        phones[0].page.screenshot(path=str(SHOTS / f"phone-locked-{shots}.png"))
        last.page.screenshot(path=str(SHOTS / f"phone-typing-{shots}.png"))
        board.page.screenshot(path=str(SHOTS / f"board-{shots}.png"), full_page=True)
    before = {"board": len(board.frames), **{f"seat{n}": len(p.frames) for n, p in enumerate(phones)}}
    last.press("#")  # the reveal
    wait_until(board.page, "document.querySelectorAll('#seats li[data-locked=\"1\"]').length === 0")
    return board, phones, before


def untokened(frame: str) -> str:
    """A frame with its seat token (random in every run) blanked, at the same length."""
    return re.sub(r'"token":"[^"]*"', lambda m: '"token":"' + "-" * (len(m.group(0)) - 10) + '"', frame)


@pytest.mark.parametrize("language", ["en", "cs"])
def test_four_phones_pick_in_secret_and_the_board_shows_who_has_locked(chromium, box_of, language):
    box = box_of(4, language)
    names = ["Eva", "Ota", "Líba", "Jan"]
    board, phones, _ = play_picks(chromium, box, ["01#", "05#", "09#", "12#"], names, shots=language)
    # after the reveal every seat's phone shows the next question; the board logs what happened
    # (the owner counts a key once it has handled it, which may be just after the views went out)
    for _ in range(200):
        if box.handled >= 12:
            break
        board.page.wait_for_timeout(25)
    assert box.handled == 12
    assert board.page.locator("#log li").count() >= 1 or board.views("board")[-1]["log"] == []
    for phone in phones:
        assert phone.page.locator("#keys button").count() == 12
        assert not phone.errors and not phone.dialogs
    assert not board.errors


def test_before_the_reveal_no_other_audience_sees_a_different_frame_and_every_size_is_fixed(chromium, box_of):
    """Two plays that differ only in Blue's hidden pick (and one change of mind): every frame
    the board and the other phones received before the reveal is the same byte for byte."""
    runs = []
    for first in ("03#", "11#07#"):
        box = box_of(4, "en")
        runs.append(play_picks(chromium, box, [first, "02#", "04#", "06#"], ["A", "B", "C", "D"]))
    (board_a, phones_a, before_a), (board_b, phones_b, before_b) = runs
    assert board_a.frames[: before_a["board"]] == board_b.frames[: before_b["board"]]
    for seat in (1, 2, 3):
        key = f"seat{seat}"
        seen_a, seen_b = phones_a[seat].frames[: before_a[key]], phones_b[seat].frames[: before_b[key]]
        assert [untokened(f) for f in seen_a] == [untokened(f) for f in seen_b], key
    sizes = {len(f.encode()) for page in [board_a, board_b, *phones_a, *phones_b] for f in page.frames}
    assert sizes <= set(SIZES.values())


def test_a_phone_comes_back_with_its_typed_keys_when_the_box_closes_every_socket_or_it_reloads(chromium, box_of):
    box = box_of(3, "en")
    phone = Page(chromium, box.url, "/")
    phone.page.wait_for_selector('button.seat[data-seat="1"]')
    phone.take(1, "Eva")
    phone.press("1")
    wait_until(phone.page, "document.getElementById('entry').textContent.includes('1')")
    box.web.drop_all()
    wait_until(phone.page, "!document.getElementById('connection').hidden")
    wait_until(phone.page, "document.getElementById('connection').hidden", timeout=10000)
    assert "Typed: 1" in phone.page.locator("#entry").text_content()
    phone.page.reload()
    phone.page.wait_for_selector("#pad:not([hidden])")
    assert phone.page.locator("#seat-label").text_content() == "Purple"
    assert "Typed: 1" in phone.page.locator("#entry").text_content()
    assert box.web.names() == {1: "Eva"}


@pytest.mark.parametrize("hostile", ["<script>alert(1)</script>", "<img src=x onerror=alert(1)>"])
def test_a_hostile_name_is_shown_as_text_and_runs_nothing(chromium, box_of, hostile):
    box = box_of(3, "en")
    evil = Page(chromium, box.url, "/")
    evil.page.wait_for_selector('button.seat[data-seat="0"]')
    evil.take(0, hostile)
    other = Page(chromium, box.url, "/")
    other.page.wait_for_selector('button.seat[data-seat="0"]')
    assert hostile[:24] in other.page.locator('button.seat[data-seat="0"]').text_content()
    assert other.page.locator("#seats img, #seats script").count() == 0
    assert not other.dialogs and not evil.dialogs and not other.errors
    assert box.web.names() == {0: hostile[:24]}


def test_a_stolen_seat_needs_the_hosts_yes_and_the_old_phone_is_told(chromium, box_of):
    box = box_of(3, "en")
    asked = []

    def claim(ask):
        asked.append((ask.seat, ask.name, ask.taken))
        return None if ask.taken else True

    box.web.claim = claim
    owner_phone = Page(chromium, box.url, "/")
    owner_phone.page.wait_for_selector('button.seat[data-seat="2"]')
    owner_phone.take(2, "Eva")
    thief = Page(chromium, box.url, "/")
    thief.page.wait_for_selector('button.seat[data-seat="2"]')
    thief.page.locator('button.seat[data-seat="2"]').click()
    thief.page.fill("#name", "Mallory")
    thief.page.click("#take")
    wait_until(thief.page, "document.querySelector('button.seat[data-seat=\"2\"]').textContent.includes('awaiting')")
    assert owner_phone.page.locator("#pad").is_visible()  # nothing happens before the host says yes
    box.web.answer_claim(2, False)
    wait_until(thief.page, "document.getElementById('lobby-note').textContent.includes('did not confirm')")
    assert asked == [(2, "Eva", False), (2, "Mallory", True)]
    assert box.web.names() == {2: "Eva"}


def test_a_page_from_another_site_cannot_open_the_tables_socket(chromium, box_of):
    box = box_of(3, "en")
    page = Page(chromium, box.url, "/")
    page.page.wait_for_selector("#lobby:not([hidden])")
    # a page of another origin (the same box under another name) tries to connect
    result = page.page.evaluate(
        """(port) => new Promise((done) => {
            const ws = new WebSocket(`ws://127.0.0.1:${port}/ws`);
            ws.onopen = () => done("open");
            ws.onerror = () => done("refused");
        })""",
        box.port,
    )
    assert result == "refused"


def test_a_flooding_phone_is_cut_off_and_the_others_play_on(chromium, box_of):
    box = box_of(3, "en")
    flood = Page(chromium, box.url, "/")
    flood.page.wait_for_selector('button.seat[data-seat="0"]')
    flood.take(0, "Flood")
    calm = Page(chromium, box.url, "/")
    calm.page.wait_for_selector('button.seat[data-seat="1"]')
    calm.take(1, "Eva")
    closed = flood.page.evaluate(
        """() => new Promise((done) => {
            const ws = new WebSocket(`ws://${location.host}/ws`);
            const token = localStorage.getItem("companion-seat-token");
            ws.onopen = () => {
                ws.send(JSON.stringify({t: "hello", role: "seat", token}));
                for (let i = 0; i < 3000; i++) ws.send(JSON.stringify({t: "key", key: "1"}));
            };
            ws.onclose = (event) => done(event.code);
        })"""
    )
    assert closed == 1008  # policy violation: too many messages
    calm.press("07#")
    wait_until(calm.page, "document.getElementById('entry').textContent.includes('Locked')")
    assert box.handled <= 24 + 40 + 3  # the burst, what the rate refilled meanwhile, the calm keys


@pytest.mark.parametrize("language", ["en", "cs"])
def test_after_the_game_the_board_shows_the_ranking_the_plots_and_the_bg_stats_link(
    chromium, box_of, language, tmp_path
):
    from datetime import UTC, datetime, timedelta

    from companion.store import Store
    from companion.table.table import Table

    from ..engine.toy import GAME as TOY
    from ..table.helpers import host, pad

    ticks = iter(range(0, 10_000, 7))  # the store's clock: 7 s later at every reading
    started = datetime(2026, 11, 27, 20, 0, tzinfo=UTC)
    store = Store(tmp_path / "companion.db", clock=lambda: started + timedelta(seconds=next(ticks)))
    table = Table(store, {"toy": TOY}, language, new_seed=lambda: 5)
    for event in host("ok", "ok"):
        table.handle(event)
    table.name_player(0, "Anna")  # a pad seat named on the host buttons
    box = box_of(table=table)
    board = Page(chromium, box.url, "/board", locale=language)
    board.page.wait_for_selector("#seats li")
    seat_one = {"cs": "Hráč 1 · Anna", "en": "Player 1 · Anna"}[language]
    assert board.page.locator("#seats li").first.text_content().startswith(seat_one)  # the name beside the colour
    for event in (pad(1, "3#") + pad(2, "1#") + host("ok") + pad(1, "1#")) * 2:
        box.owner.events.put(event)
    board.page.wait_for_selector("#result:not([hidden])")
    wait_until(
        board.page,
        "document.getElementById('scores-plot').complete && document.getElementById('scores-plot').naturalWidth > 0",
    )
    wait_until(board.page, "document.getElementById('decisions-plot').complete")
    assert board.page.locator("#ranking li").count() == 2
    assert board.page.locator("#ranking li", has_text=seat_one).count() == 1
    assert board.page.locator("#log li").count() == 2  # both rounds' announcements, none lost
    assert not board.page.locator("#seats-section").is_visible()  # nobody picks any more
    assert board.page.locator("#panel .footer").count() == 0  # the host's keys are the panel's
    link = board.page.locator("#bgstats")
    assert link.is_visible() and link.get_attribute("href").startswith(
        "https://app.bgstatsapp.com/createPlay.html?data="
    )
    assert link.text_content() == {"cs": "Zapsat hru do BG Stats", "en": "Record the play in BG Stats"}[language]
    svg = board.page.evaluate("() => fetch(document.getElementById('decisions-plot').src).then((r) => r.text())")
    assert svg.count("<circle") == 6  # every decision the log's times give
    board.page.screenshot(path=str(SHOTS / f"board-over-{language}.png"), full_page=True)
    assert not board.errors


TROY_SIDES = {"0": "mycenae", "1": "troy", "2": "mycenae", "3": "troy"}
TROY_GIFTS = [["lumber"], ["ore"], ["grain"], ["wool"]]  # one card each, in the donation round
SIDE = {"en": ("Side: Mycenae", "Side: Troy"), "cs": ("Strana: Mykény", "Strana: Trója")}
CARDS = {"en": ("lumber", "ore", "grain", "wool"), "cs": ("dřevo", "ruda", "obilí", "vlna")}


def troy_actions():
    """Troy's start and a round in which every seat donates one card in secret."""
    yield {"step": "first_player", "seat": None, "value": 0}
    yield {"step": "allegiance", "picks": dict(TROY_SIDES)}
    yield {"step": "founding", "seat": None, "value": None}
    for seat in range(4):
        yield {"step": "roll", "seat": seat, "value": 6}
        yield {"step": "build", "seat": seat, "value": "donate"}
        yield {"step": "donate_count", "seat": seat, "value": 1}
        yield {"step": "donate_cards", "picks": {str(seat): TROY_GIFTS[seat]}}
        yield {"step": "build", "seat": seat, "value": "end"}


@pytest.mark.parametrize("language", ["en", "cs"])
def test_troy_allegiance_and_a_donation_round_with_two_phones_and_two_pads(chromium, box_of, language):
    """Seats 1 and 2 play on phones, seats 3 and 4 on (emulated) pads, all on one queue. While
    a seat types a hidden pick (its side, the card it gives) neither the board nor the other
    phone receives a single frame; each phone shows its own side only; the board's log says
    who gave how many cards, never which; the table ends where the rules say."""
    from companion.engine import Session
    from companion.games.troy import GAME
    from companion.surface.events import KeyEvent
    from companion.table.table import Table

    from ..keyscript import keys_for_action, submit_and_ack
    from ..table.helpers import MemoryRecorder

    options = GAME.validate_options({"seats": 4, "row": "box"})
    recorder = MemoryRecorder()
    table = Table(recorder, {"troy": GAME}, language, new_seed=lambda: 31)
    assert table.resume(recorder.create_session("troy", options, 31, []), "troy", options, 31, [])
    box = box_of(table=table)
    board = Page(chromium, box.url, "/board", locale=language)
    board.page.wait_for_selector("#seats li")
    phones = []
    for seat, name in enumerate(["Eva", "Ota"]):
        phone = Page(chromium, box.url, "/", locale=language)
        phone.page.wait_for_selector(f'button.seat[data-seat="{seat}"]')
        phone.take(seat, name)
        phones.append(phone)
    played = Session(GAME, options, 31)
    expected = 0

    def settled(count):
        """The table has handled ``count`` keys and every page has the view the box holds now."""
        for _ in range(400):
            if box.handled >= count:
                break
            board.page.wait_for_timeout(25)
        box.synced()  # the views of what was handled are the web table's now
        for _ in range(400):
            pages_have_it = board.frames[-1:] == [box.web._board] and all(
                phone.frames[-1:] == [box.web._seat_messages.get(n)] for n, phone in enumerate(phones)
            )
            if box.handled >= count and pages_have_it:
                return
            board.page.wait_for_timeout(25)
        raise AssertionError(f"the table handled {box.handled} keys, not {count}, or a page lags")

    hidden_typing_checked = 0
    for action in troy_actions():
        prompt = played.prompt
        lines = keys_for_action(prompt, action) + submit_and_ack(played, action)
        for line in lines:
            who, *keys = line.split()
            seat = None if who == "host" else int(keys.pop(0)) - 1
            if seat in (0, 1) and prompt.kind.hidden and keys[-1] == "#":
                # a hidden pick typed on a phone: nobody else receives anything until it locks
                others = [board, phones[1 - seat]]
                before = [len(page.frames) for page in others]
                phones[seat].press("".join(keys[:-1]))
                expected += len(keys) - 1
                settled(expected)
                wait_until(phones[seat].page, "document.getElementById('entry').textContent.length > 0")
                phones[1 - seat].page.wait_for_timeout(150)
                assert [len(page.frames) for page in others] == before, (action["step"], seat)
                hidden_typing_checked += 1
                if action["step"] == "donate_cards" and seat == 0:  # the card typed, not yet given
                    phones[0].page.screenshot(path=str(SHOTS / f"phone-troy-{language}.png"))
                keys = keys[-1:]
            if seat in (0, 1):
                phones[seat].press("".join(keys))
            else:
                for key in keys:
                    box.owner.events.put(KeyEvent(seat, key))
            expected += len(keys)
            settled(expected)
    assert hidden_typing_checked == 4  # two sides and two gifts typed on phones
    assert table.session.state == played.state and box.handled == expected
    mine, theirs = SIDE[language]
    wait_until(phones[1].page, f"document.getElementById('private').textContent.includes({json.dumps(theirs)})")
    assert mine in phones[0].page.locator("#private").text_content()
    assert not any(theirs in frame for frame in phones[0].frames)  # each phone its own side only
    assert not any(mine in frame for frame in phones[1].frames)
    board_text = " ".join(board.frames)
    assert not any(side in board_text for side in SIDE[language])
    shown_log = [line.text_content() for line in board.page.locator("#log li").all()]
    assert sum(("gave 1 card" if language == "en" else "1 kart") in line for line in shown_log) == 4, shown_log
    log_text = " ".join(view["log"][-1] for view in board.views("board") if view["log"]).lower()
    assert not any(card in log_text for card in CARDS[language])  # who gave how many, never which
    sizes = {len(f.encode()) for page in [board, *phones] for f in page.frames}
    assert sizes <= set(SIZES.values())
    for page in [board, *phones]:
        assert not page.errors and not page.dialogs


def test_a_take_over_shows_no_locked_pick_and_a_token_ends_with_its_game(chromium, box_of):
    """Issue 31, points 4 and 5 in the page: the device that takes a seat over reads that the
    seat has locked, not what; when the game ends the phone is back in the lobby, told why,
    and its stored token is gone."""
    from companion.run import ask_the_host
    from companion.surface.events import KeyEvent

    box = box_of(3, "en")
    eva = Page(chromium, box.url, "/")
    eva.page.wait_for_selector('button.seat[data-seat="0"]')
    eva.take(0, "Eva")  # granted at once (no claim callback yet)
    eva.press("03#")
    wait_until(eva.page, "document.getElementById('entry').textContent.includes('Hunter')")
    ask_the_host(box.web, box.owner.events, lambda seat, name: None)  # from now on the host answers
    jana = Page(chromium, box.url, "/")
    jana.page.wait_for_selector('button.seat[data-seat="0"]')
    jana.page.locator('button.seat[data-seat="0"]').click()
    jana.page.fill("#name", "Jana")
    jana.page.click("#take")
    wait_until(jana.page, "document.querySelector('button.seat[data-seat=\"0\"]').textContent.includes('awaiting')")
    for _ in range(100):
        if isinstance(box.owner.table.screen, Claim):
            break
        threading.Event().wait(0.05)
    assert box.owner.table.screen.title.en == "Its phone is connected"
    for key in ("up", "ok"):  # No is the default: the host moves to Yes
        box.owner.events.put(KeyEvent(None, key))
    jana.page.wait_for_selector("#pad:not([hidden])")
    wait_until(jana.page, "document.getElementById('entry').textContent.includes('before this device')")
    assert "Hunter" not in jana.page.locator("#entry").text_content()
    # the list names every character (the keys' meanings, the touch form's buttons); nothing else
    # says which one is locked: not the form's chosen code either
    listed = ("hints", "form")
    assert not any("Hunter" in json.dumps({k: v for k, v in v.items() if k not in listed}) for v in jana.views("seat"))
    assert all(not v.get("form", {}).get("chosen") for v in jana.views("seat"))
    wait_until(eva.page, "document.getElementById('lobby-note').textContent.includes('took over your seat')")
    box.owner.table.end_game()  # the owner thread is idle: nothing else touches the table now
    box.owner.publish()
    jana.page.wait_for_selector("#lobby:not([hidden])")
    wait_until(jana.page, "document.getElementById('lobby-note').textContent.includes('Your game has ended')")
    assert jana.page.evaluate("() => localStorage.getItem('companion-seat-token')") is None
