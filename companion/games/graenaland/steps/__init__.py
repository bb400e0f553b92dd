"""Graenaland's steps, one per decision the table can be asked, grouped by phase: ``setup``
(the box check, the draft, the result screens), ``round`` (production, moves, distribution),
``building`` and ``victory`` (VP cards, claims, the announcement)."""

from .building import Build, BuildWhere, CoopResult
from .round import FixCards, FixCount, Improvement, Move, Production, Propose, Split, Vote, VoteOpen
from .setup import BoxCheck, DraftAnchor, DraftCards, DraftPlace, Shown
from .victory import Announce, Claim, ClaimPoints, KeepVpCard, VpThreshold

__all__ = [
    "Announce",
    "BoxCheck",
    "Build",
    "BuildWhere",
    "Claim",
    "ClaimPoints",
    "CoopResult",
    "DraftAnchor",
    "DraftCards",
    "DraftPlace",
    "FixCards",
    "FixCount",
    "Improvement",
    "KeepVpCard",
    "Move",
    "Production",
    "Propose",
    "Shown",
    "Split",
    "Vote",
    "VoteOpen",
    "VpThreshold",
]
