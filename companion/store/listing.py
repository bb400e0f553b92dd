"""Compact rows for reading a long history: what a command prints of each session, held as
UTF-8 in one buffer with its order in arrays, so ten thousand games cost some 130 bytes each
(their text and three numbers), not a record, a tuple and a string object apiece."""

from __future__ import annotations

from array import array
from collections.abc import Iterable, Iterator

_DENSE = 1 << 24  # session ids below this are slots of an array; any above, a dict (never seen)
_NO_TEXT = -1  # a row whose text is None (a teaching walk, counted, not listed)


class Rows:
    """Texts keyed by session id and table, each with the time it is ordered by. A row put
    again for the same id and table replaces the earlier one (the history index's "a record
    written twice counts once"). ``newest_first`` gives them by time, then a finished game
    before an abandoned one, then the higher id, as ``companion history`` lists them."""

    def __init__(self) -> None:
        self._text = bytearray()
        self._starts = array("q")  # where each row's text starts in _text
        self._ends = array("q")  # and where it ends (_NO_TEXT: None)
        self._times = array("d")
        self._codes = array("q")  # id * 2 + rank (1: finished, 0: abandoned); -1: replaced
        self._slots = (array("q"), array("q"))  # per rank: the row of each id, plus one (0: none)
        self._far: dict[tuple[int, int], int] = {}  # the rows of ids too large for the arrays

    def __len__(self) -> int:
        return sum(1 for code in self._codes if code >= 0)

    def put(self, session: int, finished: bool, time: float, text: str | None) -> None:
        rank = 1 if finished else 0
        row = len(self._codes)
        earlier = self._note(session, rank, row)
        if earlier is not None:
            self._codes[earlier] = -1
        self._starts.append(len(self._text))
        if text is None:
            self._ends.append(_NO_TEXT)
        else:
            self._text += text.encode("utf-8", "surrogatepass")
            self._ends.append(len(self._text))
        self._times.append(time)
        self._codes.append(session * 2 + rank)  # ids are whole numbers (the index's keys)

    def _note(self, session: int, rank: int, row: int) -> int | None:
        """Note ``row`` as the id's row; the row it had before, if any."""
        if not 0 <= session < _DENSE:
            earlier = self._far.get((session, rank))
            self._far[(session, rank)] = row
            return earlier
        slots = self._slots[rank]
        if session >= len(slots):  # grown by half again, so a long history grows it a few times
            slots.frombytes(bytes(8 * (session + 1 - len(slots) + len(slots) // 2)))
        earlier = slots[session]
        slots[session] = row + 1
        return earlier - 1 if earlier else None

    def _in_order(self) -> Iterable[int] | None:
        """The rows newest first without sorting them when they were put in that order or in
        its reverse (a table's own history is put oldest first, an imported backup newest
        first): then nothing a row is made; None when they are mixed."""
        codes, times = self._codes, self._times
        rising = falling = True
        before = None
        for row in range(len(codes)):
            code = codes[row]
            if code < 0:
                continue
            key = (times[row], code & 1, code >> 1)
            if before is not None:
                rising = rising and before < key
                falling = falling and before > key
                if not (rising or falling):
                    return None
            before = key
        return range(len(codes) - 1, -1, -1) if rising else range(len(codes))

    def newest_first(self) -> Iterator[str | None]:
        """The texts, newest first; sorted by three stable sorts over row numbers (the id,
        then the rank, then the time), so nothing but one number a row is made to sort."""
        codes, times = self._codes, self._times
        order = self._in_order()
        if order is None:
            rows = [row for row in range(len(codes)) if codes[row] >= 0]
            rows.sort(key=codes.__getitem__, reverse=True)  # the id (then the rank, for one id)
            rows.sort(key=lambda row: codes[row] & 1, reverse=True)
            rows.sort(key=times.__getitem__, reverse=True)
            order = rows
        starts, ends, text = self._starts, self._ends, self._text
        for row in order:
            if codes[row] < 0:
                continue
            end = ends[row]
            yield None if end == _NO_TEXT else text[starts[row] : end].decode("utf-8", "surrogatepass")


class Slots:
    """A whole number per session id (0: none yet), in an array for the ids a store gives
    (1, 2, 3 ...), in a dict for any beyond: 8 bytes a session."""

    def __init__(self) -> None:
        self._dense = array("q")
        self._far: dict[int, int] = {}

    def swap(self, session: int, value: int) -> int:
        """Note ``value`` for the id; the value it had before (0: none)."""
        if not 0 <= session < _DENSE:
            earlier = self._far.get(session, 0)
            self._far[session] = value
            return earlier
        dense = self._dense
        if session >= len(dense):  # grown by half again, so a long history grows it a few times
            dense.frombytes(bytes(8 * (session + 1 - len(dense) + len(dense) // 2)))
        earlier = dense[session]
        dense[session] = value
        return earlier
