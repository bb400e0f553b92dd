"""Maps: a CELL prompt draws the neighbourhood of the cursor; a player across the table sees it
turned and his cursor keys turn with it; "*" picks a back option; other prompts can show a place."""

from companion.engine import Awaited, Game, Msg, Option, Prompt, PromptKind, RuleError, Scores, Status, Step, Steps
from companion.hw.emulated import frame_text
from companion.hw.screen import render
from companion.table.table import Table

from ..hw.goldens import GOLDEN, compare
from .helpers import MemoryRecorder, host, pad, press

TILES = {(2, 2): "A", (3, 2): "Bc*", (2, 1): "d+"}


def _tiles(state):
    return {tuple(int(v) for v in k.split(",")): label for k, label in state["tiles"].items()}


def _free(state):
    tiles = _tiles(state)
    near = {(x + dx, y + dy) for x, y in tiles for dx in (-1, 0, 1) for dy in (-1, 0, 1)}
    return sorted(p for p in near if p not in tiles and 0 <= p[0] < 6 and 0 <= p[1] < 5)


class Place(Step):
    """Put a token next to a tile; "*" is a back option beside the places."""

    name = "place"

    def prompt(self, state, task):
        seat = state["turn"]
        options = tuple(Option(list(p), Msg(f"{p}", f"{p}"), str(i + 1)) for i, p in enumerate(_free(state)))
        options += (Option("back", Msg("Zpět", "Back"), "*"),)
        return Prompt(
            PromptKind.CELL,
            "place",
            (seat,),
            Msg("Kam?", "Where?"),
            {Prompt.ANYONE: options},
            grid=(6, 5),
            cells=_tiles(state),
            cursor=(2, 2),
            turned=seat == 1,
        )

    def apply(self, state, action, task):
        if action.value == "back":
            state["backs"] += 1
            return
        if tuple(action.value) not in _free(state):
            raise RuleError("place.next_to", Msg("Jen vedle destičky.", "Only next to a tile."))
        state["tiles"][f"{action.value[0]},{action.value[1]}"] = "x" if state["turn"] == 0 else "y"
        state["shown"] = action.value
        state["turn"] += 1


class Seen(Step):
    """Where the last token went, shown as a place on the map."""

    name = "seen"

    def prompt(self, state, task):
        return Prompt(
            PromptKind.CONFIRM,
            "seen",
            (),
            Msg("Sem to šlo", "It went here"),
            grid=(6, 5),
            cells=_tiles(state),
            cursor=tuple(state["shown"]),
        )

    def apply(self, state, action, task):
        state["turn"] += 1


class PlaceToy(Game):
    """Seat 0 (near side) then seat 1 (across) each place a token next to a tile; then the game
    shows where the last token went and waits for a confirmation."""

    name, title, min_seats, max_seats = "place", Msg("Místa", "Places"), 2, 2
    steps = Steps(Place(), Seen())

    def setup(self, options, seed):
        return {
            "seats": 2,
            "tiles": {f"{x},{y}": v for (x, y), v in TILES.items()},
            "turn": 0,
            "shown": None,
            "backs": 0,
        }

    def awaiting(self, state):
        if state["turn"] > 2:
            return None
        return Awaited("seen" if state["turn"] == 2 else "place", {})

    def view(self, state, seat=None):
        return dict(state)

    def score(self, state):
        return Scores({0: 0, 1: 0}, {}, (0, 1), state["turn"] > 2)

    def status(self, state):
        return Status(None, None, Msg("Kladení", "Placing"), None)


def place_table():
    table = Table(MemoryRecorder(), {"place": PlaceToy()}, "en", new_seed=lambda: 1)
    press(table, host("ok", "ok"))
    return table


def cursor_cell(frame):
    return [(c, r) for r, row in enumerate(frame.map.rows) for c, cell in enumerate(row) if cell.cursor]


def test_cell_frame_draws_the_neighbourhood_of_the_cursor():
    table = place_table()
    frame = table.frame()
    assert frame.map is not None and len(frame.map.rows) == 3 and len(frame.map.rows[0]) == 5
    assert cursor_cell(frame) == [(2, 1)]  # the cursor is in the middle
    middle = frame.map.rows[1]
    assert middle[2].label == "A" and middle[3].label == "Bc*"
    assert frame.map.rows[0][2].label == "d+"  # (2, 1) is above (2, 2)
    assert middle[1].selectable and not middle[2].selectable
    press(table, pad(1, "6"))  # cursor one step east
    frame = table.frame()
    assert frame.map.rows[1][2].label == "Bc*" and frame.map.rows[1][1].label == "A"


def test_turned_map_and_keys_for_the_player_across_the_table():
    table = place_table()
    press(table, pad(1, "45"))  # seat 1 places west of A at (1, 2)
    assert table.session.state["tiles"]["1,2"] == "x"
    assert table.session.prompt.turned
    frame = table.frame()
    middle = frame.map.rows[1]
    # seen from across: east of A (Bc*) appears on his left, the new tile west of A on his right
    assert (middle[1].label, middle[2].label, middle[3].label) == ("Bc*", "A", "x")
    assert frame.map.rows[2][2].label == "d+"  # north of A is at the bottom for him
    press(table, pad(2, "2"))  # "2" = away from him = south on the grid
    assert table.answer.cell == (2, 3)
    press(table, pad(2, "5"))
    assert table.session.state["tiles"]["2,3"] == "y"


def test_star_picks_the_back_option_and_other_keys_blink():
    table = place_table()
    press(table, pad(1, "*"))
    assert table.session.state["backs"] == 1
    press(table, pad(1, "7"))
    assert 0 in table.signals.errors


def test_selecting_a_place_that_is_not_allowed_is_refused_and_nothing_changes():
    table = place_table()
    press(table, pad(1, "5"))  # the cursor starts on tile A itself
    assert table.frame().lines[0].startswith("✗ ")  # the refusal and its reason, read whole
    assert 0 in table.signals.errors
    assert table.session.state["tiles"] == {f"{x},{y}": v for (x, y), v in TILES.items()}


def test_host_cursor_walks_the_options_and_shows_back_in_words():
    table = place_table()
    options = table.session.prompt.options_for(None)
    press(table, host("up"))  # wraps to the last option: back
    frame = table.frame()
    assert "→ Back" in frame.lines
    press(table, host("down"))
    assert table.answer.cell == tuple(options[0].value)


def test_a_confirm_prompt_shows_the_place_and_the_text_display_prints_it():
    table = place_table()
    press(table, pad(1, "45"))
    press(table, pad(2, "25"))  # (2, 3), south of A
    frame = table.frame()
    assert table.session.prompt.kind is PromptKind.CONFIRM
    assert cursor_cell(frame) == [(2, 1)]
    text = "\n".join(frame_text(frame))
    assert "<" in text and "[ A ]" in text


def test_map_frame_renders_like_the_golden_png():
    table = place_table()
    press(table, pad(1, "4"))
    compare(render(table.frame()), GOLDEN / "map_cell.png")


def test_a_shown_place_can_be_read_in_words_and_back_to_the_picture():
    table = place_table()
    press(table, pad(1, "45") + pad(2, "25"))
    assert table.frame().map is not None and "in words" in table.frame().footer
    press(table, host("down"))
    frame = table.frame()
    assert frame.map is None and frame.lines[0] == "It went here" and "picture" in frame.footer
    press(table, pad(1, "2"))  # a pad's "2" goes back up, too
    assert table.frame().map is not None
