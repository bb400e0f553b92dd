"""Kill a writing process at random instants; every acknowledged write must survive.

A child process writes and prints each acknowledgement after the write returned. SIGKILL gives
it no chance to clean up. After each kill the store is reopened in this process: it must open
cleanly and hold everything that was printed. The file is kept across runs, so later runs start
from whatever the earlier kills left behind.
"""

from __future__ import annotations

import json
import os
import random
import shutil
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from companion.store import JournalDB, Store

pytestmark = pytest.mark.kill

WRITER = Path(__file__).with_name("crash_writer.py")
ROOT = Path(__file__).resolve().parents[2]
RUNS = 30
TIME_LIMIT_S = 20.0


def kill_runs():
    """Run numbers 0..RUNS-1, cut short after TIME_LIMIT_S once five runs are done (a slow machine)."""
    deadline = time.monotonic() + TIME_LIMIT_S
    for run in range(RUNS):
        if run >= 5 and time.monotonic() > deadline:
            return
        yield run


def run_and_kill(mode: str, path: Path, run: int, rng: random.Random) -> list[str]:
    """Start a writer, let it write for a random moment, SIGKILL it; return what it acknowledged."""
    # The child must run this tree's companion, not an installed copy of it.
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")]))
    child = subprocess.Popen(
        [sys.executable, str(WRITER), mode, str(path), str(run)],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        encoding="utf-8",
    )
    try:
        ready = child.stdout.readline()
        assert ready.startswith("ready"), f"writer failed to start: {ready!r} {child.stderr.read()}"
        time.sleep(rng.uniform(0.0, 0.08))
        child.send_signal(signal.SIGKILL)
        rest, errors = child.communicate(timeout=30)
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()
    assert child.returncode == -signal.SIGKILL, errors
    # The last printed line may itself be cut by the kill: only whole lines were acknowledged.
    return [line for line in rest.split("\n")[:-1] if line]


def test_killed_appends_lose_nothing_acknowledged(tmp_path):
    path = tmp_path / "companion.db"
    rng = random.Random(20250601)
    acknowledged_total = 0
    for run in kill_runs():
        acknowledged = run_and_kill("append", path, run, rng)
        with Store(path) as store:  # opens cleanly (a torn tail is cut)
            session = store.unfinished()["id"]
            entries = store.entries(session)
            for line in acknowledged:
                index, k = map(int, line.split())
                assert entries[index]["action"]["run"] == run, f"run {run}: index {index} lost"
                assert entries[index]["action"]["k"] == k
            assert all("action" in entry for entry in entries)
        acknowledged_total += len(acknowledged)
    assert acknowledged_total > 0
    with Store(path) as store:  # and a second reopen agrees with the first
        assert len(store.entries(store.unfinished()["id"])) >= acknowledged_total


def test_killed_snapshot_rewrites_lose_nothing_acknowledged(tmp_path):
    path = tmp_path / "companion.db"
    rng = random.Random(20250602)
    inserted: set[tuple[int, int]] = set()
    counter_floor = 0
    for run in kill_runs():
        acknowledged = run_and_kill("snapshot", path, run, rng)
        for line in acknowledged:
            kind, value = line.split()
            if kind == "insert":
                inserted.add((run, int(value)))
            else:
                counter_floor = max(counter_floor, int(value))
        with JournalDB(path) as db:
            stored = {(doc["run"], doc["k"]) for doc in db.table("items") if "run" in doc}
            assert inserted <= stored, f"run {run}: lost {sorted(inserted - stored)[:5]}"
            assert db.table("counter").get(doc_id=1)["n"] >= counter_floor
            assert len(db.table("items")) == 3000 + len(stored)
        # reopening as a writer removed any temporary an interrupted snapshot left behind
        assert not [name for name in os.listdir(tmp_path) if ".tmp-" in name]
    assert inserted and counter_floor > 0


def test_killed_migration_loses_nothing(tmp_path):
    """A layout-1 store being migrated is killed at random moments; whatever the kill left,
    the next open finishes the migration with every session of the old store."""
    from tests.store.test_migration import V1, assert_v1_content

    rng = random.Random(20250603)
    finished_runs = 0
    for run in kill_runs():
        folder = tmp_path / f"run{run}"
        folder.mkdir()
        path = folder / "companion.db"
        shutil.copyfile(V1, path)
        acknowledged = run_and_kill("migrate", path, run, rng)
        finished_runs += bool(acknowledged)
        with Store(path) as store:
            assert_v1_content(store)
        with Store(path) as store:  # a second open agrees, and migrates nothing again
            assert_v1_content(store)
        assert not [name for name in os.listdir(folder) if ".tmp-" in name]
    assert finished_runs < RUNS  # at least some kills landed inside the migration


def test_killed_import_adds_whole_batches(tmp_path):
    """An import killed at random moments leaves the history as it was or with whole batches
    of the file's sessions (4 a batch here), never a part of one, never a duplicate; the store
    opens cleanly and importing again completes it."""
    from tests.store.test_migration import V1

    source = tmp_path / "source"
    source.mkdir()
    shutil.copyfile(V1, source / "companion.db")
    with Store(source / "companion.db") as store:
        exported = list(store.history_documents())
    rng = random.Random(20250604)
    for run in kill_runs():
        folder = tmp_path / f"run{run}"
        folder.mkdir()
        path = folder / "companion.db"
        (folder / "export.json").write_text(json.dumps(exported, ensure_ascii=False), encoding="utf-8")
        with Store(path) as store:
            store.create_session("vaaalbara", {}, 1, ["A", "B"])
        run_and_kill("import", path, run, rng)
        with Store(path) as store:
            history = store.history()
            whole = len(history) % 4 == 0 or len(history) == len(exported)
            assert whole, f"run {run}: {len(history)} of {len(exported)}"
            assert len({record["uid"] for record in history}) == len(history)
            assert store.unfinished() is not None
            added, skipped = store.import_documents(exported)
            assert (added, skipped) == (len(exported) - len(history), len(history))
            assert {record["uid"] for record in store.history()} == {doc["meta"]["uid"] for doc in exported}


def test_killed_imports_leave_nothing_behind_and_a_lost_index_brings_back_only_committed_batches(tmp_path):
    """Issue 34, point 5: after an import killed at random moments the next start leaves no
    temporary file and no staged archive in history/; and when the index is then lost, the
    history rebuilt from the archives holds exactly the committed batches."""
    from tests.store.test_migration import V1

    source = tmp_path / "source"
    source.mkdir()
    shutil.copyfile(V1, source / "companion.db")
    with Store(source / "companion.db") as store:
        exported = list(store.history_documents())
    rng = random.Random(20261201)
    for run in kill_runs():
        folder = tmp_path / f"run{run}"
        folder.mkdir()
        path = folder / "companion.db"
        (folder / "export.json").write_text(json.dumps(exported, ensure_ascii=False), encoding="utf-8")
        run_and_kill("import", path, run, rng)
        if not (folder / "history").exists():
            continue  # killed before it began
        with Store(path) as store:  # the next start
            committed = {record["uid"] for record in store.history()}
        left = [p.name for p in (folder / "history").iterdir() if p.name.startswith(".")]
        assert left == [], f"run {run}: {left}"
        (folder / "history" / "index.db").unlink()
        with Store(path) as store:
            rebuilt = {record["uid"] for record in store.history()}
        assert rebuilt == committed, f"run {run}: {len(rebuilt)} listed, {len(committed)} committed"


def test_killed_exports_leave_nothing_the_next_export_keeps(tmp_path):
    """Issue 34, point 5: an export killed at random moments leaves at most its temporary file
    beside --out, which the next export to that file removes; --out is whole or absent."""
    from companion.store.export import write_history_json
    from tests.store.test_migration import V1

    shutil.copyfile(V1, tmp_path / "companion.db")
    with Store(tmp_path / "companion.db"):
        pass
    rng = random.Random(20261202)
    for run in kill_runs():
        run_and_kill("export", tmp_path / "companion.db", run, rng)
        out = tmp_path / "out.json"
        if out.exists():
            json.loads(out.read_text(encoding="utf-8"))  # whole
        with Store(tmp_path / "companion.db", read_only=True) as store:
            write_history_json(store, out)
        left = [p.name for p in tmp_path.iterdir() if p.name.startswith(".out.json")]
        assert left == [], f"run {run}: {left}"


def test_killed_box_saves_keep_every_acknowledged_fact_of_both_writers(tmp_path):
    """A process saving box memory (the table, or ``companion box --import``) is killed at random
    moments while this process saves its own facts into the same file: the file is always whole
    JSON and holds every fact either side acknowledged."""
    from companion.known_games import KNOWN
    from companion.store.boxes import BoxFiles

    box = tmp_path / "box"
    box.mkdir()
    rng = random.Random(20250605)
    mine = BoxFiles(box, check=KNOWN.memory_problem)
    my_facts: dict = {"tiles": {}}
    theirs: set[str] = set()
    for run in kill_runs():
        stop = threading.Event()

        def save_beside(run=run, stop=stop):  # this process saves while the other one does
            nonlocal my_facts
            k = 0
            while not stop.is_set():
                facts = {"tiles": {**my_facts["tiles"], f"M-{run}-{k}": {"colour": "green"}}}
                mine.save("dva_bratri", facts)
                my_facts, k = facts, k + 1
                time.sleep(0.002)

        beside = threading.Thread(target=save_beside)
        beside.start()
        try:
            acknowledged = run_and_kill("box", box, run, rng)
        finally:
            stop.set()
            beside.join()
        theirs |= {line.split()[1] for line in acknowledged if line.startswith("saved")}
        stored = json.loads((box / "dva_bratri.json").read_text(encoding="utf-8"))
        assert set(my_facts["tiles"]) <= set(stored["tiles"]), f"run {run}: lost this process's facts"
        assert theirs <= set(stored["tiles"]), f"run {run}: lost {sorted(theirs - set(stored['tiles']))[:5]}"
    assert theirs and len(my_facts["tiles"]) > RUNS // 3
    mine.save("dva_bratri", {"tiles": {**my_facts["tiles"], "last": {"colour": "green"}}})
    assert not [name for name in os.listdir(box) if ".tmp-" in name]  # what kills left is cleared
