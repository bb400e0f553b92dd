"""sd_notify and the watchdog schedule, against a real datagram socket."""

from __future__ import annotations

import os
import socket
import uuid

import pytest

from companion.hw.notify import Watchdog, sd_notify


@pytest.fixture
def listener(tmp_path):
    path = tmp_path / "notify.sock"
    with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as sock:
        sock.bind(str(path))
        sock.settimeout(5)
        yield str(path), sock


def test_sends_lines_as_one_datagram(listener):
    path, sock = listener
    assert sd_notify("READY=1", "STATUS=Catan, kolo 3", env={"NOTIFY_SOCKET": path})
    assert sock.recv(4096) == b"READY=1\nSTATUS=Catan, kolo 3"


def test_reads_the_environment_by_default(listener, monkeypatch):
    path, sock = listener
    monkeypatch.setenv("NOTIFY_SOCKET", path)
    assert sd_notify("STOPPING=1")
    assert sock.recv(4096) == b"STOPPING=1"


def test_abstract_socket_address():
    name = f"companion-test-{uuid.uuid4().hex}"
    with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as sock:
        sock.bind("\0" + name)
        sock.settimeout(5)
        assert sd_notify("READY=1", env={"NOTIFY_SOCKET": "@" + name})
        assert sock.recv(4096) == b"READY=1"


def test_outside_systemd_it_is_a_no_op():
    assert sd_notify("READY=1", env={}) is False


def test_a_dead_socket_returns_false_without_raising(tmp_path):
    env = {"NOTIFY_SOCKET": str(tmp_path / "gone.sock")}
    assert sd_notify("WATCHDOG=1", env=env) is False
    assert sd_notify("WATCHDOG=1", env=env) is False


def test_watchdog_pings_every_half_period(listener):
    path, sock = listener
    env = {"NOTIFY_SOCKET": path, "WATCHDOG_USEC": "30000000", "WATCHDOG_PID": str(os.getpid())}
    dog = Watchdog(env=env, clock=lambda: 1000.0)
    assert dog.interval() == 15.0
    assert dog.due(1000.0) and dog.timeout(1000.0) == 0.0
    assert dog.ping()
    assert sock.recv(4096) == b"WATCHDOG=1"
    assert not dog.due(1014.9)
    assert dog.timeout(1010.0) == pytest.approx(5.0)
    assert dog.due(1015.0)
    assert dog.ping(1015.0) and dog.last == 1015.0
    assert sock.recv(4096) == b"WATCHDOG=1"


@pytest.mark.parametrize(
    "env",
    [
        {},
        {"WATCHDOG_USEC": "0"},
        {"WATCHDOG_USEC": "junk"},
        {"WATCHDOG_USEC": "30000000", "WATCHDOG_PID": "another process"},
    ],
)
def test_watchdog_disabled(env):
    if "WATCHDOG_PID" in env:
        env = {**env, "WATCHDOG_PID": str(os.getpid() + 1)}
    sent = []
    dog = Watchdog(env=env, notify=lambda *lines: sent.append(lines) or True)
    assert dog.interval() is None and dog.timeout(0.0) is None
    assert not dog.due(0.0)
    assert dog.ping() is False and sent == []
