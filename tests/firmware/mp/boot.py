# Boots main.py under MicroPython on the stand-in machine (see machine.py): the run ends when the
# watchdog stand-in has been fed the scenario's number of times.
import main  # noqa: F401  (main.py runs the pad at import, as on the Pico)
