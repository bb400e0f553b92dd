"""A restart replays the unfinished game's log once: the question "continue or end?" rebuilds it,
and "continue" plays on with that session instead of replaying the log again."""

from __future__ import annotations

from companion.engine import Session
from companion.table import restart as table_module
from companion.table.flow import Play
from companion.table.table import Table

from ..engine.toy import GAME as TOY
from .helpers import MemoryRecorder, host, press


def test_continuing_after_a_restart_replays_the_log_once(monkeypatch):
    replays = []

    class Counting(Session):
        def __init__(self, *args, **kwargs):
            replays.append(args)
            super().__init__(*args, **kwargs)

    monkeypatch.setattr(table_module, "Session", Counting)
    recorder = MemoryRecorder()
    entries = [{"action": {"step": "pick", "picks": {"0": 1, "1": 2}}}]
    sid = recorder.create_session("toy", {"seats": 2}, 5, [])
    recorder.sessions[sid]["entries"] = list(entries)
    table = Table(recorder, {"toy": TOY}, "en")
    table.offer_resume(sid, "toy", {"seats": 2}, 5, entries)
    press(table, host("ok"))  # continue it
    assert isinstance(table.screen, Play) and table.session.prompt.step == "roll"
    assert len(replays) == 1
    assert table.session.state == Session(TOY, {"seats": 2}, 5, entries).state
