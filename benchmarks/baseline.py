"""An earlier commit's ``companion`` package, importable next to this tree's, so a benchmark can
time both in one process and print a ratio (never an absolute time)."""

from __future__ import annotations

import subprocess
import sys
import tarfile
from io import BytesIO
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def unpack_baseline(commit: str, into: Path) -> None:
    """The commit's ``companion`` package as ``companion_before`` in ``into``, which goes on
    sys.path (the package's own imports are relative, so the two versions do not mix)."""
    archive = subprocess.run(
        ["git", "archive", "--format=tar", commit, "companion"], cwd=ROOT, check=True, capture_output=True
    ).stdout
    with tarfile.open(fileobj=BytesIO(archive)) as tar:
        tar.extractall(into, filter="data")
    (into / "companion").rename(into / "companion_before")
    sys.path.insert(0, str(into))
