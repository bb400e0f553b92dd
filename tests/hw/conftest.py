"""Fixtures for the hardware layer: gpiozero mock pins, no real GPIO or I2C needed."""

from __future__ import annotations

import pytest
from gpiozero import Device
from gpiozero.pins.mock import MockFactory, MockPWMPin


@pytest.fixture
def mock_factory():
    """A fresh mock pin factory per test (PWM-capable, for RGB LEDs), reset afterwards so a
    leaked device cannot keep a pin reserved for the next test."""
    saved = Device.pin_factory
    Device.pin_factory = MockFactory(pin_class=MockPWMPin)
    try:
        yield Device.pin_factory
    finally:
        Device.pin_factory.reset()
        Device.pin_factory = saved
