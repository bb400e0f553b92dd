"""A phone's touch form for the question on the table: the prompt the panel renders, rendered for
a finger. Built from the ``Prompt`` alone (its kind, options, bounds, map), never from a game's
name: a list is a button per option with its words, a number is − / + within its bounds, yes/no
two buttons, a confirmation one, a map a grid of its places, a compass list a rose.

What a tap sends (``PhoneAnswer``): the option's code, the number, or nothing (a confirmation),
with the question's number (``Answer.asked``). A hidden pick is chosen on the phone and sent only
by *Lock*: one message of one size whatever was chosen (docs/web-table.md).

An answer the step knows but does not offer now (``Prompt.unoffered``) is shown greyed: a tap
on it in a public question is sent, and the table refuses it with the game's own sentence (as
it refuses the pad's code); in a hidden pick the seat's own reason (``Session.refusal``) comes
with the form, and the tap shows it on the phone alone, sending nothing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..engine import Option, Prompt, PromptKind
from ..surface.pad_screen import padded
from ..table.answer import Answer
from ..table.claims import lock_unseen
from ..table.prompts import is_place
from . import texts

if TYPE_CHECKING:
    from ..table.table import Table

# the pad's compass rose: 1 2 3 / 4 5 6 / 7 8 9, 5 the centre (stay)
ROSE = ("1", "2", "3", "4", "5", "6", "7", "8", "9")

# The forms' lists for the prompt last asked (held, so its identity is not reused): (seat,
# language) -> (options, answers not offered, their reasons)
_reasons: dict[str, object] = {"prompt": None, "by": {}}


def touch_form(table: Table, answer: Answer, prompt: Prompt, seat: int, language: str) -> dict[str, Any]:
    """The form ``seat``'s phone answers ``prompt`` with (the seat is asked)."""
    kind = prompt.kind
    form: dict[str, Any] = {"q": answer.asked, "hidden": kind.hidden}
    if kind is PromptKind.CONFIRM:
        return {**form, "kind": "confirm", "ok": texts.OK.get(language)}
    if kind is PromptKind.NUMBER:
        low = prompt.minimum if prompt.minimum is not None else 0
        high = prompt.maximum if prompt.maximum is not None else 999
        return {
            **form,
            "kind": "number",
            "min": low,
            "max": high,
            "value": answer.number,
            "ok": texts.CHOOSE.get(language),
        }
    options = prompt.options_for(seat)
    width = max((len(o.code) for o in options), default=1)
    listed, off, reasons = _lists(table, prompt, seat, width, language)
    form.update(
        options=listed, off=off, reasons=reasons, ok=(texts.LOCK if kind.hidden else texts.CHOOSE).get(language)
    )
    if kind.hidden:
        form["chosen"] = _locked_code(answer, prompt, seat, width)
        form["change"] = texts.CHANGE.get(language)
    if prompt.kinds and all(isinstance(o.value, (list, tuple)) for o in options):
        return {**form, "kind": "counts", **_counts(prompt, options, language)}
    if kind is PromptKind.CELL and prompt.grid is not None:
        return {**form, "kind": "cell", **_grid(prompt, options, width)}
    if len(options) == 2 and {o.code for o in options} == {"#", "*"}:
        return {**form, "kind": "yesno"}
    if _is_rose(options):
        return {**form, "kind": "rose"}
    return {**form, "kind": "list"}


def _option(option: Option, width: int, language: str, named: dict[str, str] | None = None) -> dict[str, Any]:
    """An option as the phone shows it; one that names a seat names its player too ("Modrá
    (Anna)"), where the seat's player has a name."""
    label = option.label.get(language)
    if named and label in named:
        label = f"{label} ({named[label]})"
    return {"code": padded(option.code, width), "label": label, "default": option.code == "#"}


def _named_seats(table: Table, language: str) -> dict[str, str]:
    """Each named seat's label -> its player's name."""
    return {table.seat_msg(seat).get(language): name for seat, name in table.names.items() if name}


def _lists(
    table: Table, prompt: Prompt, seat: int, width: int, language: str
) -> tuple[list[dict[str, Any]], list[dict[str, Any]], list[str]]:
    """The options of the form, and the answers the step knows but does not offer now, built
    once a question, a seat and a language (the views are read, never changed). Of a hidden
    pick each answer not offered comes with the number of its reason among the game's reasons
    (the seat's own: told to it alone, on its phone, without asking the table; many answers
    share one, said once). Of a public question none: a tap sends it and the table
    refuses it with the game's sentence, as the pad's code would be refused; working out a
    hundred reasons (Graenaland's build list) on every new question would cost the key path."""
    if _reasons["prompt"] is not prompt or _reasons.get("names") != table.names:
        _reasons.update(prompt=prompt, by={}, names=dict(table.names))
    known: dict = _reasons["by"]  # type: ignore[assignment]
    key = (seat, language)
    if key not in known:
        named = _named_seats(table, language)
        listed = [_option(o, width, language, named) for o in prompt.options_for(seat)]
        if prompt.kind.hidden:  # a secret pick offers no default: no habit key for a secret
            listed = [{**o, "default": False} for o in listed]
        unoffered = prompt.unoffered_for(seat)
        reasons = [_reason(table, seat, option, language) if prompt.kind.hidden else "" for option in unoffered]
        said = list(dict.fromkeys(reason for reason in reasons if reason))
        off = [
            {**_option(o, width, language, named), "why": said.index(why) if why else -1}
            for o, why in zip(unoffered, reasons, strict=True)
        ]
        known[key] = (listed, off, said)
    return known[key]


def _reason(table: Table, seat: int, option: Option, language: str) -> str:
    try:
        return table.running.refusal(seat, option.value).own.get(language)
    except Exception:  # a reason that cannot be worked out: the option stays disabled, unexplained
        return ""


def _locked_code(answer: Answer, prompt: Prompt, seat: int, width: int) -> str:
    """The code of the pick ``seat`` has locked, for its own phone (not one locked before this
    phone took the seat over); "" when none."""
    secret = answer.secret
    entry = secret.entries.get(seat) if secret is not None else None
    if entry is None or not entry.is_locked or lock_unseen(answer, seat):
        return ""
    return next((padded(o.code, width) for o in prompt.options_for(seat) if o.value == entry.locked), "")


def _grid(prompt: Prompt, options: tuple[Option, ...], width: int) -> dict[str, Any]:
    """A map: its size, what is drawn on each cell, which cells are places to pick (by code),
    turned for a seat across the table as the panel turns it."""
    assert prompt.grid is not None
    columns, rows = prompt.grid
    places = {tuple(o.value): padded(o.code, width) for o in options if is_place(o.value)}
    ys, xs = range(rows), range(columns)
    if prompt.turned:
        ys, xs = ys[::-1], xs[::-1]
    # row by row as drawn: what the cell shows, and the code of the place it is ("" for none)
    cells = [[prompt.cells.get((x, y), ""), places.get((x, y), "")] for y in ys for x in xs]
    return {"columns": columns, "rows": rows, "cells": cells}


def _counts(prompt: Prompt, options: tuple[Option, ...], language: str) -> dict[str, Any]:
    """Several counts: a counter per kind, how many in all, and each option by its counts (the
    phone sends the option whose counts the counters show)."""
    kinds = [k.value for k in prompt.kinds]
    width = max((len(o.code) for o in options), default=1)
    mixes = {
        padded(o.code, width): [sum(1 for v in o.value if v == kind) for kind in kinds]
        for o in options
        if all(v in kinds for v in o.value)
    }
    total = max((len(o.value) for o in options), default=0)
    return {"kinds": [k.label.get(language) for k in prompt.kinds], "total": total, "mixes": mixes}


def _is_rose(options: tuple[Option, ...]) -> bool:
    """The eight compass keys of the pad (1-4 and 6-9 around the centre 5, which a numbered
    list would have taken too), one key each, make a rose; back beside them is a button under
    it."""
    codes = {o.code for o in options}
    return set(ROSE) - {"5"} <= codes and codes <= {*ROSE, "#", "*"} - {"5"}
