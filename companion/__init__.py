"""The table companion: a Raspberry Pi box that referees physical board games.

Layers, one way through (see docs/architecture.md):
hw/ -> events -> table/ -> actions -> engine/ + games/<game>/ -> store/ -> table/ renders -> hw/.
"""

__version__ = "0.2.0"
