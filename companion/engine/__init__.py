"""Game-agnostic rules core: pure functions over JSON-serialisable state.

Nothing here touches hardware, files or screens.
"""

from .errors import RuleError
from .game import Game, Scores, Setting, Status
from .i18n import Msg
from .prompt import Option, Prompt, PromptKind
from .session import Session, Step, replay

__all__ = [
    "Game", "Msg", "Option", "Prompt", "PromptKind", "RuleError", "Scores",
    "Session", "Setting", "Status", "Step", "replay",
]
