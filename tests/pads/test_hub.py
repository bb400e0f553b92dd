"""PadHub end to end: fake pads on pty pairs (real unplugs), and loop:// for an in-process port."""

import queue
import random
import time

import pytest
import serial

from companion.hw import protocol
from companion.hw.pads import READY, REFUSED, PadHub
from companion.surface.events import KeyEvent, PadPresence, PadTrouble, RawPadKey
from companion.surface.frame import LED_LOCKED, LED_OFF, LED_WAITING, LedState
from companion.table.pairing import Pairing

from .fakepad import OldFirmware, drain, next_event, pl, wait_until


def presence(seat, connected):
    return lambda e: isinstance(e, PadPresence) and e.seat == seat and e.connected == connected


def keyed(key):
    return lambda e: isinstance(e, (KeyEvent, RawPadKey)) and e.key == key


def keys_in(events):
    return [e for e in events if isinstance(e, (KeyEvent, RawPadKey))]


def test_hello_then_keys_become_key_events(bench, make_hub):
    hub, events = make_hub({"PADA": 0})
    pad = bench.plug("PADA")
    p = next_event(events, presence(0, True))
    assert "PADA" in p.detail
    pad.press("5")
    assert next_event(events, keyed("5")) == KeyEvent(0, "5", source="pad:PADA")
    (info,) = hub.pads()
    assert (info.state, info.board_id, info.fw, info.seat, info.port) == (READY, "PADA", pl.FW_VERSION, 0, pad.port)
    assert hub.problems() == []


def test_unpaired_pads_give_raw_keys_then_pairing_seats_them(bench, make_hub):
    hub, events = make_hub({})
    a, b = bench.plug("AAAA"), bench.plug("BBBB")
    wait_until(lambda: [i.state for i in hub.pads()] == [READY, READY], what="two pads ready")
    pairing = Pairing(2)
    b.press("7")  # the player in seat 0 holds pad B
    e = next_event(events, keyed("7"))
    assert e == RawPadKey("BBBB", "7")
    assert pairing.press(e.pad) == 0
    a.press("*")
    assert pairing.press(next_event(events, keyed("*")).pad) == 1
    assert pairing.done and pairing.mapping == {"BBBB": 0, "AAAA": 1}

    saved = pairing.to_json()
    hub.set_seating(Pairing.from_json(saved).mapping)
    got = {next_event(events, lambda e: isinstance(e, PadPresence)) for _ in range(2)}
    assert got == {PadPresence(0, True, "pad BBBB"), PadPresence(1, True, "pad AAAA")}
    a.press("#")
    assert next_event(events, keyed("#")) == KeyEvent(1, "#", source="pad:AAAA")
    hub.set(0, LED_WAITING)
    b.wait_for("LED", ("blink", "255", "255", "255"))


def test_led_states_are_sent_acked_deduplicated_and_cleared_on_close(bench, make_hub):
    hub, events = make_hub({"PADA": 0})
    pad = bench.plug("PADA")
    next_event(events, presence(0, True))
    assert pad.wait_for("LED").args == ("off", "0", "0", "0")  # the state after a hello
    hub.set(0, LED_WAITING)
    hub.set(0, LED_WAITING)  # unchanged: nothing sent
    hub.set(0, LED_LOCKED)
    hub.set(5, LED_LOCKED)  # a seat without a pad: remembered, nothing sent
    assert pad.wait_for("LED").args == ("blink", "255", "255", "255")
    assert pad.wait_for("LED").args == ("steady", "0", "255", "0")
    wait_until(lambda: pad.logic.led_colour(pl.ticks_add(pad.logic.led_since, 1)) == (0, 255, 0), what="pad LED green")
    with pytest.raises(ValueError):
        hub.set(0, LedState("mauve", "steady"))
    hub.close()
    pad.wait_for("LED", ("off", "0", "0", "0"))


def test_unplug_and_replug_resend_the_led_state(bench, make_hub):
    hub, events = make_hub({"PADA": 0})
    pad = bench.plug("PADA")
    next_event(events, presence(0, True))
    hub.set(0, LED_LOCKED)
    assert pad.wait_for("LED").args[0] in ("off", "steady")
    bench.unplug(pad)
    gone = next_event(events, presence(0, False))
    assert "unplugged" in gone.detail
    hub.set(0, LED_WAITING)  # changes while the pad is away are kept
    again = bench.plug("PADA")  # a new pty: another port name, same board id
    next_event(events, presence(0, True))
    again.wait_for("LED", ("blink", "255", "255", "255"))
    again.press("2")
    assert next_event(events, keyed("2")) == KeyEvent(0, "2", source="pad:PADA")


def test_a_silent_pad_is_declared_gone_and_found_again(bench, make_hub):
    _hub, events = make_hub({"PADA": 0}, timeout_s=1.0)
    pad = bench.plug("PADA")
    next_event(events, presence(0, True))
    pad.mute = True  # hung firmware: the port stays, the answers stop
    assert "silent" in next_event(events, presence(0, False)).detail
    pad.mute = False
    next_event(events, presence(0, True))
    pad.press("8")
    assert next_event(events, keyed("8")).seat == 0


def test_megabyte_of_random_bytes_no_crash_no_spurious_key(bench, make_hub):
    hub, events = make_hub({"PADA": 0}, timeout_s=60.0)
    pad = bench.plug("PADA")
    next_event(events, presence(0, True))
    pad.write(random.Random(3).randbytes(1 << 20) + b"\n")
    pad.press("#")
    seen = []
    next_event(events, lambda e: seen.append(e) or keyed("#")(e), timeout=30)
    assert keys_in(seen) == [KeyEvent(0, "#", source="pad:PADA")]
    assert sum(hub.stats()["dropped"].values()) > 100
    pad.press("1")  # still alive
    assert next_event(events, keyed("1")).seat == 0


def test_truncated_and_overlong_frames_are_dropped_and_counted(bench, make_hub):
    hub, events = make_hub({"PADA": 0})
    pad = bench.plug("PADA")
    next_event(events, presence(0, True))
    frame = pad.logic.key("3").encode()
    pad.write(frame[:-4] + b"\n")  # cut by a reset
    pad.write(b"9" * 500 + frame)  # no newline for too long: the frame goes with it
    pad.write(b">>> \r\nTraceback (most recent call last):\r\n")
    pad.write(pad.logic.key("4").encode()[:-1] + b"\r\n")  # CRLF is fine
    seen = []
    next_event(events, lambda e: seen.append(e) or keyed("4")(e))
    assert keys_in(seen) == [KeyEvent(0, "4", source="pad:PADA")]
    dropped = hub.stats()["dropped"]
    assert dropped[protocol.TRUNCATED] >= 1 and dropped[protocol.OVERLONG] == 1
    assert dropped[protocol.REPL_NOISE] == 2


def test_a_flood_of_a_thousand_frames_per_second_is_capped_and_the_pad_named(bench, make_hub):
    """Valid frames far faster than anyone presses: the keys over the pad's rate are dropped,
    the pad is named once (PadTrouble "flooding"), and it works again once it calms down."""
    from companion.hw import pads as pads_module

    hub, events = make_hub({"PADA": 0}, timeout_s=60.0)
    pad = bench.plug("PADA")
    next_event(events, presence(0, True))
    rnd = random.Random(5)
    sent = [rnd.choice(pl.KEYS) for _ in range(2000)]
    started = time.monotonic()
    for i in range(0, len(sent), 50):  # 50 frames every 50 ms: 1,000 per second
        pad.write("".join(pad.logic.key(k) for k in sent[i : i + 50]).encode())
        time.sleep(0.05)
    wait_until(
        lambda: hub.stats().get("flood_dropped", 0) + len(keys_in(list(events.queue))) >= len(sent),
        what="every frame handled",
    )
    seconds = time.monotonic() - started
    seen = drain(events)
    passed = keys_in(seen)
    assert 0 < len(passed) <= pads_module.KEY_BURST + pads_module.KEY_RATE * (seconds + 0.5)
    assert [(e.pad, e.kind) for e in seen if isinstance(e, PadTrouble)] == [("PADA", "flooding")]
    assert hub.stats()["dropped"] == {}  # every frame was valid: none is counted as damaged
    time.sleep(pads_module.FLOOD_QUIET_S + 0.2)
    pad.press("4")
    fine = next_event(events, lambda e: isinstance(e, PadTrouble))
    assert (fine.pad, fine.kind) == ("PADA", "")
    assert next_event(events, keyed("4")) == KeyEvent(0, "4", source="pad:PADA")


def plug_a_clone(bench, make_hub):
    """A pad with board id SAME at seat 0, then a second pad claiming the same id: the hub reports
    the duplicate. Returns the hub, its events, the good pad and the clone."""
    hub, events = make_hub({"SAME": 0})
    first = bench.plug("SAME")
    next_event(events, presence(0, True))
    clone = bench.plug("SAME")
    trouble = next_event(events, lambda e: isinstance(e, PadTrouble))
    assert (trouble.pad, trouble.kind) == ("SAME", "duplicate_id")
    return hub, events, first, clone


def test_a_pad_claiming_a_connected_board_id_is_refused(bench, make_hub):
    hub, events, first, clone = plug_a_clone(bench, make_hub)
    wait_until(lambda: any(i.state == REFUSED for i in hub.pads()), what="clone refused")
    (problem,) = hub.problems()
    assert "SAME" in problem and clone.port in problem and first.port in problem
    clone.press("3")
    wait_until(lambda: hub.stats().get("ignored_keys", 0) >= 1, what="clone key ignored")
    first.press("4")
    seen = []
    next_event(events, lambda e: seen.append(e) or keyed("4")(e))
    assert keys_in(seen) == [KeyEvent(0, "4", source="pad:SAME")]
    # once the first one is gone, the other may take the seat (it answers the next ID?)
    bench.unplug(first)
    next_event(events, presence(0, False))
    seen = []
    next_event(events, lambda e: seen.append(e) or presence(0, True)(e))
    assert PadTrouble("SAME", "") in seen  # the screen forgets it
    clone.press("6")
    assert next_event(events, keyed("6")) == KeyEvent(0, "6", source="pad:SAME")
    assert hub.problems() == []


def test_firmware_version_mismatch_is_reported_and_its_keys_ignored(bench, make_hub):
    hub, events = make_hub({"OLD1": 0})
    pad = bench.plug("OLD1", OldFirmware)
    trouble = next_event(events, lambda e: isinstance(e, PadTrouble))
    assert (trouble.pad, trouble.kind) == ("OLD1", "old_firmware")  # the OLED says what to do
    p = next_event(events, presence(0, False))
    assert "update the pad firmware" in p.detail
    (problem,) = hub.problems()
    assert "OLD1" in problem and "protocol 0" in problem
    pad.press("5")
    wait_until(lambda: hub.stats().get("ignored_keys", 0) >= 1, what="key ignored")
    assert keys_in(drain(events)) == []
    assert hub.pads()[0].state == "incompatible" and hub.pads()[0].seat is None


def test_loop_url_port_host_echo_is_not_taken_for_a_pad(make_hub):
    transports = []

    def factory(port, **kw):
        assert kw["exclusive"] is True
        t = serial.serial_for_url(port, **kw)
        transports.append(t)
        return t

    events = queue.Queue()
    hub = PadHub(
        events,
        {},
        transport_factory=factory,
        port_lister=lambda: ["loop://"],
        heartbeat_s=0.1,
        timeout_s=0.6,
        scan_s=0.05,
        backoff_s=(0.05, 0.2),
    ).start()
    try:
        wait_until(lambda: transports, what="loop port opened")
        pad = pl.PadLogic("LOOP")  # speak as the pad, straight into the loop
        transports[0].write((pad.hello() + pad.key("9")).encode())
        assert next_event(events, keyed("9")) == RawPadKey("LOOP", "9")
        # the hub's own PINGs come back; they are not PONGs, so the "pad" goes silent...
        wait_until(lambda: len(transports) >= 2, what="reopened after silence")
        assert hub.stats()["dropped"][protocol.UNKNOWN_VERB] >= 1
    finally:
        hub.close()


def test_failed_opens_back_off_exponentially():
    calls = []

    def factory(port, **kw):
        calls.append(kw)
        raise serial.SerialException("[Errno 16] could not exclusively lock port")

    hub = PadHub(queue.Queue(), {}, transport_factory=factory, port_lister=lambda: ["/dev/x"], backoff_s=(0.2, 1.0))
    for now, attempts in (
        (0.0, 1),
        (0.1, 1),
        (0.25, 2),
        (0.5, 2),
        (0.7, 3),
        (1.4, 3),
        (1.6, 4),
        (2.5, 4),
        (2.7, 5),
        (3.6, 5),
        (3.8, 6),
    ):
        hub._scan(now)
        assert len(calls) == attempts, now
    assert calls[0]["exclusive"] is True
    hub.close()


# ---- Pairing -------------------------------------------------------------------------------


def test_pairing_in_seat_order_with_repeats_and_undo():
    p = Pairing(3)
    assert p.press("A1") == 0 and p.press("A1") == 0  # pressing twice keeps the seat
    assert p.press("B2") == 1 and p.next_seat == 2
    assert p.undo() == "B2" and p.press("C3") == 1
    assert p.press("B2") == 2 and p.done and p.press("D4") is None
    assert p.mapping == {"A1": 0, "C3": 1, "B2": 2}
    assert Pairing.from_json(p.to_json()).mapping == p.mapping
    with pytest.raises(ValueError):
        Pairing(1).press("bad id")


@pytest.mark.parametrize(
    "text",
    [
        "",
        "{}",
        '{"version": 2, "seats": 2, "pads": []}',
        '{"version": 1, "seats": 1, "pads": ["A", "B"]}',
        '{"version": 1, "seats": 2, "pads": ["A", "A"]}',
        '{"version": 1, "seats": 2, "pads": [3]}',
    ],
)
def test_pairing_file_errors(text):
    with pytest.raises(ValueError):
        Pairing.from_json(text)


def test_led_off_constant_is_off():
    assert protocol.led_args(LED_OFF) == ("off", 0, 0, 0)


def test_a_refused_pad_unplugged_takes_its_notice_and_the_good_pad_saying_hello_keeps_it(bench, make_hub):
    """The duplicate-id notice stays while the clone is plugged in, even when the good pad with
    that id says HELLO again (it used to flicker away), and goes when the clone is unplugged."""
    hub, events, first, clone = plug_a_clone(bench, make_hub)
    first.write(first.logic.hello().encode())  # the good pad rebooted: HELLO again
    first.press("4")
    seen = []
    next_event(events, lambda e: seen.append(e) or keyed("4")(e))
    assert [e for e in seen if isinstance(e, PadTrouble)] == []
    assert any(i.state == REFUSED for i in hub.pads())
    bench.unplug(clone)
    assert next_event(events, lambda e: isinstance(e, PadTrouble)) == PadTrouble("SAME", "")
    wait_until(lambda: len(hub.pads()) == 1, what="clone gone")
    assert hub.problems() == []


def test_an_incompatible_pad_unplugged_takes_its_notice(bench, make_hub):
    _hub, events = make_hub({"OLD1": 0})
    pad = bench.plug("OLD1", OldFirmware)
    trouble = next_event(events, lambda e: isinstance(e, PadTrouble))
    assert (trouble.pad, trouble.kind) == ("OLD1", "old_firmware")
    bench.unplug(pad)
    assert next_event(events, lambda e: isinstance(e, PadTrouble)) == PadTrouble("OLD1", "")
