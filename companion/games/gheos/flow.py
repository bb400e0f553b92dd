"""What happens between two answers: turns, counts, the end of the game.

The state names the awaited step and its task in ``state["await"]`` (``{"step": name}``, None
once the game is over). A turn: ``act`` (step 1, the tile -- with any war, migration or temple
it caused -- and step 2, founding or taking a follower, on one list) -> ``draw`` (step 3, an
optional scoring token, and step 4, the draw; an epoch tile scores and draws again).

Counts the table must tell (pyramids, cups, swords, wheat, temple symbols) are asked through
``ask``: one question per colour or part, the last count told as the default, and none at all
for a count already told since this turn's tile changed the map (``fresh``).
"""

from __future__ import annotations

from ...engine import Msg
from ...engine.i18n import join, player
from .box import BOX
from .common import FINAL, OVER, START, TURN, note, reading
from .ledger import colours_held_by_anyone, found, held_colours
from .scoring import follower_gain, ranking

FRESH = ("pyramids", "cups")  # counts that stay true until the next tile changes the map


def awaits(state: dict, step: str, **task) -> None:
    state["await"] = {"step": step, **task}


# -- turns -------------------------------------------------------------------------------------------


def begin_turn(state: dict, seat: int) -> None:
    """A new turn: nothing of it done yet, every count of the old map stale."""
    if reading(state, "on_empty_stack") == "play_out" and state["stack"] == 0 and state["hands"][seat] == 0:
        note(state, Msg("{p} už nemá dílek: hra končí.", "{p} has no tile left: the game ends.").format(p=player(seat)))
        final_round(state)
        return
    state["phase"], state["turn"] = TURN, seat
    state["done"] = {"war": False, "migration": False, "temple": False, "paid": 0, "token": False, "drawing": False}
    state["fresh"] = {name: {} for name in FRESH}
    state["conflict"] = None
    awaits(state, "act")


def step_two_done(state: dict) -> None:
    """Steps 1 and 2 are over: the scoring token and the draw come next."""
    state["conflict"] = None
    awaits(state, "draw")


def end_turn(state: dict) -> None:
    """The draw is over: the game ends if every token is used, else the next seat plays."""
    if state["ending"]:
        final_round(state)
        return
    following = (state["turn"] + 1) % state["seats"]
    if following == state["start"]:
        state["round"] += 1
    begin_turn(state, following)


def after_token(state: dict) -> None:
    """The last token of the game ends it: at once, or after this turn's draw (reading U6)."""
    if any(state["tokens"]):
        awaits(state, "draw")
        return
    state["ending"] = "tokens"
    note(state, Msg("Žetony jsou použity.", "All tokens used."))
    if reading(state, "end_after_last_token") == "immediately":
        final_round(state)
    else:
        awaits(state, "draw")


def after_epoch(state: dict) -> None:
    """The epoch limit ends the game (that epoch is scored); else the player draws again."""
    if state["epochs"] >= state["epoch_limit"]:
        state["ending"] = "epochs"
        note(state, Msg("Konec hry.", "Game over."))
        final_round(state)
    else:
        awaits(state, "draw")


# -- counts the table tells -------------------------------------------------------------------------


def ask(state: dict, step: str, keys: list[str], purpose: str, **context) -> None:
    """Collect one count per key through ``step``; counts already fresh are not asked again.
    When all are known, ``COUNTED[purpose]`` carries on with them."""
    fresh = state["fresh"].get(step, {})
    got = {k: fresh[k] for k in keys if k in fresh}
    state["counting"] = {
        "step": step,
        "purpose": purpose,
        "todo": [k for k in keys if k not in got],
        "got": got,
        **context,
    }
    next_count(state)


def next_count(state: dict) -> None:
    counting = state["counting"]
    if counting["todo"]:
        awaits(state, counting["step"])
        return
    state["counting"] = None
    COUNTED[counting["purpose"]](state, counting)


def told(state: dict, value: int) -> None:
    """The table told the count of the key asked first; remember it and go on."""
    counting = state["counting"]
    key = counting["todo"].pop(0)
    counting["got"][key] = value
    state["told"].setdefault(counting["step"], {})[key] = value
    if counting["step"] in FRESH:
        state["fresh"][counting["step"]][key] = value
    next_count(state)


# -- scoring --------------------------------------------------------------------------------------


SEATS_PER_SENTENCE = 2  # "Pyramidy: Hráč 1 +150, Hráč 2 +151." fits two rows of the smallest panel


def _scored(state: dict, seats, category: str, per_colour: dict, reason: Msg) -> None:
    """Score ``seats`` (each follower by its colour's count) and announce it, two seats a
    sentence: "Pyramidy: Hráč 1 +5, Hráč 3 +2." (the counts were just told; the sum is the news)."""
    gains = []
    for seat in seats:
        gain, _ = follower_gain(state, seat, per_colour)
        state["points"][seat][category] += gain
        gains.append(Msg("{p} +{g}", "{p} +{g}").format(p=player(seat), g=gain))
    for first in range(0, len(gains), SEATS_PER_SENTENCE):
        note(state, Msg("{r}: {g}.", "{r}: {g}.").format(r=reason, g=join(gains[first : first + SEATS_PER_SENTENCE])))


def score_epoch(state: dict, counting: dict) -> None:
    """Every player scores each follower by the pyramids on its civilisation's continent."""
    reason = Msg("Pyramidy", "Pyramids")
    if not counting["got"]:
        note(
            state,
            Msg("Epocha {e}: nikdo nemá přívržence.", "Epoch {e}: nobody holds a follower.").format(e=state["epochs"]),
        )
    _scored(state, [s for s in range(state["seats"]) if held_colours(state, s)], "epoch", counting["got"], reason)
    after_epoch(state)


def score_token(state: dict, counting: dict) -> None:
    """Only the player of the token scores: each follower by the cups on its continent."""
    seat = state["turn"]
    _scored(state, [seat], "token", counting["got"], Msg("Žeton", "Token"))
    after_token(state)


def final_round(state: dict) -> None:
    """Everyone scores as with a scoring token; the cups of every civilisation held are asked."""
    state["phase"], state["conflict"] = FINAL, None
    ask(state, "cups", colours_held_by_anyone(state), "final")


def score_final(state: dict, counting: dict) -> None:
    held = [s for s in range(state["seats"]) if held_colours(state, s)]
    _scored(state, held, "final", counting["got"], Msg("Závěr", "Final"))
    order, top = ranking(state)
    state["ranking"] = order
    state["phase"], state["await"], state["turn"] = OVER, None, None
    if len(top) > 1:
        note(
            state,
            Msg("Remíza: {s}.", "A draw: {s}.").format(
                s=Msg(", ".join(player(s).cs for s in top), ", ".join(player(s).en for s in top))
            ),
        )
    else:
        note(state, Msg("Vítězí {p}!", "{p} wins!").format(p=player(order[0])))


def score_found(state: dict, counting: dict) -> None:
    """The marker goes down and the founder takes his followers (the wheat list showed how many,
    so nothing is announced: a screen to read would cost a press on every founding)."""
    found(state, state["turn"], counting["colour"], counting["got"]["found"])
    step_two_done(state)


COUNTED = {"epoch": score_epoch, "token": score_token, "final": score_final, "found": score_found}


def start_state(state: dict) -> None:
    state["phase"] = START
    awaits(state, "start_player")


def epoch_limit(seats: int) -> int:
    return BOX.epoch_limit(seats)
