"""Storage: the running session on a crash-safe TinyDB journal, finished ones archived with a
small history index; export, import and session files."""

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
from .journal import JournalDB, JournalStorage, JournalTable, StoreError
from .sessions import Store

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
