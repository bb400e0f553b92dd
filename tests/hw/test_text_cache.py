"""The kept text lines of the screen: a frame drawn from the cache has exactly the pixels Pillow
draws, over random frames of every panel size, and the cache stays within its bound."""

from __future__ import annotations

import random

import pytest

from companion.hw import screen
from companion.hw.screen import TextLines, render
from companion.surface.frame import Frame, MapCell, MapView
from companion.surface.panel import REGULAR, font

LETTERS = "aábcčdďeéěfghiíjklmnňoópqrřsštťuúůvwxyýzžAÁBCČDĎEÉĚHIÍJKLMNŇOÓPRŘSŠTŤUÚŮVYÝZŽ0123456789 ·■□…,.:()-!?"
SIZES = ((128, 64), (128, 128), (256, 64))


def random_text(rng: random.Random, longest: int) -> str:
    return "".join(rng.choice(LETTERS) for _ in range(rng.randint(0, longest)))


def random_frame(rng: random.Random) -> Frame:
    """Lines of any length (some cut with an ellipsis, some empty), a cursor or none, a footer
    or none, sometimes a map with labels, free places and the cursor."""
    lines = tuple(random_text(rng, 40) for _ in range(rng.randint(0, 9)))
    selected = rng.randrange(len(lines)) if lines and rng.random() < 0.5 else None
    footer = random_text(rng, 30) if rng.random() < 0.7 else ""
    view = None
    if rng.random() < 0.25:
        view = MapView(
            tuple(
                tuple(
                    MapCell(
                        label=random_text(rng, 4) if rng.random() < 0.5 else "",
                        selectable=rng.random() < 0.3,
                        cursor=rng.random() < 0.1,
                    )
                    for _ in range(5)
                )
                for _ in range(3)
            )
        )
    return Frame(random_text(rng, 30), lines, footer, selected=selected, map=view, map_lines=rng.randint(1, 2))


def test_cached_and_uncached_renders_are_the_same_pixels_over_random_frames():
    rng = random.Random(11)
    frames = [random_frame(rng) for _ in range(150)]
    frames += frames[:50]  # drawn again: now from the cache
    for frame in frames:
        width, height = rng.choice(SIZES)
        cached = render(frame, width, height)
        uncached = render(frame, width, height, cached=False)
        assert cached.mode == uncached.mode == "1"
        assert cached.tobytes() == uncached.tobytes(), frame
    assert screen.TEXT_LINES.hits > 0


def test_a_line_is_rasterised_once_and_then_stamped():
    cache = TextLines(max_lines=8)
    face = font(REGULAR, 13)
    first = cache.mask(face, "KOLO 3 · STAVĚNÍ")
    again = cache.mask(face, "KOLO 3 · STAVĚNÍ")
    assert again is first
    assert (cache.hits, cache.misses) == (1, 1)
    assert cache.pixel_bytes() == first[0].size[0] * first[0].size[1] > 0


def test_the_cache_keeps_at_most_its_bound_and_drops_the_least_recently_used():
    cache = TextLines(max_lines=3)
    face = font(REGULAR, 13)
    for text in ("a", "b", "c"):
        cache.mask(face, text)
    cache.mask(face, "a")  # used again: now the newest
    cache.mask(face, "d")  # one too many: "b" goes
    assert len(cache) == 3
    misses = cache.misses
    cache.mask(face, "a")
    cache.mask(face, "c")
    assert cache.misses == misses
    cache.mask(face, "b")
    assert cache.misses == misses + 1 and len(cache) == 3


def test_the_same_text_in_another_font_is_another_line():
    cache = TextLines()
    small, large = font(REGULAR, 10), font(REGULAR, 13)
    assert cache.mask(small, "Žlutý")[0].size != cache.mask(large, "Žlutý")[0].size
    assert len(cache) == 2


@pytest.mark.parametrize("size", SIZES)
def test_a_full_text_cache_still_draws_every_line(monkeypatch, size):
    """A cache of one line evicts on every line drawn; the frame is still exact."""
    monkeypatch.setattr(screen, "TEXT_LINES", TextLines(max_lines=1))
    frame = Frame("KOLO 1 · TAH", ("Žlutý hraje", "Modrý čeká", "Řezbář"), "1■ 2□", selected=1)
    assert render(frame, *size).tobytes() == render(frame, *size, cached=False).tobytes()
