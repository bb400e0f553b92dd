"""The listening socket systemd passes in (socket activation), for a service without a network.

With a ``companion.socket`` unit listening on port 80, systemd hands the service the socket as
file descriptor 3 (``LISTEN_FDS``, ``LISTEN_PID``, ``LISTEN_FDNAMES``); the service itself can then
keep ``PrivateNetwork=yes``. ``WebTable(..., sock=passed_socket("web"))`` serves on it.
"""

from __future__ import annotations

import os
import socket
from collections.abc import Mapping

FIRST_FD = 3  # SD_LISTEN_FDS_START


def passed_socket(name: str = "web", environ: Mapping[str, str] | None = None) -> socket.socket | None:
    """The passed listening socket named ``name`` (or the only one passed, unnamed), or None
    when systemd passed none to this process."""
    env = os.environ if environ is None else environ
    try:
        if int(env.get("LISTEN_PID", "0")) != os.getpid():
            return None
        count = int(env.get("LISTEN_FDS", "0"))
    except ValueError:
        return None
    names = env.get("LISTEN_FDNAMES", "").split(":") if env.get("LISTEN_FDNAMES") else []
    for index in range(count):
        named = names[index] if index < len(names) else ""
        if named == name or (count == 1 and named in ("", "unknown")):
            sock = socket.socket(fileno=FIRST_FD + index)
            if sock.type != socket.SOCK_STREAM:
                sock.detach()
                return None
            return sock
    return None
