"""The club in the appliance: off without ``[club]`` (nothing of it imported), and with it the
store touched only by the main loop's thread."""

from __future__ import annotations

import queue
import subprocess
import sys
import threading
import time

from companion import config as config_module
from companion.app import App, make_table, start_club
from companion.known_games import KNOWN
from companion.store import Store
from companion.surface.events import Quit

from .conftest import ROOT, club_config, converged
from .plays import Clock, play_example


def test_an_ordinary_start_imports_nothing_of_the_club(tmp_path):
    script = (
        "import queue, sys\n"
        "from pathlib import Path\n"
        "import companion.cli, companion.run\n"
        "from companion import config\n"
        "from companion.app import start_club\n"
        f"assert start_club(config.load(None), queue.SimpleQueue(), Path({str(tmp_path)!r})) is None\n"
        "club = ('paho', 'openskill')\n"
        "loaded = [m for m in sys.modules if m.split('.')[0] in club or m.startswith('companion.club')]\n"
        "print(loaded)\n"
    )
    out = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
    assert not (tmp_path / "club").exists()


class _Nothing:
    def __getattr__(self, name):
        return lambda *args, **kwargs: None


def test_the_table_shares_its_plays_and_merges_the_clubs_on_its_own_thread(tmp_path, broker, boxes):
    other = boxes("garden").start()
    theirs = other.play(5, "Eva", "Petr")
    store = Store(tmp_path / "kitchen" / "companion.db", rules=KNOWN, clock=Clock())
    mine = play_example(store, 6, ["Anna", "Eva"])
    cfg = config_module.load(club_config(tmp_path, broker, "kitchen"))
    events: queue.SimpleQueue = queue.SimpleQueue()
    link = start_club(cfg, events, tmp_path / "kitchen")
    assert link is not None
    threads = []
    merge = store.import_documents

    def recorded(*args, **kwargs):
        threads.append(threading.current_thread())
        return merge(*args, **kwargs)

    store.import_documents = recorded
    app = App(make_table(store, "en", seed=1), _Nothing(), _Nothing(), events, [store.close], club=link)
    loop = threading.Thread(target=app.run)
    loop.start()
    try:
        converged([other], 2)
        deadline = time.monotonic() + 30
        while not threads and time.monotonic() < deadline:
            time.sleep(0.05)
    finally:
        events.put(Quit("test"))
        loop.join(20)
    assert threads and set(threads) == {loop}
    with Store(tmp_path / "kitchen" / "companion.db", read_only=True, rules=KNOWN) as reader:
        assert sorted(r["uid"] for r in reader.history()) == sorted([mine, theirs])
