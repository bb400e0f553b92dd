"""Run this checkout's `companion` command as a process of its own, as systemd starts it on the box.

The tests that need a real process (exit codes, stderr lines, signals, power cuts) build the
command line here, so the interpreter, the module and the working folder are named once.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def companion_command(*args: object) -> list[str]:
    """`python -m companion` with the given arguments (paths and numbers turned into text)."""
    return [sys.executable, "-m", "companion", *(str(arg) for arg in args)]


def run_companion(*args: object, **options) -> subprocess.CompletedProcess:
    """Run to the end with stdout and stderr captured as text; `options` go to subprocess.run."""
    options = {"capture_output": True, "text": True, "timeout": 120, **options}
    return subprocess.run(companion_command(*args), cwd=ROOT, **options)


def start_companion(*args: object, **options) -> subprocess.Popen:
    """Start without waiting, for a test that talks to the running process; `options` go to Popen."""
    return subprocess.Popen(companion_command(*args), cwd=ROOT, **options)
