"""Storage: the running session on a crash-safe TinyDB journal, finished ones archived with a
small history index; export, import and session files."""

from typing import TYPE_CHECKING

from .journal import JournalDB, JournalStorage, JournalTable, StoreError
from .sessions import Store

# Session files, CSV and JSON history serve the command line: loaded when first asked for, so
# the box's start-up does not pay for them.
_FROM_EXPORT = frozenset(
    {
        "SessionFileError",
        "history_csv",
        "history_json",
        "history_rows",
        "load_session_file",
        "load_sessions",
        "write_history_csv",
        "write_history_json",
    }
)

if TYPE_CHECKING:
    from .export import (
        SessionFileError,
        history_csv,
        history_json,
        history_rows,
        load_session_file,
        load_sessions,
        write_history_csv,
        write_history_json,
    )


def __getattr__(name: str) -> object:
    if name in _FROM_EXPORT:
        from . import export

        return getattr(export, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "JournalDB",
    "JournalStorage",
    "JournalTable",
    "SessionFileError",
    "Store",
    "StoreError",
    "history_csv",
    "history_json",
    "history_rows",
    "load_session_file",
    "load_sessions",
    "write_history_csv",
    "write_history_json",
]
