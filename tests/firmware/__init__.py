"""Pad firmware, run under CPython: the same padlogic.py that ships on the pads."""

import importlib.util
import pathlib
import sys

FIRMWARE = pathlib.Path(__file__).resolve().parents[2] / "firmware_scripts"


def load_padlogic():
    """Import firmware_scripts/padlogic.py (not a package: it is copied to the pad as is)."""
    if "padlogic" in sys.modules:
        return sys.modules["padlogic"]
    spec = importlib.util.spec_from_file_location("padlogic", FIRMWARE / "padlogic.py")
    mod = importlib.util.module_from_spec(spec)
    sys.modules["padlogic"] = mod
    spec.loader.exec_module(mod)
    return mod


MP_STANDINS = pathlib.Path(__file__).resolve().parent / "mp"
REPO = FIRMWARE.parent


def find_micropython():
    """(path, None) of a MicroPython unix port, or (None, why not): COMPANION_MICROPYTHON, then
    `micropython` on PATH, then ../shared/tools/micropython/micropython beside the repository."""
    import os
    import shutil

    given = os.environ.get("COMPANION_MICROPYTHON")
    if given:
        if os.access(given, os.X_OK):
            return given, None
        return None, f"COMPANION_MICROPYTHON={given} is not an executable file"
    on_path = shutil.which("micropython")
    if on_path:
        return on_path, None
    beside = REPO.parent / "shared" / "tools" / "micropython" / "micropython"
    if os.access(beside, os.X_OK):
        return str(beside), None
    return None, (
        "no MicroPython unix port: set COMPANION_MICROPYTHON, put `micropython` on "
        "PATH or build one (README, 'Testing the pad firmware')"
    )


def run_micropython(script, *args, cwd, env=None, input=None, timeout=120):
    """Run ``script`` under MicroPython with the stand-ins and the firmware on its path."""
    import os
    import subprocess

    import pytest

    exe, why = find_micropython()
    if exe is None:
        pytest.skip(why)
    full_env = dict(os.environ, MICROPYPATH=f"{MP_STANDINS}:{FIRMWARE}", **(env or {}))
    return subprocess.run(
        [exe, str(script), *map(str, args)],
        cwd=cwd,
        env=full_env,
        input=b"" if input is None else input,
        capture_output=True,
        timeout=timeout,
    )
