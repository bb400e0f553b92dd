"""Issue 35: words a native speaker would correct, in Czech and English, each checked where the
game says it (and that it fits the 128x64 panel where a title must: two rows)."""

from __future__ import annotations

from companion.engine import Session
from companion.games import load
from companion.surface.panel import SMALLEST

from .troy.helpers import Play


def rows(text: str) -> int:
    return len(SMALLEST.rows(text))


def test_great_wall_founding_names_the_first_player_without_a_case_and_ends_its_sentences():
    game = load("great_wall")
    s = Session(game, {"seats": 4}, 1)
    s.submit({"step": "first_player", "seat": None, "value": 0})
    text = game.scenario.founding_text(s.state)
    assert "po směru od Hráč" not in text.cs and "3. vesnice: po směru hodin, začíná Hráč 1. Za 3. vesnici" in text.cs
    assert "The pirate starts on the sea hex with the junk, top right; the robber is not used." in text.en


def test_great_wall_asks_where_a_number_is_in_english_word_order():
    from companion.games.great_wall import texts

    assert texts.attack_question(6).en == "Where is 6?" and texts.attack_question(6).cs == "Kde je 6?"


def test_a_catan_roll_detail_and_the_development_card_question_read_as_sentences():
    from companion.games.catan import texts

    assert texts.ROLL_DETAIL.en == "2–9: press that number; 0 = 10, 1 = 11, # = 12."
    assert texts.TYPED_ROLL_DETAIL.cs == "Napiš součet kostek (2–12) a potvrď #."
    assert texts.DEV_CARD.en == "Which development card? (secret)"
    assert texts.DEV_CARD.cs == "Jakou akční kartu sis koupil? (tajně)"
    assert rows(texts.DEV_CARD.en) <= 2 and rows(texts.DEV_CARD.cs) <= 2


def test_troy_gives_cards_in_the_accusative():
    play = Play(4, "box").answer("roll", 6).menu("donate").answer("donate_count", 1)
    play.secret("donate_cards", ["ore"])
    assert "Hráč 1 daroval 1 kartu do řady, má 1 obchodní bod." in play.events("cs")


def test_gheos_setting_for_a_war_and_a_migration_at_once_says_what_it_counts():
    from companion.games.gheos import texts

    label = texts.READING_LABELS["war_and_migration_cost"]
    values = dict(texts.READING_VALUES["war_and_migration_cost"])
    assert (label.cs, values[2].cs, values[1].cs) == (
        "Válka a stěhování zároveň",
        "každé za 1 přívržence",
        "1 přívrženec celkem",
    )
    assert (label.en, values[2].en, values[1].en) == (
        "War and migration at once",
        "1 follower each",
        "1 follower in all",
    )


def test_gheos_turn_question_reads_as_a_question_in_two_rows():
    game = load("gheos")
    s = Session(game, {"seats": 2}, 0)
    s.submit({"step": "start_player", "seat": None, "value": 0})
    title = s.prompt.title
    assert title.cs == "1–2 Co dílek vyvolal? Pak přívrženec."
    assert title.en == "1–2 What did the tile do? Then a follower."
    assert rows(title.cs) <= 2 and rows(title.en) <= 2


def test_dva_bratri_roads_question_says_whose_roads():
    from companion.games.dva_bratri.steps.learning import LearnRoadSet

    assert (LearnRoadSet.brief.cs, LearnRoadSet.brief.en) == ("Kde má silnice?", "Where are its roads?")


def test_great_wall_fortress_question_names_who_is_asked_in_two_rows():
    game = load("great_wall")
    s = Session(game, {"seats": 6}, 1)
    s.submit({"step": "first_player", "seat": None, "value": 5})
    assert s.prompt.step == "fortress" and s.prompt.seats == (5,)
    title = s.prompt.title
    assert title.cs == "Hráč 6: u kterého úseku je tvá pevnost?"
    assert title.en == "Player 6: section of your fortress?"
    assert rows(title.cs) <= 2 and rows(title.en) <= 2


def test_a_treasure_met_reads_in_one_page_of_the_smallest_panel(monkeypatch):
    """Issue 35: "remove it from" / "the game." were parted by a page: the sentence fits 3 rows."""
    from companion.engine import Msg
    from companion.games.dva_bratri import turns

    monkeypatch.setattr(turns, "_waits_for_condition", lambda state, k: False)
    monkeypatch.setattr(turns.jindrich, "condition_met", lambda state, k, token: True)
    state = {"board": {"-1,-2": {"treasure": "T01"}}, "treasures": {"cleared": 0}, "queue": [], "recent": []}
    turns.clear_met_treasures(state)
    said = [Msg.from_json(m) for m in state["recent"]]
    assert [m.en for m in said] == ["Treasure on [-1,-2]: its condition is met; remove it."]
    assert state["board"]["-1,-2"]["treasure"] is None and state["treasures"]["cleared"] == 1
    assert all(rows(m.cs) <= 3 and rows(m.en) <= 3 for m in said)


def test_a_knight_refused_for_a_card_bought_this_turn_fits_three_rows_whole():
    """Issue 35: a refusal lost "only." off the panel; it fits three rows (Player 6 the longest)."""
    from companion.games.catan import core

    seats = 6
    state = {"rules": 2, "dev_bought": [1] * seats, "fresh": [1] * seats, "knights": [0] * seats, "deck": None}
    reason = core.knight_refused(state, 5)
    assert reason is not None and reason.rule == "catan.card_bought_this_turn"
    assert reason.msg.en == "Player 6: a card bought this turn waits for a later turn."
    assert reason.msg.cs == "Hráč 6: koupenou kartu lze zahrát až v dalším tahu."
    assert rows(reason.msg.cs) <= 3 and rows(reason.msg.en) <= 3
