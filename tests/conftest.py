"""The test run as a whole: which tests a run leaves out.

The configured options (``pyproject.toml``) leave the crash tests (``kill``) and the long random
games (``slow``) out of a bare ``python3 -m pytest``; ``-m "kill or slow"`` runs them. A run that
names files, folders or tests runs every test it names, marked or not, unless it chooses with
``-m`` itself: ``python3 -m pytest tests/store/test_crash.py`` runs the crash tests.
"""

from __future__ import annotations

import pytest

LEFT_OUT = "not kill and not slow and not browser"  # the -m of the configured options


def chose_by_marker(args) -> bool:
    return any(arg.startswith(("-m", "--markexpr")) for arg in args)


def pytest_configure(config: pytest.Config) -> None:
    named = config.args_source is pytest.Config.ArgsSource.ARGS
    if named and config.option.markexpr == LEFT_OUT and not chose_by_marker(config.invocation_params.args):
        config.option.markexpr = ""
