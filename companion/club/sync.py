"""The MQTT side (paho-mqtt 2.x, MQTT 5): a persistent session, QoS 1 both ways, on paho's own
network thread. It never touches the store: received messages go to the inbox (fsynced before
paho acknowledges them, which it does when ``on_message`` returns) and ``notify`` tells the
owner's thread; the outbox is published a window at a time and marked sent on each PUBACK.

Plays and renames are published **retained**, one topic each (``<prefix>/<club>/plays/<uid>``):
the broker then holds the club's whole history, so a box that joins later, or whose session the
broker dropped, receives every play when it subscribes. A box that comes back within its
session's life (``SESSION_EXPIRY_S``) gets only what it missed (the subscription asks for
retained messages only when it is new: ``retainHandling=1``), not the whole history again.
"""

from __future__ import annotations

import logging
import ssl
import threading
from collections.abc import Callable

import paho.mqtt.client as mqtt
from paho.mqtt.enums import CallbackAPIVersion
from paho.mqtt.packettypes import PacketTypes
from paho.mqtt.properties import Properties
from paho.mqtt.subscribeoptions import SubscribeOptions

from ..store.records import is_uid
from .box import Club
from .files import raw_digest

log = logging.getLogger("companion.club")

SESSION_EXPIRY_S = 90 * 24 * 3600  # the broker keeps an offline box's session (and its queue) 90 days
WINDOW = 64  # publications awaiting their PUBACK at once: memory stays bounded for any outbox
KEEPALIVE_S = 30


class Sync:
    def __init__(self, club: Club, notify: Callable[[], None]):
        self.club, self.notify = club, notify
        settings = club.settings
        self.settings = settings
        self._lock = threading.Lock()
        self._inflight: dict[int, str] = {}  # mid -> outbox key
        self._queued: set[str] = set()  # keys handed to paho since this connection began
        self._early: dict[int, bool] = {}  # PUBACKs that came before publish() returned their mid
        self.connected = False
        self.last_error = ""
        client = mqtt.Client(
            CallbackAPIVersion.VERSION2, client_id=settings.client_id, protocol=mqtt.MQTTv5, reconnect_on_failure=True
        )
        client.reconnect_delay_set(min_delay=1, max_delay=30)
        client.max_queued_messages_set(0)
        if settings.username:
            client.username_pw_set(settings.username, settings.password or None)
        if settings.tls:
            client.tls_set(
                ca_certs=settings.ca_file or None,
                certfile=settings.cert_file or None,
                keyfile=settings.key_file or None,
                cert_reqs=ssl.CERT_REQUIRED,
            )
        client.on_connect = self._on_connect
        client.on_disconnect = self._on_disconnect
        client.on_message = self._on_message
        client.on_publish = self._on_publish
        client.on_subscribe = self._on_subscribe
        self.client = client
        self._published = Properties(PacketTypes.PUBLISH)
        self._published.UserProperty = [("box", settings.box)]
        club.wake = self.pump

    def start(self) -> None:
        """Connect in the background (and again whenever the link drops); returns at once."""
        properties = Properties(PacketTypes.CONNECT)
        properties.SessionExpiryInterval = SESSION_EXPIRY_S
        self.client.connect_async(
            self.settings.broker, self.settings.port, keepalive=KEEPALIVE_S, clean_start=False, properties=properties
        )
        self.client.loop_start()

    def stop(self) -> None:
        try:
            self.client.disconnect()
        finally:
            self.client.loop_stop()

    # -- paho's thread -------------------------------------------------------------------------
    def _on_connect(self, client, userdata, flags, reason_code, properties) -> None:
        if reason_code.is_failure:
            self.last_error = f"the broker refused the connection: {reason_code}"
            log.warning("club: %s", self.last_error)
            return
        log.info(
            "club: connected to %s:%s (session kept: %s)",
            self.settings.broker,
            self.settings.port,
            flags.session_present,
        )
        options = SubscribeOptions(qos=1, retainHandling=SubscribeOptions.RETAIN_SEND_IF_NEW_SUB)
        base = self.settings.base
        client.subscribe([(f"{base}plays/+", options), (f"{base}people/+", options)])
        with self._lock:
            self.connected, self.last_error = True, ""
            self._inflight.clear()  # what paho resends itself is acknowledged under mids we no longer map:
            self._queued.clear()  # it is published again below, and the duplicate is a no-op everywhere
            self._early.clear()
        self.pump()

    def _on_subscribe(self, client, userdata, mid, reason_codes, properties) -> None:
        for code in reason_codes:
            if code.is_failure:
                self.last_error = f"the broker refused the subscription: {code}"
                log.warning("club: %s", self.last_error)

    def _on_disconnect(self, client, userdata, flags, reason_code, properties) -> None:
        with self._lock:
            self.connected = False
        if reason_code != 0:
            self.last_error = f"the link to the broker dropped ({reason_code}); trying again"
            log.info("club: %s", self.last_error)

    def _on_publish(self, client, userdata, mid, reason_code, properties) -> None:
        ok = not reason_code.is_failure
        with self._lock:
            key = self._inflight.pop(mid, None)
            if key is None:
                self._early[mid] = ok
                return
        self._acknowledged(key, ok, reason_code)
        self.pump()

    def _acknowledged(self, key: str, ok: bool, reason_code=None) -> None:
        if ok:
            self.club.outbox.sent(key)
        else:  # refused by the broker (not authorised, too large): kept, tried at the next connection
            self.last_error = f"the broker refused {key}: {reason_code}"
            log.warning("club: %s", self.last_error)
        if ok:
            with self._lock:
                self._queued.discard(key)

    def _on_message(self, client, userdata, message) -> None:
        base = self.settings.base
        topic = message.topic
        if not topic.startswith(base):
            return
        kind, _, key = topic[len(base) :].partition("/")
        if kind not in ("plays", "people") or not key or "/" in key:
            return
        if kind == "plays" and not is_uid(key):
            log.warning("club: a message on %s is not a play's topic; left out", topic)
            return
        payload = bytes(message.payload)
        if not payload:
            return  # a retained message cleared on the broker
        if kind == "plays" and self.club.state.known_raw(key, raw_digest(payload)):
            return  # a duplicate: not even written
        if kind == "people" and self.club.state.known_person(key):
            return
        box = "unknown"
        for name, value in getattr(message.properties, "UserProperty", None) or []:
            if name == "box":
                box = value
        self.club.inbox.put(kind, key, box, payload)  # fsynced before paho sends the PUBACK
        self.notify()

    # -- any thread ----------------------------------------------------------------------------
    def pump(self) -> None:
        """Hand paho what the outbox holds, up to ``WINDOW`` unacknowledged at once."""
        while True:
            with self._lock:
                if not self.connected or len(self._inflight) >= WINDOW:
                    return
                room = WINDOW - len(self._inflight)
                queued = set(self._queued)
            batch = self.club.outbox.pending(room, queued)
            if not batch:
                return
            for key, topic, payload in batch:
                info = self.client.publish(topic, payload, qos=1, retain=True, properties=self._published)
                if info.rc != mqtt.MQTT_ERR_SUCCESS:
                    return  # not connected after all: on_connect publishes it
                with self._lock:
                    self._queued.add(key)
                    early = self._early.pop(info.mid, None)
                    if early is None:
                        self._inflight[info.mid] = key
                if early is not None:
                    self._acknowledged(key, early)


def publish_once(settings, topic: str, payload: str, timeout: float = 10.0) -> str | None:
    """Publish one message (QoS 1, retained) on a connection of its own and wait for its PUBACK:
    ``companion club rename`` while the table runs, whose sync then receives it like any other
    box's. Returns why it did not arrive, or None."""
    done = threading.Event()
    outcome: list[str | None] = ["no answer from the broker"]

    def connected(client, userdata, flags, reason_code, properties) -> None:
        if reason_code.is_failure:
            outcome[0] = f"the broker refused the connection: {reason_code}"
            done.set()
            return
        client.publish(topic, payload.encode("utf-8"), qos=1, retain=True, properties=published)

    def acknowledged(client, userdata, mid, reason_code, properties) -> None:
        outcome[0] = f"the broker refused it: {reason_code}" if reason_code.is_failure else None
        done.set()

    client = mqtt.Client(CallbackAPIVersion.VERSION2, client_id=f"{settings.client_id}-cli"[:128], protocol=mqtt.MQTTv5)
    published = Properties(PacketTypes.PUBLISH)
    published.UserProperty = [("box", settings.box)]
    if settings.username:
        client.username_pw_set(settings.username, settings.password or None)
    if settings.tls:
        client.tls_set(
            ca_certs=settings.ca_file or None, certfile=settings.cert_file or None, keyfile=settings.key_file or None
        )
    client.on_connect, client.on_publish = connected, acknowledged
    try:
        client.connect(settings.broker, settings.port, keepalive=KEEPALIVE_S)
    except (OSError, ssl.SSLError) as error:
        return f"the broker {settings.broker}:{settings.port} cannot be reached ({error})"
    client.loop_start()
    try:
        done.wait(timeout)
    finally:
        client.disconnect()
        client.loop_stop()
    return outcome[0]
