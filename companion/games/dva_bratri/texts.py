"""Names and sentences players read: colours, places, units, treasures, resources, refusals."""

from __future__ import annotations

from ...engine import Msg, refuser
from . import board, box

PLAYER_COLOURS = {"white": Msg("Bílý", "White"), "blue": Msg("Modrý", "Blue")}  # (hráč)
UNIT_COLOURS = {"white": Msg("Bílá", "White"), "blue": Msg("Modrá", "Blue")}  # (jednotka)
CROSS_COLOURS = {"green": "zeleným", "grey": "šedým", "yellow": "žlutým"}  # "se zeleným křížkem"
EDGE_NAMES = {
    "N": Msg("nahoře", "top"),
    "E": Msg("vpravo", "right"),
    "S": Msg("dole", "bottom"),
    "W": Msg("vlevo", "left"),
}
RESOURCE_NAMES = {"wood": Msg("dřeva", "wood"), "stone": Msg("kamene", "stone"), "grain": Msg("obilí", "grain")}
CONDITION_NAMES = {
    "vertical": Msg("sloupec", "column"),
    "horizontal": Msg("řada", "row"),
    "positional": Msg("pozice", "places"),
}
NOTHING = Msg("", "")
RECENT_KEPT = 12  # public events kept in state["recent"]: more than one action announces
# the parts of a side's final score, as the last announcement names them
SCORE_PARTS = {
    "buildings": Msg("budovy", "buildings"),
    "roads": Msg("silnice", "roads"),
    "treasures": Msg("poklady", "treasures"),
}


refuse = refuser("dva_bratri")  # a refusal naming ``dva_bratri.<rule>``


def side_name(state: dict, side: int) -> Msg:
    """'Bílý' / 'Modrý' by the colour the side plays; Jindřich in the solo game."""
    if state["solo"] and side == 1:
        return Msg("Jindřich", "Jindřich")
    return PLAYER_COLOURS[state["colours"][side]]


def at(k: str) -> str:
    """A board place as players read it: "[x,y]"."""
    x, y = board.xy(k)
    return f"[{x},{y}]"


def place_label(state: dict, k: str) -> Msg:
    """A map place as the list under a map names it: what lies there, then where ("Hostinec –
    zelená [1,0]", "zelená, rubem nahoru [0,-1]"); a free place by where alone."""
    place = at(k)
    cell = state["board"].get(k)
    if cell is None:
        return Msg(place, place)
    if cell["up"] and cell["tile"] is not None:
        return Msg("{t} {p}", "{t} {p}").format(t=box.describe(state, cell["tile"]), p=place)
    colour = box.colour_name(cell["colour"]) if cell["colour"] in box.COLOURS else Msg("?", "?")
    return Msg("{c}, rubem nahoru {p}", "{c}, face down {p}").format(c=colour, p=place)


def ordinal(n: int) -> Msg:
    """ "2." / "2nd": a position counted clockwise from the shield."""
    suffix = {1: "st", 2: "nd", 3: "rd"}.get(n if n < 20 else n % 10, "th")
    return Msg(f"{n}.", f"{n}{suffix}")


def colour_opts(extra_any: bool = False) -> list[tuple[str, Msg]]:
    """The three terrain colours as (value, name) pairs; treasures also picture "any" (brown)."""
    out = [(c, box.colour_name(c)) for c in box.COLOURS]
    return out + ([("any", Msg("libovolná (hnědá)", "any (brown)"))] if extra_any else [])


def resources(amounts: dict) -> Msg:
    """'1D 2K 0O' / '1W 2S 0G' (wood, stone, grain)."""
    letters = tuple(zip(box.RESOURCE_ORDER, "DKO", "WSG"))
    return Msg(
        " ".join(f"{int(amounts.get(r, 0))}{cs}" for r, cs, _ in letters),
        " ".join(f"{int(amounts.get(r, 0))}{en}" for r, _, en in letters),
    )


def _unit_place(at_: str) -> Msg:
    if at_ == "offer":
        return Msg("v nabídce", "in the offer")
    if at_ == "out":
        return Msg("mimo plochu", "off the board")
    return Msg("na " + at(at_), "at " + at(at_))


def unit_label(state: dict, uid: str) -> Msg:
    """'Bílá řadová jednotka v nabídce', 'Jindřichova jednotka se zeleným křížkem na [1,0]'."""
    u = state["units"][uid]
    where = _unit_place(u["at"])
    if u["cross"]:  # Jindřich's units are told apart by their crosses
        return Msg("Jindřichova jednotka se {x} křížkem {p}", "Jindřich's unit with the {c} cross {p}").format(
            x=CROSS_COLOURS[u["cross"]], c=box.colour_name(u["cross"]), p=where
        )
    kind = Msg("elitní", "elite") if u["elite"] else Msg("řadová", "regular")
    return Msg("{w} {k} jednotka {p}", "{w} {k} unit {p}").format(
        w=UNIT_COLOURS[state["colours"][u["side"]]], k=kind, p=where
    )


def treasure_text(state: dict, tid: str) -> Msg:
    """A treasure's condition as players match it with the token: 'sloupec: zelená + libovolná'."""
    kind = box.treasure_fact(state, tid, "kind")
    need = box.treasure_fact(state, tid, "need")
    cols = [box.colour_name(i["colour"]) if i["colour"] != "any" else Msg("libovolná", "any") for i in need]
    return Msg("{k}: {a} + {b}", "{k}: {a} + {b}").format(k=CONDITION_NAMES[kind], a=cols[0], b=cols[1])


def road_text(edges) -> Msg:
    """'nahoře + dole' / 'top + bottom'; 'bez silnic' / 'no roads'."""
    edges = [e for e in box.EDGES if e in edges]
    if not edges:
        return Msg("bez silnic", "no roads")
    return Msg(" + ".join(EDGE_NAMES[e].cs for e in edges), " + ".join(EDGE_NAMES[e].en for e in edges))


def looks(building: str, colour: str) -> Msg:
    """'Hostinec – zelená': a building and a tile colour, as box.describe writes a known tile."""
    return Msg("{b} – {c}", "{b} – {c}").format(b=box.building_name(building), c=box.colour_name(colour))


def tile_where(state: dict, tile: str) -> Msg:
    """Where a tile is, in brackets: '(nabídka 2)', '(v ruce)', '([1,0])', '(mimo hru)'."""
    found = board.tile_place(state, tile)
    if found is None:
        return (
            Msg("(mimo hru)", "(out of play)")
            if tile in state["seen"]
            else Msg("(zatím neodkrytá)", "(not turned up yet)")
        )
    where, spot = found
    if where == "hand":
        return Msg("(v ruce)", "(in hand)")
    if isinstance(spot, int):  # an offer slot
        return Msg("(nabídka {n})", "(offer {n})").format(n=board.offer_position(state, spot))
    return Msg("(" + at(spot) + ")", "(" + at(spot) + ")")


def place_text(state: dict, code: str) -> Msg:
    """Where a piece lay when the game ended (rest.place_code): 'nabídka 4', 'v ruce', '[1,-1]',
    '[1,-1], rubem nahoru', 'v krabici'."""
    kind, _, spot = code.partition(":")
    if kind == "offer":
        return Msg("nabídka {n}", "offer {n}").format(n=spot)
    if kind == "hand":
        if state["solo"]:
            return Msg("v ruce", "in hand")
        return Msg("v ruce: {w}", "in hand: {w}").format(w=PLAYER_COLOURS[state["colours"][int(spot)]])
    if kind == "board":
        cell, _, down = spot.partition(":")
        place = at(cell)
        if down:
            return Msg("{p}, rubem nahoru", "{p}, face down").format(p=place)
        return Msg(place, place)
    return Msg("v krabici", "in the box")
