"""Dva bratři (The Two Heirs, Albi): tile laying for two, or solo against Jindřich.

Read game.py first (setup, which step a state awaits, views, scores), then the steps package (one
Step per decision: setup reveals, learning printed facts, the turn, Jindřich, treasures,
corrections; and the teaching walk's flow, walk). Pure rule modules: box (box data and looking
facts up), board (landscape, units, royal offer, reach, resources, roads), moves (checks on a
player's moves), reveal (which tile can be on the table), turns (offer, units, treasures, end of
turn), jindrich (the solo opponent's decisions), scoring (final scoring); picture (the map) and
texts (names players read). The rules as played are in docs/games/dva_bratri.md.
"""

from .game import DvaBratri

GAME = DvaBratri()

__all__ = ["GAME", "DvaBratri"]
