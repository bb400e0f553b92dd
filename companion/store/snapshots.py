"""A running session's snapshots in the live journal, beside its log (engine/snapshot.py).

Table ``snap-<id>`` of ``companion.db`` holds the session's snapshot records, one journal line
each (appended and fsynced like a log entry: a power cut mid-write leaves a torn last line that
the next start cuts off, so a snapshot is there whole or not at all). The log never depends on
them: they are dropped with the session when it leaves the live journal, never archived or
exported, and a store without them (written by an older companion) resumes by replaying its log.
"""

from __future__ import annotations

import logging
import weakref
from typing import TYPE_CHECKING, Any, Protocol

from ..engine.snapshot import EVERY, FORMAT, Log, Mismatch, read, rules_fingerprint
from .journal import JournalDB, StoreError

if TYPE_CHECKING:
    from ..engine import Session


class Store(Protocol):
    """What the snapshots need of the store (``sessions.Store``, which imports this module)."""

    read_only: bool
    _db: JournalDB

    def _live(self, session_id: Any) -> Any: ...

    def entries(self, session_id: int) -> list[dict]: ...


log = logging.getLogger("companion.store")

# what was last written for a running session (the Session object: one per game played or
# resumed): the log's length then, so the table is asked for nothing until a snapshot may be due
_WRITTEN: weakref.WeakKeyDictionary[Any, int] = weakref.WeakKeyDictionary()
# snapshots kept per session (those still standing for it): the newest KEPT, then older ones
# spread evenly over the game, fewer the longer it is (kept_depths), so an undo however deep
# finds one about as far behind it as it went; the journal is rewritten without the rest once
# it holds MOST
KEPT, MOST = 3, 12


def table_name(session_id: int) -> str:
    return f"snap-{session_id}"


def records(store: Store, session_id: int) -> list[dict]:
    """The session's snapshot records, oldest first (none for a closed session)."""
    if store._live(session_id) is None:
        return []
    table = store._db.tables_data().get(table_name(session_id), {})
    return [table[key] for key in sorted(table, key=int)]


def log_of(store: Store, session_id: int) -> Log:
    """The session's log with its snapshots, for ``Session`` to resume from."""
    return Log(store.entries(session_id), records(store, session_id))


def standing(session: Session, found: list[dict]) -> list[int]:
    """The depths (actions in force) of the records in ``found`` that still stand for
    ``session``: this companion's format and rules, and the session's first actions are theirs
    (an undo behind one and other actions since leave it standing for nothing)."""
    rules = rules_fingerprint()
    depths = []
    for record in found:
        try:
            form, _, digest, barriers = read(record, rules, len(session.entries))
        except Mismatch:
            continue
        if form == FORMAT and session.stands(len(barriers), digest):
            depths.append(len(barriers))
    return depths


def due(session: Session, every: int | None = None, found: list[dict] | None = None) -> bool:
    """Whether a snapshot is due: the log has grown ``every`` entries since the last one was
    written (or resumed from), and the session stands past the deepest snapshot that still
    stands for it (``found``, the stored records; without them, not asked). After undos behind
    the kept snapshots one is due again as soon as the log has grown ``every`` entries; at a
    place a snapshot already stands for (undone back to it), none."""
    if session.over:
        return False
    every = EVERY if every is None else every
    last = _WRITTEN.get(session)
    if last is None:
        last = session.resumed_from or 0
    if len(session.entries) - last < every:
        return False
    if found is None:
        return True
    return len(session.actions) > max(standing(session, found), default=0)


def keep(store: Store, session_id: int, session: Session, every: int | None = None) -> bool:
    """Append a snapshot of ``session`` when one is due (one journal line, one fsync). Meant
    for when the table is idle: never on a key's way. True if one was written."""
    if store.read_only or not due(session, every) or store._live(session_id) is None:
        return False
    found = records(store, session_id)
    if not due(session, every, found):
        return False
    record = session.snapshot()
    _WRITTEN[session] = len(session.entries)  # also when the state cannot be kept: not asked again
    if record is None:
        return False
    table = store._db.table(table_name(session_id))
    try:
        table.insert(record)
        if len(found) + 1 > MOST:
            _drop_old(store, session_id, session, every)
    except (OSError, StoreError, ValueError) as error:  # only a resume gets slower
        log.warning("could not keep a snapshot of session %s: %s", session_id, error)
        return False
    return True


def kept_depths(depths: list[int], every: int) -> set[int]:
    """Which of the standing snapshots' depths to keep: the ``KEPT`` deepest, and of the others
    the deepest in every band of ``every`` actions whose number is a multiple of 2**m, the
    smallest m that keeps them within ``MOST - 1`` in all (so the next write does not rewrite
    again at once). The bands are counted from the start of the game, not from where it stands:
    a band kept at one rewrite is kept at the next unless m grows (a longer game), so the
    snapshots behind the newest thin out evenly instead of hollowing out as the game goes back
    and forth, and an undo of any depth finds one about as far behind it as it went back."""
    ordered = sorted(set(depths), reverse=True)
    bands: dict[int, int] = {}
    for depth in ordered[KEPT:]:
        bands.setdefault(depth // every, depth)  # descending: the deepest of its band
    spread = 0
    while sum(1 for band in bands if band % (1 << spread) == 0) > MOST - 1 - KEPT:
        spread += 1
    return set(ordered[:KEPT]) | {depth for band, depth in bands.items() if band % (1 << spread) == 0}


def _drop_old(store: Store, session_id: int, session: Session, every: int | None = None) -> None:
    """Keep the session's snapshots that still stand for it, the deepest and then fewer and
    fewer further back (``kept_depths``): the journal is rewritten without the others (one
    atomic snapshot of the file, 2 syncs, when the table is idle), so the start-up does not
    read hundreds of them and an undo behind the newest still finds one near it."""
    tables = store._db.tables_data()
    name = table_name(session_id)
    docs = tables.get(name, {})
    by_key = {key: standing(session, [docs[key]]) for key in docs}
    wanted = kept_depths([depth for depths in by_key.values() for depth in depths], EVERY if every is None else every)
    chosen: dict[int, str] = {}
    for key in sorted(docs, key=int):  # of two records of one depth, the newest
        for depth in by_key[key]:
            if depth in wanted:
                chosen[depth] = key
    keep = set(chosen.values())
    store._db.rewrite({**tables, name: {key: docs[key] for key in docs if key in keep}})
