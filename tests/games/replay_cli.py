"""``python3 -m companion replay FILE --json`` run as a user would, for the tests of the example
games the docs ship."""

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def replayed_by_the_cli(example: Path) -> dict:
    """The command's JSON result for ``example``; the command must succeed."""
    run = subprocess.run(
        [sys.executable, "-m", "companion", "replay", str(example), "--json"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert run.returncode == 0, run.stderr
    return json.loads(run.stdout)
