"""The companion's configuration file (TOML), checked strictly.

An unknown key or a value of the wrong type stops start-up with a message that names the key,
so a typo never silently falls back to a default. Everything has a default: no file is needed.
"""

from __future__ import annotations

import re
import tomllib
from copy import deepcopy
from pathlib import Path

SCHEMA: dict = {
    "language": ("cs", str),
    "mode": ("auto", str),  # auto | hardware | emulated
    "display": {
        "driver": ("sh1106", str),  # sh1106 | ssd1306 | sh1107 | ssd1327 | ssd1322 | none
        "width": (0, int),  # 0 = the driver's usual size (see PANEL_SIZES)
        "height": (0, int),
        "port": (1, int),
        "address": (0x3C, int),
        "rotate": (0, int),
        "contrast": (255, int),
    },
    "buttons": {"up": (5, int), "down": (6, int), "ok": (13, int), "back": (19, int), "debounce_ms": (30, int)},
    "leds": {"pins": ({}, dict)},  # seat number ("1".."5") -> BCM pin or {red, green, blue}
    "seat_buttons": {"pins": ({}, dict)},  # seat number -> {yes = pin, no = pin}
    "pads": {"enabled": (True, bool), "heartbeat_s": (2.0, float)},
    # the web table (docs/web-table.md): on with `run --web` or a socket passed in by companion.socket
    "web": {
        "address": ("", str),  # the IP address the panel's QR code shows; "" = the one phones reach
        "hotspot": ("", str),  # the hotspot's file (setup-pi.sh --hotspot): its Wi-Fi code first
    },
    # a club of boxes over MQTT (docs/club.md): off while ``name`` is empty; nothing is published then
    "club": {
        "name": ("", str),  # the club's name, part of every topic; "" = no club
        "box": ("", str),  # this box's name in the club; "" = the host's name
        "broker": ("", str),  # the broker's IP address or host name
        "port": (0, int),  # 0 = 8883 with TLS, 1883 without
        "prefix": ("companion", str),  # the topics' first level: <prefix>/<club>/plays/<uid>
        "tls": ("auto", str),  # auto: on unless the broker is on a loopback or private address
        "ca_file": ("", str),  # the CA that signed the broker's certificate ("" = the system's)
        "username": ("", str),
        "password": ("", str),
        "password_file": ("", str),  # the password read from this file instead (kept out of the config)
        "cert_file": ("", str),  # a client certificate (with key_file) instead of a password
        "key_file": ("", str),
        "season": ("year", str),  # year | half | quarter | month: what a season of the league is
        "share_earlier": (True, bool),  # the plays finished before the club was set up are shared too
    },
}
CHOICES = {
    "language": ("cs", "en"),
    "mode": ("auto", "hardware", "emulated"),
    "display.driver": ("sh1106", "ssd1306", "sh1107", "ssd1327", "ssd1322", "none"),
    "club.tls": ("auto", "on", "off"),
    "club.season": ("year", "half", "quarter", "month"),
}
# The panel sizes each luma.oled driver is known to drive here; the first is its usual size.
PANEL_SIZES = {
    "sh1106": ((128, 64),),
    "ssd1306": ((128, 64), (128, 32)),
    "sh1107": ((128, 128), (64, 128)),
    "ssd1327": ((128, 128),),
    "ssd1322": ((256, 64),),
    "none": ((128, 64),),
}


BCM_PINS = range(28)  # the 40-pin header's GPIO 0..27
I2C_PINS = (2, 3)  # SDA and SCL: the panel's bus
DISPLAY_ADDRESSES = (0x3C, 0x3D)  # what SH1106/SSD1306-family modules answer on
RANGES = {  # inclusive limits of numbers
    "display.port": (0, 31),
    "display.rotate": (0, 3),
    "display.contrast": (0, 255),
    "buttons.debounce_ms": (0, 1000),
    "pads.heartbeat_s": (0.1, 60.0),
}
SEATS = ("1", "2", "3", "4", "5")
RGB = ("red", "green", "blue")
YES_NO = ("yes", "no")


class ConfigError(Exception):
    """The config file is unreadable or has a bad entry; the message names it."""


def defaults() -> dict:
    def fill(schema):
        return {k: fill(v) if isinstance(v, dict) else deepcopy(v[0]) for k, v in schema.items()}

    return fill(SCHEMA)


def _check(data: dict, schema: dict, where: str, out: dict) -> None:
    for key, value in data.items():
        name = f"{where}{key}"
        if key not in schema:
            known = ", ".join(sorted(schema))
            raise ConfigError(f"unknown key '{name}' (known here: {known})")
        spec = schema[key]
        if isinstance(spec, dict):
            if not isinstance(value, dict):
                raise ConfigError(f"'{name}' must be a table like [{name}]")
            _check(value, spec, f"{name}.", out[key])
            continue
        out[key] = _checked_value(name, value, spec[1])


def _checked_value(name: str, value, expected: type):
    """The value as stored: type-checked (bool is not an int; an int is a fine float), then
    checked against the allowed choices."""
    ok = isinstance(value, expected) and not (expected is int and isinstance(value, bool))
    if expected is float and isinstance(value, int) and not isinstance(value, bool):
        value, ok = float(value), True
    if not ok:
        raise ConfigError(f"'{name}' must be {expected.__name__}, not {type(value).__name__} ({value!r})")
    if name in CHOICES and value not in CHOICES[name]:
        raise ConfigError(f"'{name}' must be one of {', '.join(CHOICES[name])}, not {value!r}")
    return value


def _check_panel_size(display: dict) -> None:
    """Fill in the driver's usual size, or refuse a size the driver cannot drive."""
    sizes = PANEL_SIZES[display["driver"]]
    if display["width"] == 0 and display["height"] == 0:
        display["width"], display["height"] = sizes[0]
        return
    if (display["width"], display["height"]) not in sizes:
        known = ", ".join(f"{w}x{h}" for w, h in sizes)
        raise ConfigError(
            f"'display' size {display['width']}x{display['height']} does not fit driver "
            f"{display['driver']!r} (it drives {known})"
        )


MAX_SIZE = 1 << 20  # a config file is a few hundred bytes; a larger file is not one
DEFAULT_PATH = Path("/etc/companion/config.toml")  # where the Pi set-up puts it (tests point it elsewhere)


def default_path(given: str | Path | None) -> Path | None:
    """The config file to read: ``--config`` if given, else ``DEFAULT_PATH`` when it exists,
    else None (the defaults)."""
    if given is not None:
        return Path(given)
    return DEFAULT_PATH if DEFAULT_PATH.is_file() else None


def load(path: str | Path | None) -> dict:
    """Defaults overlaid by the file at ``path`` (missing path = defaults only)."""
    config = defaults()
    if path is None:
        _check_panel_size(config["display"])
        return config
    path = Path(path)
    from .store.journal import NotReadable, read_regular

    try:
        data = tomllib.loads(read_regular(path, MAX_SIZE).decode("utf-8"))
    except FileNotFoundError:
        raise ConfigError(f"config file {path} does not exist") from None
    except NotReadable as error:
        raise ConfigError(f"config file {path} {error}") from None
    except OSError as error:
        raise ConfigError(f"config file {path} cannot be read: {error.strerror or error}") from None
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as error:
        raise ConfigError(f"config file {path} is not valid TOML: {error}") from None
    except RecursionError:
        raise ConfigError(f"config file {path} is nested too deeply to be a companion config") from None
    except ValueError as error:  # a number too long to read, and what else tomllib may refuse
        raise ConfigError(f"config file {path} is not valid TOML: {error}") from None
    _check(data, SCHEMA, "", config)
    _check_panel_size(config["display"])
    _check_numbers(config)
    _check_pins(config)
    _check_web(config["web"])
    _check_club(config["club"])
    return config


CLUB_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]{0,63}")  # a topic level: no /, +, # or spaces


def _check_club(club: dict) -> None:
    """A club section that cannot work is one line naming the key; an empty ``name`` is no club
    (the rest is then not looked at: a section kept for later does no harm)."""
    if not club["name"]:
        return
    for key in ("name", "box", "prefix"):
        if club[key] and not CLUB_NAME.fullmatch(club[key]):
            raise ConfigError(
                f"'club.{key}' must be letters, digits, '.', '_' or '-' (at most 64, no spaces), not {club[key]!r}"
            )
    if not club["broker"]:
        raise ConfigError(
            "'club.broker' must name the MQTT broker (an IP address or a host name) when 'club.name' is set"
        )
    if not 0 <= club["port"] <= 65535:
        raise ConfigError(f"'club.port' must be between 1 and 65535 (0 = the usual one), not {club['port']!r}")
    if bool(club["cert_file"]) != bool(club["key_file"]):
        raise ConfigError("'club.cert_file' and 'club.key_file' go together: a client certificate needs its key")
    if club["password"] and club["password_file"]:
        raise ConfigError("'club.password' and 'club.password_file': give one of them, not both")
    if (club["password"] or club["password_file"]) and not club["username"]:
        raise ConfigError("'club.password' needs 'club.username'")
    for key in ("ca_file", "cert_file", "key_file", "password_file"):
        if club[key] and not Path(club[key]).is_file():
            raise ConfigError(f"'club.{key}' = {club[key]!r} is not a file")
    if club["tls"] == "off" and (club["cert_file"] or club["ca_file"]):
        raise ConfigError("'club.tls' is off, but a certificate is given: set tls = \"on\" (or \"auto\")")


def _check_web(web: dict) -> None:
    """The panel's QR code needs an IP address: a ``.local`` name does not resolve on many phones."""
    import ipaddress

    if web["address"]:
        try:
            ipaddress.ip_address(web["address"])
        except ValueError:
            raise ConfigError(
                f"'web.address' must be the box's IP address (like 192.168.1.50), not {web['address']!r}"
            ) from None


def _check_numbers(config: dict) -> None:
    for name, (low, high) in RANGES.items():
        section, key = name.split(".")
        value = config[section][key]
        if not low <= value <= high:  # NaN fails both ways round
            raise ConfigError(f"'{name}' must be between {low} and {high}, not {value!r}")
    address = config["display"]["address"]
    if config["display"]["driver"] != "none" and address not in DISPLAY_ADDRESSES:
        known = " or ".join(f"0x{a:02X}" for a in DISPLAY_ADDRESSES)
        raise ConfigError(f"'display.address' must be {known} (the panel's I2C address), not {address!r}")


def _pin(name: str, value) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise ConfigError(f"'{name}' must be a BCM pin number, not {type(value).__name__} ({value!r})")
    if value not in BCM_PINS:
        raise ConfigError(f"'{name}' = {value} is not a GPIO pin (BCM 0-27)")
    if value in I2C_PINS:
        raise ConfigError(f"'{name}' = {value} is an I2C pin (2 and 3 carry the panel's bus)")
    return value


def _seat_pins(section: str, seat, value) -> dict[str, int]:
    """The pins of one seat in [leds] or [seat_buttons], checked, by their full names."""
    if not (isinstance(seat, str) and seat in SEATS):
        raise ConfigError(f"'{section}.pins' key {seat!r} must be a seat number 1-5")
    where = f"{section}.pins.{seat}"
    if section == "leds" and not isinstance(value, dict):
        return {where: _pin(where, value)}
    parts = RGB if section == "leds" else YES_NO
    if not isinstance(value, dict):
        raise ConfigError(f"'{where}' must be a table like {{ {', '.join(f'{p} = <pin>' for p in parts)} }}")
    if set(value) != set(parts):
        raise ConfigError(
            f"'{where}' must have exactly {', '.join(parts)} (has {', '.join(map(str, value)) or 'nothing'})"
        )
    return {f"{where}.{part}": _pin(f"{where}.{part}", value[part]) for part in parts}


def _check_pins(config: dict) -> None:
    """Every pin a BCM GPIO 0-27, none on the I2C bus, none used twice."""
    used: dict[str, int] = {}
    for key in ("up", "down", "ok", "back"):
        used[f"buttons.{key}"] = _pin(f"buttons.{key}", config["buttons"][key])
    for section in ("leds", "seat_buttons"):
        for seat, value in config[section]["pins"].items():
            used.update(_seat_pins(section, seat, value))
    owners: dict[int, str] = {}
    for name, pin in used.items():
        if pin in owners:
            raise ConfigError(f"pin {pin} is used twice: '{owners[pin]}' and '{name}'")
        owners[pin] = name
