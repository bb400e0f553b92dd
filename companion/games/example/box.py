"""The example's box, read from ``data/box.toml``: its die.

Data, not code: a table whose die differs corrects the file, not the rules. A broken file fails
at import with one line naming the file and the entry (``BoxDataError``).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ..boxfile import BoxDataError, Table, read_toml

__all__ = ["BOX", "BOX_FILE", "Box", "BoxDataError", "load_box", "parse"]

BOX_FILE = Path(__file__).parent / "data" / "box.toml"


@dataclass(frozen=True)
class Box:
    faces: int  # the die shows 1..faces
    verified: bool


def parse(raw: dict) -> Box:
    """Check a parsed file and build the Box."""
    die = Table(BOX_FILE.name, "file", raw).sub("die", "[die]")
    faces = die.get("faces", int)
    if faces < 2:
        die.fail("'faces' must be at least 2")
    return Box(faces, die.get("verified", bool))


def load_box(path: Path | str = BOX_FILE) -> Box:
    return parse(read_toml(path))


BOX: Box = load_box()
