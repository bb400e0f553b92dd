"""Boxes of a club over a real Mosquitto: every box's history and league end the same."""

from __future__ import annotations

import pytest

from .conftest import converged


def same(states: list[dict], key: str) -> bool:
    return all(state[key] == states[0][key] for state in states)


def test_two_boxes_share_their_plays_both_ways(boxes):
    kitchen, garden = boxes("kitchen").start(), boxes("garden").start()
    mine = kitchen.play(1, "Anna", "Petr")
    theirs = garden.play(2, "Petr", "Eva", "Anna")
    states = converged([kitchen, garden], 2)
    assert states[0]["uids"] == states[1]["uids"] == sorted([mine, theirs])
    assert same(states, "league") and same(states, "people")
    assert states[0]["origins"] == {mine: "kitchen", theirs: "garden"} == states[1]["origins"]
    assert states[0]["people"] == ["Anna", "Eva", "Petr"]


@pytest.mark.slow  # some 4 s: three boxes started and stopped, the broker twice
def test_plays_made_offline_reach_every_box_and_nothing_doubles(boxes, broker):
    """Each box plays while the others are off (and one while the broker is down too); the
    broker is stopped and started again mid-sync; all end with the same history and league."""
    a = boxes("a").start()
    played = [a.play(10, "Anna", "Petr"), a.play(11, "Petr", "Eva")]
    a.stop()
    b = boxes("b").start()
    played.append(b.play(12, "Eva", "Anna", "Petr"))
    b.stop()
    broker.stop()
    c = boxes("c").start()  # no broker: the plays wait in the outbox
    played += [c.play(13 + n, "Anna", "Eva") for n in range(6)]
    assert c.status()["outbox"] == 6
    broker.start()
    a.start(), b.start()
    broker.stop()  # mid-sync
    broker.start()
    states = converged([a, b, c], len(played))
    assert all(s["uids"] == sorted(played) for s in states)
    assert same(states, "league") and same(states, "origins") and same(states, "people")
    assert states[0]["origins"][played[0]] == "a" and states[0]["origins"][played[-1]] == "c"


def test_a_rename_and_a_merge_reach_every_box(boxes):
    a, b = boxes("a").start(), boxes("b").start()
    a.play(1, "Anna", "Petr")
    b.play(2, "Petr", "Eva", "Aňa")
    converged([a, b], 2)
    assert a.ask("rename", "Petr", "Petr_Novák")["done"]
    assert b.ask("merge", "Aňa", "Anna")["done"]
    assert "refused" in a.ask("rename", "Nobody", "X")

    def people_agree():
        states = [a.status(), b.status()]
        return states if all(s["people"] == ["Anna", "Eva", "Petr_Novák"] for s in states) else None

    deadline = __import__("time").monotonic() + 30
    while not (states := people_agree()):
        assert __import__("time").monotonic() < deadline, [a.status()["people"], b.status()["people"]]
    assert states[0]["league"] == states[1]["league"]
    assert set(states[0]["league"]["example"]) == {"Anna", "Eva", "Petr_Novák"}


def test_a_rename_while_the_table_runs_goes_by_the_broker(boxes, broker):
    import subprocess
    import sys
    import time

    from .conftest import ROOT

    a, b = boxes("a").start(), boxes("b").start()
    a.play(1, "Anna", "Petr")
    converged([a, b], 1)

    def rename(*names: str) -> subprocess.CompletedProcess:
        command = [sys.executable, "-m", "companion.club", "club", "rename", *names]
        command += ["--config", str(a.config), "--data-dir", str(a.data)]
        return subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=60)

    done = rename("Petr", "Pavel")  # box a's store is held by its running process
    assert done.returncode == 0 and "published to the club" in done.stdout, done.stderr
    deadline = time.monotonic() + 30
    while not (a.status()["people"] == b.status()["people"] == ["Anna", "Pavel"]):
        assert time.monotonic() < deadline
        time.sleep(0.1)
    broker.stop()
    refused = rename("Anna", "Anička")
    assert refused.returncode == 2 and refused.stderr.startswith("companion: rename refused, nothing changed: ")
    assert refused.stderr.count("\n") == 1 and "Traceback" not in refused.stderr
