"""An earlier commit's ``companion`` package, importable next to this tree's, so a benchmark can
time both in one process and print a ratio (never an absolute time)."""

from __future__ import annotations

import re
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
    own_modules(into / "companion_before")
    sys.path.insert(0, str(into))


# module paths an older tree spells out absolutely (52ec09f's game registry, its web package's
# imports): left alone, ``companion_before`` would load today's games and today's web table
ABSOLUTE = re.compile(
    r"""(?<![\w.])(from\s+|import\s+|["'])companion(?=\.(?:games|web|engine|table|store|surface|hw)\b)"""
)


def own_modules(package: Path) -> None:
    """Point every absolute ``companion.<part>`` module path in the unpacked tree at the tree
    itself, so the baseline runs its own code only (logger names stay as they are)."""
    for path in package.rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        changed = ABSOLUTE.sub(lambda m: m.group(1) + "companion_before", text)
        if changed != text:
            path.write_text(changed, encoding="utf-8")


_MODULES: dict[tuple[str, str, str], object] = {}


def baseline_module(commit: str, path: str, package: str = "companion_before"):
    """A test helper module (``tests/keyscript.py``, ``tests/games/playout.py``) as ``commit``
    had it, made to import ``package`` (the baseline unpacked by ``unpack_baseline``): an older
    game is played by its own helpers, which know its answers and its table's ways."""
    import types

    key = (commit, path, package)
    if key not in _MODULES:
        source = subprocess.run(
            ["git", "show", f"{commit}:{path}"], cwd=ROOT, check=True, capture_output=True, text=True
        ).stdout
        name = f"{package}_{Path(path).stem}"
        module = types.ModuleType(name)
        module.__file__ = str(ROOT / path)
        exec(compile(ABSOLUTE.sub(lambda m: m.group(1) + package, source), name, "exec"), module.__dict__)
        _MODULES[key] = module
    return _MODULES[key]
