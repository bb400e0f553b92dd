"""The socket systemd passes in: found by name or alone, ignored when meant for another process."""

from __future__ import annotations

import http.client
import json
import os
import shutil
import socket
import subprocess
import sys
from pathlib import Path

import pytest

from companion.web.activation import FIRST_FD, passed_socket


def with_listening_socket_at(fd: int):
    listening = socket.socket()
    listening.bind(("127.0.0.1", 0))
    listening.listen(1)
    saved = os.dup(fd) if _open(fd) else None
    os.dup2(listening.fileno(), fd)
    return listening, saved


def _open(fd: int) -> bool:
    try:
        os.fstat(fd)
    except OSError:
        return False
    return True


def test_the_passed_socket_is_found_by_its_name_and_only_for_this_process():
    index = 60  # a descriptor far above what the test run itself holds open
    fd = FIRST_FD + index
    listening, saved = with_listening_socket_at(fd)
    try:
        names = ":".join(["other"] * index + ["web"])
        mine = {"LISTEN_PID": str(os.getpid()), "LISTEN_FDS": str(index + 1), "LISTEN_FDNAMES": names}
        sock = passed_socket("web", mine)
        assert sock is not None and sock.getsockname() == listening.getsockname()
        sock.detach()  # the descriptor is restored below, not closed twice
        assert passed_socket("web", {**mine, "LISTEN_PID": str(os.getpid() + 1)}) is None
        assert passed_socket("web", {**mine, "LISTEN_FDNAMES": names.replace("web", "pads")}) is None
        assert passed_socket("web", {}) is None and passed_socket("web", {"LISTEN_PID": "x"}) is None
    finally:
        if saved is not None:
            os.dup2(saved, fd)
            os.close(saved)
        else:
            os.close(fd)
        listening.close()


# -- the handoff for real: systemd's own socket activation, the service in a network of its own ------

ACTIVATE = shutil.which("systemd-socket-activate")
UNSHARE = shutil.which("unshare")
ROOT = Path(__file__).resolve().parents[2]

SERVICE = r"""
import json, os, queue, sys
sys.path.insert(0, {root!r})
from companion import run
from tests.web.helpers import vaaalbara_table
table = vaaalbara_table(3, "en")
web = run._start_web(None, queue.SimpleQueue(), json.loads(sys.argv[1]), table)
codes = [code.text for code in table.joining.codes] if table.joining else []
print(json.dumps({{"net": os.readlink("/proc/self/ns/net"), "port": web.port, "codes": codes}}), flush=True)
sys.stdin.read()  # serve until the test closes our stdin
web.close()
"""


def private_network_works() -> bool:
    if UNSHARE is None:
        return False
    return subprocess.run([UNSHARE, "-n", "true"], capture_output=True, timeout=30).returncode == 0


needs_activation = pytest.mark.skipif(
    ACTIVATE is None or not private_network_works(),
    reason="needs systemd-socket-activate and unshare -n (a network namespace, as PrivateNetwork=yes makes)",
)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def activated(tmp_path, listen: str, settings: dict):
    """systemd-socket-activate listens on ``listen`` and, at the first connection, starts the
    web table in a network namespace of its own (what PrivateNetwork=yes gives the service),
    handing it the socket as fd 3 named "web"."""
    command = [ACTIVATE, "-l", listen, "--fdname=web", "-E", f"PYTHONPATH={ROOT}"]
    command += [UNSHARE, "-n", sys.executable, "-c", SERVICE.format(root=str(ROOT)), json.dumps(settings)]
    service = subprocess.Popen(
        command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    assert service.stderr is not None
    said = service.stderr.readline()  # "Listening on 0.0.0.0:PORT as 3."
    assert said.startswith("Listening on"), said
    return service


def stop(service) -> str:
    """Close the service's stdin (it stops) and return what it logged; killed if it hangs."""
    service.stdin.close()
    try:
        service.wait(30)
    except subprocess.TimeoutExpired:
        service.kill()
        service.wait(30)
    return service.stderr.read()


def fetch(port: int, path: str, host: str) -> tuple[int, dict, bytes]:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        connection.request("GET", path, headers={"Host": host})
        response = connection.getresponse()
        return response.status, dict(response.getheaders()), response.read()
    finally:
        connection.close()


@needs_activation
def test_a_socket_passed_in_is_served_by_a_service_without_a_network_of_its_own(tmp_path):
    port = free_port()
    service = activated(tmp_path, f"127.0.0.1:{port}", {"address": "", "hotspot": ""})
    try:
        status, headers, body = fetch(port, "/board", f"127.0.0.1:{port}")  # starts the service
        started = json.loads(service.stdout.readline())
        assert status == 200 and b"board.js" in body
        assert headers["Content-Security-Policy"].startswith("default-src 'self'")
        assert started["net"] != os.readlink("/proc/self/ns/net")  # served from another namespace
        assert started["port"] == port and started["codes"] == [f"127.0.0.1:{port}", "host"]
        assert fetch(port, "/", "evil.example")[0] == 421  # the allowed names stay in force
    finally:
        stop(service)


@needs_activation
def test_listening_on_every_address_without_a_network_the_qr_needs_the_configured_address(tmp_path):
    """In its own network the service cannot see the box's addresses: the QR code shows the
    configured [web] address, and none is drawn without it (the log says to set it)."""
    for settings, codes in (({"address": "192.168.1.5", "hotspot": ""}, ["192.168.1.5:{port}", "host"]), ({}, [])):
        port = free_port()
        service = activated(tmp_path, f"0.0.0.0:{port}", {"address": "", "hotspot": "", **settings})
        try:
            assert fetch(port, "/", f"127.0.0.1:{port}")[0] == 200
            started = json.loads(service.stdout.readline())
            assert started["codes"] == [code.format(port=port) for code in codes]
            if codes:
                assert fetch(port, "/", f"192.168.1.5:{port}")[0] == 200  # the address is an allowed name
        finally:
            logged = stop(service)
        if not codes:
            assert "set [web] address" in logged


@needs_activation
def test_companion_run_serves_the_socket_systemd_passes_without_being_told(tmp_path):
    """`companion run` as the service runs it (no --web): systemd's socket, passed into a
    process in a network namespace of its own, is served; SIGTERM stops it cleanly."""
    import pty
    import signal

    port = free_port()
    controller, terminal = pty.openpty()  # the emulated table wants a terminal; nobody types
    command = [ACTIVATE, "-l", f"127.0.0.1:{port}", "--fdname=web", "-E", f"PYTHONPATH={ROOT}"]
    command += [UNSHARE, "-n", sys.executable, "-m", "companion", "run", "--emulated", "-v"]
    command += ["--data-dir", str(tmp_path / "data"), "--language", "en"]
    with open(tmp_path / "screen.txt", "wb") as screen:
        service = subprocess.Popen(command, stdin=terminal, stdout=screen, stderr=subprocess.PIPE, text=True, cwd=ROOT)
    os.close(terminal)
    try:
        assert service.stderr.readline().startswith("Listening on")
        status, _, body = fetch(port, "/board", f"127.0.0.1:{port}")
        assert status == 200 and b"board.js" in body
    finally:
        service.send_signal(signal.SIGTERM)  # what systemctl stop sends
        code = service.wait(30)
        os.close(controller)
    logged = (tmp_path / "data" / "companion.log").read_text()
    assert code == 0, service.stderr.read() + logged
    assert f"web table at http://127.0.0.1:{port}/" in logged and "stopping: SIGTERM" in logged
