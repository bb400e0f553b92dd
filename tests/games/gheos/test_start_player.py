"""The start player is one of the players at the table."""

import pytest

from companion.engine import RuleError, Session
from companion.games.gheos import GAME


@pytest.mark.parametrize("value", [3, 7, -1])
def test_a_start_player_out_of_range_is_refused_naming_the_seats_at_the_table(value):
    """CZ: "Hráč, který se dokáže nejdéle nesmát zahájí hru." — one of the players; with three
    at the table a fourth seat is refused as such, not as "That option is not available now"."""
    s = Session(GAME, {"seats": 3}, seed=0)
    with pytest.raises(RuleError) as error:
        s.submit({"step": "start_player", "seat": None, "value": value})
    assert error.value.rule == "gheos.no_such_seat"
    assert "players 1 to 3 play" in error.value.msg.en and "hrají hráči 1 až 3" in error.value.msg.cs
    s.submit({"step": "start_player", "seat": None, "value": 2})
    assert s.state["start"] == 2
