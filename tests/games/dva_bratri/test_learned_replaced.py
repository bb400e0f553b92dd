"""What a session learns is shared by a state and the copy the next action works on
(``Game.shared_parts``): ``box.learn`` replaces it and never changes the old one."""

import json

from companion.engine import Session
from companion.games.dva_bratri import GAME, box

from ..corpus import CORPUS


def test_learning_replaces_the_learned_facts_and_copies_them_in():
    state = {"learned": {"tiles": {"PUT-1": {"colour": "grey"}}, "treasures": {}}}
    before = state["learned"]
    need = [{"colour": "red"}]
    box.learn_fact(state, "tiles", "PUT-1", "building", "marketplace")
    box.learn_fact(state, "treasures", "T1", "need", need)
    need.append({"colour": "blue"})  # the answer list of a question still being asked
    assert before == {"tiles": {"PUT-1": {"colour": "grey"}}, "treasures": {}}
    assert state["learned"] == {
        "tiles": {"PUT-1": {"colour": "grey", "building": "marketplace"}},
        "treasures": {"T1": {"need": [{"colour": "red"}]}},
    }
    box.learn(state, "tiles", "PUT-1", None)
    assert state["learned"]["tiles"] == {} and before["tiles"] == {"PUT-1": {"colour": "grey"}}


def test_an_action_that_learns_nothing_shares_what_was_learned_with_the_state_before_it():
    doc = json.loads((CORPUS / "dva_bratri-2.json").read_text(encoding="utf-8"))["games"][0]
    session = Session(GAME, doc["options"], doc["seed"])
    shared = 0
    for entry in doc["entries"]:
        before = session.state
        session.submit(entry["action"])
        if session.state["learned"] is before["learned"]:
            shared += 1
        else:  # learned anew (a fact told again replaces it too, with the same value)
            assert session.state["learned"] != before["learned"] or entry["action"]["step"] != "turn"
    assert shared > len(doc["entries"]) * 3 // 4
