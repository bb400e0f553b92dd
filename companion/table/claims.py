"""Phones asking for a seat: the host answers each in turn, yes or no, over the game.

A claim waits while the table is in a menu, an undo question or pairing; it is asked over the
question or the final ranking (``flow.Claim``, modal like the in-game menu: the question keeps
its cursor and typing), and answering it gives back the screen it stood over.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..engine import Msg
from ..surface.events import SeatClaim
from . import texts
from .flow import Claim, give_back, interrupt
from .menu import MenuItem

if TYPE_CHECKING:
    from .base import Host as Table


def on_seat_claim(table: Table, event: SeatClaim) -> None:
    """Without a game, or for a seat it does not have, the phone is refused at once."""
    if table.session is None or not 0 <= event.seat < table.seat_count():
        event.reply(False)
        return
    table.claims.append(event)
    ask_claim(table)


def ask_claim(table: Table) -> None:
    """Put the first waiting claim to the host, when the table is on a game's screen."""
    if not table.claims or not table.screen.takes_claims:
        return
    claim = table.claims[0]
    menu = Claim(under=table.screen)
    interrupt(table, menu)
    menu.title = texts.CLAIM_TAKEN if claim.taken else texts.CLAIM_TITLE  # a take-over says so in the header
    seat = Msg(table.seat_label(claim.seat), table.seat_label(claim.seat))
    menu.note = [texts.CLAIM_ASK.format(name=Msg(claim.name, claim.name), seat=seat)]  # the answer on page 1
    menu.items = [
        MenuItem(texts.CLAIM_YES, lambda: _answer_claim(table, True)),
        MenuItem(texts.CLAIM_NO, lambda: _answer_claim(table, False)),
    ]


def _answer_claim(table: Table, ok: bool) -> None:
    claim = table.claims.pop(0)
    claim.reply(ok)
    asked = table.screen
    give_back(table, asked.under if isinstance(asked, Claim) else table.play)
    label = Msg(table.seat_label(claim.seat), table.seat_label(claim.seat))
    said = texts.CLAIMED_OVER if claim.taken else texts.CLAIMED
    table.messages.notice = [said.format(seat=label, name=Msg(claim.name, claim.name)) if ok else texts.CLAIM_REFUSED]
    ask_claim(table)
