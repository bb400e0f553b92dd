"""The rulebook's worked examples (resources 1-3, calling in a unit, roads, Jindřich's placement) and
the digest's derived ones (the offer turning, reach past an empty place)."""

import pytest

from companion.engine import RuleError
from companion.games.dva_bratri import board, jindrich, moves, scoring

from .helpers import N, S, act, blank, cell, put, tile, unit

RES = {"wood": 0, "stone": 0, "grain": 0}


def test_example_1_reach_three_gives_one_of_each():
    tiles = {
        "g": tile(colour="grey"),
        "y": tile(colour="yellow"),
        "w": tile(colour="green"),
        "a": tile(colour="grey"),
        "b": tile(colour="grey"),
        "c": tile(colour="grey"),
    }
    st = blank(tiles, offer=["g", "y", "w", "a", "b", "c"])
    unit(st, "0e", "far")  # not on a tile: only the offer counts here
    assert board.reach(st, S) == 3
    assert board.reachable(st, S) == [1, 2, 3]
    assert board.resources(st, S) == {"wood": 1, "stone": 1, "grain": 1}


def test_example_2_sources_pool_and_serve_every_building():
    tiles = {
        "g": tile(colour="grey"),
        "w": tile(colour="green"),
        "x": tile(colour="yellow"),
        "ybuild": tile("marketplace", "yellow"),
        "gterr": tile(colour="grey"),
        "farm": tile("farm", "green"),
        "inn": tile("inn", "grey", {"wood": 0, "stone": 2, "grain": 1}, line="row"),
        "post": tile("trading_post", "yellow", {"wood": 1, "stone": 0, "grain": 2}, depicts="farm"),
    }
    st = blank(tiles, offer=["g", "w", "x"])
    put(st, "1,0", "ybuild")
    put(st, "2,0", "gterr", up=False)
    put(st, "3,0", "farm")
    unit(st, "0e", "1,0")  # on the yellow building
    unit(st, "0a", "2,0")  # on the grey free terrain; 0b stays in the offer -> reach 2
    assert board.reach(st, S) == 2
    assert board.resources(st, S) == {"grain": 2, "stone": 2, "wood": 1}
    assert moves.check_pay(st, S, "inn") == 0
    assert moves.check_pay(st, S, "post") == 0  # both in one turn: sources are not used up


def test_example_3_free_terrain_takes_one_resource_off():
    tiles = {
        "bakery": tile("bakery", "yellow", {"wood": 1, "stone": 0, "grain": 2}),
        "grey": tile(colour="grey"),
        "y": tile(colour="yellow"),
        "w": tile(colour="green"),
    }
    st = blank(tiles, start="green", offer=["y", "w"])
    unit(st, "0a", "elsewhere")
    unit(st, "0b", "elsewhere")  # no unit in the offer: reach 1, only the yellow offer tile
    # the elite stands on the green start tile (0,0): 1 wood; so grain 1 + wood 1 in all
    st["hands"][S] = ["bakery", "grey"]
    st["turn"]["taken"] = True
    assert board.resources(st, S) == {"wood": 1, "stone": 0, "grain": 1}
    st1 = act(st, "turn", "build")
    with pytest.raises(RuleError) as err:
        act(st1, "build_tile", "bakery")
    assert err.value.rule == "dva_bratri.cannot_pay"
    st = act(st, "turn", "terrain")
    st = act(st, "terrain_tile", "grey")
    st = act(st, "terrain_at", cell(st, "1,0"))
    assert st["turn"]["discounts"] == 1
    st = act(st, "turn", "build")
    st = act(st, "build_tile", "bakery")
    st = act(st, "build_at", cell(st, "0,1"))
    assert st["board"]["0,1"]["owner"] == S and st["turn"]["discounts"] == 0
    assert st["last_building"] == "0,1"


def _example_4():
    tiles = {
        "y": tile("marketplace", "yellow"),
        "g": tile(colour="green"),
        "e": tile(colour="yellow"),
        "o1": tile(colour="grey"),
        "o2": tile(colour="yellow"),
        "o3": tile(colour="grey"),
        "tower": tile("watchtower", "grey", {"wood": 1, "stone": 1, "grain": 1}, line="row"),
    }
    st = blank(tiles, start="green", offer=["o1", "o2", "o3"])
    # G = start tile (0,0), green free terrain; Y = yellow building at (1,0) with a white unit;
    # X = (2,0): next to Y only. The elite stands far off at (-2,0).
    put(st, "1,0", "y")
    put(st, "-1,0", "e", up=False)
    put(st, "-2,0", "e", up=False)
    unit(st, "0e", "-2,0")
    unit(st, "0a", "1,0")
    unit(st, "0b", "offer")
    st["hands"][S] = ["tower"]
    st["turn"]["taken"] = True
    return st


def test_example_4_only_calling_in_a_unit_works():
    st = _example_4()
    assert board.resources(st, S)["wood"] == 0
    with pytest.raises(RuleError):
        moves.check_pay(st, S, "tower")
    # (a) step Y -> G: wood, but nothing of white touches X any more
    a = act(act(act(st, "turn", "step"), "step_unit", "0a"), "step_to", cell(st, "0,0"))
    assert board.resources(a, S)["wood"] == 1
    with pytest.raises(RuleError) as err:
        moves.check_place(a, S, "2,0")
    assert err.value.rule == "dva_bratri.not_next_to_own_unit"
    # (b) withdraw the unit from Y: more reach, but again nothing touches X
    b = act(act(st, "turn", "withdraw"), "withdraw_unit", "0a")
    assert board.reach(b, S) == 3
    with pytest.raises(RuleError):
        moves.check_place(b, S, "2,0")
    # (c) call the offer unit onto G (next to Y): wood from G, Y still touches X
    c = act(act(st, "turn", "call"), "call_to", cell(st, "0,0"))
    assert board.reach(c, S) == 1
    assert moves.check_pay(c, S, "tower") == 0
    c = act(act(act(c, "turn", "build"), "build_tile", "tower"), "build_at", cell(c, "2,0"))
    assert c["board"]["2,0"]["owner"] == S


def test_digest_t7_taking_turns_the_shield_and_refills_its_old_place():
    """Digest T7: reach 3 takes t2; the shield moves to t2's place, the supply's top tile fills
    the shield's old place, and the order from the shield is t3 t4 t5 t6 n t1."""
    names = ["t1", "t2", "t3", "t4", "t5", "t6", "n"]
    st = blank({t: tile(colour="grey") for t in names}, offer=names[:6])
    assert board.reach(st, S) == 3
    st = act(act(st, "turn", "take"), "take_tile", 2)
    assert st["hands"][S] == ["t2"] and st["offer"]["shield"] == 2
    assert st["queue"] == [{"t": "reveal", "slot": 0}] and st["supply"] == 9
    st["offer"]["slots"][0], st["queue"] = "n", []  # the supply's top tile, as if revealed
    assert [st["offer"]["slots"][i] for i in board.clockwise(st)] == ["t3", "t4", "t5", "t6", "n", "t1"]
    assert board.reach(st, N) == 1 and board.reachable(st, N) == [3]  # only t3


def test_digest_t10_an_empty_offer_place_does_not_count_for_reach():
    """Digest T10: reach 2 with the first place from the shield empty reaches the 2nd and 3rd."""
    names = ["t2", "t3", "t4"]
    st = blank({t: tile(colour="grey") for t in names}, offer=[None, *names])
    unit(st, "0a", "far")  # one unit left in the offer: reach 2
    assert board.reach(st, S) == 2
    assert board.reachable(st, S) == [2, 3]
    with pytest.raises(RuleError) as err:
        act(act(st, "turn", "take"), "take_tile", 4)
    assert err.value.rule == "dva_bratri.out_of_reach"


def test_example_5_roads_score_the_difference():
    tiles = {"r": tile("cathedral", "grey", roads=["E", "W"])}
    st = blank(tiles)
    rows = {2: [S, S, S], 4: [S, N, N], 6: [S, S, N, N], 8: [N]}  # roads A, B, C, D
    for y, owners in rows.items():
        for x, owner in enumerate(owners):
            put(st, f"{x + 10},{y}", "r", owner)
    found = {tuple(r["count"]) for r in scoring.roads(st)}
    assert found == {(3, 0), (1, 2), (2, 2), (0, 1)}
    assert scoring.road_points(st) == [3, 1]


def test_four_way_tiles_pilgrimage_sites_and_free_terrain_end_roads():
    tiles = {
        "r": tile("cathedral", "grey", roads=["E", "W"]),
        "x": tile("cathedral", "grey", roads=["N", "E", "S", "W"]),
        "p": tile("pilgrimage", "grey", roads=["E", "W"]),
        "t": tile(colour="grey", roads=["E", "W"]),
    }
    st = blank(tiles)
    for x, t in enumerate(["r", "r", "x", "r", "r"]):
        put(st, f"{x + 10},2", t, S)
    assert sorted(len(r["tiles"]) for r in scoring.roads(st) if len(r["tiles"]) > 1) == [3, 3]  # ends both
    assert scoring.road_points(st) == [6, 0]
    st = blank(tiles)
    for x, t in enumerate(["r", "p", "r", "r"]):
        put(st, f"{x + 10},2", t, S)
    assert sorted(len(r["tiles"]) for r in scoring.roads(st)) == [2, 3]
    assert scoring.building_points(st, "11,2") == 3  # longest road ending at the site
    st = blank(tiles)
    put(st, "10,2", "r", S)
    put(st, "11,2", "t", up=False)  # free terrain: no road, no link
    put(st, "12,2", "r", S)
    assert scoring.road_points(st) == [0, 0]


def _pilgrimage_board():
    tiles = {
        "pm": tile("pilgrimage", "grey", roads=["N", "E", "S", "W"]),
        "f": tile(colour="yellow"),
        "siege": tile("siege_tower", "green", roads=["N", "S"]),
        "yel": tile("cathedral", "yellow"),
        "grn2": tile("fortress", "green"),
    }
    st = blank(tiles, offer=["yel", "siege", "grn2"])
    put(st, "5,5", "pm", S)
    st["last_building"] = "5,5"
    return st


def test_jindrich_example_takes_the_first_matching_tile_and_ends_on_the_sixth_neighbour():
    st = _pilgrimage_board()
    for k in ("5,6", "6,6", "6,5", "6,4", "5,4", "4,5"):  # A1 A2 B1 B2 (sides) and C1..C5 taken
        put(st, k, "f", up=False)
    assert jindrich.choose_take(st, "green") == 2  # the siege tower
    assert jindrich.choose_place(st, "siege") == ("4,4", "C")  # C6 = south-west
    st["active"] = N
    st["queue"] = [{"t": "jindrich"}]
    st["treasures"]["stack"] = 3
    after = act(st, "jindrich_top", "green")
    assert after["board"]["4,4"] == {"tile": "siege", "colour": "green", "up": True, "owner": N, "treasure": None}
    assert after["units"]["1green"]["at"] == "4,4"
    assert after["offer"]["shield"] == 2 and after["offer"]["slots"][0] is None
    assert [t["t"] for t in after["queue"]] == ["jindrich_done", "reveal", "treasure"]
    assert after["queue"][1] == {"t": "reveal", "slot": 0, "expect": "green"}
    assert after["treasures"]["stack"] == 2
    detail = after["queue"][0]["msg"]
    assert "[-1,-1]" not in detail["en"] and "[4,4]" in detail["en"] and "south-west" in detail["en"]
    assert "jihozápadně" in detail["cs"]
    assert after["active"] == S  # his turn is done; the player confirms with one key
    after = act(after, "jindrich_done")
    assert after["queue"][0]["t"] == "reveal"


@pytest.mark.parametrize("his_roads,expected", [(["E"], ("6,5", "A")), (["N"], ("6,5", "B"))])
def test_jindrich_connects_first_then_blocks(his_roads, expected):
    tiles = {"inn": tile("inn", "grey", roads=["E"], line="row"), "j": tile("cathedral", "grey", roads=his_roads)}
    st = blank(tiles)
    put(st, "5,5", "inn", S)
    st["last_building"] = "5,5"
    assert jindrich.choose_place(st, "j") == expected


def test_jindrich_prefers_a_road_over_an_earlier_free_place_and_leaves_when_surrounded():
    tiles = {
        "inn": tile("inn", "grey", roads=["S"], line="row"),
        "j": tile("cathedral", "grey", roads=["S"]),
        "f": tile(colour="grey"),
    }
    st = blank(tiles)
    put(st, "5,5", "inn", S)
    st["last_building"] = "5,5"
    assert jindrich.choose_place(st, "j") == ("5,4", "A")
    for dx, dy in board.RING:
        put(st, f"{5 + dx},{5 + dy}", "f", up=False)
    assert jindrich.choose_place(st, "j") is None


def test_jindrich_without_a_last_building_goes_next_to_the_start_tile():
    tiles = {"j": tile("cathedral", "grey", roads=["S"]), "y": tile(colour="yellow")}
    st = blank(tiles, offer=["y", "j"])
    assert jindrich.choose_take(st, "grey") == 2
    assert jindrich.choose_take(st, "green") == 1  # no green tile: the first from the shield
    assert jindrich.choose_take(st, None) == 1  # empty supply: the first from the shield
    assert jindrich.choose_place(st, "j") == ("0,1", "C")


def _siege_board(jindrich_turn: bool):
    """The player's cathedral at (5,5) is the last building; a siege tower of the side about to
    build touches it at (6,5); the next tower will go north of it, (5,6), by rule C."""
    tiles = {
        "cat": tile("cathedral", "grey"),
        "tower": tile("siege_tower", "green"),
        "tower2": tile("siege_tower", "green"),
        "camp": tile("camp", "yellow"),
    }
    st = blank(tiles, offer=["tower2", "camp"])
    attacker = N if jindrich_turn else S
    defender = S if jindrich_turn else N
    put(st, "5,5", "cat", defender)
    put(st, "6,5", "tower", attacker)
    st["last_building"] = "5,5"
    return st


def test_jindrich_never_destroys_with_two_siege_towers():
    # solo rules: his turn is take, place, treasure, unit; destroying is the owner's choice
    # ("můžete tuto budovu zničit ... Ničení není povinné"), so he never makes it
    st = _siege_board(jindrich_turn=True)
    st["active"] = N
    st["queue"] = [{"t": "jindrich"}]
    after = act(st, "jindrich_top", "green")
    assert after["board"]["5,6"]["tile"] == "tower2" and after["board"]["5,6"]["owner"] == N
    assert "siege" not in [t["t"] for t in after["queue"]]
    assert after["board"]["5,5"]["up"] and after["board"]["5,5"]["owner"] == S


def test_the_player_may_destroy_with_two_siege_towers():
    st = _siege_board(jindrich_turn=False)
    unit(st, "0e", "6,5")
    st["hands"][S] = ["tower2"]
    st = act(act(act(st, "turn", "build"), "build_tile", "tower2"), "build_at", cell(st, "5,6"))
    assert st["queue"] == [{"t": "siege", "targets": ["5,5"]}]
    st = act(st, "siege", "5,5")
    assert not st["board"]["5,5"]["up"] and st["board"]["5,5"]["owner"] is None


def test_jindrich_never_uses_a_camp_and_it_scores_two_for_him():
    st = _siege_board(jindrich_turn=True)
    st["offer"]["slots"][1], st["offer"]["slots"][2] = "camp", "tower2"
    st["active"] = N
    st["queue"] = [{"t": "jindrich"}]
    after = act(st, "jindrich_top", "yellow")
    assert after["board"]["5,6"]["tile"] == "camp" and after["board"]["5,6"]["up"]
    assert after["active"] == S and after["offer"]["slots"][2] == "tower2"  # no second take
    after["queue"] = []
    assert scoring.building_points(after, "5,6") == 2
    assert scoring.side_score(after, N, jindrich=True)["buildings"] == 2 * 2  # among his best 3: doubled
