"""The service stays without a network; the club's drop-in lets the broker's address through only."""

from __future__ import annotations

from companion.club.settings import settings_of
from companion.club.unit import drop_in
from companion.config import defaults
from tests.systemd.test_unit import UNIT, parse_unit

ROOT = UNIT.parents[1]


def club(broker: str):
    settings = settings_of(dict(defaults()["club"], name="klub", broker=broker))
    assert settings is not None
    return settings


def test_the_unit_itself_still_has_no_network():
    service = parse_unit(UNIT.read_text())["Service"]
    assert service["PrivateNetwork"] == ["yes"] and service["IPAddressDeny"] == ["any"]
    assert service["RestrictAddressFamilies"] == ["AF_UNIX"]


def test_the_drop_in_opens_the_brokers_address_only():
    service = parse_unit(drop_in(club("192.168.1.20")))["Service"]
    assert service["IPAddressAllow"] == ["192.168.1.20"] and service["PrivateNetwork"] == ["no"]
    assert service["RestrictAddressFamilies"] == ["AF_UNIX AF_INET AF_INET6"]
    assert "IPAddressDeny" not in service  # the unit's deny=any stays in force
    named = parse_unit(drop_in(club("mqtt.example.org"), ["203.0.113.7"]))["Service"]
    assert named["IPAddressAllow"] == ["203.0.113.7", "localhost"]  # and the resolver
    assert parse_unit((ROOT / "systemd" / "club.conf.example").read_text()) == parse_unit(drop_in(club("192.168.1.20")))
