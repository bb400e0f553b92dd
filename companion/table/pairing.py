"""Pairing pads to seats: each player in seat order presses any key on their own pad."""

from __future__ import annotations

import json
import re

_PAD_ID = re.compile(r"[0-9A-Za-z_-]{1,32}")


class Pairing:
    """Seat pads by asking each player in seat order to press any key on their pad.

    Pure bookkeeping: the caller feeds it RawPadKey presses and persists ``to_json()``.
    """

    VERSION = 1

    def __init__(self, seats: int):
        if seats < 1:
            raise ValueError("at least one seat")
        self.seats = seats
        self._order: list[str] = []

    @property
    def mapping(self) -> dict[str, int]:
        return {pad: seat for seat, pad in enumerate(self._order)}

    @property
    def next_seat(self) -> int | None:
        return len(self._order) if len(self._order) < self.seats else None

    @property
    def done(self) -> bool:
        return len(self._order) == self.seats

    def press(self, pad: str) -> int | None:
        """A key on pad ``pad``: its seat (newly given or already held), None once all are full."""
        if pad in self._order:
            return self._order.index(pad)
        if self.done:
            return None
        if not _PAD_ID.fullmatch(pad):
            raise ValueError(f"not a board id: {pad!r}")
        self._order.append(pad)
        return len(self._order) - 1

    def undo(self) -> str | None:
        """Forget the last pad seated (someone pressed out of turn)."""
        return self._order.pop() if self._order else None

    def to_json(self) -> str:
        return json.dumps({"version": self.VERSION, "seats": self.seats, "pads": self._order}, indent=1)

    @classmethod
    def from_json(cls, text: str) -> Pairing:
        """Load a saved pairing; raises ValueError on anything but a clean file."""
        try:
            data = json.loads(text)
            seats, pads = int(data["seats"]), list(data["pads"])
            version = data.get("version")
        except (ValueError, KeyError, TypeError) as e:
            raise ValueError(f"not a pairing file: {e}") from None
        if version != cls.VERSION:
            raise ValueError(f"pairing file version {version!r}, expected {cls.VERSION}")
        if len(pads) > seats or len(set(pads)) != len(pads):
            raise ValueError("pairing file lists too many or repeated pads")
        p = cls(seats)
        for pad in pads:
            if not isinstance(pad, str):
                raise ValueError("pairing file: board ids must be strings")
            p.press(pad)
        return p
