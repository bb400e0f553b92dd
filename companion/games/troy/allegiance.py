"""Allegiance cards (CZ setup, p.10): each player holds one, Troy or Mycenae, secret until the
end of the game. Each enters his card on his own pad at the start; the companion keeps it out of
every public view, event and screen, yet counts its saga VP into the seat's true total.
"""

from __future__ import annotations

from ...engine import Msg
from .box import CITIES, Box


def fits_deck(box: Box, seats: int, picks: dict[str, str]) -> bool:
    """The entered cards are ones the dealt deck holds (2 + 2 with 4 players, 3 + 3 with 6)."""
    deck = box.players[seats].cards
    return all(list(picks.values()).count(city) <= deck[city] for city in CITIES)


def not_in_deck(box: Box, seats: int) -> Msg:
    """Said when the cards entered do not fit the deck: it names the deck, never a seat or a
    card (the cards stay secret), and every seat enters his card again."""
    deck = box.players[seats].cards
    return Msg(
        "Takové karty v balíčku nejsou (Trója {t}, Mykény {m}). Zkontrolujte své karty a zadejte je znovu.",
        "The deck holds no such cards (Troy {t}, Mycenae {m}). Check your cards and enter them again.",
    ).format(t=deck["troy"], m=deck["mycenae"])
