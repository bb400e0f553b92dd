"""The guided check of the box data on the device (setup option check_box)."""

import copy
import json

import pytest

from companion.engine import PromptKind, RuleError, Session
from companion.games.graenaland import GAME, box, boxcheck, building

from .helpers import session, to_step


def answer(s, value, seat=None):
    return s.submit({"step": "box_check", "seat": seat, "value": value})


def fact_id(s):
    return boxcheck.current(s.state)[0]["id"]


def keep_until(s, wanted):
    while fact_id(s) != wanted:
        answer(s, "keep")


def values(s):
    return [o.value for o in s.prompt.options_for(None)]


def box_only(seats, *open_ids):
    """A box option that leaves exactly ``open_ids`` unverified among what the walk would ask."""
    data = box.load()
    entries = {}
    for fact in boxcheck.open_facts(box.parse(data), seats):
        entries.setdefault((fact["group"], fact["key"]), [])
        if fact["id"] in open_ids:
            entries[(fact["group"], fact["key"])].append(fact["field"])
    override = {}
    for (group, key), still_open in entries.items():
        entry = data[group][key] if key else data[group]
        fields = box.device_fields(group, entry, data)
        patch = (
            {"verified": False, "confirmed": [f for f in fields if f not in still_open]}
            if still_open
            else {"verified": True}
        )
        if key:
            override.setdefault(group, {})[key] = patch
        else:
            override[group] = patch
    return override


def answer_everything(s):
    """Pick the first value offered for every fact (the next one when the data refuses it)."""
    while s.prompt.step == "box_check":
        for value in values(s)[1:-1]:
            try:
                answer(s, value)
                break
            except RuleError:
                continue
        else:
            raise AssertionError(f"no answer accepted for {fact_id(s)}")


# -- the walk ----------------------------------------------------------------------------------
def test_off_by_default_and_offered_as_a_menu_setting():
    assert session().prompt.step == "production"
    setting = next(x for x in GAME.settings if x.key == "check_box")
    assert setting.initial() is False and len(setting.label.cs) <= 18 and len(setting.label.en) <= 18
    with pytest.raises(RuleError) as err:
        Session(GAME, {"seats": 4, "check_box": "yes"}, 0)
    assert err.value.rule == "graenaland.bad_option"
    assert "check_box" in err.value.text("en")  # which option: named only in the sentence


def test_the_walk_asks_every_open_fact_of_this_player_count_grouped_per_piece():
    s = session(seats=3, check_box=True)
    p = s.prompt
    assert p.kind is PromptKind.CHOICE and p.step == "box_check" and p.seats == ()  # host or any pad
    options = p.options_for(None)
    assert (options[0].value, options[0].code) == ("keep", "#") and options[0].label.en == "Keep: plains"
    assert (options[-1].value, options[-1].code) == ("skip", "*")
    assert [o.value for o in options[1:-1]] == ["plains", "forest", "hills"]  # a coastal piece
    facts = [f["id"] for f in boxcheck.open_facts(boxcheck.records_of(s.state["boxcheck"]["data"]), 3)]
    # what and where first, the progress last (the screen cuts what does not fit)
    assert p.title.en == f"Coast 1: terrain 1/{len(facts)}" and p.title.cs == f"Pobřeží 1: terén 1/{len(facts)}"
    assert options[0].label.cs == "Nechat: pláně" and options[-1].label.cs == "Přeskočit zbytek"
    assert "pieces.T1.terrain" in p.detail.en and "Teď: pláně" in p.detail.cs
    pieces = [f.split(".")[1] for f in facts if f.startswith("pieces.")]
    assert sorted(set(pieces)) == ["T1", "T2", "T3", "T4", "T5"]  # no 4,5 or 5 pieces
    assert pieces == sorted(pieces, key=["T1", "T2", "T5", "T3", "T4"].index)  # C1 C2 C3 I1 I2
    assert "pieces.T4.buildings" not in facts and "pieces.T4.stronghold_resource" not in facts  # mountains
    assert "costs.church.cost" in facts and "public.road.cost" in facts and "costs.army.cost" not in facts
    assert "army_max.value" in facts and "house_limit.value" in facts and "supply_cards.faces.16" in facts
    assert not any(f.startswith(("layouts", "vp_cards", "meta")) for f in facts)  # file only


def test_correcting_a_piece_to_mountains_removes_its_building_options():
    s = session(check_box=True)
    before = session()
    to_step(before, "build")
    assert {"church:I1", "stronghold:I1"} <= set(building.legal(before.state, 0, "main"))
    keep_until(s, "pieces.T3.terrain")  # I1, where seat 0 has a settlement
    assert values(s)[1:-1] == ["hills", "mountains"]  # an inland piece
    total = boxcheck.current(s.state)[2]
    answer(s, "mountains")
    info = s.state["board"]["territories"]["I1"]
    assert (info["terrain"], info["settlement_cost"], info["buildings"]) == ("mountains", {"any": 6}, [])
    assert boxcheck.current(s.state)[2] == total - 2  # no symbols to ask about any more
    assert fact_id(s) == "pieces.T3.settlement_cost"
    assert s.state["recent"][-1]["en"] == "Inland 1, terrain: mountains (corrected)."
    answer(s, "skip")
    assert s.prompt.step == "start_spots" and "boxcheck" not in s.state
    to_step(s, "build")
    legal = building.legal(s.state, 0, "main")
    assert not [v for v in legal if v.split(":")[0] in building.BUILDINGS and v.split(":")[1] == "I1"]
    assert "settlement:I1" in legal
    with pytest.raises(RuleError) as err:
        building.check(s.state, 0, "church:I1", "main")
    assert err.value.rule == "graenaland.no_buildings_on_mountains"


def test_a_cost_is_entered_resource_by_resource_and_checked_as_a_whole():
    s = session(box=box_only(4, "costs.church.cost", "pieces.T1.settlement_cost"), check_box=True)
    assert fact_id(s) == "pieces.T1.settlement_cost"
    assert values(s)[1:-1] == [0, 1, 2, 3, 4]  # a coastal settlement costs 4
    answer(s, 1)  # grain
    answer(s, 0)  # livestock
    assert values(s)[1:-1] == [0, 1, 2, 3] and s.state["boxcheck"]["partial"] == {"grain": 1, "livestock": 0}
    assert "Entered: 1 grain + 0 livestock." in s.prompt.detail.en  # the screen shows what is entered
    answer(s, 2)  # wood; ore is what is left
    assert s.state["board"]["territories"]["C1"]["settlement_cost"] == {"grain": 1, "wood": 2, "ore": 1}
    assert fact_id(s) == "costs.church.cost" and s.state["boxcheck"]["partial"] == {}  # from the first resource
    assert "kolik obilí stojí kostel" in s.prompt.detail.cs
    for count in (0, 0, 0):
        answer(s, count)
    assert 0 not in values(s)  # a cost is never empty
    answer(s, 2)
    assert s.prompt.step == "start_spots"
    assert s.state["board"]["costs"]["church"] == {"ore": 2}
    learned = s.state["learned"]
    assert learned["costs"]["church"] == {
        "cost": {"ore": 2},
        "confirmed": ["cost"],
        "verified": True,
        "source": "corrected on the device",
    }
    assert "costs.church" not in s.state["board"]["unverified"]


def test_keep_changes_nothing_and_is_asked_again_next_time():
    s = session(box=box_only(4, "army_max.value", "house_limit.value"), check_box=True)
    answer(s, "keep")
    assert s.state["boxcheck"]["counts"] == {"corrected": 0, "confirmed": 0, "kept": 1}
    assert "Klan má 14 domečků, 1 z nich na počitadle vojska." in s.prompt.detail.cs  # from the box data
    answer(s, "yes")  # the houses do limit building: confirmed
    assert s.prompt.step == "start_spots"
    assert s.state["learned"] == {
        "house_limit": {"value": True, "confirmed": ["value"], "verified": True, "source": "corrected on the device"}
    }
    assert s.state["recent"][-2]["en"] == "Houses: they limit (confirmed)."
    # the walk's tally leaves the state with the walk: after it only the closing sentence holds it
    assert "opraveno 0, potvrzeno 1, ponecháno 1" in s.state["recent"][-1]["cs"]
    again = Session(GAME, {"seats": 4, "box": GAME.learned_box(s.state), "check_box": True}, 0)
    assert fact_id(again) == "army_max.value"
    answer(again, "skip")
    assert again.prompt.step == "start_spots"


def test_army_track_end_learned_on_the_device_caps_the_army():
    s = session(box=box_only(4, "army_max.value"), check_box=True)
    # asking 2 (issue 35): a count is its own code, "3" as in a cost (asking 1 numbered it "03")
    assert values(s)[1:-1] == list(range(3, 16)) and s.prompt.options_for(None)[1].code == "3"
    answer(s, 3, seat=2)  # any pad may answer
    to_step(s, "build")
    st = copy.deepcopy(s.state)
    assert st["board"]["rules"]["army_max"] == 3
    st["army"][0] = 3
    assert "army" not in building.legal(st, 0, "main")
    with pytest.raises(RuleError) as err:
        building.check(st, 0, "army", "main")
    assert err.value.rule == "graenaland.army_track_end" and "(3)" in err.value.text("cs")


def test_replaying_a_log_with_corrections_gives_the_same_state():
    s = session(seats=5, check_box=True)
    answer(s, "forest")  # C1 terrain
    answer(s, 2)
    answer(s, 2)  # settlement: 2 grain + 2 livestock
    answer(s, "church+hall", seat=3)  # no stronghold: nothing under it to ask
    answer(s, "wood")
    answer(s, "keep")  # C2 terrain
    assert fact_id(s) == "pieces.T6.settlement_cost"
    keep_until(s, "supply_cards.faces.1")
    answer(s, "grain+wood")
    answer(s, "skip")
    to_step(s, "build")
    again = Session(GAME, s.options, 0, s.entries)  # as recorded (its version with it)
    assert again.state == s.state and again.prompt == s.prompt
    assert GAME.learned_box(again.state) == GAME.learned_box(s.state)
    assert s.state["board"]["territories"]["C1"]["terrain"] == "forest"
    assert s.state["board"]["supply"]["faces"][0] == ["grain", "wood"]
    json.dumps(s.state)


def test_a_bad_correction_is_refused_and_changes_nothing():
    faces = ["unknown"] * 16
    faces[0] = ["grain", "wood"]
    box = box_only(4, "supply_cards.faces.2", "pieces.T3.terrain")
    box["supply_cards"].update(faces=faces)
    box["pieces"]["T3"]["settlement_cost"] = {"ore": 5}  # a confirmed mix for hills (5)
    s = session(box=box, check_box=True)
    assert fact_id(s) == "pieces.T3.terrain"
    before = (copy.deepcopy(s.state), list(s.entries))
    with pytest.raises(RuleError) as err:
        answer(s, "mountains")  # a mountain settlement costs 6
    assert err.value.rule == "graenaland.box_correction"
    assert "pieces.T3.settlement_cost" in err.value.text("en") and "says 6" in err.value.text("en")
    assert "pieces.T3.settlement_cost" in err.value.text("cs") and "nelze přijmout" in err.value.text("cs")
    assert (s.state, s.entries) == before
    answer(s, "hills")
    before = (copy.deepcopy(s.state), list(s.entries))
    with pytest.raises(RuleError) as err:
        answer(s, "grain+wood")  # card 1 shows that already
    assert err.value.rule == "graenaland.box_correction" and (s.state, s.entries) == before
    assert "supply_cards.faces.2" in err.value.text("en") and "every supply card is different" in err.value.text("en")
    with pytest.raises(RuleError) as err:
        answer(s, "lava")
    assert err.value.rule in ("session.not_an_option", "graenaland.box_check_answer")
    answer(s, "wood+grain" if "wood+grain" in values(s) else "grain+ore")
    assert s.prompt.step == "start_spots"


def test_learned_box_is_a_box_option_that_needs_no_more_questions():
    s = session(check_box=True)
    answer_everything(s)
    assert s.prompt.step == "start_spots"
    learned = GAME.learned_box(s.state)
    options = GAME.validate_options({"seats": 4, "box": learned, "check_box": True})
    assert boxcheck.open_facts(box.parse(box.merge(box.load(), options["box"])), 4) == []
    again = Session(GAME, {"seats": 4, "box": learned, "check_box": True}, 0)
    assert again.prompt.step == "start_spots"  # nothing left to ask: no walk
    assert again.state["board"]["territories"] == s.state["board"]["territories"]
    unverified = again.state["board"]["unverified"]
    assert "pieces.T1.coastal" in unverified and "pieces.T1.terrain" not in unverified  # the row is file-only
    assert "costs.church" not in unverified and "army_max" not in unverified
    # another player count still asks about the pieces it adds
    five = Session(GAME, {"seats": 5, "box": learned, "check_box": True}, 0)
    assert fact_id(five) == "pieces.T5.terrain"


def test_skip_hands_over_to_the_next_setup_step():
    plain = session(draft_starts=True)
    s = session(draft_starts=True, check_box=True)
    assert s.prompt.step == "box_check"
    answer(s, "skip")
    assert (s.state["step"], s.state["phase"]) == (plain.state["step"], plain.state["phase"])
    assert s.state["learned"] == {} and s.state["board"] == plain.state["board"]


def test_through_the_table_on_pads_and_host_buttons_and_remembered_for_the_next_game(tmp_path):
    from companion.known_games import KNOWN
    from companion.store.boxes import BoxFiles
    from companion.surface.events import KeyEvent
    from companion.table.table import Table

    from ...table.helpers import MemoryRecorder

    memory = BoxFiles(tmp_path, check=KNOWN.memory_problem)
    table = Table(MemoryRecorder(), {"graenaland": GAME}, "cs", new_seed=lambda: 1, box_memory=memory)

    def press(*events):
        for seat, key in events:
            table.handle(KeyEvent(seat, key))

    def pick(label_en):
        index = next(i for i, item in enumerate(table.screen.items) if label_en in item.label.en)
        press(
            *[(None, "down")] * (index - table.screen.cursor),
            *[(None, "up")] * (table.screen.cursor - index),
            (None, "ok"),
        )

    pick("Graenaland")
    pick("4")
    pick("Check box data")  # no -> yes
    assert any("Ověřit data dílů" in item.label.cs and "yes" in item.label.en for item in table.screen.items)
    pick("Start")
    assert table.session.prompt.step == "box_check"
    press((0, "#"))  # pad 1 keeps C1's terrain
    press((2, "2"))  # pad 3: C1's settlement, 2 grain
    press((None, "down"), (None, "down"), (None, "down"), (None, "ok"))  # host: 2 livestock
    press((None, "ok"))  # puts the announced correction away
    assert table.session.state["board"]["territories"]["C1"]["settlement_cost"] == {"grain": 2, "livestock": 2}
    press((1, "*"))  # pad 2 skips the rest
    assert table.session.prompt.step == "start_spots"
    saved = memory.load("graenaland")
    assert saved["pieces"]["T1"]["settlement_cost"] == {"grain": 2, "livestock": 2}
    again = Session(GAME, {"seats": 4, "box": saved, "check_box": True}, 0)
    assert fact_id(again) == "pieces.T1.terrain"  # kept: asked again
    answer(again, "keep")
    assert fact_id(again) == "pieces.T1.buildings"  # the settlement cost is not


@pytest.mark.parametrize("seats, seed", [(3, 1), (4, 2), (5, 3)])
def test_random_answers_replay_exactly_and_leave_a_usable_box(seats, seed):
    import random

    from .helpers import play_randomly

    s = session(seats=seats, seed=seed, check_box=True)
    rand = random.Random(seed)
    while s.prompt.step == "box_check":  # random answers, rarely "skip"
        options = [o.value for o in s.prompt.options_for(None) if o.value != "skip" or rand.random() < 0.02]
        try:
            answer(s, rand.choice(options))
        except RuleError as err:
            assert err.rule == "graenaland.box_correction"
    play_randomly(s, rand, 40)
    again = Session(GAME, s.options, seed, s.entries)  # as recorded (its version with it)
    assert again.state == s.state
    learned = GAME.learned_box(s.state)
    assert GAME.validate_options({"seats": seats, "box": learned})["box"] == learned
    asked = {f["id"] for f in boxcheck.open_facts(box.parse(box.merge(box.load(), learned)), seats)}
    confirmed = {
        f"{group}.{key}.{field}"
        for group in ("pieces", "costs", "public")
        for key, entry in learned.get(group, {}).items()
        for field in entry.get("confirmed", [])
    }
    assert not asked & confirmed
