"""Every sentence a player sees exists in Czech and English."""

from __future__ import annotations

import unicodedata
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

LANGUAGES = ("cs", "en")


@dataclass(frozen=True)
class Msg:
    """A player-facing text in both languages.

    Stored in state and logs as ``{"cs": ..., "en": ...}`` so it stays JSON.
    """

    cs: str
    en: str

    def get(self, lang: str) -> str:
        text = self.cs if lang == "cs" else self.en
        # NFC so the screen's font gets precomposed ř, ů, ... (NFD misplaces the hacek)
        return unicodedata.normalize("NFC", text)

    def format(self, **values) -> Msg:
        """Fill ``{name}`` fields; a value that is itself a Msg is filled per language.

        Called for most texts a prompt shows, so every replayed action pays for it (an import
        replays thousands): one pass over the values (the two languages share them when none
        is a Msg), and the result is made without the frozen dataclass's ``__init__`` (its
        fields set directly: the same Msg, equal and hashed alike)."""
        if _unworded:
            return self
        cs = en = values
        for key, value in values.items():
            if isinstance(value, Msg):
                if cs is values:
                    cs, en = values.copy(), values.copy()
                cs[key] = value.cs
                en[key] = value.en
        made = _new(Msg)
        fields = made.__dict__
        fields["cs"] = self.cs.format_map(cs)
        fields["en"] = self.en.format_map(en)
        return made

    def to_json(self) -> dict:
        return {"cs": self.cs, "en": self.en}

    @classmethod
    def from_json(cls, data: dict) -> Msg:
        return cls(data["cs"], data["en"])

    def __add__(self, other: Msg) -> Msg:
        return Msg(self.cs + other.cs, self.en + other.en)


_new = object.__new__
_unworded = False  # see ``unworded``


@contextmanager
def unworded() -> Iterator[None]:
    """Within it, ``Msg.format`` leaves every text as its template, unfilled: for a replay that
    only verifies a log (an import's: ``known_games.verified_replay``), whose prompts and
    announcements nobody reads. What it decides never rests on a text (a value, a step, a seat,
    a number); a refusal it meets is worded again by the table's own replay."""
    global _unworded
    before, _unworded = _unworded, True
    try:
        yield
    finally:
        _unworded = before


def join(parts, sep: str = ", ") -> Msg:
    parts = list(parts)
    return Msg(sep.join(p.cs for p in parts), sep.join(p.en for p in parts))


def plural(n: int, one: str, few: str, many: str) -> str:
    """The Czech form for a count: 1 karta, 2–4 karty, 0 or 5+ karet (the number not included)."""
    if n == 1:
        return one
    return few if 2 <= n <= 4 else many


def counted(n: int, cs: tuple[str, str, str], en: tuple[str, str]) -> Msg:
    """ "3 karty" / "3 cards": a count with its noun in both languages."""
    return Msg(f"{n} {plural(n, *cs)}", f"{n} {en[0] if n == 1 else en[1]}")


YOUR_TOTAL = Msg("Tvůj součet: {n}", "Your total: {n}")  # a seat's own total, on its own pad screen


def player(seat: int) -> Msg:
    """A seat as the table calls it when it has no other name: seat 0 is "Hráč 1" / "Player 1"."""
    return Msg(f"Hráč {seat + 1}", f"Player {seat + 1}")


NBSP = "\u00a0"


def unbroken(msg: Msg) -> Msg:
    """ "Hráč 1" with a no-break space: the panel never breaks a name from its number."""
    return Msg(msg.cs.replace(" ", NBSP), msg.en.replace(" ", NBSP))
