"""Names players read, in Czech and English, and the refusal helper of the game."""

from __future__ import annotations

from ...engine import Msg, refuser
from ...engine.i18n import join

RESOURCE_NAMES = {
    "lumber": Msg("dřevo", "lumber"),
    "brick": Msg("hlína", "brick"),
    "wool": Msg("vlna", "wool"),
    "grain": Msg("obilí", "grain"),
    "ore": Msg("ruda", "ore"),
}
CITY_NAMES = {"troy": Msg("Trója", "Troy"), "mycenae": Msg("Mykény", "Mycenae")}
# "for Troy": Czech needs the dative
CITY_FOR = {"troy": Msg("pro Tróju", "for Troy"), "mycenae": Msg("pro Mykény", "for Mycenae")}
SHIP_BENEFITS = {
    1: Msg("obchod 3:1", "3:1 trade"),
    2: Msg("1 VB", "1 VP"),
    3: Msg("výměna s řadou", "swap with the row"),
    4: Msg("1 VB", "1 VP"),
    5: Msg("kartička 2:1", "2:1 chit"),
    6: Msg("karta z řady", "a card from the row"),
    7: Msg("1 VB", "1 VP"),
}


refuse = refuser("troy")  # a refusal naming the broken rule ``troy.<rule>``


def resource(name: str) -> Msg:
    return RESOURCE_NAMES[name]


def cards(names) -> Msg:
    """ "dřevo, ruda" / "lumber, ore"."""
    return join(RESOURCE_NAMES[n] for n in names)


def city(name: str | None) -> Msg:
    return CITY_NAMES[name] if name else Msg("nikdo", "nobody")


# a seat's own pad screen
SIDE = Msg("Strana: {side}", "Side: {side}")
FROM_ROW = Msg("Z řady: {card}", "From row: {card}")
