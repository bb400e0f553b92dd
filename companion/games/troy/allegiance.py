"""Allegiance cards (CZ setup, p.10): each player holds one, Troy or Mycenae, secret until the
end of the game. Each enters his card on his own pad at the start; the companion keeps it out of
every public view, event and screen, yet counts its saga VP into the seat's true total.
"""

from __future__ import annotations

from .box import CITIES, Box
from .texts import refuse


def check_dealt(box: Box, seats: int, picks: dict[str, str]) -> None:
    """The entered cards must be ones the dealt deck holds (2 + 2 with 4 players, 3 + 3 with 6).
    The refusal names the deck, never a seat or a card entered: the picks are still secret."""
    deck = box.players[seats].cards
    if any(list(picks.values()).count(city) > deck[city] for city in CITIES):
        raise refuse("allegiance_deck",
                     "Takové karty v balíčku nejsou (Trója {t}, Mykény {m}). Zkontrolujte své karty a zadejte je znovu.",
                     "The deck holds no such cards (Troy {t}, Mycenae {m}). Check your cards and enter them again.",
                     t=deck["troy"], m=deck["mycenae"])
