"""How long announcements are on the smallest panel, for the games' tests over random playouts.

An announcement is one public event an action adds (``events.added``); the table shows the
events of one action together. On the 128 x 64 panel (three body rows a page) every sentence of
an announcement must fit three rows, and the announcements of one action two pages (six rows).
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterator

from companion.engine import Msg, PromptKind, Session, added
from companion.surface.panel import rows

from .corpus import random_options
from .playout import random_action

SENTENCE_ROWS = 3
ACTION_ROWS = 6
SENTENCE = re.compile(r"(?<=[.!?])\s+")


def announced(name: str, games: int = 3, max_actions: int = 3000) -> Iterator[tuple[Session, dict, tuple[Msg, ...]]]:
    """(session after the action, the action, what it announced) for every action of random
    games of every player count."""
    from companion.games import load

    game = load(name)
    for seats in range(game.min_seats, game.max_seats + 1):
        for seed in range(games):
            options = random_options(game, seats, random.Random(seed))
            session, rnd = Session(game, options, seed), random.Random(seed)
            for _ in range(max_actions):
                if session.over:
                    break
                before = session.state
                outcome = random_action(session, rnd)
                session.commit(outcome)
                yield session, outcome.entry["action"], added(before, session.state)


def left_above(prompt, texts: list[str], lang: str) -> list[str]:
    """The announcements the table shows above a result screen (``table.screens.unrepeated``):
    those its detail does not list itself; before any other prompt, all of them."""
    from companion.table.screens import unrepeated

    return unrepeated(texts, prompt, lambda msg: msg.get(lang))


def too_long(name: str, allowance: Callable[[Session, dict], int] | None = None, games: int = 3) -> list[str]:
    """Announcements over the bounds, in both languages: a sentence over three rows, or one
    action's announcements over six rows (``allowance`` may grant an action more, with a reason
    the game's test gives)."""
    bad = set()
    for session, action, events in announced(name, games):
        limit = allowance(session, action) if allowance else ACTION_ROWS
        for lang in ("cs", "en"):
            texts = [event.get(lang) for event in events]
            for text in texts:
                bad.update(
                    f"{lang} sentence over {SENTENCE_ROWS} rows: {sentence}"
                    for sentence in SENTENCE.split(text)
                    if len(rows(sentence)) > SENTENCE_ROWS
                )
            if sum(len(rows(text)) for text in left_above(session.prompt, texts, lang)) > limit:
                bad.add(f"{lang} {action['step']} over {limit} rows: " + " | ".join(texts))
    return sorted(bad)


# -- questions on the smallest panel ---------------------------------------------------------------

QUESTION_ROWS = 2  # the question's rows on the first page; the third keeps the current answer
OPTION_ROWS = 2


def prompts_reached(name: str, games: int = 3, max_actions: int = 3000) -> Iterator[tuple[Session, object]]:
    """(session, its prompt) before every action of random games of every player count."""
    from companion.games import load

    game = load(name)
    for seats in range(game.min_seats, game.max_seats + 1):
        for seed in range(games):
            options = random_options(game, seats, random.Random(seed))
            session, rnd = Session(game, options, seed), random.Random(seed)
            for _ in range(max_actions):
                if session.over:
                    break
                yield session, session.prompt
                session.commit(random_action(session, rnd))


def asks(prompt) -> bool:
    """A question with an answer to show beside it (a confirmation shows only its text; a map
    shows the map)."""
    return prompt.kind in (PromptKind.CHOICE, PromptKind.NUMBER) or (
        prompt.kind is PromptKind.CELL and prompt.grid is None
    )


def question_faults(name: str, games: int = 3) -> list[str]:
    """Questions that would not fit their rows at 128 x 64: a title over two rows (with the seat
    in front) without a short form, a short form over one row, an option over two rows."""
    bad = set()
    for session, prompt in prompts_reached(name, games):
        if not asks(prompt):
            continue
        turn = session.status().turn
        for lang in ("cs", "en"):
            title = prompt.title.get(lang)
            label = session.game.seat_label(session.state, turn).get(lang) if turn is not None else None
            shown = title if label is None or title.startswith(label) else f"{label}: {title}"
            if len(rows(shown)) > QUESTION_ROWS and len(rows(title)) > QUESTION_ROWS and prompt.short is None:
                bad.add(f"{prompt.step} {lang}: no short form for {title!r}")
            if prompt.short is not None and len(rows(prompt.short.get(lang))) > 1:
                bad.add(f"{prompt.step} {lang}: short form over a row: {prompt.short.get(lang)!r}")
            for options in prompt.options.values():
                bad.update(
                    f"{prompt.step} {lang}: option over {OPTION_ROWS} rows: {o.label.get(lang)!r}"
                    for o in options
                    if len(rows(o.label.get(lang))) > OPTION_ROWS
                )
    return sorted(bad)
