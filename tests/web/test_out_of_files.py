"""The box out of file descriptors (a phone that opens sockets without end, a leak): asyncio
retries every accept and logged each try with its traceback, some 1,500 records in 4 s. The web
table logs one line for it, and serves again once descriptors are free."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

import companion
from companion.web.server import LoopTrouble

pytest.importorskip("resource")

SCRIPT = textwrap.dedent(
    """
    import http.client, io, logging, queue, resource, socket, time
    stream = io.StringIO()
    logging.basicConfig(stream=stream, level=logging.WARNING)
    from companion.web.server import WebTable
    resource.setrlimit(resource.RLIMIT_NOFILE, (64, 64))
    web = WebTable(queue.Queue(), host="127.0.0.1", port=0)
    web.start()
    held = []
    end = time.monotonic() + 3
    while time.monotonic() < end:
        try:
            held.append(socket.create_connection(("127.0.0.1", web.port), timeout=0.5))
        except OSError:
            time.sleep(0.01)
    for sock in held:
        sock.close()
    time.sleep(1.5)  # asyncio starts accepting again a second after its last failed accept
    page = http.client.HTTPConnection("127.0.0.1", web.port, timeout=5)
    page.request("GET", "/", headers={"Host": f"127.0.0.1:{web.port}"})
    status = page.getresponse().status
    web.close()
    print(status, len(held))
    print(stream.getvalue(), end="")
    """
)


def test_out_of_file_descriptors_is_one_line_in_the_log_and_the_table_serves_again():
    root = Path(companion.__file__).resolve().parent.parent
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT], capture_output=True, text=True, timeout=60, env={"PYTHONPATH": str(root)}
    )
    assert done.returncode == 0, done.stderr
    first, *log = done.stdout.splitlines()
    status, held = first.split()
    assert int(held) > 10  # the limit was reached (the script held every socket it could open)
    assert status == "200"
    errors = [line for line in log if line.startswith(("ERROR", "WARNING", "CRITICAL"))]
    assert len(errors) == 1, log
    assert "out of system resource" in errors[0] and "Too many open files" in errors[0]
    assert not any("Traceback" in line for line in log)


def test_loop_trouble_says_each_kind_once_a_period_with_the_count_it_kept_quiet(caplog):
    now = [0.0]
    trouble = LoopTrouble(every=30, clock=lambda: now[0])
    accept = {"message": "socket.accept() out of system resource", "exception": OSError(24, "Too many open files")}
    with caplog.at_level("ERROR", logger="companion.web.server"):
        for _ in range(500):
            trouble(None, accept)  # type: ignore[arg-type]
        trouble(None, {"message": "Task exception was never retrieved", "exception": KeyError("x")})
        now[0] = 31.0
        trouble(None, accept)  # type: ignore[arg-type]
    lines = [r.getMessage() for r in caplog.records]
    assert lines == [
        "web table: socket.accept() out of system resource: [Errno 24] Too many open files",
        "web table: Task exception was never retrieved",
        "web table: socket.accept() out of system resource: [Errno 24] Too many open files"
        " (499 more like it in the last 31 s)",
    ]
    assert caplog.records[0].exc_info is None and caplog.records[1].exc_info is not None
