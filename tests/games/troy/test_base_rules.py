"""Troy as the base game and the scenario's text play it (rules version 2): a battle that is due
is fought before anyone wins, Longest Road needs 5 roads, and refusals that name the rule
broken. Each test quotes the rulebook passage it comes from."""

import json
from pathlib import Path

import pytest

from companion.engine import RuleError, Session
from companion.engine.session import ReplayError
from companion.games.troy import GAME

from .helpers import Play

OLD_EXAMPLE = Path(__file__).with_name("recorded") / "example-0.2.0.json"


def refused(play: Play, step: str, value=None) -> RuleError:
    with pytest.raises(RuleError) as error:
        play.answer(step, value)
    return error.value


def next_seat_at_15(row: str, rules: int | None = None) -> Play:
    """Player 2 (seat 1) already has 15 VP (5 settlements, 4 cities, Longest Road with 5
    roads); player 1 rolls and donates the card that fills the row to 10."""
    options = {} if rules is None else {"rules": rules}
    play = Play(4, row, **options).pieces(1, settlement=5, city=4, road=5)
    play.state["longest_road"] = 1
    play.given(row_count=9, row=None if row == "table" else ["lumber", "grain", "wool", "ore"] * 2 + ["brick"])
    play.answer("roll", 8).menu("donate").answer("donate_count", 1)
    if row == "box":
        play.secret("donate_cards", ["ore"])
    assert play.troy["row_count"] == 10 and play.public_total(1) == 15
    return play


@pytest.mark.parametrize("row", ["box", "table"])
def test_a_due_battle_is_fought_before_the_next_seat_wins(row):
    """CZ: "Epizoda v boji o Tróju se rozhoduje, pokud hráč ukončil svůj tah a podporovací řada
    sestává – ve čtyřech hráčích z 10 či více karet … Hráč, který právě ukončil svůj tah, si
    vezme do ruky všechny karty z podporovací řady". With 4 players 0.2.0 ended the game on
    "end" with player 2's win and the battle was never fought; with 6 it was right."""
    play = next_seat_at_15(row).end_turn()
    assert play.prompt.step == "battle" and play.state["over"] is None
    if row == "box":
        play.answer("battle").answer("battle_result")
    else:
        play.answer("battle", 3).answer("battle_mycenae", 3)
    assert len(play.troy["battles"]) == 1
    assert play.state["over"] is not None and play.state["over"]["winner"] == 1


def test_under_rules_1_the_old_order_is_kept_for_recorded_sessions():
    """A session recorded by 0.2.0 where the next seat won before the battle replays as it was."""
    play = next_seat_at_15("box", rules=1).end_turn()
    assert play.state["over"]["winner"] == 1 and play.troy["battles"] == []


def test_longest_road_needs_five_roads_in_troy_too():
    """CZ: "V tomto scénáři platí v zásadě pravidla základní hry" and "Nejdelší obchodní stezka
    může být tvořena pouze silnicemi": the base game's at least 5 roads."""
    play = Play(4).answer("roll", 8).menu("longest_road")
    assert refused(play, "longest_road", 0).rule == "catan.longest_road_five"
    play.answer("longest_road", None)
    for _ in range(3):
        play.menu("road")
    play.menu("longest_road").answer("longest_road", 0)
    assert play.state["longest_road"] == 0


def test_four_donated_cards_are_refused_naming_the_limit():
    """CZ: "Hráč může během své fáze obchodování a stavění jednou poskytnout 1, 2 nebo 3 karty
    surovin"."""
    play = Play(4).answer("roll", 8).menu("donate")
    error = refused(play, "donate_count", 4)
    assert error.rule == "troy.donation_max" and "1 to 3" in error.msg.en and "not 4" in error.msg.en


@pytest.mark.parametrize("item", ["dev", "knight"])
def test_a_development_card_is_never_possible_in_troy(item):
    """CZ: "Pouze nákup akčních karet není možný." and "Protože se v tomto scénáři nepoužívají
    akční karty…" — never, not "not possible now"."""
    play = Play(4).answer("roll", 8)
    error = refused(play, "build", item)
    assert error.rule == "troy.no_development_cards" and "Troy has no development cards" in error.msg.en


def test_too_many_battle_points_say_how_many_cards_are_turned():
    """CZ: "Nyní postupně otočí lícem nahoru – ve čtyřech hráčích 7 karet": Troy 5 leaves
    Mycenae at most 2 of the 7 turned cards, and the refusal says so."""
    play = Play(4, "table").given(row_count=10).answer("roll", 8).end_turn()
    play.answer("battle", 5)
    error = refused(play, "battle_mycenae", 3)
    assert error.rule == "troy.battle_points"
    assert error.msg.en == "7 cards are turned: Troy has 5, so Mycenae has at most 2."
    assert error.msg.cs == "Otočeno: 7 karet. Trója má 5, na Mykény zbývá nejvýš 2."


def test_the_battle_result_is_said_once():
    """The result and the saga are announced once (the news); the confirmation that follows
    shows the turned cards, not the result again."""
    play = Play(4, "box").given(row_count=10, row=["ore", "wool", "lumber", "grain", "brick"] * 2)
    play.answer("roll", 8).end_turn().answer("battle")
    points = play.troy["battles"][-1]["points"]
    line = f"Battle {points['troy']}:{points['mycenae']}"
    prompt = play.prompt
    said = [e for e in play.events() if line in e] + [t for t in (prompt.title.en, prompt.detail.en) if line in t]
    assert len(said) == 1 and prompt.step == "battle_result"


def test_the_sea_people_on_a_ship_need_no_case_for_the_seat():
    """Czech a native speaker would not correct: not "jde na Hráč 2: loď 1"."""
    play = Play(4, "box").given(trade_points=[2, 0, 0, 0], ships=[0, 3, 0, 0]).answer("roll", 6).menu("ship")
    play.answer("sea_people", [1, 1])
    assert "Mořský národ jde na loď 1 (Hráč 2)." in play.events("cs")
    assert not any("jde na Hráč" in e for e in play.events("cs"))


def test_a_session_recorded_under_the_old_rules_replays_as_recorded_and_is_refused_under_the_new():
    """docs/games/troy-example.json as 0.2.0 shipped it: Player 1 claimed Longest Road with 3
    roads. Without the option it replays by the rules it was played by (version 1), to
    the end of the war; under today's rules (``"rules": 2``) that action is refused, naming the rule."""
    doc = json.loads(OLD_EXAMPLE.read_text(encoding="utf-8"))
    assert "rules" not in doc["options"]
    assert Session(GAME, doc["options"], doc["seed"], doc["entries"]).over  # no option: the rules it was played by
    with pytest.raises(ReplayError) as error:
        Session(GAME, {**doc["options"], "rules": 2}, doc["seed"], doc["entries"])
    assert "catan.longest_road_five" in str(error.value)
    s = Session(GAME, {**doc["options"], "rules": 1}, doc["seed"], doc["entries"])
    assert s.over and s.state["longest_road"] == 0
