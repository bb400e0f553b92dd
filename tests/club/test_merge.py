"""Merging what arrives, without a broker: only verified finished plays join the history; the
rest is named and kept apart, and nothing in the history changes."""

from __future__ import annotations

import json
import sys

from companion.club.box import Club
from companion.club.commands import main
from companion.club.settings import settings_of
from companion.config import defaults
from companion.known_games import KNOWN
from companion.store import Store
from companion.store.export import json_text

from .plays import Clock, play_example


def make_club(folder, box="kitchen") -> Club:
    section = dict(defaults()["club"], name="klub", broker="127.0.0.1", box=box)
    settings = settings_of(section)
    assert settings is not None
    return Club(settings, folder)


def a_play(folder, seed=3, names=("Anna", "Petr")) -> tuple[str, dict]:
    with Store(folder / "companion.db", rules=KNOWN, clock=Clock()) as store:
        uid = play_example(store, seed, list(names))
        return uid, store.session_document(store.history()[0]["session"])


def test_a_play_that_does_not_replay_is_refused_and_kept_apart(tmp_path):
    uid, document = a_play(tmp_path / "other")
    document["meta"]["scores"]["totals"] = {"0": 99, "1": 0}
    club = make_club(tmp_path / "here")
    club.inbox.put("plays", uid, "garden", json_text(document).encode())
    club.inbox.put("plays", "00000000-0000-4000-8000-000000000000", "garden", b"not json")
    with Store(tmp_path / "here" / "companion.db", rules=KNOWN) as store:
        assert club.merge(store) == (0, 0)
        assert store.history() == []
    assert uid in club.state.refused and "meta" in club.state.refused[uid]["why"]
    assert len(list((tmp_path / "here" / "club" / "refused").iterdir())) == 2
    assert club.pending() == 0


def test_a_merged_play_keeps_its_box_and_is_never_published_as_this_boxs(tmp_path):
    uid, document = a_play(tmp_path / "other")
    club = make_club(tmp_path / "here")
    payload = json_text(document).encode()
    club.inbox.put("plays", uid, "garden", payload)
    club.inbox.put("plays", uid, "garden", payload)  # a resend: one play
    with Store(tmp_path / "here" / "companion.db", rules=KNOWN, clock=Clock()) as store:
        assert club.merge(store)[0] == 1
        assert [r["uid"] for r in store.history()] == [uid]
        assert club.collect(store, force=True) == 0  # not this box's to share
        mine = play_example(store, 9, ["Eva", "Anna"])
        assert club.collect(store) == 1
    assert club.state.origins() == {uid: "garden", mine: "kitchen"}
    assert [key for key, _, _ in club.outbox.pending()] == [f"plays/{mine}"]
    sent = json.loads(club.outbox.pending()[0][2])
    assert sent["meta"]["uid"] == mine and sent["entries"]  # the session as export --format json writes it


def test_the_commands_answer_in_one_line(tmp_path, capsys):
    config = tmp_path / "c.toml"
    config.write_text('[club]\nname = "klub"\nbroker = "127.0.0.1"\nbox = "kitchen"\n')
    a_play(tmp_path / "data")
    base = ["--config", str(config), "--data-dir", str(tmp_path / "data")]
    assert main(["club", "people", *base]) == 0
    assert capsys.readouterr().out.split() == ["Anna", "Petr"]
    assert main(["club", "rename", "Nikdo", "Někdo", *base]) == 2
    err = capsys.readouterr().err
    assert err.startswith("companion: rename refused, nothing changed: 'Nikdo' is not a name") and err.count("\n") == 1
    assert main(["club", "rename", "Petr", "Péťa", *base]) == 0
    assert main(["league", *base]) == 0
    out = capsys.readouterr().out
    assert "Péťa" in out and "season 2026" in out and "Anna vs Péťa" in out
    assert main(["league", "--game", "catan", *base]) == 2
    (tmp_path / "empty.toml").write_text("")
    assert main(["club", "status", "--config", str(tmp_path / "empty.toml"), "--data-dir", str(tmp_path / "data")]) == 2
    assert "no club is set up" in capsys.readouterr().err


def test_the_board_lines_after_a_game(tmp_path):
    club = make_club(tmp_path)
    with Store(tmp_path / "companion.db", rules=KNOWN, clock=Clock()) as store:
        first = play_example(store, 3, ["Anna", "Petr"])
        second = play_example(store, 4, ["Anna", "Petr"])
        lines = club.board_lines(store, second)
        assert [line.en.split(":")[0] for line in lines] and len(club.board_lines(store, first)) == 2
    before_after = [line.en.split(": ")[1].split(" → ") for line in lines]
    assert all(len(pair) == 2 for pair in before_after)
    after = [int(pair[1].replace(",", "")) for pair in before_after]
    assert after == sorted(after, reverse=True)  # the better rating first
    assert int(before_after[0][0].replace(",", "")) != 1500  # the second play starts from the first's ratings
    assert all(" " not in line.cs.split(": ")[1].replace(" → ", "") for line in lines)  # no plain space in 1 512


def test_only_finished_plays_leave_the_box(tmp_path):
    """A running game, an abandoned one: nothing of them is in the outbox; the finished one is."""
    club = make_club(tmp_path)
    with Store(tmp_path / "companion.db", rules=KNOWN, clock=Clock()) as store:
        finished = play_example(store, 3, ["Anna", "Petr"])
        abandoned = store.create_session("example", {"seats": 2, "rounds": 2}, 4, ["a", "b"])
        store.name_player(abandoned, 0, "Eva")
        store.abandon(abandoned)
        running = store.create_session("example", {"seats": 2, "rounds": 2}, 5, ["a", "b"])
        store.name_player(running, 0, "Jan")
        assert club.collect(store) == 1
    sent = [payload.decode() for _, _, payload in club.outbox.pending()]
    assert len(sent) == 1 and json.loads(sent[0])["meta"]["uid"] == finished
    assert "Eva" not in sent[0] and "Jan" not in sent[0]


def test_a_club_without_its_libraries_is_one_log_line_and_the_table_runs(tmp_path, monkeypatch, caplog):
    import queue

    from companion import config as config_module
    from companion.app import start_club

    monkeypatch.setitem(sys.modules, "paho", None)  # as if pip install '.[club]' was never run
    monkeypatch.setitem(sys.modules, "paho.mqtt", None)
    monkeypatch.setitem(sys.modules, "paho.mqtt.client", None)
    for name in [m for m in sys.modules if m.startswith("companion.club.runner") or m == "companion.club.sync"]:
        monkeypatch.delitem(sys.modules, name)
    cfg = config_module.defaults()
    cfg["club"].update(name="klub", broker="127.0.0.1")
    assert start_club(cfg, queue.SimpleQueue(), tmp_path) is None
    assert any("pip install '.[club]'" in record.getMessage() for record in caplog.records)
