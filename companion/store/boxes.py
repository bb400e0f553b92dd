"""What a table has taught the companion about its own box, kept between sessions.

One JSON file per game in ``<data>/box/<game>.json``, in the shape of the game's ``box`` setup
option (for a game whose box data is a TOML file, the shape of that file). A new session of that
game gets it as its ``box`` option, so facts entered once on the device (a tile's roads, a
corrected piece of the island) are not asked again. Each session still stores its own options
and log, so replaying an old session never depends on this file.

The file is a convenience, not the record: the session logs hold every fact. So it is written
without fsync (a temporary file renamed over it, off the durable path of a key press), and a
file a crash left unreadable is moved aside and rebuilt from the latest session of that game
when a ``rebuild`` function is given (``Store.learned_box``).

Memory that parses but that the game cannot use (wrong value types, unknown pieces: the game's
``box.memory_problem``) is moved aside too, never handed to a session; ``problem(game)`` then
says so in both languages for the panel.
"""

from __future__ import annotations

import importlib
import json
import logging
import os
import re
import secrets
from collections.abc import Callable
from pathlib import Path

from ..engine.i18n import Msg
from .journal import fsync_directory

log = logging.getLogger(__name__)
NAME = re.compile(r"^[a-z][a-z0-9_]*$")


def memory_problem(game: str, memory) -> str | None:
    """The game's own check of saved memory (``companion/games/<game>/box.py``), if it has one."""
    try:
        module = importlib.import_module(f"companion.games.{game}.box")
    except ImportError:
        return None
    check = getattr(module, "memory_problem", None)
    return check(memory) if check else None


class BoxFiles:
    def __init__(self, directory: os.PathLike | str, rebuild: Callable[[str], dict] | None = None):
        self.directory = Path(directory)
        self.rebuild = rebuild
        self._problems: dict[str, Msg] = {}

    def path(self, game: str) -> Path:
        if not NAME.match(game):
            raise ValueError(f"not a game name: {game!r}")
        return self.directory / f"{game}.json"

    def load(self, game: str) -> dict:
        """The memory for a new session; {} when there is none or it cannot be used (then it
        is moved aside and ``problem(game)`` says so)."""
        self._problems.pop(game, None)
        path = self.path(game)
        try:
            raw = path.read_text(encoding="utf-8")
        except FileNotFoundError:
            return {}
        except (OSError, UnicodeDecodeError) as error:
            log.error("cannot read %s: %s; starting from the shipped box data", path, error)
            return {}
        try:
            box = json.loads(raw)
            if not isinstance(box, dict):
                raise ValueError("the top level is not an object")
        except (ValueError, RecursionError) as error:
            aside = self._aside(path)
            log.error("%s is not valid box data (%s); moved to %s", path, error, aside.name)
            return self._rebuilt(game, aside)
        problem = memory_problem(game, box)
        if problem:
            aside = self._aside(path)
            log.error("%s cannot be used (%s); moved to %s, starting from the shipped box data",
                      path, problem, aside.name)
            self._problems[game] = Msg(f"Vadná data krabice odložena: box/{aside.name}",
                                       f"Bad box data moved aside: box/{aside.name}")
            return {}
        return box

    def problem(self, game: str) -> Msg | None:
        """Why the last ``load(game)`` set the saved memory aside (for the panel), or None."""
        return self._problems.get(game)

    def check(self, game: str) -> str | None:
        """What is wrong with the saved file, without changing anything (``companion box``)."""
        try:
            box = json.loads(self.path(game).read_text(encoding="utf-8"))
        except FileNotFoundError:
            return None
        except (OSError, ValueError, RecursionError) as error:
            return f"unreadable ({error})"
        if not isinstance(box, dict):
            return "the top level is not an object"
        return memory_problem(game, box)

    def save(self, game: str, box: dict) -> None:
        """Replace the file (rename: whole or old), without fsync: the log is the record."""
        path = self.path(game)
        self.directory.mkdir(parents=True, exist_ok=True)
        data = json.dumps(box, ensure_ascii=False, indent=1, sort_keys=True).encode("utf-8") + b"\n"
        temp = path.with_name(f".{path.name}.tmp-{secrets.token_hex(6)}")
        try:
            temp.write_bytes(data)
            os.replace(temp, path)
        except BaseException:
            temp.unlink(missing_ok=True)
            raise

    def forget(self, game: str) -> bool:
        """Delete what was learned (the CLI's ``box --forget``); True if there was a file."""
        self._problems.pop(game, None)
        try:
            self.path(game).unlink()
        except FileNotFoundError:
            return False
        fsync_directory(self.directory)
        return True

    def _rebuilt(self, game: str, aside: Path) -> dict:
        """A file a crash left unreadable: the latest session of the game knows the facts."""
        if self.rebuild is None:
            return {}
        try:
            box = self.rebuild(game) or {}
        except Exception as error:  # the memory is a convenience: start from the shipped data
            log.error("cannot rebuild the box memory of %s: %s", game, error)
            return {}
        if box and memory_problem(game, box) is None:
            self.save(game, box)
            log.warning("rebuilt %s from the latest %s session", self.path(game).name, game)
            return box
        return {}

    @staticmethod
    def _aside(path: Path) -> Path:
        n = 1
        while (aside := path.with_name(f"{path.name}.bad-{n}")).exists():
            n += 1
        os.replace(path, aside)
        return aside
