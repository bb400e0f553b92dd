"""The board page on a TV and a tablet, measured in a real browser: one screen, read from the sofa.

At 1280×720, 1920×1080 and a portrait tablet (800×1280), during a secret pick with four seats and
after a game: no element reaches below the fold or past the right edge, no box cuts its text
(nothing scrolls inside), the smallest text is at least 32 px at 1920×1080, and the BG Stats
link is a target of at least 48 px. Screenshots go to docs/web/ (board-tv-*.png).
"""

from __future__ import annotations

import pytest

from ..table.helpers import host, pad
from . import test_browser as browser
from .test_browser import SHOTS, Page, wait_until

chromium, box_of = browser.chromium, browser.box_of  # the browser tests' fixtures, shared

pytestmark = pytest.mark.browser

SCREENS = {"720p": (1280, 720), "1080p": (1920, 1080), "tablet": (800, 1280)}
SMALLEST_TEXT_1080 = 32

MEASURE = """() => {
  const height = window.innerHeight, width = window.innerWidth;
  const problems = [];
  let smallest = Infinity;
  for (const node of document.querySelectorAll("body *")) {
    const style = getComputedStyle(node);
    const box = node.getBoundingClientRect();
    if (style.display === "none" || style.visibility === "hidden" || (box.width === 0 && box.height === 0)) continue;
    const name = `${node.tagName.toLowerCase()}#${node.id}.${node.className}`;
    if (box.bottom > height + 0.5 || box.right > width + 0.5) problems.push(`${name} reaches ${box.bottom}`);
    const cutDown = node.scrollHeight > node.clientHeight + 1 && style.overflowY !== "visible";
    const cutRight = node.scrollWidth > node.clientWidth + 1 && style.overflowX !== "visible";
    if (cutDown || cutRight) problems.push(`${name} cuts its text`);
    const text = [...node.childNodes].some((child) => child.nodeType === 3 && child.textContent.trim());
    if (text) smallest = Math.min(smallest, parseFloat(style.fontSize));
  }
  const page = document.documentElement;
  if (page.scrollHeight > height + 1) problems.push(`the page is ${page.scrollHeight} px high`);
  return { problems, smallest };
}"""


def measured(page) -> dict:
    return page.evaluate(MEASURE)


def board_at(browser_app, box, size: tuple[int, int], language: str) -> Page:
    board = Page(browser_app, box.url, "/board", locale=language)
    board.page.set_viewport_size({"width": size[0], "height": size[1]})
    return board


def check(board: Page, screen: str, shot: str) -> None:
    result = measured(board.page)
    assert result["problems"] == [], result["problems"]
    if screen == "1080p":
        assert result["smallest"] >= SMALLEST_TEXT_1080, result["smallest"]
    board.page.screenshot(path=str(SHOTS / f"{shot}.png"))
    assert not board.errors


@pytest.mark.parametrize("screen", list(SCREENS))
@pytest.mark.parametrize("language", ["en", "cs"])
def test_the_board_fits_one_screen_during_a_secret_pick(chromium, box_of, screen, language):
    box = box_of(players=4, language=language)
    for event in pad(1, "01#") + pad(3, "02#"):
        box.owner.events.put(event)
    board = board_at(chromium, box, SCREENS[screen], language)
    board.page.wait_for_selector("#seats li")
    wait_until(board.page, "document.querySelectorAll('#seats .mark.locked').length === 2")
    assert board.page.locator("#seats li").count() == 4
    assert board.page.locator("#turn").text_content() == {"en": "Secret pick", "cs": "Tajná volba"}[language]
    check(board, screen, f"board-tv-pick-{screen}-{language}")


@pytest.mark.parametrize("screen", list(SCREENS))
def test_after_the_game_the_ranking_and_both_plots_fit_one_screen(chromium, box_of, screen, tmp_path):
    from datetime import UTC, datetime, timedelta

    from companion.store import Store
    from companion.table.table import Table

    from ..engine.toy import GAME as TOY

    ticks = iter(range(0, 10_000, 7))
    started = datetime(2026, 11, 27, 20, 0, tzinfo=UTC)
    store = Store(tmp_path / "companion.db", clock=lambda: started + timedelta(seconds=next(ticks)))
    table = Table(store, {"toy": TOY}, "en", new_seed=lambda: 5)
    for event in host("ok", "ok"):
        table.handle(event)
    box = box_of(table=table)
    board = board_at(chromium, box, SCREENS[screen], "en")
    board.page.wait_for_selector("#seats li")
    for event in (pad(1, "3#") + pad(2, "1#") + host("ok") + pad(1, "1#")) * 2:
        box.owner.events.put(event)
    board.page.wait_for_selector("#result:not([hidden])")
    for plot in ("scores-plot", "decisions-plot"):
        wait_until(board.page, f"document.getElementById('{plot}').complete")
        wait_until(board.page, f"document.getElementById('{plot}').naturalWidth > 0")
    link = board.page.locator("#bgstats").bounding_box()
    assert link is not None and link["height"] >= 48
    check(board, screen, f"board-tv-over-{screen}")
