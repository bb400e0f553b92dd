"""PadHub and the pads' screens: version-1 pads, version-2 pads without and with a screen, on
pty pairs running the real firmware logic."""

import logging

import pytest

from companion.hw.pads import READY
from companion.hw.protocol import SCREEN_VERBS
from companion.surface.events import KeyEvent, PadPresence
from companion.surface.frame import LED_WAITING
from companion.surface.pad_screen import Entry, SeatScreen

from .fakepad import drain, next_event, pl, wait_until

SECRET_VIEW = SeatScreen(
    ("Vyberte tajně", "postavu"),
    "Tajná volba",
    ("Tvůj součet: 37",),
    "Jsi na řadě",
    Entry("type", 2, "# = zamknout", (("03", "Lovec"), ("12", "Zemědělec"))),
)
OTHER_VIEW = SeatScreen(
    ("Vyberte tajně", "postavu"),
    "Tajná volba",
    ("Tvůj součet: 5",),
    "Zamčeno",
    Entry("type", 2, "# = zamknout", (("03", "Lovec"), ("12", "Zemědělec"))),
)


class ScreenPad(pl.PadLogic):
    """A version-2 pad with a 128x32 screen."""

    def __init__(self, board_id, **kw):
        super().__init__(board_id, screen=(128, 32), **kw)


class TallScreenPad(pl.PadLogic):
    def __init__(self, board_id, **kw):
        super().__init__(board_id, screen=(128, 64), **kw)


class VersionOnePad(pl.PadLogic):
    """Firmware 1.x: HELLO without rev= and screen=, screen frames are unknown verbs to it."""

    def hello(self):
        return self._frame("HELLO", ("proto=1", "fw=1.2.0", "id=" + self.board_id))


def screen_of(pad):
    return pad.logic.screen_lines(0)


def shows(pad, rows):
    return lambda: screen_of(pad) == list(rows)


def received(pad):
    """Every host frame the pad has seen so far (its queue is emptied)."""
    return drain(pad.received)


def test_a_screen_pad_shows_its_seats_rows_and_echoes_its_own_typing(bench, make_hub):
    hub, events = make_hub({"SCR": 0})
    pad = bench.plug("SCR", ScreenPad)
    next_event(events, lambda e: isinstance(e, PadPresence) and e.connected)
    hub.show(0, SECRET_VIEW)
    wait_until(shows(pad, ["Tajná volba", "Tvůj součet: 37", "", "Jsi na řadě"]), what="the seat's rows")
    wait_until(hub.settled, what="the entry and its hints too")
    for key in "03":
        pad.press(key)
    assert screen_of(pad) == ["Tajná volba", "Tvůj součet: 37", "03 Lovec?", "# = zamknout"]
    pad.press("#")
    assert screen_of(pad)[-1] == pl.ICON_LOCK + " Lovec"
    # the box still decides from the keys; nothing about them comes back to the pad
    got = [next_event(events, lambda e: isinstance(e, KeyEvent)).key for _ in range(3)]
    assert got == ["0", "3", "#"]
    assert hub.pads()[0].screen == (128, 32)
    assert pad.logic.bad_frames == 0


def test_only_changed_rows_are_sent_and_the_entry_only_when_it_changes(bench, make_hub):
    hub, events = make_hub({"SCR": 0})
    pad = bench.plug("SCR", TallScreenPad)
    next_event(events, lambda e: isinstance(e, PadPresence) and e.connected)
    hub.show(0, SECRET_VIEW)
    wait_until(lambda: screen_of(pad)[-1] == "Jsi na řadě", what="the first screen")
    wait_until(hub.settled, what="every frame acknowledged")
    pad.press("1")  # typing under way on the pad
    received(pad)
    hub.show(0, SecretScreenWithTotal(38))
    wait_until(lambda: "Tvůj součet: 38" in screen_of(pad), what="the new total")
    frames = [f for f in received(pad) if f.verb in SCREEN_VERBS]
    assert [f.verb for f in frames] == ["TEXT"]  # one row; the entry is the same
    assert pad.logic.screen.typed == "1"  # so the pad keeps what was being typed
    hub.show(0, SecretScreenWithTotal(38))  # unchanged: nothing sent
    assert hub.stats()["screen_frames"] == len(SECRET_VIEW.entry.hints) + 2 + 4 + 1


def SecretScreenWithTotal(total):
    return SeatScreen(
        SECRET_VIEW.ask, SECRET_VIEW.ask_short, (f"Tvůj součet: {total}",), SECRET_VIEW.status, SECRET_VIEW.entry
    )


def test_version_one_and_screenless_pads_never_get_screen_frames(bench, make_hub):
    hub, events = make_hub({"OLD": 0, "BARE": 1, "SCR": 2})
    old = bench.plug("OLD", VersionOnePad)
    bare = bench.plug("BARE")  # version 2, screen=none
    scr = bench.plug("SCR", ScreenPad)
    wait_until(lambda: [p.state for p in hub.pads()] == [READY] * 3, what="three pads")
    for seat in range(3):
        hub.show(seat, SECRET_VIEW)
    hub.set(0, LED_WAITING)
    wait_until(shows(scr, ["Tajná volba", "Tvůj součet: 37", "", "Jsi na řadě"]), what="the screen pad")
    old.wait_for("LED", ("blink", "255", "255", "255"))  # the old pad is driven as before
    old.press("5")
    assert next_event(events, lambda e: isinstance(e, KeyEvent)) == KeyEvent(0, "5", source="pad:OLD")
    for pad in (old, bare):
        assert not [f for f in received(pad) if f.verb in SCREEN_VERBS]
        assert pad.logic.bad_frames == 0  # nothing it would have had to refuse
    infos = {i.board_id: i.screen for i in hub.pads()}
    assert infos == {"OLD": None, "BARE": None, "SCR": (128, 32)}


def test_a_version_two_screen_pad_on_a_version_one_box_echoes_keys():
    """The other direction: a box that never sends screen frames (only LED, PING)."""
    from companion.hw.protocol import encode_frame

    pad = ScreenPad("E661", host_timeout_ms=None)
    assert pad.screen_lines(0)[0] == "E661"  # the board id, for pairing
    pad.feed(encode_frame(0, "ID?") + encode_frame(1, "LED", "steady", 0, 255, 0) + encode_frame(2, "PING"), 0)
    for key in "12#":
        pad.key(key)
    assert pad.screen_lines(0) == ["E661", "", "", "12#"]
    assert pad.bad_frames == 0


def test_a_reboot_or_a_replug_gets_the_whole_screen_again(bench, make_hub):
    hub, events = make_hub({"SCR": 0})
    pad = bench.plug("SCR", ScreenPad)
    next_event(events, lambda e: isinstance(e, PadPresence) and e.connected)
    hub.show(0, SECRET_VIEW)
    want = ["Tajná volba", "Tvůj součet: 37", "", "Jsi na řadě"]
    wait_until(shows(pad, want), what="the screen")
    pad.logic = ScreenPad("SCR", host_timeout_ms=None)  # a silent reboot: the pad forgot it all
    assert screen_of(pad)[0] == "SCR"
    pad.write(pad.logic.hello().encode())
    wait_until(shows(pad, want), what="the screen after a reboot")
    # the rows come first, the code meanings after them: wait for those too (not a race)
    wait_until(lambda: pad.logic.screen.hints == {"03": "Lovec", "12": "Zemědělec"}, what="the hints after a reboot")
    bench.unplug(pad)
    next_event(events, lambda e: isinstance(e, PadPresence) and not e.connected)
    hub.show(0, OTHER_VIEW)  # changed while the pad is away
    again = bench.plug("SCR", ScreenPad)
    wait_until(shows(again, ["Tajná volba", "Tvůj součet: 5", "", "Zamčeno"]), what="the screen after a replug")


def test_unacknowledged_screen_frames_are_sent_again(bench, make_hub):
    hub, events = make_hub({"SCR": 0}, ack_timeout_s=0.2)
    pad = bench.plug("SCR", ScreenPad)
    next_event(events, lambda e: isinstance(e, PadPresence) and e.connected)
    wait_until(lambda: pad.logic.screen.heard, what="the first CLEAR")
    pad.mute = True  # the next frames are lost on the way
    hub.show(0, SECRET_VIEW)
    wait_until(lambda: hub.stats().get("screen_resends", 0) >= 1, what="a resend")
    pad.mute = False
    wait_until(shows(pad, ["Tajná volba", "Tvůj součet: 37", "", "Jsi na řadě"]), what="the screen")
    wait_until(lambda: pad.logic.screen.hints == {"03": "Lovec", "12": "Zemědělec"}, what="the hints")
    assert pad.logic.screen.mode == "type" and pad.logic.screen.width == 2


def test_one_seats_rows_never_reach_another_pad_nor_the_log(bench, make_hub, caplog):
    hub, _events = make_hub({"AAA": 0, "BBB": 1})
    with caplog.at_level(logging.DEBUG):
        a, b = bench.plug("AAA", ScreenPad), bench.plug("BBB", ScreenPad)
        wait_until(lambda: [p.state for p in hub.pads()] == [READY] * 2, what="two pads")
        hub.show(0, SECRET_VIEW)
        hub.show(1, OTHER_VIEW)
        wait_until(
            lambda: screen_of(a)[1] == "Tvůj součet: 37" and screen_of(b)[1] == "Tvůj součet: 5", what="both screens"
        )
        wire_b = " ".join(" ".join(f.args) for f in received(b))
        assert "37" not in wire_b and "Tvůj součet: 37" not in screen_of(b)
        # a pad moved to another seat (pairing again) keeps nothing of its old seat's rows
        hub.set_seating({"AAA": 1})
        wait_until(shows(a, ["Tajná volba", "Tvůj součet: 5", "", "Zamčeno"]), what="A on seat 1")
        wait_until(shows(b, ["BBB", "", "", ""]), what="B unseated: its board id")
        hub.close()
        wait_until(shows(a, ["", "", "", ""]), what="A cleared at the end")
    assert "37" not in caplog.text and "součet" not in caplog.text


def test_a_screen_the_pad_cannot_draw_is_refused_before_anything_is_sent(bench, make_hub):
    hub, _ = make_hub({})
    with pytest.raises(ValueError, match="does not fit"):
        hub.show(0, SeatScreen(private=("x" * 17,)))
    with pytest.raises(ValueError, match="does not fit"):
        hub.show(0, SeatScreen(private=("→",)))
    with pytest.raises(ValueError, match="beside a code"):
        hub.show(0, SeatScreen(entry=Entry("type", 4, "", (("0001", "x" * 11),))))
    assert hub.stats().get("screen_frames", 0) == 0
