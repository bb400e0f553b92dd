"""Every game's guide (docs/games/<game>.md) has the same steps table: step, who answers, the
value and its JSON form, when the step is skipped. A session file is a public format, so every
step a game registers must appear in it, and nothing else."""

import re
from pathlib import Path

import pytest

from companion.games import REGISTRY, load

DOCS = Path(__file__).resolve().parents[2] / "docs" / "games"
HEADING = "## Steps and answers"
HEADER = "| step | who answers | value (JSON) | skipped when |"
STEP_CELL = re.compile(r"^\| `([a-z0-9_]+)` \|")


def table_rows(text: str) -> list[str]:
    """The rows of the steps table: the lines after its header under its heading."""
    after = text.split(HEADING + "\n", 1)[1]
    lines = after.split("\n")
    start = lines.index(HEADER)
    assert re.fullmatch(r"\|(---\|){4}", lines[start + 1]), "the header's separator row"
    rows = []
    for line in lines[start + 2 :]:
        if not line.startswith("|"):
            break
        rows.append(line)
    return rows


@pytest.mark.parametrize("name", sorted(REGISTRY))
def test_every_registered_step_is_in_its_guides_steps_table_and_nothing_else(name):
    text = (DOCS / f"{name}.md").read_text(encoding="utf-8")
    assert text.count(HEADING + "\n") == 1, f"{name}.md: one '{HEADING}' section"
    rows = table_rows(text)
    named = []
    for row in rows:
        match = STEP_CELL.match(row)
        assert match, f"{name}.md: a row must start with the step in backticks: {row}"
        cells = [c.strip() for c in row.strip("|").split(" | ")]
        assert len(cells) == 4 and all(cells), f"{name}.md: four filled cells: {row}"
        named.append(match.group(1))
    registered = list(load(name).steps)
    missing = [s for s in registered if s not in named]
    assert not missing, f"{name}.md leaves out {missing}"
    assert not set(named) - set(registered), f"{name}.md names steps the game has not: {set(named) - set(registered)}"
    assert len(named) == len(set(named)), f"{name}.md names a step twice"


def test_the_table_fails_on_a_guide_that_leaves_a_step_out():
    """The check itself: a table without one row is caught."""
    text = (DOCS / "troy.md").read_text(encoding="utf-8")
    rows = table_rows(text)
    shortened = text.replace(rows[-1] + "\n", "")
    named = [STEP_CELL.match(r).group(1) for r in table_rows(shortened)]
    assert set(load("troy").steps) - set(named)
