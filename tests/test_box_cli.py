"""`companion box`: show and forget what the table learned about a game's box."""

import json

from companion.cli import main
from companion.store.boxes import BoxFiles


def test_box_shows_learned_facts_and_forget_removes_them(tmp_path, capsys):
    BoxFiles(tmp_path / "box").save("dva_bratri", {"tiles": {"PUT-1": {"colour": "green"}}})
    assert main(["box", "dva_bratri", "--data-dir", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert json.loads(out.split("\n", 1)[1]) == {"tiles": {"PUT-1": {"colour": "green"}}}
    assert main(["box", "dva_bratri", "--forget", "--data-dir", str(tmp_path)]) == 0
    assert "forgot" in capsys.readouterr().out
    assert not (tmp_path / "box" / "dva_bratri.json").exists()
    assert main(["box", "dva_bratri", "--data-dir", str(tmp_path)]) == 0
    assert "nothing learned yet" in capsys.readouterr().out


def test_box_names_an_unknown_game(tmp_path, capsys):
    assert main(["box", "chess", "--data-dir", str(tmp_path)]) == 2
    assert "no game 'chess'" in capsys.readouterr().err


def test_box_names_memory_the_game_cannot_use_and_forget_clears_it(tmp_path, capsys):
    path = tmp_path / "box" / "graenaland.json"
    path.parent.mkdir()
    path.write_text('{"pieces": "x"}', encoding="utf-8")
    assert main(["box", "graenaland", "--data-dir", str(tmp_path)]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "pieces: must be a table, not text" in err and "--forget" in err
    assert path.exists()  # showing changes nothing
    assert main(["box", "graenaland", "--forget", "--data-dir", str(tmp_path)]) == 0
    assert not path.exists()
    assert BoxFiles(tmp_path / "box").load("graenaland") == {}
