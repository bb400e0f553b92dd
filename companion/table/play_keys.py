"""Keys of the question (``flow.Play``): what a host button or a pad key does to the prompt on the table.

Public prompts are answered through one small handler per prompt kind and source (host buttons
or a pad). Hidden prompts go to the SecretCollector, or, for a seat without a keypad, through
the privacy screen on the host buttons. Back on the host (asking to undo) is the table's.
"""

from __future__ import annotations

from collections.abc import Callable

from ..engine import Option, Prompt, PromptKind
from ..surface.events import Key, KeyEvent, PhoneAnswer
from . import texts
from .answer import Answer
from .base import Host
from .prompts import host_entry_seats, is_place, options_for, place, stepped, typed_width
from .secret import padded

CELL_MOVES: dict[Key, tuple[int, int]] = {"2": (0, -1), "8": (0, 1), "4": (-1, 0), "6": (1, 0)}


def on_play_key(table: Host, answer: Answer, prompt: Prompt, event: KeyEvent) -> None:
    """Send a key to the handler of the prompt's kind; a pad of a seat not asked only blinks."""
    if prompt.kind.hidden:
        _hidden_key(table, answer, prompt, event)
    elif event.seat is None and answer.reading:
        _reading_key(table, answer, event.key)
    elif event.seat is None:
        _HOST_KEY_BY_KIND[prompt.kind](table, answer, prompt, event.key)
    elif prompt.seats and event.seat not in prompt.seats:
        wrong_pad(table, prompt, event.seat)
    else:
        answer.reading = False
        _PAD_KEY_BY_KIND[prompt.kind](table, answer, prompt, event.seat, event.key)


def wrong_pad(table: Host, prompt: Prompt, seat: int) -> None:
    """A key on the pad of a seat that is not asked: the panel says whose it is now."""
    asked = ", ".join(table.seat_label(s) for s in prompt.seats)
    table.refuse(texts.NOT_YOUR_TURN.format(seat=table.seat_label(seat), asked=asked), seat)


def refuse_code(table: Host, prompt: Prompt, seat: int, code: str) -> None:
    """A code the prompt does not list: when it is an answer the step knows but does not offer
    now (``Prompt.unoffered``), the game names the rule; else the panel names the seat, the
    code and the codes there are. On a hidden prompt all of it is the seat's alone."""
    width = max((len(o.code) for o in prompt.options_for(seat)), default=1)
    known = {padded(o.code, width): o.value for o in prompt.unoffered_for(seat)}
    if padded(code, width) in known:
        error = table.running.refusal(seat, known[padded(code, width)])
        if prompt.kind.hidden:
            table.refuse_secret(seat, texts.CODE_REFUSED.format(code=code, why=error.own))
        else:
            table.refuse(error.msg, seat, error.private)
        return
    listed = [o.code for o in prompt.options_for(seat)]
    why = texts.NOT_LISTED.format(seat=table.seat_msg(seat), code=code, codes=_codes_span(listed))
    if prompt.kind.hidden:
        table.refuse_secret(seat, why)
    else:
        table.refuse(why, seat)


def _codes_span(codes: list[str]) -> str:
    """The codes a list takes, short: "1–4", or "1–4, #" with the keys that are not numbers."""
    numbers = sorted(int(c) for c in codes if c.isdigit())
    others = [c for c in codes if not c.isdigit()]
    span = []
    if numbers:
        span.append(str(numbers[0]) if len(numbers) == 1 else f"{numbers[0]}–{numbers[-1]}")
    return ", ".join(span + others)


def reveal_if_ready(table: Host, answer: Answer, prompt: Prompt) -> None:
    """Reveal once every seat is locked and every pad involved is present."""
    secret = answer.collector
    if secret.complete() and not (table.signals.absent & set(prompt.seats)):
        table.commit({"step": prompt.step, "picks": secret.picks()}, None, locked=secret.lock_times())


def _answer(table: Host, prompt: Prompt, seat: int | None, value) -> None:
    """Commit a public answer typed on ``seat``'s pad (None: the host buttons). The action names
    the seat only when the prompt says who answers; the host answering a prompt of one seat
    answers for that seat, so every option the host can highlight is the seat's own and the
    log is the same whichever keys were used. A refusal blinks the pad's LED."""
    answering = seat if seat is not None else (prompt.seats[0] if len(prompt.seats) == 1 else None)
    table.commit({"step": prompt.step, "seat": answering if prompt.seats else None, "value": value}, seat)


def _scroll(answer: Answer, key: Key) -> None:
    """Move a long text (a production plan, instructions) by one line; the frame clamps it."""
    answer.scroll = max(0, answer.scroll + (1 if key == "down" else -1))


# -- host buttons on a public prompt ---------------------------------------------------------------


def _host_choice(table: Host, answer: Answer, prompt: Prompt, key: Key) -> None:
    """Up/down walk the options (on a map the cursor follows a place); OK picks the one under
    the cursor. Up on the first option of a list opens the whole question when the answer
    screen shows it shortened (or it has a detail); down from its end comes back."""
    options = options_for(prompt, None)
    if not options:
        return
    if key == "up" and answer.cursor == 0 and prompt.kind is PromptKind.CHOICE and _opens_reading(table, answer):
        return
    if key in ("up", "down"):
        answer.browsed = True
        answer.cursor = stepped(answer.cursor, key, len(options))
        if prompt.kind is PromptKind.CELL and is_place(options[answer.cursor].value):
            answer.cell = place(options[answer.cursor].value)
    elif key == "ok":
        _answer(table, prompt, None, options[answer.cursor].value)


def _opens_reading(table: Host, answer: Answer) -> bool:
    """Open the reading page of the whole question, if the answer screen shortens it."""
    from .screens import has_more_to_read

    if not has_more_to_read(table, answer):
        return False
    answer.reading, answer.scroll = True, 0
    return True


def _reading_key(table: Host, answer: Answer, key: Key) -> None:
    """The reading page: up/down move through the whole question; down at its end, or OK,
    goes back to the answer screen (no key on it answers)."""
    from .screens import reading_rows_left

    if (key == "down" and reading_rows_left(table, answer) <= 0) or key == "ok":
        answer.reading, answer.scroll = False, 0
    elif key in ("up", "down"):
        answer.scroll = max(0, answer.scroll + (1 if key == "down" else -1))


def _host_number(table: Host, answer: Answer, prompt: Prompt, key: Key) -> None:
    """Up/down count within the prompt's bounds (0 to 999 where it sets none); OK enters it.
    Down at the lowest value opens the whole question when the screen shortens it."""
    low = prompt.minimum if prompt.minimum is not None else 0
    if key == "down" and answer.number <= low and _opens_reading(table, answer):
        return
    if key in ("up", "down"):
        high = prompt.maximum if prompt.maximum is not None else 999
        answer.number = min(high, max(low, answer.number + (1 if key == "up" else -1)))
    elif key == "ok":
        _answer(table, prompt, None, answer.number)


def _host_confirm(table: Host, answer: Answer, prompt: Prompt, key: Key) -> None:
    if key == "ok":
        _answer(table, prompt, None, None)
    elif key in ("up", "down"):
        _scroll(answer, key)


_HOST_KEY_BY_KIND: dict[PromptKind, Callable[[Host, Answer, Prompt, Key], None]] = {
    PromptKind.CHOICE: _host_choice,
    PromptKind.CELL: _host_choice,
    PromptKind.NUMBER: _host_number,
    PromptKind.CONFIRM: _host_confirm,
}


# -- a pad on a public prompt ----------------------------------------------------------------------


def _pad_confirm(table: Host, answer: Answer, prompt: Prompt, seat: int, key: Key) -> None:
    if key == "#":
        _answer(table, prompt, seat, None)
    elif key in ("2", "8"):  # up / down through a long text
        _scroll(answer, "up" if key == "2" else "down")
    else:
        table.blink_error(seat)


def _pad_choice(table: Host, answer: Answer, prompt: Prompt, seat: int, key: Key) -> None:
    """One key press picks when every code is one key (lands 1-9, yes/no); longer codes are
    typed and entered with "#"."""
    options = options_for(prompt, seat)
    codes = {o.code: o.value for o in options}
    if not all(len(code) == 1 for code in codes):
        _typed_choice_key(table, answer, prompt, seat, key, options, codes)
    elif key in codes:
        _answer(table, prompt, seat, codes[key])
    else:
        refuse_code(table, prompt, seat, key)


def _typed_choice_key(
    table: Host,
    answer: Answer,
    prompt: Prompt,
    seat: int,
    key: Key,
    options: tuple[Option, ...],
    codes: dict[str, object],
) -> None:
    """A key towards a code of several digits; the host cursor follows a code typed whole."""
    if key in ("#", "*") and key in codes and not answer.typed:  # "#" = done, "*" = none
        _answer(table, prompt, seat, codes[key])
    elif key == "#":
        _enter_typed_code(table, answer, prompt, seat, codes)
    elif key == "*":
        answer.typed = ""
    else:  # a rolling window as wide as the prompt's codes, as the pad's own echo keeps it
        answer.typed = (answer.typed + key)[-typed_width(prompt, seat) :]
        for index, option in enumerate(options):
            if option.code == answer.typed:
                answer.cursor, answer.browsed = index, True


def _enter_typed_code(table: Host, answer: Answer, prompt: Prompt, seat: int, codes: dict[str, object]) -> None:
    """Codes compare padded to one width, so "03" and "3" are the same option."""
    width = max(len(code) for code in codes)
    by_code = {padded(code, width): value for code, value in codes.items()}
    typed, answer.typed = padded(answer.typed, width), ""
    if typed in by_code:
        _answer(table, prompt, seat, by_code[typed])
    else:
        refuse_code(table, prompt, seat, typed)


def _pad_number(table: Host, answer: Answer, prompt: Prompt, seat: int, key: Key) -> None:
    """Digits type the number, "*" clears it, "#" enters it."""
    if key.isascii() and key.isdigit():  # as many keys as the largest number has digits (up to 14), as on the pad
        answer.typed = (answer.typed + key)[-typed_width(prompt, seat) :]
        answer.number = int(answer.typed)
    elif key == "*":
        answer.typed, answer.number = "", prompt.minimum or 0
    elif key == "#":
        answer.typed = ""
        _answer(table, prompt, seat, answer.number)


def _pad_cell(table: Host, answer: Answer, prompt: Prompt, seat: int, key: Key) -> None:
    """2/4/6/8 move the cursor over the grid, 5 selects its place, "*"/"#" pick the option with
    that code (e.g. back); the cursor starts on the first place offered."""
    options = options_for(prompt, seat)
    if answer.cell is None:
        answer.cell = next((place(o.value) for o in options if is_place(o.value)), None)
    if key in CELL_MOVES and answer.cell is not None:
        answer.cell = _moved_cell(answer.cell, key, prompt.turned)
    elif key == "5" and answer.cell is not None:
        _answer(table, prompt, seat, list(answer.cell))
    elif (coded := _coded_option(options, key)) is not None:
        _answer(table, prompt, seat, coded.value)
    else:
        table.blink_error(seat)


def _coded_option(options: tuple[Option, ...], key: Key) -> Option | None:
    """The option a "*" or "#" key picks on a map, if the prompt has one with that code."""
    if key not in ("*", "#"):
        return None
    return next((o for o in options if o.code == key), None)


def _moved_cell(cell: tuple[int, int], key: Key, turned: bool) -> tuple[int, int]:
    dx, dy = CELL_MOVES[key]
    if turned:  # the player sits across: "2" still moves away from him
        dx, dy = -dx, -dy
    return cell[0] + dx, cell[1] + dy


_PAD_KEY_BY_KIND: dict[PromptKind, Callable[[Host, Answer, Prompt, int, Key], None]] = {
    PromptKind.CONFIRM: _pad_confirm,
    PromptKind.CHOICE: _pad_choice,
    PromptKind.NUMBER: _pad_number,
    PromptKind.CELL: _pad_cell,
}


# -- hidden prompts --------------------------------------------------------------------------------


def _hidden_key(table: Host, answer: Answer, prompt: Prompt, event: KeyEvent) -> None:
    """A pad key goes to the collector (a mistyped code blinks); the host keys serve the seats
    without a keypad."""
    if event.seat is None:
        _private_host_key(table, answer, prompt, event.key)
        return
    collector = answer.collector
    was_locked = event.seat in collector.locked_seats()
    if not collector.press(event.seat, event.key):
        wrong_pad(table, prompt, event.seat)
        return
    entry = collector.entries[event.seat]
    if entry.mistyped:  # why, and what was typed, go to the seat alone (Host.refuse_secret)
        refuse_code(table, prompt, event.seat, entry.wrong or event.key)
    elif entry.is_locked and not was_locked:
        table.secret_locked(event.seat)
    reveal_if_ready(table, answer, prompt)


def _private_host_key(table: Host, answer: Answer, prompt: Prompt, key: Key) -> None:
    """The privacy prompt: a seat without a keypad picks on the host buttons, others look away."""
    seat = answer.private_seat
    if seat is None:
        _before_private_pick(table, answer, prompt, key)
        return
    options = prompt.options_for(seat)
    if key == "back":
        answer.private_seat = None
    elif not answer.private_started:
        answer.private_started = key == "ok"
    elif key in ("up", "down"):
        answer.cursor = stepped(answer.cursor, key, len(options))
    elif key == "ok":
        answer.collector.lock_value(seat, options[answer.cursor].value)
        table.secret_locked(seat)
        answer.private_seat, answer.cursor = None, 0
        reveal_if_ready(table, answer, prompt)


def _before_private_pick(table: Host, answer: Answer, prompt: Prompt, key: Key) -> None:
    """OK opens the privacy screen for the next seat that picks on the host; up/down scroll."""
    waiting = host_entry_seats(prompt, answer.collector, table.fittings.yes_no_seats)
    if key == "ok" and waiting:
        answer.private_seat, answer.private_started, answer.cursor = waiting[0], False, 0
    elif key in ("up", "down"):
        _scroll(answer, key)
    else:
        table.messages.notice = [texts.SECRET_ON_PADS]


# -- a phone's tap ---------------------------------------------------------------------------------


def on_phone_answer(table: Host, answer: Answer, prompt: Prompt, event: PhoneAnswer) -> None:
    """A phone's touch form answered (``PhoneAnswer``): the option it names by its code goes
    where the same code typed on the seat's pad would go, and is refused by the same rules (a
    seat not asked, an answer the step does not offer now, a code the list does not have); a
    hidden pick is locked at once, as a pad's code and "#" lock it."""
    seat = event.seat
    if not prompt.accepts_seat(seat):
        wrong_pad(table, prompt, seat)
        return
    answer.reading = False
    if prompt.kind is PromptKind.CONFIRM:
        _answer(table, prompt, seat, None)
        return
    if prompt.kind is PromptKind.NUMBER:
        if event.number is None:
            table.blink_error(seat)
            return
        answer.typed, answer.number = "", event.number
        _answer(table, prompt, seat, event.number)
        return
    code = event.code or ""
    option = _option_of(prompt.options_for(seat), code)
    if option is None:
        refuse_code(table, prompt, seat, code)
    elif prompt.kind.hidden:
        collector = answer.collector
        collector.lock_value(seat, option.value)
        collector.entries[seat].typed = ""
        table.secret_locked(seat)
        reveal_if_ready(table, answer, prompt)
    else:
        answer.typed = ""
        _answer(table, prompt, seat, option.value)


def _option_of(options: tuple[Option, ...], code: str) -> Option | None:
    """The option with ``code``; digit codes compare padded to one width ("03" is "3")."""
    width = max((len(o.code) for o in options), default=1)
    return next((o for o in options if padded(o.code, width) == padded(code, width)), None)
