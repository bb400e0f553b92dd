"""The pad screen under the real MicroPython interpreter: golden images of what the pad shows.

padlogic decides the rows, padscreen draws them with framebuf through the ssd1306 stand-in onto
a recording I2C bus; the image is rebuilt here from the bytes that crossed the bus. Frames are
made with the box's own encoder (companion.hw.protocol), so the box's rules are what is tested.
Refresh after a deliberate change: COMPANION_UPDATE_GOLDEN=1 python3 -m pytest tests/firmware
"""

import json
import os
import pathlib

import pytest
from PIL import Image, ImageChops

from companion.hw import protocol

from . import MP_STANDINS, load_padlogic, run_micropython

pl = load_padlogic()
GOLDEN = pathlib.Path(__file__).parent / "golden"
UPDATE = os.environ.get("COMPANION_UPDATE_GOLDEN") == "1"
BOARD_ID = "E6614C311B7A7A37"


def frame(seq, verb, *args):
    return ["host", protocol.encode_frame(seq, verb, *args).decode("ascii")]


def text(seq, row, line):
    return frame(seq, "TEXT", row, *pl.text_tokens(line))


def entry(seq, mode, width, help_text=""):
    return frame(seq, "ENTRY", mode, width, *pl.text_tokens(help_text))


def hint(seq, code, label):
    return frame(seq, "HINT", code, *pl.text_tokens(label))


def keys(typed):
    return [["key", k] for k in typed]


SECRET_CS = [
    text(1, 0, "Kolo 2: postavy"),
    text(2, 1, "Zvol tajně"),
    entry(3, "type", 2, "# = zamknout"),
    hint(4, "03", "Lovec (3)"),
    hint(5, "05", "Kněz (5)"),
]
VIEW_64 = [
    text(1, 0, "Vaaalbara kolo 4"),
    text(2, 1, "Tvůj součet: 37"),
    text(3, 2, "Karta VB: Řeka"),
    text(4, 4, "Kolik kamenů?"),
    entry(5, "type", 3, "# = potvrdit"),
]
SECRET_EN = [
    text(1, 0, "Round 2: roles"),
    text(2, 1, "Pick in secret"),
    entry(3, "type", 2, "# = lock"),
    hint(4, "03", "Hunter (3)"),
    hint(5, "05", "Priest (5)"),
]

CASES = {
    "boot_id_128x32": ((128, 32), []),
    "secret_typing_128x32": ((128, 32), SECRET_CS + keys("3")),
    "secret_locked_128x32": ((128, 32), SECRET_CS + keys("3#")),
    "secret_retyping_128x32": ((128, 32), SECRET_CS + keys("3#0")),
    "secret_mistyped_128x32": ((128, 32), SECRET_CS + keys("9#")),
    "secret_typing_en_128x64": ((128, 64), SECRET_EN + keys("5")),
    "private_view_128x64": ((128, 64), VIEW_64 + keys("125")),
    "number_locked_128x64": ((128, 64), VIEW_64 + keys("125#")),
    "echo_v1_box_128x32": ((128, 32), [frame(1, "LED", "steady", 0, 255, 0)] + keys("12345678*#")),
    "box_silent_128x32": ((128, 32), SECRET_CS + keys("3#") + [["wait", 10500]]),
    "czech_letters_128x64": (
        (128, 64),
        [
            text(1, 0, "áčďéěíňóřšťúůýž"),
            text(2, 1, "ÁČĎÉĚÍŇÓŘŠŤÚŮÝŽ"),
            text(3, 2, "Příliš žluťoučký"),
            text(4, 3, "kůň úpěl ódy."),
            text(5, 4, "ÓDY NA ŘEKU 0-9"),
            text(6, 5, "€ ß ä → ? Jsi"),
        ],
    ),
}


@pytest.fixture(scope="module")
def shown(tmp_path_factory):
    """Every case run once in one MicroPython process: name -> result."""
    tmp = tmp_path_factory.mktemp("screens")
    cases = [{"name": name, "size": list(size), "steps": steps} for name, (size, steps) in CASES.items()]
    (tmp / "in.json").write_text(json.dumps(cases))
    done = run_micropython(MP_STANDINS / "screens.py", tmp / "in.json", tmp / "out.json", cwd=tmp)
    assert done.returncode == 0, done.stderr.decode()
    return json.loads((tmp / "out.json").read_text())


def image(hexdata, size):
    """SSD1306 pages (MONO_VLSB: one byte = 8 pixels down a column) -> a 1-bit PIL image."""
    data = bytes.fromhex(hexdata)
    w, h = size
    assert len(data) == w * h // 8
    img = Image.new("1", size, 0)
    px = img.load()
    for page in range(h // 8):
        for x in range(w):
            byte = data[page * w + x]
            for bit in range(8):
                if byte >> bit & 1:
                    px[x, page * 8 + bit] = 1
    return img


@pytest.mark.parametrize("name", sorted(CASES))
def test_golden_pad_screens(shown, name):
    img = image(shown[name]["image"], CASES[name][0])
    path = GOLDEN / f"{name}.png"
    if UPDATE:
        path.parent.mkdir(exist_ok=True)
        img.save(path)
    if not path.exists():
        pytest.fail(f"no golden image {path.name}; run with COMPANION_UPDATE_GOLDEN=1")
    with Image.open(path) as golden:
        assert golden.size == img.size
        diff = ImageChops.difference(golden.convert("L"), img.convert("L"))
        assert diff.getbbox() is None, f"{name} differs from {path.name} in {diff.getbbox()}"


def test_rows_behind_the_images(shown):
    """What each golden image says, in words (so a wrong golden cannot hide behind pixels)."""
    lock, wrong = pl.ICON_LOCK, pl.ICON_WRONG
    assert shown["boot_id_128x32"]["lines"] == [BOARD_ID, "", "", ""]
    assert shown["secret_typing_128x32"]["lines"] == ["Kolo 2: postavy", "Zvol tajně", "3 Lovec (3)?", "# = zamknout"]
    assert shown["secret_locked_128x32"]["lines"][2:] == ["", lock + " Lovec (3)"]
    assert shown["secret_retyping_128x32"]["lines"][2:] == ["0_", "# = zamknout"]
    assert shown["secret_mistyped_128x32"]["lines"][3] == wrong + " 9"
    assert shown["secret_typing_en_128x64"]["lines"][6:] == ["5 Priest (5)?", "# = lock"]
    assert shown["private_view_128x64"]["lines"] == [
        "Vaaalbara kolo 4",
        "Tvůj součet: 37",
        "Karta VB: Řeka",
        "",
        "Kolik kamenů?",
        "",
        "125",
        "# = potvrdit",
    ]
    assert shown["number_locked_128x64"]["lines"][7] == lock + " 125"
    assert shown["echo_v1_box_128x32"]["lines"] == [BOARD_ID, "", "", "12345678*#"]
    assert shown["box_silent_128x32"]["lines"] == [BOARD_ID, "", "", lock + " Lovec (3)"]
    assert shown["czech_letters_128x64"]["lines"][5] == "€ ß ä → ? Jsi"


def test_every_screen_frame_is_acknowledged(shown):
    for name, (_, steps) in CASES.items():
        sent = [s for s in steps if s[0] == "host"]
        acks = [r for r in shown[name]["replies"] if " ACK " in r]
        assert len(acks) == len(sent), name


def test_hello_announces_the_screen(shown):
    for name, (size, _) in CASES.items():
        hello = protocol.FrameDecoder(protocol.PAD_TO_HOST).feed(shown[name]["hello"].encode())[0]
        assert protocol.parse_hello(hello).extra["screen"] == "{}x{}".format(*size)


def test_unchanged_screen_is_not_resent(shown):
    # boot: "display on", the driver's clear, then the id once
    assert shown["boot_id_128x32"]["writes"] == 3
    # 5 frames and 2 keys, each followed by draw(): the two TEXT frames and the two keys change
    # the screen; ENTRY and HINT change nothing visible until a key is typed, so are not sent
    assert shown["secret_locked_128x32"]["writes"] == 3 + 2 + 2
