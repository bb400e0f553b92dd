"""The web table's server: static pages and one WebSocket per device, in a thread of its own.

The thread runs its own asyncio loop with the ``websockets`` server; it never touches the table.
The owner thread hands it whole views (``WebTable.publish``, through ``call_soon_threadsafe``);
keys from phones go the other way as ``KeyEvent(seat, key, "web")`` on the owner's queue, after
the caps here (message size, messages per second, connections), so a flooding phone starves
nothing. See ``companion.web`` for the interface and docs/web-table.md for what it protects.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import ipaddress
import json
import logging
import mimetypes
import queue
import secrets
import socket
import threading
import time
import unicodedata
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from importlib import resources
from typing import Any, NamedTuple

from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.datastructures import Headers
from websockets.exceptions import ConnectionClosed
from websockets.http11 import Request, Response
from websockets.protocol import State

from ..surface.events import (
    HOST_KEYS,
    HOST_SEAT,
    PAD_KEYS,
    KeyEvent,
    PhoneAnswer,
    PhoneLanguage,
    PhonePresence,
    SeatClaim,
)
from ..surface.pad_screen import MAX_CODE
from .views import SIZES, TooLarge, encode

log = logging.getLogger(__name__)

MAX_MESSAGE = 512  # bytes a phone may send in one message (a key, a hello, a name)
MAX_CONNECTIONS = 24  # sockets at once; more are refused before the handshake...
MAX_PER_ADDRESS = 8  # ...and from one address (an IPv6 /64) at once, so one client starves nobody
MAX_PENDING = 4  # claims waiting for the host at once (one a seat, one a socket); more: refused at once
CLAIM_WAIT_S = 120.0  # a claim the host has not answered by then is refused (its seat is free again)
RATE = 12.0  # messages a second a socket may send on average...
BURST = 24  # ...and at once; beyond that its messages are dropped...
FLOOD_DROPS = 200  # ...and a socket that keeps flooding is closed
# Keys reach the table at most KEY_RATE a second on average (KEY_BURST at once) from one seat,
# whatever sockets it uses (a phone that reconnects with its token keeps its seat's bucket), and
# twice that from one address; beyond that a key is dropped (the phone's view does not change).
KEY_RATE = 12.0
KEY_BURST = 24
NAME_CHARS = 24
# a seat's phone is named gone (on the panel and the board) once its last socket has been
# closed this long: a phone whose screen went off for a moment reconnects well within it
PHONE_AWAY_S = 10.0
HOST_KEY_CHARS = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
TOKEN_BYTES = 24

# Every page is our own file: nothing from elsewhere, no inline script or style, no framing.
SECURITY_HEADERS = {
    "Content-Security-Policy": "default-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Cache-Control": "no-store",
    "X-Frame-Options": "DENY",
}
PAGES = {"/": "seat.html", "/seat": "seat.html", "/board": "board.html", "/favicon.ico": "icon.svg"}
STATIC = ("seat.html", "board.html", "seat.js", "board.js", "common.js", "style.css", "icon.svg")


def phone_answer(seat: int, data: dict) -> PhoneAnswer | None:
    """A phone's tap as the table takes it, or None for a malformed one: the question's number,
    and a code of at most MAX_CODE pad keys, or a number, or neither (a confirmation)."""
    asked, code, number = data.get("q"), data.get("code"), data.get("number")
    if type(asked) is not int:
        return None
    if code is not None and not (
        isinstance(code, str) and 0 < len(code) <= MAX_CODE and all(key in PAD_KEYS for key in code)
    ):
        return None
    if number is not None and not (type(number) is int and abs(number) < 10**MAX_CODE):
        return None
    return PhoneAnswer(seat, asked, code, number)


class LoopTrouble:
    """The web loop's exception handler: each kind of trouble (out of file descriptors on
    accept, above all: asyncio retries the accept and logs every try with its traceback) is
    logged as one line, then counted quietly for ``every`` seconds, then logged again with the
    count. The table never hears of it; phones already connected play on."""

    def __init__(self, every: float = 30.0, clock: Callable[[], float] = time.monotonic):
        self.every = every
        self.clock = clock
        self._last: dict[tuple[str, str], float] = {}
        self.quiet: dict[tuple[str, str], int] = {}  # records not logged since, by kind

    def __call__(self, loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
        error = context.get("exception")
        message = str(context.get("message") or "error in the web loop")
        kind = (message, type(error).__name__ if error is not None else "")
        now = self.clock()
        last = self._last.get(kind)
        if last is not None and now - last < self.every:
            self.quiet[kind] = self.quiet.get(kind, 0) + 1
            return
        self._last[kind] = now
        since = self.quiet.pop(kind, 0)
        more = f" ({since} more like it in the last {now - last:.0f} s)" if since and last is not None else ""
        if isinstance(error, OSError) or error is None:
            log.error("web table: %s%s%s", message, f": {error}" if error is not None else "", more)
        else:  # a bug, not the machine's limits: its traceback, once a period
            log.error("web table: %s%s", message, more, exc_info=error)


class WebTableError(RuntimeError):
    """The web table could not start (the port is taken, the address is wrong): one line."""


def clean_name(name: object) -> str:
    """A player's name as shown: printable characters only, spaces folded, at most 24."""
    if not isinstance(name, str):
        return ""
    text = "".join(c if unicodedata.category(c)[0] not in "CZ" or c == " " else " " for c in name)
    return " ".join(unicodedata.normalize("NFC", text).split())[:NAME_CHARS]


def default_hosts(host: str, port: int) -> set[str]:
    """The Host names allowed when none are given: the loopback names, and the address listened
    on when it is one address (not 0.0.0.0 or ::, which every name would reach)."""
    names = {"localhost", "127.0.0.1", "[::1]"}
    if host not in ("", "0.0.0.0", "::"):
        names.add(f"[{host}]" if ":" in host else host)
    suffix = "" if port == 80 else f":{port}"
    return {f"{name}{suffix}".lower() for name in names}


def address_of(connection: ServerConnection) -> str:
    """Whose connection it is, for the cap per address: its IPv4 address, or its IPv6 /64 (one
    device picks new IPv6 addresses in its prefix at will)."""
    try:
        peer = connection.remote_address
        address = ipaddress.ip_address(str(peer[0]).split("%")[0]) if peer else None
    except (ValueError, TypeError, IndexError, OSError):
        return ""
    if address is None:
        return ""
    if isinstance(address, ipaddress.IPv6Address):
        if address.ipv4_mapped is not None:
            return str(address.ipv4_mapped)
        return str(ipaddress.ip_network(f"{address}/64", strict=False))
    return str(address)


class Ask(NamedTuple):
    """A phone's claim of a seat, as the ``claim`` callback gets it: ``taken``, another device
    holds the seat; ``connected``, that device is connected now; ``number`` names this claim
    (the answer and a withdrawal name it); ``game``, the game the phone saw (the board view's
    ``game_no``, ``Table.game_serial``)."""

    seat: int
    name: str
    taken: bool
    connected: bool
    number: int
    game: int

    def event(self, reply: Callable[[bool], None], withdrawn: bool = False) -> SeatClaim:
        """The claim as the table takes it from the owner's queue."""
        return SeatClaim(self.seat, self.name, self.taken, reply, self.connected, self.number, withdrawn, self.game)


@dataclass
class _Seat:
    token: str
    name: str


@dataclass
class _Pending:
    client: _Client
    ask: Ask
    timer: asyncio.TimerHandle | None = None


class Bucket:
    """A token bucket: ``rate`` tokens a second, at most ``burst`` held."""

    def __init__(self, rate: float, burst: float):
        self.rate, self.burst = rate, burst
        self.tokens, self.refilled = float(burst), time.monotonic()

    def available(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.refilled) * self.rate)
        self.refilled = now
        return self.tokens >= 1

    def take(self) -> None:
        self.tokens -= 1


@dataclass(eq=False)  # each client is itself: kept in a set by identity
class _Client:
    connection: ServerConnection
    role: str = ""  # "" until its hello, then "board", "lobby" or "seat"
    seat: int | None = None
    allowance: float = BURST
    refilled: float = field(default_factory=time.monotonic)
    dropped: int = 0
    address: str = ""  # see address_of
    sent: str = ""  # the last message queued, so an unchanged view is not sent again
    # what waits to be sent: (replaceable, message); a newer view replaces a view not yet sent
    outbox: list[tuple[bool, str]] = field(default_factory=list)
    pumping: bool = False

    def allowed(self) -> bool:
        """Token bucket: RATE messages a second, BURST at once."""
        now = time.monotonic()
        self.allowance = min(BURST, self.allowance + (now - self.refilled) * RATE)
        self.refilled = now
        if self.allowance < 1:
            self.dropped += 1
            return False
        self.allowance -= 1
        return True


class WebTable:
    """Serve the pages and sockets on ``host:port`` (or on ``sock``, a listening socket passed in
    by systemd). ``allowed_hosts``: the names the box answers to, with the port unless it is 80
    (``"192.168.4.1"``, ``"companion.test:8080"``; by default the loopback names and ``host``);
    a request naming any other Host is refused (DNS rebinding) and a socket from any other
    Origin too (cross-site WebSocket hijacking). ``addresses``: without ``allowed_hosts``, the
    addresses the box is reached at besides ``host`` (listening on 0.0.0.0), allowed with the
    port it listens on.

    ``claim(ask) -> bool | None`` is called in the web thread when a phone asks for a seat
    (``Ask``: the seat, the name, whether another device holds it and is connected now): True
    seats it, False refuses, None leaves it waiting for ``answer_claim(seat, ok, number)`` from
    the owner (the host confirming on the panel); ``withdrawn(ask)`` is then called if the
    phone stops waiting first (it left, it waited ``CLAIM_WAIT_S``, the game ended), so the host
    is not asked about it any more. Without ``claim`` a free seat is granted at once and a taken
    one refused.

    Bounds (docs/web-table.md): ``max_connections`` sockets, ``max_per_address`` of them from
    one address (HTTP 503 beyond); ``max_pending`` claims waiting at once, one a seat and one a
    socket (the rest refused at once: ``busy``, ``many``, ``asked``); a waiting claim ends after
    ``claim_wait`` seconds (``timeout``). Seats last one game: when the published board names
    another game (``game_no``), every token ends and the phones are sent to the lobby."""

    def __init__(
        self,
        events: queue.SimpleQueue,
        host: str = "127.0.0.1",
        port: int = 8080,
        allowed_hosts: Iterable[str] | None = None,
        claim: Callable[[Ask], bool | None] | None = None,
        sock: socket.socket | None = None,
        max_connections: int = MAX_CONNECTIONS,
        addresses: Iterable[str] = (),
        withdrawn: Callable[[Ask], None] | None = None,
        max_per_address: int = MAX_PER_ADDRESS,
        claim_wait: float = CLAIM_WAIT_S,
        max_pending: int = MAX_PENDING,
        phone_away: float = PHONE_AWAY_S,
    ):
        self.events = events
        self.host, self.port, self.sock = host, port, sock
        self.claim, self.withdrawn = claim, withdrawn
        self.max_connections, self.max_per_address = max_connections, max_per_address
        self.claim_wait, self.max_pending = claim_wait, max_pending
        self._hosts = set(allowed_hosts) if allowed_hosts is not None else None
        self._addresses = tuple(addresses)
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self._server: Server | None = None
        self._started = threading.Event()
        self._error: BaseException | None = None
        self._clients: set[_Client] = set()
        self._seats: dict[int, _Seat] = {}
        self._pending: dict[int, _Pending] = {}
        self._claims = 0  # claims numbered so far
        self._admitted: dict[ServerConnection, str] = {}  # sockets let through the handshake: address
        self._game: object = None  # the game the seats belong to (the board's game_no)
        self._board = ""
        self._board_view: dict = {"t": "board", "seats": []}
        self._seat_messages: dict[int, str] = {}
        self._files: dict[str, bytes] = {}
        self._plots: dict[str, bytes] = {}
        self._tasks: set[asyncio.Future] = set()
        self.keys_queued = 0  # keys put on the owner's queue (for the tests and the benchmark)
        self.keys_dropped = 0  # keys over a seat's or an address's cap (KEY_RATE)
        self._key_buckets: dict[tuple[str, object], Bucket] = {}  # ("seat", n) / ("address", a)
        self._host: _Seat | None = None  # the phone the host let in as host (kept from game to game)
        # the key in the panel's host code (``qr.host_url``): a phone that read it is the host at
        # once; upper-case letters and digits, the QR code's compact alphabet (about 62 bits)
        self.host_key = "".join(secrets.choice(HOST_KEY_CHARS) for _ in range(12))
        self._away: set[int] = set()  # seats whose phone the table was told is gone
        self._languages: dict[int, str] = {}  # seat -> the language its phone asked for
        self.phone_away = phone_away

    # -- the owner thread's side -------------------------------------------------------------
    def start(self) -> None:
        """Listen, in a thread of its own; returns once listening, or raises WebTableError."""
        for name in STATIC:
            self._files[name] = resources.files(__package__).joinpath("static", name).read_bytes()
        self._started.clear()
        self._error = None
        self._thread = threading.Thread(target=self._run, name="web-table", daemon=True)
        self._thread.start()
        self._started.wait(10)
        if self._error is not None:
            raise WebTableError(f"the web table cannot listen on {self.host}:{self.port}: {self._error}")
        if self._server is not None and self.port == 0:
            self.port = self._server.sockets[0].getsockname()[1]
        self._names()

    def close(self) -> None:
        """Close every socket and stop the thread."""
        loop, thread = self._loop, self._thread
        if loop is not None and thread is not None and thread.is_alive():
            loop.call_soon_threadsafe(self._stop)
            thread.join(10)

    def publish(self, board: dict, seats: dict[int, dict]) -> None:
        """Hand the web thread the whole current views: ``board`` for every board page (and the
        seat list of the lobby), ``seats[n]`` for the phone of seat n only."""
        if self._loop is not None:
            self._loop.call_soon_threadsafe(self._publish, board, seats)

    def answer_claim(self, seat: int, ok: bool, number: int | None = None) -> None:
        """The host's answer to a claim the ``claim`` callback left waiting (``number``: that
        claim's, so an answer never seats another phone's later claim of the seat). A yes seats
        the phone with the next view published (the owner publishes after every event: the
        view the table made for the new device, never the one it had before)."""
        if self._loop is not None:
            self._loop.call_soon_threadsafe(self._answer, seat, ok, number)

    def drop_all(self) -> None:
        """Close every page's socket (they reconnect by themselves); the seats are kept."""
        if self._loop is not None:
            self._loop.call_soon_threadsafe(self._drop_all)

    def names(self) -> dict[int, str]:
        """The names typed on phones, by seat (a copy; read it in any thread)."""
        return {seat: held.name for seat, held in dict(self._seats).items()}

    def release(self, seat: int) -> None:
        """Forget a seat's phone: its token no longer takes it back, the phone goes to the lobby
        (a new game does this for every seat by itself, see ``game_no``)."""
        if self._loop is not None:
            self._loop.call_soon_threadsafe(self._release, seat)

    # -- the web thread --------------------------------------------------------------------------
    def _run(self) -> None:
        loop = asyncio.new_event_loop()
        loop.set_exception_handler(LoopTrouble())
        self._loop = loop
        try:
            loop.run_until_complete(self._listen())
        except BaseException as error:
            self._error = error
            self._started.set()
            loop.close()
            return
        self._started.set()
        try:
            loop.run_forever()
        finally:
            loop.close()

    async def _listen(self) -> None:
        options: dict[str, Any] = {
            "process_request": self._http,
            "max_size": MAX_MESSAGE,
            "max_queue": 4,
            "compression": None,  # compressed sizes would tell padded views apart
            "ping_interval": 10,
            "ping_timeout": 10,
            # a phone asleep does not answer a closing handshake: stopping the box waits for it
            # this long at most (the service has 10 s to stop, the store needs some of them)
            "close_timeout": 1,
            "server_header": None,
        }
        if self.sock is not None:
            self._server = await serve(self._session, sock=self.sock, **options)
        else:
            self._server = await serve(self._session, self.host, self.port, **options)

    def _stop(self) -> None:
        async def stopping() -> None:
            if self._server is not None:
                self._server.close()
                await self._server.wait_closed()
            assert self._loop is not None
            self._loop.stop()

        assert self._loop is not None
        self._loop.create_task(stopping())

    def _names(self) -> set[str]:
        """The Host names allowed: given, or the defaults for ``host`` and ``addresses`` with the
        port listened on (found once it is known: a request can come in before ``start``
        returns, on a socket passed in with a connection already waiting)."""
        if self._hosts is not None:
            return self._hosts
        port = self.port
        if self._server is not None and self._server.sockets:
            port = self._server.sockets[0].getsockname()[1]
        elif self.sock is not None:
            port = self.sock.getsockname()[1]
        names = default_hosts(self.host, port)
        for address in self._addresses:
            names |= default_hosts(address, port)
        if port:
            self._hosts = names
        return names

    def _allowed_host(self, host: str) -> bool:
        return host.lower() in self._names()

    def _http(self, connection: ServerConnection, request: Request) -> Response | None:
        """Plain requests get the pages; a WebSocket upgrade goes on only at /ws, from an
        allowed Host and Origin, while there is room."""
        host = request.headers.get("Host", "")
        if not self._allowed_host(host):
            return self._reply(421, "text/plain", b"unknown host\n")
        path = request.path.split("?", 1)[0]
        if path == "/ws":
            origin = request.headers.get("Origin")
            if origin is None or origin.lower() != f"http://{host.lower()}":
                return self._reply(403, "text/plain", b"foreign origin\n")
            for admitted in [c for c in self._admitted if c.protocol.state is State.CLOSED]:
                del self._admitted[admitted]  # its handshake failed after it was let through
            address = address_of(connection)
            if len(self._admitted) >= self.max_connections:
                return self._reply(503, "text/plain", b"too many connections\n")
            if sum(1 for held in self._admitted.values() if held == address) >= self.max_per_address:
                return self._reply(503, "text/plain", b"too many connections from your address\n")
            self._admitted[connection] = address
            return None
        if path.startswith("/plots/") and path[len("/plots/") :] in self._plots:
            return self._reply(200, "image/svg+xml", self._plots[path[len("/plots/") :]])
        name = PAGES.get(path) or (path[len("/static/") :] if path.startswith("/static/") else "")
        if name not in self._files:
            return self._reply(404, "text/plain", b"not found\n")
        kind = mimetypes.guess_type(name)[0] or "application/octet-stream"
        return self._reply(200, kind + ("; charset=utf-8" if kind.startswith("text") else ""), self._files[name])

    @staticmethod
    def _reply(status: int, kind: str, body: bytes) -> Response:
        headers = Headers({**SECURITY_HEADERS, "Content-Type": kind, "Content-Length": str(len(body))})
        reason = {200: "OK", 403: "Forbidden", 404: "Not Found", 421: "Misdirected Request"}.get(status, "Refused")
        return Response(status, reason, headers, body)

    async def _session(self, connection: ServerConnection) -> None:
        client = _Client(connection, address=self._admitted.get(connection, ""))
        self._clients.add(client)
        try:
            async for message in connection:
                if not client.allowed():
                    if client.dropped == FLOOD_DROPS:  # closed, and read on (dropped) to the close
                        client.role, client.seat = "", None
                        self._spawn(connection.close(1008, "too many messages"))
                    continue
                await self._on_message(client, message)
        except ConnectionClosed:
            pass
        finally:
            self._clients.discard(client)
            self._admitted.pop(connection, None)
            if client.role == "seat" and client.seat is not None and self._loop is not None:
                self._loop.call_later(self.phone_away, self._maybe_away, client.seat, self._seats.get(client.seat))
            for seat, pending in list(self._pending.items()):
                if pending.client is client:  # it left: the host is not asked about it any more
                    self._withdraw(seat)

    async def _on_message(self, client: _Client, message: str | bytes) -> None:
        try:
            data = json.loads(message)
        except (ValueError, UnicodeDecodeError):
            return
        if not isinstance(data, dict):
            return
        kind = data.get("t")
        if kind == "hello":
            await self._hello(client, data)
        elif kind == "claim":
            await self._claim(client, data)
        elif kind == "key" and client.role == "seat" and client.seat is not None:
            key = data.get("key")
            if isinstance(key, str) and key in PAD_KEYS and self._key_allowed(client):
                self.events.put(KeyEvent(client.seat, key, "web"))
                self.keys_queued += 1
        elif kind == "answer" and client.role == "seat" and client.seat is not None:
            answer = phone_answer(client.seat, data)
            if answer is not None and self._key_allowed(client):
                self.events.put(answer)
                self.keys_queued += 1
        elif kind == "host" and client.role == "host":
            key = data.get("key")
            if isinstance(key, str) and key in HOST_KEYS and self._key_allowed(client):
                self.events.put(KeyEvent(None, key, "web"))
                self.keys_queued += 1
        elif kind == "lang" and client.role == "seat" and client.seat is not None:
            self._language(client.seat, data.get("lang"))

    def _key_allowed(self, client: _Client) -> bool:
        """A key within its seat's cap and its address's (``KEY_RATE``), which outlive sockets."""
        if len(self._key_buckets) > 256:  # full buckets are as good as new ones: forget them
            for name, bucket in list(self._key_buckets.items()):
                if bucket.available() and bucket.tokens >= bucket.burst:
                    del self._key_buckets[name]
        buckets = [
            self._key_buckets.setdefault(("seat", client.seat), Bucket(KEY_RATE, KEY_BURST)),
            self._key_buckets.setdefault(("address", client.address), Bucket(2 * KEY_RATE, 2 * KEY_BURST)),
        ]
        if not all(bucket.available() for bucket in buckets):
            self.keys_dropped += 1
            return False
        for bucket in buckets:
            bucket.take()
        return True

    async def _hello(self, client: _Client, data: dict) -> None:
        """A page (re)connects: a board, or a phone with the token it was given, if any. The
        whole view goes back at once."""
        if data.get("role") == "board":
            client.role, client.seat = "board", None
            await self._send(client, self._board)
            return
        token = data.get("token")
        if (
            self._host is not None
            and isinstance(token, str)
            and token
            and hmac.compare_digest(self._host.token.encode(), token.encode())
        ):
            client.role, client.seat = "host", HOST_SEAT
            await self._send(client, self._board)
            return
        seat = self._seat_of(token)
        if seat is None:
            client.role, client.seat = "lobby", None
            await self._send(client, self._lobby())
            if isinstance(token, str) and token:  # a token of a game that ended, or taken over
                await self._send(client, self._refused("ended"))
            return
        client.role, client.seat = "seat", seat
        self._present(seat)
        self._language(seat, data.get("lang"))
        await self._send(client, self._seat_messages.get(seat) or self._empty_seat(seat))

    def _maybe_away(self, seat: int, held: _Seat | None) -> None:
        """The seat's last socket closed a while ago: if the same phone still holds the seat and
        no socket of it is back, the table is told the phone is gone."""
        if held is None or self._seats.get(seat) is not held or seat in self._away:
            return
        if any(client.role == "seat" and client.seat == seat for client in self._clients):
            return
        self._away.add(seat)
        self.events.put(PhonePresence(seat, False))

    def _present(self, seat: int) -> None:
        """A socket of the seat is back (or another phone took it): no longer gone."""
        if seat in self._away:
            self._away.discard(seat)
            self.events.put(PhonePresence(seat, True))

    def _language(self, seat: int, language: object) -> None:
        """The language the seat's phone reads, told to the table when it changes."""
        if language not in ("cs", "en") or self._languages.get(seat, self._board_view.get("lang")) == language:
            return  # what the phone reads already
        self._languages[seat] = language
        self.events.put(PhoneLanguage(seat, language))

    def _seat_of(self, token: object) -> int | None:
        if not isinstance(token, str) or not token:
            return None
        found = None
        for seat, held in self._seats.items():  # every seat compared, each in constant time
            if hmac.compare_digest(held.token.encode(), token.encode()):
                found = seat
        return found

    async def _claim(self, client: _Client, data: dict) -> None:
        """A phone in the lobby asks for a seat. Refused at once: a malformed claim, a seat
        another phone is asking for, a phone that is waiting already, and any claim while
        ``max_pending`` wait; so the host is asked about each seat once, and about a few at most."""
        seat, name = data.get("seat"), clean_name(data.get("name"))
        count = len(self._board_view.get("seats", ()))
        seat = HOST_SEAT if seat == "host" else seat
        if client.role in ("seat", "host") or not isinstance(seat, int) or not name:
            self._queue(client, self._refused("invalid"))
            return
        if seat != HOST_SEAT and not 0 <= seat < count:
            self._queue(client, self._refused("invalid"))
            return
        if seat in self._pending:
            self._queue(client, self._refused("busy"))
            return
        if any(pending.client is client for pending in self._pending.values()):
            self._queue(client, self._refused("asked"))
            return
        if len(self._pending) >= self.max_pending:
            self._queue(client, self._refused("many"))
            return
        key = data.get("key")
        if seat == HOST_SEAT and isinstance(key, str) and hmac.compare_digest(key.encode(), self.host_key.encode()):
            self._grant(client, seat, name, True, at_once=True)  # it read the panel's code
            await self._broadcast_lobby()
            return
        taken = self._host is not None if seat == HOST_SEAT else seat in self._seats
        connected = any(other.role in ("seat", "host") and other.seat == seat for other in self._clients)
        self._claims += 1
        game = self._game if isinstance(self._game, int) else 0
        ask = Ask(seat, name, taken, connected, self._claims, game)
        answer = self.claim(ask) if self.claim is not None else (None if taken else True)
        if answer is None and self.claim is None:
            answer = False
        if answer is None:
            assert self._loop is not None
            timer = self._loop.call_later(self.claim_wait, self._expire, seat, ask.number)
            self._pending[seat] = _Pending(client, ask, timer)
            await self._broadcast_lobby()
            return
        self._grant(client, seat, name, bool(answer), at_once=True)
        await self._broadcast_lobby()

    def _grant(self, client: _Client, seat: int, name: str, ok: bool, at_once: bool) -> None:
        """Seat ``client`` (``ok``) or tell it no. A new token every time: the token a phone held
        the seat by before ends, and that phone is sent to the lobby. ``at_once``: the view as
        it stands goes with the welcome (no table was asked); else the next one published does,
        the view the owner made after the host's yes (for a device that takes a seat over: no
        locked pick, no typing)."""
        if not ok:
            self._queue(client, self._refused("refused"))
            return
        token = secrets.token_urlsafe(TOKEN_BYTES)
        if seat == HOST_SEAT:
            self._host = _Seat(token, name)
        else:
            self._seats[seat] = _Seat(token, name)
        for other in list(self._clients):  # a phone that held the seat before is told to leave it
            if other is not client and other.role in ("seat", "host") and other.seat == seat:
                other.role, other.seat = "lobby", None
                self._queue(other, self._refused("taken_over"))
        if seat == HOST_SEAT:
            client.role, client.seat = "host", seat
            self._queue(client, encode({"t": "welcome", "seat": seat, "name": name, "token": token}))
            self._queue(client, self._board)
            return
        client.role, client.seat = "seat", seat
        self._present(seat)
        self._queue(client, encode({"t": "welcome", "seat": seat, "name": name, "token": token}))
        if at_once:
            self._queue(client, self._seat_messages.get(seat) or self._empty_seat(seat))

    def _answer(self, seat: int, ok: bool, number: int | None) -> None:
        pending = self._pending.get(seat)
        if pending is None or (number is not None and pending.ask.number != number):
            return  # that claim ended already (its phone left, it waited too long, the game ended)
        del self._pending[seat]
        if pending.timer is not None:
            pending.timer.cancel()
        if pending.client not in self._clients:
            return
        self._grant(pending.client, seat, pending.ask.name, ok, at_once=False)
        self._spawn(self._broadcast_lobby())

    def _expire(self, seat: int, number: int) -> None:
        """A claim the host has not answered in time: refused, its seat free to ask for again."""
        pending = self._pending.get(seat)
        if pending is not None and pending.ask.number == number:
            self._queue(pending.client, self._refused("timeout"))
            self._withdraw(seat)

    def _withdraw(self, seat: int) -> None:
        """The claim of ``seat`` ends unanswered: the owner is told (the host is not asked about
        it any more), the lobby shows the seat without it."""
        pending = self._pending.pop(seat, None)
        if pending is None:
            return
        if pending.timer is not None:
            pending.timer.cancel()
        if self.withdrawn is not None:
            self.withdrawn(pending.ask)
        if self._loop is not None and self._loop.is_running():
            self._spawn(self._broadcast_lobby())

    def _spawn(self, work) -> None:
        """Run ``work`` on the loop, holding the task until it ends (a task nobody holds may be
        collected half-way)."""
        task = asyncio.ensure_future(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def _drop_all(self) -> None:
        for client in list(self._clients):
            self._spawn(client.connection.close(1012, "the box restarts the web table"))

    def _release(self, seat: int) -> None:
        self._seats.pop(seat, None)
        for client in list(self._clients):
            if client.role == "seat" and client.seat == seat:
                client.role, client.seat = "lobby", None
                self._queue(client, self._refused("ended"))
        self._spawn(self._broadcast_lobby())

    def _new_game(self) -> None:
        """Another game (or none) is on the table: every seat's token ends with the game before,
        its phone is told and sent to the lobby (the lobby of the new game comes with the views);
        claims made in the old game's lobby end unanswered."""
        self._seats.clear()
        self._away.clear()
        self._languages.clear()
        for seat in list(self._pending):
            self._queue(self._pending[seat].client, self._refused("ended"))
            self._withdraw(seat)
        for client in list(self._clients):
            if client.role == "seat":
                client.role, client.seat = "lobby", None
                self._queue(client, self._refused("ended"))

    def _publish(self, board: dict, seats: dict[int, dict]) -> None:
        plots = board.get("plots") or {}
        if plots:  # served as files: the page's policy loads images from the box only, no data: URLs
            self._plots = {f"{name}.svg": svg.encode() for name, svg in plots.items()}
            stamp = hashlib.sha256(b"".join(self._plots.values())).hexdigest()[:12]
            board = {**board, "plots": {name: f"/plots/{name}.svg?v={stamp}" for name in plots}}
        try:
            self._board = encode(board)
            self._board_view = board
            self._seat_messages = {seat: encode(view) for seat, view in seats.items()}
        except TooLarge as error:  # never expected: the views are cut to fit; keep the last ones
            log.error("web view not sent: %s", error)
            return
        game = board.get("game_no")
        if game != self._game:
            if self._game is not None:
                self._new_game()
            self._game = game
        self._spawn(self._send_all())

    async def _send_all(self) -> None:
        lobby = self._lobby()
        for client in list(self._clients):
            if client.role in ("board", "host"):
                await self._send(client, self._board, again=False)
            elif client.role == "seat" and client.seat is not None:
                message = self._seat_messages.get(client.seat) or self._empty_seat(client.seat)
                await self._send(client, message, again=False)
            elif client.role == "lobby":
                await self._send(client, lobby, again=False)

    async def _broadcast_lobby(self) -> None:
        lobby = self._lobby()
        for client in list(self._clients):
            if client.role == "lobby":
                await self._send(client, lobby, again=False)

    def _lobby(self) -> str:
        """The seats a phone may pick: each seat's label and its player's name (the board's),
        and whether a phone holds it (public)."""
        board = self._board_view
        seats = [
            {
                "seat": entry.get("seat"),
                "label": entry.get("label", ""),
                "player": entry.get("name", ""),
                "name": self._seats[entry["seat"]].name if entry.get("seat") in self._seats else "",
                "taken": entry.get("seat") in self._seats,
                "waiting": entry.get("seat") in self._pending,
            }
            for entry in board.get("seats", ())
        ]
        host = {"taken": self._host is not None, "waiting": HOST_SEAT in self._pending}
        return encode(
            {"t": "lobby", "lang": board.get("lang", "cs"), "game": board.get("game", ""), "seats": seats, "host": host}
        )

    def _empty_seat(self, seat: int) -> str:
        lang = self._board_view.get("lang", "cs")
        return encode({"t": "seat", "seat": seat, "lang": lang, "label": "", "ask": [], "private": [], "keys": []})

    @staticmethod
    def _refused(why: str) -> str:
        return encode({"t": "refused", "why": why})

    async def _send(self, client: _Client, message: str, again: bool = True) -> None:
        self._queue(client, message, again)

    def _queue(self, client: _Client, message: str, again: bool = True) -> None:
        """Queue ``message`` for ``client``; with ``again`` False (a view published to everyone)
        not when it is what the client has already, and in place of a view still waiting. Each
        client is written by a task of its own: a phone that stops reading (asleep, out of
        range) holds up nobody else, and receives only the newest view when it reads again."""
        if not message or (not again and message == client.sent):
            return
        client.sent = message
        if not again:
            client.outbox = [waiting for waiting in client.outbox if not waiting[0]]
        client.outbox.append((not again, message))
        if not client.pumping:
            client.pumping = True
            self._spawn(self._pump(client))

    @staticmethod
    async def _pump(client: _Client) -> None:
        try:
            while client.outbox:
                _, message = client.outbox.pop(0)
                await client.connection.send(message)
        except ConnectionClosed:
            client.outbox.clear()
        finally:
            client.pumping = False


assert max(SIZES.values()) < 2**16  # every view fits one unfragmented frame of the sizes above
