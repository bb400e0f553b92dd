"""`companion box`: show and forget what the table learned about a game's box."""

import json

from companion.cli import main
from companion.store.boxes import BoxFiles


def test_box_shows_learned_facts_and_forget_removes_them(tmp_path, capsys):
    BoxFiles(tmp_path / "box").save("dva_bratri", {"tiles": {"T1": {"colour": "green"}}})
    assert main(["box", "dva_bratri", "--data-dir", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert json.loads(out.split("\n", 1)[1]) == {"tiles": {"T1": {"colour": "green"}}}
    assert main(["box", "dva_bratri", "--forget", "--data-dir", str(tmp_path)]) == 0
    assert "forgot" in capsys.readouterr().out
    assert not (tmp_path / "box" / "dva_bratri.json").exists()
    assert main(["box", "dva_bratri", "--data-dir", str(tmp_path)]) == 0
    assert "nothing learned yet" in capsys.readouterr().out


def test_box_names_an_unknown_game(tmp_path, capsys):
    assert main(["box", "chess", "--data-dir", str(tmp_path)]) == 2
    assert "no game 'chess'" in capsys.readouterr().err
