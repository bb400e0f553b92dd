"""``companion club sync``: the sync without the table, as a process; SIGTERM stops it cleanly."""

from __future__ import annotations

import signal
import subprocess
import sys
import time

from companion.known_games import KNOWN
from companion.store import Store

from .conftest import ROOT, club_config, converged
from .plays import Clock, play_example


def test_club_sync_shares_a_data_dirs_plays_and_merges_the_clubs(tmp_path, broker, boxes):
    data = tmp_path / "shelf"
    with Store(data / "companion.db", rules=KNOWN, clock=Clock()) as store:
        mine = play_example(store, 21, ["Anna", "Jan"])
    other = boxes("garden").start()
    theirs = other.play(22, "Jan", "Eva")
    config = club_config(tmp_path, broker, "shelf")
    sync = subprocess.Popen(
        [sys.executable, "-m", "companion.club", "club", "sync", "--config", str(config), "--data-dir", str(data)],
        cwd=ROOT,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert sorted(converged([other], 2)[0]["uids"]) == sorted([mine, theirs])
        deadline = time.monotonic() + 30
        while len(history(data)) < 2:
            assert time.monotonic() < deadline, "the sync did not merge the garden's play"
            time.sleep(0.1)
    finally:
        sync.send_signal(signal.SIGTERM)
        _, err = sync.communicate(timeout=20)
    assert sync.returncode == 0 and "Traceback" not in err
    assert sorted(history(data)) == sorted([mine, theirs])


def history(data) -> list[str]:
    with Store(data / "companion.db", read_only=True, rules=KNOWN) as store:
        return [r["uid"] for r in store.history()]
