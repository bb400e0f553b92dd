"""What the Great Wall says to players, in Czech and English."""

from __future__ import annotations

from ...engine import Msg, counted, refuser
from ...engine.i18n import join

NAME = "great_wall"
refuse = refuser(NAME)  # a refusal naming the broken rule ``great_wall.<rule>``

ROMAN = ("I", "II", "III", "IV", "V")
RESOURCE = {
    "lumber": ("dřevo", "lumber"),
    "brick": ("hlína", "brick"),
    "wool": ("vlna", "wool"),
    "grain": ("obilí", "grain"),
    "ore": ("ruda", "ore"),
}
RESOURCE_GENITIVE = {"lumber": "dřeva", "brick": "hlíny", "wool": "vlny", "grain": "obilí", "ore": "rudy"}


def roman(index: int) -> str:
    """Gathering hex 0 -> "I"."""
    return ROMAN[index]


def section(index: int) -> Msg:
    return Msg(f"úsek {index + 1}", f"section {index + 1}")


def cost(value) -> Msg:
    """ "ruda, dřevo, hlína, obilí", "2×vlna"; an unknown cost sends to the tile."""
    if value is None:
        return Msg("cena na rubu dílu", "cost on the tile's back")
    parts = [
        Msg(("" if n == 1 else f"{n}×") + RESOURCE[r][0], ("" if n == 1 else f"{n}×") + RESOURCE[r][1])
        for r, n in value.items()
    ]
    return join(parts)


def wall_item(level: int) -> Msg:
    """The menu's wall item: the level (its cost is in the menu's detail, read with ▼)."""
    return Msg("zeď {l}", "wall {l}").format(l=level)


def wall_detail(level: int, price) -> Msg:
    return Msg("Zeď {l}: {c}.", "Wall {l}: {c}.").format(l=level, c=cost(price))


FOUNDING = Msg(
    "Pevnosti: {first} a dál po směru hodin staví vesnici s cestou na místě pevnosti. 2. vesnice: proti směru, "
    "začíná ten, kdo stavěl pevnost poslední. 3. vesnice: po směru hodin, začíná {first}. Za 3. vesnici se berou "
    "suroviny. Pirát začíná na poli moře s džunkou vpravo nahoře; zloděj se nepoužívá.",
    "Fortresses: {first}, then clockwise, builds a settlement with a road on a fortress site. 2nd settlement: "
    "counter-clockwise, starting with the last fortress builder. 3rd settlement: clockwise, starting with {first}. "
    "The 3rd settlement takes its resources. The pirate starts on the sea hex with the junk, top right; the robber "
    "is not used.",
)
# who is asked first: the table names no seat for a title that does not (issue 35)
FORTRESS = Msg("{s}: u kterého úseku je tvá pevnost?", "{s}: section of your fortress?")
FORTRESS_DETAIL = Msg(
    "Úsek 1 je vlevo od shromaždiště I, úsek k+1 vpravo od shromaždiště k.",
    "Section 1 lies left of gathering hex I, section k+1 right of gathering hex k.",
)
SEVEN = Msg("Pirát na libovolné moře, 1 karta od kohokoli.", "Pirate to any sea hex, 1 card from anyone.")


def drawn(numeral: int) -> Msg:
    return Msg("Nájezdník {n} na shromaždiště {n}.", "Raider {n} to gathering hex {n}.").format(n=roman(numeral))


EMPTY_BAG = Msg("Sáček je prázdný: nájezdník se netáhne.", "The bag is empty: no raider is drawn.")
DRAW_WHICH = Msg("Vytáhni nájezdníka ze sáčku: jaké má číslo?", "Draw a raider from the bag: which numeral?")
DRAW_SHORT = Msg("Vytažený nájezdník?", "Raider drawn?")


def moved(number: int, gathering: int, target: int, count: int, cap: int) -> Msg:
    """A raider from its gathering hex to the attack hex of a section (now ``count`` of ``cap``)."""
    return Msg("{r}: nájezdník {g} → úsek {s} ({c}/{m}).", "{r}: raider {g} → section {s} ({c}/{m}).").format(
        r=number, g=roman(gathering), s=target + 1, c=count, m=cap
    )


def full(number: int, target: int) -> Msg:
    return Msg(
        "{r}: útočné pole u úseku {s} je plné, nikdo se nehýbe.",
        "{r}: the attack hex of section {s} is full; nobody moves.",
    ).format(r=number, s=target + 1)


def breach(
    number: int,
    gathering: int,
    target: int,
    owner: Msg | None,
    raiders: int,
    wall: int,
    count: int,
    limit: int,
    again: bool = False,
) -> Msg:
    """The raider moved and the breach it makes, in short sentences: where and which breach, how
    many cross the wall (placed below it along the arrows, as the rules say; gaps first when
    raiders are there already), what the section's owner loses."""
    crossed = counted(raiders, ("nájezdník", "nájezdníci", "nájezdníků"), ("raider", "raiders"))
    text = Msg(
        "{r}: nájezdník {g} → úsek {s}: průlom {c}/{l}! Za zeď: {n}.",
        "{r}: raider {g} → section {s}: breach {c}/{l}! {n} {v}.",
    ).format(
        r=number,
        g=roman(gathering),
        s=target + 1,
        c=count,
        l=limit,
        n=crossed,
        v="crosses" if raiders == 1 else "cross",
    )
    if again:
        text += Msg(" Nejdřív do mezer.", " Gaps first.")
    if owner is None:
        return text + Msg(" Bez pevnosti, bez postihu.", " No fortress, no penalty.")
    return text + Msg(" {o}: zeď {w}, postih.", " {o}: wall {w}, penalty.").format(o=owner, w=wall)


BEHIND = Msg("Pole s nájezdníky za zdí nic nedávají.", "Hexes with raiders behind the wall produce nothing.")


FALLEN = Msg("Čína padla, všichni prohráli.", "China has fallen: everyone loses.")


def fallen(least: Msg, points: int) -> Msg:
    return Msg(
        "Čína padla, všichni prohráli. Nejméně poražený: {w} ({p}\u00a0VB).",
        "China has fallen: everyone loses. The least defeated: {w} ({p}\u00a0VP).",
    ).format(w=least, p=points)


def wall_built(who: Msg, level: int, price) -> Msg:
    """Who builds which level, then its cost in a sentence of its own."""
    if price is None:
        unknown = Msg("{w}: zeď {l}, cena na rubu dílu.", "{w}: wall {l}, cost on the tile's back.")
        return unknown.format(w=who, l=level)
    return Msg("Zeď {l} staví {w}. Cena: {c}.", "Wall {l} built by {w}. Cost: {c}.").format(
        w=who, l=level, c=cost(price)
    )


KNIGHT = Msg("Rytíř, akce {n}?", "Knight action {n}?")
KNIGHT_ACTIONS = {
    "move": Msg("nájezdník na jiné shromaždiště", "raider to another gathering hex"),
    "expel": Msg("vyhnat nájezdníka z krajiny", "expel a raider from the land"),
    "pirate": Msg("pirát a krádež karty", "pirate and steal a card"),
    "stop": Msg("žádná další", "no more"),
}
MOVE_FROM = Msg("Ze kterého shromaždiště?", "From which gathering hex?")
MOVE_TO = Msg("Na které shromaždiště?", "To which gathering hex?")
EXPEL_FROM = Msg("Za kterým úsekem zdi vyháníš?", "Behind which wall section do you expel?")
EXPEL_NUMERAL = Msg("Jaké číslo má vyhnaný nájezdník na rubu?", "Which numeral is on the expelled raider's back?")
EXPEL_SHORT = Msg("Číslo vyhnaného?", "Expelled: numeral?")
PIRATE = Msg("Pirát na jiné moře, 1 karta od spoluhráče.", "Pirate to another sea hex, 1 card from a player.")


def raider_moved(source: int, target: int) -> Msg:
    return Msg("Přesuň nájezdníka ze shromaždiště {a} na {b}.", "Move a raider from gathering hex {a} to {b}.").format(
        a=roman(source), b=roman(target)
    )


def expelled(sec: int, numeral: int) -> Msg:
    return Msg("Nájezdník {n} za úsekem {s} zpět do sáčku.", "Raider {n} behind section {s} back into the bag.").format(
        n=roman(numeral), s=sec + 1
    )


def attack_question(number: int) -> Msg:
    """Short: the list of arrows needs the panel's rows (the detail says the rest)."""
    return Msg("Kde je {n}?", "Where is {n}?").format(n=number)


ATTACK_DETAIL = Msg(
    "U kterého shromaždiště a šipky je hozené číslo v modrém kroužku? Zapamatuji si to pro tuto krabici.",
    "At which gathering hex and arrow is the number rolled in a blue circle? I remember it for this box.",
)
NOT_ATTACK = Msg("nikde", "nowhere")


def attack_slot(gathering: int, side: str) -> Msg:
    if side == "left":
        return Msg("{g} vlevo → úsek {s}", "{g} left → sect. {s}").format(g=roman(gathering), s=gathering + 1)
    return Msg("{g} vpravo → úsek {s}", "{g} right → sect. {s}").format(g=roman(gathering), s=gathering + 2)


def learned_number(number: int, gathering: int, side: str) -> Msg:
    """Said only when no raider moves on it at once (a move names the gathering hex and section)."""
    remembered = Msg("Zapamatováno: {n} = ", "Remembered: {n} = ").format(n=number)
    return remembered + attack_slot(gathering, side) + Msg(".", ".")


def cost_question(level: int, resource: str) -> Msg:
    return Msg("Rub dílu zdi {l}: kolik {r}?", "Back of wall tile {l}: how much {r}?").format(
        l=level, r=Msg(RESOURCE_GENITIVE[resource], RESOURCE[resource][1])
    )


COST_DETAIL = Msg("* = teď ne (cena zůstane neznámá).", "* = not now (the cost stays unknown).")


def learned_cost(level: int, price) -> Msg:
    """The level, then its cost in a sentence of its own."""
    listed = cost(price)
    listed = Msg(listed.cs[:1].upper() + listed.cs[1:], listed.en[:1].upper() + listed.en[1:])
    return Msg("Zeď {l}: cena zapamatována. {c}.", "Wall {l}: cost remembered. {c}.").format(l=level, c=listed)


POINT_LABELS = {"penalties": (("žeton postihu", "žetony postihu", "žetonů postihu"), ("penalty", "penalties"))}
SETTING_BAG = Msg("Sáček s nájezdníky", "Raider bag")
BAG_VALUES = ((False, Msg("losuje krabička", "the box draws")), (True, Msg("látkový sáček", "the cloth bag")))
SETTING_CHECK = Msg("Ověřit data krabice", "Check box data")
NO_YES = ((False, Msg("ne", "no")), (True, Msg("ano", "yes")))
PLAYERS = Msg("Velkou zeď hrají 4 až 6 hráči (5 neověřeně).", "The Great Wall is for 4 to 6 players (5 unverified).")
