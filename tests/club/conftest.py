"""A real Mosquitto on a loopback port (its config in tmp_path) and boxes in processes of their own."""

from __future__ import annotations

import getpass
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

MOSQUITTO = "/usr/sbin/mosquitto"
ROOT = Path(__file__).resolve().parents[2]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class Broker:
    def __init__(self, folder: Path):
        self.folder, self.port = folder, free_port()
        (folder / "db").mkdir(parents=True, exist_ok=True)
        self.conf = folder / "mosquitto.conf"
        self.conf.write_text(
            f"listener {self.port} 127.0.0.1\n"
            # run as root, mosquitto drops to its own user, who cannot write the test's folder
            f"user {getpass.getuser()}\n"
            "allow_anonymous true\n"
            "persistence true\n"
            f"persistence_location {folder / 'db'}/\n"
            # saved when it stops (SIGTERM, as the tests stop it); saving on every change would
            # rewrite the whole store per message: a club's history of 10,000 plays makes that quadratic
            "max_queued_messages 0\n"
            "log_dest none\n"
        )
        self.process: subprocess.Popen | None = None

    def start(self) -> None:
        self.process = subprocess.Popen(
            [MOSQUITTO, "-c", str(self.conf)], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE
        )
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=0.2).close()
                return
            except OSError:
                time.sleep(0.05)
        raise RuntimeError(
            f"mosquitto did not listen on {self.port}: {self.process.stderr.read() if self.process.stderr else ''}"
        )

    def stop(self, signum: int = signal.SIGTERM) -> None:
        if self.process is not None:
            self.process.send_signal(signum)
            self.process.wait(10)
            self.process = None


@pytest.fixture
def broker(tmp_path):
    if not os.access(MOSQUITTO, os.X_OK):
        if os.environ.get("CI"):
            pytest.fail(f"{MOSQUITTO} is missing: .ci/run installs Debian's mosquitto")
        pytest.skip(f"{MOSQUITTO} is missing: apt-get install -y mosquitto to run the club's broker tests")
    running = Broker(tmp_path / "broker")
    running.start()
    yield running
    running.stop(signal.SIGKILL)


def club_config(folder: Path, broker: Broker, box: str, club: str = "testclub") -> Path:
    path = folder / f"{box}.toml"
    path.write_text(f'[club]\nname = "{club}"\nbox = "{box}"\nbroker = "127.0.0.1"\nport = {broker.port}\n')
    return path


class Box:
    """A box process (tests/club/box_process.py) over its own data dir."""

    def __init__(self, folder: Path, broker: Broker, name: str):
        self.name, self.data = name, folder / name
        self.config = club_config(folder, broker, name)
        self.process: subprocess.Popen | None = None

    def start(self) -> Box:
        env = {**os.environ, "PYTHONPATH": str(ROOT)}
        self.process = subprocess.Popen(
            [sys.executable, "-m", "tests.club.box_process", str(self.data), str(self.config)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            cwd=ROOT,
            env=env,
        )
        assert self.answer().get("ready")
        return self

    def answer(self) -> dict:
        assert self.process is not None and self.process.stdout is not None
        line = self.process.stdout.readline()
        if not line:
            raise AssertionError(f"box {self.name} stopped (exit {self.process.wait(5)})")
        return json.loads(line)

    def ask(self, *words) -> dict:
        assert self.process is not None and self.process.stdin is not None
        self.process.stdin.write(" ".join(map(str, words)) + "\n")
        self.process.stdin.flush()
        return self.answer()

    def play(self, seed: int, *names: str) -> str:
        return self.ask("play", seed, ",".join(names))["played"]

    def status(self) -> dict:
        return self.ask("status")

    def stop(self) -> None:
        if self.process is not None:
            self.process.stdin.close()
            self.process.wait(20)
            self.process = None

    def kill(self) -> None:
        if self.process is not None:
            self.process.kill()
            self.process.wait(10)
            self.process = None


def converged(boxes: list[Box], expected: int, timeout: float = 60.0) -> list[dict]:
    """Every box's status once all hold ``expected`` plays and have nothing left to send or merge."""
    deadline = time.monotonic() + timeout
    while True:
        states = [box.status() for box in boxes]
        if all(s["count"] == expected and not s["outbox"] and not s["inbox"] for s in states):
            return states
        if time.monotonic() > deadline:
            raise AssertionError(
                f"no convergence in {timeout} s: {[(s['count'], s['outbox'], s['inbox']) for s in states]}"
            )
        time.sleep(0.2)


@pytest.fixture
def boxes(tmp_path, broker):
    made: list[Box] = []

    def make(name: str) -> Box:
        box = Box(tmp_path, broker, name)
        made.append(box)
        return box

    yield make
    for box in made:
        box.kill()
    shutil.rmtree(tmp_path / "unused", ignore_errors=True)
