"""What the Catan core says to players, in Czech and English, in one place."""

from __future__ import annotations

from ...engine import Msg
from ...engine.i18n import player

EVENTS_KEPT = 12  # public events kept in state["recent"]

PHASE = {
    "first": Msg("Začátek", "Start"),
    "founding": Msg("Zakládání", "Founding"),
    "roll": Msg("Hod", "Roll"),
    "build": Msg("Stavba", "Build"),
    "special": Msg("Zvl.", "Extra"),  # the special building phase (short: the points follow)
    "over": Msg("Konec", "End"),
}

PIECE = {
    "road": Msg("cesta", "road"),
    "settlement": Msg("vesnice", "settlement"),
    "city": Msg("město", "city"),
}

# the breakdown of a seat's points (Scores.breakdown keys), for the final reveal
POINTS = {
    "settlements": Msg("vesnice", "settlements"),
    "cities": Msg("města", "cities"),
    "longest_road": Msg("nejdelší stezka", "Longest Road"),
    "largest_army": Msg("největší rytířstvo", "Largest Army"),
    "vp_cards": Msg("karty VB", "VP cards"),
}

ROLL = Msg("Hod?", "Roll?")  # short: the list of sums needs the rows
# rules 1 and 2: one key a sum; rules 3: the sum typed and entered with # (no default)
ROLL_DETAIL = Msg("2–9 stiskni to číslo, 0 = 10, 1 = 11, # = 12.", "2–9: press that number; 0 = 10, 1 = 11, # = 12.")
TYPED_ROLL_DETAIL = Msg("Napiš součet kostek (2–12) a potvrď #.", "Type the dice sum (2–12), then press #.")
STAR_ROLL_DETAIL = Msg(
    "2–9 stiskni to číslo, 0 = 10, 1 = 11, * = 12.", "2–9: press that number; 0 = 10, 1 = 11, * = 12."
)
MENU = Msg("Co stavíš?", "Build?")
SPECIAL_MENU = Msg("Co stavíš?", "Build?")  # the header says it is the special phase
SPECIAL_WHO = Msg("Zvláštní fáze stavby: kdo staví?", "Special building phase: who builds?")
NOBODY_ELSE = Msg("nikdo další", "nobody else")
FIRST = Msg("Kdo hodil nejvíc a začíná?", "Who rolled highest and starts?")
ROAD_WHO = Msg("Kdo má nejdelší stezku?", "Who holds the Longest Road?")
NOBODY = Msg("nikdo", "nobody")
DEV_CARD = Msg("Jakou akční kartu sis koupil? (tajně)", "Which development card? (secret)")
DEV_DETAIL = Msg(
    "Zadej na svém padu druh karty a #. Karta zůstává skrytá.",
    "Enter the kind of card on your pad, then #. The card stays hidden.",
)
DEV_OTHER = Msg("jiná karta", "another card")
DEV_VP = Msg("karta VB", "VP card")

MENU_ITEM = {
    "road": Msg("cesta", "road"),
    "settlement": Msg("vesnice", "settlement"),
    "city": Msg("město", "city"),
    "dev": Msg("akční karta", "development card"),
    "knight": Msg("zahrát rytíře", "play a knight"),
    "longest_road": Msg("nejdelší stezka", "Longest Road"),
    "end": Msg("konec tahu", "end of turn"),
    "done": Msg("hotovo", "done"),
    "roll_knight": Msg("rytíř před hodem", "knight before the roll"),
}

SEVEN = Msg("Padla 7: kdo má přes 7 karet, odhodí půlku.", "A 7: over 7 cards, discard half.")


seat = player  # "Hráč 1": a seat named by its number


def knight(who: Msg, count: int) -> Msg:
    return Msg("{w} hraje rytíře ({n}.).", "{w} plays a knight (no. {n}).").format(w=who, n=count)


def army(who: Msg) -> Msg:
    return Msg("Největší rytířstvo: {w}.", "Largest Army: {w}.").format(w=who)


def road(who: Msg | None) -> Msg:
    if who is None:
        return Msg("Nejdelší stezku nemá nikdo.", "Nobody holds the Longest Road.")
    return Msg("Nejdelší stezka: {w}.", "Longest Road: {w}.").format(w=who)


def wins(who: Msg, points: int, parts: Msg) -> Msg:
    """The win with what made it: kept whole as the reason of the end (``won`` is announced)."""
    return Msg("{w} vítězí s {p} VB: {parts}.", "{w} wins with {p} VP: {parts}.").format(w=who, p=points, parts=parts)


def score_change(who: Msg, change: int, total: int) -> Msg:
    return Msg("{w}: {c:+d} VB ({t})", "{w}: {c:+d} VP ({t})").format(w=who, c=change, t=total)


VP_CARDS_SHOWN = Msg("Karty VB: ", "VP cards: ")  # turned up at the end, who and how many
VP_CARDS_HELD = Msg("Karty VB: {n}", "VP cards: {n}")  # on the holder's own pad screen
