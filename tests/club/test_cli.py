"""``companion club`` and ``companion league`` on the product's own command line, and an
ordinary command that parses without loading anything of the club."""

from __future__ import annotations

import subprocess
import sys

from companion import cli
from companion.known_games import KNOWN
from companion.store import Store

from .conftest import ROOT
from .plays import Clock, play_example


def test_league_on_the_command_line_rates_the_boxs_own_plays(tmp_path, capsys):
    store = Store(tmp_path / "companion.db", rules=KNOWN, clock=Clock())
    for seed in range(3):
        play_example(store, seed, ["Anna", "Eva"], order=[0, 1])  # Anna leads every round
    store.close()
    assert cli.main(["league", "--data-dir", str(tmp_path)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "example"
    ratings = [line.strip().split(":")[0] for line in out[1:3]]
    assert ratings == ["Anna", "Eva"]  # three wins rank first
    assert any(line.strip().startswith("1. Anna  plays 3  wins 3") for line in out)


def test_club_without_a_club_set_is_one_line(tmp_path, capsys):
    (tmp_path / "companion.db").write_text("")
    assert cli.main(["club", "status", "--data-dir", str(tmp_path)]) != 0
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "no club is set up" in err[0]


def test_an_ordinary_command_loads_nothing_of_the_club(tmp_path):
    script = (
        "import sys\n"
        "from companion import cli\n"
        f"cli.main(['history', '--data-dir', {str(tmp_path)!r}])\n"
        "club = ('paho', 'openskill')\n"
        "print([m for m in sys.modules if m.startswith('companion.club') or m.split('.')[0] in club])\n"
    )
    done = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, check=True)
    assert done.stdout.strip().splitlines()[-1] == "[]"
