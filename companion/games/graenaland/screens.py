"""Result screens: a CONFIRM put in front of the step already set up next, showing what the
table has to do on the board. ``state["shown"]`` holds the screen and the step it resumes; the
public events go to ``state["recent"]`` (``texts.note``).
"""

from __future__ import annotations

from ...engine import Msg
from . import texts

# CONFIRM steps that show a result the table has to act on (move the heroes, hand out the
# cards, pay the palisade fee, ...): the screen shows only a prompt's title and detail, never
# the older events, so a result the table must see gets its own OK.
SHOWN = ("start_spots", "heroes_moved", "vote_result", "build_result", "claim_result", "draft_done")


def show(state: dict, step: str, phase: str, title: Msg, items: list[Msg]) -> None:
    """Put a CONFIRM in front of the step already set up next: ``title`` and one detail line
    per item (the table shows them one a line and scrolls). OK resumes (``resume``)."""
    state["shown"] = {
        "title": title.to_json(),
        "items": [i.to_json() for i in items],
        "resume": {"step": state["step"], "phase": state["phase"]},
    }
    state["step"], state["phase"] = step, phase


def resume(state: dict) -> None:
    """OK on a result screen: back to the step it was put in front of."""
    shown = state.pop("shown")
    state["shown"] = None
    state["step"], state["phase"] = shown["resume"]["step"], shown["resume"]["phase"]


def start_spots(state: dict) -> None:
    """The printed start spots are placeholders while the layout is unverified: tell the table
    where every piece goes, once the pieces are placed (before any box check resumes here). One
    row a player ("Hráč 1: P1 ⚔, V1": his settlements by their short names, ⚔ where his warrior
    stands), so the 128×64 panel reads four players in three pages and never parts a player."""
    board = state["board"]
    n = state["seats"]
    unverified = any(name in board["unverified"] for name in (f"layouts.{n}", f"layouts.{n}.start"))
    if state.get("asking", 1) < 3:  # recorded sessions keep the screen they showed
        _start_spots_by_piece(state, unverified)
        return
    items = [Msg("Každý si vezme 2 karty surovin.", "Everyone takes 2 resource cards.")]
    items += [texts.seat(seat) + Msg(": ", ": ") + _pieces(board, board["start"][str(seat)]) for seat in range(n)]
    if unverified:
        items.append(Msg("⚔ bojovník. Jiná krabice? Výběr pozic.", "⚔ warrior. Another box? Drafted starts."))
    else:
        items.append(Msg("⚔ bojovník.", "⚔ warrior."))
    title = Msg("Pozice (neověřené)", "Spots (not verified)") if unverified else Msg("Rozestavění", "Starting spots")
    show(state, "start_spots", "setup", title, items)


def _pieces(board: dict, spot: dict) -> Msg:
    """'P1 ⚔, V1': the settlements' territories, ⚔ after the one the warrior stands on (or his
    own territory after them when he stands on neither)."""
    warrior = spot["warrior"]
    parts = [
        texts.tag(board, tid) + (Msg(" ⚔", " ⚔") if tid == warrior else Msg("", "")) for tid in spot["settlements"]
    ]
    if warrior not in spot["settlements"]:
        parts.append(Msg("⚔ ", "⚔ ") + texts.tag(board, warrior))
    out = parts[0]
    for part in parts[1:]:
        out = out + Msg(", ", ", ") + part
    return out


def _start_spots_by_piece(state: dict, unverified: bool) -> None:
    """The start spots as sessions before ``asking`` 3 showed them: a line a piece under each
    player (so their states stay what they were)."""
    board = state["board"]
    items = []
    if unverified:
        items.append(Msg("Pozice nejsou ověřené.", "The spots are not verified."))
    for seat in range(state["seats"]):
        spot = board["start"][str(seat)]
        items.append(texts.seat(seat) + Msg(":", ":"))
        items += [Msg("osada {t}", "settlement {t}").format(t=texts.place(board, t)) for t in spot["settlements"]]
        items.append(Msg("bojovník {t}", "warrior {t}").format(t=texts.place(board, spot["warrior"])))
    if unverified:
        items.append(
            Msg(
                "Postavte figurky sem. Liší-li se vaše krabice, hrajte s výběrem pozic.",
                "Put your pieces here. If your box differs, play with drafted starts.",
            )
        )
    items.append(Msg("Každý si vezme 2 karty surovin.", "Everyone takes 2 resource cards."))
    show(state, "start_spots", "setup", Msg("Rozestavění", "Starting spots"), items)
