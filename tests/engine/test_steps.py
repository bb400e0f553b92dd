"""The engine's step machinery, on the toy game: typed actions after one generic check, a step's
named refusal, the standard interruption (ask, answer, resume), settings checked from their
declaration, and the shared option helpers."""

import pytest

from companion.engine import (
    Action,
    Game,
    Msg,
    RuleError,
    Session,
    Setting,
    Step,
    Steps,
    counted,
    counts,
    numbered,
    plural,
)
from companion.engine.prompt import Prompt, PromptKind

from .toy import GAME, Toy

PICK = {"step": "pick", "picks": {"0": 3, "1": 1}}
ROLL = {"step": "roll", "seat": None, "value": None}


def rolled(seed=1):
    s = Session(GAME, {"seats": 2}, seed)
    s.submit(PICK)
    s.submit(ROLL)
    return s


def test_the_awaited_step_builds_the_prompt_and_gets_a_typed_action():
    seen = []

    class Spy(Step):
        name = "spy"

        def prompt(self, state, task):
            return Prompt(PromptKind.CHOICE, "spy", (1,), Msg("?", "?"), {-1: numbered([("a", Msg("A", "A"))])})

        def apply(self, state, action, task):
            seen.append((action, task))
            state["done"] = True

    class One(Toy):
        steps = Steps(Spy())

        def awaiting(self, state):
            return None if state.get("done") else GAME.awaiting(state)._replace(step="spy", task={"why": 1})

    game = One()
    state = game.setup({"seats": 2}, 0)
    after = game.apply(state, {"step": "spy", "seat": 1, "value": "a"})
    assert after["done"] and "done" not in state  # the given state is never changed
    action, task = seen[0]
    assert action == Action("spy", 1, "a") and action.logged == {"step": "spy", "seat": 1, "value": "a"}
    assert task == {"why": 1}
    with pytest.raises(RuleError) as err:
        game.apply(state, {"step": "spy", "seat": 0, "value": "a"})
    assert err.value.rule == "session.not_your_turn"
    assert err.value.text("en") == "It is Player 2's turn now."  # names whose turn it is
    with pytest.raises(RuleError) as err:
        game.apply(after, {"step": "spy", "seat": 1, "value": "a"})
    assert err.value.rule == "session.game_over"


def test_an_unlisted_value_is_refused_with_the_steps_own_rule_when_it_has_one():
    class Picky(Step):
        name = "pick"

        def prompt(self, state, task):
            return GAME.steps["pick"].prompt(state, task)

        def apply(self, state, action, task):
            GAME.steps["pick"].apply(state, action, task)

        def explain(self, state, task, seat, value):
            if value == 9:
                return RuleError("toy.nine", Msg("Devítka není v balíčku.", "There is no nine in the deck."))
            return None

    class Strict(Toy):
        steps = Steps(Picky(), *[GAME.steps[n] for n in ("roll", "bonus", "star")])

    s = Session(Strict(), {"seats": 2}, 1)
    for picks, rule in (({"0": 9, "1": 1}, "toy.nine"), ({"0": 7, "1": 1}, "session.not_an_option")):
        with pytest.raises(RuleError) as err:
            s.submit({"step": "pick", "picks": picks})
        assert err.value.rule == rule
    assert s.entries == []


def test_a_step_that_needs_an_answer_asks_first_and_the_action_is_carried_out_after_it():
    s = rolled()
    die, points = s.state["die"], list(s.state["points"])
    s.submit({"step": "bonus", "seat": 0, "value": 5})  # needs the star first
    assert s.prompt.step == "star" and s.state["points"] == points
    assert s.state["queue"] == [{"t": "star", "resume": {"step": "bonus", "seat": 0, "value": 5}}]
    s.submit({"step": "star", "seat": 0, "value": 1})
    assert s.state["queue"] == [] and s.prompt.step == "pick"
    assert s.state["points"][0] == points[0] + die + 5 + 1  # the bonus was carried out, with the star
    again = Session(GAME, {"seats": 2}, 1, s.entries)
    assert again.state == s.state
    s.commit(s.plan_undo())  # undo takes back the answer only
    assert s.prompt.step == "star" and s.state["points"] == points


def test_a_resumed_action_that_now_breaks_a_rule_is_announced_and_the_answer_kept():
    s = rolled()
    s.submit({"step": "bonus", "seat": 0, "value": 5})
    s.state["bonus_max"] = 5  # (the state as it is)
    forbid = GAME.steps["bonus"]

    class NoFiveWithStar(type(forbid)):
        def apply(self, state, action, task):
            if action.value == 5 and state["star"]:
                raise RuleError("toy.star_five", Msg("Pět s hvězdou nejde.", "No five with a star."))
            super().apply(state, action, task)

    class Game2(Toy):
        steps = Steps(*[GAME.steps[n] for n in ("pick", "roll", "star")], NoFiveWithStar())

    game = Game2()
    after = game.apply(s.state, {"step": "star", "seat": 0, "value": 1})
    assert after["queue"] == [] and after["star"] is True
    assert after["recent"][-1] == {"cs": "Pět s hvězdou nejde.", "en": "No five with a star."}
    assert game.awaiting(after).step == "bonus"  # the bonus is asked again


def test_a_refused_action_changes_nothing():
    s = rolled()
    before = (s.state, list(s.entries))
    with pytest.raises(RuleError) as err:
        s.submit({"step": "bonus", "seat": 0, "value": 4})
    assert err.value.rule == "toy.no_four" and (s.state, s.entries) == before


class Menu(Toy):
    settings = (
        Setting("level", Msg("Úroveň", "Level"), ((2, Msg("2", "2")), (1, Msg("1", "1")))),
        Setting("sets", Msg("Sady", "Sets"), tuple((k, Msg(k, k)) for k in "abcd"), pick=2),
        Setting(
            "big",
            Msg("Velká", "Big"),
            ((True, Msg("ano", "yes")), (False, Msg("ne", "no"))),
            seats=(4,),
            otherwise=False,
        ),
        Setting(
            "strict", Msg("Přísně", "Strict"), ((False, Msg("ne", "no")), (True, Msg("ano", "yes"))), offered=False
        ),
    )
    players = Msg("Hrají 2 až 4.", "2 to 4 play.")


def test_options_are_checked_against_the_declared_settings_and_completed():
    game = Menu()
    assert game.validate_options({"seats": 3}) == {
        "seats": 3,
        "level": 2,
        "sets": ["a", "b"],
        "big": False,
        "strict": False,
        "box": {},
        "rounds": 2,
    }
    assert game.validate_options({"seats": 4})["big"] is True  # its default where it applies
    assert game.validate_options({"seats": 3, "big": False, "strict": True})["strict"] is True
    assert [s.key for s in game.settings if s.in_menu(4)] == ["level", "sets", "big"]  # strict: files only
    assert game.validate_options({"seats": 4, "level": 1, "sets": ["d", "a"], "big": True})["sets"] == ["d", "a"]
    for options, rule, named in (
        ({"seats": 5}, "toy.seats", "2 to 4 play."),
        ({"seats": True}, "toy.seats", "2 to 4 play."),
        ({"seats": 2, "level": 3}, "toy.bad_option", "Option level"),
        ({"seats": 2, "level": True}, "toy.bad_option", "Option level"),  # True is not 1
        ({"seats": 2, "sets": ["a", "a"]}, "toy.bad_option", "Option sets"),
        ({"seats": 2, "sets": ["a", "e"]}, "toy.bad_option", "Option sets"),
        ({"seats": 2, "speed": 1}, "toy.bad_option", "Option speed"),
        ({"seats": 2, "big": True}, "toy.bad_option", "Option big: is for 4 players only"),
        ({"seats": 2, "box": []}, "toy.bad_option", "Option box"),
        ({"seats": 2, "rounds": 0}, "toy.rounds", "At least 1 round"),  # the game's own hook
        ([], "toy.bad_option", "mapping"),
    ):
        with pytest.raises(RuleError) as err:
            game.validate_options(options)
        assert err.value.rule == rule and named in err.value.text("en") and err.value.text("cs")


def test_a_steps_table_refuses_a_name_used_twice():
    with pytest.raises(ValueError):
        Steps(GAME.steps["pick"], GAME.steps["pick"])
    assert list(GAME.steps) == ["pick", "roll", "bonus", "star"] and len(GAME.steps) == 4


def test_numbered_options_have_codes_of_one_width():
    one = numbered([(v, Msg(v, v)) for v in "abc"], back=True)
    assert [o.code for o in one] == ["1", "2", "3", "*"] and one[-1].value == "back"
    twelve = numbered([(n, Msg(str(n), str(n))) for n in range(12)])
    assert [o.code for o in twelve][:2] == ["01", "02"] and twelve[-1].code == "12"
    assert [o.code for o in numbered([(0, Msg("", ""))], first=9)] == ["9"]
    assert [o.code for o in numbered([(0, Msg("", "")), (1, Msg("", ""))], first=9)] == ["09", "10"]
    assert [o.value for o in counts(3, lowest=1)] == [1, 2, 3]


@pytest.mark.parametrize(
    "n, cs, en",
    [
        (0, "0 karet", "0 cards"),
        (1, "1 karta", "1 card"),
        (2, "2 karty", "2 cards"),
        (4, "4 karty", "4 cards"),
        (5, "5 karet", "5 cards"),
        (22, "22 karet", "22 cards"),
    ],
)
def test_czech_plurals_have_three_forms(n, cs, en):
    assert counted(n, ("karta", "karty", "karet"), ("card", "cards")) == Msg(cs, en)
    assert plural(n, "karta", "karty", "karet") == cs.split()[1]


def test_a_game_without_steps_is_a_programming_error():
    with pytest.raises(NotImplementedError):
        Game().prompt({})


def test_the_architecture_doc_shows_the_example_game_as_it_is():
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    doc = (root / "docs/architecture.md").read_text(encoding="utf-8")
    for part in ("steps.py", "game.py"):
        assert f"```python\n{(root / 'companion/games/example' / part).read_text(encoding='utf-8')}```" in doc, part


def test_a_seat_without_a_name_is_called_by_its_number_counted_from_one():
    from companion.engine.i18n import player

    state = GAME.setup(GAME.validate_options({"seats": 3}), seed=1)
    assert GAME.seat_label(state, 0) == player(0) == Msg("Hráč 1", "Player 1")
    assert GAME.seat_label(state, 2).en == "Player 3"
