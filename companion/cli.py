"""`companion`: run the appliance, replay a session file; show, export, import the history."""

from __future__ import annotations

import argparse
import json
import logging
import os
import pathlib
import sys

from . import __version__
from . import config as config_module
from .datadir import (  # noqa: F401 (the commands' shared helpers, read from here by the tests too)
    MissingDataDir,
    data_dir_of,
    default_data_dir,
    existing_data_dir,
    fail,
    open_store,
    writer_busy,
)

log = logging.getLogger("companion")


# -- run --------------------------------------------------------------------------------------
def cmd_run(args) -> int:
    """The table itself lives in ``companion.run``; imported only when the table runs."""
    from .run import cmd_run as run_table

    return run_table(args)


# -- replay -----------------------------------------------------------------------------------
def cmd_replay(args) -> int:
    from . import games
    from .engine import Session
    from .engine.session import ReplayError
    from .store.export import SessionFileError, clean, json_text, load_session_file

    try:
        document = load_session_file(args.file, args.session)
    except SessionFileError as error:
        return fail(str(error))
    try:
        game = games.load(document["game"])
    except KeyError:
        return fail(f"{args.file}: unknown game {document['game']!r}; known: {', '.join(games.available())}")
    try:
        session = Session(game, document.get("options", {}), document.get("seed", 0), document["entries"])
    except ReplayError as error:
        return fail(f"{args.file}: action {error.index} is illegal: {error.rule}: {error.msg.en} / {error.msg.cs}", 1)
    except Exception as error:  # bad options and the like
        message = getattr(error, "msg", None)
        return fail(f"{args.file}: cannot set the game up: {message.en if message else error}", 1)
    scores = session.score()
    result = {
        "game": document["game"],
        "actions": len(session.actions),
        "over": session.over,
        "scores": scores.to_json(),
        "state": session.state,
    }
    if args.json:
        print(json_text(result, indent=2, sort_keys=True))
    else:
        print(f"{document['game']}: {len(session.actions)} actions, {'finished' if session.over else 'unfinished'}")
        for seat, total in scores.totals.items():
            print(clean(f"  {game.seat_label(session.state, seat).en}: {total}"))
    return 0


# -- history / export / import / stats ---------------------------------------------------------
def cmd_history(args) -> int:
    """Finished games and games ended from the in-game menu (marked abandoned), newest first."""
    from .store.export import abandoned_line, clean, finished_line

    data_dir = existing_data_dir(args)
    came = arrivals(data_dir)

    def finished(record: dict) -> str | None:  # None: a teaching walk
        if record.get("teaching"):
            return None
        box = came.get(record.get("uid"))  # type: ignore[arg-type]
        return clean(finished_line(record) + (f"  [from {box}]" if box is not None else ""))

    store = open_store(data_dir, read_only=True)
    listed = walks = 0
    try:  # one read of the index; each record made its line as it is read, held as compact text
        chunk: list[str] = []
        for line in store.ended_texts(finished, lambda record: clean(abandoned_line(record))):
            if line is None:
                walks += 1
                continue
            listed += 1
            chunk.append(line)
            if len(chunk) >= HISTORY_CHUNK:  # written in chunks: 10,000 games are not one string
                sys.stdout.write("\n".join(chunk) + "\n")
                chunk.clear()
        if chunk:
            sys.stdout.write("\n".join(chunk) + "\n")
    finally:
        _warn(store.notes)
        store.close()
    if not listed:
        print("no finished games yet")
    if walks:  # finished, kept (they taught the box), but nobody played
        print(f"({walks} teaching walk{'s' if walks != 1 else ''} of the box not listed)")
    return 0


HISTORY_CHUNK = 256  # lines of ``companion history`` written at once
HERE = "this box"  # the box's own plays in ``stats`` when it joined its club under no name


def arrivals(data_dir) -> dict[str, str]:
    """The plays merged from the club's other boxes (uid -> box), {} without a club: nothing of
    the club is imported then (docs/club.md)."""
    return club_boxes(data_dir)[1]


def club_boxes(data_dir) -> tuple[str | None, dict[str, str]]:
    """This box's name in its club (None: no club) and ``arrivals``."""
    if not (data_dir / "club").is_dir():
        return None, {}
    from .club.files import club_boxes as read_boxes

    try:
        return read_boxes(data_dir)
    except (OSError, ValueError) as error:  # the history is listed all the same, unmarked
        fail(f"warning: the club's files could not be read ({error}): plays are not marked by box")
        return None, {}


def cmd_export(args) -> int:
    data_dir = existing_data_dir(args)
    args.arrivals = arrivals(data_dir)
    store = open_store(data_dir, read_only=True)
    try:
        return _export(store, args)
    except OSError as error:
        if args.out and not isinstance(error, BrokenPipeError):
            return fail(f"cannot write {args.out}: {error.strerror or error}", 1)
        raise
    finally:
        _warn(store.notes)
        store.close()


def _warn(notes: list[str]) -> None:
    """What reading the history worked around (an index rebuilt, an archive skipped): one line
    each on stderr; the command still succeeds with the rest."""
    for note in dict.fromkeys(notes):
        fail(f"warning: {note}")


def _export(store, args) -> int:
    """CSV and BG Stats from the index (with its summaries); JSON streamed one archive at a time."""
    from functools import cache

    from .known_games import KNOWN
    from .store.export import history_json_items, json_list_of, json_text, write_history_csv, write_stream
    from .store.journal import dumps, loads
    from .store.reports import bgstats_link, bgstats_play

    destination = args.out or sys.stdout
    facts = cache(KNOWN.facts)

    came = getattr(args, "arrivals", {})

    def play(record: dict) -> dict:
        made = bgstats_play(record, facts(record["game"]))
        if record.get("uid") in came:  # a play of the club's other box: that box is where it was played
            made["location"] = came[record["uid"]]
        return made

    # each play made and encoded as the index is read: its compact text is all that is held of it
    if args.format == "bgstats":
        links = store.summaries_made(lambda record: bgstats_link(play(record)) + "\n", store.notes.append)
        write_stream(destination, links)
    elif args.format == "bgstats-plays":
        plays = store.summaries_made(lambda record: dumps(play(record)), store.notes.append)
        write_stream(destination, json_list_of(json_text(loads(text), indent=2) for text in plays))
    elif args.format == "json":
        write_stream(destination, json_list_of(history_json_items(store, store.notes.append)))
    else:
        write_history_csv(store, destination, came or None)
    return 0


def cmd_import(args) -> int:
    """Add the sessions of a JSON export (or any session file) to the history; all or nothing.

    The file is read once, as a stream, one session at a time: each is checked, every new
    finished one replayed and, if it passed, staged in ``history/.import/`` as it will be
    archived (``store.importing.Staging``). Only if all passed are they committed, in
    crash-safe batches (``Store.commit_staged``); a refusal removes what was staged and leaves
    the data directory as it was. Memory does not grow with the file."""
    from .known_games import KNOWN
    from .store import StoreError
    from .store.export import SessionFileError
    from .store.importing import Staging, Verified

    data_dir = data_dir_of(args)  # restoring onto a new card: made for the import, gone if refused
    if data_dir.exists() and not data_dir.is_dir():
        return fail(f"{'--data-dir ' if args.data_dir else 'the data directory '}{data_dir} is not a directory")
    if writer_busy(data_dir):
        return fail(f"the table is running on {data_dir}; stop it before importing (systemctl stop companion)")
    made = _missing_folders(data_dir)
    history = data_dir / "history"
    verified = Verified(history, __version__)  # what an interrupted import verified already
    progress = Progress("checked")
    staging = None
    try:
        if made:
            data_dir.mkdir(parents=True)
            first_id, known = 1, set[str]()
        else:
            first_id, known = _settled_history(data_dir, history)
        staging = Staging(history, first_id, KNOWN)
        problem, unfinished, skipped = _import_problem(args.file, staging, known, progress, verified)
        progress.done()
        if problem:
            return fail(f"import refused, nothing changed: {problem}")
        written = Progress("imported")
        store = open_store(data_dir)  # the staging's marker is held: the store's tidy-up leaves it
        try:
            added = store.commit_staged(staging, progress=written.count)
        finally:
            written.done()
            store.close()
    except SessionFileError as error:
        return fail(f"import refused, nothing changed: {error}")
    except StoreError as error:
        return fail(f"import stopped: {error}")
    finally:
        progress.done()
        verified.close()
        if staging is not None:
            staging.close()
        if made and not (data_dir / "companion.db").exists():
            for folder in reversed(made):  # a refused import onto a new card leaves no folder
                try:
                    folder.rmdir()
                except OSError:
                    break
    print(
        (f"created {data_dir}; " if made else "")
        + f"imported {added} session{'s' * (added != 1)}; {skipped} already here"
        + (f"; {unfinished} unfinished left out" if unfinished else "")
    )
    return 0


def _missing_folders(path: pathlib.Path) -> list[pathlib.Path]:
    """The folders an import must make for ``path`` (outermost first): none when it is there."""
    missing = []
    while not path.exists() and path != path.parent:
        missing.append(path)
        path = path.parent
    return missing[::-1]


def _settled_history(data_dir: pathlib.Path, history: pathlib.Path) -> tuple[int, set[str]]:
    """The id the import's first session gets and the identities of the sessions here (skipped
    without a replay). What an interrupted import left in ``history/.import/`` is settled first
    by the store's writer (its committed batches moved into place, the rest removed), so the
    staging starts empty."""
    if (history / ".import").is_dir():
        open_store(data_dir).close()
    with open_store(data_dir, read_only=True) as reader:
        return reader.next_session_id(), reader.uids()


class Progress:
    """A line on a terminal's stderr that says how far a long command is (``checked 1,200
    sessions``), redrawn at most every ``EVERY_S``, cleared when done; nothing when stderr is
    not a terminal (a script, a log)."""

    EVERY_S = 0.25

    def __init__(self, what: str, stream=None):
        self.stream = stream if stream is not None else sys.stderr
        self.what = what
        self.shown = 0.0
        self.on = bool(getattr(self.stream, "isatty", lambda: False)())
        self.drawn = False

    def count(self, number: int, share: float | None = None) -> None:
        if not self.on:
            return
        import time

        now = time.monotonic()
        if now - self.shown < self.EVERY_S:
            return
        self.shown = now
        part = f" ({share:.0%} of the file)" if share is not None else ""
        self.stream.write(f"\rcompanion: import: {self.what} {number:,} sessions{part}\x1b[K")
        self.stream.flush()
        self.drawn = True

    def done(self) -> None:
        if self.drawn:
            self.stream.write("\r\x1b[K")
            self.stream.flush()
            self.drawn = False


def _import_problem(
    path: str, staging, known: set[str], progress: Progress | None = None, verified=None
) -> tuple[str | None, int, int]:
    """The first reason to refuse the file (a session that fails the checks raises
    SessionFileError; then an unknown game; then the first finished session new to the store
    that does not replay or disagrees with its own meta, named by its place in the file and its
    id), how many sessions are unfinished and how many are here already (or twice in the file).
    Reads the file once, one session at a time; each new finished one that passes is staged
    (``staging``: ``store.importing.Staging``), until the first refusal; one of ``known`` (here
    already) is skipped without a replay. ``verified``
    (``importing.Verified``): the sessions an interrupted import verified already (not
    replayed again), and where each one that passes is noted."""
    from . import games
    from .known_games import KNOWN, replay_problem
    from .store.export import read_digested_sessions
    from .store.importing import as_archived, finished, identity
    from .store.records import forget_times

    available = set(games.available())
    unknown: str | None = None
    first: tuple[int, dict, str] | None = None
    seen = set(known)
    number = unfinished = skipped = 0
    sessions = read_digested_sessions(path, progress.count if progress else None)
    for number, (document, digest) in enumerate(sessions, start=1):
        if not finished(document):
            unfinished += 1
        if document["game"] not in available:
            unknown = unknown or document["game"]
            continue
        if unknown or first or not finished(document):
            continue  # refused already, or left out of the import anyway
        uid = identity(document)
        if uid in seen:
            skipped += 1
            continue
        seen.add(uid)
        key = verified.key(document, uid, digest) if verified is not None else None
        if key is None or key not in verified.known:  # else replayed and passed before an interruption
            problem = replay_problem(document)
            if problem:
                meta = document.get("meta") or {}
                first = (number, {"id": meta.get("id")}, problem)
                continue
            if key is not None:
                verified.add(key)
        staging.add(*as_archived(document, uid, KNOWN))
    forget_times()
    if unknown:
        return f"{path}: unknown game {unknown!r}; known: {', '.join(games.available())}", unfinished, skipped
    if first:
        place, meta, problem = first
        which = f"session {place} of {number}" if number > 1 else "the session"
        ident = f" (id {meta['id']})" if meta["id"] is not None else ""
        return f"{path}: {which}{ident}: {problem}", unfinished, skipped
    return None, unfinished, skipped


def cmd_stats(args) -> int:
    from .store.export import json_text
    from .store.reports import StatsTally, stats_facts, stats_text

    names: dict[str, str] = {}  # one copy of each name however many games it played
    tally = StatsTally()
    data_dir = existing_data_dir(args)
    here, came = club_boxes(data_dir)
    in_club = here is not None or bool(came)  # then each game's plays are counted by box

    def count(record: dict, sign: int, when) -> None:
        box = (came.get(str(record.get("uid"))) or here or HERE) if in_club else None
        tally.add(stats_facts(record, names), sign, when, box)

    store = open_store(data_dir, read_only=True)
    try:  # each record counted as the index is read: no record is held, nor what it counts
        store.count_summaries(count, tally.clear, store.notes.append)
        stats = tally.result()
    finally:
        _warn(store.notes)
        store.close()
    if args.json:
        print(json_text(stats, indent=2, sort_keys=True))
    else:
        sys.stdout.write(stats_text(stats))
    return 0


def cmd_box(args) -> int:
    """Show or forget what the table learned about a game's box (see docs/configuration.md)."""
    from . import games as registry
    from .known_games import KNOWN
    from .store.boxes import BoxFiles, shipped_checked
    from .store.export import json_text

    if args.game not in registry.available():
        return fail(f"no game {args.game!r}; games: {', '.join(registry.available())}")
    if args.prefer and not args.import_file:
        return fail("--prefer goes with --import FILE")
    if args.checked_by and not args.export:
        return fail("--checked-by goes with --export FILE")
    # repair=False: a command reports memory it cannot use and changes nothing; the table's own
    # repair path moves such a file aside and rebuilds it from the last session at its next game
    memory = BoxFiles(existing_data_dir(args) / "box", check=KNOWN.memory_problem, repair=False)
    path = memory.path(args.game)
    if args.export:
        return _box_export(memory, args)
    if args.import_file:
        return _box_import(memory, args)
    if args.forget:
        print(f"forgot {path}" if memory.forget(args.game) else f"nothing learned yet ({path} does not exist)")
        return 0
    if not path.exists():
        print(f"nothing learned yet for {args.game} ({path} does not exist)")
        return 0
    problem = memory.check(args.game)
    if problem:
        return fail(
            f"{path} cannot be used ({problem}); the table sets it aside at the next game, "
            f"or run: companion box {args.game} --forget",
            1,
        )
    checked, marks = shipped_checked(args.game, KNOWN.memory_problem)
    if checked:
        note = (
            f"facts equal to the checked file shipped with the game are verified (checked by "
            f"{marks.get('checked_by') or 'an unnamed owner'}); all others are unverified"
        )
    else:
        note = "every fact was entered on a table and is unverified: no checked file is shipped"
    print(f"# {path} ({note})")
    print(json_text(memory.load(args.game), indent=1, sort_keys=True))
    return 0


def _box_export(memory, args) -> int:
    """Write this table's box memory as a file to share (``--checked-by``: checked against the box)."""
    from .store.boxes import share_document

    problem = memory.check(args.game)  # before anything is loaded: a refusal changes nothing
    if problem:
        return fail(
            f"{memory.path(args.game)} cannot be used ({problem}); nothing exported, nothing changed "
            "(the table sets it aside and rebuilds it at its next game of this box)",
            1,
        )
    own = memory.load(args.game)
    if not own:
        return fail(f"nothing learned yet for {args.game}: nothing to export", 1)
    text = (
        json.dumps(share_document(args.game, own, args.checked_by), ensure_ascii=False, indent=1, sort_keys=True) + "\n"
    )
    if args.export == "-":
        sys.stdout.write(text)
        return 0
    from .store.journal import atomic_write

    atomic_write(args.export, text.encode("utf-8"))  # whole or absent; a FIFO there is never opened
    checked = f", checked by {args.checked_by}" if args.checked_by else ""
    print(f"exported the {args.game} box memory to {args.export}{checked}")
    return 0


def _box_import(memory, args) -> int:
    """Merge a shared box file into this table's memory: new facts are added, equal ones kept,
    every differing fact chosen (on a terminal, or by --prefer); nothing is written on a refusal."""
    from .known_games import KNOWN
    from .store.boxes import BoxShareError, merge_memory, read_share, take_theirs
    from .store.journal import NotReadable, read_regular

    try:
        text = read_regular(args.import_file, MAX_BOX_FILE).decode("utf-8")
    except FileNotFoundError:
        return fail(f"no such file: {args.import_file}", 1)
    except NotReadable as error:
        return fail(f"{args.import_file} {error}", 1)
    except UnicodeDecodeError:
        return fail(f"{args.import_file} is not text (UTF-8)", 1)
    try:
        theirs, marks = read_share(args.game, text, args.import_file, KNOWN.memory_problem)
    except BoxShareError as error:
        return fail(str(error), 1)
    problem = memory.check(args.game)
    if problem:
        return fail(f"{memory.path(args.game)} cannot be used ({problem}); fix or --forget it first", 1)
    mine = memory.load(args.game)
    merged, conflicts, added = merge_memory(mine, theirs)
    if conflicts and args.prefer is None and not sys.stdin.isatty():
        where, a, b = conflicts[0]
        return fail(
            f"{len(conflicts)} facts differ from your box memory (first: {where}: yours {_short(a)}, "
            f"theirs {_short(b)}); choose on a terminal or pass --prefer mine|theirs",
            1,
        )
    taken = 0
    for where, a, b in conflicts:
        choice = args.prefer or _ask_conflict(where, a, b)
        if choice is None:
            return fail("import stopped: nothing was changed", 1)
        if choice == "theirs":
            take_theirs(merged, theirs, where)
            taken += 1
    problem = KNOWN.memory_problem(args.game, merged)
    if problem:
        return fail(f"the merged box data would not be usable ({problem}); nothing was changed", 1)
    memory.save(args.game, merged)
    who = f" (checked by {marks['checked_by']})" if marks.get("checked_by") else ""
    print(
        f"imported {args.import_file}{who}: {added} facts added, {len(conflicts)} differing "
        f"({taken} taken from the file, {len(conflicts) - taken} kept)"
    )
    return 0


MAX_BOX_FILE = 4 << 20  # a shared box file: kilobytes; 4 MiB is far past any game's facts


def _short(value) -> str:
    text = json.dumps(value, ensure_ascii=False, sort_keys=True)
    return text if len(text) <= 60 else text[:57] + "..."


def _ask_conflict(where: str, mine, theirs) -> str | None:
    """One differing fact on a terminal: m keeps yours, t takes the file's, q stops (None)."""
    while True:
        try:
            answer = (
                input(f"{where}: yours {_short(mine)} | file {_short(theirs)} – keep [m]ine, take [t]heirs, [q]uit? ")
                .strip()
                .lower()
            )
        except EOFError:
            return None
        if answer in ("m", "mine"):
            return "mine"
        if answer in ("t", "theirs"):
            return "theirs"
        if answer in ("q", "quit"):
            return None


def parser(club: bool = True) -> argparse.ArgumentParser:
    """The command line; ``club``: with the club's commands (left out when another command
    runs, so an ordinary start loads nothing of the club)."""
    p = argparse.ArgumentParser(prog="companion", description="The table companion for board games.")
    p.add_argument("--version", action="version", version=f"companion {__version__}")
    sub = p.add_subparsers(dest="command")
    run = sub.add_parser("run", help="run the table (real hardware on a Pi, else the emulated table)")
    run.add_argument("--config", help="TOML config file (see docs/configuration.md)")
    run.add_argument("--data-dir", help="where sessions and history are stored")
    group = run.add_mutually_exclusive_group()
    group.add_argument("--emulated", action="store_true", help="terminal table even on a Pi")
    group.add_argument("--hardware", action="store_true", help="OLED, GPIO and pads")
    run.add_argument("--script", help="feed key events from a file instead of the keyboard")
    run.add_argument(
        "--frames",
        help="with --script: save every changed frame, and every pad's screen (pad<seat>.txt, pad<seat>_<n>.png), here",
    )
    run.add_argument("--text", action="store_true", help="emulator: also print the debug text lines under the panel")
    run.add_argument(
        "--web",
        nargs="?",
        const="127.0.0.1:8080",
        metavar="HOST:PORT",
        help="also serve the web table (phones as pads, a board page) on HOST:PORT, 127.0.0.1:8080 by default;"
        " needs pip install '.[web]'",
    )
    run.add_argument("--seed", type=int, help="seed for new games (reproducible runs)")
    run.add_argument("--language", choices=("cs", "en"))
    run.add_argument("-v", "--verbose", action="store_true")
    rep = sub.add_parser("replay", help="replay a session file and print the result")
    rep.add_argument("file")
    rep.add_argument("--json", action="store_true", help="final state and scores as JSON")
    rep.add_argument("--session", type=int, help="which session of an export holding several")
    hist = sub.add_parser("history", help="list finished games")
    hist.add_argument("--data-dir")
    exp = sub.add_parser(
        "export",
        help="export history as CSV, JSON (full logs), BG Stats links (one per play) or BG Stats plays (a JSON list)",
    )
    exp.add_argument("--format", choices=("csv", "json", "bgstats", "bgstats-plays"), default="csv")
    exp.add_argument("--out", help="file to write (default: standard output)")
    exp.add_argument("--data-dir")
    imp = sub.add_parser("import", help="add the sessions of a JSON export to the history")
    imp.add_argument("file")
    imp.add_argument("--data-dir")
    st = sub.add_parser("stats", help="per game: plays, wins per seat, average duration and decision time")
    st.add_argument("--json", action="store_true")
    st.add_argument("--data-dir")
    box = sub.add_parser("box", help="show, --forget, --export or --import box facts the table learned for a game")
    box.add_argument("game")
    what = box.add_mutually_exclusive_group()
    what.add_argument("--forget", action="store_true", help="delete them; the shipped data is used again")
    what.add_argument("--export", metavar="FILE", help="write them to FILE to share ('-': standard output)")
    what.add_argument(
        "--import",
        dest="import_file",
        metavar="FILE",
        help="merge a shared FILE in; differing facts are chosen, never overwritten silently",
    )
    box.add_argument(
        "--prefer", choices=("mine", "theirs"), help="with --import: which side wins where facts differ (for scripts)"
    )
    box.add_argument(
        "--checked-by",
        metavar="NAME",
        help="with --export: you checked every fact against the box (marks the file verified)",
    )
    box.add_argument("--data-dir")
    for command in (rep, hist, exp, imp, st, box):
        command.add_argument("-v", "--verbose", action="store_true", help="log details and tracebacks on stderr")
    if club:
        from .club import commands as club_commands  # the standard library only: no paho, no openskill

        club_commands.register(sub)
    return p


def cmd_club(args) -> int:
    from .club.commands import cmd_club as club

    return club(args)


def cmd_league(args) -> int:
    from .club.commands import cmd_league as league

    return league(args)


HANDLERS = {
    "run": cmd_run,
    "replay": cmd_replay,
    "history": cmd_history,
    "export": cmd_export,
    "import": cmd_import,
    "stats": cmd_stats,
    "box": cmd_box,
    "club": cmd_club,
    "league": cmd_league,
}
CLUB_COMMANDS = ("club", "league", "-h", "--help")  # the commands that need the club's parsers


def main(argv=None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if not argv or (argv[0] not in HANDLERS and argv[0] not in ("-h", "--help", "--version")):
        argv.insert(0, "run")  # `companion` and `companion --emulated` mean `companion run ...`
    args = parser(club=argv[0] in CLUB_COMMANDS).parse_args(argv)
    if args.command != "run":  # `run` sets up its own log (journald, a file, the terminal)
        _cli_logging(args.verbose)
    try:
        code = HANDLERS[args.command](args)
        sys.stdout.flush()  # a closed pipe shows here, not as a traceback at exit
        return code
    except BrokenPipeError:  # output piped into a reader that stopped (`| head`)
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return fail("the output was closed before everything was written", 1)
    except KeyboardInterrupt:
        return fail("interrupted", 130)
    except config_module.ConfigError as error:
        return fail(f"configuration: {error}")
    except MissingDataDir as error:
        return fail(str(error))
    except Exception as error:  # every error is one line; the traceback goes to the log
        from .store import SessionFileError, StoreError

        if isinstance(error, StoreError):
            return fail(f"storage: {error}")
        if isinstance(error, SessionFileError):
            return fail(str(error))
        if isinstance(error, OSError):
            where = f" {error.filename}" if error.filename else ""
            return fail(f"cannot write or read{where}: {error.strerror or error}", 1)
        log.debug("unexpected error", exc_info=True)
        hint = "" if getattr(args, "verbose", False) else " (run again with -v for the traceback)"
        return fail(f"unexpected error: {type(error).__name__}: {error}{hint}", 1)


def _cli_logging(verbose: bool) -> None:
    """-v: everything the store logs, tracebacks included, on stderr. Without it the command's
    own one-line messages say what matters (warnings the store worked around among them)."""
    logger = logging.getLogger("companion")
    for old in [handler for handler in logger.handlers if isinstance(handler, _CliHandler)]:
        logger.removeHandler(old)
    logger.addHandler(_CliHandler(verbose))
    logger.setLevel(logging.DEBUG if verbose else logging.NOTSET)


class _CliHandler(logging.Handler):
    """Writes to the stderr of the moment (-v), or swallows (else: no bare lines from Python's
    last-resort handler beside the command's own messages)."""

    def __init__(self, verbose: bool):
        super().__init__(logging.DEBUG if verbose else logging.CRITICAL + 1)
        self.setFormatter(logging.Formatter("companion: %(levelname)s: %(message)s"))

    def emit(self, record: logging.LogRecord) -> None:
        try:
            sys.stderr.write(self.format(record) + "\n")
        except Exception:
            self.handleError(record)


if __name__ == "__main__":
    sys.exit(main())
