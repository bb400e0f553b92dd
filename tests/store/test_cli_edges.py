"""The command line at its edges: what is not a regular file or too large is refused in one
line; a missing data directory is an error; -v shows the traceback; config errors say what."""

from __future__ import annotations

import os
import threading

import pytest

from companion.cli import main
from companion.store import export

from .test_cli import one_line_error, run


@pytest.mark.parametrize("command", ["replay", "import"])
@pytest.mark.parametrize("target", ["/dev/zero", "/dev/null"])
def test_a_device_is_refused_at_once(tmp_path, capsys, command, target):
    (tmp_path / "data").mkdir()
    more = ("--data-dir", str(tmp_path / "data")) if command == "import" else ()
    code, out, err = run(capsys, command, target, *more)
    assert code != 0 and not out
    one_line_error(err)
    assert "is not a regular file" in err


@pytest.mark.parametrize("command", ["replay", "import"])
def test_a_fifo_is_refused_without_waiting_for_a_writer(tmp_path, capsys, command):
    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)
    (tmp_path / "data").mkdir()
    result: list = []
    argv = [command, str(fifo)] + (["--data-dir", str(tmp_path / "data")] if command == "import" else [])
    worker = threading.Thread(target=lambda: result.append(main(argv)), daemon=True)
    worker.start()
    worker.join(10)
    if worker.is_alive():  # unblock the hung reader so the test run can go on
        with open(fifo, "w"):
            pass
        pytest.fail("reading a FIFO hung")
    err = capsys.readouterr().err
    assert result and result[0] != 0 and "is not a regular file" in err
    one_line_error(err)


def test_a_file_over_the_bound_is_refused(tmp_path, capsys, monkeypatch):
    monkeypatch.setattr(export, "MAX_SESSION_FILE", 1000)
    big = tmp_path / "big.json"
    big.write_text("[" + " " * 2000 + "]", encoding="utf-8")
    code, _, err = run(capsys, "replay", str(big))
    assert code != 0 and "is larger (2002 bytes) than the 0 KiB this companion reads" in err
    one_line_error(err)


def test_a_box_file_that_is_a_device_is_refused(tmp_path, capsys):
    (tmp_path / "data").mkdir()
    code, _, err = run(capsys, "box", "gheos", "--import", "/dev/zero", "--data-dir", str(tmp_path / "data"))
    assert code != 0 and "/dev/zero is not a regular file" in err
    one_line_error(err)


@pytest.mark.parametrize(
    "argv",
    [("history",), ("export",), ("export", "--format", "bgstats"), ("stats",), ("box", "gheos")],
)
def test_a_missing_data_directory_is_an_error(tmp_path, capsys, argv):
    code, out, err = run(capsys, *argv, "--data-dir", str(tmp_path / "typo"))
    assert code != 0 and not out
    one_line_error(err)
    assert f"--data-dir {tmp_path / 'typo'} does not exist" in err
    assert not (tmp_path / "typo").exists()


def test_verbose_shows_the_traceback_and_the_plain_message_says_how(tmp_path, capsys, monkeypatch):
    (tmp_path / "data").mkdir()
    from companion.store import sessions

    def broken(self, *makers):
        raise ZeroDivisionError("boom")

    monkeypatch.setattr(sessions.Store, "ended_made", broken)  # what `companion history` reads
    code, _, err = run(capsys, "history", "--data-dir", str(tmp_path / "data"))
    assert code == 1 and "unexpected error: ZeroDivisionError: boom (run again with -v for the traceback)" in err
    one_line_error(err)
    code, _, err = run(capsys, "history", "-v", "--data-dir", str(tmp_path / "data"))
    assert code == 1 and "Traceback" in err and "ZeroDivisionError: boom" in err


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("language = " + "[" * 3000, "nested too deeply"),
        ("language = 1" + "0" * 5000, "not valid TOML"),
        ("[display]\nwidth = nan", "'display.width' must be int"),
    ],
)
def test_config_errors_name_what_is_wrong(tmp_path, capsys, text, said):
    config = tmp_path / "config.toml"
    config.write_text(text, encoding="utf-8")
    code, _, err = run(capsys, "run", "--config", str(config), "--data-dir", str(tmp_path / "data"))
    assert code != 0 and said in err and "unexpected error" not in err
    one_line_error(err)


def test_a_config_that_is_a_device_or_too_large_is_refused(tmp_path, capsys):
    code, _, err = run(capsys, "run", "--config", "/dev/zero", "--data-dir", str(tmp_path / "data"))
    assert code != 0 and "is not a regular file" in err
    big = tmp_path / "big.toml"
    big.write_text("#" * (2 << 20), encoding="utf-8")
    code, _, err = run(capsys, "run", "--config", str(big), "--data-dir", str(tmp_path / "data"))
    assert code != 0 and "is larger" in err
