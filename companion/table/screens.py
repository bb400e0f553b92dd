"""What the shared screen shows: the table's state as a Frame, for each screen of ``flow``.

Building a frame also clamps the scroll of a long text and the cursor of the final ranking to
what there is to show, so the keys never move past the last screenful.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Protocol

from ..engine import Msg, Prompt, PromptKind, Scores, Status
from ..surface.frame import Frame, MapCell, MapView
from ..surface.panel import MORE, shown_name
from . import texts
from .answer import Answer
from .base import Host, MenuItem
from .news import blocks
from .pairing import Pairing
from .prompts import described, host_entry_seats, is_place, options_for
from .secret import SecretCollector


class Listed(Protocol):
    """A menu as the panel draws it (``flow.Menu``)."""

    title: Msg
    note: list[Msg]
    items: list[MenuItem]
    cursor: int
    browsed: bool


class Ranking(Protocol):
    """The final ranking as the panel draws it (``flow.Over``): the cursor is clamped here."""

    scores: Scores
    cursor: int
    browsed: bool


def menu_frame(table: Host, menu: Listed, keys_footer: bool = False) -> Frame:
    """A menu (``flow.Menu``) under the notice; ``keys_footer``: the footer names the keys."""
    return _menu_frame(table, menu, _notice(table), keys_footer)


def game_frame(table: Host, body: Callable[[Host, str, tuple[str, ...], Status], Frame]) -> Frame:
    """A screen of the running game: ``body`` (``play_frame``, ``undo_frame``, ``undo_all_frame``,
    ``over_frame``) under the header of where the game stands."""
    status = table.running.status()
    return body(table, _header(table, status), _notice(table), status)


def _notice(table: Host) -> tuple[str, ...]:
    t = _words(table)
    return tuple(t(m) for m in table.messages.notice)


def startup_failure_frame(panel, language: str, why: str) -> Frame:
    """What the panel shows when the box cannot start: the reason, whole, and what to do."""
    return Frame(texts.STARTUP_TITLE.get(language), tuple(panel.rows(why)), texts.STARTUP_KEYS.get(language))


def _words(table: Host) -> Callable[[Msg], str]:
    """A message in the table's language."""
    return lambda msg: msg.get(table.language)


def _header(table: Host, status: Status, phase: str | None = None) -> str:
    """ "Kolo 3/9 · Stavění": the round and the phase (or what stands in for the phase)."""
    t = _words(table)
    header = t(status.phase) if phase is None else phase
    if status.round is not None:
        of = f"/{status.rounds}" if status.rounds else ""
        header = f"{t(texts.ROUND)} {status.round}{of} · {header}"
    return header


# -- before and after a game -----------------------------------------------------------------------


def titled(table: Host, title: str) -> tuple[str, list[str]]:
    """A menu's title as the header, and the rows of it that go on top of the body: a title
    longer than the header keeps what comes before its ": " there ("Nedohraná: Dva bratři" ->
    "Nedohraná", then "Dva bratři" on the first row), or as many of its words as fit with "…",
    the whole title then on the first rows: never cut silently."""
    panel = table.panel
    if panel.header_fits(title):
        return title, []
    head, colon, rest = title.partition(": ")
    if colon and panel.header_fits(head):
        return head, panel.rows(rest[:1].upper() + rest[1:])
    words = title.split()
    while len(words) > 1 and not panel.header_fits(" ".join(words) + "…"):
        words.pop()
    return " ".join(words) + "…", panel.rows(title)


def _menu_frame(table: Host, menu: Listed, notice: tuple[str, ...], keys_footer: bool) -> Frame:
    """The menu under the notice and the pads that cannot be used (each named once)."""
    t = _words(table)
    header, _ = titled(table, t(menu.title))
    lines, cursor_row, span = _menu_lines(table, menu, notice)
    # a long note (a question) is read from its start, nothing lit; OK still takes item 1
    question_first = not menu.browsed and menu.cursor == 0 and cursor_row + span > table.panel.body_rows
    if keys_footer:
        footer = t(texts.MENU_KEYS)
    else:  # a list longer than the panel says that ▲▼ reach the rest (the restart's "End it")
        more = question_first or len(lines) > table.panel.layout(has_footer=False).rows
        footer = t(texts.MENU_MORE_HINT) if more else ""
    selected = None if question_first else cursor_row
    return Frame(header, tuple(lines), footer, selected=selected, selected_rows=span)


def _menu_lines(table: Host, menu: Listed, notice: tuple[str, ...]) -> tuple[list[str], int, int]:
    """The note, the notice and the pads in trouble, then the items (see ``_listed``)."""
    t = _words(table)
    said = table.messages
    troubles = tuple(t(m) for pad, m in sorted(said.pad_troubles.items()) if m not in said.notice)
    note = tuple(t(m) for m in menu.note)  # what the menu is about (stays while it is open)
    top = titled(table, t(menu.title))[1] + table.panel.all_rows(note + notice + troubles)
    return _listed(table, top, [t(i.label) for i in menu.items], menu.cursor)


def long_menu_note(table: Host, menu: Listed) -> bool:
    """With the cursor on the first item: whether what stands above the menu leaves no room for
    that item (the menu is then shown from the top, unselected; up on it goes back there)."""
    _, first_row, span = _menu_lines(table, menu, _notice(table))
    return first_row + span > table.panel.body_rows


def _listed(table: Host, top: list[str], entries: list[str], cursor: int) -> tuple[list[str], int, int]:
    """``top`` then every entry broken into rows; the first row of the entry under the cursor
    and how many rows it takes."""
    lines, selected, span = list(top), len(top), 1
    for index, entry in enumerate(entries):
        if index == cursor:
            selected, span = len(lines), len(table.panel.rows(entry))
        lines += table.panel.rows(entry)
    return lines, selected, span


def pair_frame(table: Host, pairing: Pairing) -> Frame:
    t = _words(table)
    paired = len(pairing.mapping)
    return Frame(
        t(texts.PAIR_TITLE),
        tuple(table.panel.all_rows((t(texts.PAIR_NEXT.format(n=paired + 1)), t(texts.PAIR_COUNT.format(n=paired))))),
        t(texts.PAIR_KEYS),
    )


def over_frame(table: Host, over: Ranking, header: str, notice: tuple[str, ...], status: Status) -> Frame:
    """The final ranking first, under its own header; what the last action announced (the end
    bonus, each side's points by kind) below it; up/down walk the ranking (the selected line
    stays shown), then on down the rows below it, so every row of the end is read."""
    t = _words(table)
    scores = over.scores
    lines = [
        _by_name(table, seat, texts.RANK_LINE, rank=place, points=scores.totals[seat]) for seat, place in scores.placed
    ]
    if not lines:  # a game whose end ranks nobody: show the totals
        lines = [_by_name(table, seat, texts.TOTAL_LINE, points=points) for seat, points in scores.totals.items()]
    seats = [seat for seat, _ in scores.placed] or list(scores.totals)
    top = table.panel.all_rows(notice)
    below = table.panel.all_rows(t(m) for m in table.messages.news)  # the end bonus under the ranking
    over.cursor = min(over.cursor, max(len(lines) - 1, 0) + len(below))
    walked = min(over.cursor, max(len(lines) - 1, 0))
    body, roles, selected, span = list(top), ["notice"] * len(top), len(top), 1
    for index, (seat, line) in enumerate(zip(seats, lines)):
        rows = table.panel.rows(line)
        if index == walked:
            selected, span = len(body), len(rows)
        body += rows
        roles += ["option"] * len(rows)
        parts = table.panel.rows(_points_by_kind(table, scores, seat))  # "budovy 30, silnice 4"
        body += parts
        roles += ["detail"] * len(parts)
    ranked_rows = len(body)
    body += below
    roles += ["news"] * len(below)
    scrolls = len(body) > table.panel.body_rows
    title = t(texts.GAME_OVER) + _outcome(scores, table.language, status)
    follows = _follows(table)
    if scrolls:
        hint = texts.NEXT_SCROLL_HINT if follows else texts.NEW_GAME_SCROLL_HINT
    else:
        hint = texts.NEXT_HINT if follows else texts.NEW_GAME_HINT
    shown: int | None = selected if scrolls and over.browsed else None
    if over.browsed and lines and over.cursor >= len(lines):  # past the ranking: the rows below it
        row = ranked_rows + over.cursor - len(lines)
        start = max(0, row - table.panel.body_rows + 1)
        body, roles, shown = body[start:], roles[start:], None
    return Frame(title, tuple(body), t(hint), shown, selected_rows=span, roles=tuple(roles))


def _points_by_kind(table: Host, scores: Scores, seat: int) -> str:
    """A seat's points by kind in the game's words ("budovy 30, silnice 4"), the kinds it
    scored; "" when the game names no kinds (``Game.score_part``)."""
    game = table.running.game
    parts = []
    for part, points in scores.breakdown.get(seat, {}).items():
        name = game.score_part(part) if points else None
        if name is not None:
            parts.append(f"{name.get(table.language)} {points}")
    return ", ".join(parts)


def _follows(table: Host) -> bool:
    """Whether OK on the final ranking opens the game's own follow-up question (not the menu)."""
    try:
        return table.running.game.follow_up(table.running.state) is not None
    except Exception:  # the table asks nothing then (``Table._follow_up``)
        return False


def _by_name(table: Host, seat: int, line: Msg, **fields: object) -> str:
    """``line`` naming the seat's player ("1. Anna 42") when the seat has a name and that fits
    one row of the panel, else naming the seat ("1. Modrá 42")."""
    name = table.names.get(seat)
    if name is not None:
        named = line.format(seat=shown_name(name), **fields).get(table.language)
        if table.panel.fits(named):
            return named
    return line.format(seat=table.seat_label(seat), **fields).get(table.language)


def _outcome(scores: Scores, language: str, status: Status) -> str:
    """What follows "Game over" in the header: a draw, everyone lost, or the last round."""
    if len(scores.winners) > 1:
        return f" · {texts.DRAW.get(language)}"
    if scores.nobody_won and scores.ranking:
        return f" · {texts.NOBODY_WON.get(language)}"
    return f" · {texts.ROUND.get(language)} {status.round}" if status.round is not None else ""


# -- undo ------------------------------------------------------------------------------------------


def undo_frame(table: Host, header: str, notice: tuple[str, ...], status: Status) -> Frame:
    """The undo question names the action it takes back."""
    t = _words(table)
    last = table.running.last_action()
    rows = table.panel.rows(t(texts.UNDO_ASK_WHAT.format(what=described(last, table.running.game))))
    if len(rows) > table.panel.body_rows:  # the game's words do not fit: the option's label
        rows = table.panel.rows(t(texts.UNDO_ASK_WHAT.format(what=described(last))))
    return Frame(header, tuple(rows), t(texts.UNDO_KEYS), roles=("question",) * len(rows))


def undo_all_frame(table: Host, confirms: int, header: str, notice: tuple[str, ...], status: Status) -> Frame:
    t = _words(table)
    what = described(table.running.last_action(), table.running.game)
    return Frame(
        header,
        tuple(table.panel.all_rows((t(texts.UNDO_ASK_WHAT.format(what=what)), t(texts.UNDO_EVERYONE)))),
        t(texts.UNDO_EVERYONE_KEYS.format(n=confirms, total=table.seat_count())),
    )


# -- playing ---------------------------------------------------------------------------------------


def play_frame(table: Host, answer: Answer, header: str, notice: tuple[str, ...], status: Status) -> Frame:
    """The prompt. A list, a number or a map: the answer screen (the question in short, the
    current answer on a row that is never pushed off), after the announcements' own screen. A
    confirmation or a hidden pick: a reading screen, the notice first, the announcements of the
    last action, whose turn, the question, what the kind shows (who has locked) and the detail."""
    prompt = table.prompt
    if prompt.kind.hidden and answer.private_seat is not None:
        return _private_frame(table, answer, prompt, answer.private_seat)
    if table.messages.news and blocks(prompt):
        return _news_frame(table, header, notice, status)
    view = None if prompt.kind.hidden else map_view(table, answer, prompt)
    if view is not None and answer.reading and prompt.kind is PromptKind.CELL:
        return _whole_question_frame(table, answer, header, notice, status)  # a long notice, whole
    if view is not None:
        return _map_frame(table, answer, header, notice, status, view)
    if prompt.kind in ANSWERED:
        if answer.reading:
            return _whole_question_frame(table, answer, header, notice, status)
        return _answer_frame(table, answer, header, notice, status)
    notice = tuple(table.panel.all_rows(notice))
    question, header = _question(table, prompt, status, header)
    news_texts = unrepeated_news(table, prompt)
    news = table.panel.all_rows(news_texts)
    lines = list(notice) + news + question
    roles = ["notice"] * len(notice) + ["news"] * len(news) + ["question"] * len(question)
    # where each whole text starts (an announcement, the question, what the kind shows, a group
    # of the detail): a page of a long reading screen never parts one that fits a page
    starts = [len(notice)]
    for text in news_texts:
        starts.append(starts[-1] + len(table.panel.rows(text)))
    starts.append(len(lines))
    groups = _detail_groups(table, prompt, news_texts)
    if prompt.kind.hidden:  # what is picked or voted on right under the question, the keys after
        for group in groups:
            lines += group
            roles += ["detail"] * len(group)
            starts.append(len(lines))
        groups = []
    before = list(lines)
    footer, selected, span = _body_for(prompt.kind)(table, answer, prompt, lines, notice)
    shift = _inserted(before, lines, len(notice))
    starts = [len(notice)] + [start + shift for start in starts]
    roles[len(notice) : len(notice)] = ["answer" if prompt.kind.hidden else "text"] * shift
    roles += ["answer" if prompt.kind.hidden else "text"] * (len(lines) - len(roles))
    for group in groups:
        starts.append(len(lines))
        lines += group
        roles += ["detail"] * len(group)
    if _scrolls(prompt.kind) and len(lines) > table.panel.body_rows:
        # the notice is the first page's top: a key that reads on keeps it (``Play.keeps_notice``)
        lines, roles = _whole_pages(lines, roles, [0, *starts], 0, table.panel.body_rows)
        lines = _scrolled(table, answer, lines, 0)
        roles = roles[len(roles) - len(lines) :]
        if prompt.kind is PromptKind.CONFIRM:
            footer = _words(table)(texts.SCROLL_HINT)
        else:  # who has locked, and that ▲▼ on the host read the rest
            more = ("▲" if answer.scroll else "") + ("▼" if len(lines) > table.panel.body_rows else "")
            if table.panel.fits(f"{more} {footer}", table.panel.footer_size):
                footer = f"{more} {footer}"
    return Frame(header, tuple(lines), footer, selected, selected_rows=span, roles=tuple(roles))


def _inserted(before: list[str], after: list[str], at: int) -> int:
    """Rows a body inserted at ``at`` (a paused reveal under the notice), before the rest."""
    rest = before[at:]
    for shift in range(len(after) - len(before) + 1):
        if after[at + shift : at + shift + len(rest)] == rest:
            return shift
    return 0


def _whole_pages(
    lines: list[str], roles: list[str], starts: list[int], kept: int, step: int
) -> tuple[list[str], list[str]]:
    """The rows under the first ``kept`` in pages of ``step``: a text (from one start to the
    next) that fits a page but would cross a page's end begins the next page (empty rows
    before it), and the last page is filled, so the keys reach every page whole."""
    bounds = sorted({s for s in starts if kept <= s < len(lines)} | {kept})
    out_lines, out_roles = list(lines[:kept]), list(roles[:kept])
    for index, start in enumerate(bounds):
        end = bounds[index + 1] if index + 1 < len(bounds) else len(lines)
        size, used = end - start, (len(out_lines) - kept) % step
        # a text longer than a page begins one unless two of its rows still fit (its start
        # never alone at a page's end: "Hráč 3:" stays with a piece)
        if used and used + size > step and (size <= step or used + 2 > step):
            out_lines += [""] * (step - used)
            out_roles += ["text"] * (step - used)
        out_lines += lines[start:end]
        out_roles += roles[start:end]
    used = (len(out_lines) - kept) % step
    if used:
        out_lines += [""] * (step - used)
        out_roles += ["text"] * (step - used)
    return out_lines, out_roles


# the kinds answered on an answer screen: a value is chosen, so it must be seen before a key takes it
ANSWERED = (PromptKind.CHOICE, PromptKind.NUMBER, PromptKind.CELL)


def _answer_frame(table: Host, answer: Answer, header: str, notice: tuple[str, ...], status: Status) -> Frame:
    """The question screen every list and number shares, on every panel size: a refusal first,
    then who is asked and the question (shortened to leave room), then the current answer --
    the option under the cursor, or the value typed so far -- on rows that are never pushed
    off; the rest of the list's page and the detail follow."""
    t, panel, prompt = _words(table), table.panel, table.prompt
    if prompt.kind is PromptKind.NUMBER:
        shown = panel.rows(t(_value_text(answer.number, prompt)))
        notice_rows = _notice_beside(table, notice, len(shown))
        room = panel.body_rows - len(notice_rows) - len(shown)
        question, header = question_rows(table, prompt, status, header, room)
        lines = notice_rows + question + shown
        roles = ["notice"] * len(notice_rows) + ["question"] * len(question) + ["answer"] * len(shown)
        detail = _detail(table, prompt)
        return Frame(header, tuple(lines + detail), t(texts.NUMBER_HINT), roles=tuple(roles + ["detail"] * len(detail)))
    options = options_for(prompt, None)
    labels = _labels(table, prompt, options)
    answer.cursor = cursor = min(answer.cursor, max(len(options) - 1, 0))
    shown = panel.rows(labels[cursor]) if options else []
    notice_rows = _notice_beside(table, notice, len(shown))
    # the question's room leaves the list's tallest option (two rows at most), whichever is
    # lit: the question and the pages stay as they are while the cursor walks ("3/22" is 3/22)
    room = panel.body_rows - len(notice_rows) - (_tallest(table, prompt, labels) if options else 0)
    question, header = question_rows(table, prompt, status, header, room)
    top = notice_rows + question
    pages = _pages_of(table, prompt, panel.body_rows - len(top), labels)
    page, first = _page_of(pages, cursor)
    lines, selected, span = _listed(table, top, labels[first : first + pages[page]], cursor - first)
    roles = ["notice"] * len(notice_rows) + ["question"] * len(question)
    for index in range(first, first + pages[page]):
        role = "answer" if index == cursor else "option"
        roles += [role] * len(panel.rows(labels[index]))
    detail = _detail(table, prompt)
    hint = _paged(table, _list_hint(table, prompt, options), page, len(pages))
    return Frame(
        header,
        tuple(lines + detail),
        hint,
        selected if options else None,
        selected_rows=span,
        roles=tuple(roles + ["detail"] * len(detail)),
    )


# A list's option lines and its pages, kept for the prompt on the panel: every key of a list
# builds a frame, and a list of twenty options is measured row by row (the prompt is held so its
# identity is not reused; a new action brings a new prompt object).
_list_memo: dict[str, dict] = {"labels": {}, "pages": {}, "tallest": {}}


def _memo(table: Host, prompt: Prompt, what: str, extra, build):
    kept = _list_memo[what]
    key = (table.language, table.panel, extra)
    if kept.get("held") is prompt and kept.get("key") == key:
        return kept["value"]
    value = build()
    kept.update(key=key, held=prompt, value=value)
    return value


def _tallest(table: Host, prompt: Prompt, labels: list[str]) -> int:
    """Rows of the list's tallest option, two at most."""
    return _memo(
        table,
        prompt,
        "tallest",
        len(labels),
        lambda: min(2, max((len(table.panel.rows(x)) for x in labels), default=1)),
    )


def _labels(table: Host, prompt: Prompt, options) -> list[str]:
    t = _words(table)
    return _memo(table, prompt, "labels", len(options), lambda: [option_line(o.code, t(o.label)) for o in options])


def _pages_of(table: Host, prompt: Prompt, room: int, labels: list[str]) -> list[int]:
    return _memo(table, prompt, "pages", (room, len(labels)), lambda: _pages(table, room, labels))


def _notice_beside(table: Host, notice: tuple[str, ...], answer_rows: int) -> list[str]:
    """The notice (a refusal, a phone let in) in the rows the answer leaves: a longer one keeps
    its first rows, the last ending in ▼; ↑ reads it whole (the reading page), so the answer,
    lit, never leaves the panel and the notice is never cut silently."""
    panel = table.panel
    rows = panel.all_rows(notice)
    room = max(1, panel.body_rows - answer_rows)
    if len(rows) <= room:
        return rows
    kept = rows[:room]
    words = kept[-1].split()
    while words and not panel.fits(" ".join(words) + MORE):
        words.pop()
    kept[-1] = " ".join(words) + MORE if words else MORE.strip()
    return kept


def notice_cut(table: Host, answer: Answer) -> bool:
    """Whether the answer screen shows the notice shortened (↑ then reads it whole)."""
    prompt = table.prompt
    notice = _notice(table)
    if not notice or prompt.kind not in ANSWERED or answer.reading:
        return False
    if map_view(table, answer, prompt) is not None:  # a map keeps one row above it for a long notice
        return _notice_over_map(table, notice, _map_title(table, table.running.status(), "")[0])
    if prompt.kind.hidden or (table.messages.news and blocks(prompt)):
        return False
    frame = _answer_frame(table, answer, "", notice, table.running.status())
    shown = [line for line, role in zip(frame.lines, frame.roles) if role == "notice"]
    return shown != table.panel.all_rows(notice)


def _value_text(number: int, prompt: Prompt) -> Msg:
    """The number entered so far, with its bounds when the prompt sets them."""
    if prompt.minimum is not None and prompt.maximum is not None:
        return texts.VALUE_IN.format(v=number, low=prompt.minimum, high=prompt.maximum)
    return texts.VALUE.format(v=number)


def question_rows(table: Host, prompt: Prompt, status: Status, header: str, room: int) -> tuple[list[str], str]:
    """Who is asked and the question, in at most ``room`` rows, and the header: the whole
    question with whose turn in front, else with whose turn in the header instead of the phase,
    else the prompt's short form the same two ways. A question the game gave no short form that
    still does not fit keeps its first row, ending in ▼ (the whole is one key away)."""
    t = _words(table)
    title, label = _title_and_turn(table, status)
    short = t(prompt.short) if prompt.short is not None else None
    with_label = _header(table, status, phase=label) if label is not None else header
    tries: list[tuple[str, str]] = []
    for text in (title, short):
        if text is None:
            continue
        if label is not None:
            tries.append((f"{label}: {text}", header))
        tries.append((text, with_label))
    for text, shown_header in tries:
        rows = table.panel.rows(text)
        if len(rows) <= room:
            return rows, shown_header
    if room <= 0:
        return [], with_label
    return [table.panel.first_row(short or title, more=True)], with_label


def whole_question(table: Host, prompt: Prompt, status: Status) -> list[str]:
    """The notice whole (a refusal the answer screen shortened), the question whole, whose
    turn in front, then the detail: what the reading page shows."""
    title, label = _title_and_turn(table, status)
    rows = table.panel.all_rows(_notice(table))
    rows += table.panel.rows(f"{label}: {title}" if label is not None else title)
    return rows + (table.panel.items(_words(table)(prompt.detail)) if prompt.detail is not None else [])


def has_more_to_read(table: Host, answer: Answer) -> bool:
    """Whether the answer screen shows less than the whole question and its detail."""
    session = table.running
    notice = _notice(table)
    if notice and notice_cut(table, answer):
        return True
    frame = _answer_frame(table, answer, "", (), session.status())
    shown = [line for line, role in zip(frame.lines, frame.roles) if role == "question"]
    whole = whole_question(table, table.prompt, session.status())[len(table.panel.all_rows(notice)) :]
    return shown != whole[: len(shown)] or (table.prompt.detail is not None)


def reading_rows_left(table: Host, answer: Answer) -> int:
    """Rows of the whole question below the reading page's last shown row."""
    rows = whole_question(table, table.prompt, table.running.status())
    return len(rows) - answer.scroll - table.panel.body_rows


def _whole_question_frame(table: Host, answer: Answer, header: str, notice: tuple[str, ...], status: Status) -> Frame:
    """The reading page above an answer screen: the question whole and its detail, a screen at
    a time; down at its end (or OK) goes back to the answer."""
    rows = whole_question(table, table.prompt, status)
    said = len(table.panel.all_rows(notice))
    last = max(0, len(rows) - table.panel.body_rows)
    answer.scroll = min(answer.scroll, last)
    shown = rows[answer.scroll :]
    roles = ["notice" if answer.scroll + i < said else "question" for i in range(len(shown))]
    return Frame(header, tuple(shown), _words(table)(texts.READ_QUESTION_HINT), roles=tuple(roles))


def _pages(table: Host, room: int, labels: list[str]) -> list[int]:
    """How many options each screen holds: as many whole options as fit in ``room`` rows, at
    least one."""
    room = max(1, room)
    pages, used, count = [], 0, 0
    for label in labels:
        height = len(table.panel.rows(label))
        if count and used + height > room:
            pages.append(count)
            used, count = 0, 0
        used, count = used + height, count + 1
    return pages + [count] if count else pages or [0]


def news_page_rows(table: Host, notice: tuple[str, ...] = ()) -> list[list[str]]:
    """The announcements (after the notice) as screens: whole messages on a screen, a message
    longer than a screen broken between its sentences, never inside one (a sentence longer than
    a screen is a text to shorten; the tests find them)."""
    t, per_page = _words(table), max(1, table.panel.body_rows)
    pieces: list[list[str]] = []
    for text in (*notice, *(t(m) for m in table.messages.news)):
        rows = table.panel.rows(text)
        if len(rows) <= per_page:
            pieces.append(rows)
            continue
        for sentence in sentences(text):
            rows = table.panel.rows(sentence)
            pieces += [rows[i : i + per_page] for i in range(0, len(rows), per_page)]
    pages: list[list[str]] = []
    for rows in pieces:
        if pages and len(pages[-1]) + len(rows) <= per_page:
            pages[-1] += rows
        else:
            pages.append(list(rows))
    return pages or [[]]


def sentences(text: str) -> list[str]:
    """A text's sentences, each with its full stop (a break after ". ", "! ", "? " or "; ")."""
    out, current = [], ""
    for word in text.split(" "):
        current = f"{current} {word}" if current else word
        if word.endswith((".", "!", "?", ";")) and not word[:-1].isdigit():
            out.append(current)
            current = ""
    return out + [current] if current else out


def news_pages(table: Host) -> int:
    """Screens the announcements take on their own screen."""
    return len(news_page_rows(table, _notice(table)))


def _news_frame(table: Host, header: str, notice: tuple[str, ...], status: Status) -> Frame:
    """The announcements, whole messages a screen at a time; the footer of the last screen says
    what is asked next (a pad key goes straight to it; the host's OK shows it)."""
    t = _words(table)
    pages = news_page_rows(table, notice)
    said = table.messages
    said.news_scroll = scroll = min(said.news_scroll, len(pages) - 1)
    shown = pages[scroll]
    if scroll + 1 < len(pages):
        footer = t(texts.PAGE.format(hint=texts.NEWS_SCROLL_HINT, page=scroll + 1, pages=len(pages)))
    else:
        footer = _next_question_footer(table, status)
    roles = ["notice" if scroll == 0 and i < len(table.panel.all_rows(notice)) else "news" for i in range(len(shown))]
    return Frame(header, tuple(shown), footer, roles=tuple(roles))


def _next_question_footer(table: Host, status: Status) -> str:
    """The last announcement screen's footer: the question that waits, in short, if it fits."""
    t = _words(table)
    prompt = table.prompt
    title, label = _title_and_turn(table, status)
    for text in (title, t(prompt.short) if prompt.short is not None else None):
        if text is None:
            continue
        for shown in ((f"{label}: {text}",) if label is not None else ()) + (text,):
            footer = f"OK → {shown}"
            if table.panel.fits(footer, table.panel.footer_size):
                return footer
    return t(texts.NEWS_HINT)


def _question(table: Host, prompt: Prompt, status: Status, header: str) -> tuple[list[str], str]:
    """Whose turn it is and the question, broken into rows that fit the panel, and the header.
    Whose turn goes in front of a question one seat answers -- or into the header instead of
    the phase when with it the question would fill the panel -- else on a line of its own."""
    title, label = _title_and_turn(table, status)
    if label is None:
        return table.panel.rows(title), header
    if prompt.kind not in (PromptKind.CHOICE, PromptKind.NUMBER, PromptKind.CELL):
        return table.panel.rows(_words(table)(texts.TURN.format(seat=label))) + table.panel.rows(title), header
    with_label = table.panel.rows(f"{label}: {title}")
    if len(with_label) >= table.panel.body_rows and len(with_label) > len(
        table.panel.rows(title)
    ):  # leave room for a list
        return table.panel.rows(title), _header(table, status, phase=label)
    return with_label, header


def _title_and_turn(table: Host, status: Status) -> tuple[str, str | None]:
    """The question in the table's language, and whose turn to name with it (None: nobody's
    turn, or the question names him already)."""
    title = _words(table)(table.prompt.title)
    label = table.seat_label(status.turn) if status.turn is not None else None
    return title, (None if label is None or title.startswith(label) else label)


def unrepeated_news(table: Host, prompt: Prompt) -> list[str]:
    """The announcements a reading screen shows above its question: those its own detail does
    not list again (a result screen that lists every hero's move says each move once)."""
    t = _words(table)
    return unrepeated([t(m) for m in table.messages.news], prompt, t)


def unrepeated(news: list[str], prompt: Prompt | None, words: Callable[[Msg], str]) -> list[str]:
    """``news`` less the items a reading screen's detail lists itself (one item per "; ")."""
    if prompt is None or prompt.detail is None or not _scrolls(prompt.kind):
        return news
    listed = words(prompt.detail).split("; ")
    return [text for text in news if not any(says_as_much(item, text) for item in listed)]


def says_as_much(fuller: str, text: str) -> bool:
    """Whether ``fuller`` says every word of ``text`` (the same text, or a result the detail and an
    announcement both give: "Pobřeží 1: pro 3, proti 0" in "Návrh – Pobřeží 1: přijat, pro 3,
    proti 0."); a text of a word or two is never taken for another."""
    if fuller == text:
        return True
    said = _word_counts(text)
    return sum(said.values()) >= 4 and not said - _word_counts(fuller)


def _word_counts(text: str) -> Counter[str]:
    return Counter(word.casefold() for word in re.findall(r"\w+", text))


def _scrolls(kind: PromptKind) -> bool:
    """Kinds whose screen has room to read a long text: nothing to pick from a list on it."""
    return kind.hidden or kind is PromptKind.CONFIRM


def _detail_groups(table: Host, prompt: Prompt, news: Sequence[str] = ()) -> list[list[str]]:
    """The detail's rows in the groups a page keeps together: on a reading screen each item,
    an item that ends in ":" ("Hráč 3:") with the pieces under it (the items after it that
    are not sentences); elsewhere the detail as one text. An item an announcement above it
    says already (a vote's result) is not said twice."""
    if prompt.detail is None:
        return []
    text = _words(table)(prompt.detail)
    if not _scrolls(prompt.kind):
        return [table.panel.rows(text)]
    groups: list[list[str]] = []
    open_group = False
    for item in text.split("; "):
        if any(says_as_much(said, item) for said in news):
            continue
        rows = table.panel.rows(item)
        if open_group and not item.endswith((":", ".", "!", "?")):
            groups[-1] += rows
            continue
        groups.append(rows)
        open_group = item.endswith(":")
    return groups


def _detail(table: Host, prompt: Prompt) -> list[str]:
    """Texts worth reading whole (a production plan) get all their lines, one item a line."""
    if prompt.detail is None:
        return []
    text = _words(table)(prompt.detail)
    return table.panel.items(text) if _scrolls(prompt.kind) else table.panel.rows(text)


def _scrolled(table: Host, answer: Answer, lines: list[str], kept: int) -> list[str]:
    """Keep the first ``kept`` lines (the notice); scroll the rest a screen at a time (the keys
    count screens), never past its last screenful."""
    step = max(1, table.panel.body_rows - kept)
    offset = max(0, min(answer.scroll * step, len(lines) - kept - step))
    answer.scroll = -(-offset // step)
    return lines[:kept] + lines[kept + offset :]


def _private_frame(table: Host, answer: Answer, prompt: Prompt, picking: int) -> Frame:
    """The privacy screen of a seat picking on the host: first only who picks, then its options."""
    t = _words(table)
    seat = table.seat_label(picking)
    if not answer.private_started:
        return Frame(
            t(texts.PRIVATE_TITLE),
            tuple(table.panel.rows(t(texts.PRIVATE_LOOK_AWAY.format(seat=seat)))),
            t(texts.PRIVATE_START),
        )
    options = prompt.options_for(picking)
    first = max(0, min(answer.cursor - 1, len(options) - 3))
    lines, selected, span = _listed(table, [], [t(o.label) for o in options[first : first + 3]], answer.cursor - first)
    return Frame(
        t(texts.PRIVATE_TITLE) + f" · {seat}", tuple(lines), t(texts.PRIVATE_KEYS), selected, selected_rows=span
    )


# What a prompt kind shows under the question: it appends its lines (after the notice given)
# and returns the footer, the selected line and how many rows the selection takes.
Body = Callable[[Host, Answer, Prompt, "list[str]", "tuple[str, ...]"], "tuple[str, int | None, int]"]


def _hidden_body(
    table: Host, answer: Answer, prompt: Prompt, lines: list[str], notice: tuple[str, ...]
) -> tuple[str, None, int]:
    """The keys a pick takes; only who has locked (the footer), never what; a paused reveal
    goes right under the notice."""
    t = _words(table)
    collector = answer.collector
    locked = collector.locked_seats()
    lines += table.panel.rows(t(_secret_keys(collector)))  # who has locked: the footer's squares
    footer = " ".join(f"{s + 1}{'■' if s in locked else '□'}" for s in prompt.seats)
    waiting = host_entry_seats(prompt, collector, table.fittings.yes_no_seats)
    if waiting:
        lines += table.panel.rows(t(texts.PRIVATE_NEXT.format(seat=table.seat_label(waiting[0]))))
    absent = table.signals.absent & set(prompt.seats)
    if absent:
        paused = table.panel.rows(t(texts.PAUSED.format(seats=", ".join(str(s + 1) for s in sorted(absent)))))
        lines[len(notice) : len(notice)] = paused
    return footer, None, 1


def _secret_keys(collector: SecretCollector) -> Msg:
    """The keys a hidden pick takes on a pad, exactly: every pick the same number of keys."""
    if collector.single_key:
        return texts.SECRET_KEYS_YES_NO
    if collector.width == 1:
        return texts.SECRET_KEYS_DIGIT
    return texts.SECRET_KEYS_TYPED.format(n=collector.width)


def option_line(code: str, label: str) -> str:
    """An option as listed: its pad code, then its label; a label that already starts with the
    code (a count: "3", "22 → +5") is not preceded by it again."""
    if label == code or label.startswith(code + " "):
        return label
    return f"{code} {label}"


def _page_of(pages: list[int], cursor: int) -> tuple[int, int]:
    """The page holding option ``cursor`` and the index of its first option."""
    first = 0
    for page, count in enumerate(pages):
        if cursor < first + count:
            return page, first
        first += count
    return len(pages) - 1, first - pages[-1]


def _paged(table: Host, hint: str, page: int, pages: int) -> str:
    """The keys, and which screen of the list this is (when that fits the footer too)."""
    paged = f"{hint} {page + 1}/{pages}"
    return paged if pages > 1 and table.panel.fits(paged, table.panel.footer_size) else hint


def _list_hint(table: Host, prompt: Prompt, options) -> str:
    """The keys this list takes: a one-key code, a code typed and entered with #, or a map's
    cursor keys and its coded options (* back, # done)."""
    t = _words(table)
    if prompt.kind is PromptKind.CELL:
        codes = "/".join(o.code for o in options if o.code in ("*", "#"))
        return t(texts.CELL_CODE_HINT.format(codes=codes) if codes else texts.CELL_HINT)
    typed = any(len(o.code) > 1 for o in options)
    return t(texts.CHOICE_TYPED_HINT if typed else texts.CHOICE_HINT)


def _confirm_body(
    table: Host, answer: Answer, prompt: Prompt, lines: list[str], notice: tuple[str, ...]
) -> tuple[str, None, int]:
    return _words(table)(texts.CONFIRM_HINT), None, 1


_BODY_BY_KIND: dict[PromptKind, Body] = {
    PromptKind.CONFIRM: _confirm_body,
}


def _body_for(kind: PromptKind) -> Body:
    return _hidden_body if kind.hidden else _BODY_BY_KIND[kind]


# -- maps ------------------------------------------------------------------------------------------


def _map_frame(
    table: Host, answer: Answer, header: str, notice: tuple[str, ...], status: Status, view: MapView
) -> Frame:
    """The one line above the map: the question, whose turn it is in front of it (or in the
    header instead of the phase when both do not fit one line). A notice (a refusal) is read
    whole first, without the map: the next key clears it. A shown place's longer text ends its
    first line with ▼, which reads it in words. Text displays print the detail too."""
    t = _words(table)
    prompt = table.prompt
    title, header = _map_title(table, status, header)
    if prompt.kind is not PromptKind.CELL and answer.scroll > 0:
        return _map_in_words(table, answer, header, notice, prompt, title)
    footer = (
        _list_hint(table, prompt, options_for(prompt, None))
        if prompt.kind is PromptKind.CELL
        else t(texts.MAP_TEXT_HINT)
    )
    if notice and not _notice_over_map(table, notice, title):
        return Frame(header, tuple(table.panel.all_rows(notice) + table.panel.rows(title)), footer)
    if notice:  # longer than the panel: the map and its lit place stay, the notice's first row
        # above it ends in ▼ (a place: ↑ reads it whole; a place shown: ▼ reads it in words)
        first = table.panel.first_row(" ".join(table.panel.all_rows(notice)), more=True)
        return Frame(header, (first,), footer, None, view, map_lines=1, roles=("notice",))
    lines = _map_lines(table, answer, prompt, title)
    above = 1
    if prompt.kind is PromptKind.CELL and len(lines) == 1 and not table.panel.fits(title):
        # the question over two rows -- or in short, with the keys under it (the map has no
        # footer on the panel): what is placed and how, never cut
        short = _map_short(table, status, header, prompt)
        if short is not None and table.panel.fits(footer):
            lines, header = [short[0], footer], short[1]
        else:
            lines = table.panel.rows(title)
        above = len(lines)
    if prompt.detail is not None:
        lines.append(t(prompt.detail))
    return Frame(header, tuple(lines), footer, None, view, map_lines=above)


def _map_title(table: Host, status: Status, header: str) -> tuple[str, str]:
    """The question with whose turn it is in front, or the question alone and whose turn it is
    in the header, when both would not fit the one line above the map."""
    title, label = _title_and_turn(table, status)
    if label is None:
        return title, header
    if table.panel.fits(f"{label}: {title}"):
        return f"{label}: {title}", header
    return title, _header(table, status, phase=label)


def _map_short(table: Host, status: Status, header: str, prompt: Prompt) -> tuple[str, str] | None:
    """The place question in short on one row (whose turn in front, or in the header), if the
    game gave a short form that fits."""
    if prompt.short is None:
        return None
    text = _words(table)(prompt.short)
    label = _title_and_turn(table, status)[1]
    if label is not None and table.panel.fits(f"{label}: {text}"):
        return f"{label}: {text}", header
    if table.panel.fits(text):
        return text, (_header(table, status, phase=label) if label is not None else header)
    return None


def _map_lines(table: Host, answer: Answer, prompt: Prompt, title: str) -> list[str]:
    """A place being chosen: the question (the host cursor's "back" before it); a place shown:
    the first row of its text."""
    if prompt.kind is not PromptKind.CELL:
        return [table.panel.first_row(title, more=prompt.detail is not None)]
    current = _host_option(answer, prompt)
    if current is not None and not is_place(current.value):  # host cursor on "back"
        return [f"→ {_words(table)(current.label)}", title]
    return [title]


def _host_option(answer: Answer, prompt: Prompt):
    """The option under the host cursor, if the cursor is on one."""
    options = options_for(prompt, None)
    return options[answer.cursor] if options and answer.cursor < len(options) else None


def _map_in_words(
    table: Host, answer: Answer, header: str, notice: tuple[str, ...], prompt: Prompt, title: str
) -> Frame:
    """The question and the detail as text, scrolled by the keys; up from the top shows the map."""
    t = _words(table)
    said = table.panel.all_rows(notice)  # a notice is read first, whole: it scrolls with the words
    words = said + table.panel.rows(title) + (table.panel.items(t(prompt.detail)) if prompt.detail else [])
    answer.scroll = min(answer.scroll, max(1, len(words) - table.panel.body_rows + 1))
    shown = words[answer.scroll - 1 :]
    roles = tuple("notice" if answer.scroll - 1 + i < len(said) else "text" for i in range(len(shown)))
    return Frame(header, tuple(shown), t(texts.MAP_PICTURE_HINT), roles=roles)


def _notice_over_map(table: Host, notice: tuple[str, ...], title: str) -> bool:
    """Whether a notice and the map's question do not fit the panel as text: then the map stays
    with the notice's first row above it, never a notice cut silently."""
    return len(table.panel.all_rows(notice)) + len(table.panel.rows(title)) > table.panel.body_rows


def map_view(table: Host, answer: Answer, prompt: Prompt) -> MapView | None:
    """The grid window around the cursor (CELL) or the shown place, turned 180 degrees for
    a player across the table, so the picture matches the cardboard in front of him."""
    if prompt.grid is None:
        return None
    centre = answer.cell if prompt.kind is PromptKind.CELL and answer.cell is not None else prompt.cursor
    if centre is None:
        return None
    places = _selectable_places(prompt)
    turn = -1 if prompt.turned else 1
    cols, rows = table.panel.map_size
    return MapView(tuple(_map_row(prompt, places, centre, turn, dy, cols) for dy in range(-(rows // 2), rows // 2 + 1)))


def _selectable_places(prompt: Prompt) -> set[tuple[int, int]]:
    if prompt.kind is not PromptKind.CELL:
        return set()
    return {tuple(o.value) for o in options_for(prompt, None) if is_place(o.value)}


def _map_row(
    prompt: Prompt, places: set, centre: tuple[int, int], turn: int, dy: int, cols: int
) -> tuple[MapCell, ...]:
    """One row of the window, ``dy`` rows below the centre as the viewer sees it."""
    cx, cy = centre
    row = []
    for dx in range(-(cols // 2), cols // 2 + 1):
        at = (cx + turn * dx, cy + turn * dy)
        row.append(MapCell(prompt.cells.get(at, ""), at in places, dx == 0 and dy == 0))
    return tuple(row)
