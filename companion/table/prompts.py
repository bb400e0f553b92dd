"""Small pieces the keys and the screens of the table share: the options a prompt offers, who enters
on the host, the cursor step of a list, an action as players name it, how many keys a typed code
or number keeps."""

from __future__ import annotations

from ..engine import Msg, Option, Prompt, PromptKind
from ..surface.events import Key
from ..surface.pad_screen import MAX_CODE
from . import texts
from .secret import SecretCollector


def options_for(prompt: Prompt, seat: int | None) -> tuple[Option, ...]:
    """The options ``seat`` chooses from; for the host (None) those of the one seat that answers,
    else the options open to anyone."""
    return prompt.options_for(seat if seat is not None else (prompt.seats[0] if len(prompt.seats) == 1 else None))


def start_cursor(prompt: Prompt) -> int:
    """Where the host cursor starts on a list: on the option coded "#" (the default a pad's #
    confirms) when there is one, so OK and # take the same answer; else on the first."""
    if prompt.kind is not PromptKind.CHOICE:
        return 0
    codes = [o.code for o in options_for(prompt, None)]
    return codes.index("#") if "#" in codes else 0


def is_place(value) -> bool:
    """A CELL option's value is a place [x, y]; anything else is a plain choice (e.g. back)."""
    return isinstance(value, (list, tuple)) and len(value) == 2 and all(isinstance(v, int) for v in value)


def place(value) -> tuple[int, int]:
    """A place [x, y] (a list when it was read from JSON) as the pair the map cursor keeps."""
    x, y = value
    return (x, y)


def host_entry_seats(prompt: Prompt, secret: SecretCollector, yes_no_seats: frozenset[int]) -> list[int]:
    """Seats of a hidden prompt that cannot type its codes (two buttons, not a keypad) and are
    not locked yet: they pick on the host buttons behind the privacy screen."""
    locked = set(secret.locked_seats())
    return [s for s in prompt.seats if s in yes_no_seats and secret.needs_keypad(s) and s not in locked]


def stepped(cursor: int, key: Key, count: int) -> int:
    """The cursor one item down or up a list of ``count``, wrapping round at either end."""
    return (cursor + (1 if key == "down" else -1)) % count


def described(last: tuple[Prompt, dict, dict] | None, game=None) -> Msg:
    """An action as players would name it: the question in short, then the answer ("Bard:
    who gains 2? → Blue"), in the game's words when it has them (``Game.answer_text``: a place
    by what lies beside it); a reveal is "the reveal" of its question."""
    if last is None:
        return texts.NOTHING
    prompt, action, before = last
    question = prompt.short or prompt.title
    if prompt.kind.hidden:
        return texts.REVEAL_OF.format(q=question)
    value = action.get("value")
    if prompt.kind is PromptKind.CONFIRM or value is None:
        return question
    if prompt.kind is PromptKind.NUMBER:
        return texts.ANSWERED.format(q=question, a=Msg(str(value), str(value)))
    seat = action.get("seat")
    label = None
    if game is not None:
        try:
            label = game.answer_text(before, prompt, value)
        except Exception:  # a game that fails to say: its option's label
            label = None
    if label is None:
        label = next((o.label for o in prompt.options_for(seat) if o.value == value), None)
    return texts.ANSWERED.format(q=question, a=label or Msg(str(value), str(value)))


def typed_width(prompt: Prompt, seat: int | None) -> int:
    """How many keys a typed code or number keeps (the rolling window): the prompt's code width,
    or the digits of the largest number it takes; at least 1, at most MAX_CODE."""
    if prompt.kind is PromptKind.NUMBER:
        return number_width(prompt)
    options = prompt.options_for(seat)
    return min(max((len(o.code) for o in options), default=1), MAX_CODE)


def number_width(prompt: Prompt) -> int:
    """Digits of the largest number a NUMBER prompt takes (999 where it sets no maximum)."""
    high = prompt.maximum if prompt.maximum is not None else 999
    return min(max(len(str(abs(high))), 1), MAX_CODE)
