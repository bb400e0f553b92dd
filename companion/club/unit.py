"""The service's network for a club: ``companion.service`` has no network at all (PrivateNetwork,
IPAddressDeny=any, AF_UNIX only). A club needs exactly one way out, to its broker; this drop-in
(``/etc/systemd/system/companion.service.d/club.conf``) opens that and nothing else."""

from __future__ import annotations

import ipaddress
import socket

from .settings import ClubConfigError, ClubSettings

DROP_IN = "/etc/systemd/system/companion.service.d/club.conf"


def broker_addresses(settings: ClubSettings) -> list[str]:
    """The broker's IP addresses: the address itself, or what its name resolves to now (the
    drop-in must be written again if that changes: an IP address in the config is steadier)."""
    try:
        return [str(ipaddress.ip_address(settings.broker.strip("[]")))]
    except ValueError:
        pass
    try:
        found = socket.getaddrinfo(settings.broker, settings.port, proto=socket.IPPROTO_TCP)
    except OSError as error:
        raise ClubConfigError(f"the broker's name {settings.broker!r} does not resolve here: {error}") from None
    return sorted({str(info[4][0]) for info in found})


def drop_in(settings: ClubSettings, addresses: list[str] | None = None) -> str:
    addresses = broker_addresses(settings) if addresses is None else addresses
    named = not _is_address(settings.broker)
    lines = [
        f"# {DROP_IN}: the club's broker {settings.broker}:{settings.port}, and nothing else",
        "# (written by `companion club unit`; then systemctl daemon-reload && systemctl restart companion)",
        "[Service]",
        "PrivateNetwork=no",
        "RestrictAddressFamilies=AF_UNIX AF_INET AF_INET6",
        "# IPAddressDeny=any stays from the unit: only these addresses are let through",
        f"IPAddressAllow={' '.join(addresses)}",
    ]
    if named:
        lines += [
            "# the broker is named by a host name: the resolver on this machine must be reached too",
            "IPAddressAllow=localhost",
        ]
    return "\n".join(lines) + "\n"


def _is_address(host: str) -> bool:
    try:
        ipaddress.ip_address(host.strip("[]"))
    except ValueError:
        return False
    return True
