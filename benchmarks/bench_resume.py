"""Resume after a restart at any log length, before and after, in CPU time in one process.

    python benchmarks/bench_resume.py [--quick] [BASELINE_COMMIT]

For every registered game, logs of 100, 1,000 and 5,000 entries (a random game, with undos
spread through it: random games run out after 50-370 actions, so a longer log is one with more
taken back), and "5000+undo": the 5,000 entries followed by a run of undos that goes behind the
snapshots a table kept (``DEEP_UNDO`` actions, at most half of those in force), are written to
real stores on disk through ``Store.append``; each version's store also keeps the snapshots its
own idle main loop keeps (its ``Store.keep_snapshot`` after every entry, where it has one). A
resume is what a restart does before players can go on: open the store, build the table (the
restart question, which rebuilds the session), "continue", draw the first frame. CPU time of
this process (``time.process_time``), median of a few runs, for today's code and for
BASELINE_COMMIT (default a1975f4, before snapshots and the faster journal read; unpacked as
``companion_before``), on the same log, and the ratio. Goal: at most 50 ms here at any length.
"""

from __future__ import annotations

import importlib
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks.baseline import baseline_module, unpack_baseline  # noqa: E402

BASELINE = "a1975f4"
LENGTHS = (100, 1000, 5000, "5000+undo")
RUNS = 5
PLAYOUT = "tests/games/playout.py"  # a baseline plays its own game with its own random player
DEEP_UNDO = 100  # actions the last run of undos takes back (behind every snapshot kept before it)


def seats_of(game) -> int:
    return 1 if game.name == "dva_bratri" else game.max_seats


def long_log(
    game, length: int | str, seed: int = 3, package: str = "companion", commit: str = BASELINE
) -> tuple[dict, int, list[dict]]:
    """(options, seed, entries): a random game whose log reaches ``length`` entries, undoing
    more often the longer the log must be than a game (an undo at the end, never past it);
    ``"<n>+undo"``: then ``DEEP_UNDO`` undos in a row (at most half the actions in force).
    ``package``: whose engine and game play it (a baseline's own game: today's options and
    answers may be new to it)."""
    own = package == "companion"
    playout = importlib.import_module("tests.games.playout") if own else baseline_module(commit, PLAYOUT, package)
    random_action = playout.random_action
    Session = importlib.import_module(f"{package}.engine").Session
    game = importlib.import_module(f"{package}.games").load(game.name)
    if isinstance(length, str):
        options, seed, entries = long_log(game, int(length.split("+")[0]), seed, package, commit)
        session = Session(game, options, seed, entries)
        for _ in range(min(DEEP_UNDO, len(session.actions) // 2)):
            session.commit(session.plan_undo(everyone_confirmed=True))
        return session.options, seed, session.entries
    rnd = random.Random(seed)
    session = Session(game, {"seats": seats_of(game)}, seed)
    undo = 0.0 if length <= 100 else 0.3 if length <= 1000 else 0.45
    while len(session.entries) < length:
        if session.over or (session.actions and rnd.random() < undo):
            session.commit(session.plan_undo(everyone_confirmed=True))
        else:
            session.commit(random_action(session, rnd))
    while session.over:  # an unfinished game is what a restart offers
        session.commit(session.plan_undo(everyone_confirmed=True))
    return session.options, seed, session.entries


def write_store(
    path: Path, game, log: tuple[dict, int, list[dict]], snapshots: bool, package: str = "companion"
) -> None:
    """The log in a store of ``package`` (its snapshots as its own idle loop keeps them)."""
    Session = importlib.import_module(f"{package}.engine").Session
    Store = importlib.import_module(f"{package}.store").Store
    game = importlib.import_module(f"{package}.games").load(game.name)
    options, seed, entries = log
    with Store(path) as store:
        snapshots = snapshots and hasattr(store, "keep_snapshot")
        session_id = store.create_session(game.name, options, seed, [f"S{i}" for i in range(seats_of(game))])
        session = Session(game, options, seed)
        for entry in entries:
            store.append(session_id, entry)
            if snapshots:
                undo = "action" not in entry
                step = session.plan_undo(everyone_confirmed=True) if undo else session.evaluate(entry["action"])
                session.commit(step)
                store.keep_snapshot(session_id, session)


def resume(package: str, path: Path) -> tuple[float, object]:
    """CPU seconds from opening the store to the first frame of the continued game."""
    store_module = importlib.import_module(f"{package}.store")
    app = importlib.import_module(f"{package}.app")
    key = importlib.import_module(f"{package}.surface.events").KeyEvent
    clock = time.process_time
    start = clock()
    store = store_module.Store(path)
    try:
        table = app.make_table(store, "cs")
        table.handle(key(None, "ok"))  # "continue", the first answer of the restart question
        frame = table.frame()
        spent = clock() - start
        screen = getattr(table, "screen", None)  # an older table said its screen by ``mode``
        assert (screen.name if screen is not None else table.mode) != "resume", "the game did not continue"
    finally:
        store.close()
    return spent, frame


def main() -> None:
    quick = "--quick" in sys.argv
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    baseline = args[0] if args else BASELINE
    lengths, runs = ((100,), 1) if quick else (LENGTHS, RUNS)
    from companion.games import available, load

    with tempfile.TemporaryDirectory() as tmp:
        unpack_baseline(baseline, Path(tmp) / "before")
        print(f"Resume (store opened to first frame), CPU ms, median of {runs}; before = {baseline}; goal <= 50 ms")
        names = available()[:2] if quick else available()
        for name in names:
            game = load(name)
            for length in lengths:
                log = long_log(game, length)
                plain, kept = Path(tmp) / f"{name}-{length}-plain", Path(tmp) / f"{name}-{length}-kept"
                old = Path(tmp) / f"{name}-{length}-before"
                for folder in (plain, kept, old):
                    folder.mkdir()
                write_store(plain / "companion.db", game, log, snapshots=False)
                write_store(kept / "companion.db", game, log, snapshots=True)
                old_log = long_log(game, length, package="companion_before", commit=baseline)  # its own game's
                write_store(old / "companion.db", game, old_log, snapshots=True, package="companion_before")
                times: dict[str, list[float]] = {"before": [], "after": [], "no snapshots": []}
                frames = {}
                versions = (
                    ("before", "companion_before", old),
                    ("after", "companion", kept),
                    ("no snapshots", "companion", plain),
                )
                for _label, package, path in versions:  # warm: the game's modules imported, its fonts loaded
                    resume(package, path / "companion.db")
                for _ in range(runs):  # interleaved, so a busy moment hits both
                    for label, package, path in versions:
                        spent, frames[label] = resume(package, path / "companion.db")
                        times[label].append(spent)
                assert frames["after"] == frames["no snapshots"], "a snapshot changed what the panel shows"
                before, after, old = (statistics.median(times[k]) * 1e3 for k in ("before", "after", "no snapshots"))
                effective = sum(1 if "action" in e else -1 for e in log[2])
                print(
                    f"  {name:11s} {length!s:>9} entries ({effective:3d} kept)"
                    f"  before {before:7.1f}  after {after:6.1f}"
                    f"  ratio {after / before:4.2f}   (a journal without snapshots today: {old:6.1f})"
                )


if __name__ == "__main__":
    main()
