"""The companion's configuration file (TOML), checked strictly.

An unknown key or a value of the wrong type stops start-up with a message that names the key,
so a typo never silently falls back to a default. Everything has a default: no file is needed.
"""

from __future__ import annotations

import tomllib
from copy import deepcopy
from pathlib import Path

SCHEMA: dict = {
    "language": ("cs", str),
    "mode": ("auto", str),             # auto | hardware | emulated
    "display": {
        "driver": ("sh1106", str),     # sh1106 | ssd1306 | sh1107 | ssd1327 | ssd1322 | none
        "width": (0, int),             # 0 = the driver's usual size (see PANEL_SIZES)
        "height": (0, int),
        "port": (1, int),
        "address": (0x3C, int),
        "rotate": (0, int),
        "contrast": (255, int),
    },
    "buttons": {"up": (5, int), "down": (6, int), "ok": (13, int), "back": (19, int),
                "debounce_ms": (30, int)},
    "leds": {"pins": ({}, dict)},          # seat number ("1".."5") -> BCM pin or {red, green, blue}
    "seat_buttons": {"pins": ({}, dict)},  # seat number -> {yes = pin, no = pin}
    "pads": {"enabled": (True, bool), "heartbeat_s": (2.0, float)},
}
CHOICES = {
    "language": ("cs", "en"),
    "mode": ("auto", "hardware", "emulated"),
    "display.driver": ("sh1106", "ssd1306", "sh1107", "ssd1327", "ssd1322", "none"),
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
        raise ConfigError(f"'display' size {display['width']}x{display['height']} does not fit driver "
                          f"{display['driver']!r} (it drives {known})")


def load(path: str | Path | None) -> dict:
    """Defaults overlaid by the file at ``path`` (missing path = defaults only)."""
    config = defaults()
    if path is None:
        _check_panel_size(config["display"])
        return config
    path = Path(path)
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise ConfigError(f"config file {path} does not exist") from None
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as error:
        raise ConfigError(f"config file {path} is not valid TOML: {error}") from None
    _check(data, SCHEMA, "", config)
    _check_panel_size(config["display"])
    for section in ("leds", "seat_buttons"):
        for seat, pins in config[section]["pins"].items():
            if not seat.isdigit() or not 1 <= int(seat) <= 5:
                raise ConfigError(f"'{section}.pins' key {seat!r} must be a seat number 1-5")
    return config
