"""After a restart: the unfinished game the store found, offered to continue or end, and
resumed from its log (replayed once: the question keeps the session it rebuilt)."""

from __future__ import annotations

import logging

from ..engine import Msg, RuleError, Session
from ..engine.session import ReplayError
from . import texts
from .base import Host
from .menu import resume_menu

log = logging.getLogger(__name__)


def resume(
    table: Host, session_id: int, game_name: str, options: dict, seed: int, entries: list[dict], replayed=None
) -> bool:
    """Continue a session after a restart. A log that no longer replays is left untouched.
    ``replayed``: the session already rebuilt from this log (the restart question did it),
    so the log is replayed once, not twice."""
    session: Session | Msg = (
        replayed if isinstance(replayed, Session) else rebuilt(table, session_id, game_name, options, seed, entries)
    )
    if isinstance(session, Msg):
        table.messages.notice = [texts.RESUME_FAILED.format(why=session)]
        return False
    table.start(session, session_id)
    table.remember_box()  # in case the last one was learned just before the power went
    table.messages.notice = [texts.RESUMED]
    prompt = session.prompt
    if prompt is not None and prompt.kind.hidden:  # picks locked before the restart are gone
        seats = ", ".join(table.seat_label(s) for s in prompt.seats)
        # said with the question, paged with it (a notice stays on top and leaves it one row)
        table.messages.notice = []
        table.messages.news = [texts.RESUMED, texts.SECRETS_AGAIN.format(seats=seats)]
    return True


def offer_resume(table: Host, session_id: int, game_name: str, options: dict, seed: int, entries: list[dict]) -> None:
    """After a restart with an unfinished game: ask whether to continue it or end it. One
    that no longer replays is offered only for ending, with its one-line reason."""
    session = rebuilt(table, session_id, game_name, options, seed, entries)
    if isinstance(session, Session) and session.over:  # the power went as it was archived
        table.start(session, session_id)
        table.messages.notice = [texts.RESUMED_OVER]
        return
    table.pending_resume = {
        "id": session_id,
        "game": game_name,
        "options": options,
        "seed": seed,
        "entries": entries,
        "actions": sum("action" in e for e in entries),
        "broken": session if isinstance(session, Msg) else None,
        "where": where_it_stands(session) if isinstance(session, Session) else None,
        "session": session if isinstance(session, Session) else None,  # replayed once, kept for "continue"
        "last_at": next((e["at"] for e in reversed(entries) if isinstance(e.get("at"), str)), None),
    }
    resume_menu(table, table.pending_resume)


def where_it_stands(session: Session) -> tuple[Msg | None, Msg] | None:
    """Where a game stands, as the header says it: the round (None in a game without
    rounds) and the phase."""
    try:
        status = session.status()
    except Exception as error:  # only a line of the question: never a reason not to ask it
        log.error("could not tell where the unfinished game stands: %s", error)
        return None
    if status.round is None:
        return None, status.phase
    rounds = f"/{status.rounds}" if status.rounds else ""
    round_ = f"{status.round}{rounds}"
    return Msg(f"{texts.ROUND.cs} {round_}", f"{texts.ROUND.en} {round_}"), status.phase


def rebuilt(
    table: Host, session_id: int, game_name: str, options: dict, seed: int, entries: list[dict]
) -> Session | Msg:
    """The session rebuilt from its log, or why it cannot be."""
    try:
        return Session(table.games[game_name], options, seed, entries)
    except KeyError:
        why = Msg(f"hra {game_name} tu není", f"no game {game_name} here")
    except (ReplayError, RuleError) as error:
        why = error.msg
    except Exception as error:  # an old log the game cannot even read: never a crash
        why = Msg(str(error), str(error))
    log.error("cannot resume session %s: %s", session_id, why.en)
    return why


def abandon(table: Host, session_id: int) -> bool:
    """End a session unfinished; it stays in the history, log and all."""
    try:
        table.fittings.recorder.abandon(session_id)
    except Exception as error:  # the disk is full or failing: say so, change nothing
        log.error("could not abandon session %s: %s", session_id, error)
        table.messages.notice = [texts.END_FAILED.format(why=Msg(str(error), str(error)))]
        return False
    return True
