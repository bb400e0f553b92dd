"""Every benchmark runs: each one in quick mode in a child process (so none can rot unnoticed
while the code it measures changes), and every benchmark has that mode."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
BENCHMARKS = sorted(path.name for path in (ROOT / "benchmarks").glob("bench_*.py"))


def test_every_benchmark_has_a_quick_mode():
    assert len(BENCHMARKS) >= 13
    missing = [name for name in BENCHMARKS if '"--quick"' not in (ROOT / "benchmarks" / name).read_text()]
    assert missing == []


@pytest.mark.slow
@pytest.mark.parametrize("name", BENCHMARKS)
def test_the_benchmark_runs_in_quick_mode(name, tmp_path):
    env = dict(os.environ, PYTHONPATH=str(ROOT), TMPDIR=str(tmp_path))
    done = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / name), "--quick"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.strip(), "it printed no figure"
    assert "Traceback" not in done.stderr
