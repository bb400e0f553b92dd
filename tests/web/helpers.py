"""A table with a web table beside it, driven the way the main loop drives them."""

from __future__ import annotations

import json
import queue

from companion.games import load
from companion.surface.events import KeyEvent
from companion.table.flow import Play
from companion.table.table import Table
from companion.web.views import Tracker, all_views

from ..table.helpers import MemoryRecorder

HOST = "companion.test"


class EndingRecorder(MemoryRecorder):
    """A memory that can also end a game unfinished (the in-game menu's "end this game")."""

    def abandon(self, sid):
        self.sessions[sid]["abandoned"] = True


def vaaalbara_table(players: int = 3, language: str = "en") -> Table:
    table = Table(EndingRecorder(), {"vaaalbara": load("vaaalbara")}, language, new_seed=lambda: 11)
    for key in ["ok"] + ["down"] * (players - 2) + ["ok"]:
        table.handle(KeyEvent(None, key))
    assert isinstance(table.screen, Play)
    return table


class Owner:
    """The owner thread's part: feed events to the table, publish the views after each."""

    def __init__(self, table: Table, web=None):
        self.table, self.web = table, web
        self.tracker = Tracker(clock=lambda: 0.0)
        self.events: queue.SimpleQueue = queue.SimpleQueue()

    def views(self):
        return all_views(self.table, self.tracker)

    def publish(self):
        if self.web is not None:
            self.web.publish(*self.views())

    def handle(self, event):
        self.table.handle(event)
        self.publish()

    def drain(self) -> int:
        """Handle every event the web table queued; the number handled."""
        count = 0
        while True:
            try:
                event = self.events.get_nowait()
            except queue.Empty:
                return count
            self.handle(event)
            count += 1


def parsed(message: str) -> dict:
    return json.loads(message)


def serve(owner: Owner, wire=None, **options):
    """The web table for ``owner``'s table on companion.test (a loopback port of its own),
    started and given its first views; ``wire(web)`` connects what the run connects first
    (the claims' way to the host). Returns the web table and its port."""
    import socket

    from companion.web.server import WebTable

    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.bind(("127.0.0.1", 0))
    sock.listen(16)
    port = sock.getsockname()[1]
    web = WebTable(owner.events, allowed_hosts={f"{HOST}:{port}"}, sock=sock, **options)
    if wire is not None:
        wire(web)
    owner.web = web
    web.start()
    owner.publish()
    return web, port
