"""Names players read, in Czech and English, kept in one place so every screen says the same."""

from __future__ import annotations

from ...engine import Msg

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
    "NE": Msg("severovýchod", "north-east"),
    "E": Msg("východ", "east"),
    "SE": Msg("jihovýchod", "south-east"),
    "S": Msg("jih", "south"),
    "SW": Msg("jihozápad", "south-west"),
    "W": Msg("západ", "west"),
    "NW": Msg("severozápad", "north-west"),
    "E2": Msg("o dva na východ po pobřeží", "two east along the coast"),
    "W2": Msg("o dva na západ po pobřeží", "two west along the coast"),
    "N2": Msg("o dva na sever po pobřeží", "two north along the coast"),
    "S2": Msg("o dva na jih po pobřeží", "two south along the coast"),
}
PHASE = {
    "setup": Msg("Příprava", "Setup"),
    "production": Msg("1 Produkce surovin", "1 Resource production"),
    "movement": Msg("2 Pohyb hrdinů", "2 Hero movement"),
    "distribution": Msg("3 Rozdělování surovin", "3 Resource distribution"),
    "building": Msg("4 Stavba", "4 Building"),
    "end": Msg("5 Konec kola", "5 End of round"),
    "final": Msg("Závěrečné stavění", "Final building"),
    "over": Msg("Konec hry", "Game over"),
}
GOAL = {
    "houses": Msg("Počet sídel", "Houses"),
    "territories": Msg("Počet území", "Territories"),
    "largest": Msg("Největší území", "Largest territory"),
    "buildings": Msg("Budovy", "Buildings"),
    "army": Msg("Vojsko", "Army"),
}
GOAL_SHORT = {  # column heads short enough for one line of the screen
    "houses": Msg("Sídla", "Houses"),
    "territories": Msg("Území", "Territories"),
    "largest": Msg("Největší", "Largest"),
    "buildings": Msg("Budovy", "Buildings"),
    "army": Msg("Vojsko", "Army"),
}
YES = Msg("ano", "yes")
NO = Msg("ne", "no")


def seat(n: int) -> Msg:
    return Msg(f"Hráč {n + 1}", f"Player {n + 1}")


def territory(board: dict, tid: str) -> Msg:
    """'Pobřeží 2 (les)': the row and the count from the west, as players find it on the table."""
    info = board["territories"][tid]
    row = Msg("Pobřeží", "Coast") if info["coastal"] else Msg("Vnitrozemí", "Inland")
    return Msg("{r} {i} ({t})", "{r} {i} ({t})").format(r=row, i=tid[1:], t=TERRAIN[info["terrain"]])


def cost(value) -> Msg:
    if value == "unknown" or not value:
        return Msg("cena neznámá (viz přehledová karta)", "cost unknown (see the reference card)")
    parts = [Msg(f"{n}× {RESOURCE[r].cs}", f"{n} {RESOURCE[r].en}") for r, n in value.items()]
    return Msg(" + ".join(p.cs for p in parts), " + ".join(p.en for p in parts))
