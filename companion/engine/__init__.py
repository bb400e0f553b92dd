"""Game-agnostic rules core: pure functions over JSON-serialisable state.

Nothing here touches hardware, files or screens.
"""

from .choices import BACK, YES_NO, counts, numbered
from .errors import Refuse, RuleError, kept_private, refusal, refuser
from .events import added, announce, recent
from .game import FollowUp, Game, Scores, Setting, Status, shared_places
from .i18n import Msg, counted, plural
from .prompt import Option, Prompt, PromptKind
from .session import Outcome, Session, replay
from .steps import Action, Ask, At, Awaited, Gate, Step, Steps, TaskStep, answered, queued

__all__ = [
    "BACK",
    "YES_NO",
    "Action",
    "Ask",
    "At",
    "Awaited",
    "FollowUp",
    "Game",
    "Gate",
    "Msg",
    "Option",
    "Outcome",
    "Prompt",
    "PromptKind",
    "Refuse",
    "RuleError",
    "Scores",
    "Session",
    "Setting",
    "Status",
    "Step",
    "Steps",
    "TaskStep",
    "added",
    "announce",
    "answered",
    "counted",
    "counts",
    "kept_private",
    "numbered",
    "plural",
    "queued",
    "recent",
    "refusal",
    "refuser",
    "replay",
    "shared_places",
]
