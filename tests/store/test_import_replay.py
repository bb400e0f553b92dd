"""`companion import` replays what it imports: a session that does not replay to its end, or
whose meta disagrees with its log, refuses the whole file in one line naming the session."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from .test_cli import data, one_line_error, run  # noqa: F401 (the fixture)


@pytest.fixture
def exported(data, tmp_path, capsys) -> list[dict]:  # noqa: F811
    out = tmp_path / "backup.json"
    assert run(capsys, "export", "--format", "json", "--out", str(out), "--data-dir", str(data))[0] == 0
    return json.loads(out.read_text(encoding="utf-8"))


def _winner_session(documents: list[dict]) -> int:
    """A session with one winner and at least two ranked seats."""
    return next(
        n for n, doc in enumerate(documents) if doc["meta"]["winner"] is not None and len(doc["meta"]["seats"]) >= 2
    )


BREAKS = {
    "an illegal action": lambda doc: doc["entries"].insert(0, {"action": {"step": "nonsense", "seat": 0}}),
    "a log cut to one entry": lambda doc: doc.__setitem__("entries", doc["entries"][:1]),
    "seats: 99": lambda doc: doc["meta"].__setitem__("seats", ["x"] * 99),
    "winner: 99": lambda doc: doc["meta"].__setitem__("winner", 99),
    "winner: -1": lambda doc: doc["meta"].__setitem__("winner", -1),
    "another winner": lambda doc: doc["meta"].__setitem__(
        "winner", next(int(k) for k in doc["meta"]["scores"]["totals"] if int(k) != doc["meta"]["winner"])
    ),
    "a negative duration": lambda doc: doc["meta"].__setitem__("duration_s", -5),
    "scores of the wrong types": lambda doc: doc["meta"]["scores"].__setitem__(
        "totals", {k: str(v) for k, v in doc["meta"]["scores"]["totals"].items()}
    ),
    "other totals": lambda doc: doc["meta"]["scores"]["totals"].__setitem__("0", 999),
}
SAID = {
    "an illegal action": "entry 0 does not replay",
    "a log cut to one entry": "its log stops before the end of the game",
    "seats: 99": "'meta.seats' names 99 seats",
    "winner: 99": "'meta.winner' is 99, not one of its seats",
    "winner: -1": "'meta.winner'",
    "another winner": "its log makes seat",
    "a negative duration": "'meta.duration_s' is negative",
    "scores of the wrong types": "'meta.scores.totals'",
    "other totals": "'meta.scores.totals'",
}


@pytest.mark.parametrize("broken", sorted(BREAKS))
def test_a_session_that_disagrees_with_its_replay_refuses_the_import(exported, tmp_path, capsys, broken):
    documents = copy.deepcopy(exported)
    target = _winner_session(documents)
    BREAKS[broken](documents[target])
    path = tmp_path / "broken.json"
    path.write_text(json.dumps(documents), encoding="utf-8")
    fresh = tmp_path / "card"
    fresh.mkdir()
    code, out, err = run(capsys, "import", str(path), "--data-dir", str(fresh))
    assert code != 0 and not out
    one_line_error(err)
    assert "import refused, nothing changed" in err
    assert f"session {target + 1} of {len(documents)} (id {documents[target]['meta']['id']})" in err
    assert SAID[broken] in err
    assert not (fresh / "history").exists()  # nothing changed


def test_every_exported_session_replays_and_imports(exported, tmp_path, capsys):
    path = tmp_path / "all.json"
    path.write_text(json.dumps(exported), encoding="utf-8")
    (tmp_path / "card").mkdir()
    code, out, err = run(capsys, "import", str(path), "--data-dir", str(tmp_path / "card"))
    assert (code, err) == (0, "") and out.startswith(f"imported {len(exported)} sessions")


def test_non_finite_numbers_in_a_session_file_are_refused(exported, tmp_path, capsys):
    path = tmp_path / "nan.json"
    path.write_text(json.dumps(exported[:1]).replace('"seed": ', '"seed": NaN, "x": ', 1), encoding="utf-8")
    (tmp_path / "card").mkdir()
    code, _, err = run(capsys, "import", str(path), "--data-dir", str(tmp_path / "card"))
    assert code != 0 and "NaN is not a number JSON allows" in err
    one_line_error(err)
    assert not Path(tmp_path / "card" / "history").exists()
