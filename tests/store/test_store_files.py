"""Every file of the store is read with the checks a session file gets (a regular file, a size
bound, a read that cannot block): a FIFO or /dev/zero in its place is refused in one line, at
once, by every command that reads it, and nothing is changed (issue 34, point 4)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from companion.known_games import KNOWN
from companion.store import Store
from companion.store.boxes import BoxFiles

from .conftest import Clock, play

ROOT = Path(__file__).resolve().parents[2]
WAIT = 30  # seconds: far more than any refusal takes; a hung reader is killed after it


def companion(*argv: str, stdin: str | None = None) -> subprocess.CompletedProcess:
    """The command in a child process, so that one that hangs is killed, not the test run."""
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    try:
        return subprocess.run(
            [sys.executable, "-m", "companion", *argv],
            cwd=ROOT,
            env=env,
            capture_output=True,
            text=True,
            timeout=WAIT,
            input=stdin,
        )
    except subprocess.TimeoutExpired:
        pytest.fail(f"companion {' '.join(argv)} hung")


def refused_in_one_line(done: subprocess.CompletedProcess, *said: str) -> None:
    assert done.returncode != 0, done.stdout
    assert done.stderr.startswith("companion: ") and done.stderr.count("\n") == 1, done.stderr
    assert "Traceback" not in done.stderr
    for words in said:
        assert words in done.stderr


@pytest.fixture
def data(tmp_path) -> Path:
    """A data directory with two finished games (their archives and the index)."""
    folder = tmp_path / "data"
    clock = Clock()
    with Store(folder / "companion.db", clock=clock, rules=KNOWN) as store:
        play(store, clock, "gheos", ["Modrá", "Fialová"], 4)
        play(store, clock, "gheos", ["Modrá", "Fialová"], 4)
    return folder


def snapshot(folder: Path) -> dict[str, bytes | str]:
    """Every file under ``folder`` (a FIFO or a link as what it is), to see that nothing changed."""
    found: dict[str, bytes | str] = {}
    for path in sorted(folder.rglob("*")):
        key = str(path.relative_to(folder))
        if path.is_symlink():
            found[key] = "-> " + os.readlink(path)
        elif path.is_fifo():
            found[key] = "fifo"
        elif path.is_file() and not path.name.endswith(".lock"):
            found[key] = path.read_bytes()
    return found


def replace_with(path: Path, kind: str) -> None:
    path.unlink(missing_ok=True)
    if kind == "fifo":
        os.mkfifo(path)
    else:
        path.symlink_to("/dev/zero")


COMMANDS = [
    ("history",),
    ("stats",),
    ("export", "--format", "json"),
    ("export", "--format", "csv"),
    ("import", "{backup}"),
]


@pytest.mark.parametrize("kind", ["fifo", "zero"])
@pytest.mark.parametrize("argv", COMMANDS, ids=lambda argv: "-".join(argv[:3]))
def test_the_live_journal_as_a_pipe_or_a_device_is_refused(data, tmp_path, kind, argv):
    backup = tmp_path / "backup.json"
    backup.write_text("[]", encoding="utf-8")
    replace_with(data / "companion.db", kind)
    before = snapshot(data)
    done = companion(*(a.format(backup=backup) for a in argv), "--data-dir", str(data))
    refused_in_one_line(done, "companion.db", "is not a regular file")
    assert snapshot(data) == before


@pytest.mark.parametrize("kind", ["fifo", "zero"])
def test_the_table_refuses_to_start_on_a_journal_that_is_a_pipe_or_a_device(data, tmp_path, kind):
    script = tmp_path / "keys.txt"
    script.write_text("quit\n", encoding="utf-8")
    replace_with(data / "companion.db", kind)
    done = companion("run", "--script", str(script), "--data-dir", str(data))
    assert done.returncode != 0 and "is not a regular file" in done.stderr + done.stdout
    assert "Traceback" not in done.stderr


@pytest.mark.parametrize("kind", ["fifo", "zero"])
@pytest.mark.parametrize("argv", COMMANDS[:4], ids=lambda argv: "-".join(argv[:3]))
def test_the_history_index_as_a_pipe_or_a_device_is_refused(data, kind, argv):
    replace_with(data / "history" / "index.db", kind)
    before = snapshot(data)
    done = companion(*argv, "--data-dir", str(data))
    refused_in_one_line(done, "index.db", "is not a regular file")
    assert snapshot(data) == before


@pytest.mark.parametrize("kind", ["fifo", "zero"])
def test_an_archive_that_is_a_pipe_or_a_device_is_named_and_the_rest_exported(data, kind):
    archive = sorted((data / "history").glob("*-*.json"))[0]
    replace_with(archive, kind)
    before = snapshot(data)
    done = companion("export", "--format", "json", "--data-dir", str(data))
    assert done.returncode == 0
    assert done.stderr.count("\n") == 1 and archive.name in done.stderr and "is not a regular file" in done.stderr
    assert len(json.loads(done.stdout)) == 1
    assert snapshot(data) == before


@pytest.mark.parametrize("kind", ["fifo", "zero"])
def test_a_box_file_that_is_a_pipe_or_a_device_is_refused_by_every_box_command(data, tmp_path, kind):
    (data / "box").mkdir()
    replace_with(data / "box" / "dva_bratri.json", kind)
    before = snapshot(data)
    for argv in (("box", "dva_bratri"), ("box", "dva_bratri", "--export", str(tmp_path / "out.json"))):
        done = companion(*argv, "--data-dir", str(data))
        refused_in_one_line(done, "dva_bratri.json", "is not a regular file")
    assert snapshot(data) == before
    assert not (tmp_path / "out.json").exists()


@pytest.mark.parametrize("kind", ["fifo", "zero"])
def test_choosing_a_game_whose_box_file_is_a_pipe_starts_from_the_shipped_data(tmp_path, kind):
    folder = tmp_path / "box"
    folder.mkdir()
    replace_with(folder / "dva_bratri.json", kind)
    memory = BoxFiles(folder, check=KNOWN.memory_problem)
    assert memory.load("dva_bratri") == {}  # at once: nothing read, the shipped data stands
    assert (folder / "dva_bratri.json").is_symlink() or (folder / "dva_bratri.json").is_fifo()


@pytest.mark.parametrize("target", ["fifo", "/dev/zero"])
def test_a_key_script_that_is_a_pipe_or_a_device_is_refused(tmp_path, target):
    if target == "fifo":
        target = str(tmp_path / "keys")
        os.mkfifo(target)
    done = companion("run", "--script", target, "--data-dir", str(tmp_path / "data"))
    refused_in_one_line(done, "cannot read script", "is not a regular file")


@pytest.mark.parametrize("kind", ["fifo", "zero"])
def test_a_pad_pairing_file_that_is_a_pipe_or_a_device_is_ignored_at_once(tmp_path, kind):
    from companion.app import SavedPadSeating

    class Hub:
        def set_seating(self, mapping):
            self.mapping = mapping

    replace_with(tmp_path / "pads.json", kind)
    hub = Hub()
    SavedPadSeating(hub, tmp_path / "pads.json")  # a FIFO would block here until a writer came
    assert hub.mapping == {}
