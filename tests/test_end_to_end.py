"""The appliance as a user runs it: `companion run --script`, export, replay; and power cuts."""

import json
import os
import random
import signal
import subprocess
from pathlib import Path

import pytest

from companion.games import available, load
from companion.store import Store

from .companion_process import ROOT, run_companion, start_companion
from .keyscript import play_script


def test_four_player_vaaalbara_through_the_emulated_table_and_replay(tmp_path):
    lines, expected = play_script(load("vaaalbara"), 4, seed=3, games_in_menu=available())
    script = tmp_path / "game.txt"
    script.write_text("\n".join(lines) + "\n", encoding="utf-8")
    run = run_companion(
        "run", "--script", str(script), "--data-dir", str(tmp_path / "data"), "--seed", "3", "--language", "en"
    )
    assert run.returncode == 0, run.stderr
    totals = expected.score().totals
    ranking = expected.score().ranking
    label = lambda seat: expected.game.seat_label(expected.state, seat).en  # noqa: E731
    for rank, seat in enumerate(ranking, 1):
        assert f"{rank}. {label(seat)} {totals[seat]}" in run.stdout
    history = run_companion("history", "--data-dir", str(tmp_path / "data"))
    assert "vaaalbara" in history.stdout and f"winner: {label(ranking[0])}" in history.stdout
    export = run_companion(
        "export", "--format", "json", "--out", str(tmp_path / "h.json"), "--data-dir", str(tmp_path / "data")
    )
    assert export.returncode == 0, export.stderr
    replay = run_companion("replay", str(tmp_path / "h.json"), "--json")
    assert replay.returncode == 0, replay.stderr
    result = json.loads(replay.stdout)
    assert result["over"] is True
    assert result["scores"]["totals"] == {str(k): v for k, v in totals.items()}
    assert result["state"] == json.loads(json.dumps(expected.state))


def test_replay_names_the_illegal_action(tmp_path):
    doc = json.loads((ROOT / "docs/games/vaaalbara-example.json").read_text(encoding="utf-8"))
    doc["entries"][3] = {"action": {"step": "take_land", "seat": 0, "value": "lava"}}
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(doc), encoding="utf-8")
    run = run_companion("replay", str(bad), "--json")
    assert run.returncode == 1
    assert "action 3" in run.stderr and "Traceback" not in run.stderr
    bad.write_text(json.dumps(doc)[:100], encoding="utf-8")
    run = run_companion("replay", str(bad), "--json")
    assert run.returncode == 2 and "Traceback" not in run.stderr


def acknowledged(stderr: str) -> dict[int, int]:
    """session id -> highest log index the table acknowledged (logged after the fsync)."""
    acked = {}
    for line in stderr.splitlines():
        if " accepted: " in line and "session " in line:
            words = line.split()
            sid = int(words[words.index("session") + 1])
            acked[sid] = max(acked.get(sid, -1), int(words[words.index("action") + 1]))
    return acked


def finish_script(store_path: Path, seed: int) -> tuple[list[str], object] | None:
    """Keys that finish the stored unfinished game from where it stopped, and the expected end."""
    from companion.engine import Session

    from .keyscript import legal_keys, submit_and_ack

    store = Store(store_path)
    try:
        record = store.unfinished()
        if record is None:
            return None
        session = Session(load(record["game"]), record["options"], record["seed"], store.entries(record["id"]))
    finally:
        store.close()
    rng, lines = random.Random(seed), ["host ok"]  # the restart asks: continue the unfinished game
    while session.prompt is not None:
        more, action = legal_keys(session, rng)
        lines += more + submit_and_ack(session, action)
    return lines + ["host ok"], session


@pytest.mark.kill
def test_power_cut_at_random_moments_loses_no_acknowledged_action(tmp_path):
    """Kill -9 after a random number of acknowledged actions, many times over one store; after
    each cut every acknowledged action is on disk, the file opens, and the game resumes exactly
    where it stopped and plays to its end."""
    game = load("vaaalbara")
    data = tmp_path / "data"
    rng = random.Random(20261121)
    kills = 0
    for attempt in range(15):
        lines, _ = play_script(game, 2 + attempt % 4, seed=attempt, games_in_menu=available())
        script = tmp_path / "game.txt"
        script.write_text("\n".join(lines) + "\n", encoding="utf-8")
        proc = start_companion(
            "run",
            "--script",
            script,
            "--data-dir",
            data,
            "--seed",
            attempt,
            "-v",
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
        )
        cut_after, seen, log = rng.randint(1, 70), 0, []
        for line in proc.stderr:
            log.append(line)
            if " accepted: " in line:
                seen += 1
                if seen == cut_after:
                    os.kill(proc.pid, signal.SIGKILL)
                    kills += 1
                    break
        rest, _ = proc.communicate(timeout=60)
        acked = acknowledged("".join(log) + (rest or ""))
        store = Store(data / "companion.db")  # opens cleanly: no damaged file
        try:
            for sid, last in acked.items():
                assert len(store.entries(sid)) >= last + 1, f"session {sid} lost acknowledged actions"
        finally:
            store.close()
        remaining = finish_script(data / "companion.db", attempt)
        if remaining is None:
            continue
        more, expected = remaining
        script.write_text("\n".join(more) + "\n", encoding="utf-8")
        resumed = run_companion("run", "--script", str(script), "--data-dir", str(data), "--language", "en")
        assert resumed.returncode == 0, resumed.stderr
        scores = expected.score()
        winner = scores.ranking[0]
        label = expected.game.seat_label(expected.state, winner).en
        assert f"1. {label} {scores.totals[winner]}" in resumed.stdout
    assert kills >= 10


def test_the_first_game_keys_of_the_readme_work_as_written(tmp_path):
    """README "Your first game": Enter, ↓ ↓ Enter for four players, two digits and # on every
    pad, the reveal read on the panel itself and put away with a key, then the first question."""
    script = tmp_path / "first.txt"
    script.write_text(
        "host ok\nhost down down ok\npad 1 0 3 #\npad 2 1 2 #\npad 3 0 5 #\npad 4 0 7 #\nhost down\nhost ok\n",
        encoding="utf-8",
    )
    run = run_companion("run", "--script", str(script), "--data-dir", str(tmp_path / "d"), "--seed", "1")
    assert run.returncode == 0, run.stderr
    screens = run.stdout.split("\n[")
    reveal = next(s for s in screens if "Modrá: Lovec" in s)
    assert "Fialová: Zemědělec" in reveal and "Žlutá: Tesař" in reveal and "▼ další" in reveal
    assert "Modrá: Lovec +3" in reveal  # the Hunter's own gain, on her clan's row of the reveal
    assert "Modrá bere kartu:" in screens[-1] and "1 Louka" in screens[-1]


def test_the_language_chosen_in_the_game_menu_is_saved_and_the_restart_asks_about_the_game(tmp_path):
    """Back held (host menu) -> language: English; after a restart the box speaks English and
    first asks whether to continue the unfinished game or end it."""
    first = tmp_path / "first.txt"
    first.write_text("host ok\nhost ok\nhost menu\nhost down down down down ok\n", encoding="utf-8")
    data = tmp_path / "d"
    run = run_companion("run", "--script", str(first), "--data-dir", str(data), "--seed", "1")
    assert run.returncode == 0, run.stderr
    assert "> Language: English" in run.stdout
    again = tmp_path / "again.txt"
    again.write_text("host down ok\n", encoding="utf-8")  # End it
    run = run_companion("run", "--script", str(again), "--data-dir", str(data))
    assert run.returncode == 0, run.stderr
    screens = run.stdout.split("\n[")
    assert screens[0].startswith("[Unfinished: Vaaalbara]") and "Round 1/9," in screens[0]
    assert "> Continue it" in screens[0] and "End it" in screens[0]
    assert "Game ended; it is in\n  the history." in run.stdout
    store = Store(data / "companion.db")
    try:
        assert store.unfinished() is None and store.session(1)["state"] == "abandoned"
    finally:
        store.close()
