"""systemd readiness and watchdog notifications, with the standard library only.

The protocol is one datagram of newline-separated ``KEY=value`` lines to the AF_UNIX socket named
in $NOTIFY_SOCKET (sd_notify(3)); a leading ``@`` names an abstract socket. Outside systemd the
variable is unset and every call is a cheap no-op.

Send READY=1 after GPIO, screen and storage are up; STOPPING=1 on the way out; WATCHDOG=1 only
from the main loop (a ping from a side thread would keep a hung loop alive).
"""

from __future__ import annotations

import logging
import os
import socket
import time
from collections.abc import Callable, Mapping

log = logging.getLogger(__name__)
_warned = False


def sd_notify(*lines: str, env: Mapping[str, str] | None = None) -> bool:
    """Send ``lines`` to systemd; True if sent, False when not under systemd or on error.

    Errors are logged (the first as a warning, later ones at debug level so a broken socket
    does not flood the journal every watchdog period) and never raised: a lost notification
    must not stop the game.
    """
    global _warned
    addr = (os.environ if env is None else env).get("NOTIFY_SOCKET", "")
    if not addr or not lines:
        return False
    if addr[0] == "@":
        addr = "\0" + addr[1:]
    try:
        with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM | socket.SOCK_CLOEXEC) as sock:
            sock.connect(addr)
            sock.sendall("\n".join(lines).encode())
    except OSError as exc:
        level = logging.DEBUG if _warned else logging.WARNING
        _warned = True
        log.log(level, "Could not notify systemd at %r: %s", addr.replace("\0", "@"), exc)
        return False
    return True


class Watchdog:
    """When to send WATCHDOG=1: every half of $WATCHDOG_USEC, as sd_watchdog_enabled(3) advises.

    Disabled (``interval()`` is None, ``due()`` always False) without $WATCHDOG_USEC or when
    $WATCHDOG_PID names another process. ``timeout(now)`` tells a blocking ``queue.get`` how long
    it may sleep, so an idle main loop still wakes up in time to ping.
    """

    def __init__(
        self,
        env: Mapping[str, str] | None = None,
        notify: Callable[..., bool] | None = None,
        clock: Callable[[], float] = time.monotonic,
    ):
        self.env = dict(os.environ if env is None else env)
        self._notify = notify or (lambda *lines: sd_notify(*lines, env=self.env))
        self.clock = clock
        self.last: float | None = None
        self._interval = self._read_interval()

    def _read_interval(self) -> float | None:
        pid = self.env.get("WATCHDOG_PID")
        if pid and pid.strip() != str(os.getpid()):
            return None
        try:
            usec = int(self.env.get("WATCHDOG_USEC", ""))
        except ValueError:
            return None
        return usec / 2 / 1_000_000 if usec > 0 else None

    def interval(self) -> float | None:
        """Seconds between pings, or None when systemd watches nothing."""
        return self._interval

    def due(self, now: float | None = None) -> bool:
        if self._interval is None:
            return False
        now = self.clock() if now is None else now
        return self.last is None or now - self.last >= self._interval

    def timeout(self, now: float | None = None) -> float | None:
        """Seconds until the next ping is due (0 when overdue), None when disabled."""
        if self._interval is None:
            return None
        if self.last is None:
            return 0.0
        now = self.clock() if now is None else now
        return max(0.0, self.last + self._interval - now)

    def ping(self, now: float | None = None) -> bool:
        """Send WATCHDOG=1 and start the next period; call from the main loop only."""
        if self._interval is None:
            return False
        self.last = self.clock() if now is None else now
        return self._notify("WATCHDOG=1")
