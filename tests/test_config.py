import pytest

from companion import config
from companion.cli import main

from .companion_process import run_companion, start_companion


def write(tmp_path, text, name="c.toml"):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def assert_refused_in_one_line(tmp_path, text, words):
    """Loading this config text fails with one line that contains every one of ``words``."""
    with pytest.raises(config.ConfigError) as err:
        config.load(write(tmp_path, text))
    for word in words:
        assert word in str(err.value)
    assert "\n" not in str(err.value)


def run_with_config(tmp_path, capsys, text):
    """`companion run` in-process with this config file and a script that quits at once: exit code, stderr."""
    script = write(tmp_path, "quit\n", "keys.txt")
    code = main(["run", "--config", str(write(tmp_path, text)), "--data-dir", str(tmp_path), "--script", str(script)])
    return code, capsys.readouterr().err


def test_defaults_without_file():
    cfg = config.load(None)
    assert cfg["display"]["driver"] == "sh1106" and cfg["buttons"]["ok"] == 13


def test_file_overrides_defaults(tmp_path):
    cfg = config.load(write(tmp_path, 'language = "en"\n[display]\naddress = 0x3D\n[leds]\npins = {"1" = 17}\n'))
    assert cfg["language"] == "en" and cfg["display"]["address"] == 0x3D
    assert cfg["display"]["driver"] == "sh1106" and cfg["leds"]["pins"] == {"1": 17}


@pytest.mark.parametrize(
    "text, words",
    [
        ("[display]\nadress = 60\n", ["unknown key 'display.adress'", "address"]),
        ("[buttons]\nok = \"13\"\n", ["'buttons.ok' must be int", "str"]),
        ("[buttons]\nok = true\n", ["'buttons.ok' must be int"]),
        ("display = 3\n", ["'display' must be a table"]),
        ("language = \"de\"\n", ["'language' must be one of cs, en"]),
        ("[display\n", ["not valid TOML"]),
        ("[leds]\npins = {\"9\" = 4}\n", ["seat number 1-5"]),
    ],
)
def test_bad_config_names_the_entry(tmp_path, text, words):
    assert_refused_in_one_line(tmp_path, text, words)


def test_cli_reports_bad_config_without_traceback(tmp_path, capsys):
    code, err = run_with_config(tmp_path, capsys, "[oops]\n")
    assert code == 2 and "unknown key 'oops'" in err and "Traceback" not in err


def test_missing_config_file(tmp_path, capsys):
    assert main(["run", "--config", str(tmp_path / "none.toml"), "--data-dir", str(tmp_path)]) == 2
    assert "does not exist" in capsys.readouterr().err


def test_options_without_a_command_mean_run(tmp_path, capsys):
    script = write(tmp_path, "host down\n", "keys.txt")
    assert main(["--script", str(script), "--data-dir", str(tmp_path), "--language", "en"]) == 0
    assert "\n> Graenaland" in capsys.readouterr().out  # the table ran the script: down moved to item 2


@pytest.mark.parametrize(
    "text, size",
    [
        ("", (128, 64)),
        ('[display]\ndriver = "sh1107"\n', (128, 128)),
        ('[display]\ndriver = "ssd1327"\n', (128, 128)),
        ('[display]\ndriver = "ssd1322"\n', (256, 64)),
        ('[display]\ndriver = "ssd1306"\nwidth = 128\nheight = 32\n', (128, 32)),
    ],
)
def test_the_panel_size_follows_the_driver_unless_given(tmp_path, text, size):
    cfg = config.load(write(tmp_path, text))
    assert (cfg["display"]["width"], cfg["display"]["height"]) == size


def test_a_size_the_driver_cannot_drive_is_refused_naming_both(tmp_path):
    with pytest.raises(config.ConfigError, match="256x64 does not fit driver 'sh1106'"):
        config.load(write(tmp_path, '[display]\nwidth = 256\nheight = 64\n'))


@pytest.mark.parametrize(
    "text, words",
    [
        ("[buttons]\nok = 28\n", ["'buttons.ok' = 28 is not a GPIO pin (BCM 0-27)"]),
        ("[buttons]\nok = -1\n", ["'buttons.ok' = -1 is not a GPIO pin"]),
        ("[buttons]\nok = 2\n", ["'buttons.ok' = 2 is an I2C pin"]),
        ("[leds]\npins = {\"1\" = 3}\n", ["'leds.pins.1' = 3 is an I2C pin"]),
        ("[buttons]\nok = 5\n", ["pin 5 is used twice: 'buttons.up' and 'buttons.ok'"]),
        ("[leds]\npins = {\"1\" = 17, \"2\" = 17}\n", ["pin 17 is used twice: 'leds.pins.1' and 'leds.pins.2'"]),
        ("[leds]\npins = {\"1\" = 13}\n", ["pin 13 is used twice: 'buttons.ok' and 'leds.pins.1'"]),
        ("[leds]\npins = {\"1\" = \"17\"}\n", ["'leds.pins.1' must be a BCM pin number, not str"]),
        ("[leds]\npins = {\"1\" = [17]}\n", ["'leds.pins.1' must be a BCM pin number, not list"]),
        ("[leds]\npins = {\"1\" = {red = 23, green = 24}}\n", ["'leds.pins.1' must have exactly red, green, blue"]),
        ("[leds]\npins = {\"1\" = {red = 23, green = 24, blue = true}}\n", ["'leds.pins.1.blue' must be a BCM pin"]),
        (
            "[seat_buttons]\npins = {\"1\" = 16}\n",
            ["'seat_buttons.pins.1' must be a table like { yes = <pin>, no = <pin> }"],
        ),
        ("[seat_buttons]\npins = {\"1\" = {yes = 16, no = 16}}\n", ["pin 16 is used twice"]),
        ("[seat_buttons]\npins = {\"1\" = {yes = 16, maybe = 20}}\n", ["must have exactly yes, no"]),
        ("[leds]\npins = {\"²\" = 17}\n", ["'leds.pins' key '²' must be a seat number 1-5"]),
        ("[leds]\npins = {\"١\" = 17}\n", ["'leds.pins' key '١' must be a seat number 1-5"]),
        ("[seat_buttons]\npins = {\"0\" = {yes = 16, no = 20}}\n", ["key '0' must be a seat number 1-5"]),
        ("[display]\naddress = 0x50\n", ["'display.address' must be 0x3C or 0x3D"]),
        ("[display]\nrotate = 4\n", ["'display.rotate' must be between 0 and 3"]),
        ("[display]\ncontrast = 256\n", ["'display.contrast' must be between 0 and 255"]),
        ("[pads]\nheartbeat_s = nan\n", ["'pads.heartbeat_s' must be between"]),
        ("[pads]\nheartbeat_s = 0\n", ["'pads.heartbeat_s' must be between"]),
        ("[buttons]\ndebounce_ms = -5\n", ["'buttons.debounce_ms' must be between 0 and 1000"]),
        ("[web]\naddress = \"box.local\"\n", ["'web.address' must be the box's IP address", "'box.local'"]),
        ("[web]\nport = 80\n", ["unknown key 'web.port'"]),
    ],
)
def test_pins_addresses_and_nested_values_are_checked(tmp_path, text, words):
    assert_refused_in_one_line(tmp_path, text, words)


def test_good_pins_of_every_kind_pass(tmp_path):
    cfg = config.load(
        write(
            tmp_path,
            '[leds]\npins = {"1" = 17, "4" = {red = 23, green = 24, blue = 25}}\n'
            '[seat_buttons]\npins = {"1" = {yes = 16, no = 20}}\n'
            '[display]\ndriver = "none"\naddress = 0x50\n',
        )
    )
    assert cfg["leds"]["pins"]["4"] == {"red": 23, "green": 24, "blue": 25}


def test_a_bad_pin_is_one_line_from_the_cli(tmp_path, capsys):
    code, err = run_with_config(tmp_path, capsys, "[buttons]\nok = 2\n")
    assert code == 2 and err.count("\n") == 1 and "I2C pin" in err


# -- the Pi's config without --config, and logs under journald -------------------------------------


def test_run_without_config_reads_the_default_file_when_it_exists(tmp_path, monkeypatch, capsys):
    """`companion run` with no --config reads /etc/companion/config.toml (here a file the test
    points the constant at): a bad one stops the start naming it; none means the defaults."""
    default = write(tmp_path, "[display]\nadress = 60\n", "config.toml")
    monkeypatch.setattr(config, "DEFAULT_PATH", default)
    script = write(tmp_path, "host ok\n", "keys.txt")
    assert main(["run", "--script", str(script), "--data-dir", str(tmp_path / "d")]) == 2
    assert "unknown key 'display.adress'" in capsys.readouterr().err
    assert config.default_path(None) == default
    assert config.default_path(tmp_path / "other.toml") == tmp_path / "other.toml"  # --config wins
    monkeypatch.setattr(config, "DEFAULT_PATH", tmp_path / "missing.toml")
    assert config.default_path(None) is None
    assert main(["run", "--script", str(script), "--data-dir", str(tmp_path / "d")]) == 0


def test_journal_lines_carry_their_priority_and_no_time():
    import logging

    from companion.run import JournalFormatter

    formatter = JournalFormatter()

    def line(level, message, exc_info=None):
        record = logging.LogRecord("companion.table", level, __file__, 1, message, None, exc_info)
        return formatter.format(record)

    assert line(logging.ERROR, "could not store entry") == "<3>companion.table: could not store entry"
    assert line(logging.WARNING, "pad gone") == "<4>companion.table: pad gone"
    assert line(logging.INFO, "ready") == "<6>companion.table: ready"
    assert line(logging.DEBUG, "opened") == "<7>companion.table: opened"
    assert line(logging.CRITICAL, "down") == "<2>companion.table: down"
    try:
        raise ValueError("bad")
    except ValueError:
        import sys

        traced = line(logging.ERROR, "failed", exc_info=sys.exc_info())
    assert traced.splitlines()[0] == "<3>companion.table: failed"
    assert all(row.startswith("<3>") for row in traced.splitlines())  # the traceback stays an error


def test_under_journald_the_run_logs_priorities_and_its_version(tmp_path):
    """A real run with stderr on the stream JOURNAL_STREAM names: every log line starts with its
    priority, none with a date, and the version is logged at start-up."""
    import os
    import re
    import subprocess

    from companion import __version__

    script = write(tmp_path, "host ok\nhost up\n", "keys.txt")
    read_end, write_end = os.pipe()
    stat = os.fstat(write_end)
    env = dict(os.environ, JOURNAL_STREAM=f"{stat.st_dev}:{stat.st_ino}")
    with os.fdopen(read_end, "rb") as reader:
        run = start_companion(
            "run",
            "--verbose",
            "--script",
            script,
            "--data-dir",
            tmp_path / "d",
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=write_end,
        )
        os.close(write_end)
        lines = reader.read().decode("utf-8").splitlines()
    assert run.wait(timeout=60) == 0
    assert f"<6>companion: companion {__version__} starting (emulated)" in lines
    assert lines and all(re.match(r"<[2-7]>\S", row) for row in lines)
    assert not any(re.search(r"\d{4}-\d\d-\d\d", row) for row in lines)
    # the same run with stderr elsewhere (the variable inherited, the stream not): plain lines
    plain = run_companion("run", "--verbose", "--script", script, "--data-dir", tmp_path / "d2", env=env)
    assert plain.returncode == 0 and re.match(r"\d{4}-\d\d-\d\d .* INFO companion: companion ", plain.stderr)


def test_the_web_tables_address_and_hotspot_file_are_read(tmp_path):
    path = tmp_path / "c.toml"
    path.write_text('[web]\naddress = "192.168.1.50"\nhotspot = "/etc/companion/hotspot.toml"\n')
    assert config.load(path)["web"] == {"address": "192.168.1.50", "hotspot": "/etc/companion/hotspot.toml"}
    assert config.defaults()["web"] == {"address": "", "hotspot": ""}
