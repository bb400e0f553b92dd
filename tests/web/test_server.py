"""The web table's server without a browser: a websockets client speaks to it as a page does."""

from __future__ import annotations

import asyncio
import http.client
import json
import queue
import socket
import time

import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidStatus

from companion.surface.events import KeyEvent
from companion.web import server as web_server
from companion.web.server import WebTable, clean_name
from companion.web.views import SIZES

from ..table.helpers import MemoryRecorder
from .helpers import HOST, Owner, serve, vaaalbara_table


def listening() -> tuple[socket.socket, int]:
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.bind(("127.0.0.1", 0))
    sock.listen(16)
    return sock, sock.getsockname()[1]


@pytest.fixture
def served():
    """A three-seat Vaaalbara table with its web table on companion.test (mapped to 127.0.0.1)."""
    made = []

    def make(claim=None, max_connections=web_server.MAX_CONNECTIONS, table=None):
        owner = Owner(table or vaaalbara_table())
        web, port = serve(owner, claim=claim, max_connections=max_connections)
        made.append(web)
        return owner, web, port

    yield make
    for web in made:
        web.close()


def client(port: int, origin: str | None = "same", host: str = HOST):
    """A connection as a page on http://companion.test:<port>/ opens it."""
    return connect(
        f"ws://{host}:{port}/ws",
        host="127.0.0.1",
        port=port,
        origin=f"http://{host}:{port}" if origin == "same" else origin,
        max_size=2**16,
    )


async def recv(ws) -> dict:
    message = await asyncio.wait_for(ws.recv(), 5)
    view = json.loads(message)
    assert len(message.encode()) == SIZES[view["t"]], f"a {view['t']} message of {len(message.encode())} bytes"
    return view


async def hello(ws, role="seat", token="") -> dict:
    await ws.send(json.dumps({"t": "hello", "role": role, "token": token}))
    return await recv(ws)


async def take(ws, seat: int, name: str) -> str:
    """Claim a seat from the lobby; the token the box gave."""
    lobby = await hello(ws)
    assert lobby["t"] == "lobby"
    await ws.send(json.dumps({"t": "claim", "seat": seat, "name": name}))
    welcome = await recv(ws)
    assert welcome["t"] == "welcome" and welcome["seat"] == seat
    view = await recv(ws)
    assert view["t"] == "seat" and view["seat"] == seat
    return welcome["token"]


def wait_for_events(owner: Owner, count: int) -> list:
    events = []
    for _ in range(count):
        events.append(owner.events.get(timeout=5))
    return events


def test_a_phone_says_hello_and_sees_the_free_seats(served):
    _owner, _web, port = served()

    async def run():
        async with client(port) as ws:
            lobby = await hello(ws)
            assert [s["label"] for s in lobby["seats"]] == ["Blue", "Purple", "Yellow"]
            assert not any(s["taken"] for s in lobby["seats"])
            assert lobby["game"] == "Vaaalbara"

    asyncio.run(run())


def test_the_lobby_names_the_player_a_seat_was_given_on_the_host_buttons(served, tmp_path):
    from companion.games import load
    from companion.known_games import KNOWN
    from companion.store import Store
    from companion.table.table import Table

    with Store(tmp_path / "companion.db", rules=KNOWN) as store:
        table = Table(store, {"vaaalbara": load("vaaalbara")}, "en", new_seed=lambda: 11)
        for key in ("ok", "ok"):
            table.handle(KeyEvent(None, key))
        table.name_player(0, "Anna")  # a pad seat, named on the host buttons
        _owner, _web, port = served(table=table)

        async def run():
            async with client(port) as ws:
                lobby = await hello(ws)
                assert [(s["label"], s["player"], s["taken"]) for s in lobby["seats"]] == [
                    ("Blue", "Anna", False),
                    ("Purple", "", False),
                ]

        asyncio.run(run())


def test_a_claimed_seat_gets_a_random_token_and_its_own_view_and_a_second_phone_is_refused(served):
    _owner, web, port = served()

    async def run():
        async with client(port) as one, client(port) as two:
            token = await take(one, 1, "Eva")
            assert len(token) >= 32
            lobby = await hello(two)
            assert lobby["seats"][1] == {
                "seat": 1,
                "label": "Purple",
                "player": "",
                "name": "Eva",
                "taken": True,
                "waiting": False,
            }
            await two.send(json.dumps({"t": "claim", "seat": 1, "name": "Mallory"}))
            assert await recv(two) == {"t": "refused", "why": "refused"}
        assert web.names() == {1: "Eva"}

    asyncio.run(run())


def test_a_key_on_a_phone_reaches_the_queue_as_the_seats_pad_key(served):
    owner, _web, port = served()

    async def run():
        async with client(port) as ws:
            await take(ws, 2, "Ota")
            for key in ("0", "up", "menu", "x", "#"):
                await ws.send(json.dumps({"t": "key", "key": key}))
            return wait_for_events(owner, 2)

    events = asyncio.run(run())
    assert events == [KeyEvent(2, "0", "web"), KeyEvent(2, "#", "web")]
    assert owner.events.empty()  # host keys and junk never reach the table


def test_a_phone_in_the_lobby_or_a_board_cannot_press_keys(served):
    owner, _web, port = served()

    async def run():
        async with client(port) as lobby, client(port) as board:
            await hello(lobby)
            await hello(board, role="board")
            await lobby.send(json.dumps({"t": "key", "key": "1"}))
            await board.send(json.dumps({"t": "key", "key": "1"}))
            await asyncio.sleep(0.3)

    asyncio.run(run())
    assert owner.events.empty()


def test_a_reloaded_phone_comes_back_to_its_seat_by_its_token_with_its_typed_keys(served):
    owner, _web, port = served()

    async def run():
        async with client(port) as ws:
            token = await take(ws, 0, "Eva")
            await ws.send(json.dumps({"t": "key", "key": "1"}))
            owner.handle(owner.events.get(timeout=5))
            assert (await recv(ws))["typed"] == "1"
        async with client(port) as again:  # a reload: a new socket, the token from localStorage
            view = await hello(again, token=token)
            assert view["t"] == "seat" and view["seat"] == 0 and view["typed"] == "1"
        async with client(port) as stranger:
            assert (await hello(stranger, token=token[:-1] + ("A" if token[-1] != "A" else "B")))["t"] == "lobby"

    asyncio.run(run())


def test_the_box_closing_every_socket_loses_no_seat(served):
    _owner, web, port = served()

    async def run():
        async with client(port) as ws:
            token = await take(ws, 1, "Eva")
            web.drop_all()
            await asyncio.wait_for(ws.wait_closed(), 5)
            assert ws.close_code == 1012
        async with client(port) as ws:
            assert (await hello(ws, token=token))["seat"] == 1

    asyncio.run(run())


@pytest.mark.parametrize(
    "origin", ["http://evil.test", None, "http://127.0.0.1", "https://companion.test", "null"], ids=str
)
def test_a_socket_from_a_foreign_origin_is_refused(served, origin):
    _owner, _web, port = served()

    async def run():
        with pytest.raises(InvalidStatus) as refused:
            async with client(port, origin=origin):
                pass
        assert refused.value.response.status_code == 403

    asyncio.run(run())


def test_a_request_naming_another_host_is_refused_dns_rebinding(served):
    _owner, _web, port = served()

    async def run():
        with pytest.raises(InvalidStatus) as refused:
            async with client(port, host="attacker.test"):
                pass
        assert refused.value.response.status_code == 421

    asyncio.run(run())
    status, _, _ = get(port, "/", host="attacker.test")
    assert status == 421


def get(port: int, path: str, host: str = HOST) -> tuple[int, dict, bytes]:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
    connection.putrequest("GET", path, skip_host=True)
    connection.putheader("Host", f"{host}:{port}")
    connection.endheaders()
    response = connection.getresponse()
    body = response.read()
    connection.close()
    return response.status, dict(response.getheaders()), body


def test_the_pages_are_served_with_a_strict_policy_and_nothing_else_is(served):
    _owner, _web, port = served()
    status, headers, body = get(port, "/")
    assert status == 200 and b'<script src="/static/seat.js"' in body
    assert headers["Content-Security-Policy"].startswith("default-src 'self'")
    assert headers["X-Content-Type-Options"] == "nosniff" and "Set-Cookie" not in headers
    assert get(port, "/board")[0] == 200
    assert get(port, "/static/seat.js")[1]["Content-Type"].startswith("text/javascript")
    for path in ("/static/../server.py", "/static/%2e%2e/server.py", "/etc/passwd", "/static/", "/plots/x.svg"):
        assert get(port, path)[0] == 404, path


def test_an_oversize_message_closes_the_socket_before_anything_is_read(served):
    owner, _web, port = served()

    async def run():
        async with client(port) as ws:
            await take(ws, 0, "Eva")
            await ws.send(json.dumps({"t": "key", "key": "1", "junk": "x" * 4000}))
            with pytest.raises(ConnectionClosed) as closed:
                while True:
                    await recv(ws)
            assert closed.value.rcvd is not None and closed.value.rcvd.code == 1009

    asyncio.run(run())
    assert owner.events.empty()


def test_a_flooding_phone_is_capped_then_closed_and_others_are_still_served(served):
    owner, _web, port = served()

    async def run():
        async with client(port) as flood, client(port) as other:
            await take(flood, 0, "Flood")
            await take(other, 1, "Eva")

            async def send_all():
                try:
                    for _ in range(2000):
                        await flood.send(json.dumps({"t": "key", "key": "1"}))
                except ConnectionClosed:
                    pass

            sending = asyncio.create_task(send_all())
            with pytest.raises(ConnectionClosed):
                while True:
                    await recv(flood)
            await sending
            assert flood.close_code == 1008
            await other.send(json.dumps({"t": "key", "key": "2"}))
            await asyncio.sleep(0.3)

    asyncio.run(run())
    events = []
    while not owner.events.empty():
        events.append(owner.events.get())
    flooded = [e for e in events if e.seat == 0]
    assert len(flooded) <= web_server.BURST + 30  # the burst and what the rate refilled meanwhile
    assert KeyEvent(1, "2", "web") in events


def test_connections_beyond_the_cap_are_refused(served):
    _owner, _web, port = served(max_connections=2)

    async def run():
        async with client(port) as a, client(port) as b:
            await hello(a)
            await hello(b, role="board")
            with pytest.raises(InvalidStatus) as refused:
                async with client(port):
                    pass
            assert refused.value.response.status_code == 503

    asyncio.run(run())


def test_a_hostile_name_is_kept_as_text_and_control_characters_go():
    assert clean_name("<script>alert(1)</script>") == "<script>alert(1)</script>"[:24]
    assert clean_name("Eva\u0000\n\u202e  Nová ") == "Eva Nová"
    assert clean_name(42) == "" and clean_name("   ") == ""


def test_a_hostile_name_travels_as_a_json_string_only(served):
    _owner, _web, port = served()

    async def run():
        async with client(port) as ws, client(port) as watcher:
            await take(ws, 0, '<img src=x onerror="alert(1)">')
            lobby = await hello(watcher)
            assert lobby["seats"][0]["name"] == '<img src=x onerror="alert(1)">'[:24]

    asyncio.run(run())


def test_a_claim_can_wait_for_the_host_and_a_take_over_is_told_to_the_old_phone(served):
    asked = []

    def claim(ask):
        asked.append((ask.seat, ask.name, ask.taken))
        return True if not ask.taken else None  # a take-over waits for the host

    owner, web, port = served(claim=claim)

    async def run():
        async with client(port) as old, client(port) as new:
            await take(old, 0, "Eva")
            await hello(new)
            await new.send(json.dumps({"t": "claim", "seat": 0, "name": "Eva 2"}))
            assert (await recv(new))["seats"][0]["waiting"] is True  # the lobby shows it waits
            web.answer_claim(0, True)
            owner.publish()  # the owner publishes after the host's answer: that view goes first
            assert (await recv(new))["t"] == "welcome"
            assert await recv(old) == {"t": "refused", "why": "taken_over"}
            assert (await recv(new))["t"] == "seat"

    asyncio.run(run())
    assert asked == [(0, "Eva", False), (0, "Eva 2", True)]
    assert web.names() == {0: "Eva 2"}


def test_a_board_gets_the_whole_public_view_at_hello_and_after_each_change(served):
    owner, _web, port = served()

    async def run():
        async with client(port) as board, client(port) as phone:
            view = await hello(board, role="board")
            assert [s["locked"] for s in view["seats"]] == [False, False, False]
            await take(phone, 0, "Eva")
            for key in "03#":
                await phone.send(json.dumps({"t": "key", "key": key}))
                owner.handle(owner.events.get(timeout=5))
            view = await recv(board)  # only the lock changed the board: one message
            assert [s["locked"] for s in view["seats"]] == [True, False, False]
            assert "Hunter" not in json.dumps(view)

    asyncio.run(run())


def audit(picks: str) -> dict[str, list[str]]:
    """Every message each audience receives while seat 1 (Blue) types ``picks`` and Purple
    types 05#, before Yellow's pick reveals them (a second web table on a fresh table)."""
    owner = Owner(vaaalbara_table())
    sock, port = listening()
    web = WebTable(owner.events, allowed_hosts={f"{HOST}:{port}"}, sock=sock)
    owner.web = web
    web.start()
    owner.publish()
    seen: dict[str, list[str]] = {"board": [], "seat0": [], "seat1": [], "lobby": []}

    async def run():
        async with client(port) as board, client(port) as s0, client(port) as s1, client(port) as lobby:
            await take(s0, 0, "Eva")
            await take(s1, 1, "Ota")
            await hello(board, role="board")
            await hello(lobby)

            async def listen(ws, name):
                try:
                    while True:
                        seen[name].append(await ws.recv())
                except (ConnectionClosed, asyncio.CancelledError):
                    pass

            tasks = [asyncio.create_task(listen(ws, n)) for ws, n in ((board, "board"), (s0, "seat0"), (s1, "seat1"))]
            tasks.append(asyncio.create_task(listen(lobby, "lobby")))
            for seat, keys in ((0, picks), (1, "05#")):
                ws = s0 if seat == 0 else s1
                for key in keys:
                    await ws.send(json.dumps({"t": "key", "key": key}))
                    owner.handle(await asyncio.to_thread(owner.events.get, True, 5))
                    await asyncio.sleep(0.05)
            await asyncio.sleep(0.2)
            for task in tasks:
                task.cancel()

    try:
        asyncio.run(run())
    finally:
        web.close()
    return seen


def test_before_the_reveal_a_hidden_pick_changes_no_other_audiences_messages_and_no_size():
    """Two runs that differ only in Blue's hidden pick (01 Warrior vs 12 Farmer, and a change of
    mind): the board, the lobby and Purple's phone receive byte-identical messages; Blue's own
    phone gets as many messages, each of the same size."""
    a = audit("01#")
    b = audit("12#")
    for audience in ("board", "seat1", "lobby"):
        assert a[audience] == b[audience], audience
    assert len(a["seat0"]) == len(b["seat0"]) >= 3
    assert {len(m.encode()) for m in a["seat0"] + b["seat0"]} == {SIZES["seat"]}
    assert a["seat0"] != b["seat0"]  # Blue sees its own pick
    assert any('"locked":"Warrior"' in m for m in a["seat0"]) and not any('"locked":"Warrior"' in m for m in a["seat1"])
    sizes = {len(m.encode()) for audience in a.values() for m in audience}
    assert sizes <= set(SIZES.values())


def test_the_web_table_names_a_port_it_cannot_take_in_one_line():
    taken, port = listening()
    try:
        web = WebTable(queue.SimpleQueue(), "127.0.0.1", port)
        with pytest.raises(web_server.WebTableError, match=f"cannot listen on 127.0.0.1:{port}"):
            web.start()
    finally:
        taken.close()


def test_a_table_with_no_game_yet_serves_an_empty_lobby(served):
    from companion.games import load
    from companion.table.table import Table

    table = Table(MemoryRecorder(), {"vaaalbara": load("vaaalbara")}, "cs")
    _owner, _web, port = served(table=table)

    async def run():
        async with client(port) as ws:
            lobby = await hello(ws)
            assert lobby["seats"] == [] and lobby["lang"] == "cs"
            await ws.send(json.dumps({"t": "claim", "seat": 0, "name": "Eva"}))
            assert await recv(ws) == {"t": "refused", "why": "invalid"}

    asyncio.run(run())


def test_a_page_that_stops_reading_holds_up_no_other_page(served):
    """A board that reads nothing (a tablet asleep) while the box publishes many large views:
    a phone still gets every change of its own view at once, and the board only the newest."""
    owner, web, port = served()
    board_view, seats = owner.views()

    async def run():
        async with (
            connect(
                f"ws://{HOST}:{port}/ws", host="127.0.0.1", port=port, origin=f"http://{HOST}:{port}", max_queue=1
            ) as asleep,
            client(port) as phone,
        ):
            await hello(asleep, role="board")
            await take(phone, 0, "Eva")
            for n in range(600):  # ~18 MB of board views nobody reads (more than socket buffers hold)
                board = {**board_view, "log": [f"{n} " + "x" * 30000]}
                web.publish(board, {**seats, 0: {**seats[0], "status": f"view {n}"}})
                assert (await recv(phone))["status"] == f"view {n}"

    asyncio.run(run())


def test_without_named_hosts_only_the_loopback_names_and_the_listened_address_are_answered():
    assert web_server.default_hosts("192.168.4.1", 80) == {"localhost", "127.0.0.1", "[::1]", "192.168.4.1"}
    assert "0.0.0.0:8080" not in web_server.default_hosts("0.0.0.0", 8080)
    sock, port = listening()
    web = WebTable(queue.SimpleQueue(), "127.0.0.1", port, sock=sock)
    web.start()
    try:
        assert get(port, "/", host="attacker.test")[0] == 421
        assert get(port, "/", host="127.0.0.1")[0] == 200
        assert get(port, "/", host="localhost")[0] == 200
    finally:
        web.close()


def test_a_phone_that_never_answers_the_closing_handshake_does_not_hold_up_the_stop(served):
    """Stopping the box closes every socket; a phone asleep answers nothing. The web thread has
    stopped when ``close`` returns (systemd gives the whole service 10 s to stop)."""
    _, web, port = served()
    silent = socket.create_connection(("127.0.0.1", port))
    silent.sendall(
        (
            f"GET /ws HTTP/1.1\r\nHost: {HOST}:{port}\r\nOrigin: http://{HOST}:{port}\r\n"
            "Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
            "Sec-WebSocket-Version: 13\r\n\r\n"
        ).encode()
    )
    assert silent.recv(1024).startswith(b"HTTP/1.1 101")  # upgraded; from now on it reads nothing
    try:
        web.close()
        assert web._thread is not None and not web._thread.is_alive()
    finally:
        silent.close()


def test_a_phone_that_reconnects_with_its_token_keeps_its_seats_key_cap(served):
    """The key cap is the seat's, not the socket's: a phone flooding keys and coming back with
    its token on a new socket each time gets no more keys to the table than one socket would."""
    owner, _web, port = served()

    async def run() -> float:
        async with client(port) as first:
            token = await take(first, 0, "Flood")
        started = time.monotonic()
        for _ in range(8):
            async with client(port) as again:
                view = await hello(again, token=token)
                assert view["t"] == "seat" and view["seat"] == 0
                for _ in range(60):  # well under the socket's own cap (BURST), every time
                    await again.send(json.dumps({"t": "key", "key": "1"}))
                await asyncio.sleep(0.05)
        return time.monotonic() - started

    elapsed = asyncio.run(run())
    time.sleep(0.2)
    keys = []
    while not owner.events.empty():
        event = owner.events.get()
        if isinstance(event, KeyEvent) and event.seat == 0:
            keys.append(event)
    burst, rate = getattr(web_server, "KEY_BURST", web_server.BURST), getattr(web_server, "KEY_RATE", web_server.RATE)
    assert len(keys) <= burst + rate * (elapsed + 0.5), f"{len(keys)} keys in {elapsed:.2f} s"
