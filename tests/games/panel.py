"""What the panel would have to cut, for the tests that play whole games through the table."""

from __future__ import annotations

from companion.hw.screen import cut_lines
from companion.table.table import Table


def frame_lines_that_do_not_fit(table: Table) -> list[str]:
    """Lines of the current frame, in both languages, that the panel would have to cut."""
    language, bad = table.language, []
    try:
        for table.language in ("cs", "en"):
            bad += [f"{table.language}: {line!r}" for line in cut_lines(table.frame())]
    finally:
        table.language = language
    return bad
