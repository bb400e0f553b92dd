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
