"""Every building's formula on a constructed board, doubling, Jindřich's scoring, tie-breaks."""

from companion.games.dva_bratri import GAME, scoring

from .helpers import N, S, blank, put, tile, unit

TILES = {
    "g": tile(colour="green"),
    "s": tile(colour="grey"),
    "y": tile(colour="yellow"),
    "cat": tile("cathedral", "grey"),
    "catY": tile("cathedral", "yellow"),
    "catG": tile("cathedral", "green"),
    "inn": tile("inn", "grey", line="row"),
    "innC": tile("inn", "grey", line="column"),
    "market": tile("marketplace", "grey"),
    "keep": tile("robbers_keep", "grey"),
    "mill": tile("mill", "grey"),
    "mason": tile("stonemason", "yellow"),
    "byre": tile("byre", "grey"),
    "bakery": tile("bakery", "yellow"),
    "smithy": tile("smithy", "green"),
    "lodge": tile("lodge", "grey"),
    "camp": tile("camp", "grey"),
    "farm": tile("farm", "yellow"),
    "saw": tile("sawmill", "green"),
    "quarry": tile("quarry", "grey"),
    "post": tile("trading_post", "grey", depicts="farm"),
    "siege": tile("siege_tower", "grey"),
    "fort": tile("fortress", "grey"),
    "watch": tile("watchtower", "green", line="column"),
    "watchR": tile("watchtower", "grey", line="row"),
    "guard": tile("guardhouse", "grey"),
    "basket": tile("basket_workshop", "grey", pairs=[[[-1, 0], [1, 0]], [[0, 1], [0, -1]]]),
    "potter": tile("potter_workshop", "grey", pairs=[[[-1, 0], [1, 0]]]),
    "cooper": tile("cooper_workshop", "grey", pairs=[[[1, 1], [1, 0]]]),
    "guild": tile("guild_house", "grey", boosts="basket_workshop"),
}


def board(*placed, start="green"):
    st = blank(TILES, start=start)
    for k, t, *rest in placed:
        owner = rest[0] if rest else S
        put(st, k, t, owner, up=owner is not None)
    return st


def pts(st, k):
    return scoring.building_points(st, k)


def test_inn_counts_up_to_three_tiles_each_way_in_its_line():
    st = board(("10,0", "inn"), *[(f"{10 + d},0", "s", None) for d in (-4, -3, -2, -1, 1, 2, 3, 4)])
    assert pts(st, "10,0") == 7
    st = board(("10,0", "innC"), ("10,1", "s", None), ("11,0", "s", None))
    assert pts(st, "10,0") == 2


def test_marketplace_and_robbers_keep():
    st = board(("10,0", "market"), ("10,1", "cat", N), ("11,0", "g", None), ("11,1", "s", None))
    assert pts(st, "10,0") == 3
    st = board(("10,0", "keep"), ("10,1", "cat", N), ("11,0", "cat", N), ("9,0", "cat", S), ("10,-1", "g", None))
    assert pts(st, "10,0") == 6
    st = board(("10,0", "keep"), *[(k, "cat", N) for k in ("10,1", "11,0", "9,0", "10,-1")])
    assert pts(st, "10,0") == 10


def test_mill_stonemason_byre_count_touching_groups_of_their_colour():
    # yellow group touching the mill's side: (11,0)-(12,0)-(12,1); a lone yellow at a corner does not touch
    st = board(
        ("10,0", "mill"),
        ("11,0", "y", None),
        ("12,0", "catY", N),
        ("12,1", "y", None),
        ("11,1", "g", None),
        ("9,1", "y", None),
    )
    assert pts(st, "10,0") == 4
    st = board(("10,0", "mason"), ("10,1", "s", None), ("10,2", "cat", N), ("9,0", "s", None))
    assert pts(st, "10,0") == 4
    st = board(("10,0", "byre"), ("10,1", "s", None))
    assert pts(st, "10,0") == 1


def test_bakery_smithy_lodge_count_own_buildings_of_their_colour():
    st = board(("10,0", "bakery"), ("11,0", "catY"), ("12,0", "catY"), ("13,0", "catY", N), ("14,0", "y", None))
    assert pts(st, "10,0") == 3
    st = board(("10,0", "smithy"), ("11,0", "cat"), ("12,0", "catG"))
    assert pts(st, "10,0") == 2
    st = board(("10,0", "lodge"), ("11,0", "catG"), ("12,0", "catG"))
    assert pts(st, "10,0") == 3


def test_camp_cathedral_producers_and_trading_post():
    st = board(
        ("10,0", "camp"),
        ("11,0", "cat"),
        ("12,0", "farm"),
        ("13,0", "farm"),
        ("14,0", "post"),
        ("15,0", "saw"),
        ("16,0", "quarry"),
        ("17,0", "farm", N),
    )
    assert [pts(st, f"{x},0") for x in range(10, 17)] == [2, 5, 0, 0, 6, 0, 0]


def test_siege_towers_and_fortresses():
    st = board(("10,0", "fort"), ("11,0", "fort"), ("12,0", "siege"), ("13,0", "siege", N))
    assert pts(st, "10,0") == 3 and pts(st, "12,0") == 0


def test_watchtower_and_guardhouse():
    st = board(("10,0", "watch"), ("10,3", "g", None), ("10,-5", "catG", N), ("10,1", "s", None), ("11,0", "g", None))
    assert pts(st, "10,0") == 3
    st = board(("10,0", "guard"), ("12,2", "watch"), ("7,-3", "watchR", N), ("10,2", "watch"))
    assert pts(st, "10,0") == 6


def test_workshops_score_per_pair_and_a_guild_house_raises_the_rate():
    st = board(("10,0", "basket"), ("9,0", "g", None), ("11,0", "y", None), ("10,1", "y", None), ("10,-1", "g", None))
    assert pts(st, "10,0") == 6
    put(st, "20,0", "guild", S)
    assert pts(st, "10,0") == 8
    st = board(("10,0", "potter"), ("9,0", "s", None), ("11,0", "s", None))
    assert pts(st, "10,0") == 0
    # a North workshop is upside down: its printed (1,1) and (1,0) are (-1,-1) and (-1,0) on the board
    st = board(("10,0", "cooper", N), ("9,-1", "g", None), ("9,0", "s", None))
    assert pts(st, "10,0") == 3


def test_own_unit_doubles_opponents_unit_does_not():
    st = board(("10,0", "cat"), ("11,0", "cat"))
    unit(st, "0a", "10,0")
    unit(st, "1green", "11,0")
    assert scoring.side_score(st, S)["buildings"] == 15


def test_jindrich_doubles_his_three_best_and_gets_five_a_treasure(monkeypatch):
    st = board(*[(f"{10 + i},0", "cat", N) for i in range(6)])
    values = dict(zip([f"{10 + i},0" for i in range(6)], [5, 4, 4, 2, 1, 0]))
    monkeypatch.setattr(scoring, "building_points", lambda s, k: values[k])
    monkeypatch.setattr(scoring, "road_points", lambda s: [0, 3])
    unit(st, "1green", "10,0")  # his units never double
    st["board"]["11,0"]["treasure"] = "T01"
    st["board"]["12,0"]["treasure"] = "T02"
    st["treasures"]["stack"] = 1
    assert scoring.side_score(st, N, jindrich=True)["total"] == 47


def test_solo_player_loses_ties_and_two_players_break_ties_by_units_in_the_offer(monkeypatch):
    st = board()
    st["over"] = True
    monkeypatch.setattr(GAME, "_side_scores", lambda s: [{"total": 40, "buildings": 40, "roads": 0}] * 2)
    assert GAME.score(st).winner == N
    st2 = blank(TILES, seats=2)
    st2["over"] = True
    unit(st2, "1a", "0,0")
    assert GAME.score(st2).winner == S  # 2 units in the offer against 1
    unit(st2, "0a", "0,0")
    drawn = GAME.score(st2)  # still level: a draw, both brothers first
    assert drawn.winner is None and drawn.winners == (S, N) and drawn.places == (1, 1)
    assert st["solo"]  # the solo player who only equals Jindřich has lost: no shared place
    assert GAME.score(st).places == () and GAME.score(st).winners == (N,)


def test_inn_reading_counts_the_first_three_tiles_each_way_at_any_distance(monkeypatch):
    # row of the inn (y=5, away from the start tile): tiles 2, 4, 5 and 10 places east, 1 west
    st = board(("10,5", "inn"), *[(f"{10 + d},5", "s", None) for d in (2, 4, 5, 10, -1)])
    assert scoring.INN_READING == scoring.INN_ANY_DISTANCE
    assert pts(st, "10,5") == 1 + 3 + 1
    monkeypatch.setattr(scoring, "INN_READING", scoring.INN_NEXT_PLACES)  # the other reading
    assert pts(st, "10,5") == 1 + 1 + 1


def test_marketplace_scores_five_with_four_side_neighbours():
    st = board(
        ("10,0", "market"),
        ("10,1", "cat", N),
        ("11,0", "g", None),
        ("9,0", "catY"),
        ("10,-1", "y", None),
        ("11,1", "s", None),
        ("9,-1", "s", None),
    )  # corners do not count
    assert pts(st, "10,0") == 5


def test_watchtower_on_a_row_counts_its_colour_anywhere_in_the_row():
    # a grey row watchtower: grey free terrain far east, North's grey building west, a green tile
    # in the row and a grey one in its column do not count
    st = board(("10,0", "watchR"), ("15,0", "s", None), ("6,0", "cat", N), ("11,0", "g", None), ("10,2", "s", None))
    assert pts(st, "10,0") == 3
    unit(st, "0a", "10,0")
    assert scoring.side_score(st, S)["buildings"] == 6  # doubled by the owner's unit


def test_digest_t8_robbers_keep_with_the_owners_or_the_opponents_unit():
    """Digest T8: a keep with 4 opponent buildings at its sides scores 10; 20 with its owner's
    unit on it; 10 with the opponent's unit on it."""
    neighbours = ("10,1", "11,0", "9,0", "10,-1")
    st = board(("10,0", "keep"), *[(k, "cat", N) for k in neighbours])
    assert pts(st, "10,0") == 10
    own = board(("10,0", "keep"), *[(k, "cat", N) for k in neighbours])
    unit(own, "0a", "10,0")
    theirs = board(("10,0", "keep"), *[(k, "cat", N) for k in neighbours])
    unit(theirs, "1green", "10,0")
    # the South side owns only the keep here, so its building points are the keep's
    assert scoring.side_score(own, S)["buildings"] == 20
    assert scoring.side_score(theirs, S)["buildings"] == 10
