"""Each seat's own pad screen: what it is asked, its private view, its entry; fitting the pad and
drawn by the real firmware logic exactly as the box's mirror of it (PadEcho) says."""

import json
import random
from pathlib import Path
from types import SimpleNamespace

import pytest

from companion.engine import Session
from companion.games import load as load_registered
from companion.hw.protocol import encode_frame, screen_text_fits, text_args
from companion.surface.events import KeyEvent
from companion.surface.pad_screen import COLS, Entry, PadEcho, SeatScreen, pad_text, short, wrap
from companion.table.answer import Answer
from companion.table.flow import Over, Play
from companion.table.parts import SeatSignals
from companion.table.seat_screens import private_lines, seat_screens, typed_width
from companion.table.secret import SecretCollector
from companion.table.table import Table

from ..firmware import load_padlogic
from ..games.playout import Stuck, random_action
from .helpers import MemoryRecorder

pl = load_padlogic()


def load(name):
    """A game folder's GAME, registered in the menu or not yet (Troy, the Great Wall, Gheos)."""
    import importlib

    try:
        return load_registered(name)
    except KeyError:
        return importlib.import_module(f"companion.games.{name}").GAME


CORPUS = Path(__file__).resolve().parents[1] / "data" / "corpus"
DOCS = Path(__file__).resolve().parents[2] / "docs" / "games"


# -- layout -----------------------------------------------------------------------------------------

TYPED = Entry("type", 2, "# = zamknout", (("03", "Lovec"),))


def test_the_private_view_stays_above_the_rows_the_pad_types_over():
    screen = SeatScreen(("Vyberte tajně", "postavu"), "Tajná volba", ("Tvůj součet: 2",), "Jsi na řadě", TYPED)
    assert screen.rows(4) == ("Tajná volba", "Tvůj součet: 2", "", "Jsi na řadě")
    assert screen.rows(8) == ("Vyberte tajně", "postavu", "Tvůj součet: 2", "", "", "", "", "Jsi na řadě")
    echo = PadEcho(4)
    echo.show(screen)
    for key in "03":
        echo.press(key)
    assert echo.text() == ["Tajná volba", "Tvůj součet: 2", "03 Lovec?", "# = zamknout"]
    echo.press("#")
    assert echo.text() == ["Tajná volba", "Tvůj součet: 2", "", "[#] Lovec"]


def test_a_long_private_view_takes_the_question_then_the_status_never_itself():
    three = SeatScreen(
        ("Kdo", "se", "ptá"), "Otázka", ("Strana: Trója", "Tvůj součet: 9", "Karty VB: 3"), "Jsi na řadě", TYPED
    )
    assert three.rows(4) == ("Strana: Trója", "Tvůj součet: 9", "Karty VB: 3", "Jsi na řadě")
    assert three.rows(8)[:5] == ("Kdo", "se", "ptá", "Strana: Trója", "Tvůj součet: 9")
    five = SeatScreen((), "Otázka", tuple(f"řádek {n}" for n in range(5)), "Jsi na řadě")
    assert five.rows(4) == ("řádek 0", "řádek 1", "řádek 2", "řádek 3")
    assert SeatScreen().rows(4) == ("", "", "", "")


def test_texts_become_the_pads_characters_wrapped_never_cut():
    assert pad_text("Řeka – 3… „ok“ × Ångström") == 'Řeka - 3... "ok" x Angstrom'
    assert pad_text("☃") == "?"
    rows = wrap("Vyberte tajně, kterou postavu chcete v tomto kole hrát")
    assert (
        all(len(r) <= COLS for r in rows) and " ".join(rows) == "Vyberte tajně, kterou postavu chcete v tomto kole hrát"
    )
    assert wrap("Nejdelšíslovoopravdudelší") == ("Nejdelšíslovoopr", "avdudelší")
    assert short("Lovec (3)", 12) == "Lovec (3)"
    assert short("Porodní bába (8)", 12) == "Porodní bába"
    assert short("Velká zeď z kamene", 12) == "Velká zeď z"
    assert short("Nejdelšíslovo", 8) == "Nejdelš."


# -- a real table ----------------------------------------------------------------------------------


def vaaalbara_table(language):
    table = Table(MemoryRecorder(), {"vaaalbara": load("vaaalbara")}, language, new_seed=lambda: 3)
    for key in ("ok", "ok"):  # Vaaalbara, 2 players
        table.handle(KeyEvent(None, key))
    assert table.session.prompt.step == "pick_character"
    return table


@pytest.mark.parametrize(
    "language, asked, total, locked, help_text",
    [
        ("cs", "Tajná volba", "Tvůj součet: {n}", "Zamčeno", "# = zamknout"),
        ("en", "Secret pick", "Your total: {n}", "Locked in", "# = lock in"),
    ],
)
def test_vaaalbara_each_seat_sees_its_own_total_and_whether_it_is_locked(language, asked, total, locked, help_text):
    table = vaaalbara_table(language)
    game, state = table.session.game, table.session.state
    screens = seat_screens(table)
    assert set(screens) == {0, 1}
    for seat, screen in screens.items():
        assert screen.rows(4)[:2] == (asked, total.format(n=game.view(state, seat)["my_total"]))
        assert screen.entry.mode == "type" and screen.entry.width == 2 and screen.entry.help == help_text
        assert dict(screen.entry.hints)["03"] in ("Lovec", "Hunter")
    for key in "03#":
        table.handle(KeyEvent(0, key, "pad"))
    after = seat_screens(table)
    assert after[0].status == locked and after[1].status != locked
    assert after[0].entry == screens[0].entry  # the pad's own lock stays: no new ENTRY


def test_the_box_screens_do_not_depend_on_a_hidden_pick_until_the_reveal():
    """Runs that differ only in seat 1's pick give every seat the same screen, key by key."""
    runs = []
    for pick in ("03", "12"):
        table = vaaalbara_table("cs")
        trace = []
        for seat, key in [(0, k) for k in pick + "#"] + [(1, "0"), (1, "5")]:
            table.handle(KeyEvent(seat, key, "pad"))
            trace.append(seat_screens(table))
        runs.append(trace)
    assert runs[0] == runs[1]


def test_the_over_screen_gives_each_seat_its_points_and_place():
    table = vaaalbara_table("en")
    table.screen = Over(SimpleNamespace(totals={0: 12, 1: 20}, ranking=(1, 0)))
    screens = seat_screens(table)
    assert screens[0].rows(4) == ("Game over", "Points: 12", "Place: 2", "")
    assert screens[1].rows(4)[1:3] == ("Points: 20", "Place: 1")


# -- the private views of the games ----------------------------------------------------------------


def test_troy_allegiance_and_true_points_go_to_their_seat_only():
    example = json.loads((DOCS / "troy-example.json").read_text())
    game = load("troy")
    session = Session(game, example.get("options", {"seats": 4}), example.get("seed", 0))
    for entry in example["entries"]:
        session.submit(entry["action"])
        if entry["action"]["step"] == "allegiance":
            break
    picks = entry["action"]["picks"]
    sides = {"mycenae": ("Strana: Mykény", "Side: Mycenae"), "troy": ("Strana: Trója", "Side: Troy")}
    for seat, side in picks.items():
        cs = private_lines(game, session.state, int(seat), "cs")
        en = private_lines(game, session.state, int(seat), "en")
        assert cs[0] == sides[side][0] and en[0] == sides[side][1]
        assert cs[1] == f"Tvůj součet: {game.view(session.state, int(seat))['my_total']}"
    assert private_lines(game, session.state, 0, "cs") != private_lines(game, session.state, 1, "cs")


def test_graenaland_vp_card_is_shown_to_its_keeper():
    corpus = json.loads((CORPUS / "graenaland-3.json").read_text())
    recorded = next(g for g in corpus["games"] if g["options"].get("vp_cards"))
    game = load("graenaland")
    session = Session(game, recorded["options"], recorded["seed"])
    for entry in recorded["entries"]:
        session.submit(entry["action"])
        if "vp_card" in game.view(session.state, 0):
            break
    for seat in range(3):
        card = game.view(session.state, seat).get("vp_card")
        if card is None:
            continue
        assert f"Karta VB č. {card['kept']}" in private_lines(game, session.state, seat, "cs")
        assert f"VP card no. {card['kept']}" in private_lines(game, session.state, seat, "en")
    assert all("VB" not in line for line in private_lines(game, session.state, 0, "cs")[1:])  # points unknown


def test_great_wall_true_total_and_vp_cards_go_to_their_seat():
    import copy

    game = load("great_wall")
    session = Session(game, {"seats": 4}, 4)
    for seat in range(4):
        total = game.view(session.state, seat)["my_total"]
        assert private_lines(game, session.state, seat, "en") == (f"Your total: {total}",)
    state = copy.deepcopy(session.state)
    state["vp_cards"][1] = 2  # seat 2 drew two VP cards, face down
    before = game.view(session.state, 1)["my_total"]
    assert private_lines(game, state, 1, "cs") == (f"Tvůj součet: {before + 2}", "Karty VB: 2")
    assert private_lines(game, state, 1, "en")[1] == "VP cards: 2"
    assert private_lines(game, state, 0, "cs") == private_lines(game, session.state, 0, "cs")


def test_a_game_may_say_its_own_private_rows():
    from companion.engine import Msg

    class Own:
        def seat_lines(self, state, seat):
            return [Msg(f"Tajemství {seat}", f"Secret {seat}")]

        def view(self, state, seat):  # never asked when the game gives seat_lines
            raise AssertionError

    assert private_lines(Own(), {}, 2, "cs") == ("Tajemství 2",)


# -- every screen of random play fits, and the real pad draws what PadEcho says ------------------------


def frames_for(screen, nrows):
    """The frames a hub sends a pad for a whole screen (as after a HELLO)."""
    out = [("CLEAR",)]
    out += [("TEXT", row, *text_args(text)) for row, text in enumerate(screen.rows(nrows)) if text]
    out.append(("ENTRY", screen.entry.mode, screen.entry.width, *text_args(screen.entry.help)))
    out += [("HINT", code, *text_args(label)) for code, label in screen.entry.hints]
    return b"".join(encode_frame(seq, *frame) for seq, frame in enumerate(out)), len(out)


def play_table(session, language):
    prompt = session.prompt
    answer = Answer(secret=SecretCollector(prompt) if prompt is not None and prompt.kind.hidden else None)
    return SimpleNamespace(
        session=session,
        language=language,
        screen=Play(answer),
        signals=SeatSignals(),
        seat_label=lambda seat: session.game.seat_label(session.state, seat).get(language),
        seat_count=lambda: session.game.seat_count(session.state),
    )


GAMES = [
    ("vaaalbara", {"seats": 3}),
    ("graenaland", {"seats": 4, "vp_cards": True}),
    ("dva_bratri", {"seats": 2}),
    ("troy", {"seats": 4}),
    ("great_wall", {"seats": 4}),
    ("gheos", {"seats": 3}),
]


@pytest.mark.slow
@pytest.mark.parametrize("name, options", GAMES, ids=[g for g, _ in GAMES])
def test_every_seat_screen_of_random_play_fits_and_the_pad_draws_it_as_the_box_mirrors(name, options):
    game = load(name)
    rnd = random.Random(7)
    session = Session(game, options, 7)
    checked = 0
    for _ in range(150):
        if session.prompt is None or session.over:
            break
        for language in ("cs", "en"):
            table = play_table(session, language)
            for seat, screen in seat_screens(table).items():
                texts = [*screen.ask, screen.ask_short, *screen.private, screen.status, screen.entry.help]
                assert all(screen_text_fits(t) for t in texts), (name, seat, texts)
                assert all(screen_text_fits(label, screen.entry.label_room) for _, label in screen.entry.hints)
                for nrows, size in ((4, (128, 32)), (8, (128, 64))):
                    pad = pl.PadLogic("AB", screen=size, host_timeout_ms=None)
                    data, count = frames_for(screen, nrows)
                    assert len(pad.feed(data, 0)) == count and pad.bad_frames == 0, (name, screen)
                    echo = PadEcho(nrows)
                    echo.show(screen)
                    assert pad.screen_lines(0) == echo.lines()
                    for key in rnd.choices("0123456789*#", k=6):
                        pad.key(key)
                        echo.press(key)
                        assert pad.screen_lines(0) == echo.lines(), (name, screen.entry, key)
                    checked += 1
        try:
            session.commit(random_action(session, rnd))
        except Stuck:
            break
    assert checked >= 40


def test_typed_width_follows_the_prompts_codes_and_numbers():
    from companion.engine import Msg, Option, Prompt, PromptKind

    title = Msg("", "")
    number = Prompt(PromptKind.NUMBER, "n", (0,), title, minimum=0, maximum=12)
    assert typed_width(number, 0) == 2
    assert typed_width(Prompt(PromptKind.NUMBER, "n", (0,), title), 0) == 3  # up to 999
    assert typed_width(Prompt(PromptKind.NUMBER, "n", (0,), title, maximum=10**20), 0) == 14
    long_codes = Prompt(
        PromptKind.CHOICE, "c", (0,), title, {0: tuple(Option(n, title, str(10000 + n)) for n in range(3))}
    )
    assert typed_width(long_codes, 0) == 5


# -- the emulator's pads ---------------------------------------------------------------------------


def run_script(tmp_path, script, language="cs"):
    """``companion run --script`` in this process: stdout, and the frames directory."""
    import contextlib
    import io

    from companion.cli import main

    keys = tmp_path / "keys.txt"
    keys.write_text(script, encoding="utf-8")
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        code = main(
            [
                "run",
                "--script",
                str(keys),
                "--data-dir",
                str(tmp_path / "data"),
                "--seed",
                "3",
                "--language",
                language,
                "--frames",
                str(tmp_path / "frames"),
            ]
        )
    assert code == 0
    return out.getvalue(), tmp_path / "frames"


def test_the_emulator_writes_each_pads_screen_for_scripts_and_never_to_stdout(tmp_path):
    from PIL import Image

    stdout, frames = run_script(tmp_path, "host ok ok\npad 2 0 3\npad 2 #\npad 1 1 2 #\nquit\n")
    pad2 = (frames / "pad2.txt").read_text(encoding="utf-8").split("\n--\n")
    assert "Tajná volba\nTvůj součet: 2\n\nJsi na řadě" in pad2  # the question, its total
    assert "Tajná volba\nTvůj součet: 2\n03 Lovec?\n# = zamknout" in pad2  # typed, and its meaning
    assert "Tajná volba\nTvůj součet: 2\n\n[#] Lovec" in pad2  # locked
    assert "Lovec?" not in (frames / "pad1.txt").read_text(encoding="utf-8")
    pngs = sorted(frames.glob("pad2_*.png"))
    assert len(pngs) == len(pad2) - 1  # one PNG per change
    assert Image.open(pngs[0]).size == (128, 32)
    assert "součet" not in stdout and "Lovec?" not in stdout  # private: never stdout


def test_the_terminal_draws_every_pad_beside_the_panel():
    import io

    from companion.hw.emulated import TerminalTable
    from companion.surface.frame import Frame

    out = io.StringIO()
    terminal = TerminalTable(out=out, language="en")
    terminal.show(Frame("ROUND 1", ("Pick",)))
    screen = SeatScreen(("Pick",), "Secret pick", ("Your total: 2",), "Your turn", TYPED)
    terminal.show_all({0: screen, 1: screen})
    for key in "03#":
        terminal.press(1, key)
    terminal.redraw()
    drawn = out.getvalue().split("\x1b[H\x1b[2J")[-1]
    assert "┌ Pad of seat 1 ─┐" in drawn and "┌ Pad of seat 2 ─┐" in drawn
    assert "│Your total: 2   │" in drawn and "│■ Lovec         │" in drawn
    first_row = drawn.splitlines()[0]
    assert first_row.startswith("┌─") and "Pad of seat 1" in first_row  # beside the panel


def test_the_box_keeps_as_many_typed_keys_as_the_prompts_codes(monkeypatch):
    """Five-digit codes (more than the four keys kept before) are typed whole on a pad."""
    from companion.engine import Msg, Option, Prompt, PromptKind
    from companion.table import play_keys

    title = Msg("Vyber", "Pick")
    prompt = Prompt(
        PromptKind.CHOICE,
        "c",
        (0,),
        title,
        {0: tuple(Option(n, Msg(str(n), str(n)), str(10000 + n)) for n in range(3))},
    )
    answered = []
    table = SimpleNamespace(commit=lambda action, seat: answered.append(action), refuse=None)
    answer = Answer()
    monkeypatch.setattr(play_keys, "options_for", lambda p, seat: p.options_for(seat))
    for key in "10002#":
        play_keys._pad_choice(table, answer, prompt, 0, key)
    assert answered == [{"step": "c", "seat": 0, "value": 2}]


def observe_with_pads(tmp, pick):
    """The app in script mode with the emulator's pads: what anyone could see after each event,
    and the picker's own pad dump (which may differ)."""
    import io
    import queue

    from companion.app import App
    from companion.hw.emulated import TextOutput
    from companion.hw.screen import render
    from companion.store import Store

    from .test_secrecy import FIXED, without_box_id

    store = Store(tmp / "companion.db", clock=lambda: FIXED)
    out = io.StringIO()
    output = TextOutput(out=out, frames_dir=tmp / "frames")
    table = Table(store, {"vaaalbara": load("vaaalbara")}, "cs", new_seed=lambda: 11)
    app = App(table, output, output, queue.SimpleQueue(), screens=output)
    events = [KeyEvent(None, k) for k in ("ok", "down", "ok")]
    events += [KeyEvent(1, k, "script") for k in pick + "#"]
    events += [KeyEvent(0, k, "script") for k in "05#"] + [KeyEvent(2, k, "script") for k in "07#"]
    trace = []
    for event in events:
        app.echo(event)
        table.handle(event)
        app.refresh()
        public = tuple(
            sorted((p.name, p.read_bytes()) for p in (tmp / "frames").iterdir() if not p.name.startswith("pad2"))
        )
        files = tuple(sorted((p.name, without_box_id(p.read_bytes())) for p in tmp.iterdir() if p.is_file()))
        trace.append((render(table.frame()).tobytes(), sorted(table.leds().items()), out.getvalue(), public, files))
    store.close()
    return trace, (tmp / "frames" / "pad2.txt").read_text(encoding="utf-8")


def test_in_the_emulator_a_hidden_pick_shows_only_on_its_own_pad_until_the_reveal(tmp_path):
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    a, own_a = observe_with_pads(tmp_path / "a", "03")
    b, own_b = observe_with_pads(tmp_path / "b", "12")
    assert len(a) == len(b)
    for index in range(len(a) - 1):
        for what, left, right in zip(("panel", "leds", "stdout", "other pads", "files"), a[index], b[index]):
            assert left == right, f"{what} differs after event {index}, before the reveal"
    assert a[-1][4] != b[-1][4]  # the reveal is in the log
    assert "[#] Lovec" in own_a and "[#] Zemědělec" in own_b  # each pick on its own pad only
    assert any(name.startswith("pad1") for name, _ in a[-2][3])  # the other pads were drawn
