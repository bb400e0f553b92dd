"""The example session in docs/games/graenaland-example.json: a whole 4-player game played
through the rules with a seeded choice policy. Regenerate the file after a rule change with

    python -m tests.games.graenaland.example

The policy: random moves, proposals, splits and votes (mostly yes); the main player builds
towards the goals (an improvement early, the army to 3, settlements on his largest territory,
then a church and a hall) at most ``BUILDS_PER_TURN`` times a round, takes his supply card and
finishes; the first player meeting 3 goals announces; in the final building everyone adds one
settlement where he can.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

from companion.engine import PromptKind, Session
from companion.games.graenaland import GAME, building
from companion.games.graenaland.steps.building import WHERE_KINDS, kind_of
from companion.games.graenaland.votes import houses

EXAMPLE = Path(__file__).resolve().parents[3] / "docs" / "games" / "graenaland-example.json"
# a session started now: the build menu in two steps (the kind, then where); the policy answers
# the one list of an earlier ``asking`` too
OPTIONS = GAME.new_options({"seats": 4})
SEED = 0
POLICY_SEED = 7
BUILDS_PER_TURN = 4


def _wanted(state: dict, seat: int) -> list[str]:
    """Builds in the order the policy prefers them (the first legal one is taken)."""
    order = state["board"]["order"]
    mine = [t for t in order if houses(state, seat, t) > 0]
    home = max(mine, key=lambda t: (houses(state, seat, t), -order.index(t))) if mine else None
    out = []
    if not any("improvement" in state["public"][t] for t in order) and home:
        out.append(f"improvement:{home}")
    if state["army"][seat] < 3:
        out.append("army")
    if home and houses(state, seat, home) < 4:
        out.append(f"settlement:{home}")
    out += [f"{kind}:{t}" for kind in ("church", "hall") for t in mine]
    out += [f"settlement:{t}" for t in order]
    return out


def choose(session: Session, rand: random.Random, built: dict) -> dict:
    prompt, state = session.prompt, session.state
    step = prompt.step
    if prompt.kind is PromptKind.CONFIRM:
        return {"step": step, "seat": None, "value": None}
    if step == "move":
        return {"step": step, "picks": {str(s): rand.choice(prompt.options_for(s)).value for s in prompt.seats}}
    if step == "vote":
        return {"step": step, "picks": {str(s): "yes" if rand.random() < 0.7 else "no" for s in prompt.seats}}
    seat = prompt.seats[0] if len(prompt.seats) == 1 else None
    if step == "improvement":
        return {"step": step, "seat": None, "value": rand.choice(prompt.options_for(None)).value}
    if step == "propose":
        values = [o.value for o in prompt.options_for(seat) if o.value not in ("fix", "pass")]
        value = rand.choice(values) if values and rand.random() < 0.8 else "pass"
        return {"step": step, "seat": seat, "value": value}
    if step == "split":
        return {"step": step, "seat": seat, "value": rand.randint(prompt.minimum, prompt.maximum)}
    if step == "announce":
        return {"step": step, "seat": seat, "value": "yes"}
    if step == "build_where":  # asking 3: where the kind chosen goes (the build the policy chose)
        wanted = built.pop("chosen")
        return {"step": step, "seat": seat, "value": wanted}
    if step == "build":
        legal = [o.value for o in prompt.options_for(seat)]
        if state.get("asking", 1) >= 3:  # the kinds: the build wanted is listed under its kind
            legal = [v for v in building.legal(state, seat, state["mode"]) if kind_of(v) in legal or v in legal] + [
                v for v in legal if v in ("done", "nothing", "supply")
            ]
        key = (state["round"], seat, state["mode"])
        count = built.get(key, 0)
        limit = 1 if state["mode"] == "final" else BUILDS_PER_TURN
        if count < limit:
            wanted = _wanted(state, seat)
            if state["mode"] == "final":
                wanted = [w for w in wanted if w.startswith("settlement")]
            for value in wanted:
                if value in legal:
                    built[key] = count + 1
                    if state.get("asking", 1) >= 3 and kind_of(value) in WHERE_KINDS:
                        built["chosen"] = value
                        return {"step": step, "seat": seat, "value": kind_of(value)}
                    return {"step": step, "seat": seat, "value": value}
        end = "supply" if "supply" in legal else "done"
        return {"step": step, "seat": seat, "value": end}
    raise AssertionError(f"the example policy does not answer {step}")


def play() -> Session:
    session = Session(GAME, OPTIONS, SEED)
    rand = random.Random(POLICY_SEED)
    built: dict = {}
    while session.prompt is not None:
        session.submit(choose(session, rand, built))
    return session


def document(session: Session) -> dict:
    return {
        "format": "companion-session",
        "version": 1,
        "game": "graenaland",
        "options": OPTIONS,
        "seed": SEED,
        "entries": [dict(e) for e in session.entries],
    }


if __name__ == "__main__":
    EXAMPLE.write_text(json.dumps(document(play()), ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {EXAMPLE}")
