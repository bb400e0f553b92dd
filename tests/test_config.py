import pytest

from companion import config
from companion.cli import main


def write(tmp_path, text, name="c.toml"):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_defaults_without_file():
    cfg = config.load(None)
    assert cfg["display"]["driver"] == "sh1106" and cfg["buttons"]["ok"] == 13


def test_file_overrides_defaults(tmp_path):
    cfg = config.load(write(tmp_path, 'language = "en"\n[display]\naddress = 0x3D\n[leds]\npins = {"1" = 17}\n'))
    assert cfg["language"] == "en" and cfg["display"]["address"] == 0x3D
    assert cfg["display"]["driver"] == "sh1106" and cfg["leds"]["pins"] == {"1": 17}


@pytest.mark.parametrize("text, words", [
    ("[display]\nadress = 60\n", ["unknown key 'display.adress'", "address"]),
    ("[buttons]\nok = \"13\"\n", ["'buttons.ok' must be int", "str"]),
    ("[buttons]\nok = true\n", ["'buttons.ok' must be int"]),
    ("display = 3\n", ["'display' must be a table"]),
    ("language = \"de\"\n", ["'language' must be one of cs, en"]),
    ("[display\n", ["not valid TOML"]),
    ("[leds]\npins = {\"9\" = 4}\n", ["seat number 1-5"]),
])
def test_bad_config_names_the_entry(tmp_path, text, words):
    with pytest.raises(config.ConfigError) as err:
        config.load(write(tmp_path, text))
    for word in words:
        assert word in str(err.value)


def test_cli_reports_bad_config_without_traceback(tmp_path, capsys):
    code = main(["run", "--config", str(write(tmp_path, "[oops]\n")), "--data-dir", str(tmp_path),
                 "--script", str(write(tmp_path, "quit\n", "keys.txt"))])
    err = capsys.readouterr().err
    assert code == 2 and "unknown key 'oops'" in err and "Traceback" not in err


def test_missing_config_file(tmp_path, capsys):
    assert main(["run", "--config", str(tmp_path / "none.toml"), "--data-dir", str(tmp_path)]) == 2
    assert "does not exist" in capsys.readouterr().err


def test_options_without_a_command_mean_run(tmp_path, capsys):
    script = write(tmp_path, "host down\n", "keys.txt")
    assert main(["--script", str(script), "--data-dir", str(tmp_path), "--language", "en"]) == 0
    assert "> New game:\n> Graenaland" in capsys.readouterr().out   # the item broken into rows, both marked


@pytest.mark.parametrize("text, size", [
    ("", (128, 64)),
    ('[display]\ndriver = "sh1107"\n', (128, 128)),
    ('[display]\ndriver = "ssd1327"\n', (128, 128)),
    ('[display]\ndriver = "ssd1322"\n', (256, 64)),
    ('[display]\ndriver = "ssd1306"\nwidth = 128\nheight = 32\n', (128, 32)),
])
def test_the_panel_size_follows_the_driver_unless_given(tmp_path, text, size):
    cfg = config.load(write(tmp_path, text))
    assert (cfg["display"]["width"], cfg["display"]["height"]) == size


def test_a_size_the_driver_cannot_drive_is_refused_naming_both(tmp_path):
    with pytest.raises(config.ConfigError, match="256x64 does not fit driver 'sh1106'"):
        config.load(write(tmp_path, '[display]\nwidth = 256\nheight = 64\n'))
