"""Drive Troy through the engine the way the table does, from a fresh game or from a given
position (a state changed by hand to what a worked case gives)."""

from __future__ import annotations

import copy

from companion.engine import Session
from companion.games.catan import core
from companion.games.troy import GAME

MYCENAE_TROY = ["mycenae", "troy", "mycenae", "troy", "mycenae", "troy"]


class Play:
    """A game as a raw state; every answer goes through ``GAME.apply`` (checks, then rules)."""

    def __init__(self, seats: int = 4, row: str = "box", allegiance=None, seed: int = 0, **options):
        self.state = Session(GAME, {"seats": seats, "row": row, **options}, seed).state
        self.answer("first_player", 0)
        self.secret("allegiance", allegiance or MYCENAE_TROY[:seats])
        if self.prompt.step == "founding":  # cards that fit the deck
            self.answer("founding")

    @property
    def prompt(self):
        return GAME.prompt(self.state)

    @property
    def troy(self) -> dict:
        return self.state["troy"]

    def answer(self, step: str, value=None, seat=None):
        prompt = self.prompt
        assert prompt is not None, f"the game is over, {step} was expected"
        assert prompt.step == step, f"expected {step}, the game awaits {prompt.step}"
        if seat is None and len(prompt.seats) == 1:
            seat = prompt.seats[0]
        self.state = GAME.apply(self.state, {"step": step, "seat": seat, "value": value})
        return self

    def secret(self, step: str, picks):
        """Every seat of the hidden prompt picks: a list in seat order, or one pick for one seat."""
        prompt = self.prompt
        assert prompt.step == step, f"expected {step}, the game awaits {prompt.step}"
        values = picks if isinstance(picks, list) and len(prompt.seats) > 1 else [picks]
        self.state = GAME.apply(self.state, {"step": step, "picks": {str(s): v for s, v in zip(prompt.seats, values)}})
        return self

    def given(self, **troy):
        """Put the worked case's position in place (Troy's part of the state)."""
        self.state = copy.deepcopy(self.state)
        self.state["troy"].update(copy.deepcopy(troy))
        return self

    def pieces(self, seat: int, settlement: int, city: int, road: int = 2):
        self.state = copy.deepcopy(self.state)
        self.state["pieces"][seat] = {"road": road, "settlement": settlement, "city": city}
        return self

    def menu(self, item: str):
        return self.answer(self.prompt.step, item)

    def end_turn(self):
        return self.answer("build", "end")

    def true_total(self, seat: int) -> int:
        return core.true_total(GAME.scenario, self.state, seat)

    def public_total(self, seat: int) -> int:
        return core.public_total(GAME.scenario, self.state, seat)

    def events(self, lang: str = "en") -> list[str]:
        return [e[lang].replace("\u00a0", " ") for e in self.state["recent"]]
