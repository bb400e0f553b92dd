"""``companion club ...`` and ``companion league``: registered into the main command line by
``register(subparsers)``; the handlers load the club's code only when they run."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path


def register(sub) -> None:
    """Add ``club`` and ``league`` to the command line's subparsers."""
    club = sub.add_parser("club", help="a club of boxes over MQTT: status, people, rename, merge, sync (docs/club.md)")
    what = club.add_subparsers(dest="club_command", required=True)
    for name, text in (
        ("status", "the club, the broker, what waits to be sent and what was kept apart"),
        ("people", "the club's people: every player's name over the history, renames applied"),
        ("sync", "run the club's sync without the table (until stopped)"),
        ("unit", "print the systemd drop-in that lets the service reach the broker, and nothing else"),
    ):
        what.add_parser(name, help=text)
    for name, text in (
        ("rename", "rename a person on every box of the club (logged, published)"),
        ("merge", "make two names one person on every box (the first becomes the second)"),
    ):
        command = what.add_parser(name, help=text)
        command.add_argument("old")
        command.add_argument("new")
    league = sub.add_parser("league", help="ratings, season tables and head-to-head per game (docs/club.md)")
    league.add_argument("--game", help="one game (default: every game played)")
    league.add_argument("--season", help="one season: 2026, 2026-H2, 2026-Q3 or 2026-07 as [club] season says")
    for command in (club, league, *what.choices.values()):
        command.add_argument("--config", help="TOML config file with the [club] section")
        command.add_argument("--data-dir")
        command.add_argument("-v", "--verbose", action="store_true", help="log details on stderr")


def cmd_club(args) -> int:
    from ..datadir import existing_data_dir, fail, open_store, writer_busy
    from .settings import ClubConfigError

    try:
        settings = _settings(args)
    except ClubConfigError as error:
        return fail(f"configuration: {error}")
    if settings is None:
        return fail("no club is set up: set [club] name and broker in the config (docs/club.md)")
    if args.club_command == "unit":
        from .unit import drop_in

        try:
            print(drop_in(settings), end="")
        except ClubConfigError as error:
            return fail(str(error))
        return 0
    data_dir = existing_data_dir(args)
    if args.club_command == "sync":
        return _sync(settings, data_dir)
    from .box import Club

    running = writer_busy(data_dir)  # its sync owns the club's files: a rename goes by the broker then
    read_only = running or args.club_command not in ("rename", "merge")
    club = Club(settings, data_dir, read_only=read_only)  # a look beside a running table changes nothing
    try:
        with open_store(data_dir, read_only=read_only) as store:
            if args.club_command == "people":
                for name in club.people(store):
                    print(_clean(name))
                return 0
            if args.club_command == "status":
                return _status(settings, club, store)
            try:
                if running:
                    return _rename_by_broker(settings, club, store, args)
                print(_clean(club.rename(store, args.club_command, args.old, args.new)))
            except ValueError as error:
                return fail(f"{args.club_command} refused, nothing changed: {error}")
            return 0
    finally:
        club.close()


def _rename_by_broker(settings, club, store, args) -> int:
    """The table runs: the action is published straight to the broker; the table's sync receives
    it as every box does (and keeps and logs it). Nothing is written here."""
    from ..datadir import fail
    from ..store.export import json_text
    from .sync import publish_once

    action = club.checked_action(store, args.club_command, args.old, args.new)
    problem = publish_once(settings, settings.topic("people", action["id"]), json_text(action))
    if problem:
        return fail(f"{args.club_command} refused, nothing changed: {problem}")
    done = "renamed" if args.club_command == "rename" else "merged"
    print(
        _clean(
            f"{done} {action['from']} -> {action['to']}; published to the club (the running table takes it from there)"
        )
    )
    return 0


def _status(settings, club, store) -> int:
    origins = club.state.origins()
    here = sum(1 for box in origins.values() if box == settings.box)
    print(
        f"club {settings.club}, this box {settings.box}; "
        f"broker {settings.broker}:{settings.port} (TLS {'on' if settings.tls else 'off'})"
    )
    print(f"plays: {here} from this box, {len(origins) - here} from others; {len(club.outbox)} waiting to be sent")
    print(f"received, not merged yet: {club.pending()}")
    conflicts = sum(len(v) for v in club.state.conflicts.values())
    if conflicts:
        print(f"conflicting copies kept apart: {conflicts} (in {club.folder / 'conflicts'})")
    if club.state.refused:
        print(f"plays refused by the replay: {len(club.state.refused)} (in {club.folder / 'refused'})")
    return 0


def _sync(settings, data_dir: Path) -> int:
    import signal
    import threading

    from ..datadir import open_store
    from .runner import serve

    stop = threading.Event()
    for signum in (signal.SIGTERM, signal.SIGINT):
        signal.signal(signum, lambda *_: stop.set())
    with open_store(data_dir) as store:
        serve(settings, data_dir, stop, store)
    return 0


def cmd_league(args) -> int:
    from ..datadir import existing_data_dir, fail, open_store
    from . import league as league_module
    from .settings import ClubConfigError

    try:
        settings = _settings(args)
    except ClubConfigError as error:
        return fail(f"configuration: {error}")
    season_kind = settings.season if settings else "year"
    data_dir = existing_data_dir(args)
    table = _aliases(settings, data_dir)
    with open_store(data_dir, read_only=True) as store:
        records = store.history()
    result = league_module.league(records, table)
    games = sorted({play.game for play in result.plays})
    if args.game:
        if args.game not in games:
            return fail(
                f"no rated play of {args.game!r} (rated: {', '.join(games) or 'none yet'}; "
                "a play needs two named players)"
            )
        games = [args.game]
    if not games:
        print("no rated plays yet: a play counts when at least two seats were given a player's name")
        return 0
    for game in games:
        print(f"{game}")
        ratings = result.ratings[game]
        ranked = sorted(ratings.items(), key=lambda item: (-item[1].ordinal(), item[0]))
        for person, rating in ranked:
            print(
                _clean(
                    f"  {person}: {league_module.number(league_module.shown(rating), 'en')}"
                    f" (±{round(rating.sigma * league_module.SCALE)})"
                )
            )
        seasons = sorted({league_module.season_of(p.finished, season_kind) for p in result.plays if p.game == game})
        for label in [args.season] if args.season else seasons:
            rows = league_module.season_table(result.plays, game, label, season_kind)
            print(f"  season {label}: {'no plays' if not rows else ''}".rstrip())
            for place, row in enumerate(rows, start=1):
                print(
                    _clean(
                        f"    {place}. {row.person}  plays {row.plays}  wins {row.wins}"
                        f"  mean place {row.mean_place:.2f}"
                    )
                )
        for (a, b), (together, ahead, behind, level) in sorted(league_module.head_to_head(result.plays, game).items()):
            print(
                _clean(
                    f"  {a} vs {b}: {ahead}–{behind}" + (f", {level} level" if level else "") + f" ({together} plays)"
                )
            )
    return 0


def _aliases(settings, data_dir: Path) -> dict[str, str]:
    if settings is None or not (data_dir / "club" / "state").exists():
        return {}
    from . import people
    from .files import Journal

    journal = Journal(data_dir / "club" / "state", read_only=True)
    try:
        return people.aliases(r["person"] for r in journal.records if isinstance(r.get("person"), dict))
    finally:
        journal.close()


def _settings(args):
    from .. import config as config_module
    from .settings import settings_of

    cfg = config_module.load(config_module.default_path(args.config))
    return settings_of(cfg["club"])


def _clean(text: str) -> str:
    from ..store.export import clean

    return clean(text)


HANDLERS = {"club": cmd_club, "league": cmd_league}


def main(argv=None) -> int:
    """``python3 -m companion.club club ...`` / ``... league``: these commands without the rest."""
    from .. import config as config_module
    from ..datadir import MissingDataDir, fail

    parser = argparse.ArgumentParser(prog="companion")
    register(parser.add_subparsers(dest="command", required=True))
    args = parser.parse_args(sys.argv[1:] if argv is None else argv)
    if getattr(args, "verbose", False):
        import logging

        logging.basicConfig(level=logging.INFO, format="companion: %(levelname)s: %(message)s")
    try:
        return HANDLERS[args.command](args)
    except config_module.ConfigError as error:
        return fail(f"configuration: {error}")
    except MissingDataDir as error:
        return fail(str(error))
    except KeyboardInterrupt:
        return fail("interrupted", 130)
    except Exception as error:  # one line, never a traceback
        from ..store import StoreError

        if isinstance(error, StoreError):
            return fail(f"storage: {error}")
        return fail(f"club: {type(error).__name__}: {error}", 1)
