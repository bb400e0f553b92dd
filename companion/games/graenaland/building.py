"""Phase 4: what a player may build and where (rulebook p.6-8, final building p.9, the 5-player
grant p.11). Payment stays physical; every placement is checked here and nowhere else.

A build is a string: ``settlement:C2``, ``church:C2`` (``church:C2:move`` also moves the priest
to a later church), ``army``, ``road:C2``, ``coop:road:C2``, ``grant:3``, ``supply``, ``done``.
Modes: ``main`` (the main player), ``final`` (after a victory: no supply card, no public
buildings) and ``grant`` (one build offered by the main player in the 5-player variant).
"""

from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple

from ...engine import Msg, RuleError
from ...engine.i18n import join, unbroken
from . import texts
from .board import adjacent
from .payment import army_costs
from .texts import refuse
from .votes import houses

BUILDINGS = ("stronghold", "church", "hall")
PUBLIC = ("road", "market", "palisade", "improvement")
ENTERS_WITH = {"church": "priest", "hall": "skald"}


class Refused(NamedTuple):
    """A broken build rule, its sentence not filled in yet: a legal list only needs to know
    that a build is refused (about a hundred candidates per build menu); the sentence is built
    when a player picks that build (``error``)."""

    rule: str
    cs: str
    en: str
    values: dict
    where: str | None = None  # the territory the sentence names as {t}

    def error(self, state: dict) -> RuleError:
        values = self.values if self.where is None else {**self.values, "t": _territory(state, self.where)}
        return refuse(self.rule, self.cs, self.en, **values)


def _refuse(rule: str, cs: str, en: str, where: str | None = None, **values) -> Refused:
    return Refused(rule, cs, en, values, where)


class Holdings:
    """What the checks of one seat read for every candidate, counted once per state: his houses
    on each territory, the territories holding one, the houses he has left, and how many tiles
    of each public building lie on the board."""

    def __init__(self, state: dict, seat: int):
        board = state["board"]
        order = board["order"]
        self.houses = {tid: houses(state, seat, tid) for tid in order}
        self.own = [tid for tid in order if self.houses[tid] > 0]
        rules = board["rules"]
        self.left = rules["houses_per_player"] - rules["houses_on_army_track"] - sum(self.houses.values())
        self.public_built = {kind: sum(kind in state["public"][tid] for tid in order) for kind in PUBLIC}


def houses_left(state: dict, seat: int) -> int:
    """The houses of a colour (14, box data ``rules``), one of them on the army track (p.3):
    the rest can reach the board."""
    return Holdings(state, seat).left


def _territory(state, tid) -> Msg:
    return texts.territory(state["board"], tid)


def _raise(state: dict, refused: Refused | None) -> None:
    if refused is not None:
        raise refused.error(state)


def _house_left(state, held: Holdings) -> Refused | None:
    """Only while the clan has a house left, unless the box data says running out does not
    limit building (``house_limit``, digest U15)."""
    rules = state["board"]["rules"]
    if rules.get("house_limit", True) and held.left <= 0:
        return _refuse(
            "no_houses_left",
            "Už ti nezbývá žádný domeček (každý klan má {n}, {a} ukazuje sílu vojska).",
            "You have no house left (each clan has {n}, {a} marking the army strength).",
            n=rules["houses_per_player"],
            a=rules["houses_on_army_track"],
        )
    return None


def check_settlement(state, seat, tid):
    """On a territory where you have a house, or next to one (p.6)."""
    _raise(state, _settlement(state, Holdings(state, seat), tid))


def _settlement(state, held: Holdings, tid) -> Refused | None:
    no_house = _house_left(state, held)
    if no_house:
        return no_house
    board = state["board"]
    if tid not in held.own and not any(adjacent(board, t, tid) for t in held.own):
        return _refuse(
            "settlement_not_adjacent",
            "Osadu lze postavit jen na území s tvým sídlem nebo na sousední území; {t} takové není.",
            "A settlement goes only where you have a house or next to such a territory; {t} is neither.",
            where=tid,
        )
    return None


def check_building(state, seat, kind, tid, move=False):
    """Only where you have a settlement, never on mountains, one of each kind per territory, on
    a printed symbol (p.6)."""
    _raise(state, _building(state, seat, Holdings(state, seat), kind, tid, move))


def _building(state, seat, held: Holdings, kind, tid, move=False) -> Refused | None:
    no_house = _house_left(state, held)
    if no_house:
        return no_house
    info = state["board"]["territories"][tid]
    name = texts.BUILDING[kind]
    if info["terrain"] == "mountains":
        return _refuse(
            "no_buildings_on_mountains", "V horách nelze stavět budovy.", "No buildings can be built in the mountains."
        )
    if state["settlements"][tid].get(str(seat), 0) == 0:
        return _refuse(
            "building_needs_settlement",
            "Budovu lze postavit jen na území, kde máš osadu; na {t} žádnou nemáš.",
            "A building needs a settlement of yours on its territory; you have none on {t}.",
            where=tid,
        )
    if info["buildings"] != "unknown" and kind not in info["buildings"]:
        return _refuse(
            "no_building_symbol",
            "Na {t} není vytištěn symbol pro {b}.",
            "{t} has no printed symbol for a {b}.",
            where=tid,
            b=name,
        )
    if kind in state["buildings"][tid]:
        return _refuse(
            "building_taken",
            "Na {t} už {b} stojí; na území může být jen jedna budova každého typu.",
            "{t} already has a {b}; a territory holds one building of each kind.",
            where=tid,
            b=name,
        )
    return _hero_move(state, seat, kind, tid) if move else None


def _hero_move(state, seat, kind, tid) -> Refused | None:
    """A later church moves the priest (a later hall the skald) there, if no other own hero
    stands there (p.7)."""
    hero = ENTERS_WITH.get(kind)
    mine = state["heroes"][seat]
    if hero is None or mine[hero] is None:
        return _refuse(
            "hero_not_in_play",
            "Tento hrdina ještě není ve hře, nelze ho přesunout.",
            "That hero is not in play yet, so it cannot be moved.",
        )
    if any(where_ == tid for h, where_ in mine.items() if h != hero):
        return _refuse(
            "hero_would_share",
            "Na {t} už stojí jiný tvůj hrdina; dva tvoji hrdinové nesmějí stát na jednom území.",
            "Another of your heroes stands on {t}; two of your heroes never share a territory.",
            where=tid,
        )
    return None


def check_public(state, seat, kind, tid, mode):
    """Only where you have a house, one of each kind per territory, while tiles last, never in
    the final building phases (p.7-9)."""
    _raise(state, _public(state, Holdings(state, seat), kind, tid, mode))


def _public(state, held: Holdings, kind, tid, mode) -> Refused | None:
    if mode == "final":
        return _refuse(
            "no_public_in_final",
            "Během závěrečného stavění nelze stavět veřejné stavby.",
            "No public buildings may be built during the final building phases.",
        )
    if held.houses[tid] == 0:
        return _refuse(
            "public_needs_house",
            "Veřejnou stavbu lze postavit jen na území s tvým sídlem; na {t} žádné nemáš.",
            "A public building needs a house of yours on its territory; you have none on {t}.",
            where=tid,
        )
    if kind in state["public"][tid]:
        return _refuse(
            "public_exists",
            "Na {t} už {p} je; od každého druhu jen jedna.",
            "{t} already has a {p}; one of each kind per territory.",
            where=tid,
            p=texts.PUBLIC[kind],
        )
    if held.public_built[kind] >= state["board"]["public"][kind]["tiles"]:
        return _refuse(
            "public_tiles_used_up",
            "Všechny žetony ({p}) už jsou na plánu.",
            "Every {p} tile is already on the board.",
            p=texts.PUBLIC[kind],
        )
    return None


def check_army(state, seat):
    """The army track ends at ``army_max`` when the box data knows it; "unknown" sets no cap."""
    _raise(state, _army(state, seat))


def _army(state, seat) -> Refused | None:
    top = state["board"]["rules"]["army_max"]
    if isinstance(top, int) and state["army"][seat] >= top:
        return _refuse(
            "army_track_end",
            "Vojsko už má nejvyšší sílu, kterou počitadlo ukazuje ({n}).",
            "The army already has the highest strength on its track ({n}).",
            n=top,
        )
    return None


def supply_available(state: dict) -> bool:
    """A supply card lies face up. Once the deck and the display are used up, nobody takes one
    any more (used cards are not reshuffled: our reading of digest U16)."""
    return state["supply"]["display"] > 0


def _unknown_build() -> Refused:
    return _refuse("unknown_build", "Neznámá stavba.", "Unknown construction.")


def _check_end(state, seat, held, parts, mode):
    if mode == "main" and parts[0] == "done" and not state["supply"]["taken"] and supply_available(state):
        return _refuse(
            "supply_card_required",
            "Než skončíš, vezmi si kartu zásob.",
            "Take your supply card before you finish building.",
        )
    return None


def _coop_or_grant_used(state) -> Refused | None:
    """One joint public building or one offered build per round: either uses the round's turn."""
    if state["round_flags"]["coop"] or state["round_flags"]["grant"]:
        return _refuse(
            "coop_once_per_round",
            "V tomto kole už byla společná stavba nebo nabídka využita.",
            "The joint public building or the offered build was already used this round.",
        )
    return None


def _check_supply(state, seat, held, parts, mode):
    if mode != "main":
        return _refuse(
            "no_supply_now",
            "Kartu zásob si bere jen hlavní hráč ve své fázi stavby.",
            "Only the main player takes a supply card, in his own building phase.",
        )
    if state["supply"]["taken"]:
        return _refuse(
            "supply_once", "Kartu zásob už sis v tomto kole vzal.", "You already took your supply card this round."
        )
    if not supply_available(state):
        return _refuse(
            "supply_empty",
            "Karty zásob došly: žádná neleží lícem nahoru a balíček je prázdný.",
            "The supply cards are used up: none lies face up and the deck is empty.",
        )
    return None


def _check_grant(state, seat, held, parts, mode):
    if mode != "main" or not state["options"]["five_player_grant"]:
        return _refuse(
            "grant_unavailable",
            "Nabídku stavby může učinit jen hlavní hráč při hře v pěti.",
            "Only the main player of a 5-player game with that variant may offer a build.",
        )
    if refused := _coop_or_grant_used(state):
        return refused
    if int(parts[1]) == seat or not 0 <= int(parts[1]) < state["seats"]:
        return _refuse(
            "grant_other_player",
            "Stavbu lze nabídnout jen jinému hráči.",
            "A build can only be offered to another player.",
        )
    return None


def _check_coop(state, seat, held, parts, mode):
    if mode != "main":
        return _refuse(
            "coop_main_only",
            "Společnou veřejnou stavbu navrhuje jen hlavní hráč.",
            "Only the main player proposes a joint public building.",
        )
    if refused := _coop_or_grant_used(state):
        return refused
    kind, tid = parts[1], parts[2]
    if kind not in PUBLIC or tid not in state["board"]["order"]:
        return _unknown_build()
    return _public(state, held, kind, tid, mode)


def _check_placed(state, seat, held, parts, mode):
    """A construction on a territory: ``settlement:T``, ``church:T[:move]``, ``road:T``, ..."""
    if len(parts) < 2 or parts[1] not in state["board"]["order"]:
        return _unknown_build()
    head, tid = parts[0], parts[1]
    if head == "settlement":
        return _settlement(state, held, tid)
    if head in BUILDINGS:
        move = len(parts) > 2 and parts[2] == "move"
        if move and mode == "grant":
            return _unknown_build()
        return _building(state, seat, held, head, tid, move)
    if head in PUBLIC:
        return _public(state, held, head, tid, mode)
    return _unknown_build()


CHECKS = {
    "done": _check_end,
    "nothing": _check_end,
    "supply": _check_supply,
    "army": lambda state, seat, held, parts, mode: _army(state, seat),
    "grant": _check_grant,
    "coop": _check_coop,
}


def refused(state: dict, seat: int, value: str, mode: str, held: Holdings | None = None) -> Refused | None:
    """The rule ``seat`` would break by building ``value`` now, its sentence not yet built
    (None: allowed). ``held`` are the seat's holdings when already counted for this state."""
    parts = value.split(":")
    return CHECKS.get(parts[0], _check_placed)(state, seat, held or Holdings(state, seat), parts, mode)


def check(state: dict, seat: int, value: str, mode: str) -> None:
    """Raise RuleError naming the broken rule if ``seat`` may not build ``value`` now."""
    _raise(state, refused(state, seat, value, mode))


def candidates(state: dict, seat: int, mode: str) -> list[str]:
    """Every build value worth listing for this seat and mode, before checking legality."""
    order = state["board"]["order"]
    out = [f"settlement:{t}" for t in order]
    for kind in BUILDINGS:
        moves = _hero_may_move(state, seat, kind, mode)
        for t in order:
            out += [f"{kind}:{t}", f"{kind}:{t}:move"] if moves else [f"{kind}:{t}"]
    out.append("army")
    out += [f"{kind}:{t}" for kind in PUBLIC for t in order]
    return out + (_main_only(state, order) if mode == "main" else [])


def is_candidate(state: dict, seat: int, value: str, mode: str) -> bool:
    """``value in candidates(state, seat, mode)``, read off the value instead of listing them
    all (a gate asks it of every build a log replays)."""
    parts = value.split(":")
    head, order = parts[0], state["board"]["order"]
    if head == "army" or (head == "supply" and mode == "main"):
        return len(parts) == 1
    if head == "settlement" or head in PUBLIC:
        return len(parts) == 2 and parts[1] in order
    if head in BUILDINGS:
        if len(parts) == 3 and parts[2] == "move":
            return parts[1] in order and _hero_may_move(state, seat, head, mode)
        return len(parts) == 2 and parts[1] in order
    if mode != "main":
        return False
    if head == "coop":
        return len(parts) == 3 and parts[1] in PUBLIC and parts[2] in order
    if head == "grant":
        return len(parts) == 2 and parts[1] in [str(s) for s in range(state["seats"])]
    return False


def _main_only(state: dict, order: list[str]) -> list[str]:
    """The joint public building, the offered build and the supply card."""
    return (
        [f"coop:{kind}:{t}" for kind in PUBLIC for t in order]
        + [f"grant:{s}" for s in range(state["seats"])]
        + ["supply"]
    )


def _hero_may_move(state: dict, seat: int, kind: str, mode: str) -> bool:
    """A later church or hall may move its hero there (not in an offered build)."""
    hero = ENTERS_WITH.get(kind)
    return mode != "grant" and hero is not None and state["heroes"][seat][hero] is not None


def legal(state: dict, seat: int, mode: str) -> list[str]:
    """The candidates no rule refuses: the seat's holdings counted once, no sentence built."""
    held = Holdings(state, seat)
    return [value for value in candidates(state, seat, mode) if refused(state, seat, value, mode, held) is None]


def cost_of(state: dict, seat: int, value: str):
    """The printed cost of a build value (box data), or None for what costs nothing. The army
    lists its cheapest ways (4 grain + ore, or grain + ore + the resource under a stronghold)."""
    parts = value.split(":")
    head, board = parts[0], state["board"]
    if head == "army":
        return army_costs(state, seat)
    if head == "coop":
        return [board["public"][parts[1]]["cost"]]
    if head == "settlement":
        return [board["territories"][parts[1]]["settlement_cost"]]
    if head in BUILDINGS:
        return [board["costs"][head]]
    if head in PUBLIC:
        return [board["public"][head]["cost"]]
    return None


# The pad code of a build says what and where, so it stays the same from turn to turn: the
# kind's digit, then the territory's place in the board order (the key it has on every screen),
# e.g. a settlement on the 3rd territory is "13". Rarer builds start with 9: a later church or
# hall that moves its hero (93T, 94T), a joint public building (95T-98T), an offered build
# (91 + the seat's number); the army is 90, the supply card 99.
KIND_DIGIT = {
    "settlement": "1",
    "stronghold": "2",
    "church": "3",
    "hall": "4",
    "road": "5",
    "market": "6",
    "palisade": "7",
    "improvement": "8",
}
ARMY_CODE, SUPPLY_CODE, RARE = "90", "99", "9"


def code(state: dict, value: str) -> str:
    """The build's pad code, derived from the build itself (see KIND_DIGIT)."""
    return codes(state, (value,))[0]


def codes(state: dict, values) -> list[str]:
    """The pad codes of several builds (a build menu's hundred), the board order read once."""
    order = state["board"]["order"]
    places = _places(tuple(order))
    return [_code(value, places) for value in values]


@lru_cache(maxsize=8)
def _places(order: tuple[str, ...]) -> dict[str, str]:
    """Each territory's place in the board order, as the digit(s) of its key."""
    places: dict[str, str] = {}
    for index, tid in enumerate(order):
        places.setdefault(tid, str(index + 1))  # the first place, as list.index finds it
    return places


def _code(value: str, places: dict[str, str]) -> str:
    parts = value.split(":")
    head = parts[0]
    if head == "army":
        return ARMY_CODE
    if head == "supply":
        return SUPPLY_CODE
    if head == "grant":
        return RARE + "1" + str(int(parts[1]) + 1)
    if head == "coop":
        return RARE + KIND_DIGIT[parts[1]] + _place_digit(places, parts[2])
    where = _place_digit(places, parts[1])
    return (RARE if len(parts) > 2 else "") + KIND_DIGIT[head] + where


def _place_digit(places: dict[str, str], tid: str) -> str:
    place = places.get(tid)
    if place is None:  # not on this board: as list.index says it
        raise ValueError(f"{tid!r} is not in list")
    return place


ENDS_WORDS = ("done", "nothing")
WORDS = {
    "done": Msg("Konec stavby", "Finish building"),
    "nothing": Msg("Nic nestavět", "Build nothing"),
    "supply": Msg("Vzít kartu zásob", "Take supply card"),
}


def label(state: dict, value: str, seat: int | None = None) -> Msg:
    """One line of the build menu: what and where first (short), the cost last, after " · "
    ('Osada P2 · 4 sur.'), since the screen cuts what does not fit."""
    parts = value.split(":")
    head = parts[0]
    if head in WORDS:
        return WORDS[head]
    if head == "grant":
        return Msg("Nabídnout: {s}", "Offer to {s}").format(s=texts.seat(int(parts[1])))
    costs = cost_of(state, 0 if seat is None else seat, value)
    where = _coastal(state["board"], parts)
    try:
        return _label(
            tuple(parts), where, tuple(_DictCost(tuple(c.items())) if isinstance(c, dict) else c for c in costs)
        )
    except TypeError:  # a cost no cache can hold (not as the box data's schema has it): made each time
        return _line(tuple(parts), where, costs)


class _DictCost(NamedTuple):
    """A printed cost (a dict) as a key of ``_label``'s cache: its items, in their order."""

    items: tuple


@lru_cache(maxsize=2048)
def _label(parts: tuple[str, ...], coastal: bool, costs: tuple) -> Msg:
    """A menu line depends only on its build, its territory's coast and its costs: made once."""
    return _line(parts, coastal, [dict(c.items) if isinstance(c, _DictCost) else c for c in costs])


def _line(parts: tuple[str, ...], coastal: bool, costs) -> Msg:
    return _words(parts, coastal) + Msg(" · ", " · ") + join([texts.cost_short(c) for c in costs], " / ")


def what(state: dict, value: str) -> Msg:
    """What a build value builds and where, without its cost ("Osada P2")."""
    parts = value.split(":")
    if parts[0] in WORDS or parts[0] == "grant":
        return label(state, value)
    return _what(state["board"], parts)


def _what(board: dict, parts: list[str]) -> Msg:
    """The menu's words for a build; they depend only on the build and whether its territory is
    coastal, so they are made once (a build menu names some 90 builds, offered or not)."""
    return _words(tuple(parts), _coastal(board, parts))


def _coastal(board: dict, parts: list[str]) -> bool:
    """Whether the build's territory is on the coast (False when it names none)."""
    tid = parts[2] if parts[0] == "coop" else parts[1] if len(parts) > 1 else None
    return bool(tid) and bool(board["territories"][tid]["coastal"])


@lru_cache(maxsize=1024)
def _words(parts: tuple[str, ...], coastal: bool) -> Msg:
    head = parts[0]
    if head == "army":
        return Msg("Vojsko +1", "Army +1")
    tid = parts[2] if head == "coop" else parts[1]
    where = texts.tag({"territories": {tid: {"coastal": coastal}}}, tid)
    if head == "coop":
        return Msg("Spol. {p} {t}", "Joint {p} {t}").format(p=texts.PUBLIC_SHORT[parts[1]], t=where)
    if head == "settlement":
        return Msg("Osada {t}", "Settlement {t}").format(t=where)
    if head in BUILDINGS:
        what = texts.capital(texts.BUILDING[head]) + Msg(" {t}", " {t}").format(t=where)
        if len(parts) > 2:
            what = what + Msg("+{h}", "+{h}").format(h=texts.HERO[ENTERS_WITH[head]])  # the hero moves there
        return what
    return texts.capital(texts.PUBLIC_SHORT[head]) + Msg(" {t}", " {t}").format(t=where)


def apply(state: dict, seat: int, value: str, mode: str) -> tuple[list[Msg], tuple[Msg, list[Msg]] | None]:
    """Place what ``value`` builds (already checked). Returns the public events and, when the
    table has to act on the board (pay the palisade fee, place a priest or skald), the title
    and lines of a screen that says so."""
    parts = value.split(":")
    head = parts[0]
    who = texts.seat(seat)
    if head == "supply":
        state["supply"]["taken"] = True
        state["supply"]["display"] -= 1
        return [Msg("{s} si bere kartu zásob.", "{s} takes a supply card.").format(s=who)], None
    if head == "army":
        state["army"][seat] += 1
        return [
            Msg("{s} zvětšuje vojsko na {n}.", "{s} raises the army to {n}.").format(s=who, n=state["army"][seat])
        ], None
    if head == "settlement":
        return _settle(state, seat, parts[1])
    if head in BUILDINGS:
        return _erect(state, seat, head, parts)
    tid = parts[1]
    state["public"][tid].append(head)
    return [
        Msg("{s} staví: {p} – {t}.", "{s} builds: {p} – {t}.").format(
            s=who, p=texts.PUBLIC[head], t=_territory(state, tid)
        )
    ], None


def _settle(state: dict, seat: int, tid: str) -> tuple[list[Msg], tuple[Msg, list[Msg]] | None]:
    """A settlement; behind another's palisade the newcomer pays each owner one card (p.8)."""
    who = texts.seat(seat)
    result = None
    events = [Msg("{s} staví osadu – {t}.", "{s} builds a settlement – {t}.").format(s=who, t=_territory(state, tid))]
    if "palisade" in state["public"][tid] and houses(state, seat, tid) == 0:
        owners = [s for s in range(state["seats"]) if houses(state, s, tid) > 0]
        if owners:
            names = [texts.seat(s) for s in owners]
            fee = Msg("{s} dá po kartě: {o}.", "{s} pays a card to {o}.").format(
                s=unbroken(who), o=join(unbroken(n) for n in names)
            )
            events.append(fee)  # the result screen lists it, the table says it there once
            result = (Msg("Palisáda: po kartě", "Palisade: a card each"), [fee])
    state["settlements"][tid][str(seat)] = state["settlements"][tid].get(str(seat), 0) + 1
    return events, result


def _erect(state: dict, seat: int, kind: str, parts: list[str]) -> tuple[list[Msg], tuple[Msg, list[Msg]] | None]:
    """A building; the first church or hall brings its hero (``_hero_enters``)."""
    tid = parts[1]
    state["buildings"][tid][kind] = seat
    events = [
        Msg("{s} staví {b} – {t}.", "{s} builds a {b} – {t}.").format(
            s=texts.seat(seat), b=texts.BUILDING[kind], t=_territory(state, tid)
        )
    ]
    hero = ENTERS_WITH.get(kind)
    entry = _hero_enters(state, seat, hero, tid, move=len(parts) > 2) if hero else None
    if entry is None:
        return events, None
    event, title, items = entry
    return events + [event], (title, items)


def _hero_enters(state, seat, hero, tid, move) -> tuple[Msg, Msg, list[Msg]] | None:
    """The first church brings the priest, the first hall the skald, onto that territory; if
    another own hero stands there, the newcomer waits and enters after a later movement phase
    (p.7). A later church may move the priest there (``move``). Returns the event and the
    screen's title and lines for the table, or None when nothing changes on the board."""
    mine = state["heroes"][seat]
    name = texts.HERO[hero]
    title = texts.capital(name)
    place = texts.place(state["board"], tid)
    who = texts.seat(seat)
    goes = [Msg("{s}: {h} → {t}", "{s}: {h} → {t}").format(s=who, h=name, t=place)]
    if move:
        mine[hero] = tid
        return (
            Msg("{hc} → {t}.", "The {h} → {t}.").format(hc=title, h=name, t=place),
            title + Msg(" se přesouvá", " moves"),
            goes,
        )
    if mine[hero] is not None or state["pending"][seat].get(hero):
        return None
    if any(where == tid for where in mine.values()):
        state["pending"][seat][hero] = tid
        return (
            Msg("{hc} zatím čeká.", "The {h} waits.").format(hc=title, h=name),
            title + Msg(" zatím čeká", " waits"),
            [
                Msg("{s}: na {t} stojí jiný tvůj hrdina.", "{s}: another hero of yours stands on {t}.").format(
                    s=who, t=place
                ),
                Msg(
                    "{hc} vstoupí po fázi pohybu, až tam žádný nebude.",
                    "The {h} enters after a movement phase once none stands there.",
                ).format(hc=title, h=name),
            ],
        )
    mine[hero] = tid
    return (
        # the place is the build's, named in the sentence before: one row on the panel
        Msg("{hc} do hry.", "The {h} enters.").format(hc=title, h=name),
        title + Msg(" vstupuje", " enters"),
        goes,
    )
