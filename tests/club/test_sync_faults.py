"""The club's faults over a real Mosquitto: a box killed (SIGKILL) while it publishes and while
it merges, a duplicate and a conflicting copy of a play sent by another client."""

from __future__ import annotations

import json
import threading
import time

import paho.mqtt.client as mqtt
import pytest
from paho.mqtt.enums import CallbackAPIVersion

from .conftest import converged


def wait_for(check, timeout: float = 30.0):
    deadline = time.monotonic() + timeout
    while not check():
        if time.monotonic() > deadline:
            raise AssertionError("timed out")
        time.sleep(0.02)


@pytest.mark.kill
def test_a_box_killed_mid_publish_and_mid_merge_loses_and_doubles_nothing(boxes, broker):
    broker.stop()
    a = boxes("a").start()
    played = [a.play(100 + n, "Anna", "Petr", "Eva") for n in range(40)]
    a.kill()  # its outbox holds all 40, fsynced
    broker.start()
    b = boxes("b").start()
    a.start()
    wait_for(lambda: b.status()["count"] > 3)
    a.kill()  # mid-publish: some plays acknowledged, some in flight, some not sent
    b.kill()  # mid-merge: some received and not merged (the inbox), some not received
    a.start(), b.start()
    states = converged([a, b], 40)
    assert all(s["uids"] == sorted(played) for s in states)
    assert states[0]["league"] == states[1]["league"] and states[0]["origins"] == states[1]["origins"]
    assert not states[0]["conflicts"] and not states[1]["conflicts"]


class Client:
    """Another client of the club's broker, as a test sees it: the retained plays, and a publish."""

    def __init__(self, port: int):
        self.plays: dict[str, bytes] = {}
        self.ready = threading.Event()
        self.client = mqtt.Client(CallbackAPIVersion.VERSION2, client_id="intruder", protocol=mqtt.MQTTv5)
        self.client.on_message = lambda c, u, m: self.plays.__setitem__(m.topic, bytes(m.payload))
        self.client.on_connect = lambda c, u, f, rc, p: (
            c.subscribe("companion/testclub/plays/+", qos=1),
            self.ready.set(),
        )
        self.client.connect("127.0.0.1", port)
        self.client.loop_start()
        self.ready.wait(10)

    def publish(self, topic: str, payload: bytes, retain: bool) -> None:
        self.client.publish(topic, payload, qos=1, retain=retain).wait_for_publish(10)

    def close(self) -> None:
        self.client.disconnect()
        self.client.loop_stop()


def test_a_duplicate_changes_nothing_and_a_conflicting_copy_is_kept_apart_everywhere(boxes, broker):
    a, b = boxes("a").start(), boxes("b").start()
    uid = a.play(7, "Anna", "Petr")
    converged([a, b], 1)
    other = Client(broker.port)
    try:
        wait_for(lambda: len(other.plays) == 1)
        ((topic, payload),) = other.plays.items()
        other.publish(topic, payload, retain=True)  # the very same play again
        forged = json.loads(payload)
        forged["meta"]["players"] = {"0": "Mallory", "1": "Petr"}
        other.publish(topic, json.dumps(forged).encode(), retain=False)
    finally:
        other.close()
    wait_for(lambda: a.status()["conflicts"] == [uid] and b.status()["conflicts"] == [uid])
    states = converged([a, b], 1)
    for state in states:
        assert state["uids"] == [uid] and state["people"] == ["Anna", "Petr"]
        assert state["origins"] == {uid: "a"}
    conflicts = list((a.data / "club" / "conflicts").iterdir()) + list((b.data / "club" / "conflicts").iterdir())
    assert len(conflicts) == 2 and all("Mallory" in path.read_text() for path in conflicts)
