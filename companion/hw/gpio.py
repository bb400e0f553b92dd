"""Host buttons, seat yes/no buttons and seat LEDs on the Pi's GPIO header, through gpiozero.

Callbacks only put KeyEvents on the queue: gpiozero runs them on its own thread (on lgpio, one
thread for every pin), and the main loop is the only owner of the game state.

Debouncing lives here, not in gpiozero's ``bounce_time``: that parameter means something
different on each backend (a stable-time filter that delays every press on lgpio, an edge
lockout on RPi.GPIO, nothing at all on mock pins), so it stays None and ``Debouncer`` does the
one thing the table needs, testably.
"""

from __future__ import annotations

import queue
import threading
import time
from collections.abc import Callable, Hashable, Mapping, Sequence

from gpiozero import LED, RGBLED, DigitalInputDevice

from ..surface.events import HOST_KEYS, PAD_KEYS, KeyEvent
from ..surface.frame import LED_OFF, LedState
from .base import COLOURS

Clock = Callable[[], float]

SEAT_KEYS = {"yes": "#", "no": "*"}  # the pad's confirm and no/back keys
HOST_BUTTONS = ("up", "down", "ok", "back")
HOLD_S = 1.0  # back held this long opens the in-game menu
HELD_KEYS = {"back": "menu"}  # host button -> the key it sends when held
RGB_NAMES = ("red", "green", "blue")
LED_MODES = ("off", "steady", "blink")


class Debouncer:
    """Drops a press that comes within ``window_s`` of the same button's previous edge.

    The window counts from the last edge of either kind, accepted or not: a bounce train longer
    than the window stays one press, and the chatter of a release after a long hold is not a
    new press. Different buttons never block each other.
    """

    def __init__(self, window_s: float, clock: Clock = time.monotonic):
        self.window_s = window_s
        self.clock = clock
        self._last: dict[Hashable, float] = {}
        self._lock = threading.Lock()  # some backends call back from more than one thread

    def press(self, button: Hashable) -> bool:
        """Record a press edge; True when it is a real press to report."""
        with self._lock:
            now = self.clock()
            last = self._last.get(button)
            self._last[button] = now
            return last is None or now - last >= self.window_s

    def release(self, button: Hashable) -> None:
        """Record a release edge (it only opens a new window)."""
        with self._lock:
            self._last[button] = self.clock()


class _ButtonGroup:
    """gpiozero Buttons that put one KeyEvent each on a queue, debounced.

    A button with a held key (``held``: key -> key sent when held) speaks on release instead:
    its own key after a short press, the held key once it was held ``hold_s`` (a one-shot
    timer started by the press). The buttons are plain ``DigitalInputDevice``s: gpiozero's
    ``Button`` keeps a hold thread per button that wakes up ten times a second even when
    nothing is held, which an idle box must not pay for."""

    def __init__(
        self,
        bindings: Sequence[tuple[int | str, int | None, str]],
        events: queue.Queue,
        pin_factory,
        debounce_ms: float,
        clock: Clock,
        pull_up: bool,
        held: Mapping[str, str] | None = None,
        hold_s: float = HOLD_S,
    ):
        self.events = events
        self.debouncer = Debouncer(debounce_ms / 1000.0, clock)
        self.buttons: list[DigitalInputDevice] = []
        self.held = dict(held or {})
        self.hold_s = hold_s
        self._down: dict[tuple[int | None, str], bool] = {}  # a real press is down: was it held?
        self._timers: dict[tuple[int | None, str], threading.Timer] = {}
        self._lock = threading.Lock()
        try:
            for pin, seat, key in bindings:
                button = DigitalInputDevice(pin, pull_up=pull_up, bounce_time=None, pin_factory=pin_factory)
                button.when_activated = self._on_press(seat, key)
                button.when_deactivated = self._on_release(seat, key)
                self.buttons.append(button)
        except Exception:
            self.close()  # do not leave the pins built so far reserved
            raise

    def _put(self, seat: int | None, key: str) -> None:
        if key in HOST_KEYS or key in PAD_KEYS:  # always (the bindings are ours): a key, for the type checker
            self.events.put(KeyEvent(seat=seat, key=key, source="gpio"))

    def _on_press(self, seat: int | None, key: str):
        def pressed() -> None:
            if not self.debouncer.press((seat, key)):
                return
            if key not in self.held:
                self._put(seat, key)
                return
            timer = threading.Timer(self.hold_s, self._on_held(seat, key))
            timer.daemon = True
            with self._lock:
                self._down[(seat, key)] = False
                self._timers[(seat, key)] = timer
            timer.start()

        return pressed

    def _on_held(self, seat: int | None, key: str):
        def held() -> None:
            with self._lock:
                if self._down.get((seat, key)) is not False:
                    return
                self._down[(seat, key)] = True
            self._put(seat, self.held[key])

        return held

    def _on_release(self, seat: int | None, key: str):
        def released() -> None:
            self.debouncer.release((seat, key))
            with self._lock:
                timer = self._timers.pop((seat, key), None)
                short = self._down.pop((seat, key), True) is False
            if timer is not None:
                timer.cancel()
            if short:  # let go before the hold time: the key itself
                self._put(seat, key)

        return released

    def close(self) -> None:
        """Release every pin; safe to call twice."""
        buttons, self.buttons = self.buttons, []
        for timer in list(getattr(self, "_timers", {}).values()):
            timer.cancel()
        for button in buttons:
            button.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc) -> None:
        self.close()


class HostButtons(_ButtonGroup):
    """The up/down/OK/back buttons on the box; events carry ``seat=None``.

    ``pins`` maps a name in HOST_BUTTONS to a BCM pin (or any pin spec gpiozero accepts).
    Buttons connect the pin to ground and use the internal pull-up unless ``pull_up=False``.
    Back speaks when it is let go: "back" after a short press, "menu" (the in-game menu) once
    it was held ``hold_s`` seconds.
    """

    def __init__(
        self,
        pins: Mapping[str, int | str],
        events: queue.Queue,
        pin_factory=None,
        debounce_ms: float = 30,
        clock: Clock = time.monotonic,
        pull_up: bool = True,
        hold_s: float = HOLD_S,
    ):
        unknown = sorted(set(pins) - set(HOST_BUTTONS))
        if unknown:
            raise ValueError(f"unknown host button(s) {unknown}; expected {list(HOST_BUTTONS)}")
        super().__init__(
            [(pin, None, name) for name, pin in pins.items()],
            events,
            pin_factory,
            debounce_ms,
            clock,
            pull_up,
            HELD_KEYS,
            hold_s,
        )


class SeatButtons(_ButtonGroup):
    """A yes/no button pair per seat, for groups without serial pads.

    ``seat_pins`` maps a seat to ``{"yes": pin, "no": pin}``; yes is the pad's ``#`` (confirm)
    and no its ``*`` (no/back), so the table treats both inputs the same.
    """

    def __init__(
        self,
        seat_pins: Mapping[int, Mapping[str, int | str]],
        events: queue.Queue,
        pin_factory=None,
        debounce_ms: float = 30,
        clock: Clock = time.monotonic,
        pull_up: bool = True,
    ):
        bindings = []
        for seat, pins in seat_pins.items():
            unknown = sorted(set(pins) - set(SEAT_KEYS))
            if unknown:
                raise ValueError(f"seat {seat}: unknown button(s) {unknown}; expected yes, no")
            bindings += [(pin, seat, SEAT_KEYS[name]) for name, pin in pins.items()]
        super().__init__(bindings, events, pin_factory, debounce_ms, clock, pull_up)


def _rgb(colour: str) -> tuple[float, float, float]:
    try:
        r, g, b = COLOURS[colour]
    except KeyError:
        raise ValueError(f"unknown LED colour {colour!r}; expected one of {sorted(COLOURS)}") from None
    return (r / 255, g / 255, b / 255)


class GpioLeds:
    """Leds protocol over host GPIO LEDs, one per seat.

    ``seat_pins`` maps a seat to a pin (a single-colour LED: lit for any colour) or to
    ``{"red": pin, "green": pin, "blue": pin}`` (an RGB LED, PWM-mixed). Blinking runs in
    gpiozero's background thread, so the main loop never has to wake up for it. Seats without
    an entry are ignored (their LED may be on a pad). ``active_high=False`` for LEDs wired to
    3V3 (common-anode RGB).
    """

    def __init__(
        self,
        seat_pins: Mapping[int, int | str | Mapping[str, int | str]],
        pin_factory=None,
        active_high: bool = True,
        blink_s: tuple[float, float] = (0.5, 0.5),
    ):
        self.blink_s = blink_s
        self.devices: dict[int, LED | RGBLED] = {}
        self.states: dict[int, LedState] = {}
        try:
            for seat, spec in seat_pins.items():
                if isinstance(spec, Mapping):
                    if set(spec) != set(RGB_NAMES):
                        raise ValueError(f"seat {seat}: an RGB LED needs red, green and blue pins")
                    self.devices[seat] = RGBLED(
                        *(spec[c] for c in RGB_NAMES), active_high=active_high, pin_factory=pin_factory
                    )
                else:
                    self.devices[seat] = LED(spec, active_high=active_high, pin_factory=pin_factory)
                self.states[seat] = LED_OFF
        except Exception:
            self.close()
            raise

    def set(self, seat: int, state: LedState) -> None:
        device = self.devices.get(seat)
        if device is None or self.states.get(seat) == state:
            return
        if state.mode not in LED_MODES:
            raise ValueError(f"unknown LED mode {state.mode!r}; expected one of {LED_MODES}")
        lit = state.mode != "off" and state.colour != "off"
        if isinstance(device, RGBLED):
            self._show_rgb(device, state, lit)
        else:
            self._show_single(device, state, lit)
        self.states[seat] = state

    def _show_rgb(self, device: RGBLED, state: LedState, lit: bool) -> None:
        colour = _rgb(state.colour)  # checked even when off, so a typo fails at once
        if not lit:
            device.off()
        elif state.mode == "blink":
            on_time, off_time = self.blink_s
            device.blink(on_time, off_time, on_color=colour, off_color=(0, 0, 0), background=True)
        else:
            device.color = colour

    def _show_single(self, device: LED, state: LedState, lit: bool) -> None:
        """A one-colour LED shows any colour as on."""
        if state.colour not in COLOURS:
            _rgb(state.colour)  # same error for a typo as on an RGB LED
        if not lit:
            device.off()
        elif state.mode == "blink":
            on_time, off_time = self.blink_s
            device.blink(on_time, off_time, background=True)
        else:
            device.on()

    def all_off(self) -> None:
        for seat in self.devices:
            self.set(seat, LED_OFF)

    def close(self) -> None:
        """Switch every LED off and release its pins; safe to call twice."""
        devices, self.devices = self.devices, {}
        for device in devices.values():
            device.close()
        self.states.clear()

    def __enter__(self):
        return self

    def __exit__(self, *exc) -> None:
        self.close()
