"""Generic table layer: turns prompts into screens, LED patterns and pad handling.

No game names in here: everything a game wants comes through engine.Prompt and engine.Status.
"""
