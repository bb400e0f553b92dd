"""BG Stats: one createPlay link per play, with the fields BG Stats documents for other apps."""

from __future__ import annotations

from companion.games import available, load
from companion.known_games import KNOWN
from companion.store.reports import bgstats_link, bgstats_play, start_seat

from .test_cli import links_to_plays

game_facts = KNOWN.facts


def _document(game: str, entries: list, scores: dict | None, duration: int = 700) -> dict:
    return {
        "game": game,
        "entries": entries,
        "meta": {
            "started": "2025-06-01T18:00:00+02:00",
            "seats": ["Anna", "Petr", "Eva"],
            "names": ["Anna", "Petr", "Eva"],
            "scores": scores,
            "winner": (scores or {}).get("winner"),
            "duration_s": duration,
        },
    }


RANKED = {"totals": {"0": 7, "1": 12, "2": 3}, "ranking": [0, 1, 2], "places": [1, 2, 3], "winners": [0], "winner": 0}


def test_graenaland_is_not_highest_wins_and_carries_its_confirmed_bgg_id():
    play = bgstats_play(_document("graenaland", [], RANKED), game_facts("graenaland"))
    assert play["game"] == {
        "name": "Graenaland",
        "sourceGameId": "graenaland",
        "bggId": 24843,
        "highestWins": False,  # the announcer (7 points) won over 12 points
        "noPoints": False,
    }
    assert [(p["name"], p["score"], p["rank"], p["winner"]) for p in play["players"]] == [
        ("Anna", 7, 1, True),
        ("Petr", 12, 2, False),
        ("Eva", 3, 3, False),
    ]


def test_only_confirmed_bgg_ids_are_written():
    ids = {name: load(name).bgg_id for name in available()}
    assert {name: i for name, i in ids.items() if i is not None} == {"graenaland": 24843, "gheos": 23730}
    assert bgstats_play(_document("gheos", [], RANKED), game_facts("gheos"))["game"]["bggId"] == 23730
    for game in ("vaaalbara", "dva_bratri", "great_wall", "troy"):
        play = bgstats_play(_document(game, [], RANKED), game_facts(game))
        assert "bggId" not in play["game"] and play["game"]["highestWins"] is True


def test_the_start_player_is_the_one_the_table_recorded():
    entries = [
        {"action": {"step": "start_player", "value": 0}},
        {"undo": {"confirmed": True}},  # taken back: Petr starts
        {"action": {"step": "start_player", "value": 1}},
        {"action": {"step": "place", "seat": 1}},
    ]
    assert start_seat(entries) == 1
    play = bgstats_play(_document("gheos", entries, RANKED), game_facts("gheos"))
    assert [p["startPlayer"] for p in play["players"]] == [False, True, False]
    catan = bgstats_play(
        _document("troy", [{"action": {"step": "first_player", "value": 2}}], RANKED), game_facts("troy")
    )
    assert [p["startPlayer"] for p in catan["players"]] == [False, False, True]
    unknown = bgstats_play(
        _document("vaaalbara", [{"action": {"step": "pick", "seat": 0}}], RANKED), game_facts("vaaalbara")
    )
    assert not any(p["startPlayer"] for p in unknown["players"])


def test_no_rank_zero_and_whole_minutes_as_history_shows():
    unranked = {"totals": {"0": 0, "1": 0, "2": 0}, "winners": []}
    play = bgstats_play(_document("vaaalbara", [], unranked, duration=700), game_facts("vaaalbara"))
    assert all("rank" not in p for p in play["players"])
    assert play["durationMin"] == 11  # `history` shows 700 s as 11 min


def test_a_link_opens_the_documented_create_play_page_with_its_data():
    play = bgstats_play(_document("gheos", [], RANKED), game_facts("gheos"))
    link = bgstats_link(play)
    assert link.startswith("https://app.bgstatsapp.com/createPlay.html?data=%7B%22game%22")
    assert " " not in link and "\n" not in link
    assert links_to_plays(link + "\n") == [play]
