"""The result's plots as SVG text written by the box: score over the rounds, decision times.

No plotting library: a 4-seat, 12-round chart is a few kilobytes of SVG built in well under a
millisecond. Every text is escaped (seat labels may come from typed names).
"""

from __future__ import annotations

import math
from xml.sax.saxutils import escape

from ..engine import Msg

COLOURS = ("#2a6fdb", "#d9480f", "#2b8a3e", "#ae3ec9", "#e8a200", "#0b7285", "#c2255c", "#5c940d")
WIDTH, HEIGHT = 480, 260
LEFT, RIGHT, TOP, BOTTOM = 44, 110, 14, 34

ROUND = Msg("kolo", "round")
POINTS = Msg("body", "points")
SECONDS = Msg("sekund", "seconds")
NO_DATA = Msg("Žádná data", "No data")


def _frame(body: list[str], title: str) -> str:
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" width="{WIDTH}" height="{HEIGHT}" '
        f'font-family="sans-serif" font-size="12"><title>{escape(title)}</title>'
        f'<rect width="{WIDTH}" height="{HEIGHT}" fill="white"/>' + "".join(body) + "</svg>"
    )


def nice_top(value: float) -> float:
    """The smallest of 2, 4, 8, 12, 20 times a power of ten at or above ``value``: its four equal
    steps (0.5, 1, 2, 3, 5 times that power) read as round numbers."""
    value = max(value, 1e-9)
    power = 10.0 ** math.floor(math.log10(value))
    for factor in (0.2, 0.4, 0.8, 1.2, 2, 4, 8, 12, 20):
        if round(factor * power, 12) >= value - 1e-12:
            return round(factor * power, 12)
    return 20 * power


def _number(value: float) -> str:
    return f"{value:.2f}".rstrip("0").rstrip(".") if value != int(value) else str(int(value))


def _axes(low: float, high: float, y_label: str, x_label: str) -> list[str]:
    """The axes, five value lines from ``low`` to ``high`` and the two axis names."""
    top = high - low
    plot_h = HEIGHT - TOP - BOTTOM
    out = [
        f'<line x1="{LEFT}" y1="{TOP}" x2="{LEFT}" y2="{HEIGHT - BOTTOM}" stroke="#444"/>',
        f'<line x1="{LEFT}" y1="{HEIGHT - BOTTOM}" x2="{WIDTH - RIGHT}" y2="{HEIGHT - BOTTOM}" stroke="#444"/>',
    ]
    for step in range(5):
        value = low + top * step / 4
        y = HEIGHT - BOTTOM - plot_h * step / 4
        out.append(f'<line x1="{LEFT}" y1="{y:.1f}" x2="{WIDTH - RIGHT}" y2="{y:.1f}" stroke="#ddd"/>')
        out.append(f'<text x="{LEFT - 4}" y="{y + 4:.1f}" text-anchor="end">{_number(value)}</text>')
    out.append(f'<text x="{LEFT}" y="{HEIGHT - 6}" fill="#444">{escape(y_label)}</text>')
    out.append(f'<text x="{WIDTH - RIGHT}" y="{HEIGHT - 6}" text-anchor="end" fill="#444">{escape(x_label)}</text>')
    return out


def _legend(labels: list[str]) -> list[str]:
    out = []
    for seat, label in enumerate(labels):
        y = TOP + 16 * seat + 8
        colour = COLOURS[seat % len(COLOURS)]
        out.append(f'<rect x="{WIDTH - RIGHT + 10}" y="{y - 8}" width="10" height="10" fill="{colour}"/>')
        out.append(f'<text x="{WIDTH - RIGHT + 24}" y="{y + 1}">{escape(label[:14])}</text>')
    return out


def line_chart(points: list[tuple[int, dict[int, int]]], labels: list[str], language: str) -> str:
    """Each seat's total after every round: one line per seat, rounds along the bottom."""
    title = f"{POINTS.get(language)} / {ROUND.get(language)}"
    if not points:
        return _frame([f'<text x="{LEFT}" y="{HEIGHT / 2}">{NO_DATA.get(language)}</text>'], title)
    values = [v for _, totals in points for v in totals.values()]
    low = min(0, *values) if values else 0
    high = max(1, *values) if values else 1
    span = 4 * math.ceil((high - low) / 4) if high > low else 4  # four whole steps of points
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM
    count = len(points)

    def x(index: int) -> float:
        return LEFT + (plot_w * index / (count - 1) if count > 1 else plot_w / 2)

    def y(value: float) -> float:
        return HEIGHT - BOTTOM - plot_h * (value - low) / span

    body = _axes(low, low + span, POINTS.get(language), ROUND.get(language))
    for index, (round_no, _) in enumerate(points):
        body.append(f'<text x="{x(index):.1f}" y="{HEIGHT - BOTTOM + 14}" text-anchor="middle">{round_no}</text>')
    for seat in range(len(labels)):
        colour = COLOURS[seat % len(COLOURS)]
        coords = " ".join(f"{x(i):.1f},{y(totals.get(seat, 0)):.1f}" for i, (_, totals) in enumerate(points))
        body.append(f'<polyline points="{coords}" fill="none" stroke="{colour}" stroke-width="2.5"/>')
        for i, (_, totals) in enumerate(points):
            body.append(f'<circle cx="{x(i):.1f}" cy="{y(totals.get(seat, 0)):.1f}" r="3" fill="{colour}"/>')
    return _frame(body + _legend(labels), title)


def decision_chart(decisions: dict[int, list[float]], labels: list[str], language: str) -> str:
    """Every decision of every seat as a dot (seconds from being asked to locking or answering),
    one column per seat, with a bar at the seat's median."""
    title = SECONDS.get(language)
    times = [t for seat in range(len(labels)) for t in decisions.get(seat, ())]
    if not times:
        return _frame([f'<text x="{LEFT}" y="{HEIGHT / 2}">{NO_DATA.get(language)}</text>'], title)
    top = nice_top(max(max(times), 0.1))
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM
    column = plot_w / max(len(labels), 1)
    body = _axes(0, top, SECONDS.get(language), "")
    for seat, label in enumerate(labels):
        colour = COLOURS[seat % len(COLOURS)]
        centre = LEFT + column * (seat + 0.5)
        body.append(
            f'<text x="{centre:.1f}" y="{HEIGHT - BOTTOM + 14}" text-anchor="middle">{escape(label[:10])}</text>'
        )
        mine = sorted(decisions.get(seat, ()))
        for index, seconds in enumerate(mine):
            offset = ((index % 5) - 2) * 4
            cy = HEIGHT - BOTTOM - plot_h * seconds / top
            body.append(f'<circle cx="{centre + offset:.1f}" cy="{cy:.1f}" r="3" fill="{colour}" fill-opacity="0.7"/>')
        if mine:
            median = mine[len(mine) // 2] if len(mine) % 2 else (mine[len(mine) // 2 - 1] + mine[len(mine) // 2]) / 2
            my = HEIGHT - BOTTOM - plot_h * median / top
            half = min(column / 3, 24)
            body.append(
                f'<line x1="{centre - half:.1f}" y1="{my:.1f}" x2="{centre + half:.1f}" y2="{my:.1f}" '
                f'stroke="{colour}" stroke-width="3"/>'
            )
    return _frame(body + _legend(labels), title)
