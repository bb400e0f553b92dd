"""Memory of `companion export` and `companion import` does not grow with the history: each
runs in a child process at 100 and at 2,000 sessions, and their peak RSS above the start-up
RSS are compared as a ratio (never an absolute figure). Reading the export whole, or building
it whole, grows with it: 2,000 sessions are some 20 MiB of JSON, parsed several times that."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))

from bench_history import games_from_corpus, run, write_export


@pytest.mark.slow
def test_export_and_import_memory_does_not_grow_with_the_history(tmp_path):
    corpus = games_from_corpus()
    growth: dict[str, list[float]] = {"import": [], "export": []}
    for size in (100, 2000):
        export = tmp_path / f"export-{size}.json"
        write_export(export, size, corpus)
        data = tmp_path / f"data-{size}"
        data.mkdir()
        _, startup, peak = run("companion", "import", str(export), "--data-dir", str(data))
        growth["import"].append(peak - startup)
        again = tmp_path / f"again-{size}.json"
        _, startup, peak = run("companion", "export", "--format", "json", "--out", str(again), "--data-dir", str(data))
        growth["export"].append(peak - startup)
        assert again.stat().st_size > export.stat().st_size * 0.9  # the whole history was exported
    for command, (small, large) in growth.items():
        # 20 times the sessions: at most 1.5 times the memory above start-up (a whole-file read: 10x)
        assert large < 1.5 * small + 2, f"{command}: {small:.1f} MiB over start-up at 100, {large:.1f} at 2,000"
