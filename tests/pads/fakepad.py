"""A pad on the master side of a pty pair, running the real firmware logic (padlogic.py).

The host opens the slave side with pyserial like a /dev/ttyACM port. Closing the master is what
a USB unplug looks like to pyserial; a new pty with the same board id is a replug.
"""

from __future__ import annotations

import os
import queue
import select
import threading
import time
import tty

from companion.hw import protocol

from ..firmware import load_padlogic

pl = load_padlogic()

WAIT = 10.0  # upper bound for any single wait; tests never depend on it being reached


def now_ms() -> int:
    return int(time.monotonic() * 1000) % pl.TICKS_PERIOD


class OldFirmware(pl.PadLogic):
    """A pad still running protocol 0 firmware."""

    def hello(self):
        return self._frame("HELLO", ("proto=0", "fw=0.9", "id=" + self.board_id))


class FakePad:
    def __init__(self, board_id: str, logic_cls=pl.PadLogic):
        self.logic = logic_cls(board_id, host_timeout_ms=None)
        self.master, self._slave = os.openpty()
        tty.setraw(self.master)
        self.port = os.ttyname(self._slave)
        self.received: queue.Queue = queue.Queue()  # host frames, decoded
        self.mute = False  # True: ignore the host (a hung pad)
        self._decoder = protocol.FrameDecoder(protocol.HOST_TO_PAD)
        self._wlock = threading.Lock()
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True, name=f"fakepad {board_id}")
        self._thread.start()

    def _run(self) -> None:
        while not self._stop.is_set():
            try:
                ready, _, _ = select.select([self.master], [], [], 0.05)
                if not ready:
                    continue
                data = os.read(self.master, 4096)
            except OSError:
                return
            if self.mute:
                continue
            for f in self._decoder.feed(data):
                self.received.put(f)
            for out in self.logic.feed(data, now_ms()):
                self.write(out.encode())

    def write(self, data: bytes) -> None:
        with self._wlock:
            view = memoryview(data)
            while view:
                n = os.write(self.master, view)
                view = view[n:]

    def press(self, key: str) -> None:
        self.write(self.logic.key(key).encode())

    def wait_for(self, verb: str, args: tuple | None = None, timeout: float = WAIT) -> protocol.WireFrame:
        """The next host frame with this verb (and these args, if given); others are skipped."""
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise AssertionError(f"pad {self.logic.board_id}: no {verb} from the host")
            try:
                f = self.received.get(timeout=left)
            except queue.Empty:
                continue
            if f.verb == verb and (args is None or f.args == args):
                return f

    def unplug(self) -> None:
        self._stop.set()
        self._thread.join(timeout=WAIT)
        for fd in (self.master, self._slave):
            try:
                os.close(fd)
            except OSError:
                pass


class Bench:
    """The USB bus as the hub sees it: which pad ports exist right now."""

    def __init__(self):
        self.pads: list[FakePad] = []
        self._lock = threading.Lock()

    def plug(self, board_id: str, logic_cls=pl.PadLogic) -> FakePad:
        pad = FakePad(board_id, logic_cls)
        with self._lock:
            self.pads.append(pad)
        return pad

    def unplug(self, pad: FakePad) -> None:
        with self._lock:
            self.pads.remove(pad)
        pad.unplug()

    def ports(self) -> list[str]:
        with self._lock:
            return [p.port for p in self.pads]

    def close(self) -> None:
        for pad in list(self.pads):
            self.unplug(pad)


def next_event(events: queue.Queue, match=lambda e: True, timeout: float = WAIT):
    """The next event satisfying ``match``; earlier non-matching events are discarded."""
    deadline = time.monotonic() + timeout
    while True:
        left = deadline - time.monotonic()
        if left <= 0:
            raise AssertionError("expected event did not arrive")
        try:
            e = events.get(timeout=left)
        except queue.Empty:
            continue
        if match(e):
            return e


def wait_until(pred, timeout: float = WAIT, what: str = "condition") -> None:
    deadline = time.monotonic() + timeout
    while not pred():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        time.sleep(0.01)


def drain(events: queue.Queue) -> list:
    out = []
    while True:
        try:
            out.append(events.get_nowait())
        except queue.Empty:
            return out
