"""Writes to a store until it is killed, printing what each write acknowledged.

Run by test_crash.py: ``python crash_writer.py append|snapshot|migrate|import|box|play <path> <run>``. A line is printed
only after the write returned, so every printed line is a promise the file must keep.
"""

from __future__ import annotations

import random
import sys
import time

from companion.store import JournalDB, Store


def say(text: str) -> None:
    sys.stdout.write(text + "\n")
    sys.stdout.flush()


def appender(path: str, run: int) -> None:
    store = Store(path)
    resume = store.unfinished()
    session = resume["id"] if resume else store.create_session("crash", {}, 1, ["A", "B"])
    say(f"ready {session}")
    rng = random.Random(run)
    for k in range(10**9):
        # Mostly small entries, now and then a big one so a kill can land inside a long write.
        pad = "ž" * (60_000 if rng.random() < 0.05 else rng.choice([0, 10, 100]))
        index = store.append(session, {"action": {"run": run, "k": k, "pad": pad}})
        say(f"{index} {k}")


def snapshotter(path: str, run: int) -> None:
    db = JournalDB(path)
    items, counter = db.table("items"), db.table("counter")
    if not counter:
        items.insert_multiple({"k": -1, "filler": "x" * 100} for _ in range(3000))
        counter.insert({"n": 0})
    say("ready")
    for k in range(10**9):
        items.insert({"run": run, "k": k})
        say(f"insert {k}")
        counter.update({"n": run * 10**6 + k})  # rewrites the whole file as a snapshot
        say(f"update {run * 10**6 + k}")


def migrator(path: str, run: int) -> None:
    """``path`` holds a layout-1 store: opening it migrates; killed somewhere in between."""
    say("ready")
    with Store(path) as store:
        say(f"migrated {store.finished_count()}")
        time.sleep(3600)  # a fast migration waits for its kill like the other writers (no exit race)


def importer(path: str, run: int) -> None:
    """Import the export next to the store (``export.json``) again and again."""
    from pathlib import Path

    from companion.store.export import read_sessions

    export = Path(path).with_name("export.json")
    store = Store(path)
    say("ready")
    for _ in range(10**9):  # the export read as a stream, as `companion import` reads it
        added, skipped = store.import_documents(read_sessions(export), batch=IMPORT_BATCH)
        say(f"import {added} {skipped}")


IMPORT_BATCH = 4  # small batches, so kills land between them too


def exporter(path: str, run: int) -> None:
    """Export the history of the store at ``path`` as JSON to ``out.json`` beside it, again and
    again (what ``companion export --format json --out`` does)."""
    from pathlib import Path

    from companion.store.export import write_history_json

    out = Path(path).with_name("out.json")
    store = Store(path, read_only=True)
    say("ready")
    for k in range(10**9):
        write_history_json(store, out)
        say(f"export {k}")


def boxer(path: str, run: int) -> None:
    """Save box memory again and again, a new fact each time, as the table or the CLI does
    (``path`` is the box directory); another process saves its own facts beside it."""
    from companion.known_games import KNOWN
    from companion.store.boxes import BoxFiles

    memory = BoxFiles(path, check=KNOWN.memory_problem)
    learned: dict = {"tiles": {}}
    say("ready")
    for k in range(10**9):
        learned = {"tiles": {**learned["tiles"], f"W{run}-{k}": {"colour": "green", "pad": "ž" * (k % 7) * 500}}}
        memory.save("dva_bratri", learned)
        say(f"saved W{run}-{k}")


def player(path: str, run: int) -> None:
    """A game played at random, its snapshots kept after every action as the idle table does
    (every 2 entries, so a kill often lands in one); each entry acknowledged once appended."""
    from companion.engine import Session
    from companion.games import load
    from companion.store import snapshots
    from tests.games.playout import random_action

    game = load("vaaalbara")
    store = Store(path)
    resume = store.unfinished()
    if resume:
        session = Session(game, resume["options"], resume["seed"], store.log(resume["id"]))
        session_id = resume["id"]
    else:
        session = Session(game, {"seats": 3}, 11)
        session_id = store.create_session("vaaalbara", session.options, 11, ["A", "B", "C"])
    say(f"ready {session_id}")
    rng = random.Random(run)
    while True:
        if session.over or (session.actions and rng.random() < 0.2):
            step = session.plan_undo(everyone_confirmed=True)
        else:
            step = random_action(session, rng)
        index = store.append(session_id, step.entry)
        session.commit(step)
        say(f"{index}")
        snapshots.keep(store, session_id, session, every=2)


if __name__ == "__main__":
    mode, path, run = sys.argv[1], sys.argv[2], int(sys.argv[3])
    writers = {
        "append": appender,
        "snapshot": snapshotter,
        "migrate": migrator,
        "import": importer,
        "export": exporter,
        "box": boxer,
        "play": player,
    }
    writers[mode](path, run)
