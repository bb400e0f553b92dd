"""A seat's phone is one player's for one game (issue 31, points 3 to 6), through the real table:
phones speak to the server over websockets, their claims reach the table as ``companion run``
wires them (``run.ask_the_host``) and the host answers on the panel with the host keys.

- a phone asking for a seat a pad holds, or a connected phone holds: the panel says so, *No* is
  the default; the device that takes the seat over learns only that the seat has locked, never
  what, and its typing starts empty; it can pick again;
- a token ends with its game and with a take-over;
- bounds: one waiting claim a seat and a socket, a few in all, none waits forever, a cap of
  sockets per address.
"""

from __future__ import annotations

import asyncio
import json
import time

import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import InvalidStatus

from companion.hw.screen import laid_out
from companion.run import ask_the_host
from companion.surface.events import KeyEvent, PadPresence
from companion.table.claims import UNSEEN
from companion.table.flow import Claim, Play

from .helpers import HOST, Owner, serve, vaaalbara_table
from .test_server import client, hello, recv, take


@pytest.fixture
def box():
    """A Vaaalbara table, its web table, and claims that go to the host as on the box."""
    made = []

    def make(players=3, **options):
        owner = Owner(vaaalbara_table(players))
        named: list[tuple[int, str]] = []
        web, port = serve(
            owner, lambda web: ask_the_host(web, owner.events, lambda s, n: named.append((s, n))), **options
        )
        made.append(web)
        return owner, web, port

    yield make
    for web in made:
        web.close()


def host(owner: Owner, *keys: str) -> None:
    for key in keys:
        owner.handle(KeyEvent(None, key))


def wait_drain(owner: Owner, count: int = 1, timeout: float = 5.0) -> None:
    """Handle ``count`` events the web thread queues (the owner thread's part)."""
    for _ in range(count):
        owner.handle(owner.events.get(timeout=timeout))


async def ask(ws, owner: Owner, seat: int, name: str) -> dict:
    """A phone in the lobby claims ``seat``; the owner takes the claim to the panel. The lobby
    that shows the seat waiting."""
    await ws.send(json.dumps({"t": "claim", "seat": seat, "name": name}))
    waiting = await until_waiting(ws, seat)
    await asyncio.to_thread(wait_drain, owner)
    return waiting


async def until_waiting(ws, seat: int) -> dict:
    """Lobbies (each claim anywhere sends one) until one shows ``seat`` waiting."""
    view = await recv(ws)
    while view["t"] == "lobby" and not view["seats"][seat]["waiting"]:
        view = await recv(ws)
    assert view["t"] == "lobby", view
    return view


async def answered(ws, owner: Owner, *keys: str) -> list[dict]:
    """The host answers with ``keys``; what the phone receives up to its seat view (a yes) or
    the refusal (a no)."""
    host(owner, *keys)
    got = [await recv(ws)]
    if got[0]["t"] == "welcome":
        got.append(await recv(ws))
    return got


def panel_rows(owner: Owner, language: str) -> list[dict]:
    table = owner.table
    kept, table.language = table.language, language
    try:
        return laid_out(table.frame(), table.panel)["rows"]
    finally:
        table.language = kept


def answers_on_panel(owner: Owner) -> dict[str, tuple[str, list[str]]]:
    """In both languages: the header and the answer rows the panel draws (the lit one first)."""
    shown = {}
    for language in ("cs", "en"):
        rows = panel_rows(owner, language)
        body = [row for row in rows if row["role"] not in ("header", "footer")]
        lit = [row["text"] for row in body if row["lit"]]
        shown[language] = (rows[0]["text"], lit + [row["text"] for row in body if not row["lit"]][-1:])
    return shown


# -- 3: a seat a pad holds ---------------------------------------------------------------------


@pytest.mark.parametrize("seated", ["serial pad", "keys typed"])
def test_a_phone_asking_for_a_pads_seat_is_told_so_no_is_the_default_and_it_never_sees_the_pick(box, seated):
    owner, _web, port = box()
    if seated == "serial pad":
        owner.handle(PadPresence(2, True, "pad 3"))
    for key in "05#":  # the pad at seat 3 locks the Carpenter
        owner.handle(KeyEvent(2, key, "pad:3"))
    assert owner.table.answer.collector.entries[2].is_locked

    async def run():
        async with client(port) as phone:
            await hello(phone)
            await ask(phone, owner, 2, "Mallory")
            assert isinstance(owner.table.screen, Claim)
            assert answers_on_panel(owner) == {
                "cs": ("Místo drží pad", ["Ne", "Ano, pustit"]),
                "en": ("A pad holds this seat", ["No", "Yes, let in"]),
            }
            assert await answered(phone, owner, "ok") == [{"t": "refused", "why": "refused"}]  # OK alone: No
            await recv(phone)  # the lobby without the claim
            await ask(phone, owner, 2, "Jana")
            raw = []
            host(owner, "up", "ok")
            while not raw or json.loads(raw[-1])["t"] != "seat" or json.loads(raw[-1])["locked"] != UNSEEN.en:
                raw.append(await asyncio.wait_for(phone.recv(), 5))  # (a view held as the claim went through)
            first = json.loads(raw[-1])
            assert json.loads(raw[0])["t"] == "welcome"
            assert first["locked"] == UNSEEN.en and first["typed"] == "" and first["wrong"] == ""
            for message in raw:  # the pick is named nowhere but in the list (the codes, the buttons)
                view = json.loads(message)
                view.pop("hints", None)
                form = view.pop("form", {})
                assert form.get("chosen", "") == ""
                assert "Carpenter" not in json.dumps(view)
            assert [m.en for m in owner.table.messages.notice] == ["Yellow: a phone took over the seat (Jana)."]
            for key in "06#":  # the player picks again, as on a pad
                await phone.send(json.dumps({"t": "key", "key": key}))
            await asyncio.to_thread(wait_drain, owner, 3)
            view = await recv(phone)
            while view["locked"] != "Falconer":
                view = await recv(phone)
            falconer = next(o.value for o in owner.table.prompt.options_for(2) if o.label.en == "Falconer")
            assert owner.table.answer.collector.entries[2].locked == falconer

    asyncio.run(run())


def test_the_claim_question_keeps_both_answers_on_the_panel_in_both_languages_for_every_holder(box):
    owner, _web, port = box(players=4)
    owner.handle(PadPresence(1, True, "pad 2"))

    async def run():
        async with client(port) as a, client(port) as b:
            await take_on_panel(a, owner, 0, "Marie-Terezie Nováková")  # a phone, connected
            await hello(b)
            for seat, name in ((0, "Žofie Šťastná-Dvořáková"), (1, "Bořivoj Ďurďovič"), (3, "Jiří Úlehla")):
                await ask(b, owner, seat, name)
                header = {"cs": owner.table.screen.title.cs, "en": owner.table.screen.title.en}
                for language in ("cs", "en"):
                    rows = panel_rows(owner, language)
                    texts = [row["text"] for row in rows]
                    yes, no = {"cs": ("Ano, pustit", "Ne"), "en": ("Yes, let in", "No")}[language]
                    assert yes in texts and no in texts, texts  # both answers drawn
                    assert rows[0]["text"] == header[language]
                    assert owner.table.panel.fits(rows[0]["text"], owner.table.panel.header_size)
                    lit = [row["text"] for row in rows if row["lit"] and row["role"] != "header"]
                    body = [row["text"] for row in rows if row["role"] not in ("header", "footer")]
                    assert lit == ([yes] if seat == 3 else [no]) and body[-1] == lit[0]  # the last row
                host(owner, "down", "ok") if seat == 3 else host(owner, "ok")  # no, each time
                assert (await recv(b)) == {"t": "refused", "why": "refused"}
                await recv(b)

    asyncio.run(run())


async def take_on_panel(ws, owner: Owner, seat: int, name: str) -> str:
    """A phone takes a free seat with the host's yes; its token."""
    await hello(ws)
    await ask(ws, owner, seat, name)
    welcome, view = await answered(ws, owner, "ok")
    assert welcome["t"] == "welcome" and view["t"] == "seat" and view["seat"] == seat
    return welcome["token"]


# -- 4: a seat a connected phone holds -----------------------------------------------------------


def test_taking_over_a_connected_phones_seat_says_so_and_hands_over_no_pick_and_no_typing(box):
    owner, _web, port = box()

    async def run():
        async with client(port) as eva, client(port) as thief:
            token = await take_on_panel(eva, owner, 0, "Eva")
            for key in "03#1":  # Eva locks the Hunter, then types 1 of a new code
                await eva.send(json.dumps({"t": "key", "key": key}))
            await asyncio.to_thread(wait_drain, owner, 4)
            view = await recv(eva)
            while view["typed"] != "1":
                view = await recv(eva)
            assert view["locked"] == "Hunter"
            await hello(thief)
            await ask(thief, owner, 0, "Eva")  # the same name
            assert answers_on_panel(owner) == {
                "cs": ("Jeho telefon je připojen", ["Ne", "Ano, pustit"]),
                "en": ("Its phone is connected", ["No", "Yes, let in"]),
            }
            assert "The phone that holds it is connected now." in [m.en for m in owner.table.screen.note]
            host(owner, "up", "ok")
            welcome = await recv(thief)
            first = await recv(thief)
            assert welcome["t"] == "welcome" and first["t"] == "seat"
            seen = [first]
            while first["locked"] != UNSEEN.en:  # a view the web thread held as the claim went through
                first = await recv(thief)
                seen.append(first)
            assert all(view.get("locked") != "Hunter" and "typed" in view for view in seen), seen
            assert first["typed"] == ""
            entry = owner.table.answer.collector.entries[0]
            assert entry.typed == "" and entry.is_locked
            assert await past_views(eva) == {"t": "refused", "why": "taken_over"}
            async with client(port) as again:  # the old phone's token seats nobody any more
                assert (await hello(again, token=token))["t"] == "lobby"
                assert await recv(again) == {"t": "refused", "why": "ended"}

    asyncio.run(run())


def test_a_take_over_of_a_phone_that_is_not_connected_says_that(box):
    owner, _web, port = box()

    async def run():
        async with client(port) as eva:
            await take_on_panel(eva, owner, 1, "Eva")
        async with client(port) as other:
            await hello(other)
            await ask(other, owner, 1, "Petr")
            assert answers_on_panel(owner)["en"] == ("Phone takes a seat over", ["No", "Yes, let in"])
            assert "The phone that holds it is not connected now." in [m.en for m in owner.table.screen.note]

    asyncio.run(run())


# -- 5: a token ends with its game ---------------------------------------------------------------


def test_a_token_of_an_ended_game_seats_nobody_in_the_next_and_a_seated_phone_goes_to_the_lobby(box):
    owner, _web, port = box()

    async def run():
        async with client(port) as gone, client(port) as stays:
            token = await take_on_panel(gone, owner, 0, "Eva")
            await take_on_panel(stays, owner, 1, "Petr")
        # Eva's phone sleeps; the host ends the game and starts another, where a pad types 03
        async with client(port) as petr:
            petr_token = await take_on_panel(petr, owner, 2, "Petr")
            owner.table.end_game()
            owner.publish()
            assert await recv(petr) == {"t": "refused", "why": "ended"}
            assert (await recv(petr))["t"] == "lobby"
            host(owner, "ok", "ok")
            assert isinstance(owner.table.screen, Play)
            for key in "03":
                owner.handle(KeyEvent(0, key, "pad:1"))
            async with client(port) as back:  # Eva's phone wakes up with its token
                view = await hello(back, token=token)
                assert view["t"] == "lobby" and not any(seat["taken"] for seat in view["seats"])
                assert await recv(back) == {"t": "refused", "why": "ended"}
            async with client(port) as back:
                assert (await hello(back, token=petr_token))["t"] == "lobby"
        assert isinstance(owner.table.screen, Play)  # nobody was seated, nothing was asked

    asyncio.run(run())


def test_a_claim_from_the_lobby_of_an_ended_game_is_not_asked_in_the_next(box):
    owner, _web, port = box()

    async def run():
        async with client(port) as phone:
            await hello(phone)
            await phone.send(json.dumps({"t": "claim", "seat": 0, "name": "Eva"}))
            await recv(phone)
            owner.table.end_game()  # before the claim reached the table
            owner.publish()
            assert await recv(phone) == {"t": "refused", "why": "ended"}
            host(owner, "ok", "ok")
            await asyncio.to_thread(wait_drain, owner, 2)  # the claim, then its withdrawal
            assert isinstance(owner.table.screen, Play) and owner.table.claims == []

    asyncio.run(run())


# -- 6: bounds -------------------------------------------------------------------------------------


def test_a_hundred_phones_that_claim_and_leave_leave_no_question_and_the_seat_free(box):
    owner, _web, port = box()

    async def run():
        for n in range(100):
            async with client(port) as ws:
                await hello(ws)
                await ws.send(json.dumps({"t": "claim", "seat": 1, "name": f"Bot {n}"}))
                await recv(ws)
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            await asyncio.to_thread(owner.drain)
            if isinstance(owner.table.screen, Play) and not owner.table.claims and owner.events.empty():
                await asyncio.sleep(0.2)
                if owner.events.empty():
                    break
            await asyncio.sleep(0.05)
        assert isinstance(owner.table.screen, Play) and owner.table.claims == []  # the host pressed nothing
        async with client(port) as real:
            await take_on_panel(real, owner, 1, "Eva")  # the seat is not blocked

    asyncio.run(run())


def test_the_host_is_asked_once_per_seat_and_about_a_few_claims_at_most(box):
    _owner, web, port = box(players=5)
    asked: list = []
    claim = web.claim

    def counting(ask):
        asked.append(ask.seat)
        return claim(ask)

    web.claim = counting

    async def run():
        phones = [await connect_lobby(port) for _ in range(8)]
        try:
            for phone in phones[:3]:  # three phones for one seat: the first waits
                await phone.send(json.dumps({"t": "claim", "seat": 0, "name": "Eva"}))
            assert (await recv(phones[0]))["t"] == "lobby"
            assert await lobby_then(phones[1]) == {"t": "refused", "why": "busy"}
            assert await lobby_then(phones[2]) == {"t": "refused", "why": "busy"}
            await phones[0].send(json.dumps({"t": "claim", "seat": 1, "name": "Eva"}))  # a second claim
            assert await lobby_then(phones[0]) == {"t": "refused", "why": "asked"}
            for seat, phone in zip((1, 2, 3), phones[3:6]):
                await phone.send(json.dumps({"t": "claim", "seat": seat, "name": "Petr"}))
                await until_waiting(phone, seat)
            await phones[6].send(json.dumps({"t": "claim", "seat": 4, "name": "Jana"}))
            assert await lobby_then(phones[6]) == {"t": "refused", "why": "many"}  # four wait already
        finally:
            for phone in phones:
                await phone.close()

    asyncio.run(run())
    assert sorted(asked) == [0, 1, 2, 3]


async def connect_lobby(port: int):
    ws = await client(port)
    assert (await hello(ws))["t"] == "lobby"
    return ws


async def past_views(ws) -> dict:
    """The next message that is not a seat's view."""
    view = await recv(ws)
    while view["t"] == "seat":
        view = await recv(ws)
    return view


async def lobby_then(ws) -> dict:
    """The next message that is not a lobby (lobbies follow every claim of others)."""
    view = await recv(ws)
    while view["t"] == "lobby":
        view = await recv(ws)
    return view


def test_a_claim_the_host_does_not_answer_ends_and_frees_its_seat(box):
    owner, _web, port = box(claim_wait=0.5)

    async def run():
        async with client(port) as slow, client(port) as other:
            await hello(slow)
            await hello(other)
            await ask(slow, owner, 0, "Eva")
            await until_waiting(other, 0)
            assert isinstance(owner.table.screen, Claim)
            assert await lobby_then(slow) == {"t": "refused", "why": "timeout"}
            await asyncio.to_thread(wait_drain, owner)  # the withdrawal: the question goes
            assert isinstance(owner.table.screen, Play) and owner.table.claims == []
            assert [m.en for m in owner.table.messages.notice] == ["Eva no longer asks for a seat."]
            await ask(other, owner, 0, "Petr")  # the seat can be asked for again
            assert isinstance(owner.table.screen, Claim)

    asyncio.run(run())


def test_an_answer_to_a_claim_that_ended_seats_no_later_claim_of_the_seat(box):
    owner, web, port = box()

    async def run():
        async with client(port) as first:
            await hello(first)
            await ask(first, owner, 0, "Eva")
        async with client(port) as second:
            await hello(second)
            await second.send(json.dumps({"t": "claim", "seat": 0, "name": "Petr"}))
            assert (await recv(second))["seats"][0]["waiting"] is True
            host(owner, "ok")  # the host says yes to Eva's claim, still on the panel
            await asyncio.to_thread(wait_drain, owner, 2)  # Eva's withdrawal, Petr's claim
            assert isinstance(owner.table.screen, Claim) and owner.table.claims[0].name == "Petr"
            assert web.names() == {}
            with pytest.raises(asyncio.TimeoutError):
                await asyncio.wait_for(second.recv(), 0.3)  # no welcome for Petr

    asyncio.run(run())


def test_one_address_cannot_take_every_connection(box):
    _owner, _web, port = box(max_connections=6, max_per_address=3)

    async def run():
        held = [await connect_lobby(port) for _ in range(3)]
        try:
            with pytest.raises(InvalidStatus) as refused:
                async with client(port):
                    pass
            assert refused.value.response.status_code == 503
            async with connect(
                f"ws://{HOST}:{port}/ws",
                host="127.0.0.1",
                port=port,
                local_addr=("127.0.0.2", 0),  # a real phone: another address
                origin=f"http://{HOST}:{port}",
                max_size=2**16,
            ) as phone:
                assert (await hello(phone))["t"] == "lobby"
            await held.pop().close()
            async with client(port) as again:  # a socket closed: its address may open one again
                assert (await hello(again))["t"] == "lobby"
        finally:
            for ws in held:
                await ws.close()

    asyncio.run(run())


def test_a_claim_the_callback_grants_at_once_is_seated_with_the_view_as_it_stands(box):
    """Without the table asked (a claim callback that says yes at once), the phone is seated
    with the view as it stands: the web table's own default, used by the tests and benchmarks."""
    _owner, web, port = box()
    web.claim = lambda ask: True

    async def run():
        async with client(port) as ws:
            await take(ws, 0, "Eva")

    asyncio.run(run())
    assert web.names() == {0: "Eva"}
