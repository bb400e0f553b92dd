"""The recorded corpus: seeded whole games per game and player count, with what they ended in.

Recorded once, before the games moved onto the step objects of ``companion.engine.steps``, by
``python3 -m tests.games.corpus record``. The tests replay every recorded log with today's code
and require the same decisions: the final state, scores, views and sequence of prompts, each
without its wording. The action vocabulary and the session format must not change under a
refactoring, and neither must what a game decides; a sentence a player reads may (its wording is
checked by the tests beside it). Every player-facing text in a state or a view is a ``Msg``,
kept as ``{"cs": ..., "en": ...}``: ``decisions`` puts ``TEXT`` in its place, so the corpus still
sees that an event was announced, and where, but not how it was worded. Prompts are compared by
their shape (step, kind, seats, option values and codes), never by their wording.
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from pathlib import Path

from companion.engine import Prompt, Session
from companion.games import REGISTRY, load

from .playout import play

CORPUS = Path(__file__).resolve().parents[1] / "data" / "corpus"
GAMES_PER_COUNT = 12
MAX_ACTIONS = 30000


def random_options(game, seats: int, rnd: random.Random) -> dict:
    """Seats plus a random value of every menu setting offered for that player count."""
    options: dict = {"seats": seats}
    for setting in game.settings:
        if not setting.applies(seats):
            continue
        values = [v for v, _ in setting.values]
        options[setting.key] = rnd.choice(values) if setting.pick == 1 else rnd.sample(values, setting.pick)
    return options


def prompt_shape(prompt: Prompt | None) -> list | None:
    """What a prompt asks, without its wording: step, kind, seats, option values and codes."""
    if prompt is None:
        return None
    return [
        prompt.step,
        prompt.kind.value,
        list(prompt.seats),
        prompt.minimum,
        prompt.maximum,
        {str(seat): [[o.value, o.code] for o in opts] for seat, opts in sorted(prompt.options.items())},
    ]


TEXT = "<text>"  # what stands for a player-facing text in what the corpus compares


def is_text(data) -> bool:
    """A ``Msg`` as the state and the views keep it: exactly a Czech and an English string."""
    return isinstance(data, dict) and data.keys() == {"cs", "en"} and all(isinstance(v, str) for v in data.values())


def decisions(data):
    """``data`` (JSON-like) with every player-facing text replaced by ``TEXT``: what a game
    decided, not how it words it."""
    if is_text(data):
        return TEXT
    if isinstance(data, dict):
        return {key: decisions(value) for key, value in data.items()}
    if isinstance(data, list | tuple):
        return [decisions(value) for value in data]
    return data


def digest(data) -> str:
    return hashlib.sha256(json.dumps(data, sort_keys=True, ensure_ascii=False).encode()).hexdigest()


def replay(game, options: dict, seed: int, entries: list[dict]) -> tuple[Session, list]:
    """Replay a log step by step: the session it ends in and the shape of every prompt on the way."""
    session = Session(game, options, seed)
    shapes = [prompt_shape(session.prompt)]
    for entry in entries:
        session.commit(session.plan_undo(True) if "undo" in entry else session.evaluate(entry["action"]))
        shapes.append(prompt_shape(session.prompt))
    return session, shapes


def outcome(game, options: dict, seed: int, entries: list[dict]) -> dict:
    """What a replayed log decided (``decided``)."""
    return decided(game, *replay(game, options, seed, entries))


def decided(game, session: Session, shapes: list) -> dict:
    """What a replayed session decided: the digests of its final state and views and of every
    prompt on the way, its scores and whether it is over, all without wording."""
    seats = game.seat_count(session.state)
    return {
        "state": digest(decisions(session.state)),
        "scores": decisions(session.score().to_json()),
        "views": {str(s): digest(decisions(game.view(session.state, s))) for s in [None, *range(seats)]},
        "prompts": digest(shapes),
        "over": session.over,
    }


def seat_counts(game) -> range:
    return range(game.min_seats, game.max_seats + 1)


def path(name: str, seats: int) -> Path:
    return CORPUS / f"{name}-{seats}.json"


def record(name: str) -> None:
    game = load(name)
    for seats in seat_counts(game):
        games = []
        for n in range(GAMES_PER_COUNT):
            seed = 1000 * seats + n
            options = random_options(game, seats, random.Random(seed))
            session = play(game, options, seed, MAX_ACTIONS)
            games.append(
                {
                    "options": options,
                    "seed": seed,
                    "entries": session.entries,
                    "expect": outcome(game, options, seed, session.entries),
                }
            )
        write(name, seats, games)


def write(name: str, seats: int, games: list[dict]) -> None:
    CORPUS.mkdir(parents=True, exist_ok=True)
    path(name, seats).write_text(
        json.dumps({"game": name, "seats": seats, "games": games}, ensure_ascii=False, separators=(",", ":")) + "\n",
        encoding="utf-8",
    )


DOCS = Path(__file__).resolve().parents[2] / "docs" / "games"
EXAMPLES = CORPUS / "docs-examples.json"


def record_examples() -> None:
    """What every example session in docs/games/ ends in."""
    expect = {}
    for example in sorted(DOCS.glob("*-example.json")):
        doc = json.loads(example.read_text(encoding="utf-8"))
        expect[example.name] = outcome(load(doc["game"]), doc["options"], doc["seed"], doc["entries"])
    EXAMPLES.write_text(json.dumps(expect, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")


def main(argv: list[str]) -> int:
    if argv[:1] != ["record"]:
        print("usage: python3 -m tests.games.corpus record [GAME ...]")
        return 2
    for name in argv[1:] or list(REGISTRY):
        record(name)
    if not argv[1:]:
        record_examples()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
