"""Dva bratři (The Two Heirs, Albi): tile laying for two, or solo against Jindřich.

Modules: catalog (box data and learning unknown facts), board (landscape, units, royal offer,
reach, resources, roads), moves (checks on a player's moves), jindrich (the solo opponent),
scoring (final scoring), flow (setup, prompts, actions).
"""

from .flow import DvaBratri

GAME = DvaBratri()

__all__ = ["GAME", "DvaBratri"]
