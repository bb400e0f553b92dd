"""``[club]`` in the config: off by default, a broken section one line naming the key, TLS on
by default off the local network."""

from __future__ import annotations

import pytest

from companion import config as config_module
from companion.club.settings import local_address, settings_of


def load(tmp_path, text: str) -> dict:
    path = tmp_path / "config.toml"
    path.write_text(text, encoding="utf-8")
    return config_module.load(path)


def test_no_club_by_default():
    assert settings_of(config_module.load(None)["club"]) is None


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('[club]\nname = "a b"\nbroker = "x"\n', "'club.name' must be letters"),
        ('[club]\nname = "klub"\n', "'club.broker' must name the MQTT broker"),
        ('[club]\nname = "klub"\nbroker = "x"\nport = 70000\n', "'club.port' must be between"),
        ('[club]\nname = "klub"\nbroker = "x"\ncert_file = "/etc/hostname"\n', "go together"),
        ('[club]\nname = "klub"\nbroker = "x"\npassword = "p"\n', "needs 'club.username'"),
        ('[club]\nname = "klub"\nbroker = "x"\nca_file = "/nonexistent"\n', "is not a file"),
        ('[club]\nname = "klub"\nbroker = "x"\ntls = "maybe"\n', "'club.tls' must be one of auto, on, off"),
        ('[club]\nname = "klub"\nbroker = "x"\nseason = "week"\n', "'club.season' must be one of"),
        ('[club]\nname = "klub"\nbrokr = "x"\n', "unknown key 'club.brokr'"),
    ],
)
def test_a_broken_club_section_is_one_line(tmp_path, text, message):
    with pytest.raises(config_module.ConfigError) as error:
        load(tmp_path, text)
    assert message in str(error.value) and "\n" not in str(error.value)


def test_tls_is_on_unless_the_broker_is_on_this_machine_or_a_private_network(tmp_path):
    far = settings_of(load(tmp_path, '[club]\nname = "klub"\nbroker = "mqtt.example.org"\n')["club"])
    near = settings_of(load(tmp_path, '[club]\nname = "klub"\nbroker = "192.168.1.5"\nbox = "kuchyn"\n')["club"])
    assert far is not None and far.tls and far.port == 8883
    assert near is not None and not near.tls and near.port == 1883 and near.box == "kuchyn"
    forced = settings_of(load(tmp_path, '[club]\nname = "klub"\nbroker = "127.0.0.1"\ntls = "on"\n')["club"])
    assert forced is not None and forced.tls
    assert near.topic("plays", "u") == "companion/klub/plays/u"
    assert all(map(local_address, ("127.0.0.1", "10.0.0.2", "::1", "fe80::1", "box.local", "localhost")))
    assert not any(map(local_address, ("8.8.8.8", "2001:db8::1x", "broker.example.org")))


def test_a_password_file_is_read_and_kept_out_of_the_config(tmp_path):
    secret = tmp_path / "secret"
    secret.write_text("tajné heslo\n", encoding="utf-8")
    cfg = load(tmp_path, f'[club]\nname = "klub"\nbroker = "10.0.0.2"\nusername = "u"\npassword_file = "{secret}"\n')
    settings = settings_of(cfg["club"])
    assert settings is not None and settings.password == "tajné heslo"
