"""Names players read: the phases on the status line and the rule settings."""

from __future__ import annotations

from ...engine import Msg
from .common import ASSIGN, END_ROUND, FINAL, OVER, RESOLVE

PHASE_NAMES = {
    ASSIGN: Msg("Přidělení", "Assignment"),
    RESOLVE: Msg("Vyhodnocení", "Resolution"),
    END_ROUND: Msg("Konec kola", "End of round"),
    FINAL: Msg("Konec hry", "Game over"),
    OVER: Msg("Konec hry", "Game over"),
}

# The readings of the rulebook's open questions (data/box.toml, [rules.*]), one line each
SETTING_LABELS = {
    "warrior_reveal_keeps_card": Msg("Ukázaná Bojovnice zůstává v ruce", "A shown Warrior stays in hand"),
    "warrior_player_gains": Msg("Hráč Bojovnice také získá 1", "The Warrior's player gains 1 too"),
    "falconer_gain_capped": Msg("Sokolnice vezme jen, co oběť má", "Falconer takes only what the victim has"),
    "ties_use_current_omens": Msg("Remízy podle vrchní karty v tu chvíli", "Ties by the top card at the time"),
    "two_player_meadow_neighbour_once": Msg("Louka ve 2: soupeř jednou", "Meadow with 2: opponent once"),
}
ON_OFF = ((True, Msg("ano", "yes")), (False, Msg("ne", "no")))
