"""How the suite is run: the README's test command is what CI runs first, then the crash tests and
the long random games a bare run leaves out, and the browser tests last; naming a file runs all of
it."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CRASH_TEST = "tests/store/test_migration.py::test_a_crash_at_any_step_of_the_migration_leaves_a_store_that_opens_whole"


def collect(*args: str) -> subprocess.CompletedProcess:
    """``python3 -m pytest --collect-only`` with ``args``, in one process."""
    return subprocess.run(
        [sys.executable, "-m", "pytest", "--collect-only", "-n", "0", "-p", "no:cacheprovider", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )


def collected(*args: str) -> set[str]:
    """The test ids ``python3 -m pytest --collect-only`` selects with ``args``."""
    run = collect(*args)
    assert run.returncode == 0, run.stdout + run.stderr
    return {line for line in run.stdout.splitlines() if "::" in line}


def test_the_readme_test_command_is_what_ci_runs_first_and_ci_runs_the_rest_after_it():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    command = re.search(r"Run the test suite:\n\n```sh\n(.+)\n```", readme).group(1)
    steps = [line for line in (ROOT / ".ci/run").read_text().splitlines() if "pytest" in line and line[:1] != "#"]
    assert steps == [command, 'python3 -m pytest -m "kill or slow"', "python3 -m pytest tests/web -m browser"]
    assert command == 'pip install ".[dev]" && python3 -m pytest'


def test_a_bare_run_leaves_out_the_crash_tests_and_naming_a_file_runs_all_of_it_unless_marked():
    # a bare run over tests/store alone (collecting the whole suite would take seconds)
    bare = collected("-o", "testpaths=tests/store")
    assert CRASH_TEST not in bare and not any("test_crash.py" in test for test in bare)
    named = collected("tests/store/test_migration.py")
    assert CRASH_TEST in named and len(named) > 1
    assert {test for test in bare if test.startswith("tests/store/test_migration.py")} == named - {CRASH_TEST}
    assert CRASH_TEST not in collected("tests/store/test_migration.py", "-m", "not kill")


BROWSER_MODULES = {
    "test_browser.py",
    "test_board_layout.py",
    "test_browser_games.py",
}  # the web table in a real browser


def test_a_bare_run_leaves_out_the_browser_tests_and_the_last_step_runs_them():
    bare = collected("-o", "testpaths=tests/web")
    run = collect("tests/web", "-m", "browser")
    if run.returncode == 5:  # nothing to run: the browser tests skip, saying why (no chromium, ...)
        skipped = [line for line in run.stdout.splitlines() if line.startswith("SKIPPED") and "test_browser.py" in line]
        assert skipped and all(line.split(": ", 1)[1].strip() for line in skipped), run.stdout
        assert not any(test.split("::")[0].rsplit("/", 1)[-1] in BROWSER_MODULES for test in bare)
        return
    assert run.returncode == 0, run.stdout + run.stderr
    browser = {line for line in run.stdout.splitlines() if "::" in line}
    if not browser:  # the web table's extra is not installed: nothing of tests/web is collected
        return
    assert all(test.split("::")[0].rsplit("/", 1)[-1] in BROWSER_MODULES for test in browser)
    assert not bare & browser and any("test_server.py" in test for test in bare)
