"""The web table's side of the touch forms (issue 32), over real websockets: a tap goes to the
table as one ``PhoneAnswer`` (malformed ones go nowhere), a phone let in as the host sends the
host's keys and sees the panel, a phone gone is told to the table after a grace time and its
return at once, and a phone's language reaches the table once."""

from __future__ import annotations

import asyncio
import json

import pytest

from companion.run import ask_the_host
from companion.surface.events import HOST_SEAT, KeyEvent, PhoneAnswer, PhoneLanguage, PhonePresence
from companion.table.flow import Claim
from companion.web.server import phone_answer

from .helpers import Owner, serve, vaaalbara_table
from .test_seat_claims import answered, take_on_panel, wait_drain
from .test_server import client, hello, recv


@pytest.mark.parametrize(
    ("data", "expected"),
    [
        ({"q": 4, "code": "03"}, PhoneAnswer(1, 4, "03")),
        ({"q": 4, "number": 12}, PhoneAnswer(1, 4, None, 12)),
        ({"q": 4}, PhoneAnswer(1, 4)),
        ({"q": "4", "code": "03"}, None),
        ({"q": 4, "code": "0x"}, None),
        ({"q": 4, "code": ""}, None),
        ({"q": 4, "code": "1" * 15}, None),
        ({"q": 4, "number": 1.5}, None),
        ({"q": 4, "number": True}, None),
        ({"q": 4, "number": 10**20}, None),
        ({"code": "03"}, None),
    ],
)
def test_a_tap_is_one_answer_or_nothing(data, expected):
    assert phone_answer(1, data) == expected


@pytest.fixture
def box():
    made = []

    def make(players=3, **options):
        owner = Owner(vaaalbara_table(players))
        web, port = serve(owner, lambda web: ask_the_host(web, owner.events, lambda s, n: None), **options)
        made.append(web)
        return owner, web, port

    yield make
    for web in made:
        web.close()


def test_a_seats_tap_reaches_the_table_as_its_answer(box):
    owner, _web, port = box()

    async def run():
        async with client(port) as ws:
            await take_on_panel(ws, owner, 1, "Eva")
            q = owner.table.answer.asked
            await ws.send(json.dumps({"t": "answer", "q": q, "code": "03"}))
            await ws.send(json.dumps({"t": "answer", "q": q, "code": "<b>"}))  # goes nowhere
            event = await asyncio.to_thread(owner.events.get, True, 5)
            assert event == PhoneAnswer(1, q, "03")
            owner.handle(event)
            assert owner.table.answer.collector.locked_seats() == (1,)
            view = await recv(ws)
            while view.get("t") != "seat" or not view["locked"]:
                view = await recv(ws)
            assert view["form"]["chosen"] == "03" and view["locked"] == "Hunter"
            assert owner.events.empty()

    asyncio.run(run())


def test_a_phone_let_in_as_the_host_sends_the_hosts_keys_and_sees_the_panel(box):
    owner, _web, port = box()

    async def run():
        async with client(port) as ws:
            lobby = await hello(ws)
            assert lobby["host"] == {"taken": False, "waiting": False}
            await ws.send(json.dumps({"t": "claim", "seat": "host", "name": "Petr"}))
            await asyncio.to_thread(wait_drain, owner)
            assert isinstance(owner.table.screen, Claim)
            got = await answered(ws, owner, "ok")
            while got[0]["t"] == "lobby":
                got = got[1:] + [await recv(ws)]
            welcome, board = got[0], got[1] if len(got) > 1 else await recv(ws)
            while board["t"] != "board" or board["header"] != owner.table.frame().header:
                board = await recv(ws)  # the panel as it stood at the yes, then as it is after it
            assert welcome["t"] == "welcome" and welcome["seat"] == HOST_SEAT
            await ws.send(json.dumps({"t": "host", "key": "menu"}))
            await ws.send(json.dumps({"t": "host", "key": "1"}))  # not a host key: nowhere
            await ws.send(json.dumps({"t": "key", "key": "1"}))  # the host holds no seat
            event = await asyncio.to_thread(owner.events.get, True, 5)
            assert event == KeyEvent(None, "menu", "web")
            await asyncio.sleep(0.2)
            assert owner.events.empty()
        async with client(port) as again:  # the token brings the host's buttons back
            await again.send(json.dumps({"t": "hello", "role": "seat", "token": welcome["token"]}))
            assert (await recv(again))["t"] == "board"

    asyncio.run(run())


def test_a_phone_gone_a_while_is_told_to_the_table_and_its_return_at_once(box):
    owner, _web, port = box(phone_away=0.3)

    async def run():
        async with client(port) as ws:
            token = await take_on_panel(ws, owner, 2, "Jan")
        event = await asyncio.to_thread(owner.events.get, True, 5)
        assert event == PhonePresence(2, False)
        async with client(port) as ws:
            await ws.send(json.dumps({"t": "hello", "role": "seat", "token": token, "lang": "cs"}))
            assert (await recv(ws))["t"] == "seat"
            assert await asyncio.to_thread(owner.events.get, True, 5) == PhonePresence(2, True)
            assert await asyncio.to_thread(owner.events.get, True, 5) == PhoneLanguage(2, "cs")
            await ws.send(json.dumps({"t": "lang", "lang": "cs"}))  # the same again: not told twice
            await asyncio.sleep(0.2)
            assert owner.events.empty()

    asyncio.run(run())


def test_a_phone_back_within_the_grace_time_is_never_named_gone(box):
    owner, _web, port = box(phone_away=0.5)

    async def run():
        async with client(port) as ws:
            token = await take_on_panel(ws, owner, 0, "Eva")
        async with client(port) as ws:
            await ws.send(json.dumps({"t": "hello", "role": "seat", "token": token}))
            await recv(ws)
            await asyncio.sleep(0.8)
            assert owner.events.empty()

    asyncio.run(run())


def test_a_phone_that_read_the_panels_host_code_is_the_host_at_once_and_a_wrong_key_is_asked(box):
    owner, web, port = box()

    async def run():
        async with client(port) as ws:
            await hello(ws)
            await ws.send(json.dumps({"t": "claim", "seat": "host", "name": "Petr", "key": web.host_key}))
            got = await recv(ws)
            while got["t"] == "lobby":
                got = await recv(ws)
            assert got["t"] == "welcome" and got["seat"] == HOST_SEAT
            assert owner.events.empty()  # the panel was not asked
        async with client(port) as ws:
            await hello(ws)
            await ws.send(json.dumps({"t": "claim", "seat": "host", "name": "Eva", "key": "X" * 12}))
            await asyncio.to_thread(wait_drain, owner)
            assert isinstance(owner.table.screen, Claim)  # a wrong key: the host is asked, No lit
            assert owner.table.screen.items[owner.table.screen.cursor].label.en == "No"

    asyncio.run(run())
