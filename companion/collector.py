"""The interpreter's garbage collection, kept off the key path.

CPython collects reference cycles by itself whenever enough new objects have piled up, in the
middle of whatever runs then: on the box that is a key's way from the press to the panel. A
collection of the oldest generation walks every object the program holds (the fonts, the
modules, luma and Pillow, the games' data): 5-15 ms here, about 0.1 s on a Pi Zero 2 W, in one
key. So the main loop (``App``) manages it the way long-running embedded services do:

- ``settle``, once after start-up (the first frame is out): what start-up built lives as long
  as the program, so it is collected once and frozen (``gc.freeze``) out of every later
  collection, which then walks only what the games made since;
- the interpreter's own threshold for young objects goes up (``LATE``), so a key meets an
  automatic collection only when it alone leaves that many new objects behind;
- ``idle``, while no key waits (after the frame, the archive and the snapshot): the collection
  the interpreter would have made at its usual threshold (``DUE``) is made then, the same
  generation it would have picked (the older ones every tenth time, as its own counters say).

Nothing is frozen after start-up, so a game's objects that die in cycles are still collected.
"""

from __future__ import annotations

import gc

DUE = 700  # new objects before a collection: the interpreter's own default threshold
LATE = 20_000  # its threshold while the loop collects when idle: a key's safety margin


class IdleCollector:
    """The main loop's garbage collector: ``settle`` after start-up, ``idle`` when nobody
    waits, ``release`` to hand the interpreter back its own settings (tests, benchmarks)."""

    def __init__(self, due: int = DUE, late: int = LATE):
        self.due, self.late = due, late
        self.collections = [0, 0, 0]  # collections made when idle, by generation
        self._saved: tuple[int, ...] | None = None

    def settle(self) -> None:
        """Start-up is over: collect once, freeze the survivors, collect late on keys."""
        gc.collect()
        gc.freeze()
        if self._saved is None:
            self._saved = gc.get_threshold()
        _young, older, oldest = self._saved
        gc.set_threshold(self.late, older, oldest)

    def idle(self) -> int | None:
        """The collection due by the interpreter's usual threshold, made now (nobody waits):
        the generation it collected, None when none was due."""
        counts = gc.get_count()
        if counts[0] < self.due:
            return None
        _young, older, oldest = self._saved or gc.get_threshold()
        generation = 2 if counts[1] + 1 >= older and counts[2] + 1 >= oldest else 1 if counts[1] + 1 >= older else 0
        gc.collect(generation)
        self.collections[generation] += 1
        return generation

    def release(self) -> None:
        """The interpreter's own thresholds back, nothing frozen."""
        if self._saved is not None:
            gc.set_threshold(*self._saved)
            self._saved = None
        gc.unfreeze()
