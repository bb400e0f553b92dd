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

from ..engine.snapshot import EVERY, Log
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
# resumed), so the table is asked for nothing and a new snapshot costs nothing until it is due
_WRITTEN: weakref.WeakKeyDictionary[Any, int] = weakref.WeakKeyDictionary()
# snapshots kept per session: older ones serve only a log that undid behind the newer ones
KEPT, MOST = 3, 8


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


def due(session: Session, every: int | None = None) -> bool:
    """Whether the log has grown ``every`` entries past what the session last stood for
    (its last snapshot, written or resumed from; a log replayed whole stands for nothing)."""
    if session.over:
        return False
    every = EVERY if every is None else every
    last = _WRITTEN.get(session)
    if last is None:
        last = session.resumed_from or 0
    return len(session.entries) - last >= every


def keep(store: Store, session_id: int, session: Session, every: int | None = None) -> bool:
    """Append a snapshot of ``session`` when one is due (one journal line, one fsync). Meant
    for when the table is idle: never on a key's way. True if one was written."""
    if store.read_only or not due(session, every) or store._live(session_id) is None:
        return False
    record = session.snapshot()
    _WRITTEN[session] = len(session.entries)  # also when the state cannot be kept: not asked again
    if record is None:
        return False
    table = store._db.table(table_name(session_id))
    try:
        table.insert(record)
        if len(table) > MOST:
            _drop_old(store, session_id)
    except (OSError, StoreError, ValueError) as error:  # only a resume gets slower
        log.warning("could not keep a snapshot of session %s: %s", session_id, error)
        return False
    return True


def _drop_old(store: Store, session_id: int) -> None:
    """Keep the newest ``KEPT`` snapshots of the session: the journal is rewritten without the
    others (one atomic snapshot of the file, 2 syncs, when the table is idle; every
    ``(MOST - KEPT) * EVERY`` entries), so the start-up does not read hundreds of them."""
    tables = store._db.tables_data()
    name = table_name(session_id)
    docs = tables.get(name, {})
    newest = sorted(docs, key=int)[-KEPT:]
    store._db.rewrite({**tables, name: {key: docs[key] for key in newest}})
