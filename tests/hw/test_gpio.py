"""Host buttons, seat buttons and seat LEDs on gpiozero's mock pins."""

from __future__ import annotations

import queue
import threading

import pytest
from gpiozero import Button
from gpiozero.exc import GPIOPinInUse

from companion.hw.gpio import Debouncer, GpioLeds, HostButtons, SeatButtons
from companion.surface.events import KeyEvent
from companion.surface.frame import LED_LOCKED, LED_OFF, LED_TURN, LED_WAITING, LedState


class FakeClock:
    def __init__(self, t: float = 100.0):
        self.t = t

    def __call__(self) -> float:
        return self.t


def drain(q: queue.Queue) -> list:
    out = []
    while True:
        try:
            out.append(q.get_nowait())
        except queue.Empty:
            return out


# --- Debouncer (pure) -------------------------------------------------------------------------


def test_debouncer_drops_a_second_press_inside_the_window():
    clock = FakeClock()
    d = Debouncer(0.030, clock)
    assert d.press("ok")
    clock.t += 0.010
    assert not d.press("ok")
    clock.t += 0.030
    assert d.press("ok")


def test_debouncer_window_runs_from_the_last_edge():
    clock = FakeClock()
    d = Debouncer(0.030, clock)
    assert d.press("ok")
    for _ in range(5):  # a bounce train longer than the window is still one press
        clock.t += 0.020
        assert not d.press("ok")
    clock.t += 1.0
    d.release("ok")
    clock.t += 0.002  # release chatter after a long hold
    assert not d.press("ok")


def test_debouncer_buttons_are_independent():
    clock = FakeClock()
    d = Debouncer(0.030, clock)
    assert d.press("up")
    assert d.press("down")
    assert d.press((1, "#")) and d.press((2, "#"))


# --- buttons ----------------------------------------------------------------------------------

HOST_PINS = {"up": 5, "down": 6, "ok": 13, "back": 19}


def test_host_button_press_puts_a_key_event(mock_factory):
    events: queue.Queue = queue.Queue()
    clock = FakeClock()
    with HostButtons(HOST_PINS, events, clock=clock):
        for pin in HOST_PINS.values():
            mock_factory.pin(pin).drive_low()
            mock_factory.pin(pin).drive_high()
            clock.t += 1
        assert drain(events) == [KeyEvent(None, name, "gpio") for name in HOST_PINS]


def test_a_bounce_inside_the_debounce_time_is_dropped(mock_factory):
    events: queue.Queue = queue.Queue()
    clock = FakeClock()
    pin = mock_factory.pin(13)
    with HostButtons({"ok": 13}, events, debounce_ms=30, clock=clock):
        pin.drive_low()
        clock.t += 0.004
        pin.drive_high()
        clock.t += 0.004
        pin.drive_low()  # contact bounce
        assert drain(events) == [KeyEvent(None, "ok", "gpio")]
        clock.t += 0.5
        pin.drive_high()
        clock.t += 0.5
        pin.drive_low()  # a real second press
        assert drain(events) == [KeyEvent(None, "ok", "gpio")]


def test_callbacks_do_nothing_but_queue(mock_factory):
    """The press callback runs on gpiozero's thread; the queue is its only side effect."""
    events: queue.Queue = queue.Queue()
    with HostButtons({"up": 5}, events, clock=FakeClock()):
        worker = threading.Thread(target=mock_factory.pin(5).drive_low)
        worker.start()
        worker.join()
        assert events.get_nowait() == KeyEvent(None, "up", "gpio")


def test_seat_buttons_are_yes_and_no_keys(mock_factory):
    events: queue.Queue = queue.Queue()
    clock = FakeClock()
    seats = {1: {"yes": 20, "no": 21}, 2: {"yes": 22, "no": 23}}
    with SeatButtons(seats, events, clock=clock):
        for pin in (20, 23, 21, 22):
            mock_factory.pin(pin).drive_low()
            clock.t += 1
        assert drain(events) == [
            KeyEvent(1, "#", "gpio"),
            KeyEvent(2, "*", "gpio"),
            KeyEvent(1, "*", "gpio"),
            KeyEvent(2, "#", "gpio"),
        ]


def test_button_close_releases_pins(mock_factory):
    events: queue.Queue = queue.Queue()
    buttons = HostButtons(HOST_PINS, events)
    buttons.close()
    buttons.close()
    again = HostButtons(HOST_PINS, events)  # would raise GPIOPinInUse if a pin leaked
    again.close()
    Button(13).close()


def test_bad_names_and_a_busy_pin_leave_nothing_reserved(mock_factory):
    events: queue.Queue = queue.Queue()
    with pytest.raises(ValueError, match="select"):
        HostButtons({"select": 5}, events)
    with pytest.raises(ValueError, match="maybe"):
        SeatButtons({1: {"maybe": 5}}, events)
    busy = Button(19)
    with pytest.raises(GPIOPinInUse):
        HostButtons(HOST_PINS, events)  # "back" collides after up/down/ok were built
    busy.close()
    HostButtons(HOST_PINS, events).close()


# --- LEDs -------------------------------------------------------------------------------------


def wait_for_blinking(pin, timeout: float = 5.0) -> None:
    """Wait (this asserts no timing) until the pin has gone on and off a few times."""
    done = threading.Event()
    deadline = threading.Timer(timeout, done.set)
    deadline.start()
    try:
        while not done.is_set():
            levels = [s.state for s in pin.states]
            if levels.count(1) >= 3 and levels.count(0) >= 3:
                return
            done.wait(0.005)
        raise AssertionError(f"pin never blinked: {pin.states}")
    finally:
        deadline.cancel()


def test_single_colour_led_steady_blink_off(mock_factory):
    pin = mock_factory.pin(17)
    with GpioLeds({1: 17}, blink_s=(0.002, 0.002)) as leds:
        assert pin.state == 0
        leds.set(1, LED_LOCKED)
        assert pin.state == 1
        leds.set(1, LED_WAITING)
        pin.clear_states()
        wait_for_blinking(pin)
        leds.set(1, LED_TURN)  # any colour lights a one-colour LED, and stops the blinking
        pin.clear_states()
        assert pin.state == 1
        leds.set(1, LED_OFF)
        assert pin.state == 0
        leds.set(1, LedState("red", "off"))
        leds.set(1, LedState("off", "steady"))
        assert pin.state == 0


def test_unchanged_state_touches_no_pin(mock_factory):
    pin = mock_factory.pin(17)
    with GpioLeds({1: 17}) as leds:
        leds.set(1, LED_LOCKED)
        before = len(pin.states)
        leds.set(1, LedState("green", "steady"))
        leds.set(1, LED_LOCKED)
        assert len(pin.states) == before


def rgb(pins) -> tuple[float, float, float]:
    return tuple(round(p.state, 3) for p in pins)


def test_rgb_led_colours(mock_factory):
    pins = [mock_factory.pin(n) for n in (12, 13, 19)]
    with GpioLeds({2: {"red": 12, "green": 13, "blue": 19}}, blink_s=(0.002, 0.002)) as leds:
        leds.set(2, LED_TURN)
        assert rgb(pins) == (0, 0, 1)
        leds.set(2, LedState("yellow", "steady"))
        assert rgb(pins) == (1, round(180 / 255, 3), 0)
        leds.set(2, LED_WAITING)
        pins[0].clear_states()
        wait_for_blinking(pins[0])
        leds.set(2, LED_OFF)
        assert rgb(pins) == (0, 0, 0)


def test_all_off_and_unknown_seats(mock_factory):
    single, red = mock_factory.pin(17), mock_factory.pin(12)
    with GpioLeds({1: 17, 2: {"red": 12, "green": 13, "blue": 19}}) as leds:
        leds.set(1, LED_LOCKED)
        leds.set(2, LedState("red", "steady"))
        leds.set(3, LED_LOCKED)  # no GPIO LED for seat 3 (it has a pad): ignored
        leds.all_off()
        assert single.state == 0 and red.state == 0


def test_bad_colour_or_mode_is_an_error(mock_factory):
    with GpioLeds({1: 17, 2: {"red": 12, "green": 13, "blue": 19}}) as leds:
        for seat in (1, 2):
            with pytest.raises(ValueError, match="colour"):
                leds.set(seat, LedState("magenta", "steady"))
            with pytest.raises(ValueError, match="mode"):
                leds.set(seat, LedState("red", "pulse"))


def test_led_close_switches_off_and_releases_pins(mock_factory):
    spec = {1: 17, 2: {"red": 12, "green": 13, "blue": 19}}
    leds = GpioLeds(spec, blink_s=(0.002, 0.002))
    leds.set(1, LED_WAITING)
    leds.set(2, LED_TURN)
    leds.close()
    leds.close()
    leds.set(1, LED_LOCKED)  # after close: a no-op, not an error
    again = GpioLeds(spec)  # would raise GPIOPinInUse if a pin leaked
    again.set(1, LED_LOCKED)
    assert mock_factory.pin(17).state == 1
    again.close()


# --- back held: the in-game menu --------------------------------------------------------------


def test_back_held_for_a_second_sends_menu_and_a_short_press_sends_back(mock_factory):
    import time

    events = queue.Queue()
    buttons = HostButtons({"back": 19, "ok": 13}, events, debounce_ms=0, hold_s=0.05)
    try:
        pin = mock_factory.pin(19)
        pin.drive_low()
        assert drain(events) == []  # nothing yet: back speaks on release
        pin.drive_high()
        assert drain(events) == [KeyEvent(None, "back", "gpio")]
        pin.drive_low()
        deadline = time.monotonic() + 5
        while events.empty() and time.monotonic() < deadline:
            time.sleep(0.01)
        assert drain(events) == [KeyEvent(None, "menu", "gpio")]  # held: the menu, at once
        pin.drive_high()
        assert drain(events) == []  # and nothing more when let go
        mock_factory.pin(13).drive_low()
        assert drain(events) == [KeyEvent(None, "ok", "gpio")]  # other buttons speak on press
    finally:
        buttons.close()


def test_host_buttons_start_no_thread_that_wakes_while_idle(mock_factory):
    """gpiozero's Button keeps a hold thread per button polling ten times a second; the host
    buttons are plain input devices, and the hold timer runs only while back is down."""
    before = set(threading.enumerate())
    events = queue.Queue()
    buttons = HostButtons({"up": 5, "down": 6, "ok": 13, "back": 19}, events, debounce_ms=0)
    try:
        assert set(threading.enumerate()) - before == set()
        mock_factory.pin(19).drive_low()
        assert len(set(threading.enumerate()) - before) == 1  # the hold timer, while back is down
        mock_factory.pin(19).drive_high()
        assert drain(events) == [KeyEvent(None, "back", "gpio")]
    finally:
        buttons.close()
