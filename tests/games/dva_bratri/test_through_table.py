"""A whole solo game through the generic table, answered with pad keys only (the menu that
starts it is the host's), learning the box on the way; the stored log replays to the same end."""

from companion.engine import PromptKind, RuleError, Session
from companion.games import available, load
from companion.hw.emulated import parse_script
from companion.table.flow import Over, Play
from companion.table.table import Table

from ...keyscript import keys_for_value
from ...table.helpers import MemoryRecorder
from .driver import Table as ScriptedTable

SEED = 7


def press(table, lines):
    for event in parse_script("\n".join(lines)):
        table.handle(event)


def test_whole_solo_game_through_the_table_with_pad_keys():
    games = {name: load(name) for name in available()}
    recorder = MemoryRecorder()
    table = Table(recorder, games, "en", new_seed=lambda: SEED)
    game = games["dva_bratri"]
    # host keys: the game, one player, then the settings menu's first line starts with the defaults
    press(table, ["host " + " ".join(["down"] * list(games).index("dva_bratri") + ["ok"]), "host ok", "host ok"])
    assert isinstance(table.screen, Play) and table.session.game is game
    options = {"seats": 1, **{s.key: s.initial() for s in game.settings if s.applies(1)}}
    assert table.session.options == game.validate_options(options)

    # the physical table and a simple player, who knows nothing the companion does not ask for
    player = ScriptedTable(options, SEED)
    player.assigned, player.plan, player.last_step = {}, {"done": set()}, None
    kinds, turn_owner = set(), None
    while not player.session.over:
        state, prompt = player.session.state, player.session.prompt
        if (state["active"], state["round"]) != turn_owner:
            turn_owner, player.plan = (state["active"], state["round"]), {"done": set()}
        action = {"step": prompt.step, "seat": 0, "value": player.answer(prompt)}
        try:
            player.session.evaluate(action)
        except RuleError:  # the scripted player tried a tile it cannot pay
            assert prompt.step == "build_tile"
            action["value"] = "back"
        before = len(table.session.entries)
        # a pad key goes straight to the question (the announcements stay until the host reads them)
        press(table, keys_for_value(prompt, 0, action["value"]))
        assert table.messages.notice == [], (prompt.step, [m.en for m in table.messages.notice])
        assert table.session.entries[before:] == [{"action": action}], prompt.step
        player.session.submit(action)
        kinds.add(prompt.kind)

    assert kinds == set(PromptKind) - {PromptKind.SECRET_CHOICE, PromptKind.VOTE}
    assert isinstance(table.screen, Over) and table.session.state == player.session.state
    final = player.session.score()
    screen = table.frame().lines
    for rank, seat in enumerate(final.ranking, 1):
        label = load("dva_bratri").seat_label(player.session.state, seat).en
        assert f"{rank}. {label} {final.totals[seat]}" in " ".join(screen)
    table.housekeeping()  # the main loop's work after the frame: the game goes to the history
    stored = next(iter(recorder.sessions.values()))
    again = Session(load("dva_bratri"), stored["options"], stored["seed"], stored["entries"])
    assert again.over and again.score().to_json() == recorder.finished[0][1] == final.to_json()
