# Runs screen scenarios under MicroPython: padlogic decides the rows, padscreen draws them through
# the ssd1306 stand-in onto the recording I2C bus. Usage: micropython screens.py IN.json OUT.json
#
# IN: [{"name", "size": [w, h], "steps": [["host", frame] | ["key", k] | ["wait", ms]]}]
# OUT: {name: {"lines", "replies", "image" (hex of the last buffer sent), "writes"}}

import json
import sys

import machine
import padlogic
import padscreen

BOARD_ID = "E6614C311B7A7A37"


def run(case):
    machine.scenario["i2c_devices"] = case.get("devices", [0x3C])
    machine.state["i2c_writes"] = []
    size = tuple(case["size"])
    screen = padscreen.open_display(machine, size)
    logic = padlogic.PadLogic(BOARD_ID, screen=screen.size if screen else None)
    now = 0
    replies = []
    if screen is not None:
        screen.draw(logic.screen_lines(now))  # as main.py's first loop turn does
    for step in case["steps"]:
        if step[0] == "host":
            replies.extend(logic.feed(step[1].encode(), now))
        elif step[0] == "key":
            replies.append(logic.key(step[1]))
        elif step[0] == "wait":
            now = padlogic.ticks_add(now, step[1])
        if screen is not None:
            screen.draw(logic.screen_lines(now))
    data = [w for a, w in machine.state["i2c_writes"] if w.startswith("40")]
    return {
        "lines": logic.screen_lines(now),
        "replies": replies,
        "image": data[-1][2:] if data else None,
        "writes": len(machine.state["i2c_writes"]),
        "hello": logic.hello(),
    }


def main():
    with open(sys.argv[1]) as f:
        cases = json.load(f)
    out = {}
    for case in cases:
        out[case["name"]] = run(case)
    with open(sys.argv[2], "w") as f:
        json.dump(out, f)


main()
