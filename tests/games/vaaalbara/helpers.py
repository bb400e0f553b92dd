"""Play Vaaalbara through the engine's Session, the way the table does."""

from __future__ import annotations

from companion.engine import Prompt, PromptKind, Session
from companion.games.vaaalbara import GAME

CONFIRM_STEPS = ("tracker_swap", "rider_swap", "end_round")


def new(seats: int = 4, **options) -> Session:
    return Session(GAME, {"seats": seats, **options}, seed=0)


def answer(s: Session, step: str, value=None, seat=None):
    """Submit one answer, first checking that the game awaits exactly this step."""
    assert s.prompt is not None, f"the game is over, {step} was expected"
    assert s.prompt.step == step, f"expected {step}, the game awaits {s.prompt.step}"
    if step == "pick_character":
        return s.submit({"step": step, "picks": {str(i): v for i, v in enumerate(value)}})
    return s.submit({"step": step, "seat": seat, "value": value})


def totals(s: Session) -> dict[int, int]:
    return dict(GAME.score(s.state).totals)


def gains(before: dict[int, int], after: dict[int, int]) -> dict[int, int]:
    return {seat: after[seat] - before[seat] for seat in after}


def breakdown(s: Session, seat: int) -> dict[str, int]:
    return dict(GAME.score(s.state).breakdown[seat])


def events(s: Session, lang: str = "cs") -> list[str]:
    return [e[lang] for e in s.state["recent"]]


def play_round(s: Session, picks: list[int], lands: list[str], end: bool = True, **answers) -> list[str]:
    """Play one round: each seat's character, the land each seat takes, and the answers to the
    other steps by step name, used in the order they are asked. Returns the steps asked after the
    reveal. With ``end=False`` it stops at the end-of-round confirmation."""
    queues = {step: list(values) for step, values in answers.items()}
    seen = []
    answer(s, "pick_character", picks)
    while s.prompt is not None and s.prompt.step != "pick_character":
        step = s.prompt.step
        if step == "end_round" and not end:
            break
        seen.append(step)
        if step == "take_land":
            value = lands[s.state["turn"]]
        elif step in CONFIRM_STEPS:
            value = None
        else:
            assert queues.get(step), f"no scripted answer left for {step}"
            value = queues[step].pop(0)
        # a prompt for one seat is answered on that seat's pad; the others by the host
        answer(s, step, value, seat=s.prompt.seats[0] if len(s.prompt.seats) == 1 else None)
        if step == "end_round":
            break
    unused = {step: values for step, values in queues.items() if values}
    assert not unused, f"scripted answers never asked for: {unused}"
    return seen


def first_option_action(prompt: Prompt) -> dict:
    """The action choosing the first legal option everywhere (a quick way through rounds)."""
    if prompt.kind is PromptKind.SECRET_CHOICE:
        return {"step": prompt.step, "picks": {str(s): prompt.options_for(s)[0].value for s in prompt.seats}}
    if prompt.kind is PromptKind.CONFIRM:
        return {"step": prompt.step, "seat": None, "value": None}
    return {"step": prompt.step, "seat": None, "value": prompt.options_for(None)[0].value}


def play_first_options_until_round(s: Session, round_number: int) -> None:
    while s.prompt is not None:
        if s.state["round"] == round_number and s.prompt.step == "pick_character":
            return
        s.submit(first_option_action(s.prompt))
