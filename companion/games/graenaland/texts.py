"""Names players read, in Czech and English, kept in one place so every screen says the same."""

from __future__ import annotations

from ...engine import Msg, announce, counted, refuser
from ...engine.i18n import join, player

refuse = refuser("graenaland")  # a refusal naming the broken rule ``graenaland.<rule>``

EVENTS_KEPT = 12  # how many public events state["recent"] keeps (the game's recent_kept)

TERRAIN = {
    "plains": Msg("pláně", "plains"),
    "forest": Msg("les", "forest"),
    "hills": Msg("kopce", "hills"),
    "mountains": Msg("hory", "mountains"),
}
RESOURCE = {
    "grain": Msg("obilí", "grain"),
    "livestock": Msg("dobytek", "livestock"),
    "wood": Msg("dřevo", "wood"),
    "ore": Msg("ruda", "ore"),
    "gold": Msg("zlato", "gold"),
    "any": Msg("surovina dle dílu", "resource as printed"),
    "unknown": Msg("neznámá surovina", "unknown resource"),
}
HERO = {
    "warrior": Msg("bojovník", "warrior"),
    "priest": Msg("kněz", "priest"),
    "skald": Msg("skald", "skald"),
}
BUILDING = {
    "stronghold": Msg("tvrz", "stronghold"),
    "church": Msg("kostel", "church"),
    "hall": Msg("síň", "hall"),
}
PUBLIC = {
    "road": Msg("cesta", "road"),
    "market": Msg("tržiště", "market"),
    "palisade": Msg("palisáda", "palisade"),
    "improvement": Msg("zlepšení výnosnosti", "improvement"),
}
DIRECTION = {
    "stay": Msg("zůstat", "stay"),
    "N": Msg("sever", "north"),
    "NE": Msg("SV", "NE"),  # diagonals abbreviated: a pad's private list shows ~20 characters
    "E": Msg("východ", "east"),
    "SE": Msg("JV", "SE"),
    "S": Msg("jih", "south"),
    "SW": Msg("JZ", "SW"),
    "W": Msg("západ", "west"),
    "NW": Msg("SZ", "NW"),
    # two pieces along the coast: short, since a pad's private list shows about 20 characters
    "E2": Msg("2× východ", "2× east"),
    "W2": Msg("2× západ", "2× west"),
    "N2": Msg("2× sever", "2× north"),
    "S2": Msg("2× jih", "2× south"),
}
# Phase names for the header "Kolo 12 · <phase> ⚓5": short enough for the 128 px header line
# in its bold condensed font (the header test measures them).
PHASE = {
    "setup": Msg("Příprava", "Setup"),
    "production": Msg("Produkce", "Produce"),
    "movement": Msg("Pohyb", "Moves"),
    "distribution": Msg("Rozdělení", "Sharing"),
    "building": Msg("Stavba", "Building"),
    "end": Msg("Konec kola", "Round end"),
    "final": Msg("Závěr", "Final"),
    "over": Msg("Konec hry", "Game over"),
}
# Short names of things built, for the build menu (one line holds about 20 characters)
PUBLIC_SHORT = {
    "road": Msg("cesta", "road"),
    "market": Msg("tržiště", "market"),
    "palisade": Msg("palisáda", "palisade"),
    "improvement": Msg("zlepšení", "impr."),
}
# Resource initials for costs in the build menu: "2O+1R" = 2 grain + 1 ore
RESOURCE_SHORT = {
    "grain": Msg("O", "G"),
    "livestock": Msg("D", "L"),
    "wood": Msg("Dř", "W"),
    "ore": Msg("R", "O"),
    "gold": Msg("Z", "Au"),
    "unknown": Msg("?", "?"),
}
GOAL_SHORT = {  # column heads short enough for one line of the screen
    "houses": Msg("Sídla", "Houses"),
    "territories": Msg("Území", "Terr."),
    "largest": Msg("Největší", "Largest"),
    "buildings": Msg("Budovy", "Buildings"),
    "army": Msg("Vojsko", "Army"),
}
YES = Msg("ano", "yes")
NO = Msg("ne", "no")


def note(state: dict, *events: Msg) -> None:
    """Tell the table: public events, newest last, in state["recent"] (the newest EVENTS_KEPT)."""
    announce(state, *events, keep=EVENTS_KEPT)


seat = player  # "Hráč 1": a seat named by its number


def capital(msg: Msg) -> Msg:
    return Msg(msg.cs[:1].upper() + msg.cs[1:], msg.en[:1].upper() + msg.en[1:])


def cards(n: int) -> Msg:
    """'1 karta', '3 karty', '5 karet'."""
    return counted(n, ("karta", "karty", "karet"), ("card", "cards"))


def cards_accusative(n: int) -> Msg:
    """'dostane 1 kartu, 3 karty, 5 karet'."""
    return counted(n, ("kartu", "karty", "karet"), ("card", "cards"))


def votes(n: int) -> Msg:
    return counted(n, ("hlas", "hlasy", "hlasů"), ("vote", "votes"))


def towards(direction: str) -> Msg:
    """Where a move leads, for a sentence: 'na sever', 'o dva na východ po pobřeží'."""
    base = {
        "N": ("sever", "north"),
        "NE": ("severovýchod", "north-east"),
        "E": ("východ", "east"),
        "SE": ("jihovýchod", "south-east"),
        "S": ("jih", "south"),
        "SW": ("jihozápad", "south-west"),
        "W": ("západ", "west"),
        "NW": ("severozápad", "north-west"),
    }
    if direction.endswith("2"):
        cs, en = base[direction[:-1]]
        return Msg(f"o dva na {cs} po pobřeží", f"two {en} along the coast")
    cs, en = base[direction]
    return Msg(f"na {cs}", en)


def row_place(coastal: bool, tid: str) -> Msg:
    """'Pobřeží 2' / 'Vnitrozemí 1': the row and the count from the west (the one builder of
    the label; ``place`` and ``territory`` read the row from the board)."""
    row = Msg("Pobřeží", "Coast") if coastal else Msg("Vnitrozemí", "Inland")
    return row + Msg(f" {tid[1:]}", f" {tid[1:]}")


def place(board: dict, tid: str) -> Msg:
    """'Pobřeží 2': the row and the count from the west, without the terrain (short lines)."""
    return row_place(board["territories"][tid]["coastal"], tid)


def tag(board: dict, tid: str) -> Msg:
    """'P2' / 'C2', 'V1' / 'I1': Pobřeží / Vnitrozemí (Coast / Inland) and the count from the
    west, for the build menu where a line holds about 20 characters."""
    coastal = board["territories"][tid]["coastal"]
    return Msg(("P" if coastal else "V") + tid[1:], ("C" if coastal else "I") + tid[1:])


def cost_short(value) -> Msg:
    """A cost in a few characters for the end of a menu line: '2O+1R' (2 grain + 1 ore), '4 sur.'
    (4 resources of the kinds printed on the piece), '?' (not known: see the reference card)."""
    if value == "unknown" or not value:
        return Msg("?", "?")
    parts = []
    for res, n in value.items():
        if res == "any":
            parts.append(Msg(f"{n} sur.", f"{n} res."))
        else:
            short = RESOURCE_SHORT.get(res, RESOURCE_SHORT["unknown"])
            parts.append(Msg(f"{n}{short.cs}", f"{n}{short.en}"))
    return join(parts, "+")


def territory(board: dict, tid: str) -> Msg:
    """'Pobřeží 2 (les)': the row and the count from the west, as players find it on the table."""
    info = board["territories"][tid]
    return Msg("{p} ({t})", "{p} ({t})").format(p=row_place(info["coastal"], tid), t=TERRAIN[info["terrain"]])


def score_change(seat_index: int, change: int, goals_changed: list[Msg]) -> Msg:
    """'Hráč 2: +1 (Sídla)': a seat's total changed, and the goals that changed it."""
    line = Msg("{s}: {n:+d}", "{s}: {n:+d}").format(s=seat(seat_index), n=change)
    return line + Msg(" ({g})", " ({g})").format(g=join(goals_changed)) if goals_changed else line


# a seat's own pad screen: the VP card it kept, and what it counts once the box data says so
VP_CARD_KEPT = Msg("Karta VB č. {k}", "VP card no. {k}")
VP_CARD_POINTS = Msg("Tvé VB: {n}", "Your VP: {n}")
