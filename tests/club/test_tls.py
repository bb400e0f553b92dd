"""TLS to the broker: the broker's certificate checked against the club's CA, a client
certificate instead of a password; a box that does not trust the broker sends nothing."""

from __future__ import annotations

import shutil
import subprocess
import time

import pytest

from companion import config as config_module
from companion.club.runner import ClubLink
from companion.club.settings import settings_of
from companion.known_games import KNOWN
from companion.store import Store

from .conftest import Broker
from .plays import Clock, play_example

OPENSSL = shutil.which("openssl")


def run(*args: str) -> None:
    subprocess.run([OPENSSL, *args], check=True, capture_output=True)


def certificates(folder):
    """A club's CA, the broker's certificate for 127.0.0.1 and a box's client certificate."""
    folder.mkdir()
    ca, ca_key = folder / "ca.crt", folder / "ca.key"
    run("req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", "/CN=club CA",
        "-keyout", str(ca_key), "-out", str(ca))  # fmt: skip
    for name, extra in (("broker", "subjectAltName=IP:127.0.0.1"), ("box", "extendedKeyUsage=clientAuth")):
        key, request, cert = folder / f"{name}.key", folder / f"{name}.csr", folder / f"{name}.crt"
        run("req", "-newkey", "rsa:2048", "-nodes", "-subj", f"/CN={name}", "-keyout", str(key), "-out", str(request))
        (folder / f"{name}.ext").write_text(extra + "\n")
        run("x509", "-req", "-in", str(request), "-CA", str(ca), "-CAkey", str(ca_key), "-CAcreateserial",
            "-days", "2", "-out", str(cert), "-extfile", str(folder / f"{name}.ext"))  # fmt: skip
    return folder


@pytest.fixture
def tls_broker(tmp_path, broker):
    if OPENSSL is None:
        pytest.skip("openssl is missing: the TLS test makes its certificates with it")
    certs = certificates(tmp_path / "certs")
    secure = Broker(tmp_path / "tls-broker")
    secure.conf.write_text(
        secure.conf.read_text()
        + f"cafile {certs / 'ca.crt'}\ncertfile {certs / 'broker.crt'}\nkeyfile {certs / 'broker.key'}\n"
        + "require_certificate true\nuse_identity_as_username true\n"
    )
    secure.start()
    yield secure, certs
    secure.stop()


def one_play_through(tmp_path, port: int, extra: str, wait: float) -> int:
    """A box over TLS with one play: how many plays still wait after ``wait`` seconds at most."""
    config = tmp_path / "tls.toml"
    config.write_text(f'[club]\nname = "klub"\nbox = "b"\nbroker = "127.0.0.1"\nport = {port}\ntls = "on"\n{extra}')
    settings = settings_of(config_module.load(config)["club"])
    assert settings is not None and settings.tls
    data = tmp_path / f"data-{time.monotonic_ns()}"
    with Store(data / "companion.db", rules=KNOWN, clock=Clock()) as store:
        play_example(store, 1, ["Anna", "Petr"])
        link = ClubLink(settings, data, lambda: None)
        link.work(store)
        link.start()
        deadline = time.monotonic() + wait
        while len(link.club.outbox) and time.monotonic() < deadline:
            time.sleep(0.05)
        left = len(link.club.outbox)
        link.close()
    return left


def test_tls_with_the_clubs_ca_and_a_client_certificate(tmp_path, tls_broker):
    secure, certs = tls_broker
    trusted = f'ca_file = "{certs / "ca.crt"}"\ncert_file = "{certs / "box.crt"}"\nkey_file = "{certs / "box.key"}"\n'
    assert one_play_through(tmp_path, secure.port, trusted, wait=15) == 0
    untrusted = f'cert_file = "{certs / "box.crt"}"\nkey_file = "{certs / "box.key"}"\n'  # the system's CAs
    assert one_play_through(tmp_path, secure.port, untrusted, wait=1.5) == 1  # the broker is not trusted: nothing sent
