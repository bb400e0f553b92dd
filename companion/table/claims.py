"""Phones asking for a seat: the host answers each in turn, yes or no, over the game.

A claim waits while the table is in a menu, an undo question or pairing; it is asked over the
question or the final ranking (``flow.Claim``, modal like the in-game menu: the question keeps
its cursor and typing), and answering it gives back the screen it stood over.

A seat is one player's for one game, whatever device it is played on:

- the question says who holds the seat now: a pad (a serial pad seated there, two seat buttons,
  or input already typed at the seat while no phone holds it), a phone that is connected now,
  or a phone that is not; for a seat that is held, the cursor starts on *No*;
- a yes on a seat that is held is a take-over: what the seat had typed is cleared, and a pick
  it had locked stays locked but is not shown to the new device (``lock_unseen``) until the
  seat locks a pick again, as on a pad (a new code replaces the old pick);
- a claim ends unasked when its phone stops waiting (``SeatClaim.withdrawn``: it left, it waited
  too long), and a claim from another game's lobby is refused (``SeatClaim.game``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..engine import Msg, PromptKind
from ..surface.events import HOST_SEAT, SeatClaim
from ..surface.panel import shown_name
from . import texts
from .flow import Claim, give_back, interrupt
from .menu import MenuItem

if TYPE_CHECKING:
    from .answer import Answer
    from .base import Host as Table


def on_seat_claim(table: Table, event: SeatClaim) -> None:
    """Without a game, for a seat it does not have or from another game's lobby, the phone is
    refused at once; a withdrawal takes its claim back."""
    if event.withdrawn:
        _withdraw(table, event)
        return
    if event.seat == HOST_SEAT:  # the host's buttons on a phone: asked over any screen but pairing
        table.claims.append(event)
        ask_claim(table)
        return
    if not _current(table, event) or not 0 <= event.seat < table.seat_count():
        event.reply(False)
        return
    table.claims.append(event)
    ask_claim(table)


def _current(table: Table, claim: SeatClaim) -> bool:
    """The claim is of the game on the table (0: the phone did not say which it saw); a claim
    to be the host is of the box, whatever game it is playing."""
    if claim.seat == HOST_SEAT:
        return True
    return table.session is not None and claim.game in (0, table.game_serial)


def ask_claim(table: Table) -> None:
    """Put the first waiting claim to the host, when the table is on a game's screen. Claims of
    a game that has ended since are refused, unasked."""
    while table.claims and not _current(table, table.claims[0]):
        table.claims.pop(0).reply(False)
    if not table.claims or not _asks_now(table, table.claims[0]):
        return
    claim = table.claims[0]
    holder = holder_of(table, claim)
    menu = Claim(under=table.screen)
    interrupt(table, menu)
    menu.title = TITLES[holder]
    if claim.seat == HOST_SEAT:
        note = [HOST_ASK.format(name=_named(claim))]
    else:
        seat = Msg(table.seat_label(claim.seat), table.seat_label(claim.seat))
        note = [texts.CLAIM_ASK.format(name=_named(claim), seat=seat)]
    menu.note = note + ([NOTES[holder]] if holder in NOTES else [])
    table.messages.notice = []  # what the panel said before was read; the answers keep their rows
    yes = MenuItem(texts.CLAIM_YES, lambda: _answer_claim(table, True))
    no = MenuItem(texts.CLAIM_NO, lambda: _answer_claim(table, False))
    # the default answer is the last row, lit, the other right above it: both stay on the panel
    # under the end of the question (which ↑ shows whole); a seat another device holds: No
    menu.items = [no, yes] if holder == "free" else [yes, no]
    menu.cursor = 1


def _asks_now(table: Table, claim: SeatClaim) -> bool:
    """A seat's claim is asked over the question or the ranking; a claim to be the host over
    any screen but another claim and pairing (a table with no host buttons starts its games
    from the phone)."""
    screen = table.screen
    if claim.seat == HOST_SEAT:
        return screen.name not in ("claim", "pair")
    return screen.takes_claims


def holder_of(table: Table, claim: SeatClaim) -> str:
    """Who holds the claimed seat: "pad" (a serial pad seated there or gone for a moment, two
    seat buttons, or input typed at a seat no phone holds), "phone_on" (a phone, connected
    now), "phone" (a phone, not connected now) or "free"."""
    seat = claim.seat
    if seat == HOST_SEAT:
        return ("phone_on" if claim.connected else "phone") if claim.taken else "free"
    if seat in table.signals.pads or seat in table.signals.absent or seat in table.fittings.yes_no_seats:
        return "pad"
    if claim.taken:
        return "phone_on" if claim.connected else "phone"
    return "pad" if _has_input(table, seat) else "free"


def _has_input(table: Table, seat: int) -> bool:
    """The seat has typed or locked something for the question on the table."""
    answer = table.answer  # the question's, untouched by the claim opened over it
    if answer.secret is not None:
        entry = answer.secret.entries.get(seat)
        return entry is not None and bool(entry.is_locked or entry.typed or entry.mistyped)
    prompt = table.session.prompt if table.session is not None else None
    return prompt is not None and tuple(prompt.seats) == (seat,) and bool(answer.typed)


def _answer_claim(table: Table, ok: bool) -> None:
    claim = table.claims.pop(0)
    asked = table.screen
    give_back(table, asked.under if isinstance(asked, Claim) else table.play)
    taken_over = holder_of(table, claim) != "free"
    if ok and claim.seat != HOST_SEAT:
        take_over(table, claim.seat)
    claim.reply(ok)  # after the seat is cleared: the new device's first view is the cleared one
    name = _named(claim)
    if not ok:
        table.messages.notice = [texts.CLAIM_REFUSED]
    elif claim.seat == HOST_SEAT:
        table.messages.notice = [HOST_CLAIMED.format(name=name)]
    else:
        label = Msg(table.seat_label(claim.seat), table.seat_label(claim.seat))
        said = texts.CLAIMED_OVER if taken_over else texts.CLAIMED
        table.messages.notice = [said.format(seat=label, name=name)]
    ask_claim(table)


def take_over(table: Table, seat: int) -> None:
    """A new device has ``seat``: it starts with nothing typed and no note, and a pick the seat
    had locked stays locked without being shown to it (see ``lock_unseen``)."""
    table.signals.notes.pop(seat, None)
    table.signals.reasons.pop(seat, None)  # a refusal's reason was the old device's to read
    answer = table.answer
    secret = answer.secret
    entry = secret.entries.get(seat) if secret is not None else None
    if secret is not None and entry is not None:
        entry.typed, entry.mistyped, entry.wrong = "", False, ""
        if entry.is_locked and entry.locked_at is not None:
            # a copy of the lock's time (the same moment, another object): the pick locked now is
            # told from one the seat locks later, whatever the clock returns
            entry.locked_at = entry.locked_at.replace()
            answer.unseen_locks[seat] = entry.locked_at
        return
    prompt = table.session.prompt if table.session is not None else None
    if prompt is not None and tuple(prompt.seats) == (seat,) and prompt.kind in (PromptKind.CHOICE, PromptKind.NUMBER):
        answer.typed = ""


def lock_unseen(answer: Answer, seat: int) -> bool:
    """The seat's locked pick was locked before its device took the seat over: the device is
    shown that the seat has locked, never what."""
    held = answer.unseen_locks.get(seat)
    entry = answer.secret.entries.get(seat) if answer.secret is not None and held is not None else None
    return entry is not None and entry.is_locked and entry.locked_at is held


def _withdraw(table: Table, event: SeatClaim) -> None:
    """The phone stopped waiting: its claim goes from the queue, and from the panel if asked."""
    index = next(
        (n for n, claim in enumerate(table.claims) if (claim.seat, claim.number) == (event.seat, event.number)), None
    )
    if index is None:
        return
    claim = table.claims[index]
    asked = index == 0 and isinstance(table.screen, Claim)
    del table.claims[index]
    if asked:
        give_back(table, table.screen.under if isinstance(table.screen, Claim) else table.play)
        table.messages.notice = [CLAIM_GONE.format(name=_named(claim))]
        ask_claim(table)


# What the panel's question says of the seat's holder: its header (one row) and a note.
TITLES = {
    "free": texts.CLAIM_TITLE,
    "pad": Msg("Místo drží pad", "A pad holds this seat"),
    "phone_on": Msg("Jeho telefon je připojen", "Its phone is connected"),
    "phone": texts.CLAIM_TAKEN,
}
NOTES = {
    "pad": Msg(
        "Hraje se na padu; telefon uvidí jen, zda už zvolil.",
        "It is played on a pad; the phone sees only whether it has picked.",
    ),
    "phone_on": Msg("Telefon, který ho drží, je teď připojený.", "The phone that holds it is connected now."),
    "phone": Msg("Telefon, který ho drží, je teď odpojený.", "The phone that holds it is not connected now."),
}
HOST_ASK = Msg("{name} chce ovládat krabici z telefonu (hostitel).", "{name} asks to run the box from a phone (host).")
HOST_CLAIMED = Msg("{name} ovládá krabici z telefonu.", "{name} runs the box from a phone.")
CLAIM_GONE = Msg("{name} už o místo nežádá.", "{name} no longer asks for a seat.")
UNSEEN = Msg(
    "zvoleno před převzetím místa; nový kód volbu změní",
    "picked before this device took the seat; a new code changes it",
)


def _named(claim: SeatClaim) -> Msg:
    """The phone's name as the panel draws it (``shown_name``: no box for an emoji)."""
    shown = shown_name(claim.name)
    return Msg(shown, shown)
