# Calls padlogic functions under MicroPython for the differential test: the same calls are made
# under CPython by the test, and the answers must be equal. Usage: micropython differential.py
# IN.json OUT.json, IN a list of [function, argument...] with bytes given as hex. The test imports
# call() and makes the same calls under CPython, so both sides dispatch alike.
import json
import sys

import padlogic


def call(name, args):
    if name == "decode":
        got = padlogic.decode(bytes.fromhex(args[0]))
        return None if got is None else [got[0], got[1], got[2]]
    if name == "crc16":
        return padlogic.crc16(bytes.fromhex(args[0]))
    if name == "text_tokens":
        return padlogic.text_tokens(args[0])
    if name == "text_from":
        return padlogic.text_from(args[0])
    if name == "screen":  # size, host lines (hex), keys -> rows shown and replies
        logic = padlogic.PadLogic("AB12", screen=tuple(args[0]))
        replies = []
        for line in args[1]:
            replies.extend(logic.feed(bytes.fromhex(line), 0))
        for k in args[2]:
            logic.key(k)
        return [logic.screen_lines(0), replies, logic.bad_frames]
    raise ValueError(name)


if __name__ == "__main__":  # imported by the test, call() answers the same calls under CPython
    with open(sys.argv[1]) as f:
        calls = json.load(f)
    with open(sys.argv[2], "w") as f:
        json.dump([call(c[0], c[1:]) for c in calls], f)
