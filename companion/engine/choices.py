"""Options with pad codes, written once: numbered lists, yes/no, counts, the way back.

A pad types an option's code; codes of one prompt are unique, and all codes of a list have the
same length so that every option costs the same keys (a secret pick must not show in timing).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from .i18n import Msg
from .prompt import Option

YES, NO = "yes", "no"
YES_NO = (Option(YES, Msg("ano", "yes"), "#"), Option(NO, Msg("ne", "no"), "*"))
# "*" is the way back out of a started move; its value is not a place, so a CELL prompt can
# carry it beside its places
BACK = Option("back", Msg("Zpět", "Back"), "*")


def numbered(pairs: Iterable[tuple[Any, Msg]], first: int = 1, back: bool = False) -> tuple[Option, ...]:
    """(value, label) pairs numbered from ``first``: one key each while the last fits in one,
    else two digits for all ("01" … "12"). ``back`` adds ``BACK`` after them."""
    pairs = list(pairs)
    width = len(str(first + len(pairs) - 1)) if pairs else 1
    options = [Option(value, label, str(first + i).zfill(width)) for i, (value, label) in enumerate(pairs)]
    return tuple(options + ([BACK] if back else []))


def counts(highest: int, lowest: int = 0, back: bool = False) -> tuple[Option, ...]:
    """The numbers ``lowest``..``highest`` typed as themselves."""
    options = [Option(n, Msg(str(n), str(n)), str(n)) for n in range(lowest, highest + 1)]
    return tuple(options + ([BACK] if back else []))
