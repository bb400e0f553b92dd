"""Game-agnostic rules core: pure functions over JSON-serialisable state.

Nothing here touches hardware, files or screens.
"""

from .choices import BACK, YES_NO, counts, numbered
from .errors import RuleError, refusal
from .events import added, announce, recent
from .game import FollowUp, Game, Scores, Setting, Status, shared_places
from .i18n import Msg, counted, plural
from .prompt import Option, Prompt, PromptKind
from .session import Outcome, Session, replay
from .steps import Action, Ask, Awaited, Step, Steps, answered, queued

__all__ = [
    "BACK",
    "YES_NO",
    "Action",
    "Ask",
    "Awaited",
    "FollowUp",
    "Game",
    "Msg",
    "Option",
    "Outcome",
    "Prompt",
    "PromptKind",
    "RuleError",
    "Scores",
    "Session",
    "Setting",
    "Status",
    "Step",
    "Steps",
    "added",
    "announce",
    "answered",
    "counted",
    "counts",
    "numbered",
    "plural",
    "queued",
    "recent",
    "refusal",
    "replay",
    "shared_places",
]
