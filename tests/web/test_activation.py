"""The socket systemd passes in: found by name or alone, ignored when meant for another process."""

from __future__ import annotations

import os
import socket

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
