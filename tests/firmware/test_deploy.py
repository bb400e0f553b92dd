"""deploy.sh with a recording mpremote: the display driver, screen.cfg and the three firmware
files go in one mpremote run (a second run would soft-reset the pad back into main.py)."""

import json
import os
import subprocess

import pytest

from companion.hw import protocol

from . import FIRMWARE

DEPLOY = FIRMWARE / "deploy.sh"


@pytest.fixture
def deploy(tmp_path):
    shims = tmp_path / "bin"
    shims.mkdir()
    log = tmp_path / "mpremote.jsonl"
    fail = tmp_path / "fail"
    (shims / "mpremote").write_text(
        "#!/usr/bin/env python3\nimport json, os, sys\n"
        f"open({str(log)!r}, 'a').write(json.dumps(sys.argv[1:]) + '\\n')\n"
        f"sys.exit(1 if os.path.exists({str(fail)!r}) else 0)\n"
    )
    (shims / "mpremote").chmod(0o755)
    port = tmp_path / "ttyACM0"
    port.write_bytes(b"")
    env = dict(os.environ, PATH=f"{shims}:{os.environ['PATH']}")

    def run(*args, failing=False):
        if failing:
            fail.write_text("1")
        done = subprocess.run(
            ["bash", str(DEPLOY), "--port", str(port), "--wait", "1", *args],
            env=env,
            capture_output=True,
            text=True,
            timeout=60,
        )
        calls = [json.loads(line) for line in log.read_text().splitlines()] if log.exists() else []
        return done, calls, port.read_bytes()

    return run


def copied(call):
    """The (source, target) pairs of the fs cp steps of one mpremote call."""
    return [(call[i + 2], call[i + 3]) for i in range(len(call) - 3) if call[i : i + 2] == ["fs", "cp"]]


def test_default_installs_the_driver_and_copies_the_firmware_in_one_run(deploy):
    done, calls, sent = deploy()
    assert done.returncode == 0, done.stderr
    frames = protocol.FrameDecoder(protocol.HOST_TO_PAD).feed(sent)
    assert [f.verb for f in frames] == ["REPL"]
    (call,) = calls
    assert call[:2] == ["connect", call[1]] and call[2:6] == ["mip", "install", "ssd1306", "+"]
    assert copied(call) == [(f"{FIRMWARE}/{n}", f":{n}") for n in ("padlogic.py", "padscreen.py", "main.py")]
    assert call[-1] == "reset" and "screen.cfg" not in " ".join(call)


def test_screen_size_is_written_to_screen_cfg(deploy, tmp_path):
    done, (call,), _ = deploy("--screen", "128x64")
    assert done.returncode == 0, done.stderr
    (cfg_src, cfg_dst), *_ = copied(call)
    assert cfg_dst == ":screen.cfg"
    assert not os.path.exists(cfg_src)  # the temporary file is gone, its content went across
    assert "mip" in call


def test_offline_driver_file_and_no_screen(deploy, tmp_path):
    driver = tmp_path / "ssd1306.py"
    driver.write_text("# driver\n")
    done, (call,), _ = deploy("--driver", str(driver), "--no-break")
    assert done.returncode == 0, done.stderr
    assert "mip" not in call and (str(driver), ":lib/ssd1306.py") in copied(call)
    assert any("os.mkdir('lib')" in a for a in call)
    done, calls, _ = deploy("--screen", "none", "--no-break")
    assert done.returncode == 0 and "no screen" in done.stdout
    assert "mip" not in calls[-1] and any("os.remove('screen.cfg')" in a for a in calls[-1])
    assert [dst for _, dst in copied(calls[-1])] == [":padlogic.py", ":padscreen.py", ":main.py"]


@pytest.mark.parametrize(
    "args, message",
    [
        (("--screen", "96x16"), "--screen must be 128x32, 128x64 or none"),
        (("--driver", "/nonexistent/ssd1306.py"), "no such driver file"),
        (("--screen", "none", "--driver", __file__), "contradict"),
    ],
)
def test_bad_options_are_refused_before_touching_the_pad(deploy, args, message):
    done, calls, sent = deploy(*args)
    assert done.returncode != 0 and message in done.stderr
    assert done.stderr.count("\n") == 1 and calls == [] and sent == b""


def test_a_failed_mpremote_run_says_what_to_do(deploy):
    done, calls, _ = deploy("--no-break", failing=True)
    assert done.returncode == 1 and len(calls) == 1
    assert "--driver FILE" in done.stderr and done.stderr.count("\n") == 1
