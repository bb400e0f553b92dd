"""Names players read, in Czech and English: colours in the forms the sentences need, the
status line, the labels of the readings (settings)."""

from __future__ import annotations

from ...engine import Msg
from ...engine.i18n import join
from .box import BOX


def colour_name(colour: str) -> Msg:
    """ "červená" / "red": the colour as it names a civilisation."""
    return BOX.colours[colour].name


def colour_form(colour: str, ending: str) -> Msg:
    """The Czech adjective declined (every colour of the box is a hard adjective: červen-á,
    červen-ého, červen-ým, ...); English keeps the plain word."""
    name = BOX.colours[colour].name
    return Msg(name.cs[:-1] + ending, name.en)


def colours_list(colours) -> Msg:
    return join([colour_name(c) for c in colours])


# "Epocha 3/7 · žet. 3 2 3": drawn epoch tiles of the limit and every seat's scoring tokens left
HEADER = Msg("Epocha {e}/{limit} · žet. {tokens}", "Epoch {e}/{limit} · tok. {tokens}")
OVER_PHASE = Msg("Konec hry", "Game over")
START_PHASE = Msg("Začátek hry", "Start of the game")

SYMBOLS = {"wheat": Msg("pšenice", "wheat"), "cups": Msg("poháry", "cups"), "swords": Msg("meče", "swords")}
TEMPLE_TYPES = {
    "wheat": Msg("chrám pšenice", "wheat temple"),
    "cups": Msg("chrám pohárů", "cup temple"),
    "swords": Msg("chrám mečů", "sword temple"),
}
KINDS = {"continent": Msg("světadíl", "continent"), "island": Msg("ostrov", "island")}

YES_NO = ((True, Msg("ano", "yes")), (False, Msg("ne", "no")))

# The readings of the rulebook's open questions (data/box.toml [rules]): the settings menu's labels
READING_LABELS = {
    "count_limit": Msg("Nejvyšší počet symbolů", "Highest symbol count"),
    "found_zero_wheat": Msg("Založení bez pšenice dá", "Founding without wheat gives"),
    "found_cap": Msg("Založení dá nejvýš", "Founding gives at most"),
    "temple_mode": Msg("Chrám boduje", "A temple scores"),
    "temple_requires_occupied": Msg("Chrám jen na obsazeném světadílu", "Temple only on an occupied continent"),
    "end_after_last_token": Msg("Po posledním žetonu", "After the last token"),
    # one tile causing a war and a migration: a follower for each, or one in all (U7)
    "war_and_migration_cost": Msg("Válka a stěhování zároveň", "War and migration at once"),
    "hide_scores": Msg("Skryté průběžné body", "Hidden running scores"),
    "on_empty_stack": Msg("Došly dílky", "No tiles left"),
}
READING_VALUES = {
    "count_limit": ((30, Msg("30", "30")), (20, Msg("20", "20")), (50, Msg("50", "50"))),
    "found_zero_wheat": ((0, Msg("0 přívrženců", "0 followers")), (1, Msg("1 přívržence", "1 follower"))),
    "found_cap": tuple((n, Msg(str(n), str(n))) for n in (5, 4, 3, 2, 1)),
    "temple_mode": (
        ("per_symbol", Msg("za symbol", "per symbol")),
        ("per_follower", Msg("symbol × přívrženci", "symbol × followers")),
    ),
    "temple_requires_occupied": YES_NO,
    "end_after_last_token": (
        ("after_turn", Msg("dohrát tah", "finish the turn")),
        ("immediately", Msg("konec hned", "end at once")),
    ),
    "war_and_migration_cost": (
        (2, Msg("každé za 1 přívržence", "1 follower each")),
        (1, Msg("1 přívrženec celkem", "1 follower in all")),
    ),
    "hide_scores": YES_NO[::-1],
    "on_empty_stack": (
        ("end_game", Msg("konec hry", "the game ends")),
        ("play_out", Msg("dohrát ruce", "play out hands")),
    ),
}
