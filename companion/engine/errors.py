"""Refusals that name the broken rule in a sentence a player understands."""

from __future__ import annotations

from typing import Any, Protocol

from .i18n import Msg


class RuleError(Exception):
    """An action breaks a rule. The state it was applied to is unchanged.

    ``rule`` is a stable identifier (``"<game>.<rule>"``, e.g. ``"<game>.not_in_hand"``) for logs and tests;
    ``msg`` is the sentence shown to players, in Czech and English. ``private``, when set, is the
    reason only the refused seat may read: a reason that rests on a hidden fact (a VP card, an
    allegiance) goes there, and ``msg`` then names only what the whole table can see.
    """

    def __init__(self, rule: str, msg: Msg, private: Msg | None = None):
        super().__init__(f"{rule}: {msg.en}")
        self.rule = rule
        self.msg = msg
        self.private = private

    @property
    def own(self) -> Msg:
        """What the refused seat itself is told: the private reason, else the public one."""
        return self.private if self.private is not None else self.msg

    def text(self, lang: str = "en") -> str:
        return self.msg.get(lang)


class BadAction(RuleError):
    """The action does not even fit the prompt (wrong seat, unknown option, malformed)."""


def refusal(game: str, rule: str, cs: str, en: str, **values) -> RuleError:
    """A refusal naming ``<game>.<rule>``, its sentence filled in both languages."""
    msg = Msg(cs, en)
    return RuleError(f"{game}.{rule}", msg.format(**values) if values else msg)


def kept_private(error: RuleError, public: Msg) -> RuleError:
    """``error`` told as ``public`` to the table, its own sentence kept for the refused seat: for
    a refusal whose reason would reveal a hidden fact."""
    return RuleError(error.rule, public, private=error.own)


class Refuse(Protocol):
    def __call__(self, rule: str, cs: str, en: str, **values: Any) -> RuleError: ...


def refuser(game: str) -> Refuse:
    """A game's ``refuse(rule, cs, en, **values)``: its refusals, each naming ``<game>.<rule>``.
    A game makes it once (``refuse = refuser("toy")``) and its rules raise ``refuse(...)``."""

    def refuse(rule: str, cs: str, en: str, **values: Any) -> RuleError:
        return refusal(game, rule, cs, en, **values)

    return refuse
