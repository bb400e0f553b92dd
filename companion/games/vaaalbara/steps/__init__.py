"""Every decision Vaaalbara can await, as engine steps: the round's own in ``round.py``, the
characters' in ``characters.py`` next to the effect they belong to. The game's steps table
(``game.STEPS``) lists them all; this package imports nothing, so the flow (flow.py) may read
the characters without importing the round's steps, which call back into it."""
