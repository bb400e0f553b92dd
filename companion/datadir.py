"""What every command shares: the data directory, the store in it, and the one line a command
that cannot go on ends with. ``cli`` (the commands) and ``run`` (the table) both import it."""

from __future__ import annotations

import os
import sys
from pathlib import Path


def default_data_dir() -> Path:
    if os.environ.get("STATE_DIRECTORY"):  # set by systemd's StateDirectory=
        return Path(os.environ["STATE_DIRECTORY"].split(":")[0])
    base = os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share"
    return Path(base) / "companion"


def open_store(data_dir: Path, read_only: bool = False):
    """The store in ``data_dir``; read-only for history/export so they work while the table runs.
    The games answer what the store asks of them (``known_games.KNOWN``)."""
    from .known_games import KNOWN
    from .store import Store

    if not read_only:
        data_dir.mkdir(parents=True, exist_ok=True)
    return Store(data_dir / "companion.db", read_only=read_only, rules=KNOWN)


def fail(message: str, code: int = 2) -> int:
    from .store.export import clean

    print(f"companion: {clean(message)}", file=sys.stderr)
    return code


def data_dir_of(args) -> Path:
    """``--data-dir`` if given, else the default data directory."""
    return Path(args.data_dir) if args.data_dir else default_data_dir()


class MissingDataDir(Exception):
    """Every command but ``run`` works on a data directory that is already there: a typo in
    ``--data-dir`` must not read as an empty history, nor create a second one."""


def existing_data_dir(args) -> Path:
    folder = data_dir_of(args)
    if not folder.is_dir():
        given = "--data-dir " if args.data_dir else "the data directory "
        raise MissingDataDir(
            f"{given}{folder} does not exist (the table creates it when it first runs; check the path)"
        )
    return folder


def writer_busy(data_dir: Path) -> bool:
    """Whether another process (the table, an import, ``club sync``) holds the store's writer
    lock now: said before a long piece of work, not after it."""
    from .store.journal import lock_held

    return lock_held(data_dir / "companion.db.lock")
