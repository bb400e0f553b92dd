"""The ``[club]`` section as the sync uses it: the broker, TLS decided, the topics."""

from __future__ import annotations

import ipaddress
import socket
from dataclasses import dataclass
from pathlib import Path

from ..config import CLUB_NAME


class ClubConfigError(Exception):
    """A club that cannot be set up from the configuration; the message is one line."""


@dataclass(frozen=True)
class ClubSettings:
    club: str
    box: str
    broker: str
    port: int
    prefix: str
    tls: bool
    ca_file: str
    username: str
    password: str
    cert_file: str
    key_file: str
    season: str
    share_earlier: bool

    @property
    def base(self) -> str:
        """Every topic of the club starts here: ``<prefix>/<club>/``."""
        return f"{self.prefix}/{self.club}/"

    def topic(self, kind: str, key: str) -> str:
        return f"{self.base}{kind}/{key}"

    @property
    def client_id(self) -> str:
        """One per box and club: the broker keeps this box's session (its subscription and
        what it has not yet received) under it while the box is offline."""
        return f"companion-{self.club}-{self.box}"[:128]


def local_address(host: str) -> bool:
    """Whether ``host`` is on this machine or the local network (loopback, a private, link-local
    address, a ``.local`` or ``localhost`` name): there TLS is not on by default."""
    name = host.strip().lower().rstrip(".")
    if name == "localhost" or name.endswith((".local", ".localhost", ".lan", ".home.arpa")):
        return True
    try:
        address = ipaddress.ip_address(name.strip("[]"))
    except ValueError:
        return False
    return address.is_loopback or address.is_private or address.is_link_local


def settings_of(club: dict) -> ClubSettings | None:
    """The settings of a checked ``[club]`` section (``config.load``), None when no club is set."""
    if not club.get("name"):
        return None
    tls = club["tls"] == "on" or (club["tls"] == "auto" and not local_address(club["broker"]))
    password = club["password"]
    if club["password_file"]:
        try:
            password = Path(club["password_file"]).read_text(encoding="utf-8").strip()
        except (OSError, UnicodeDecodeError) as error:
            raise ClubConfigError(f"'club.password_file' cannot be read: {error}") from None
    box = club["box"] or socket.gethostname().split(".")[0]
    if not CLUB_NAME.fullmatch(box):
        box = "".join(c if c.isalnum() or c in "._-" else "-" for c in box)[:64] or "box"
    return ClubSettings(
        club=club["name"],
        box=box,
        broker=club["broker"],
        port=club["port"] or (8883 if tls else 1883),
        prefix=club["prefix"],
        tls=tls,
        ca_file=club["ca_file"],
        username=club["username"],
        password=password,
        cert_file=club["cert_file"],
        key_file=club["key_file"],
        season=club["season"],
        share_earlier=club["share_earlier"],
    )
