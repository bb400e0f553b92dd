"""What a table has taught the companion about its own box, kept between sessions.

One JSON file per game in ``<data>/box/<game>.json``, in the shape of the game's ``box`` setup
option (for a game whose box data is a TOML file, the shape of that file). A new session of that game gets it as its ``box`` option, so facts entered once on the
device (a tile's roads, a corrected piece of the island) are not asked again. Each session still
stores its own options and log, so replaying an old session never depends on this file.

Writes are atomic (temporary file, fsync, rename). A file that cannot be read is moved aside,
never overwritten, and the game starts from the shipped data with a log line saying so.
"""

from __future__ import annotations

import json
import logging
import os
import re
from pathlib import Path

from .journal import atomic_write, fsync_directory

log = logging.getLogger(__name__)
NAME = re.compile(r"^[a-z][a-z0-9_]*$")


class BoxFiles:
    def __init__(self, directory: os.PathLike | str):
        self.directory = Path(directory)

    def path(self, game: str) -> Path:
        if not NAME.match(game):
            raise ValueError(f"not a game name: {game!r}")
        return self.directory / f"{game}.json"

    def load(self, game: str) -> dict:
        path = self.path(game)
        try:
            raw = path.read_text(encoding="utf-8")
        except FileNotFoundError:
            return {}
        except OSError as error:
            log.error("cannot read %s: %s; starting from the shipped box data", path, error)
            return {}
        try:
            box = json.loads(raw)
            if not isinstance(box, dict):
                raise ValueError("the top level is not an object")
        except ValueError as error:
            aside = self._aside(path)
            log.error("%s is not valid box data (%s); moved to %s, starting from the shipped box data",
                      path, error, aside.name)
            return {}
        return box

    def save(self, game: str, box: dict) -> None:
        path = self.path(game)
        self.directory.mkdir(parents=True, exist_ok=True)
        atomic_write(path, json.dumps(box, ensure_ascii=False, indent=1, sort_keys=True).encode("utf-8") + b"\n")

    def forget(self, game: str) -> bool:
        """Delete what was learned (the CLI's ``box --forget``); True if there was a file."""
        try:
            self.path(game).unlink()
        except FileNotFoundError:
            return False
        fsync_directory(self.directory)
        return True

    @staticmethod
    def _aside(path: Path) -> Path:
        n = 1
        while (aside := path.with_name(f"{path.name}.bad-{n}")).exists():
            n += 1
        os.replace(path, aside)
        return aside
