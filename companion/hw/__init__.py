"""Hardware layer: real (gpiozero, luma.oled, pyserial) or emulated; it only produces events
and shows frames and LED states. No game or rules knowledge lives here."""
