"""``companion run --web``: the main loop hands the web table whole views after every frame,
computed in the thread that owns the table; a bad address or a port in use is one line."""

from __future__ import annotations

import queue
import socket

from companion.app import App
from companion.surface.events import KeyEvent

from ..companion_process import run_companion
from ..table.helpers import MemoryRecorder
from .helpers import vaaalbara_table


class Board:
    """A display, LEDs and web table in one: keeps what it was given."""

    def __init__(self):
        self.published: list[tuple[dict, dict]] = []

    def show(self, frame):
        pass

    def set(self, seat, state):
        pass

    def publish(self, board, seats):
        self.published.append((board, seats))


def test_after_every_frame_the_web_table_gets_the_board_and_every_seats_view():
    table = vaaalbara_table()
    out = Board()
    app = App(table, out, out, queue.SimpleQueue(), web=out)
    app.refresh()
    board, seats = out.published[-1]
    assert set(seats) == set(range(table.seat_count())) and board
    table.handle(KeyEvent(0, "0"))
    app.refresh()
    assert len(out.published) == 2 and out.published[-1][1][0] != seats[0]  # seat 1 typed a key
    assert isinstance(table.recorder, MemoryRecorder)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_run_serves_the_web_table_beside_a_script_and_closes_it(tmp_path):
    script = tmp_path / "keys.txt"
    script.write_text("host ok\nhost ok\nquit\n", encoding="utf-8")
    port = free_port()
    run = run_companion("run", "--script", script, "--data-dir", tmp_path / "d", "--web", f"127.0.0.1:{port}", "-v")
    assert run.returncode == 0, run.stderr
    assert f"web table at http://127.0.0.1:{port}/" in run.stderr


def test_a_bad_address_or_a_port_in_use_is_one_line(tmp_path):
    script = tmp_path / "keys.txt"
    script.write_text("quit\n", encoding="utf-8")
    run = run_companion("run", "--script", script, "--data-dir", tmp_path / "d", "--web", "nonsense")
    assert run.returncode != 0 and "Traceback" not in run.stderr
    assert run.stderr.strip().splitlines() == [
        "companion: --web needs HOST:PORT (for example 127.0.0.1:8080), not 'nonsense'"
    ]
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        run = run_companion("run", "--script", script, "--data-dir", tmp_path / "e", "--web", f"127.0.0.1:{port}")
    assert run.returncode != 0 and "Traceback" not in run.stderr
    lines = run.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("companion: web table: "), lines
