"""Troy on the shared Catan core: the scenario's numbers and hooks (``catan.Scenario``).

The core keeps the turn (roll, builds, Longest Road, the special building phase, the win on
one's own turn). Troy adds, through the hooks: the secret allegiance asked before the founding,
the build menu's donation and ships (and ships 3 and 6 taking from the row), the sea people on a
7 and after every ship, the battle at the end of a turn (or after the special building phase:
``special_over``), ship VP (public) and saga VP (hidden: they count for the win on one's own turn,
unless ``win_points`` leaves them out, but show nowhere until the end), the ranking by trade
points on equal totals, and the allegiances revealed as the game ends (``game_over``). The two
box readings ``battle_before_special_building`` and ``win_counts_saga`` choose between these.
"""

from __future__ import annotations

from typing import Any

from ...engine import Msg, Option, RuleError, Setting, counted
from ..catan import Scenario, core
from . import battle, saga, ships, support, texts
from .box import BOX, BoxDataError, with_override
from .ranking import ranking, standing
from .scenario import box_of, new_part, part
from .steps import STEPS
from .steps.row import CARDS, take_from_row
from .steps.sea import build_ship
from .texts import CITY_NAMES, refuse
from .war import reveal_allegiances

DONATE, SHIP, SHIP_3, SHIP_6 = "donate", "ship", "ship3", "ship6"
MENU = {
    SHIP: Option(SHIP, Msg("loď", "ship"), "4"),
    DONATE: Option(DONATE, Msg("darovat do řady", "donate to the row"), "5"),
    SHIP_3: Option(SHIP_3, Msg("loď 3: výměna s řadou", "ship 3: swap with the row"), "7"),
    SHIP_6: Option(SHIP_6, Msg("loď 6: karta z řady", "ship 6: a card from the row"), "8"),
}
ROW_SHIPS = {SHIP_3: ships.ROW_SWAP, SHIP_6: ships.ROW_TAKE}


def why_not(state: dict, seat: int, item: str, special: bool) -> RuleError | None:
    """The rule that keeps a Troy menu item from ``seat`` now, None when it is possible. A ship
    is offered while any is left (its trade points are checked when built, to say what is
    missing); a donation once a turn and never in the special building phase; ships 3 and 6
    once a turn each, built, not under the sea people, and only on one's own turn unless the
    box's reading ``row_actions_in_special_building`` says otherwise."""
    box, troy, who = box_of(state), part(state), core.who(state, seat)
    if item == SHIP:
        if ships.next_ship(box, troy, seat) is None:
            return refuse(
                "no_ship_left",
                "{w}: všech {n} lodí už stojí.",
                "{w}: all {n} ships are built.",
                w=who,
                n=box.ship_count,
            )
        return None
    if item == DONATE:
        if special:
            return refuse(
                "donate_special",
                "{w}: ve zvláštní fázi stavby se nedaruje.",
                "{w}: no donations in the special building phase.",
                w=who,
            )
        if troy["donated"]:
            return refuse(
                "donate_once", "{w}: darovat lze jen jednou za tah.", "{w}: you may donate only once a turn.", w=who
            )
        return None
    number = ROW_SHIPS[item]
    if troy["ships"][seat] < number:
        return refuse("ship_not_built", "{w}: loď {n} ještě nemáš.", "{w}: you have no ship {n} yet.", w=who, n=number)
    if ships.blocked(troy, seat, number):
        return refuse(
            "ship_blocked",
            "{w}: na lodi {n} stojí mořský národ.",
            "{w}: the sea people stand on ship {n}.",
            w=who,
            n=number,
        )
    if [seat, number] in troy["row_used"]:
        return refuse(
            "row_once",
            "{w}: loď {n} už v tomto tahu brala.",
            "{w}: ship {n} has taken this turn already.",
            w=who,
            n=number,
        )
    if special and not box.rules["row_actions_in_special_building"]:
        return refuse(
            "row_special",
            "{w}: loď {n} bere z řady jen ve vlastním tahu.",
            "{w}: ship {n} takes from the row on your own turn only.",
            w=who,
            n=number,
        )
    if troy["row_count"] == 0:
        return refuse("row_empty", "{w}: podporovací řada je prázdná.", "{w}: the support row is empty.", w=who)
    return None


BATTLE_STEPS = ("battle", "battle_mycenae", "battle_result")
SAGA_KEY = "saga_"  # hidden_points' kind: "saga_troy" / "saga_mycenae", the seat's city


def battle_after_special(scenario: Scenario, state: dict) -> bool:
    """The battle waits for the special building phase: the box's reading is off and the
    player count has that phase."""
    return (
        not box_of(state).rules["battle_before_special_building"] and state["seats"] >= scenario.special_building_from
    )


def ask_battle(state: dict, seat: int) -> None:
    """A full row is fought over now (asked before anything else)."""
    if battle.due(box_of(state), state["seats"], part(state)):
        core.ask_first(state, {"step": "battle", "seat": seat})


ROW_SETTING = Setting(
    "row",
    Msg("Podporovací řada", "Support row"),
    (
        (support.BOX_ROW, Msg("drží ji box", "kept by the box")),
        (support.TABLE_ROW, Msg("karty na stole", "cards on the table")),
    ),
)


class Troy(Scenario):
    name = "troy"
    title = Msg("Trója", "Troy")
    min_seats, max_seats = 4, 6
    players = Msg("Tróju hrají 4 až 6 hráči.", "Troy is played by 4 to 6 players.")
    target = BOX.target
    dev_cards = False
    army_vp = None
    special_building_from = 5
    settings = (ROW_SETTING,)
    steps = STEPS

    # -- setup ----------------------------------------------------------------------------------
    def check_options(self, options: dict[str, Any]) -> dict[str, Any]:
        """The ``box`` option corrects data/box.toml for one session (same shape)."""
        try:
            with_override(options["box"])
        except BoxDataError as error:
            raise refuse("box", "Data krabice: {e}", "Box data: {e}", e=str(error)) from None
        return options

    def setup(self, state: dict, options: dict[str, Any]) -> None:
        box = with_override(options["box"])
        state["target"] = box.target
        state[self.name] = new_part(box, state["seats"], options["row"], options["box"])

    def setup_tasks(self, state: dict) -> list[dict]:
        return [{"step": "allegiance"}]

    def founding_text(self, state: dict) -> Msg:
        row_start = box_of(state).row_start
        cards = texts.cards(row_start)
        start = Msg(
            "Řada: {n} ({c}) drží box, vrať je do banku. ",
            "Row: the box keeps {n} ({c}); put them back in the bank. ",
        ).format(n=counted(len(row_start), *CARDS), c=cards)
        if part(state)["row"] is None:
            start = Msg("Řada: {c} lícem dolů. ", "Row: {c} face down. ").format(c=cards)
        return start + Msg(
            "Mořský národ na červenou šipku. Zakládání jako v základní hře: 2 vesnice a 2 cesty.",
            "Sea people on the red arrow. Found as in the base game: 2 settlements, 2 roads.",
        )

    # -- the turn -------------------------------------------------------------------------------
    def seven(self, state: dict, seat: int) -> Msg:
        core.ask_first(state, {"step": "sea_people", "seat": seat, "why": "seven"})
        return Msg("Místo zloděje táhne mořský národ.", "The sea people move instead of the robber.")

    def menu_options(self, state: dict, seat: int, special: bool) -> list[Option]:
        """Troy's items that are possible now (``why_not`` says why the others are not)."""
        return [option for key, option in MENU.items() if why_not(state, seat, key, special) is None]

    def menu_explain(self, state: dict, seat: int, value: Any, special: bool):
        if value in ("dev", "knight"):
            return refuse(
                "no_development_cards",
                "{w}: v Tróji se akční karty nekupují ani nehrají.",
                "{w}: Troy has no development cards to buy or play.",
                w=core.who(state, seat),
            )
        return why_not(state, seat, value, special) if value in MENU else None

    def menu_choice(self, state: dict, seat: int, value: Any, special: bool) -> None:
        refusal = why_not(state, seat, value, special)
        if refusal is not None:
            raise refusal
        if value == SHIP:
            build_ship(state, seat)
        elif value == DONATE:
            core.ask_first(state, {"step": "donate_count", "seat": seat})
        else:
            take_from_row(state, seat, ROW_SHIPS[value])

    def end_turn(self, state: dict, seat: int) -> None:
        """The turn's donation and row uses start afresh; a full row is fought over now, unless
        the box's reading ``battle_before_special_building`` is off and a special building
        phase follows (then ``special_over`` fights it)."""
        troy = part(state)
        troy["donated"], troy["row_used"] = False, []
        if not battle_after_special(self, state):
            ask_battle(state, seat)

    def special_over(self, state: dict, seat: int) -> None:
        """The battle of ``seat``'s turn after the special building phase (reading off)."""
        if battle_after_special(self, state):
            ask_battle(state, seat)

    # -- points and the end ---------------------------------------------------------------------
    def win_waits(self, state: dict) -> bool:
        """Rules 2: a battle that is due is fought before anyone wins ("Epizoda v boji o Tróju
        se rozhoduje, pokud hráč ukončil svůj tah…"): with 4 players the next turn has begun
        when it is asked, and his 15 VP wait for its end (the war may end first)."""
        return core.rules(state) >= 2 and any(task["step"] in BATTLE_STEPS for task in state["queue"])

    def public_points(self, state: dict, seat: int) -> dict[str, int]:
        return {"ships": ships.ship_vp(box_of(state), part(state), seat)}

    def hidden_points(self, state: dict, seat: int) -> dict[str, int]:
        """The saga VP of the seat's city, under a key that names the city (secret until the end)."""
        city = part(state)["allegiance"].get(str(seat))
        return {f"{SAGA_KEY}{city}": saga.seat_saga_vp(box_of(state), part(state), seat)} if city else {}

    def win_points(self, state: dict, seat: int, points: dict[str, int]) -> dict[str, int]:
        """15 VP on one's own turn count the saga VP unless the box's reading
        ``win_counts_saga`` is off (they still count at the end of the war)."""
        if box_of(state).rules["win_counts_saga"]:
            return points
        return {kind: vp for kind, vp in points.items() if not kind.startswith(SAGA_KEY)}

    def points_label(self, key: str, value: int) -> Msg:
        """ "2 VB z lodí" / "2 VP from ships"; "3 VB ze ságy (Trója)" names the city at the reveal."""
        if key == "ships":
            return Msg("{n} VB z lodí", "{n} VP from ships").format(n=value)
        return Msg("{n} VB ze ságy ({c})", "{n} VP from the saga ({c})").format(
            n=value, c=CITY_NAMES[key.removeprefix(SAGA_KEY)]
        )

    def ranking(self, state: dict, totals: dict[int, int]) -> list[int]:
        """Highest total, then most trade points."""
        return list(ranking(totals, part(state)["trade_points"]))

    def tie_key(self, state: dict, totals: dict[int, int], seat: int) -> tuple[int, int]:
        """Equal totals are told apart by trade points; level on both, the place is shared."""
        return standing(totals, part(state)["trade_points"], seat)

    def game_over(self, state: dict) -> None:
        """However the game ends, every allegiance is revealed."""
        reveal_allegiances(state)

    # -- what players see -------------------------------------------------------------------------
    def seat_lines(self, state: dict, seat: int, own: tuple[Msg, ...]) -> tuple[Msg, ...]:
        """The seat's secret side before its totals; the last card it drew blind from the row after."""
        troy = part(state)
        side = troy["allegiance"].get(str(seat))
        lines = own if side is None else (texts.SIDE.format(side=CITY_NAMES[side]), *own)
        taken = troy["taken"].get(str(seat))
        return lines if not taken else (*lines, texts.FROM_ROW.format(card=texts.RESOURCE_NAMES[taken[-1]]))

    def view(self, state: dict, seat: int | None) -> dict:
        box, troy = box_of(state), part(state)
        if seat is not None:
            return {
                "allegiance": troy["allegiance"].get(str(seat)),
                "taken_from_row": list(troy["taken"].get(str(seat), [])),
            }
        public = {
            "row_mode": troy["row_mode"],
            "row_count": troy["row_count"],
            "wins": dict(troy["wins"]),
            "saga": saga.markers(box, troy),
            "battles": [dict(b) for b in troy["battles"]],
            "trade_points": list(troy["trade_points"]),
            "ships": list(troy["ships"]),
            "chits": dict(troy["chits"]),
            "sea_people": troy["sea_people"],
            "donated": troy["donated"],
        }
        if state["over"] is not None:
            public["allegiance"] = dict(troy["allegiance"])
        return public
