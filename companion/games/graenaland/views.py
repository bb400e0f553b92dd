"""What players see: the JSON view of a state (public, or with one seat's own secrets)."""

from __future__ import annotations

from ...engine import Msg
from . import building, goals, texts
from .votes import weights


def view(state: dict, awaiting: dict, seat: int | None = None) -> dict:
    """The board, the players and the round; a seat also sees its own kept VP card."""
    board = state["board"]
    out = {
        "game": "graenaland",
        "round": state["round"],
        "main": state["main"],
        "phase": state["phase"],
        "step": state["step"],
        "awaiting": awaiting,
        "territories": {tid: _territory(state, tid) for tid in board["order"]},
        "players": {str(s): _player(state, s) for s in range(state["seats"])},
        "supply": dict(state["supply"]),
        "round_flags": dict(state["round_flags"]),
        "proposal": _proposal(state["proposal"]),
        "last_vote": state["last_vote"],
        "last_moves": state["last_moves"],
        "announcer": state["announcer"],
        "claims": dict(state["claims"]),
        "costs": {**board["costs"], **{k: v["cost"] for k, v in board["public"].items()}},
        "recent": state["recent"],
        "data": {"unverified_count": len(board["unverified"]), "unverified": board["unverified"]},
    }
    if state.get("draft") and not state["draft"]["done"]:
        out["draft"] = {k: state["draft"][k] for k in ("round", "queue", "cards", "arrivals", "anchor")}
    if state["vp"] is not None:
        out.update(_vp_view(state, seat))
    return out


def _territory(state: dict, tid: str) -> dict:
    board = state["board"]
    info = board["territories"][tid]
    return {
        "name": texts.territory(board, tid).to_json(),
        "terrain": info["terrain"],
        "coastal": info["coastal"],
        "piece": info["piece"],
        "neighbours": board["neighbours"][tid],
        "cards": state["cards"][tid],
        "settlements": dict(state["settlements"][tid]),
        "buildings": dict(state["buildings"][tid]),
        "public": list(state["public"][tid]),
        "heroes": [[s, h] for s, mine in enumerate(state["heroes"]) for h, where in mine.items() if where == tid],
        "votes": {str(s): v for s, v in weights(state, tid).items() if v},
        "settlement_cost": info["settlement_cost"],
        "improvement_resource": info["improvement_resource"],
    }


def _player(state: dict, seat: int) -> dict:
    return {
        "army": state["army"][seat],
        "heroes": dict(state["heroes"][seat]),
        "waiting_heroes": dict(state["pending"][seat]),
        "houses_left": building.houses_left(state, seat),
        "goals": goals.goals_met(state, seat),
        "stats": goals.stats(state, seat),
    }


def _proposal(proposal: dict | None) -> dict | None:
    if proposal is None:
        return None
    return {k: proposal[k] for k in ("proposer", "territory", "cards", "shares", "weights") if k in proposal}


def _vp_view(state: dict, seat: int | None) -> dict:
    """A kept card is public only once revealed; its owner always sees his own."""
    vp = state["vp"]
    out = {"vp_cards": {str(s): _vp_card(state, s) for s in vp["revealed"]}, "vp_claim": vp["claim"]}
    if seat is not None and str(seat) in vp["kept"]:
        out["vp_card"] = _vp_card(state, seat)
    return out


def seat_lines(state: dict, seat: int) -> tuple[Msg, ...]:
    """The kept VP card, on its keeper's pad only, with its points once the box data says what
    the card counts."""
    vp = state.get("vp")
    if not vp or str(seat) not in vp["kept"]:
        return ()
    card = _vp_card(state, seat)
    lines = (texts.VP_CARD_KEPT.format(k=card["kept"]),)
    return lines if card["points"] is None else (*lines, texts.VP_CARD_POINTS.format(n=card["points"]))


def _vp_card(state: dict, seat: int) -> dict:
    card = state["vp"]["kept"][str(seat)]
    return {
        "kept": card,
        "thresholds": state["board"]["vp_cards"].get(str(card)),
        "points": goals.vp_total(state, seat),
    }
