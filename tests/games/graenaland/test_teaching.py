"""Teaching the box away from play (setting mode = teach): every piece of every layout, the
reference card, the army track, the houses and the supply cards, each asked once; afterwards a
game's check asks nothing the walk confirmed, for any player count."""

from companion.engine import RuleError, Session
from companion.games.graenaland import GAME, box, boxcheck


def confirm_all(s) -> int:
    """Answer every question with what the box data says now (a confirmation), or, where the
    data has no single value (a cost shown as 'as printed'), the first answer the rules accept."""
    answers = 0
    while not s.over:
        fact = boxcheck.current(s.state)[0]
        now = boxcheck.value_of(boxcheck.records_of(s.state["boxcheck"]["data"]), fact)
        values = [o.value for o in s.prompt.options_for(None) if o.value not in (boxcheck.KEEP, boxcheck.SKIP)]
        ordered = ([now] if now in values else []) + values
        for value in ordered:
            try:
                s.submit({"step": "box_check", "seat": None, "value": value})
                break
            except RuleError:
                continue
        else:
            raise AssertionError(f"no answer accepted for {fact['id']}")
        answers += 1
    return answers


def check_questions(seats: int, memory: dict) -> int:
    s = Session(GAME, {"seats": seats, "check_box": True, "box": memory}, 1)
    asked = 0
    while s.prompt.step == boxcheck.STEP:
        s.submit({"step": boxcheck.STEP, "seat": None, "value": boxcheck.KEEP})
        asked += 1
    return asked


def test_the_walk_asks_every_piece_once_then_no_check_asks_it_again():
    assert [check_questions(n, {}) for n in (3, 4, 5)][1] == 58  # today's check for four players
    s = Session(GAME, {"seats": 3, "mode": "teach"}, 1)
    ids = [boxcheck.current(s.state)[0]["id"]]
    total = boxcheck.current(s.state)[2]
    pieces = {k for n in (3, 4, 5) for k in box.load()["layouts"][str(n)]["pieces"].values()}
    asked_pieces = {
        f["key"] for f in boxcheck.open_facts(box.parse(box.load()), 3, every=True) if f["group"] == "pieces"
    }
    assert asked_pieces == {
        p for p in pieces if any(boxcheck._asked(box.parse(box.load()).pieces[p], f) for f in boxcheck.PIECE_FACTS)
    }
    assert boxcheck.current(s.state)[0].get("teach") and ids[0].startswith("pieces.")  # asked by piece
    assert s.prompt.title.en.startswith("Piece ")  # named by its print, not by a place on a board
    answers = confirm_all(s)
    assert s.over and answers >= total - 5  # a cost is one answer per resource
    scores = s.score()
    assert scores.final and scores.ranking == (0, 1, 2) and set(scores.totals.values()) == {0}
    memory = GAME.learned_box(s.state)
    box.check(box.merge(box.load(), memory))
    assert [check_questions(n, memory) for n in (3, 4, 5)] == [0, 0, 0]


def test_the_walk_stops_and_resumes():
    s = Session(GAME, {"seats": 4, "mode": "teach"}, 1)
    for _ in range(5):
        s.submit({"step": boxcheck.STEP, "seat": None, "value": boxcheck.KEEP})
    again = Session(GAME, s.options, s.seed, s.entries)
    assert again.state == s.state and boxcheck.current(again.state)[1] == 6


def test_skipping_ends_the_walk_and_a_recorded_session_keeps_its_flow():
    s = Session(GAME, {"seats": 4, "mode": "teach"}, 1)
    s.submit({"step": boxcheck.STEP, "seat": None, "value": boxcheck.SKIP})
    assert s.over
    old = Session(GAME, {"seats": 4, "check_box": True}, 1)  # options recorded before "mode"
    assert old.options["mode"] == "play" and not boxcheck.current(old.state)[0].get("teach")
