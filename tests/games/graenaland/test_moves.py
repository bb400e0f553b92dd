import pytest

from companion.engine import Msg, PromptKind, RuleError
from companion.games.graenaland import GAME
from companion.games.graenaland.board import destination, move_code

from .helpers import apply, empty_board, ok, session, state, to_step


def moving_state():
    """Round 1 of a 4-player game at the movement step, heroes placed by hand."""
    st = state()
    st = apply(st, {"step": "production", "seat": None, "value": None})
    assert st["step"] == "move"
    return st


def move(st, **picks):
    full = {str(s): "warrior:stay" for s in (1, 2, 3)}
    full.update({k.lstrip("s"): v for k, v in picks.items()})
    return apply(st, {"step": "move", "picks": full})


def test_codes_are_hero_then_compass_all_three_keys():
    assert move_code("warrior", "N") == "125"
    assert move_code("priest", "stay") == "255"
    assert move_code("skald", "E2") == "366"
    assert move_code("warrior", "W2") == "144"
    s = session()
    to_step(s, "move")
    for seat in s.prompt.seats:
        codes = [o.code for o in s.prompt.options_for(seat)]
        assert len(set(codes)) == len(codes) and {len(c) for c in codes} == {3}


def test_off_the_island_leaves_the_hero_in_place():
    st = moving_state()
    st["heroes"][1]["warrior"] = "C1"
    after = move(st, s1="warrior:W")
    assert after["heroes"][1]["warrior"] == "C1"
    # the reveal is shown on its own screen, one move a line, before the first proposal
    shown = GAME.prompt(after)
    assert shown.kind is PromptKind.CONFIRM and shown.step == "heroes_moved"
    assert "Player 2: the warrior cannot go west, stays" in shown.detail.en.split("; ")
    assert "Hráč 2: bojovník nemůže na západ, zůstává" in shown.detail.cs.split("; ")
    assert after["heroes"] == st["heroes"] and after["phase"] == "movement"  # nobody moved
    assert apply(after, ok("heroes_moved"))["step"] == "propose"


def test_a_neighbour_in_the_chosen_direction():
    st = moving_state()
    st["heroes"][1]["warrior"] = "C1"
    assert move(st, s1="warrior:NE")["heroes"][1]["warrior"] == "I1"
    assert move(st, s1="warrior:E")["heroes"][1]["warrior"] == "C2"


def test_two_along_the_coast_only_from_the_coast():
    board = state()["board"]
    assert destination(board, "C1", "E2") == "C3"
    assert destination(board, "C3", "W2") == "C1"
    assert destination(board, "C3", "E2") is None  # only one piece left: impossible, stays
    assert destination(board, "I1", "E2") is None  # inland: never two pieces
    st = moving_state()
    st["heroes"][2]["warrior"] = "I1"
    assert move(st, s2="warrior:E2")["heroes"][2]["warrior"] == "I1"
    st["heroes"][2]["warrior"] = "C1"
    assert move(st, s2="warrior:E2")["heroes"][2]["warrior"] == "C3"


def test_moving_onto_an_own_hero_swaps_them():
    st = moving_state()
    st["heroes"][1].update(warrior="C2", priest="C3")
    after = move(st, s1="warrior:E")
    assert after["heroes"][1]["warrior"] == "C3" and after["heroes"][1]["priest"] == "C2"
    lines = GAME.prompt(after).detail.cs.split("; ")
    assert lines[0] == "Hráč 2: bojovník → Pobřeží 3, kněz → Pobřeží 2"
    assert lines[1:] == ["Hráč 3: bojovník zůstává", "Hráč 4: bojovník zůstává"]
    assert GAME.prompt(after).step == "heroes_moved"


def test_other_colours_share_territories():
    st = moving_state()
    st["heroes"][1]["warrior"] = "C1"
    st["heroes"][2]["warrior"] = "C3"
    after = move(st, s1="warrior:E", s2="warrior:W")
    assert after["heroes"][1]["warrior"] == after["heroes"][2]["warrior"] == "C2"


def test_the_main_players_heroes_stay_and_he_is_not_asked():
    s = session()
    to_step(s, "move")
    assert s.state["main"] == 0 and s.prompt.seats == (1, 2, 3)
    with pytest.raises(RuleError) as err:
        s.submit(
            {"step": "move", "picks": {"0": "warrior:E", "1": "warrior:stay", "2": "warrior:stay", "3": "warrior:stay"}}
        )
    assert err.value.rule == "graenaland.main_player_stays"  # the game's rule, not "one from every seat"
    to_step(s, "build")
    to_step(s, "move")  # next round: the ship marker moved left
    assert s.state["main"] == 1 and s.prompt.seats == (2, 3, 0)


def test_one_hero_per_player_per_round():
    s = session()
    to_step(s, "move")
    s.state["heroes"][1]["priest"] = "I3"  # as if the priest had entered
    s.prompt = GAME.prompt(s.state)
    before = (s.state, list(s.entries))
    with pytest.raises(RuleError) as err:  # one pick per seat, never two
        s.submit({"step": "move", "picks": {"1": ["warrior:E", "priest:W"], "2": "warrior:stay", "3": "warrior:stay"}})
    assert err.value.rule == "session.not_an_option"
    assert (s.state, s.entries) == before
    values = [o.value for o in s.prompt.options_for(1)]
    assert "priest:W" in values and "skald:W" not in values  # only heroes in play


def test_a_hero_not_in_play_is_refused_by_the_rules():
    st = moving_state()
    with pytest.raises(RuleError) as err:
        move(st, s1="skald:E")
    assert err.value.rule == "graenaland.hero_not_in_play"


def test_priest_waits_for_the_church_territory_to_be_free_then_enters_after_movement():
    st = moving_state()
    st["heroes"][1]["warrior"] = "C2"
    st["settlements"]["C2"]["1"] = 1
    # seat 1 built its first church on C2 while its warrior stood there
    from companion.games.graenaland import building

    events, (title, _lines) = building.apply(st, 1, "church:C2", "main")
    assert st["heroes"][1]["priest"] is None and st["pending"][1] == {"priest": "C2"}
    assert st["buildings"]["C2"]["church"] == 1 and len(events) == 2  # the build, then the wait
    assert title.cs == "Kněz zatím čeká"  # which screen it is: said only in words (the state says why)
    stayed = move(st)
    assert stayed["heroes"][1]["priest"] is None
    left = move(st, s1="warrior:E")
    assert left["heroes"][1] == {"warrior": "C3", "priest": "C2", "skald": None}
    assert left["pending"][1] == {}
    # the table sees the entry on the moves screen, after the moves
    assert GAME.prompt(left).detail.cs.split("; ")[-1] == "Hráč 2: kněz vstupuje → Pobřeží 2"
    assert apply(left, ok("heroes_moved"))["step"] in ("propose", "build")


def test_first_church_on_a_free_territory_brings_the_priest_at_once():
    st = empty_board(state())
    st["settlements"]["C3"]["0"] = 1
    st["heroes"][0]["warrior"] = "C1"
    from companion.games.graenaland import building

    events, (title, lines) = building.apply(st, 0, "church:C3", "main")
    assert st["heroes"][0]["priest"] == "C3"
    assert st["buildings"]["C3"]["church"] == 0 and len(events) == 2
    assert title.cs == "Kněz vstupuje" and lines == [Msg("Hráč 1: kněz → Pobřeží 3", "Player 1: priest → Coast 3")]
