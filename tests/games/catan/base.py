"""The base game as the smallest scenario on the core: what the core's tests play."""

from companion.engine import Msg
from companion.games.catan import CatanGame, Scenario


class Base(Scenario):
    name = "catan_base"
    title = Msg("Katan", "Catan")
    min_seats, max_seats = 3, 6

    def founding_text(self, state):
        return Msg("Každý postaví 2 vesnice a 2 cesty.", "Everyone builds 2 settlements and 2 roads.")

    def seven(self, state, seat):
        return Msg("Přesuň zloděje.", "Move the robber.")


GAME = CatanGame(Base())
