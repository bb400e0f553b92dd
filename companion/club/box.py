"""The club on the thread that owns the store: this box's finished plays into the outbox, what
arrived from the others merged into the history (verified as ``companion import`` verifies a
file: read and checked, replayed, then ``Store.import_documents``), renames and merges kept.

Everything here runs on the owner's thread (the table's main loop, or ``companion club sync``);
the MQTT thread only fills the inbox and empties the outbox (``sync.Sync``).
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from pathlib import Path

from ..store.export import SessionFileError, clean, json_text, load_session_file
from ..store.importing import finished, identity
from ..store.records import is_uid
from . import people as people_module
from .files import Inbox, Outbox, State, content_digest, raw_digest, read_json
from .settings import ClubSettings

log = logging.getLogger("companion.club")

MERGE_BATCH = 20  # plays verified and merged per turn of the table's idle loop: a key waits at most that


class Club:
    def __init__(self, settings: ClubSettings, data_dir: Path, read_only: bool = False):
        """``read_only``: only to look (``companion club status``, ``people``), beside a running
        table that owns the club's files: nothing is written, nothing compacted."""
        self.settings = settings
        self.folder = data_dir / "club"
        self.outbox = Outbox(self.folder, read_only)
        self.state = State(self.folder, read_only)
        self.inbox = Inbox(self.folder, read_only)
        self._finished_seen: int | None = None
        self._known: set[str] | None = None  # the store's uids, read once: the store only ever gains plays
        self.wake: Callable[[], None] = lambda: None  # the sync: something new in the outbox

    # -- this box's plays -------------------------------------------------------------------
    def collect(self, store, force: bool = False) -> int:
        """Put every finished play of the history not yet shared into the outbox; returns how
        many. Cheap when nothing finished since the last call (the count of finished games)."""
        count = store.finished_count()
        if not force and count == self._finished_seen:
            return 0
        records = store.history()
        if self.state.joined is None:
            held = [] if self.settings.share_earlier else [r["uid"] for r in records if r.get("uid")]
            plays = [
                {"play": uid, "box": self.settings.box, "raw": None, "content": None, "held": True} for uid in held
            ]
            self.state.add(*plays, {"joined": {"club": self.settings.club, "box": self.settings.box}})
        added = 0
        if self._known is not None:
            self._known.update(r["uid"] for r in records if isinstance(r.get("uid"), str))
        for record in reversed(records):  # oldest first: the others see them in the order played
            uid = record.get("uid")
            if not isinstance(uid, str) or self.state.play(uid) is not None:
                continue
            document = store.session_document(record["session"])
            self.share(uid, document)
            added += 1
        self._finished_seen = count
        if added:
            self.wake()
        return added

    def share(self, uid: str, document: dict) -> None:
        """One finished play published as ``companion export --format json`` writes it: the
        outbox first (durable), then the state that says it is this box's own."""
        payload = json_text(document)
        self.outbox.add(f"plays/{uid}", self.settings.topic("plays", uid), payload)
        raw = raw_digest(payload.encode("utf-8"))
        self.state.add({"play": uid, "box": self.settings.box, "raw": raw, "content": content_digest(document)})

    # -- what the others sent ----------------------------------------------------------------
    def pending(self) -> int:
        return self.inbox.items(0)[1]

    def merge(self, store, limit: int | None = MERGE_BATCH) -> tuple[int, int]:
        """Merge up to ``limit`` received messages; returns (merged plays, messages left)."""
        from ..known_games import replay_problem

        todo, count = self.inbox.items(limit)
        if todo and self._known is None:
            self._known = store.uids()
        known = self._known if self._known is not None else set()
        batch: list[dict] = []
        done: list[Path] = []
        for path in todo:
            kind, key, box = _parts(path)
            if kind == "people":
                self._person(path, key)
            elif kind == "plays" and is_uid(key):
                document = self._play(store, path, key, box, known, replay_problem)
                if document is not None:
                    batch.append(document)
                    known.add(key)
            done.append(path)
        merged = 0
        if batch:
            seen_all = self._finished_seen == store.finished_count()  # collect has nothing to do
            try:
                merged, _ = store.import_documents(batch)
            except BaseException:
                self._known = None  # read again: what failed is merged from the inbox next time
                raise
            if seen_all:  # what was merged is not this box's to share: collect need not look again
                self._finished_seen = store.finished_count()
            for document in batch:
                uid = identity(document)
                log.info(clean(f"club: merged play {uid} from box {(self.state.play(uid) or {}).get('box')}"))
        for path in done:
            self.inbox.done(path)
        return merged, count - len(todo)

    def _play(self, store, path: Path, uid: str, box: str, known: set[str], replay_problem) -> dict | None:
        payload = path.read_bytes()
        raw = raw_digest(payload)
        mine = self.state.play(uid)
        if self.state.known_raw(uid, raw) and uid in known:
            return None  # a duplicate: the same message again (a retained copy, a resend)
        try:
            document = load_session_file(path)
        except SessionFileError as error:
            self._refuse(uid, box, raw, payload, error.problem)
            return None
        if identity(document) != uid:
            self._refuse(uid, box, raw, payload, f"its topic names {uid}, the play is {identity(document)}")
            return None
        if not finished(document):
            self._refuse(uid, box, raw, payload, "it is not finished (only finished plays are shared)")
            return None
        content = content_digest(document)
        if mine is None and uid in known:  # in the history already, by another way (an import)
            mine = {"content": _content_here(store, uid), "box": self.settings.box}
        if mine is not None and mine.get("content") not in (None, content):
            where = self.state.keep_apart("conflicts", uid, raw, payload)
            self.state.add({"conflict": uid, "box": box, "raw": raw, "content": content, "file": where.name})
            log.warning(clean(f"club: box {box} sent a different play under uid {uid}; kept apart in {where}"))
            return None
        if uid in known:
            if mine is not None and mine.get("raw") is None:
                self.state.add({"play": uid, "box": mine.get("box") or box, "raw": raw, "content": content})
            return None  # the same play: a duplicate, nothing changes
        if mine is None:
            problem = replay_problem(document)
            if problem:
                self._refuse(uid, box, raw, payload, problem)
                return None
            self.state.add({"play": uid, "box": box, "raw": raw, "content": content})
        return document

    def _refuse(self, uid: str, box: str, raw: str, payload: bytes, why: str) -> None:
        where = self.state.keep_apart("refused", uid, raw, payload)
        self.state.add({"refused": uid, "box": box, "raw": raw, "why": why, "file": where.name})
        log.warning(clean(f"club: refused play {uid} from box {box}: {why}; kept in {where}"))

    def _person(self, path: Path, key: str) -> None:
        try:
            action = read_json(path.read_bytes())
        except (ValueError, UnicodeDecodeError):
            log.warning("club: a rename that is not JSON was left out")
            return
        problem = people_module.check_action(action)
        if problem or action["id"] != key:
            log.warning(clean(f"club: a rename was left out ({problem or 'its topic names another id'})"))
            return
        if not self.state.known_person(key):
            self.state.add({"person": action})
            log.info(
                clean(f"club: {action['op']} {action['from']!r} -> {action['to']!r} (from box {action.get('box')})")
            )

    # -- people --------------------------------------------------------------------------------
    def aliases(self) -> dict[str, str]:
        return people_module.aliases(self.state.people.values())

    def people(self, store) -> list[str]:
        return people_module.names(store.history(), self.aliases())

    def rename(self, store, op: str, old: str, new: str) -> str:
        """``companion club rename A B`` / ``merge A B``: checked, logged, published. Returns the
        line to show; raises ValueError with the one-line reason it is refused."""
        for name in (old, new):
            problem = people_module.name_problem(name)
            if problem:
                raise ValueError(problem)
        action = self.checked_action(store, op, old, new)
        self.outbox.add(f"people/{action['id']}", self.settings.topic("people", action["id"]), json_text(action))
        self.state.add({"person": action})
        log.info(clean(f"club: {op} {old!r} -> {new!r}"))
        self.wake()
        return f"{'renamed' if op == 'rename' else 'merged'} {old} -> {new}; published to the club"

    def checked_action(self, store, op: str, old: str, new: str) -> dict:
        """The rename or merge as an action, checked against the club's people (ValueError: why not)."""
        for name in (old, new):
            problem = people_module.name_problem(name)
            if problem:
                raise ValueError(problem)
        old, new = old.strip(), new.strip()
        table = self.aliases()
        known = set(people_module.names(store.history(), table))
        if old not in known:
            raise ValueError(f"{old!r} is not a name in the club (see companion club people)")
        if op == "rename" and new in known:
            raise ValueError(f"{new!r} is a name already: merge them instead (companion club merge {old!r} {new!r})")
        if op == "merge" and new not in known:
            raise ValueError(f"{new!r} is not a name in the club: rename instead")
        if old == new:
            raise ValueError("the two names are the same")
        return people_module.new_action(op, old, new, self.settings.box)

    def board_lines(self, store, uid: str) -> list:
        """``Anna: 1,512 → 1,530`` for each person of the finished play ``uid`` (``Msg``, Czech and
        English), for the board page after a game; none when the league does not rate it."""
        from .league import board_lines, league

        return board_lines(league(store.history(), self.aliases()), uid)

    def close(self) -> None:
        self.outbox.close()
        self.state.close()


def _parts(path: Path) -> tuple[str, str, str]:
    """An inbox file's name is ``<kind>~<key>~<box>~<random>.json``."""
    parts = path.name.split("~")
    return (parts[0], parts[1], parts[2]) if len(parts) == 4 else ("", "", "")


def _content_here(store, uid: str) -> str | None:
    """The content digest of the play ``uid`` as this box's history holds it (rare: a play that
    came by ``companion import`` before the club); None for one that is not a finished play."""
    for record in store.history(teaching=True):
        if record.get("uid") == uid:
            return content_digest(store.session_document(record["session"]))
    return "not a finished play here"
